import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

/** A captcha lives 5 minutes and can be tried once. */
export const CAPTCHA_TTL_SECONDS = 300;
/**
 * Pending captchas of all clients together (memory bound). Reaching it never refuses anyone
 * (a refusal there was a sign-in kill switch): the clients holding the most pending
 * captchas lose their oldest ones until {@link EVICT_TO} of it is left.
 */
export const MAX_PENDING = 10_000;
/** Share of {@link MAX_PENDING} an eviction brings the store down to (one sort serves the next thousand issues). */
const EVICT_TO = 0.9;
const LOOK = { size: 4, noise: 3, ignoreChars: '0oO1ilI', color: true, width: 120, height: 40, fontSize: 48 };

// The package's own helpers, typed narrower than they are: its default export renders a given
// text, and randomText also takes options (size, ignoreChars).
const render = svgCaptcha as unknown as (text: string, options: typeof LOOK) => string;
const randomCode = svgCaptcha.randomText as unknown as (options: typeof LOOK) => string;

/**
 * The client an address stands for in captcha quotas and sign-in limits: an IPv4 address as is
 * (`::ffff:10.0.0.1` is `10.0.0.1`), an IPv6 address by its /64 (one subscriber's whole allocation;
 * counting single IPv6 addresses would give one attacker billions of quotas).
 */
export function clientKeyOf(ip: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * One-time captchas for the mock login (spec §7 /v1/captcha/token and /v1/captcha/image).
 * The image is a real rendered SVG of the code (noise lines, distorted glyphs); a code is
 * checked case-insensitively and the token is spent by the first attempt, right or wrong.
 * `bypassCode` (MOCK_CAPTCHA_CODE) is accepted for any live token so UI tests can sign in.
 */
export class CaptchaStore {
  // Only the code is kept (a few bytes); the image is drawn when asked for. Keeping the SVG
  // (tens of KB) would let anyone fill memory by asking for tokens.
  private pending = new Map<string, { code: string; expiresAt: number; client: string }>();
  /** Each client's pending tokens, oldest first. */
  private byClient = new Map<string, string[]>();
  constructor(
    private now: () => number,
    private bypassCode: string | null,
    /** Pending captchas one client (address) may hold; its oldest is replaced beyond that. */
    private perClient = 20,
    private maxPending = MAX_PENDING,
  ) {}

  /**
   * A new captcha for `client` (its address; {@link clientKeyOf} groups an IPv6 /64). A client
   * holding `perClient` pending captchas loses its own oldest, so a flood from one client only ever
   * voids that client's captchas. When all clients together hold `maxPending`, the biggest holders
   * lose their oldest (see {@link evictBiggest}): a client holding one or two keeps them unless
   * thousands of distinct addresses are flooding at once, and a new client always gets a captcha.
   */
  issue(client = ''): { captchaToken: string; expireIn: number } {
    const mine = (this.byClient.get(client) ?? []).filter((t) => this.pending.has(t));
    while (mine.length >= this.perClient) this.pending.delete(mine.shift()!);
    if (this.pending.size >= this.maxPending) {
      this.sweep();
      if (this.pending.size >= this.maxPending) this.evictBiggest(client, mine);
    }
    const captchaToken = randomBytes(18).toString('base64url');
    this.pending.set(captchaToken, { code: randomCode(LOOK), expiresAt: this.now() + CAPTCHA_TTL_SECONDS * 1000, client });
    mine.push(captchaToken);
    this.byClient.set(client, mine);
    return { captchaToken, expireIn: CAPTCHA_TTL_SECONDS };
  }

  /**
   * Brings the store down to {@link EVICT_TO} of `maxPending` by taking, one at a time, the oldest
   * captcha of whichever client holds the most (so the flooders pay, oldest first). `client`'s own
   * list is `mine` (not yet written back). Runs once per tenth of the cap, so its sort is amortized.
   */
  private evictBiggest(client: string, mine: string[]) {
    const lists = new Map(this.byClient);
    lists.set(client, mine);
    // Count buckets: clients by how many they hold, emptied from the top.
    const byCount: string[][] = [];
    for (const [c, tokens] of lists) (byCount[tokens.length] ??= []).push(c);
    let excess = this.pending.size - Math.floor(this.maxPending * EVICT_TO);
    for (let n = byCount.length - 1; n > 0 && excess > 0; n--) {
      const holders = byCount[n];
      if (!holders) continue;
      for (const c of holders) {
        if (excess <= 0) break;
        const tokens = lists.get(c)!;
        this.pending.delete(tokens.shift()!);
        excess--;
        // One fewer: it now competes with the holders of n - 1.
        if (tokens.length) (byCount[n - 1] ??= []).push(c);
        else if (c !== client) this.byClient.delete(c);
      }
    }
  }

  /** The SVG image of a live token's code (fresh noise each time), or null for an unknown or expired token. */
  image(token: string): string | null {
    const p = this.pending.get(token);
    if (!p || p.expiresAt <= this.now()) return null;
    return render(p.code, LOOK);
  }

  /** Pending captchas held now, all clients together (at most `maxPending`). */
  get size(): number {
    return this.pending.size;
  }

  /** The code behind a token (tests only). */
  peek(token: string): string | undefined {
    return this.pending.get(token)?.code;
  }

  /** Verifies and spends the token: a wrong or reused code is refused. */
  verify(token: string, code: string): boolean {
    const p = this.pending.get(token);
    if (!p) return false;
    this.pending.delete(token);
    const mine = this.byClient.get(p.client);
    if (mine) {
      const left = mine.filter((t) => t !== token);
      if (left.length) this.byClient.set(p.client, left);
      else this.byClient.delete(p.client);
    }
    if (p.expiresAt <= this.now()) return false;
    const given = code.trim().toLowerCase();
    return given === p.code.toLowerCase() || (this.bypassCode !== null && given === this.bypassCode.toLowerCase());
  }

  /** Drops expired captchas and the client lists left empty. */
  private sweep() {
    const t = this.now();
    for (const [k, p] of this.pending) if (p.expiresAt <= t) this.pending.delete(k);
    for (const [client, tokens] of this.byClient) {
      const live = tokens.filter((k) => this.pending.has(k));
      if (live.length) this.byClient.set(client, live);
      else this.byClient.delete(client);
    }
  }
}

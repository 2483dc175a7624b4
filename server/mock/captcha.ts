import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

/** A captcha lives 5 minutes and can be tried once. */
export const CAPTCHA_TTL_SECONDS = 300;
/** Pending captchas of all clients together; beyond it new ones are refused, never others' evicted. */
export const MAX_PENDING = 10_000;
const LOOK = { size: 4, noise: 3, ignoreChars: '0oO1ilI', color: true, width: 120, height: 40, fontSize: 48 };

// The package's own helpers, typed narrower than they are: its default export renders a given
// text, and randomText also takes options (size, ignoreChars).
const render = svgCaptcha as unknown as (text: string, options: typeof LOOK) => string;
const randomCode = svgCaptcha.randomText as unknown as (options: typeof LOOK) => string;

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
   * A new captcha for `client` (its address). A client holding `perClient` pending captchas loses
   * its own oldest, so a flood from one client can only ever void that client's captchas.
   * @returns null when every client together holds `maxPending` live captchas (the caller answers
   *   "try again later"): nobody else's captcha is evicted to make room.
   */
  issue(client = ''): { captchaToken: string; expireIn: number } | null {
    const mine = (this.byClient.get(client) ?? []).filter((t) => this.pending.has(t));
    while (mine.length >= this.perClient) this.pending.delete(mine.shift()!);
    if (this.pending.size >= this.maxPending) this.sweep();
    if (this.pending.size >= this.maxPending) return null;
    const captchaToken = randomBytes(18).toString('base64url');
    this.pending.set(captchaToken, { code: randomCode(LOOK), expiresAt: this.now() + CAPTCHA_TTL_SECONDS * 1000, client });
    mine.push(captchaToken);
    this.byClient.set(client, mine);
    return { captchaToken, expireIn: CAPTCHA_TTL_SECONDS };
  }

  /** The SVG image of a live token's code (fresh noise each time), or null for an unknown or expired token. */
  image(token: string): string | null {
    const p = this.pending.get(token);
    if (!p || p.expiresAt <= this.now()) return null;
    return render(p.code, LOOK);
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

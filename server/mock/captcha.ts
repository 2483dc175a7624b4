import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

/** A captcha lives 5 minutes and can be tried once. */
export const CAPTCHA_TTL_SECONDS = 300;
const MAX_PENDING = 10_000;
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
  private pending = new Map<string, { code: string; expiresAt: number }>();
  constructor(
    private now: () => number,
    private bypassCode: string | null,
  ) {}

  issue(): { captchaToken: string; expireIn: number } {
    if (this.pending.size >= MAX_PENDING) this.sweep(true);
    const captchaToken = randomBytes(18).toString('base64url');
    this.pending.set(captchaToken, { code: randomCode(LOOK), expiresAt: this.now() + CAPTCHA_TTL_SECONDS * 1000 });
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
    if (p.expiresAt <= this.now()) return false;
    const given = code.trim().toLowerCase();
    return given === p.code.toLowerCase() || (this.bypassCode !== null && given === this.bypassCode.toLowerCase());
  }

  private sweep(force: boolean) {
    const t = this.now();
    for (const [k, p] of this.pending) if (p.expiresAt <= t) this.pending.delete(k);
    if (force && this.pending.size >= MAX_PENDING) {
      // Oldest first: Map keeps insertion order.
      const drop = this.pending.size - MAX_PENDING / 2;
      let i = 0;
      for (const k of this.pending.keys()) if (i++ < drop) this.pending.delete(k);
    }
  }
}

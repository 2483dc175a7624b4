/**
 * Redaction of what the console keeps about the platform's traffic (drift examples and
 * recordings; the same rules for every keeper, the audit trail among them). Kept values must
 * be safe to hand to another team or commit to a fixtures folder: tokens, passwords, secrets,
 * one-time codes, redeem (CDK) codes, phone numbers, QQ numbers and e-mail addresses are masked,
 * wherever they sit: in a value, inside text, in the path, in a query, in a file name.
 *
 * Two kinds of rule, because the platform's field names are not ours to know in advance:
 * - by field name (any depth; camelCase, snake_case and kebab-case alike): {@link isSecretField};
 * - by value shape, whatever the field is called: a whole value that is a phone (string or JSON
 *   number), an e-mail, a bearer token or a JWT; and inside longer text (one pass of one
 *   precompiled expression holding the parts the string can need, see `passFor`): `Bearer …`,
 *   JWTs, `name=value`/`name: value` pairs whose name is secret (`;jsessionid=…`, `token=…`), mainland mobile numbers with or without
 *   `+86`, spaces or dashes (also glued to a file name: `zhang13800000000.png`), other long digit
 *   runs, QQ numbers after "QQ", CDK codes (`CDK` + 6 or more capitals/digits, the mock's shape)
 *   and e-mails (also `%40`-escaped).
 *
 * Cheap by construction (the recorder and the drift monitor run it off the hot path, but on every
 * kept exchange): field-name verdicts are cached, and a string is scanned at most twice (the
 * whole-value shapes, then the one embedded pass) and only when it holds a character any rule
 * needs (a digit, `@`, `%`, `=`, `:` or `Bearer`/`Basic`).
 */

/** What a masked value is replaced with; a string so a redacted example still parses as JSON. */
export const MASK = '[redacted]';

/** Field names whose values are always masked (substring match on the lower-cased name). */
const SECRET_NAME = /pass(word|wd)?|pwd|secret|token|authori[sz]ation|cookie|credential|captcha|private|api[-_]?key|access[-_]?key|app[-_]?key|signature|salt|jwt|ticket|jsessionid/i;
/** Whole names (lower-cased, `-`/`_` dropped) of redeem codes and card secrets. */
const SECRET_EXACT = new Set(['cdk', 'cdks', 'cdkcode', 'cdkcodes', 'cdkey', 'cdkeys', 'redeemcode', 'exchangecode', 'activationcode', 'giftcode', 'cardkey', 'cardpwd', 'cardsecret', 'kami']);
/** Words (of a camelCase/snake_case name) that alone make a name secret: `sid`, `userSid`, `otp`, `otpCode`. */
const SECRET_WORDS = new Set(['sid', 'otp', 'totp', 'hotp', 'mfa', 'sessionid']);
/** A `code` after one of these words is a one-time or verification code (`smsCode`, `verify_code`, `authCode`). */
const CODE_QUALIFIERS = new Set(['sms', 'verify', 'verification', 'valid', 'validate', 'check', 'auth', 'login', 'email', 'mail', 'phone', 'mobile', 'otp', 'security', 'dynamic', 'v']);
/** After `session`, these words make a session identifier (`sessionId`, `session_key`); `session` alone is one too. */
const SESSION_TAILS = new Set(['id', 'key', 'token', 'value', 'cookie']);
/** Field names holding contact data. */
const CONTACT_NAME = /phone|mobile|email|e_mail|idcard|id_card|idno|id_no|bankcard|bank_card|cardno|card_no/i;
/** Words that alone make a name contact data: `tel`, `telNo`, `qq`, `userQQ`, `mail`. */
const CONTACT_WORDS = new Set(['tel', 'telno', 'telnum', 'telephone', 'qq', 'qqno', 'qqnum', 'qqnumber', 'mail']);
/**
 * Fields named exactly so (a CDK's `code`, a batch import's `codes`) hold a redeem code when the
 * value has the shape of one: 8 or more letters, digits, `-` or `_` with at least one letter and
 * one digit (an envelope's numeric `code` or an enum such as `SUCCESS` is kept).
 */
const CODE_FIELD = new Set(['code', 'codes']);
const REDEEM_SHAPE = /^(?=[A-Za-z0-9_-]*[A-Za-z])(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{8,64}$/;

/** A whole value that is a phone number: optional +, digits with spaces/dashes, at least 7 digits (not a date). */
const PHONE = /^\+?\d[\d -]{6,18}\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** A JSON Web Token (header.payload.signature, base64url; the header always starts `eyJ`). */
const JWT = /^eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*$/;
/** A mainland mobile number as a JSON number (13,000,000,000-19,999,999,999). */
const isMobileNumber = (n: number) => Number.isInteger(n) && n >= 13_000_000_000 && n <= 19_999_999_999;

/** A credential after `Bearer`/`Basic`: 8+ token characters with a digit, a symbol or a capital inside (so "basic settings" is text). */
const CREDENTIAL = String.raw`(?=[A-Za-z]*[0-9._~+/=-]|[a-z]*[A-Z])[A-Za-z0-9._~+/=-]{8,}`;
const SCHEME = '(?:[Bb]earer|BEARER|[Bb]asic|BASIC)';
/**
 * The parts of the one embedded pass, in order (see the module doc); each part's groups are
 * fixed, so the replacer below reads them by position. A digit run glued to letters on its left
 * (`O20260102000001`) is an order number, not a phone, unless it is exactly a mobile number.
 */
const PARTS = {
  /** 1: a bearer/basic credential. */
  bearer: String.raw`(${SCHEME}\s+${CREDENTIAL})`,
  /** 2: a JWT. */
  jwt: String.raw`(eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*)`,
  /** 3-5: a name, its separator (`=`, `:`, JSON's `":"`, `%3D`) and its value. */
  pair: String.raw`(?<![A-Za-z0-9_])([A-Za-z][\w.-]{0,40})(["']?\s*[=:]\s*["']?|%3[Dd])(${SCHEME}\s+[^\s&;"',}<>]+|[^\s&;#"',}<>/]+)`,
  /** 6: a CDK code (the mock's shape: CDK, then capitals and digits with a digit). */
  cdk: String.raw`(?<![A-Za-z0-9])(CDK(?=[A-Z]*\d)[A-Z0-9]{6,})(?![A-Za-z0-9])`,
  /** 7-8: "QQ" (号, number, no.) and the number after it. */
  qq: String.raw`((?<![A-Za-z])[Qq][Qq](?:号码|号|[Nn]umber|[Nn]o\.?)?\s*[:：]?\s*)(\d{5,11})(?!\d)`,
  /** 9: a mainland mobile, with +86, spaces or dashes, even glued to letters (`zhang13800000000.png`). */
  mobile: String.raw`(?<![\d+])((?:\+?86[\s-]?)?1[3-9]\d(?:[\s-]?\d){8})(?!\d)`,
  /** 10: another long digit run (a landline, an id card). */
  digits: String.raw`((?<![A-Za-z0-9])\+?\d[\d-]{9,17}\d(?![A-Za-z0-9]))`,
  /** 11: an e-mail, `@` or `%40`. */
  email: String.raw`([^@\s"'<>()[\]=:;,/]+(?:@|%40)[^@\s"'<>()[\]=:;,/]+\.[A-Za-z]{2,})`,
};
/** A whole value that is a credential (`Bearer eyJ…`, `Basic dXNl…`). */
const BEARER = new RegExp(`^${SCHEME}\\s+${CREDENTIAL}`);
/** Capture groups of each part (a part left out is replaced by as many empty groups, so positions hold). */
const GROUPS: Record<keyof typeof PARTS, number> = { bearer: 1, jwt: 1, pair: 3, cdk: 1, qq: 2, mobile: 1, digits: 1, email: 1 };
/** The two parts whose need is a pattern rather than a substring (see {@link partsNeeded}). */
const NEEDS = {
  bearer: /[Bb]earer|BEARER|[Bb]asic|BASIC/,
  qq: /[Qq][Qq]/,
};
const NAMES = Object.keys(PARTS) as (keyof typeof PARTS)[];
/**
 * The embedded pass holding only the parts a string can need, by bit mask of {@link NAMES}: built
 * once per mask (at most 256, in practice a handful), so a plain sentence with a date is not run
 * through the pair and e-mail rules at every word.
 */
const passes: (RegExp | undefined)[] = [];
function passFor(mask: number): RegExp {
  let re = passes[mask];
  if (!re) {
    re = new RegExp(NAMES.map((n, i) => (mask & (1 << i) ? PARTS[n] : `(?!)${'()'.repeat(GROUPS[n])}`)).join('|'), 'g');
    passes[mask] = re;
  }
  return re;
}
/** Whether a string could hold anything the embedded pass masks (a cheap test before it). */
const WORTH_SCANNING = /[\d@%=:]|[Bb]earer|BEARER|[Bb]asic|BASIC/;

/** Header names never kept at all (their value identifies a person or grants access). */
export const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-api-key']);

/** Verdicts of {@link isSecretField} by name: a platform uses a few hundred names over and over. */
const verdicts = new Map<string, boolean>();

/** The words of a field name: `userQQNo` → user, qq, no; `sms_code` → sms, code; `X-Session-Id` → x, session, id. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function judge(name: string): boolean {
  if (SECRET_NAME.test(name) || CONTACT_NAME.test(name) || SECRET_EXACT.has(name.toLowerCase().replace(/[-_]/g, ''))) return true;
  const words = wordsOf(name);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (SECRET_WORDS.has(w) || CONTACT_WORDS.has(w)) return true;
    if (w === 'code' && i > 0 && CODE_QUALIFIERS.has(words[i - 1])) return true;
    if (w === 'session' && (i === words.length - 1 || SESSION_TAILS.has(words[i + 1]))) return true;
  }
  return false;
}

/** Whether a field called `name` holds something that must never be kept (secret or contact data; see the module doc). */
export function isSecretField(name: string): boolean {
  let v = verdicts.get(name);
  if (v === undefined) {
    v = judge(name);
    if (verdicts.size >= 4096) verdicts.clear();
    verdicts.set(name, v);
  }
  return v;
}

const BIT = Object.fromEntries(NAMES.map((n, i) => [n, 1 << i])) as Record<keyof typeof PARTS, number>;

/** The parts `s` can need (bit mask of {@link NAMES}), from a few substring tests. */
function partsNeeded(s: string, pairs: boolean): number {
  let mask = 0;
  if (/\d/.test(s)) mask |= BIT.mobile | BIT.digits;
  if (s.includes('@') || s.includes('%40')) mask |= BIT.email;
  if (pairs && (s.includes('=') || s.includes(':') || s.includes('%3'))) mask |= BIT.pair;
  if (s.includes('eyJ')) mask |= BIT.jwt;
  if (s.includes('CDK')) mask |= BIT.cdk;
  if (NEEDS.qq.test(s)) mask |= BIT.qq;
  if (NEEDS.bearer.test(s)) mask |= BIT.bearer;
  return mask;
}

/** Runs the embedded pass over `s` with the parts it can need (without the pair rule when `pairs` is false). */
function scan(s: string, pairs: boolean): string {
  const mask = partsNeeded(s, pairs);
  if (!mask) return s;
  return s.replace(passFor(mask), (m, bearer, jwt, key, sep, value, cdk, qqHead, _qq, mobile, digits, email) => {
    if (bearer || jwt || cdk || mobile || digits || email) return MASK;
    if (qqHead) return `${qqHead}${MASK}`;
    // A pair whose name is not secret: its value still goes through the other rules.
    if (key) return isSecretField(key) ? `${key}${sep}${MASK}` : `${key}${sep}${scan(value as string, false)}`;
    return m;
  });
}

/** Whether the whole of `s` is a secret by shape (credential, JWT, e-mail, phone); each test only when its first character fits. */
function wholeIsSecret(s: string): boolean {
  const c = s.charCodeAt(0);
  if ((c === 66 || c === 98) && BEARER.test(s)) return true; // B, b
  if (c === 101 && JWT.test(s)) return true; // e
  if (s.includes('@') && EMAIL.test(s)) return true;
  return ((c >= 48 && c <= 57) || c === 43) && PHONE.test(s) && !DATE.test(s) && s.replace(/\D/g, '').length >= 7;
}

/** A string as kept: masked whole when its shape is a secret, else with embedded secrets masked. */
export function redactString(s: string): string {
  if (s.length < 5 || !WORTH_SCANNING.test(s)) return s;
  return wholeIsSecret(s) ? MASK : scan(s, true);
}

/** The value of a field named like a redeem code (`code`, `codes`): masked where it has the shape of one. */
function redactCodeField(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return REDEEM_SHAPE.test(v) ? MASK : redactString(v);
  if (Array.isArray(v)) return v.map((x) => redactCodeField(x, depth + 1));
  return redactJson(v, depth + 1);
}

/**
 * A deep copy of a parsed JSON value with secrets and contact data masked (see module doc).
 * Numbers under a secret or contact name are masked too (a phone stored as a number), and so is a
 * number shaped like a mainland mobile under any name. Depth beyond 64 is cut to MASK so a hostile
 * document cannot exhaust the stack.
 */
export function redactJson(value: unknown, depth = 0): unknown {
  if (depth > 64) return MASK;
  if (typeof value === 'string') return redactString(value);
  if (typeof value === 'number') return isMobileNumber(value) ? MASK : value;
  if (Array.isArray(value)) return value.map((v) => redactJson(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === null || v === '') out[k] = v;
      else if (isSecretField(k)) out[k] = MASK;
      else if (CODE_FIELD.has(k)) out[k] = redactCodeField(v, depth + 1);
      else out[k] = redactJson(v, depth + 1);
    }
    return out;
  }
  return value;
}

/**
 * Headers as kept: names lower-cased, {@link SECRET_HEADERS} dropped, values of the rest passed
 * through the string rules (a `Content-Disposition` file name with a phone or an e-mail is masked).
 * Arrays are joined with `, ` as HTTP would.
 */
export function redactHeaders(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    const n = name.toLowerCase();
    if (raw === undefined || SECRET_HEADERS.has(n)) continue;
    const v = Array.isArray(raw) ? raw.join(', ') : String(raw);
    out[n] = isSecretField(n) ? MASK : redactString(v);
  }
  return out;
}

/**
 * A query string with the values of secret or contact parameters masked
 * (`?token=abc&pageNum=1` → `?token=[redacted]&pageNum=1`). Takes and returns the part after `?`.
 */
export function redactQuery(query: string): string {
  if (!query) return query;
  const params = new URLSearchParams(query);
  for (const [k, v] of [...params]) params.set(k, isSecretField(k) || (CODE_FIELD.has(k) && REDEEM_SHAPE.test(v)) ? MASK : redactString(v));
  return params.toString();
}

/**
 * A request path as kept (a recording's `path` and file name): each segment, percent-decoded, goes
 * through the string rules, so `/v1/member/byPhone/13800000000`, `/v1/user/a%40b.com` and
 * `/v1/x;jsessionid=ABC` keep their shape with the value masked. A path with nothing any rule needs
 * is returned as is (no split, no copy).
 */
export function redactPath(p: string): string {
  if (!WORTH_SCANNING.test(p)) return p;
  return p
    .split('/')
    .map((seg) => {
      if (!seg) return seg;
      let decoded = seg;
      try {
        decoded = decodeURIComponent(seg);
      } catch {
        /* a malformed escape: scanned as sent */
      }
      const out = redactString(decoded);
      return out === decoded ? seg : out;
    })
    .join('/');
}

/**
 * Redaction of what the console keeps about the platform's traffic (issue 14: drift examples and
 * recordings). Kept values must be safe to hand to another team or commit to a fixtures folder:
 * tokens, passwords, secrets, phone numbers and e-mail addresses are masked, wherever they sit.
 *
 * The rules are by field name (any depth, case-insensitive) and by value shape (a string that
 * looks like a phone number, an e-mail or a bearer token is masked whatever its field is called),
 * because the platform's field names are not ours to know in advance.
 */

/** What a masked value is replaced with; a string so a redacted example still parses as JSON. */
export const MASK = '[redacted]';

/** Field names whose values are always masked (substring match on the lower-cased name). */
const SECRET_NAME = /pass(word)?|pwd|secret|token|authorization|cookie|credential|captcha|private|api[-_]?key|signature|salt/i;
/** Field names holding contact data. */
const CONTACT_NAME = /phone|mobile|tel$|email|e_mail|idcard|id_card|idno|bankcard|bank_card|cardno/i;

const PHONE = /^\+?\d[\d -]{6,18}\d$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const BEARER = /^(bearer|basic)\s+\S+/i;
/**
 * Strings embedded in longer text (an error message quoting a phone number). A digit run glued to
 * letters is a code, not a phone (`O20260102000001` is an order number), so it is left alone.
 */
const EMBEDDED = /((?<![A-Za-z0-9])\+?\d[\d-]{9,17}\d(?![A-Za-z0-9]))|([^@\s"']+@[^@\s"']+\.[A-Za-z]{2,})/g;

/** Header names never kept at all (their value identifies a person or grants access). */
export const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-api-key']);

/** Whether a field called `name` holds something that must never be kept. */
export function isSecretField(name: string): boolean {
  return SECRET_NAME.test(name) || CONTACT_NAME.test(name);
}

function redactString(s: string): string {
  if (BEARER.test(s) || EMAIL.test(s) || (PHONE.test(s) && s.replace(/\D/g, '').length >= 7)) return MASK;
  return s.replace(EMBEDDED, MASK);
}

/**
 * A deep copy of a parsed JSON value with secrets and contact data masked (see module doc).
 * Numbers under a secret or contact name are masked too (a phone stored as a number).
 * Depth beyond 64 is cut to MASK so a hostile document cannot exhaust the stack.
 */
export function redactJson(value: unknown, depth = 0): unknown {
  if (depth > 64) return MASK;
  if (typeof value === 'string') return redactString(value);
  if (Array.isArray(value)) return value.map((v) => redactJson(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = isSecretField(k) && v !== null && v !== '' ? MASK : redactJson(v, depth + 1);
    }
    return out;
  }
  return value;
}

/**
 * Headers as kept: names lower-cased, {@link SECRET_HEADERS} dropped, values of the rest passed
 * through the string rules. Arrays are joined with `, ` as HTTP would.
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
  for (const [k, v] of [...params]) params.set(k, isSecretField(k) ? MASK : redactString(v));
  return params.toString();
}

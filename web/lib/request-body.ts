/** Spec §5 / §9: the format every date value is sent in. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A valid Date as `YYYY-MM-DD HH:mm:ss` ({@link DATE_TIME_FORMAT}) in local time. Written out rather
 * than through dayjs: the HTTP client is on the login route, and dayjs is not.
 */
export function formatDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A dayjs object, recognised by the mark dayjs puts on its instances (`dayjs.isDayjs` does the same). */
interface DayjsLike {
  $isDayjsObject: true;
  isValid(): boolean;
  toDate(): Date;
}
const isDayjs = (v: unknown): v is DayjsLike => typeof v === 'object' && v !== null && (v as { $isDayjsObject?: unknown }).$isDayjsObject === true;

/**
 * Prepares a request body (spec §5 "Request bodies"): Date and dayjs values become
 * `YYYY-MM-DD HH:mm:ss` strings and strings are trimmed, recursively through arrays and plain
 * objects. Other values (numbers, booleans, null, Blobs) pass unchanged; the input is not mutated.
 */
export function formatRequestBody(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : formatDateTime(value);
  if (isDayjs(value)) return value.isValid() ? formatDateTime(value.toDate()) : null;
  if (Array.isArray(value)) return value.map(formatRequestBody);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = formatRequestBody(v);
    return out;
  }
  return value;
}

import dayjs from 'dayjs';

/** Spec §5 / §9: the format every date value is sent in. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * Prepares a request body (spec §5 "Request bodies"): Date and dayjs values become
 * `YYYY-MM-DD HH:mm:ss` strings and strings are trimmed, recursively through arrays and plain
 * objects. Other values (numbers, booleans, null, Blobs) pass unchanged; the input is not mutated.
 */
export function formatRequestBody(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dayjs(value).format(DATE_TIME_FORMAT);
  if (dayjs.isDayjs(value)) return value.isValid() ? value.format(DATE_TIME_FORMAT) : null;
  if (Array.isArray(value)) return value.map(formatRequestBody);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = formatRequestBody(v);
    return out;
  }
  return value;
}

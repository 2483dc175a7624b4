import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * How a history revert's write is told apart in the trail: the console makes the write itself
 * (`/console/auditLog/revert`, server/audit/revert.ts) with this header, whose value is a secret
 * of this process and the id of the entry whose version it restores. The audit capture (mock hooks,
 * proxy observer) reads it and records `revertOf` in the entry's fields; a caller who sends the
 * header without the secret is recorded as an ordinary write. The proxy never relays it.
 */
export const REVERT_HEADER = 'x-console-revert-of';

const SECRET = randomBytes(18).toString('base64url');

/** The header value marking a write as the revert of entry `entryId`. */
export function revertMark(entryId: number): string {
  return `${SECRET}.${entryId}`;
}

/** The entry id a request's revert header names when it carries this process's secret, else 0. */
export function revertOfHeader(value: string | string[] | undefined): number {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return 0;
  const dot = v.lastIndexOf('.');
  const secret = Buffer.from(v.slice(0, dot < 0 ? 0 : dot));
  const expected = Buffer.from(SECRET);
  if (secret.length !== expected.length || !timingSafeEqual(secret, expected)) return 0;
  const id = Number(v.slice(dot + 1));
  return Number.isInteger(id) && id > 0 ? id : 0;
}

import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { ENTITIES } from '../contract/index.js';

/**
 * Proxy mode's half of "newest first everywhere" (issue 21): a `list` request that names no sort
 * gets its entity's declared `defaultSort` (server/contract, `defineEntity`) before it goes to the
 * platform, so the platform's lists open in the same order as the mock's whatever the platform's
 * own default. A request that names `sortField` (the user's sort, kept in the URL) goes unchanged.
 *
 * Cheap by design (the proxy is benchmarked): only `POST` to a contract `list` path with a small
 * declared body is read, a body that already says `"sortField"` is relayed as it came without
 * being parsed, and everything else keeps the streaming relay.
 */

/** Largest list body that is read to add the sort; larger ones (never seen from the console) stream unchanged. */
export const MAX_SORTED_BODY = 16 * 1024;

/** `list` path → the entity's default sort, e.g. `/v1/order/list` → `{ sortField: 'id', sortOrder: 'desc' }`. */
const LIST_SORTS: ReadonlyMap<string, { sortField: string; sortOrder: 'asc' | 'desc' }> = new Map(
  ENTITIES.flatMap((e) => {
    const ep = e.endpoints.find((x) => x.op === 'list');
    return ep ? [[ep.path, { sortField: e.defaultSort[0], sortOrder: e.defaultSort[1] }] as const] : [];
  }),
);

/**
 * The default sort to add to a request, or null when the request is not one to rewrite: not a
 * `POST` of `application/json` to a contract `list` path (exact, without the query), or without a
 * declared body length of 1..MAX_SORTED_BODY bytes (chunked or empty bodies are relayed as they come).
 */
export function defaultSortOf(method: string, path: string, headers: IncomingHttpHeaders): { sortField: string; sortOrder: 'asc' | 'desc' } | null {
  const contentLength = headers['content-length'];
  if (method !== 'POST' || contentLength === undefined || !JSON_TYPE.test(headers['content-type'] ?? '')) return null;
  const sort = LIST_SORTS.get(path);
  if (!sort) return null;
  const n = Number(contentLength);
  return n > 0 && n <= MAX_SORTED_BODY ? sort : null;
}

/** reply-from re-encodes a parsed body only for JSON content types. */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

const SORT_FIELD = Buffer.from('"sortField"');

/**
 * The body to forward for a list request's bytes: the parsed object with `sort` added when the
 * body is a JSON object that names no `sortField`, else null (relay the bytes unchanged: a sort of
 * the user's, or a body the platform should judge as it is).
 */
export function withDefaultSort(bytes: Buffer, sort: { sortField: string; sortOrder: 'asc' | 'desc' }): Record<string, unknown> | null {
  if (bytes.includes(SORT_FIELD)) return null;
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  return { ...(body as Record<string, unknown>), ...sort };
}

/** Reads a small body whole (its length was checked by {@link defaultSortOf}); errors and aborts reach `cb`. */
export function readSmallBody(payload: Readable, cb: (err: Error | null, bytes: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let settled = false;
  const finish = (err: Error | null) => {
    if (settled) return;
    settled = true;
    cb(err, err ? Buffer.alloc(0) : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  };
  payload.on('data', (c: Buffer) => chunks.push(c));
  payload.once('end', () => finish(null));
  payload.once('error', (err) => finish(err));
  payload.once('close', () => {
    if (!payload.readableEnded) finish(new Error('the client closed the request before its body ended'));
  });
}

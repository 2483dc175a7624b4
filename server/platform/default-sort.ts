import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { ENTITIES } from '../contract/index.js';

/**
 * Proxy mode's half of "newest first everywhere": a `list` request that names no sort
 * gets its entity's declared `defaultSort` (server/contract, `defineEntity`) before it goes to the
 * platform, so the platform's lists open in the same order as the mock's whatever the platform's
 * own default. A request that names `sortField` (the user's sort, kept in the URL) goes unchanged.
 *
 * Cheap by design (the proxy is benchmarked): only `POST` to a contract `list` path with a small
 * declared body is read and parsed (to judge it; what is sent is the client's bytes, spliced), and
 * everything else keeps the streaming relay.
 */

/** Largest list body that is read to add the sort; larger ones (never seen from the console) stream unchanged. */
export const MAX_SORTED_BODY = 16 * 1024;

/** A list's default sort, with the bytes that add it after a JSON object's opening brace (made once per list). */
export interface DefaultSort {
  readonly sortField: string;
  readonly sortOrder: 'asc' | 'desc';
  /** `"sortField":…,"sortOrder":…,`: before the first member of an object with members. */
  readonly beforeMembers: Buffer;
  /** `"sortField":…,"sortOrder":…`: the same inside an empty object. */
  readonly alone: Buffer;
  /** `"sortField":…,`: before the members of an object that names its own `sortOrder`. */
  readonly fieldOnly: Buffer;
}

function defaultSort(sortField: string, sortOrder: 'asc' | 'desc'): DefaultSort {
  const field = `${JSON.stringify('sortField')}:${JSON.stringify(sortField)}`;
  const members = `${field},${JSON.stringify('sortOrder')}:${JSON.stringify(sortOrder)}`;
  return { sortField, sortOrder, beforeMembers: Buffer.from(`${members},`), alone: Buffer.from(members), fieldOnly: Buffer.from(`${field},`) };
}

/** `list` path → the entity's default sort, e.g. `/v1/order/list` → `{ sortField: 'id', sortOrder: 'desc' }`. */
const LIST_SORTS: ReadonlyMap<string, DefaultSort> = new Map(
  ENTITIES.flatMap((e) => {
    const ep = e.endpoints.find((x) => x.op === 'list');
    return ep ? [[ep.path, defaultSort(e.defaultSort[0], e.defaultSort[1])] as const] : [];
  }),
);

/**
 * The default sort to add to a request, or null when the request is not one to rewrite: not a
 * `POST` of `application/json` to a contract `list` path (exact, without the query), or without a
 * declared body length of 1..MAX_SORTED_BODY bytes (chunked or empty bodies are relayed as they come).
 */
export function defaultSortOf(method: string, path: string, headers: IncomingHttpHeaders): DefaultSort | null {
  const contentLength = headers['content-length'];
  if (method !== 'POST' || contentLength === undefined || !JSON_TYPE.test(headers['content-type'] ?? '')) return null;
  const sort = LIST_SORTS.get(path);
  if (!sort) return null;
  const n = Number(contentLength);
  return n > 0 && n <= MAX_SORTED_BODY ? sort : null;
}

/** reply-from re-encodes a parsed body only for JSON content types. */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** JSON's whitespace bytes (space, tab, LF, CR). */
const isJsonSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/**
 * The body to forward for a list request's bytes: the JSON object with `sort` added when the parsed
 * body has no `sortField` member, else null (relay the bytes unchanged: a sort of the user's, or a
 * body the platform should judge as it is: not JSON, not an object). The decision is the parsed
 * body's, so a key spelled with escapes (`"sort\u0046ield"`) is the key it names, and a string value
 * that reads `sortField` is not a key. The bytes sent are the client's own with the sort's members
 * written after the opening brace: nothing of the client's is re-encoded (every number keeps its
 * digits, every string its spelling) and no member is named twice. A body with its own `sortOrder`
 * and no field gets the default field only and keeps its order, as the mock reads it
 * (server/mock/store/collection.ts: no field sorts the default field in the order asked).
 */
export function withDefaultSort(bytes: Buffer, sort: DefaultSort): Buffer | null {
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body) || Object.hasOwn(body, 'sortField')) return null;
  // A parsed object's text is `{` after JSON whitespace only (a byte-order mark fails the parse).
  let open = 0;
  while (isJsonSpace(bytes[open])) open++;
  let next = open + 1;
  while (isJsonSpace(bytes[next])) next++;
  const members = Object.hasOwn(body, 'sortOrder') ? sort.fieldOnly : bytes[next] === 0x7d ? sort.alone : sort.beforeMembers;
  return Buffer.concat([bytes.subarray(0, open + 1), members, bytes.subarray(open + 1)]);
}

/**
 * Reads a small body whole (its length was checked by {@link defaultSortOf}); errors and aborts
 * reach `cb`, once. Plain listeners (not `once`, which wraps each in another): a request's stream
 * ends once and is dropped with it.
 */
export function readSmallBody(payload: Readable, cb: (err: Error | null, bytes: Buffer) => void): void {
  let first: Buffer | null = null;
  let more: Buffer[] | null = null;
  let settled = false;
  const fail = (err: Error) => {
    if (settled) return;
    settled = true;
    cb(err, Buffer.alloc(0));
  };
  payload.on('data', (c: Buffer) => {
    if (first === null) first = c;
    else (more ??= [first]).push(c);
  });
  payload.on('end', () => {
    if (settled) return;
    settled = true;
    cb(null, more !== null ? Buffer.concat(more) : (first ?? Buffer.alloc(0)));
  });
  payload.on('error', fail);
  payload.on('close', () => {
    if (!payload.readableEnded) fail(new Error('the client closed the request before its body ended'));
  });
}

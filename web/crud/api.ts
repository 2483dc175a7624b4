import { queryOptions } from '@tanstack/react-query';
import type { RequestOptions } from '../api/http';
import { REF_STALE_MS, afterWrite, opKey, queryClient } from '../api/query';
import { api, uploadImage, type AnyCall } from '../api/client';
import { local } from '../lib/storage';
import type { AnyEntity, CrudOp } from '../../server/contract/entity';

/** `{list, total}` of every `list` endpoint (spec §7 paging convention). */
export interface Page<T = Record<string, unknown>> {
  list: T[];
  total: number;
  /** Totals over every row the filters match, for lists whose contract declares them (`listSummary`: the order list's count and paid amount). */
  summary?: Record<string, number>;
}

/** An option of a reference picker: the `listAll` item (`{id, <label field>}`) as `{value, label}`. */
export interface RefOption {
  value: number;
  label: string;
}

/** The typed client's function of one CRUD op of an entity (`api.<entity>.<op>`), when the contract enables it. */
function crudCall(entity: AnyEntity, op: CrudOp): AnyCall | undefined {
  return entity.ops[op] ? (api as unknown as Record<string, Record<string, AnyCall | undefined> | undefined>)[entity.name]?.[op] : undefined;
}

/**
 * Calls one CRUD op of an entity through the typed client; rejects with the client's ApiError
 * (already shown). A successful write (`add`, `update`, `del`, `updateStatus`) drops every cached
 * read of the entity (the client's `afterWrite`: lists, pickers and labels showing it load again).
 */
export function callOp<T>(entity: AnyEntity, op: CrudOp, body?: unknown, opts?: RequestOptions): Promise<T> {
  const call = crudCall(entity, op);
  if (!call) return Promise.reject(new Error(`${entity.name} has no ${op} endpoint`));
  return call(body, opts) as Promise<T>;
}

/**
 * A read for a query function: TanStack's `signal` cancels it, and the client never cancels it as a
 * duplicate (`ignoreCancel`): de-duplication of queries is TanStack's (one request per key).
 */
export function readOp<T>(entity: AnyEntity, op: 'list' | 'listAll' | 'info', body: unknown, signal?: AbortSignal, errorMode?: RequestOptions['errorMode']): Promise<T> {
  return callOp<T>(entity, op, body, { signal, ignoreCancel: true, ...(errorMode ? { errorMode } : {}) });
}

/** Lifetime of a cached reference list in seconds (spec §3 cached lists): short, and dropped whenever its entity changes. */
export const REF_CACHE_SECONDS = REF_STALE_MS / 1000;

/**
 * The query of a reference picker's options (spec §3 "Cached lists: … feedback types …"): `listAll`
 * of the entity (`api.<entity>.listAll`) as `{value, label}`, key `[entity, 'listAll']`, fresh
 * {@link REF_CACHE_SECONDS} and dropped by any write to the entity.
 */
export function refOptionsQuery(entity: string) {
  const call = (api as unknown as Record<string, Record<string, AnyCall | undefined> | undefined>)[entity]?.listAll;
  const read = (signal: AbortSignal): Promise<Record<string, unknown>[]> =>
    call ? call(undefined, { signal, ignoreCancel: true }) : Promise.reject(new Error(`${entity} has no listAll endpoint`));
  return queryOptions({
    queryKey: opKey(entity, 'listAll'),
    queryFn: ({ signal }) => read(signal).then((items) => items.map(toOption)),
    staleTime: REF_STALE_MS,
  });
}

/** The options of a reference picker outside a component ({@link refOptionsQuery}), shared by concurrent callers. */
export function refOptions(entity: string): Promise<RefOption[]> {
  return queryClient.fetchQuery(refOptionsQuery(entity));
}

/** `{id, typeName}` → `{value: id, label: typeName}` (the label is the item's one other field). */
export function toOption(item: Record<string, unknown>): RefOption {
  const labelKey = Object.keys(item).find((k) => k !== 'id');
  return { value: Number(item.id), label: labelKey ? String(item[labelKey]) : String(item.id) };
}

/**
 * Drops every cached read of an entity (its picker list, tree, labels, list pages) for a write the
 * kit did not make itself through {@link callOp} (a batch import, a hand-built save): mounted
 * pickers, cells and lists load it again (spec §3 cached lists: a new tag appears without a reload).
 */
export function invalidateRefs(entity: string): void {
  void afterWrite(entity);
}

const ALL_PAGE_SIZE = 100;
/** Bound on the rows {@link listEvery} loads: trees and small lookups, never a big table. */
export const LIST_EVERY_MAX = 2000;

/** Every record of a small entity, page by page (see {@link listEveryQuery}); `signal` cancels it. */
export async function readEvery(entity: AnyEntity, body: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let pageNum = 1; rows.length < LIST_EVERY_MAX; pageNum++) {
    const p = await readOp<Page>(entity, 'list', { ...body, pageNum, pageSize: ALL_PAGE_SIZE }, signal);
    rows.push(...p.list);
    if (p.list.length < ALL_PAGE_SIZE || rows.length >= p.total) break;
  }
  return rows;
}

/**
 * The query of every record of a small entity through its paged `list` (100 a request, at most
 * {@link LIST_EVERY_MAX}): what a tree (categories) needs beyond `listAll`'s `{id, label}`. Key
 * `[entity, 'listEvery', body]`; `cached` keeps it fresh {@link REF_CACHE_SECONDS} (a lookup), else
 * it is fetched again on every mount (a parent picker must not offer a node just deleted).
 */
export function listEveryQuery(entity: AnyEntity, body: Record<string, unknown> = {}, cached = false) {
  return queryOptions({
    queryKey: opKey(entity.name, 'listEvery', body),
    queryFn: ({ signal }) => readEvery(entity, body, signal),
    staleTime: cached ? REF_STALE_MS : 0,
  });
}

/** Every record of a small entity outside a component ({@link listEveryQuery}). */
export function listEvery(entity: AnyEntity, body: Record<string, unknown> = {}, cache = false): Promise<Record<string, unknown>[]> {
  return queryClient.fetchQuery(listEveryQuery(entity, body, cache));
}

/** Page size of a remote-search picker: one screenful of matches, never the whole table. */
export const REMOTE_PAGE_SIZE = 20;

/**
 * Matches of a remote-search picker (large entities: games, members, merchants): the entity's
 * `list` with `keyword` (or the label field's `like` filter when it has no keyword), 20 at most.
 * Cached under the list's key, so typing back to an earlier text answers at once.
 */
export async function searchOptions(entity: AnyEntity, keyword: string): Promise<RefOption[]> {
  const body: Record<string, unknown> = { pageNum: 1, pageSize: REMOTE_PAGE_SIZE };
  const k = keyword.trim();
  if (k) {
    if (entity.searchable.length) body.keyword = k;
    else if (entity.filters[entity.label] === 'like') body[entity.label] = k;
  }
  const p = await queryClient.fetchQuery({ queryKey: opKey(entity.name, 'list', body), queryFn: ({ signal }) => readOp<Page>(entity, 'list', body, signal) });
  return p.list.map((r) => ({ value: Number(r.id), label: String(r[entity.label] ?? r.id) }));
}

/** How long a resolved label stays fresh before a list asks again, in ms. */
const REMOTE_LABEL_TTL_MS = 60_000;
/** Most `info` calls one list page may start at once for labels (a page holds at most 100 rows). */
const REMOTE_LABEL_CONCURRENCY = 6;
let remoteActive = 0;
const remoteQueue: (() => void)[] = [];

function throttled<T>(run: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const start = () => {
      remoteActive++;
      run()
        .then(resolve, reject)
        .finally(() => {
          remoteActive--;
          remoteQueue.shift()?.();
        });
    };
    if (remoteActive < REMOTE_LABEL_CONCURRENCY) start();
    else remoteQueue.push(start);
  });
}

/**
 * The query of one record's label (a remote picker's value, a list cell's member or goods): `info`
 * under key `[entity, 'info', {id}]`, silent on failure, at most {@link REMOTE_LABEL_CONCURRENCY}
 * at a time, fresh {@link REMOTE_LABEL_TTL_MS}; answers `#id` when the record is gone or unreadable.
 */
export function labelQuery(entity: AnyEntity, id: number) {
  return queryOptions({
    queryKey: opKey(entity.name, 'info', { id }),
    queryFn: ({ signal }) => (entity.ops.info ? throttled(() => readOp<Record<string, unknown>>(entity, 'info', { id }, signal, 'none')) : Promise.resolve(null)),
    staleTime: REMOTE_LABEL_TTL_MS,
    retry: false,
    select: (r: Record<string, unknown> | null) => labelFrom(entity, id, r),
  });
}

function labelFrom(entity: AnyEntity, id: number, r: Record<string, unknown> | null): string {
  return r ? String(r[entity.label] ?? `#${id}`) : `#${id}`;
}

/** The label of one record as a picker option through `info` ({@link labelQuery}); `#id` when it is gone. */
export async function labelOf(entity: AnyEntity, id: number): Promise<RefOption> {
  try {
    return { value: id, label: labelFrom(entity, id, await queryClient.fetchQuery(labelQuery(entity, id))) };
  } catch {
    return { value: id, label: `#${id}` };
  }
}

/** The label of a record of a large entity ({@link labelOf}) as text; never rejects. */
export function remoteLabel(entity: AnyEntity, id: number): Promise<string> {
  return labelOf(entity, id).then((o) => o.label);
}

/**
 * Uploads files through the contract's `upload.images` as multipart with the array field `name[]` (spec §7), one request per
 * file so a bad file is refused alone; answers the stored URLs in order. Rejects with the client's
 * ApiError (message shown by the client: type, size, count).
 */
export async function uploadFiles(files: readonly Blob[]): Promise<string[]> {
  const urls: string[] = [];
  for (const f of files) {
    const res = await uploadImage(f);
    urls.push(...(Array.isArray(res) ? res : [res]));
  }
  return urls;
}

/**
 * Spec §3 stored edit-id keys: add/modify pages get the record id from storage, never from the
 * route, so a reload of a modify page keeps its record.
 */
/** The §3 stored edit-id keys and the goods tab index (storage key names). */
export const EDIT_ID_KEYS = {
  game: 'gameId',
  gameTag: 'gameTagId',
  gamePlatform: 'gamePlatformId',
  goods: 'goodsId',
  goodsCategory: 'goodsCategoryId',
  goodsPlatform: 'goodsPlatformId',
  goodsTab: 'goodsTabIndex',
} as const;

const editIdListeners = new Set<(key: string, id: number | null) => void>();
export const editId = {
  /** Stores the id (null: a new record) and tells the pages kept alive in their tabs (an add page starts afresh on null). */
  set: (key: string, id: number | null) => {
    if (id === null) local.remove(key);
    else local.set(key, id);
    for (const l of [...editIdListeners]) l(key, id);
  },
  get: (key: string): number | null => local.get<number>(key),
  /** Calls `listener(key, id)` after every `set`; answers the unsubscribe. */
  onChange: (listener: (key: string, id: number | null) => void): (() => void) => {
    editIdListeners.add(listener);
    return () => void editIdListeners.delete(listener);
  },
};

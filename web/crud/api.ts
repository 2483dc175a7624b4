import { http } from '../api/http';
import { session, local } from '../lib/storage';
import type { AnyEntity } from '../../server/contract/entity';

/** `{list, total}` of every `list` endpoint (spec §7 paging convention). */
export interface Page<T = Record<string, unknown>> {
  list: T[];
  total: number;
}

/** An option of a reference picker: the `listAll` item (`{id, <label field>}`) as `{value, label}`. */
export interface RefOption {
  value: number;
  label: string;
}

/** Calls one CRUD op of an entity at the contract's path; rejects with the client's ApiError (already shown). */
export function callOp<T>(entity: AnyEntity, op: keyof AnyEntity['ops'], body?: unknown): Promise<T> {
  const path = entity.ops[op];
  if (!path) return Promise.reject(new Error(`${entity.name} has no ${op} endpoint`));
  return http.post<T>(path, body);
}

/** Lifetime of a cached reference list (spec §3 cached lists): short, and dropped whenever its entity changes. */
export const REF_CACHE_SECONDS = 300;
const refKey = (entity: string) => `CRUD__REF__${entity}`;
const pending = new Map<string, Promise<RefOption[]>>();

/**
 * The options of a reference picker (spec §3 "Cached lists: … feedback types …"): `listAll` of the
 * entity, kept in session storage for {@link REF_CACHE_SECONDS} and shared by concurrent callers.
 * @param path the `listAll` path (default `/v1/<entity>/listAll`).
 */
export function refOptions(entity: string, path = `/v1/${entity}/listAll`): Promise<RefOption[]> {
  const cached = session.get<RefOption[]>(refKey(entity));
  if (cached) return Promise.resolve(cached);
  let p = pending.get(entity);
  if (!p) {
    p = http
      .post<Record<string, unknown>[]>(path, undefined, { ignoreCancel: true })
      .then((items) => {
        const options = items.map(toOption);
        session.set(refKey(entity), options, REF_CACHE_SECONDS);
        return options;
      })
      .finally(() => pending.delete(entity));
    pending.set(entity, p);
  }
  return p;
}

/** `{id, typeName}` → `{value: id, label: typeName}` (the label is the item's one other field). */
export function toOption(item: Record<string, unknown>): RefOption {
  const labelKey = Object.keys(item).find((k) => k !== 'id');
  return { value: Number(item.id), label: labelKey ? String(item[labelKey]) : String(item.id) };
}

const refListeners = new Set<(entity: string) => void>();

/**
 * Drops an entity's cached picker list (after add/update/del/status of that entity) and tells every
 * mounted picker and cell of that entity to load it again (spec §3 cached lists: a new tag appears in
 * pickers without a reload). The shell may listen too ({@link onRefsChanged}) for its basic data.
 */
export function invalidateRefs(entity: string): void {
  // Labels of list cells too: a renamed member shows its new name on the next draw.
  session.remove(refKey(entity));
  session.remove(treeKey(entity));
  for (const key of [...remoteLabels.keys()]) if (key.startsWith(`${entity}:`)) remoteLabels.delete(key);
  for (const l of [...refListeners]) l(entity);
}

/** Calls `listener(entity)` whenever an entity's cached lists are dropped; answers the unsubscribe. */
export function onRefsChanged(listener: (entity: string) => void): () => void {
  refListeners.add(listener);
  return () => void refListeners.delete(listener);
}

const treeKey = (entity: string) => `CRUD__TREE__${entity}`;
const ALL_PAGE_SIZE = 100;
/** Bound on the rows {@link listEvery} loads: trees and small lookups, never a big table. */
export const LIST_EVERY_MAX = 2000;

/**
 * Every record of a small entity through its paged `list` (100 a request, at most
 * {@link LIST_EVERY_MAX}): what a tree (categories) needs beyond `listAll`'s `{id, label}`.
 * Kept in session storage like {@link refOptions} when `cache` is set, dropped by {@link invalidateRefs}.
 */
export async function listEvery(entity: AnyEntity, body: Record<string, unknown> = {}, cache = false): Promise<Record<string, unknown>[]> {
  const key = treeKey(entity.name);
  if (cache) {
    const hit = session.get<Record<string, unknown>[]>(key);
    if (hit) return hit;
  }
  const rows: Record<string, unknown>[] = [];
  for (let pageNum = 1; rows.length < LIST_EVERY_MAX; pageNum++) {
    // Never cancelled as a duplicate: a tree picker and a tree list may ask for the same page at once.
    const p = await http.post<Page>(entity.ops.list!, { ...body, pageNum, pageSize: ALL_PAGE_SIZE }, { ignoreCancel: true });
    rows.push(...p.list);
    if (p.list.length < ALL_PAGE_SIZE || rows.length >= p.total) break;
  }
  if (cache) session.set(key, rows, REF_CACHE_SECONDS);
  return rows;
}

/** Page size of a remote-search picker: one screenful of matches, never the whole table. */
export const REMOTE_PAGE_SIZE = 20;

/**
 * Matches of a remote-search picker (large entities: games, members, merchants): the entity's
 * `list` with `keyword` (or the label field's `like` filter when it has no keyword), 20 at most.
 */
export async function searchOptions(entity: AnyEntity, keyword: string): Promise<RefOption[]> {
  const body: Record<string, unknown> = { pageNum: 1, pageSize: REMOTE_PAGE_SIZE };
  const k = keyword.trim();
  if (k) {
    if (entity.searchable.length) body.keyword = k;
    else if (entity.filters[entity.label] === 'like') body[entity.label] = k;
  }
  const p = await http.post<Page>(entity.ops.list!, body, { ignoreCancel: true });
  return p.list.map((r) => ({ value: Number(r.id), label: String(r[entity.label] ?? r.id) }));
}

/** The label of one record (a remote picker's current value on edit) through `info`; `#id` when it is gone. */
export async function labelOf(entity: AnyEntity, id: number): Promise<RefOption> {
  try {
    const r = await http.post<Record<string, unknown>>(entity.ops.info!, { id }, { ignoreCancel: true, errorMode: 'none' });
    return { value: id, label: String(r[entity.label] ?? `#${id}`) };
  } catch {
    return { value: id, label: `#${id}` };
  }
}

/** How long a resolved remote label stays in memory before a list asks again, in ms. */
const REMOTE_LABEL_TTL_MS = 60_000;
/** Most `info` calls one list page may start at once for labels (a page holds at most 100 rows). */
const REMOTE_LABEL_CONCURRENCY = 6;
const remoteLabels = new Map<string, { at: number; label: Promise<string> }>();
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
 * The label of a record of a large entity shown in a list cell (members, goods, comments…), e.g.
 * a refund's member: resolved through `info` once per id and kept {@link REMOTE_LABEL_TTL_MS}
 * in memory, shared by every cell showing that id, at most {@link REMOTE_LABEL_CONCURRENCY}
 * requests at a time. Resolves `#id` when the record is gone or unreadable (never rejects).
 */
export function remoteLabel(entity: AnyEntity, id: number): Promise<string> {
  const key = `${entity.name}:${id}`;
  const hit = remoteLabels.get(key);
  if (hit && Date.now() - hit.at < REMOTE_LABEL_TTL_MS) return hit.label;
  const label = entity.ops.info ? throttled(() => labelOf(entity, id)).then((o) => o.label) : Promise.resolve(`#${id}`);
  remoteLabels.set(key, { at: Date.now(), label });
  return label;
}

/** Spec §7 upload base; the server answers the envelope with `data` = the stored files' URLs. */
export const UPLOAD_PATH = '/upload';

/**
 * Uploads files to `/upload` as multipart with the array field `name[]` (spec §7), one request per
 * file so a bad file is refused alone; answers the stored URLs in order. Rejects with the client's
 * ApiError (message shown by the client: type, size, count).
 */
export async function uploadFiles(files: readonly Blob[], path = UPLOAD_PATH): Promise<string[]> {
  const urls: string[] = [];
  for (const f of files) {
    const res = await http.upload<string[] | string>(path, f, { name: 'name[]' });
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

const editIdListeners = new Set<(key: string) => void>();
export const editId = {
  /** Stores the id (null: a new record) and tells a form page kept alive in its tab to load it. */
  set: (key: string, id: number | null) => {
    if (id === null) local.remove(key);
    else local.set(key, id);
    for (const l of [...editIdListeners]) l(key);
  },
  get: (key: string): number | null => local.get<number>(key),
  /** Calls `listener(key)` after every `set`; answers the unsubscribe. */
  onChange: (listener: (key: string) => void): (() => void) => {
    editIdListeners.add(listener);
    return () => void editIdListeners.delete(listener);
  },
};

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

/** Drops an entity's cached picker list (after add/update/del/status of that entity). */
export function invalidateRefs(entity: string): void {
  session.remove(refKey(entity));
}

/**
 * Spec §3 stored edit-id keys: add/modify pages get the record id from storage, never from the
 * route, so a reload of a modify page keeps its record.
 */
export const editId = {
  set: (key: string, id: number | null) => (id === null ? local.remove(key) : local.set(key, id)),
  get: (key: string): number | null => local.get<number>(key),
};

import type { EntityName } from '../../contract/index.js';
import { MockError, type EntityHooks, type HookMap } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';

/** Typed hook maps per area; merged in hooks/index.ts. */
export function defineHooks(map: HookMap): HookMap {
  return map;
}

/** Runs several hook sets of one entity in order (a shared rule plus the entity's own). */
export function chain<R>(...sets: EntityHooks<R>[]): EntityHooks<R> {
  return {
    beforeAdd: (row, h) => sets.reduce((r, s) => (s.beforeAdd?.(r, h) as R | undefined) ?? r, row),
    afterAdd: (row, h) => sets.forEach((s) => s.afterAdd?.(row, h)),
    beforeUpdate: (old, patch, h) => sets.reduce((p, s) => (s.beforeUpdate?.(old, p, h) as Partial<R> | undefined) ?? p, patch),
    afterUpdate: (row, old, h) => sets.forEach((s) => s.afterUpdate?.(row, old, h)),
    beforeDel: (rows, h) => sets.forEach((s) => s.beforeDel?.(rows, h)),
    afterDel: (rows, h) => sets.forEach((s) => s.afterDel?.(rows, h)),
    afterRestore: (rows, h) => sets.forEach((s) => s.afterRestore?.(rows, h)),
  };
}

/**
 * `end` may not come before `start` (validity periods, matches, rentals). Checks the merged record
 * on update, so changing only one end is checked against the other.
 */
export function period<R>(start = 'startTime', end = 'endTime'): EntityHooks<R> {
  const check = (row: AnyRow) => {
    const s = row[start] as string | undefined;
    const e = row[end] as string | undefined;
    if (s && e && e < s) throw new MockError(end, 'record.beforeStart', { start, value: s as string });
  };
  return {
    beforeAdd: (row) => check(row as AnyRow),
    beforeUpdate: (old, patch) => check({ ...(old as AnyRow), ...(patch as AnyRow) }),
  };
}

/**
 * Copies a label of a referenced record into a read-only snapshot field when the reference is set
 * or changed (an order keeps the nickname the member had when buying).
 */
export function snapshot<R>(refField: string, entity: EntityName, from: string, to: string): EntityHooks<R> {
  const fill = (h: { store: { get(n: EntityName, id: number): unknown } }, id: unknown) => {
    const target = typeof id === 'number' ? (h.store.get(entity, id) as AnyRow | undefined) : undefined;
    return target ? { [to]: target[from] } : {};
  };
  return {
    beforeAdd: (row, h) => ({ ...(row as AnyRow), ...fill(h, (row as AnyRow)[refField]) }) as R,
    beforeUpdate: (_old, patch, h) => ((patch as AnyRow)[refField] !== undefined ? { ...patch, ...fill(h, (patch as AnyRow)[refField]) } : patch),
  };
}

/** A two-level tree: `parentId` is 0 or an existing top-level record, never the record itself. */
export function twoLevels<R>(entity: EntityName, what: string): EntityHooks<R> {
  const check = (row: AnyRow, h: { store: { get(n: EntityName, id: number): unknown } }) => {
    const parentId = row.parentId as number;
    if (!parentId) return;
    if (parentId === row.id) throw new MockError('parentId', 'record.ownParent', { what });
    const parent = h.store.get(entity, parentId) as AnyRow | undefined;
    if (!parent) throw new MockError('parentId', 'record.noParent', { what, id: parentId as number });
    if (parent.parentId) throw new MockError('parentId', 'record.parentIsChild', { what, id: parentId as number });
  };
  return {
    beforeAdd: (row, h) => check(row as AnyRow, h),
    beforeUpdate: (old, patch, h) => check({ ...(old as AnyRow), ...(patch as AnyRow) }, h),
    beforeDel: (rows, h) => {
      const ids = new Set(rows.map((r) => (r as AnyRow).id));
      for (const r of h.store.col(entity).values()) {
        if (ids.has(r.parentId as number) && !ids.has(r.id)) throw new MockError('ids', 'record.hasChildren', { what, id: r.parentId as number, childId: r.id });
      }
    },
  };
}

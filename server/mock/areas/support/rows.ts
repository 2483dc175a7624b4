import type { MockContext } from '../../context.js';
import { MockError } from '../../store/crud.js';
import type { AnyRow } from '../../store/seed.js';

/** Helpers several areas' handlers share: whole tables, batches of ids, two-level trees. */

export type TableName = Parameters<MockContext['store']['col']>[0];

/** Every row of a table, in store order. */
export function all(ctx: MockContext, name: TableName): AnyRow[] {
  return [...ctx.store.col(name).values()];
}

/** Every id exists, else a 404 naming the first missing ones under `field`. */
export function findAll(ctx: MockContext, name: Parameters<MockContext['crud']['find']>[0], ids: number[], field = 'ids'): AnyRow[] {
  const missing = ids.filter((id) => !ctx.store.get(name, id));
  if (missing.length) throw new MockError(field, 'record.notFound', { entity: name, ids: missing.slice(0, 10).join(', ') }, 404);
  return ids.map((id) => ctx.store.get<AnyRow>(name, id)!);
}

/** Display order of tree nodes: `sort`, then id. */
export const bySort = (a: AnyRow, b: AnyRow) => (a.sort as number) - (b.sort as number) || a.id - b.id;

/** Rows with `parentId` as a two-level tree in display order, each node shaped by `pick`. */
export function tree(rows: AnyRow[], pick: (r: AnyRow) => Record<string, unknown>) {
  const tops = rows.filter((r) => !r.parentId).sort(bySort);
  return tops.map((t) => ({ ...pick(t), children: rows.filter((r) => r.parentId === t.id).sort(bySort).map((c) => ({ ...pick(c), children: [] as unknown[] })) }));
}

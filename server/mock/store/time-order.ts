import { ENTITIES, type EntityName } from '../../contract/index.js';
import type { AnyRow } from './row.js';

/**
 * Ids in creation order: a database hands out ids as records are created, so its newest
 * record has the highest id and `['id', 'desc']` (every list's default order) opens newest first.
 * Factories make rows in whatever order their relations are easiest to build (members one by one,
 * each with a random join date), so once every table is generated the seed renumbers each table by
 * `createTime` (ties keep their generation order) and rewrites every reference to it.
 *
 * References are the contract's `F.ref`/`F.refs` fields plus the id fields the contract leaves
 * untyped (listed in EXTRA_REFS), so a renumbered member is still the one its orders, codes and
 * messages name. Tables whose rows are already in time order (lookups made at setup time, the
 * inventory audit) keep their ids.
 */

/** Where an untyped id field points: an entity, or the entity chosen by another field of the row. */
type Target = EntityName | ((row: AnyRow) => EntityName | null);

/** Id fields that are references without being declared with `F.ref` (polymorphic or informal). */
const EXTRA_REFS: { entity: EntityName; field: string; to: Target }[] = [
  { entity: 'member', field: 'inviterId', to: 'member' },
  { entity: 'cdkCode', field: 'usedMemberId', to: 'member' },
  { entity: 'clientError', field: 'memberId', to: 'member' },
  { entity: 'commentReply', field: 'memberId', to: 'member' },
  { entity: 'stationMsg', field: 'memberIds', to: 'member' },
  { entity: 'inventoryAudit', field: 'goodsId', to: 'goods' },
  // Audit targets: 1 card, 2 cardAccount, 3 cdkCode, 4 gameAccount, 5 stock (server/mock/routes/inventory-actions.ts).
  { entity: 'inventoryAudit', field: 'targetId', to: (r) => (({ 1: 'card', 2: 'cardAccount', 3: 'cdkCode', 4: 'gameAccount', 5: 'stock' }) as const)[r.targetType as 1] ?? null },
  // RelationTarget: 1 game, 2 goods, 3 article.
  { entity: 'recommendRelation', field: 'targetId', to: (r) => (({ 1: 'game', 2: 'goods', 3: 'article' }) as const)[r.targetType as 1] ?? null },
  // CommentTarget: 1 goods, 2 game, 3 article.
  { entity: 'comment', field: 'targetId', to: (r) => (({ 1: 'goods', 2: 'game', 3: 'article' }) as const)[r.targetType as 1] ?? null },
];

/** Every reference field of every entity, declared and extra. */
function referenceFields(): { entity: EntityName; field: string; to: Target }[] {
  const out = ENTITIES.flatMap((e) => e.refs.map((r) => ({ entity: e.name as EntityName, field: r.field, to: r.entity as EntityName })));
  return [...out, ...EXTRA_REFS];
}

/** Whether a table's rows are already in `createTime` order (most lookup tables). */
function inTimeOrder(rows: readonly AnyRow[]): boolean {
  for (let i = 1; i < rows.length; i++) if (rows[i].createTime < rows[i - 1].createTime) return false;
  return true;
}

/**
 * Renumbers, in place, every table not in `createTime` order (ids 1..n by time, ties in generation
 * order; the table array is re-ordered to match) and rewrites every reference to the renumbered
 * tables. Expects ids 1..n in array order, as the seed gives them. Yields after each table sorted, so
 * a sliced generation can pause. Ids 0 and ids not in the table (no reference) are left as they are.
 */
export function* renumberByTime(tables: Record<EntityName, AnyRow[]>): Generator<void, void> {
  const maps = new Map<EntityName, Int32Array>();
  for (const name of Object.keys(tables) as EntityName[]) {
    const rows = tables[name];
    if (inTimeOrder(rows)) continue;
    const order = Array.from({ length: rows.length }, (_, i) => i);
    const times = rows.map((r) => r.createTime);
    order.sort((a, b) => (times[a] < times[b] ? -1 : times[a] > times[b] ? 1 : a - b));
    const map = new Int32Array(rows.length + 1);
    const sorted = order.map((from, to) => {
      map[rows[from].id] = to + 1;
      rows[from].id = to + 1;
      return rows[from];
    });
    for (let i = 0; i < sorted.length; i++) rows[i] = sorted[i];
    maps.set(name, map);
    yield;
  }
  if (!maps.size) return;
  const remap = (map: Int32Array, v: unknown) => (typeof v === 'number' && v > 0 && v < map.length && map[v] ? map[v] : v);
  for (const { entity, field, to } of referenceFields()) {
    const rows = tables[entity];
    if (!rows) continue;
    const fixed = typeof to === 'string' ? maps.get(to) : undefined;
    if (typeof to === 'string' && !fixed) continue;
    for (const row of rows) {
      const v = row[field];
      if (v === undefined || v === null) continue;
      const map = fixed ?? maps.get((to as (r: AnyRow) => EntityName | null)(row) as EntityName);
      if (!map) continue;
      // A new array: factories may share one array between rows.
      (row as Record<string, unknown>)[field] = Array.isArray(v) ? v.map((x) => remap(map, x)) : remap(map, v);
    }
    yield;
  }
}

import type { TypedHandlers } from '../routes/actions.js';
import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import { all, bySort, findAll } from './support/rows.js';

/** Recommendation (spec §2 /recommend): relation weights, the navigation tree and its drag-and-drop moves. */

/** A repeated id in a batch: the index of the second occurrence and of the first, or null. */
function repeated(ids: number[]): [number, number] | null {
  const seen = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) {
    const first = seen.get(ids[i]);
    if (first !== undefined) return [i, first];
    seen.set(ids[i], i);
  }
  return null;
}

/** The navigation as a two-level tree in display order; `withStatus` adds hidden entries and each node's status. */
function navTree(rows: AnyRow[], withStatus: boolean) {
  const shown = withStatus ? rows : rows.filter((n) => n.status === 1);
  const node = (n: AnyRow) => ({ id: n.id, navName: n.navName, icon: n.icon, linkType: n.linkType, linkValue: n.linkValue, ...(withStatus ? { status: n.status } : {}) });
  // A member never sees the children of a hidden entry.
  return shown.filter((r) => !r.parentId).sort(bySort).map((t) => ({ ...node(t), children: shown.filter((r) => r.parentId === t.id).sort(bySort).map((c) => ({ ...node(c), children: [] as unknown[] })) }));
}

export const recommendHandlers = {
  /** Several weights at once, all or none; the relation list orders by weight (highest first). */
  'recommendRelation.updateWeight': ({ ctx, body }) => {
    const list = body.list as { id: number; weight: number }[];
    const dup = repeated(list.map((x) => x.id));
    if (dup) throw new MockError(`list.${dup[0]}.id`, 'relation.repeats', { id: list[dup[0]].id, other: `list.${dup[1]}` });
    const rows = findAll(ctx, 'recommendRelation', list.map((x) => x.id), 'list');
    const now = ctx.crud.now();
    rows.forEach((r, i) => ctx.store.col('recommendRelation').replace({ ...r, weight: list[i].weight, updateTime: now }));
    return { count: rows.length };
  },

  'navigation.tree': ({ ctx, body }) => navTree(all(ctx, 'navigation'), !!body?.all),

  /** Drag and drop: re-parent and re-position one entry; the tree stays two levels and acyclic. */
  'navigation.move': ({ ctx, body }) => {
    const rows = all(ctx, 'navigation');
    const node = ctx.crud.find('navigation', body.id);
    const parentId = body.parentId as number;
    if (parentId) {
      if (parentId === node.id) throw new MockError('parentId', 'nav.ownParent');
      const parent = ctx.store.get<AnyRow>('navigation', parentId);
      if (!parent) throw new MockError('parentId', 'record.noParent', { what: 'navigation entry', id: parentId }, 404);
      if (parent.parentId === node.id) throw new MockError('parentId', 'nav.underOwnChild', { id: parentId, parent: node.id });
      if (parent.parentId) throw new MockError('parentId', 'nav.parentIsChild', { id: parentId });
      if (rows.some((r) => r.parentId === node.id)) throw new MockError('id', 'nav.hasChildren', { id: node.id });
    }
    const now = ctx.crud.now();
    const col = ctx.store.col('navigation');
    const siblings = rows.filter((r) => (r.parentId as number) === parentId && r.id !== node.id).sort(bySort);
    siblings.splice(Math.min(body.index as number, siblings.length), 0, { ...node, parentId });
    const renumber = (list: AnyRow[]) => list.forEach((r, k) => {
      const cur = ctx.store.get<AnyRow>('navigation', r.id)!;
      if (cur.sort !== k + 1 || cur.parentId !== r.parentId) col.replace({ ...cur, parentId: r.parentId, sort: k + 1, updateTime: now });
    });
    renumber(siblings);
    if ((node.parentId as number) !== parentId) renumber(rows.filter((r) => (r.parentId as number) === (node.parentId as number) && r.id !== node.id).sort(bySort));
    return navTree(all(ctx, 'navigation'), true);
  },
} satisfies TypedHandlers;

import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import type { MockStore } from '../store/store.js';
import { chain, defineHooks, period, snapshot, twoLevels } from './shared.js';

const TARGETS: Record<number, ['game' | 'goods' | 'article', string]> = { 1: ['game', 'gameName'], 2: ['goods', 'goodsName'], 3: ['article', 'title'] };

function recountModules(store: MockStore, pageId: number) {
  const page = store.get<AnyRow>('recommendPage', pageId);
  if (!page) return;
  let n = 0;
  for (const m of store.col('recommendModule').values()) if (m.pageId === pageId) n++;
  store.col('recommendPage').replace({ ...page, moduleCount: n });
}

/** Recommend rules: names are snapshots of what is recommended; a relation's target must exist for its type. */
export const recommendHooks = defineHooks({
  recommendGame: chain(period(), snapshot('gameId', 'game', 'gameName', 'gameName')),
  recommendGoods: chain(period(), snapshot('goodsId', 'goods', 'goodsName', 'goodsName')),
  recommendModule: {
    afterAdd: (row, h) => recountModules(h.store, row.pageId),
    afterUpdate: (row, old, h) => [row.pageId, old.pageId].forEach((id) => recountModules(h.store, id)),
    afterDel: (rows, h) => new Set(rows.map((r) => r.pageId)).forEach((id) => recountModules(h.store, id)),
    afterRestore: (rows, h) => new Set(rows.map((r) => r.pageId)).forEach((id) => recountModules(h.store, id)),
  },
  recommendRelation: (() => {
    const resolve = (row: AnyRow, h: { store: MockStore }) => {
      const [entity, label] = TARGETS[row.targetType as number];
      const target = h.store.get<AnyRow>(entity, row.targetId as number);
      if (!target) throw new MockError('targetId', 'record.notFound', { entity, ids: String(row.targetId) });
      return target[label] as string;
    };
    return {
      beforeAdd: (row, h) => ({ ...row, targetName: resolve(row as AnyRow, h) }),
      beforeUpdate: (old, patch, h) =>
        patch.targetId !== undefined || patch.targetType !== undefined ? { ...patch, targetName: resolve({ ...old, ...patch } as AnyRow, h) } : patch,
    };
  })(),
  navigation: twoLevels('navigation', 'navigation entry'),
});

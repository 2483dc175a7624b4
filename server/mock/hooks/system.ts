import { MockError } from '../store/crud.js';
import type { MockStore } from '../store/store.js';
import { chain, defineHooks, twoLevels } from './shared.js';

function recountAdmins(store: MockStore) {
  const counts = new Map<number, number>();
  for (const a of store.col('admin').values()) for (const r of a.roleIds as number[]) counts.set(r, (counts.get(r) ?? 0) + 1);
  for (const r of store.col('role').values()) if (r.adminCount !== (counts.get(r.id) ?? 0)) store.col('role').replace({ ...r, adminCount: counts.get(r.id) ?? 0 });
}

/**
 * System rules: the signed-in user cannot disable or delete themselves; role admin counts follow
 * accounts; menus are two levels with `level` derived; a message's publish time is when it is published.
 */
export const systemHooks = defineHooks({
  admin: {
    beforeUpdate(old, patch, h) {
      if (old.username === h.actor && patch.status === 0) throw new MockError('status: you cannot disable the account you are signed in with');
    },
    beforeDel(rows, h) {
      const me = rows.find((r) => r.username === h.actor);
      if (me) throw new MockError(`ids: admin ${me.id} (${me.username}) is the account you are signed in with`);
    },
    afterAdd: (_row, h) => recountAdmins(h.store),
    afterUpdate: (_row, _old, h) => recountAdmins(h.store),
    afterDel: (_rows, h) => recountAdmins(h.store),
  },
  menu: chain(twoLevels('menu', 'menu'), {
    beforeAdd: (row) => ({ ...row, level: row.parentId ? 1 : 0 }),
    beforeUpdate: (_old, patch) => (patch.parentId !== undefined ? { ...patch, level: patch.parentId ? 1 : 0 } : patch),
  }),
  systemMessage: {
    beforeUpdate(old, patch, h) {
      if (patch.status === 1 && old.status !== 1) return { ...patch, publishTime: h.now() };
    },
    beforeAdd: (row, h) => (row.status === 1 ? { ...row, publishTime: h.now() } : row),
  },
});

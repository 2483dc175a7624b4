import { MockError } from '../store/crud.js';
import type { MockStore } from '../store/store.js';
import { chain, defineHooks, twoLevels } from './shared.js';

function recountAdmins(store: MockStore) {
  const counts = new Map<number, number>();
  for (const a of store.col('admin').values()) for (const r of a.roleIds as number[]) counts.set(r, (counts.get(r) ?? 0) + 1);
  for (const r of store.col('role').values()) if (r.adminCount !== (counts.get(r.id) ?? 0)) store.col('role').replace({ ...r, adminCount: counts.get(r.id) ?? 0 });
}

const SUPER = 'super';
type Row = Record<string, unknown> & { id: number };

function superRoleIds(store: MockStore): Set<number> {
  return new Set([...store.col('role').values()].filter((r) => r.roleKey === SUPER).map((r) => r.id));
}
const isActiveSuper = (a: Row, supers: Set<number>) => a.status === 1 && (a.roleIds as number[]).some((id) => supers.has(id));
function actorRow(store: MockStore, actor: string | null): Row | undefined {
  if (!actor) return undefined;
  for (const a of store.col('admin').values()) if (a.username === actor) return a;
  return undefined;
}
/** Whether the signed-in actor is a super administrator (no actor = a seed or QA step: trusted). */
function actorIsSuper(store: MockStore, actor: string | null): boolean {
  const me = actorRow(store, actor);
  return !actor || (!!me && isActiveSuper(me, superRoleIds(store)));
}
/** Refuses leaving no active super administrator once `changed` accounts take their new values. */
function keepOneSuper(store: MockStore, changed: Map<number, Row | null>, field: string) {
  const supers = superRoleIds(store);
  const before = [...store.col('admin').values()].filter((a) => isActiveSuper(a, supers));
  if (!before.length) return;
  const after = before.filter((a) => {
    const next = changed.has(a.id) ? changed.get(a.id) : a;
    return next && isActiveSuper(next, supers);
  });
  if (!after.length) throw new MockError(field, 'admin.lastSuper', { names: before.map((a) => a.username).join(', ') });
}
function refuseGrantingSuper(store: MockStore, actor: string | null, roleIds: unknown) {
  if (!Array.isArray(roleIds) || actorIsSuper(store, actor)) return;
  const supers = superRoleIds(store);
  if (roleIds.some((id) => supers.has(id as number))) throw new MockError('roleIds', 'admin.superOnlyBySuper');
  // Nor any other role the actor does not hold (it could not act on that account afterwards).
  const mine = new Set((actorRow(store, actor)?.roleIds as number[] | undefined) ?? []);
  const unheld = roleIds.filter((id) => !mine.has(id as number));
  if (unheld.length) throw new MockError('roleIds', 'admin.roleNotHeld', { roles: roleNames(store, unheld as number[]) });
}

const roleNames = (store: MockStore, ids: number[]) => ids.map((id) => String(store.get<Row>('role', id)?.name ?? id)).join(', ');

/**
 * The one rule for acting on another account: an account may read or set the
 * password of, reset, update, disable or delete another account only when it holds every role that
 * account holds (the super role included); a super administrator holds everything. No actor (a
 * seed or QA step) is trusted; acting on oneself is governed by the self rules. Used by the admin
 * hooks below and by `admin.resetPassword` (server/mock/areas/system.ts).
 * @throws MockError naming `field` (`id`, or `ids` for a delete) and the roles the actor lacks.
 */
export function refuseActingAbove(store: MockStore, actor: string | null, target: Row, field: string): void {
  if (!actor || target.username === actor || actorIsSuper(store, actor)) return;
  const mine = new Set((actorRow(store, actor)?.roleIds as number[] | undefined) ?? []);
  const above = ((target.roleIds as number[] | undefined) ?? []).filter((id) => !mine.has(id));
  if (above.length) throw new MockError(field, 'admin.roleAbove', { id: target.id, username: String(target.username), roles: roleNames(store, above) });
}

/**
 * System rules: the signed-in user cannot disable or delete themselves, nor give their own account
 * roles; an account acts only on accounts whose every role it holds, and gives only roles it holds
 * ({@link refuseActingAbove}); only a super administrator gives the super role or edits a role they hold; the last active
 * super administrator cannot be deleted, disabled or demoted, nor the super role disabled, renamed
 * away or deleted; role admin counts follow accounts; menus are two levels with `level` derived; a
 * message's publish time is when it is published.
 */
export const systemHooks = defineHooks({
  admin: {
    beforeAdd(row, h) {
      refuseGrantingSuper(h.store, h.actor, row.roleIds);
    },
    beforeUpdate(old, patch, h) {
      refuseActingAbove(h.store, h.actor, old, 'id');
      if (old.username === h.actor && patch.status === 0) throw new MockError('status', 'admin.disableSelf');
      if (old.username === h.actor && Array.isArray(patch.roleIds) && (patch.roleIds as number[]).some((id) => !(old.roleIds as number[]).includes(id)))
        throw new MockError('roleIds', 'admin.rolesSelf');
      refuseGrantingSuper(h.store, h.actor, patch.roleIds);
      if (patch.status !== undefined || patch.roleIds !== undefined) keepOneSuper(h.store, new Map([[old.id, { ...old, ...patch }]]), patch.roleIds !== undefined ? 'roleIds' : 'status');
    },
    beforeDel(rows, h) {
      const me = rows.find((r) => r.username === h.actor);
      if (me) throw new MockError('ids', 'admin.deleteSelf', { id: me.id, username: me.username });
      for (const r of rows) refuseActingAbove(h.store, h.actor, r, 'ids');
      keepOneSuper(h.store, new Map(rows.map((r) => [r.id, null])), 'ids');
    },
    afterAdd: (_row, h) => recountAdmins(h.store),
    afterUpdate: (_row, _old, h) => recountAdmins(h.store),
    afterDel: (_rows, h) => recountAdmins(h.store),
    afterRestore: (_rows, h) => recountAdmins(h.store),
  },
  role: {
    beforeUpdate(old, patch, h) {
      if (old.roleKey === SUPER && ((patch.status !== undefined && patch.status !== 1) || (patch.roleKey !== undefined && patch.roleKey !== SUPER)))
        throw new MockError(patch.status !== undefined ? 'status' : 'roleKey', 'role.superFixed');
      const me = actorRow(h.store, h.actor);
      if (me && (me.roleIds as number[]).includes(old.id) && !actorIsSuper(h.store, h.actor))
        throw new MockError('id', 'role.held', { id: old.id, name: old.name as string });
      if (patch.roleKey === SUPER && old.roleKey !== SUPER && !actorIsSuper(h.store, h.actor)) throw new MockError('roleKey', 'role.superBySuper');
    },
    beforeAdd(row, h) {
      if (row.roleKey === SUPER) throw new MockError('roleKey', 'role.superOnce', { key: SUPER });
      void h;
    },
    beforeDel(rows) {
      const s = rows.find((r) => r.roleKey === SUPER);
      if (s) throw new MockError('ids', 'role.superNoDelete', { id: s.id, name: s.name as string });
    },
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

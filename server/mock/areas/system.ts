import { checkPasswordAsync, hashPasswordAsync, storedPasswordOf, type ConsoleAccount } from '../accounts.js';
import type { MockContext } from '../context.js';
import { grantsOf } from '../permissions.js';
import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import type { TypedHandlers } from '../routes/actions.js';
import { attachment, writeRows, XLSX_TYPE } from '../store/sheet.js';
import { newPassword } from './support/password.js';
import { refuseActingAbove } from '../hooks/system.js';
import { all, tree } from './support/rows.js';

/**
 * System actions (spec §2 /system): change one's own password, reset another account's password
 * (answered once), the menu tree, resource batch add/modify/export, and the signed-in user's messages
 * for the header bell (latest published ones addressed to everyone or to one of their roles, with the
 * unread count, and marking them read).
 */

/** Read message ids per account, per mock context (a data reset keeps them: ids are stable per seed). */
const READ = new WeakMap<MockContext, Map<number, Set<number>>>();
function readSet(ctx: MockContext, userId: number): Set<number> {
  let byUser = READ.get(ctx);
  if (!byUser) READ.set(ctx, (byUser = new Map()));
  let s = byUser.get(userId);
  if (!s) byUser.set(userId, (s = new Set()));
  return s;
}

function me(ctx: MockContext, actor: string | null): ConsoleAccount {
  for (const a of ctx.store.col('admin').values() as Iterable<ConsoleAccount>) if (a.username === actor) return a;
  throw new MockError('token', 'session.signInFirst', {}, 401);
}

/** Published messages addressed to the account (no target roles = everyone), latest first. */
function myMessages(ctx: MockContext, account: ConsoleAccount): AnyRow[] {
  const roleIds = new Set(grantsOf(ctx.store, account).roles.map((r) => r.id));
  return [...ctx.store.col('systemMessage').values()]
    .filter((m) => m.status === 1 && ((m.targetRoleIds as number[]).length === 0 || (m.targetRoleIds as number[]).some((id) => roleIds.has(id))))
    .sort((a, b) => String(b.publishTime ?? '').localeCompare(String(a.publishTime ?? '')) || b.id - a.id);
}

/** A refusal about an item of a batch: the same key and values, its field under `at` (`list.3.url`). */
function nested(e: unknown, at: string): unknown {
  if (!(e instanceof MockError)) return e;
  const { field, key, params } = e.refusal;
  return new MockError(field ? `${at}.${field}` : at, key, params, e.code, e.httpStatus);
}

export const systemHandlers = {
  'admin.resetPassword': async ({ ctx, body, actor }) => {
    const row = ctx.crud.find('admin', body.id) as unknown as ConsoleAccount;
    if (row.username === actor) throw new MockError('id', 'password.resetOwn');
    // Only an account holding every role of this one may give it a password.
    refuseActingAbove(ctx.store, actor, row as unknown as AnyRow, 'id');
    const password = newPassword(12);
    const hash = await hashPasswordAsync(password);
    // The record as it is once the hash is done (another request may have changed it meanwhile).
    const now = ctx.crud.find('admin', body.id);
    ctx.store.col('admin').replace({ ...now, password: hash, updateTime: ctx.crud.now() });
    ctx.sessions.revokeUser(row.id);
    return { password };
  },

  'systemMessage.mine': ({ ctx, body, actor }) => {
    const account = me(ctx, actor);
    const read = readSet(ctx, account.id);
    const list = myMessages(ctx, account);
    return {
      unread: list.filter((m) => !read.has(m.id)).length,
      list: list.slice(0, body.limit ?? 8).map((m) => ({ id: m.id, title: m.title, content: m.content, level: m.level, publishTime: m.publishTime ?? m.createTime, read: read.has(m.id) })),
    };
  },

  'systemMessage.read': ({ ctx, body, actor }) => {
    const account = me(ctx, actor);
    const mine = new Map(myMessages(ctx, account).map((m) => [m.id, m]));
    const ids: number[] = body.ids ?? [...mine.keys()];
    const unknown = ids.filter((id) => !mine.has(id));
    if (unknown.length) throw new MockError('ids', 'message.notYours', { ids: unknown.slice(0, 10).join(', ') }, 404);
    const read = readSet(ctx, account.id);
    let count = 0;
    for (const id of ids)
      if (!read.has(id)) {
        read.add(id);
        const m = mine.get(id)!;
        ctx.store.col('systemMessage').replace({ ...m, readCount: (m.readCount as number) + 1 });
        count++;
      }
    return { count };
  },

  /**
   * Checks the current password (the demo accounts' fixture hash, or the one set here before) and
   * stores the new one on the admin record. Sign-in reads fixtures/accounts.json, so the new password
   * takes effect for sign-in only once the login route consults the admin records.
   */
  'admin.updateIcon': ({ ctx, body, actor }) => {
    if (!actor) throw new MockError('icon', 'session.signInFirst', {}, 401);
    const admin = all(ctx, 'admin').find((a) => a.username === actor);
    if (!admin) throw new MockError('icon', 'password.noAccount', { username: actor }, 404);
    ctx.store.col('admin').replace({ ...admin, icon: body.icon, updateTime: ctx.crud.now() });
    return { icon: body.icon };
  },

  'admin.updatePassword': async ({ ctx, body, actor }) => {
    if (!actor) throw new MockError('oldPassword', 'session.signInFirst', {}, 401);
    const account = () => all(ctx, 'admin').find((a) => a.username === actor);
    const admin = account();
    if (!admin) throw new MockError('oldPassword', 'password.noAccount', { username: actor }, 404);
    // Both hashes run in the thread pool (as sign-in's does): the event loop serves others meanwhile.
    const stored = String(admin.password);
    if (!(await checkPasswordAsync(storedPasswordOf(admin as unknown as ConsoleAccount), body.oldPassword))) throw new MockError('oldPassword', 'password.wrong');
    if (body.oldPassword === body.newPassword) throw new MockError('newPassword', 'password.same');
    const hash = await hashPasswordAsync(body.newPassword);
    // The old password is the one checked: a change made meanwhile (another session) makes it wrong.
    const now = account();
    if (!now) throw new MockError('oldPassword', 'password.noAccount', { username: actor }, 404);
    if (String(now.password) !== stored) throw new MockError('oldPassword', 'password.wrong');
    ctx.store.col('admin').replace({ ...now, password: hash, updateTime: ctx.crud.now() });
    // Spec: a changed password signs the user out everywhere, this session included.
    ctx.sessions.revokeUser(admin.id);
    return null;
  },

  'menu.tree': ({ ctx }) => tree(all(ctx, 'menu'), (m) => ({ id: m.id, title: m.title, name: m.name, path: m.path, sort: m.sort, hidden: m.hidden })),

  'resource.batchAdd': ({ ctx, body, actor }) => {
    // New rows have no id or times yet; the store's checks read them as rows all the same.
    const list = body.list as unknown as AnyRow[];
    const def = ctx.store.col('resource').def;
    const seen = new Map<string, number>();
    list.forEach((r, i) => {
      try {
        ctx.crud.checkRefs(def, r, Object.keys(r));
        ctx.crud.checkUnique('resource', def, r, null);
      } catch (e) {
        throw nested(e, `list.${i}`);
      }
      const key = String(r.url).toLowerCase();
      if (seen.has(key)) throw new MockError(`list.${i}.url`, 'list.repeats', { value: String(r.url), other: `list.${seen.get(key)}` });
      seen.set(key, i);
    });
    for (const r of list) ctx.crud.insert('resource', r, actor);
    return { count: list.length };
  },

  'resource.batchUpdate': ({ ctx, body, actor }) => {
    const list = body.list as (AnyRow & { id: number })[];
    const def = ctx.store.col('resource').def;
    const urls = new Map([...ctx.store.col('resource').values()].map((r) => [r.id, String(r.url).toLowerCase()]));
    list.forEach((p, i) => {
      if (!ctx.store.get('resource', p.id)) throw new MockError(`list.${i}.id`, 'record.notFound', { entity: 'resource', ids: String(p.id) }, 404);
      try {
        ctx.crud.checkRefs(def, p, Object.keys(p));
      } catch (e) {
        throw nested(e, `list.${i}`);
      }
      if (p.url !== undefined) urls.set(p.id, String(p.url).toLowerCase());
    });
    const byUrl = new Map<string, number>();
    for (const [id, url] of urls) {
      const other = byUrl.get(url);
      if (other !== undefined) {
        const i = list.findIndex((p) => p.id === id || p.id === other);
        throw new MockError(`list.${i}.url`, 'resource.sharedUrl', { url, a: other, b: id });
      }
      byUrl.set(url, id);
    }
    for (const p of list) ctx.crud.patch('resource', p, actor);
    return { count: list.length };
  },

  'resource.export': async ({ ctx, body, reply }) => {
    const ids = body.ids ? new Set<number>(body.ids) : null;
    const rows = all(ctx, 'resource')
      .filter((r) => (!ids || ids.has(r.id)) && (!body.categoryId || r.categoryId === body.categoryId))
      .map((r) => ({ ...r, categoryName: ctx.store.get<AnyRow>('resourceCategory', r.categoryId as number)?.name ?? '' }));
    const columns = [
      { field: 'id', zh_CN: 'ID', en: 'ID' },
      { field: 'name', zh_CN: '资源名称', en: 'Name' },
      { field: 'url', zh_CN: '资源路径', en: 'URL' },
      { field: 'categoryName', zh_CN: '资源分类', en: 'Category' },
      { field: 'description', zh_CN: '描述', en: 'Description' },
      { field: 'createTime', zh_CN: '创建时间', en: 'Created' },
    ];
    const file = await writeRows('资源', columns, rows);
    return reply.type(XLSX_TYPE).header('Content-Disposition', attachment(`资源-${ctx.crud.now().slice(0, 10).replace(/-/g, '')}.xlsx`)).header('Cache-Control', 'no-store').send(file);
  },
} satisfies TypedHandlers;

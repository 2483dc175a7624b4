import { randomInt } from 'node:crypto';
import { hashPassword, type ConsoleAccount } from '../accounts.js';
import type { MockContext } from '../context.js';
import { grantsOf } from '../permissions.js';
import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import type { ActionHandlers } from './actions.js';

/**
 * System actions (spec §2 /system): reset another account's password (answered once), and the
 * signed-in user's messages for the header bell (latest published ones addressed to everyone or to
 * one of their roles, with the unread count, and marking them read).
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
  throw new MockError('token: sign in first', 401);
}

/** Published messages addressed to the account (no target roles = everyone), latest first. */
function myMessages(ctx: MockContext, account: ConsoleAccount): AnyRow[] {
  const roleIds = new Set(grantsOf(ctx.store, account).roles.map((r) => r.id));
  return [...ctx.store.col('systemMessage').values()]
    .filter((m) => m.status === 1 && ((m.targetRoleIds as number[]).length === 0 || (m.targetRoleIds as number[]).some((id) => roleIds.has(id))))
    .sort((a, b) => String(b.publishTime ?? '').localeCompare(String(a.publishTime ?? '')) || b.id - a.id);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export const systemHandlers: ActionHandlers = {
  'admin.resetPassword': ({ ctx, body, actor }) => {
    const row = ctx.crud.find('admin', body.id) as unknown as ConsoleAccount;
    if (row.username === actor) throw new MockError('id: change your own password on the change-password screen, with your current one');
    // 12 characters with at least a letter and a digit (the password rule of PasswordPayload).
    let password = '';
    while (!/[A-Za-z]/.test(password) || !/\d/.test(password)) password = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    ctx.store.col('admin').replace({ ...(row as unknown as AnyRow), password: hashPassword(password), updateTime: ctx.crud.now() });
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
    if (unknown.length) throw new MockError(`ids: no message ${unknown.slice(0, 10).join(', ')} addressed to you`, 404);
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
};

import type { TypedHandlers } from '../routes/actions.js';
import type { AnyRow } from '../store/seed.js';
import { audit } from './support/audit.js';
import { all } from './support/rows.js';

/** Game accounts (spec §2 /account): usage statistics, and revealing an account's password (audited). */

export const accountHandlers = {
  'gameAccount.statistics': ({ ctx, body }) => {
    const from = body.startDate ? `${body.startDate} 00:00:00` : '';
    const to = body.endDate ? `${body.endDate} 23:59:59` : '\uffff';
    const accounts = all(ctx, 'gameAccount').filter((a) => !body.gameId || a.gameId === body.gameId);
    const uses = all(ctx, 'accountUseRecord').filter((u) => (!body.gameId || u.gameId === body.gameId) && (u.startTime as string) >= from && (u.startTime as string) <= to);
    const byStatus = [0, 1, 2, 3].map((status) => ({ status, count: accounts.filter((a) => a.status === status).length }));
    const games = new Map<number, { accounts: number; uses: number; minutes: number; income: number }>();
    const slot = (id: number) => games.get(id) ?? (games.set(id, { accounts: 0, uses: 0, minutes: 0, income: 0 }), games.get(id)!);
    for (const a of accounts) slot(a.gameId as number).accounts++;
    for (const u of uses) {
      const s = slot(u.gameId as number);
      s.uses++;
      s.minutes += u.durationMinutes as number;
      s.income += u.amount as number;
    }
    const byGame = [...games].map(([gameId, s]) => ({ gameId, gameName: String(ctx.store.get<AnyRow>('game', gameId)?.gameName ?? gameId), ...s })).sort((a, b) => b.income - a.income);
    return {
      accountTotal: accounts.length, byStatus, useCount: uses.length,
      useMinutes: uses.reduce((s, u) => s + (u.durationMinutes as number), 0), income: uses.reduce((s, u) => s + (u.amount as number), 0), byGame,
    };
  },

  'gameAccount.reveal': ({ ctx, body, actor }) => {
    const a = ctx.crud.find('gameAccount', body.id);
    audit(ctx, actor, { action: 1, targetType: 4, targetId: a.id, targetLabel: String(a.account) });
    return { id: a.id, label: String(a.account), secret: String(a.password) };
  },
} satisfies TypedHandlers;

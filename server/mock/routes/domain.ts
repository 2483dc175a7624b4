import { randomBytes } from 'node:crypto';
import { authenticate, checkPassword, hashPassword } from '../accounts.js';
import type { MockContext } from '../context.js';
import { checkCdkOwner } from '../hooks/cdk.js';
import { MockError, titleOf } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import { attachment, writeRows, XLSX_TYPE } from '../store/sheet.js';
import type { ActionHandlers } from './actions.js';

/**
 * Domain actions of the other areas (spec §2 screens): CDK batch import, account statistics,
 * settlements, menu trees (the storefront areas' actions are in storefront-actions.ts),
 * rental audit and verification, resource batch create/modify/export, password change.
 * Each checks everything first and changes nothing when it refuses.
 */

function all(ctx: MockContext, name: Parameters<MockContext['store']['col']>[0]): AnyRow[] {
  return [...ctx.store.col(name).values()];
}

function tree(rows: AnyRow[], pick: (r: AnyRow) => Record<string, unknown>) {
  const bySort = (a: AnyRow, b: AnyRow) => (a.sort as number) - (b.sort as number) || a.id - b.id;
  const tops = rows.filter((r) => !r.parentId).sort(bySort);
  return tops.map((t) => ({ ...pick(t), children: rows.filter((r) => r.parentId === t.id).sort(bySort).map((c) => ({ ...pick(c), children: [] as unknown[] })) }));
}

/** Every id exists, else a 404 naming the first missing ones. */
function findAll(ctx: MockContext, name: Parameters<MockContext['crud']['find']>[0], ids: number[], field = 'ids'): AnyRow[] {
  const missing = ids.filter((id) => !ctx.store.get(name, id));
  if (missing.length) throw new MockError(`${field}: no ${titleOf(name)} with id ${missing.slice(0, 10).join(', ')}`, 404);
  return ids.map((id) => ctx.store.get<AnyRow>(name, id)!);
}

export const domainHandlers: ActionHandlers = {
  'cdkCode.batchImport': ({ ctx, body }) => {
    const owner = { ownerType: body.ownerType, platformId: body.platformId, merchantId: body.merchantId, activityId: body.activityId } as unknown as AnyRow;
    checkCdkOwner(owner);
    if (body.platformId) ctx.crud.find('cdkPlatform', body.platformId, 'platformId');
    if (body.merchantId) ctx.crud.find('cdkMerchant', body.merchantId, 'merchantId');
    if (body.activityId) ctx.crud.find('cdkWechatActivity', body.activityId, 'activityId');
    if (body.goodsId) ctx.crud.find('goods', body.goodsId, 'goodsId');
    const codes = body.codes as string[];
    const existing = new Set(all(ctx, 'cdkCode').map((c) => String(c.code).toLowerCase()));
    const dup = codes.findIndex((c) => existing.has(c.toLowerCase()));
    if (dup >= 0) throw new MockError(`codes.${dup}: "${codes[dup]}" already exists; nothing was imported`);
    const now = ctx.crud.now();
    const col = ctx.store.col('cdkCode');
    const batchNo = body.batchNo ?? `C${now.slice(0, 10).replace(/-/g, '')}${String(col.peekNextId()).padStart(6, '0')}`;
    const fields = Object.fromEntries(Object.entries({ ownerType: body.ownerType, platformId: body.platformId, merchantId: body.merchantId, activityId: body.activityId, goodsId: body.goodsId, expireTime: body.expireTime }).filter(([, v]) => v !== undefined));
    // Bulk insert straight into the collection: the checks above cover what add's rules would check per row.
    for (const code of codes) col.insert({ code, batchNo, ...fields, faceValue: body.faceValue, status: 0, createTime: now, updateTime: now });
    const bump = (name: 'cdkPlatform' | 'cdkMerchant', id: number | undefined, field: string) => {
      const row = id ? ctx.store.get<AnyRow>(name, id) : undefined;
      if (row) ctx.store.col(name).replace({ ...row, [field]: (row[field] as number) + codes.length, updateTime: now });
    };
    bump('cdkPlatform', body.platformId, 'codeCount');
    bump('cdkMerchant', body.merchantId, 'usedQuota');
    return { count: codes.length, batchNo };
  },

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

  'merchantIncome.settle': ({ ctx, body }) => {
    const rows = findAll(ctx, 'merchantIncome', body.ids);
    const bad = rows.find((r) => r.status !== 0);
    if (bad) throw new MockError(`ids: merchant income ${bad.id} is ${bad.status === 1 ? 'already settled' : 'frozen'}`);
    const now = ctx.crud.now();
    for (const r of rows) {
      ctx.store.col('merchantIncome').replace({ ...r, status: 1, settleTime: now, updateTime: now });
      const m = ctx.store.get<AnyRow>('merchant', r.merchantId as number)!;
      ctx.store.col('merchant').replace({ ...m, balance: (m.balance as number) + (r.income as number), updateTime: now });
    }
    return { count: rows.length };
  },

  'rentalIncome.settle': ({ ctx, body }) => {
    const rows = findAll(ctx, 'rentalIncome', body.ids);
    const bad = rows.find((r) => r.status !== 0);
    if (bad) throw new MockError(`ids: rental income ${bad.id} is ${bad.status === 1 ? 'already settled' : 'frozen'}`);
    const now = ctx.crud.now();
    for (const r of rows) ctx.store.col('rentalIncome').replace({ ...r, status: 1, settleTime: now, updateTime: now });
    return { count: rows.length };
  },

  'menu.tree': ({ ctx }) => tree(all(ctx, 'menu'), (m) => ({ id: m.id, title: m.title, name: m.name, path: m.path, sort: m.sort, hidden: m.hidden })),

  'rentApply.audit': ({ ctx, body, actor }) => {
    const a = ctx.crud.find('rentApply', body.id);
    if (a.status !== 0) throw new MockError(`id: application ${a.id} is already ${a.status === 1 ? 'approved' : 'rejected'}`);
    if (!body.approved && !String(body.auditRemark ?? '').trim()) throw new MockError('auditRemark: give the reason for refusing the application');
    const now = ctx.crud.now();
    if (body.approved) {
      // The owner hands the password over at verification; until then the account holds a placeholder.
      ctx.crud.insert('rentAccount', {
        ownerMemberId: a.memberId, gameId: a.gameId, account: a.account, password: `pending-${randomBytes(4).toString('hex')}`,
        serverName: a.serverName, hourlyPrice: a.expectHourlyPrice, status: 0, verifyStatus: 0, verifyRemark: '', rentCount: 0,
      }, actor);
    }
    return ctx.store.col('rentApply').replace({ ...a, status: body.approved ? 1 : 2, auditRemark: body.auditRemark ?? '', auditTime: now, updateTime: now });
  },

  'rentAccount.verify': ({ ctx, body }) => {
    const a = ctx.crud.find('rentAccount', body.id);
    if (a.status === 2) throw new MockError(`id: rental account ${a.id} is rented out; verify it when the rental ends`);
    const now = ctx.crud.now();
    const status = body.passed ? a.status : a.status === 1 ? 0 : a.status;
    if (!body.passed && !String(body.remark ?? '').trim()) throw new MockError('remark: say what failed in the check');
    const row = ctx.store.col('rentAccount').replace({ ...a, verifyStatus: body.passed ? 1 : 2, verifyTime: now, verifyRemark: body.remark ?? '', status, updateTime: now });
    // An account that failed its check can no longer be rented: its listings leave the board.
    if (!body.passed) for (const l of all(ctx, 'rentListing')) if (l.rentAccountId === a.id && l.status === 1) ctx.store.col('rentListing').replace({ ...l, status: 2, updateTime: now });
    return ctx.store.col('rentAccount').view(row);
  },

  'rentOrder.remark': ({ ctx, body }) => {
    const o = ctx.crud.find('rentOrder', body.id);
    return ctx.store.col('rentOrder').replace({ ...o, remark: body.remark, updateTime: ctx.crud.now() });
  },

  'resource.batchAdd': ({ ctx, body, actor }) => {
    const list = body.list as AnyRow[];
    const def = ctx.store.col('resource').def;
    const seen = new Map<string, number>();
    list.forEach((r, i) => {
      try {
        ctx.crud.checkRefs(def, r, Object.keys(r));
        ctx.crud.checkUnique('resource', def, r, null);
      } catch (e) {
        throw new MockError(`list.${i}.${(e as Error).message}`);
      }
      const key = String(r.url).toLowerCase();
      if (seen.has(key)) throw new MockError(`list.${i}.url: "${r.url}" repeats list.${seen.get(key)}`);
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
      if (!ctx.store.get('resource', p.id)) throw new MockError(`list.${i}.id: no resource with id ${p.id}`, 404);
      try {
        ctx.crud.checkRefs(def, p, Object.keys(p));
      } catch (e) {
        throw new MockError(`list.${i}.${(e as Error).message}`);
      }
      if (p.url !== undefined) urls.set(p.id, String(p.url).toLowerCase());
    });
    const byUrl = new Map<string, number>();
    for (const [id, url] of urls) {
      const other = byUrl.get(url);
      if (other !== undefined) {
        const i = list.findIndex((p) => p.id === id || p.id === other);
        throw new MockError(`list.${i}.url: "${url}" would be used by resources ${other} and ${id}`);
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

  /**
   * Checks the current password (the demo accounts' fixture hash, or the one set here before) and
   * stores the new one on the admin record. Sign-in reads fixtures/accounts.json, so the new password
   * takes effect for sign-in only once the login route consults the admin records.
   */
  'admin.updatePassword': ({ ctx, body, actor }) => {
    if (!actor) throw new MockError('oldPassword: sign in first', 401);
    const admin = all(ctx, 'admin').find((a) => a.username === actor);
    if (!admin) throw new MockError(`oldPassword: no console account ${actor}`, 404);
    const stored = String(admin.password);
    const okOld = stored.startsWith('scrypt:') ? checkPassword(stored, body.oldPassword) : authenticate(actor, body.oldPassword) !== null;
    if (!okOld) throw new MockError('oldPassword: wrong password');
    if (body.oldPassword === body.newPassword) throw new MockError('newPassword: must differ from the current password');
    ctx.store.col('admin').replace({ ...admin, password: hashPassword(body.newPassword), updateTime: ctx.crud.now() });
    // Spec/issue 11: a changed password signs the user out everywhere, this session included.
    ctx.sessions.revokeUser(admin.id);
    return null;
  },
};

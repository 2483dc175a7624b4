import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { pgliteDriver } from '../../server/console-db/pglite.js';
import type { AppDeps } from '../../server/deps.js';
import type { MockContext } from '../../server/mock/context.js';
import { makeApp, signIn, testClock } from './helpers.js';
import { startUpstream, type Upstream } from './upstream.js';

/**
 * Four eyes on sensitive actions (`/console/approval/*` and the gate before the mock's handlers),
 * through inject: below a threshold a write goes through; above it the call is kept as a pending
 * approval and nothing is written; another approver decides it once, before it expires; the write
 * then runs as the requester, once, and the trail names both.
 */

const apps: FastifyInstance[] = [];
let upstream: Upstream | null = null;
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  await upstream?.close();
  upstream = null;
});

type Row = Record<string, any>;

const ENV = { APPROVAL_WALLET_CENTS: '10000', APPROVAL_REFUND_CENTS: '10000', APPROVAL_VOID_COUNT: '2' };

let pglite: PGlite | null = null;
afterAll(async () => {
  await pglite?.close();
});

async function setup(now?: () => number, deps: AppDeps = {}) {
  const { app } = await makeApp({ ...ENV, MOCK_CAPTCHA_CODE: 'TEST' }, { ...deps, ...(now ? { now } : {}) });
  apps.push(app);
  const post = async (token: string, url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: token, ...headers } });
    return res.json();
  };
  const ctx = (app as unknown as { __mockCtx: MockContext }).__mockCtx;
  const all = (kind: string) => [...ctx.store.col(kind as never).values()] as unknown as Row[];
  const member = () => all('member').find((m) => m.status === 1)!;
  const balance = (id: number) => ctx.store.get<{ balance: number }>('member', id)!.balance;
  const walletRows = (id: number) => all('walletRecord').filter((w) => w.memberId === id).length;
  return { app, post, ctx, all, member, balance, walletRows, admin: await signIn(app, 'admin', 'admin123'), operator: await signIn(app, 'operator', 'operator123') };
}

describe('the gate', () => {
  test('below the threshold the write goes through; above it waits, nothing is written, and the requester is told', async () => {
    const { post, member, balance, walletRows, operator } = await setup();
    const m = member();
    const b0 = balance(m.id);
    expect((await post(operator, '/v1/walletRecord/recharge', { memberId: m.id, amount: 10000, channel: 1, remark: '线下转账' })).code).toBe(200);
    expect(balance(m.id)).toBe(b0 + 10000);
    const rows = walletRows(m.id);
    const r = await post(operator, '/v1/walletRecord/recharge', { memberId: m.id, amount: 50000, channel: 1, remark: '大额线下转账' });
    expect(r).toMatchObject({ code: 202, data: null, key: 'approval.sent', params: { id: expect.any(Number) } });
    expect(balance(m.id)).toBe(b0 + 10000);
    expect(walletRows(m.id)).toBe(rows);
    const mine = (await post(operator, '/console/approval/list', { mine: true })).data;
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({ id: r.params.id, operation: 'walletRecord.recharge', requesterName: 'operator', reason: '大额线下转账', status: 0, measure: 50000, threshold: 10000, mine: true, decided: false });
    expect(JSON.parse(mine.list[0].payload)).toMatchObject({ memberId: m.id, amount: 50000 });
    expect(JSON.parse(mine.list[0].stateBefore)).toMatchObject({ id: m.id, balance: b0 + 10000 });
  });

  test('a call without a reason is refused naming approvalReason; the header gives one', async () => {
    const { post, member, operator } = await setup();
    const m = member();
    const r = await post(operator, '/v1/walletRecord/recharge', { memberId: m.id, amount: 50000, channel: 1 });
    expect(r).toMatchObject({ code: 400, field: 'approvalReason', key: 'approval.reasonRequired' });
    expect((await post(operator, '/console/approval/list', {})).data.total).toBe(0);
    const ok = await post(operator, '/v1/walletRecord/recharge', { memberId: m.id, amount: 50000, channel: 1 }, { 'x-approval-reason': encodeURIComponent('客户补款') });
    expect(ok.code).toBe(202);
    expect((await post(operator, '/console/approval/info', { id: ok.params.id })).data.reason).toBe('客户补款');
  });

  test('a batch void above the count waits', async () => {
    const { post, ctx, all, admin, operator } = await setup();
    const unsold = all('card').filter((c) => c.status === 0).slice(0, 3).map((c) => c.id as number);
    const before = unsold.map((id) => ctx.store.get<{ status: number }>('card', id)!.status);
    const r = await post(operator, '/v1/card/batchVoid', { ids: unsold, reason: '批次泄露' });
    expect(r.code).toBe(202);
    expect(unsold.map((id) => ctx.store.get<{ status: number }>('card', id)!.status)).toEqual(before);
    expect((await post(admin, '/console/approval/list', { mine: false, status: 0 })).data.list[0]).toMatchObject({ operation: 'card.batchVoid', measure: 3, threshold: 2 });
  });
});

describe('deciding', () => {
  test('the admin approves: the write runs once as the requester, twice is refused, and the money moves once', async () => {
    const { app, post, member, balance, walletRows, admin, operator } = await setup();
    const m = member();
    const b0 = balance(m.id);
    const rows = walletRows(m.id);
    const { params } = await post(operator, '/v1/walletRecord/recharge', { memberId: m.id, amount: 50000, channel: 1, remark: '大额' });
    // Not an approver.
    expect(await post(operator, '/console/approval/approve', { id: params.id, reason: '自己批' })).toMatchObject({ code: 403, field: 'permission', key: 'approval.approversOnly' });
    expect((await post(admin, '/console/approval/list', { mine: false, decided: false })).data.total).toBe(1);
    const done = await post(admin, '/console/approval/approve', { id: params.id, reason: '已核对转账凭证' });
    expect(done).toMatchObject({ code: 200, data: { status: 1, deciderName: 'admin', decisionReason: '已核对转账凭证', decided: true } });
    expect(balance(m.id)).toBe(b0 + 50000);
    expect(walletRows(m.id)).toBe(rows + 1);
    const again = await post(admin, '/console/approval/approve', { id: params.id, reason: '再批一次' });
    expect(again).toMatchObject({ code: 400, field: 'id', key: 'approval.decided' });
    expect(await post(admin, '/console/approval/reject', { id: params.id, reason: '撤回' })).toMatchObject({ code: 400, key: 'approval.decided' });
    expect(balance(m.id)).toBe(b0 + 50000);

    // The trail: the recharge as the operator's, with the approver beside its fields; the decision as the admin's.
    await app.auditTrail!.flush();
    const trail = (await post(admin, '/console/auditLog/list', { pageSize: 50 })).data.list as { operation: string; username: string; fields: string; outcome: number; code: number }[];
    const run = trail.find((e) => e.operation === 'walletRecord.recharge' && e.outcome === 1)!;
    expect(run.username).toBe('operator');
    expect(JSON.parse(run.fields)).toMatchObject({ approvalId: params.id, approvedBy: 'admin', amount: 50000 });
    const decision = trail.find((e) => e.operation === 'approval.approve')!;
    expect(decision.username).toBe('admin');
    expect(JSON.parse(decision.fields)).toMatchObject({ approvalId: params.id, requester: 'operator', reason: '已核对转账凭证' });
    expect(trail.find((e) => e.operation === 'walletRecord.recharge' && e.code === 202)?.username).toBe('operator');
  });

  test('a large refund audit waits, and approved, the refund is paid to the wallet once', async () => {
    const { post, ctx, all, balance, admin, operator } = await setup();
    const pending = all('refund').find((r) => r.status === 0 && r.amount > 10000);
    expect(pending).toBeDefined();
    const b0 = balance(pending!.memberId);
    const r = await post(operator, '/v1/refund/audit', { id: pending!.id, approved: true, auditRemark: '同意退款' });
    expect(r.code).toBe(202);
    expect(ctx.store.get<{ status: number }>('refund', pending!.id)!.status).toBe(0);
    expect((await post(admin, '/console/approval/approve', { id: r.params.id, reason: '核实' })).data.status).toBe(1);
    expect(ctx.store.get<{ status: number }>('refund', pending!.id)!.status).toBe(3);
    expect(balance(pending!.memberId)).toBe(b0 + pending!.amount);
    expect((await post(admin, '/console/approval/approve', { id: r.params.id, reason: '核实' })).code).toBe(400);
    expect(balance(pending!.memberId)).toBe(b0 + pending!.amount);
  });

  test("the only approver acts alone; with a second one, self-approval is refused and the other decides", async () => {
    const { app, post, member, balance, admin } = await setup();
    const alone = member();
    const a0 = balance(alone.id);
    expect((await post(admin, '/v1/walletRecord/recharge', { memberId: alone.id, amount: 50000, channel: 1, remark: '唯一管理员' })).code).toBe(200);
    expect(balance(alone.id)).toBe(a0 + 50000);
    // A second approver: a finance role given the approver resource.
    const res = await post(admin, '/v1/resource/add', { name: '审批', url: '/console/approval/approve', categoryId: 1 });
    expect(res.code).toBe(200);
    const roles = (await post(admin, '/v1/role/list', { pageSize: 50 })).data.list as { id: number; roleKey: string; resourceIds: number[] }[];
    const finance = roles.find((r) => r.roleKey === 'finance')!;
    expect((await post(admin, '/v1/role/update', { id: finance.id, resourceIds: [...finance.resourceIds, res.data.id] })).code).toBe(200);
    expect((await post(admin, '/v1/admin/add', { username: 'fin', nickName: 'Fin', password: 'fin12345', roleIds: [finance.id], status: 1 })).code).toBe(200);
    const fin = await signIn(app, 'fin', 'fin12345');
    const m = member();
    const b0 = balance(m.id);
    const { params } = await post(admin, '/v1/walletRecord/recharge', { memberId: m.id, amount: 50000, channel: 1, remark: '管理员充值' });
    expect(params?.id).toEqual(expect.any(Number));
    expect(await post(admin, '/console/approval/approve', { id: params.id, reason: '我批我自己' })).toMatchObject({ code: 400, field: 'id', key: 'approval.self' });
    expect(balance(m.id)).toBe(b0);
    expect((await post(fin, '/console/approval/list', { mine: false, decided: false })).data.total).toBe(1);
    expect((await post(fin, '/console/approval/approve', { id: params.id, reason: '复核' })).data.status).toBe(1);
    expect(balance(m.id)).toBe(b0 + 50000);
  });

  test('a rejected request writes nothing and cannot be approved after', async () => {
    const { post, member, balance, admin, operator } = await setup();
    const m = member();
    const b0 = balance(m.id);
    const { params } = await post(operator, '/v1/walletRecord/recharge', { memberId: m.id, amount: 50000, channel: 1, remark: '大额' });
    expect(await post(admin, '/console/approval/reject', { id: params.id, reason: '' })).toMatchObject({ code: 400, field: 'reason' });
    expect((await post(admin, '/console/approval/reject', { id: params.id, reason: '凭证不符' })).data).toMatchObject({ status: 2, decisionReason: '凭证不符' });
    expect((await post(admin, '/console/approval/approve', { id: params.id, reason: '改主意' })).key).toBe('approval.decided');
    expect(balance(m.id)).toBe(b0);
    // The requester sees the decision.
    expect((await post(operator, '/console/approval/list', { decided: true })).data.list[0]).toMatchObject({ id: params.id, status: 2, mine: true });
  });

  test('an approval not decided within APPROVAL_HOURS expires and cannot be approved', async () => {
    const clock = testClock();
    const { app, post, member, balance, operator } = await setup(clock.now);
    const m = member();
    const b0 = balance(m.id);
    const { params } = await post(operator, '/v1/walletRecord/recharge', { memberId: m.id, amount: 50000, channel: 1, remark: '大额' });
    clock.advance(25 * 3_600_000);
    const admin = await signIn(app, 'admin', 'admin123');
    expect(await post(admin, '/console/approval/approve', { id: params.id, reason: '迟到的审批' })).toMatchObject({ code: 400, field: 'id', key: 'approval.expired' });
    expect(balance(m.id)).toBe(b0);
    expect((await post(admin, '/console/approval/info', { id: params.id })).data.status).toBe(3);
  });

  test('when the record changed since the request the approver confirms again', async () => {
    const { post, member, balance, admin, operator } = await setup();
    const m = member();
    const b0 = balance(m.id);
    const { params } = await post(operator, '/v1/walletRecord/recharge', { memberId: m.id, amount: 50000, channel: 1, remark: '大额' });
    expect((await post(admin, '/v1/walletRecord/recharge', { memberId: m.id, amount: 100, channel: 1 })).code).toBe(200);
    const changed = await post(admin, '/console/approval/approve', { id: params.id, reason: '核对' });
    expect(changed).toMatchObject({ code: 409, field: 'confirm', key: 'approval.changed' });
    expect(changed.params.fields).toMatch(/balance/);
    expect(balance(m.id)).toBe(b0 + 100);
    expect((await post(admin, '/console/approval/info', { id: params.id })).data.status).toBe(0);
    expect((await post(admin, '/console/approval/approve', { id: params.id, reason: '核对', confirm: true })).data.status).toBe(1);
    expect(balance(m.id)).toBe(b0 + 100 + 50000);
  });

  test('a role change that grants super waits when another approver exists', async () => {
    const { app, post, ctx, all, admin } = await setup();
    const roles = (await post(admin, '/v1/role/list', { pageSize: 50 })).data.list as { id: number; roleKey: string }[];
    const superId = roles.find((r) => r.roleKey === 'super')!.id;
    const opId = roles.find((r) => r.roleKey === 'operator')!.id;
    // The only administrator makes a second one: nobody else could approve it, so it goes on.
    const boss = await post(admin, '/v1/admin/add', { username: 'boss', nickName: 'Boss', password: 'boss1234', roleIds: [superId], status: 1 });
    expect(boss.code).toBe(200);
    const operatorRow = all('admin').find((a) => a.username === 'operator')!;
    const r = await post(admin, '/v1/admin/update', { id: operatorRow.id, roleIds: [opId, superId] });
    expect(r).toMatchObject({ code: 400, field: 'approvalReason' });
    const held = await post(admin, '/v1/admin/update', { id: operatorRow.id, roleIds: [opId, superId] }, { 'x-approval-reason': encodeURIComponent('临时代班') });
    expect(held.code).toBe(202);
    expect(ctx.store.get<{ roleIds: number[] }>('admin', operatorRow.id)!.roleIds).toEqual([opId]);
    // Not a grant of super: straight through.
    expect((await post(admin, '/v1/admin/update', { id: boss.data.id, nickName: 'Boss 2' })).code).toBe(200);
    const bossToken = await signIn(app, 'boss', 'boss1234');
    expect((await post(bossToken, '/console/approval/approve', { id: held.params.id, reason: '同意' })).data.status).toBe(1);
    expect(ctx.store.get<{ roleIds: number[] }>('admin', operatorRow.id)!.roleIds).toEqual([opId, superId]);
  });

  test("a bulk reveal's approval lets the requester's identical call through once; the approver sees no secret", async () => {
    const { post, all, admin, operator } = await (async () => {
      const { app } = await makeApp({ ...ENV, APPROVAL_REVEAL_COUNT: '0', MOCK_CAPTCHA_CODE: 'TEST' });
      apps.push(app);
      const ctx = (app as unknown as { __mockCtx: MockContext }).__mockCtx;
      const post = async (token: string, url: string, body: unknown, headers: Record<string, string> = {}) => (await app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: token, ...headers } })).json();
      return { post, all: (kind: string) => [...ctx.store.col(kind as never).values()] as unknown as Row[], admin: await signIn(app, 'admin', 'admin123'), operator: await signIn(app, 'operator', 'operator123') };
    })();
    const items = all('orderItem');
    const o = all('order').find((x) => x.status === 3 && items.some((i) => i.orderId === x.id && (i.cardIds as number[]).length))!;
    const why = { 'x-approval-reason': encodeURIComponent('客户申诉') };
    const held = await post(operator, '/v1/order/extract', { id: o.id }, why);
    expect(held).toMatchObject({ code: 202, key: 'approval.sent' });
    const approved = await post(admin, '/console/approval/approve', { id: held.params.id, reason: '客户申诉，需核对卡密' });
    expect(approved.data.status).toBe(1);
    expect(JSON.stringify(approved)).not.toMatch(/secret/);
    const codes = await post(operator, '/v1/order/extract', { id: o.id });
    expect(codes.code).toBe(200);
    expect(codes.data.length).toBeGreaterThan(0);
    // Spent: the next reveal waits again.
    expect((await post(operator, '/v1/order/extract', { id: o.id }, why)).code).toBe(202);
  });

  test('nothing acts beyond the requester\'s roles: a call they may not make is refused, not kept; a right lost meanwhile fails the run', async () => {
    const { post, all, member, balance, admin, operator } = await setup();
    const roles = (await post(admin, '/v1/role/list', { pageSize: 50 })).data.list as { id: number; roleKey: string; resourceIds: number[] }[];
    const superId = roles.find((r) => r.roleKey === 'super')!.id;
    const op = roles.find((r) => r.roleKey === 'operator')!;
    const opRow = all('admin').find((a) => a.username === 'operator')!;
    // The operator may not update accounts: refused before anything is kept.
    expect((await post(operator, '/v1/admin/update', { id: opRow.id, roleIds: [op.id, superId] }, { 'x-approval-reason': 'x' })).code).toBe(403);
    expect((await post(admin, '/console/approval/list', {})).data.total).toBe(0);

    const m = member();
    const b0 = balance(m.id);
    const { params } = await post(operator, '/v1/walletRecord/recharge', { memberId: m.id, amount: 50000, channel: 1, remark: '大额' });
    const recharge = all('resource').find((r) => r.url === '/v1/walletRecord/recharge')!;
    expect((await post(admin, '/v1/role/update', { id: op.id, resourceIds: op.resourceIds.filter((id) => id !== recharge.id) })).code).toBe(200);
    const done = await post(admin, '/console/approval/approve', { id: params.id, reason: '核对' });
    expect(done.data).toMatchObject({ status: 4, result: expect.stringMatching(/recharge/i) });
    expect(balance(m.id)).toBe(b0);
  });

  test('the rules and their thresholds are listed; unknown ids and bad bodies are refused naming the field', async () => {
    const { post, admin, operator } = await setup();
    const rules = (await post(operator, '/console/approval/rules', {})).data;
    expect(rules.hours).toBe(24);
    expect(rules.rules).toContainEqual({ operation: 'order.refund', path: '/v1/order/refund', thresholdKind: 'refundCents', threshold: 10000 });
    expect(rules.rules).toContainEqual(expect.objectContaining({ operation: 'admin.update', threshold: 0 }));
    expect(await post(admin, '/console/approval/approve', { id: 999, reason: 'x' })).toMatchObject({ code: 404, field: 'id', key: 'approval.unknown' });
    expect(await post(admin, '/console/approval/approve', { id: 'x', reason: 'x' })).toMatchObject({ code: 400, field: 'id' });
    expect(await post(operator, '/console/approval/info', { id: 999 })).toMatchObject({ code: 404, field: 'id' });
    expect((await post('Bearer nope', '/console/approval/list', {})).code).toBe(401);
  });
});

describe('on PostgreSQL (PGlite)', () => {
  test('kept, listed, approved once and refused twice', async () => {
    pglite ??= await PGlite.create();
    const schema = `approvals_${Math.random().toString(36).slice(2, 10)}`;
    await pglite.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
    const { post, member, balance, admin, operator } = await setup(undefined, { consoleDriver: pgliteDriver(pglite, { shared: true }) });
    const m = member();
    const b0 = balance(m.id);
    const { params } = await post(operator, '/v1/walletRecord/recharge', { memberId: m.id, amount: 50000, channel: 1, remark: '大额_%' });
    expect((await post(admin, '/console/approval/list', { requesterName: 'oper', mine: false, decided: false })).data.list).toEqual([expect.objectContaining({ id: params.id, reason: '大额_%', status: 0 })]);
    expect((await post(admin, '/console/approval/approve', { id: params.id, reason: '核对' })).data.status).toBe(1);
    expect((await post(admin, '/console/approval/approve', { id: params.id, reason: '核对' })).key).toBe('approval.decided');
    expect(balance(m.id)).toBe(b0 + 50000);
  });
});

describe('proxy mode', () => {
  test("an operator's large recharge is not relayed until an administrator approves it; then it is relayed once with the operator's token", async () => {
    const tokens: Record<string, { userId: number; username: string; role: string }> = { 'Bearer admin-t': { userId: 1, username: 'admin', role: 'super' }, 'Bearer op-t': { userId: 2, username: 'operator', role: 'operator' } };
    let balance = 0;
    upstream = await startUpstream((req, res) => {
      const path = req.url.split('?')[0];
      const send = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
      const who = tokens[String(req.headers.authorization ?? '')];
      if (!who) return send({ code: 401, data: null, message: 'expired' });
      if (path === '/v1/admin/adminInfo') return send({ code: 200, data: { userId: who.userId, username: who.username, roles: [{ id: who.role }] }, message: 'ok' });
      if (path === '/v1/member/info') return send({ code: 200, data: { id: 7, balance }, message: 'ok' });
      if (path === '/v1/walletRecord/recharge') {
        const body = JSON.parse(req.body.toString()) as { amount: number };
        balance += body.amount;
        return send({ code: 200, data: { id: 1, memberId: 7, amount: body.amount }, message: 'ok' });
      }
      return send({ code: 200, data: null, message: 'ok' });
    });
    const { app } = await makeApp({ ...ENV, MODE: 'proxy', UPSTREAM_URL: upstream.url });
    apps.push(app);
    const post = async (token: string, url: string, body: unknown) => (await app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: token } })).json();
    const recharges = () => upstream!.received.filter((r) => r.url === '/v1/walletRecord/recharge');

    expect((await post('Bearer op-t', '/v1/walletRecord/recharge', { memberId: 7, amount: 100, channel: 1 })).code).toBe(200);
    expect(recharges()).toHaveLength(1);
    const held = await post('Bearer op-t', '/v1/walletRecord/recharge', { memberId: 7, amount: 50000, channel: 1, remark: '大额' });
    expect(held).toMatchObject({ code: 202, key: 'approval.sent' });
    expect(recharges()).toHaveLength(1);
    expect(await post('Bearer op-t', '/console/approval/approve', { id: held.params.id, reason: '自己批' })).toMatchObject({ code: 403 });
    expect((await post('Bearer admin-t', '/console/approval/approve', { id: held.params.id, reason: '核对' })).data.status).toBe(1);
    expect(recharges()).toHaveLength(2);
    expect(recharges()[1].headers.authorization).toBe('Bearer op-t');
    expect(recharges().every((r) => !('x-console-approval-run' in r.headers))).toBe(true);
    expect(JSON.parse(recharges()[1].body.toString())).toMatchObject({ amount: 50000 });
    expect(balance).toBe(50100);
    expect((await post('Bearer admin-t', '/console/approval/approve', { id: held.params.id, reason: '核对' })).key).toBe('approval.decided');
    expect(recharges()).toHaveLength(2);
  });
});

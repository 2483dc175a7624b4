import { afterEach, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Value from 'typebox/value';
import { Summary } from '../../server/contract/summary.js';
import { makeSummary } from '../../server/mock/summary.js';
import { MockStore } from '../../server/mock/store/store.js';
import { call, makeApp, PINNED_SEED_DATE, signIn, testClock } from './helpers.js';

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

async function summaryOf(seed: string) {
  const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SEED: seed });
  apps.push(app);
  const token = await signIn(app);
  return call(app, 'POST', '/v1/admin/summary', { token });
}

test('a signed-in operator gets the dashboard summary in a success envelope that matches the contract', async () => {
  const r = await summaryOf('7');
  expect(r.status).toBe(200);
  expect(r.json.code).toBe(200);
  const errors = [...Value.Errors(Summary, r.json.data)].map((e) => `${e.instancePath} ${e.message}`);
  expect(errors).toEqual([]);

  const s: Summary = r.json.data;
  // Every series lines up with its labels, so the charts never draw a ragged axis.
  for (const series of [s.visitTrend.daily, s.visitTrend.monthly]) {
    expect(series.visits).toHaveLength(series.labels.length);
    expect(series.visitors).toHaveLength(series.labels.length);
    series.visitors.forEach((v, i) => expect(v).toBeLessThanOrEqual(series.visits[i]));
  }
  expect(s.salesStack.series.every((x) => x.values.length === s.salesStack.months.length)).toBe(true);
  // Month labels are consecutive and oldest first.
  expect(s.visitTrend.monthly.labels).toEqual(s.salesStack.months);
  expect(s.salesStack.months[0] < s.salesStack.months[11]).toBe(true);
  // The sales card is the last month of the stack, in cents.
  expect(s.growCards.sales.value).toBe(s.salesStack.series.reduce((a, x) => a + x.values[11], 0));
  // Dynamic info is newest first.
  const times = s.dynamics.map((d) => d.time);
  expect([...times].sort().reverse()).toEqual(times);
}, 30_000);

test('the same seed gives the identical summary; another seed gives another', async () => {
  const a = await summaryOf('7');
  const b = await summaryOf('7');
  const c = await summaryOf('8');
  expect(b.json.data).toEqual(a.json.data);
  expect(c.json.data).not.toEqual(a.json.data);
  // The HTTP answer is exactly the generator's output over the same store (nothing dropped by the response schema).
  expect(a.json.data).toEqual(JSON.parse(JSON.stringify(makeSummary(new MockStore(7, 1, {}, null)))));
}, 30_000);

/** `[first second, last second]` of whole months `YYYY-MM` from..to, as a `range` filter takes them. */
function monthRange(from: string, to: string): [string, string] {
  const [y, m] = to.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${from}-01 00:00:00`, `${to}-${String(last).padStart(2, '0')} 23:59:59`];
}

test("the summary's figures are the store's, as its lists and statistics count them", async () => {
  const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' });
  apps.push(app);
  const token = await signIn(app);
  const total = async (path: string, body: Record<string, unknown> = {}) => {
    const r = await call(app, 'POST', path, { token, body: { pageNum: 1, pageSize: 1, ...body } });
    expect(r.json.code, JSON.stringify(r.json)).toBe(200);
    return r.json.data.total as number;
  };
  const s: Summary = (await call(app, 'POST', '/v1/admin/summary', { token })).json.data;
  const months = s.salesStack.months;
  const last = months[11];

  // Totals: every member and every order of the store.
  expect(s.growCards.newMembers.total).toBe(await total('/v1/member/list'));
  expect(s.growCards.orders.total).toBe(await total('/v1/order/list'));
  // Orders placed in the last month; members joined in the 12 months, and by source.
  expect(s.growCards.orders.value).toBe(await total('/v1/order/list', { createTime: monthRange(last, last) }));
  const year = monthRange(months[0], last);
  expect(s.growCards.newMembers.value).toBe(await total('/v1/member/list', { createTime: year }));
  for (const [source, key] of ['app', 'web', 'wechat', 'invite'].entries())
    expect(s.memberSource.find((x) => x.key === key)?.value, key).toBe(await total('/v1/member/list', { createTime: year, source: source + 1 }));
  expect(s.memberSource.reduce((a, x) => a + x.value, 0)).toBe(s.growCards.newMembers.value);

  // Sales: the statistics' monthly paid sales and orders are the stack's and the radar's.
  const stats = await call(app, 'POST', '/v1/statistics/memberPurchase', { token, body: { startDate: `${months[0]}-01`, endDate: year[1].slice(0, 10), granularity: 'month' } });
  expect(stats.json.code, JSON.stringify(stats.json)).toBe(200);
  const series = (name: string) => stats.json.data.series.find((x: { name: string }) => x.name === name).data as number[];
  const stackByMonth = months.map((_, i) => s.salesStack.series.reduce((a, x) => a + x.values[i], 0));
  expect(stackByMonth).toEqual(series('sales'));
  expect(s.growCards.sales.value).toBe(series('sales')[11]);
  expect(s.growCards.sales.total).toBe(series('sales').reduce((a, b) => a + b, 0));
  expect(s.salesRadar.series[0].values.reduce((a, b) => a + b, 0)).toBe(series('orders').reduce((a, b) => a + b, 0));
  expect(s.growCards.orders.value).toBeGreaterThan(0);
  expect(s.growCards.sales.value).toBeGreaterThan(0);

  // A new member shows at once in the total.
  const before = s.growCards.newMembers.total;
  const added = await call(app, 'POST', '/v1/member/add', { token, body: { nickName: 'Summary check', phone: '13900001111', gradeId: 1 } });
  expect(added.json.code, JSON.stringify(added.json)).toBe(200);
  expect((await call(app, 'POST', '/v1/admin/summary', { token })).json.data.growCards.newMembers.total).toBe(before + 1);
}, 60_000);

test('without a token the summary answers envelope 401', async () => {
  const { app } = await makeApp();
  apps.push(app);
  const r = await call(app, 'POST', '/v1/admin/summary');
  expect(r.status).toBe(200);
  expect(r.json.code).toBe(401);
  expect(r.json.data).toBeNull();
  const bad = await call(app, 'POST', '/v1/admin/summary', { token: 'Bearer nope' });
  expect(bad.json.code).toBe(401);
});

test('a body sent by mistake is ignored, not an error', async () => {
  const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' });
  apps.push(app);
  const token = await signIn(app);
  const r = await call(app, 'POST', '/v1/admin/summary', { token, body: { anything: 1 } });
  expect(r.json.code).toBe(200);
});

test("today's cards are the order list's totals for the same platform day; each card says its period", async () => {
  // 10:00 UTC is 18:00 on the platform's day (China Standard Time), two hours after the pinned seed instant.
  const clock = testClock(Date.parse(PINNED_SEED_DATE) + 2 * 3_600_000);
  const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' }, { now: clock.now });
  apps.push(app);
  let token = await signIn(app);
  const s: Summary = (await call(app, 'POST', '/v1/admin/summary', { token })).json.data;
  expect(s.today?.day).toBe('2026-11-01');
  const today: [string, string] = ['2026-11-01 00:00:00', '2026-11-01 23:59:59'];
  const list = async (body: Record<string, unknown>) => {
    const r = await call(app, 'POST', '/v1/order/list', { token, body: { pageNum: 1, pageSize: 1, ...body } });
    expect(r.json.code, JSON.stringify(r.json)).toBe(200);
    return r.json.data as { list: { status: number; payAmount: number }[]; total: number; summary: { count: number; payAmount: number } };
  };
  const page = await list({ createTime: today });
  expect(page.summary).toEqual({ count: s.today!.orders, payAmount: s.today!.sales });
  expect(page.summary.count).toBe(page.total);
  expect(s.today!.orders).toBeGreaterThan(0);
  expect(s.today!.sales).toBeGreaterThan(0);

  // The totals are the whole filtered set's, not the page's: every row of the day, summed here.
  const all = await list({ createTime: today, pageSize: 1000 });
  const paid = new Set([1, 2, 3, 5, 6]);
  expect(all.list).toHaveLength(page.total);
  expect(all.summary).toEqual(page.summary);
  expect(all.list.filter((o) => paid.has(o.status)).reduce((a, o) => a + o.payAmount, 0)).toBe(s.today!.sales);
  // With a status filter too, and in step with a change: an unpaid order cancelled leaves the unpaid ones.
  const unpaid = await call(app, 'POST', '/v1/order/list', { token, body: { pageNum: 1, pageSize: 1, createTime: today, status: 0 } });
  const before = unpaid.json.data.summary.count as number;
  expect(unpaid.json.data.summary.payAmount).toBe(0);
  if (before > 0) {
    expect((await call(app, 'POST', '/v1/order/cancel', { token, body: { id: unpaid.json.data.list[0].id } })).json.code).toBe(200);
    expect((await list({ createTime: today, status: 0 })).summary.count).toBe(before - 1);
    expect((await list({ createTime: today })).summary.count).toBe(s.today!.orders);
  }

  // Periods: the day's visits are today's; sales and orders the month before; new members the 12 months before.
  expect(s.growCards.visits.period).toEqual({ kind: 'today', from: '2026-11-01', to: '2026-11-01' });
  expect(s.growCards.sales.period).toEqual({ kind: 'lastMonth', from: '2026-10-01', to: '2026-10-31' });
  expect(s.growCards.orders.period).toEqual(s.growCards.sales.period);
  expect(s.growCards.newMembers.period).toEqual({ kind: 'last12Months', from: '2025-11-01', to: '2026-10-31' });

  // A day later the figures still say which day they cover, and today's trade is the new day's.
  clock.advance(86_400_000);
  token = await signIn(app);
  const next: Summary = (await call(app, 'POST', '/v1/admin/summary', { token })).json.data;
  expect(next.growCards.visits.period).toEqual({ kind: 'day', from: '2026-11-01', to: '2026-11-01' });
  expect(next.today?.day).toBe('2026-11-02');
  const tomorrow = await list({ createTime: ['2026-11-02 00:00:00', '2026-11-02 23:59:59'] });
  expect(tomorrow.summary).toEqual({ count: next.today!.orders, payAmount: next.today!.sales });
}, 60_000);

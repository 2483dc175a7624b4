import { afterEach, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MOCK_REF_DATE } from '../../server/mock/faker.js';
import { call, makeApp, signIn } from './helpers.js';

/**
 * Smaller server-side holes: stock filtered by its goods' game and platform; the operator
 * may look merchants up for the goods form (not open the merchant screen or change merchants); the
 * member exchange works both ways (balance → coupon as well as points → balance).
 */

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});
/** The mock's clock fixed at the seed's reference time, so the seeded coupons' periods hold whatever the day. */
async function app() {
  const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' }, { now: () => MOCK_REF_DATE.getTime() });
  apps.push(app);
  return app;
}
const post = (a: FastifyInstance, path: string, body: unknown, token: string) => call(a, 'POST', path, { token, body });

test("stock filters by its goods' game and platform, and follows a goods that moves", async () => {
  const a = await app();
  const token = await signIn(a);
  const line = (await post(a, '/v1/stock/list', { pageNum: 1, pageSize: 1 }, token)).json.data.list[0];
  const goods = (await post(a, '/v1/goods/info', { id: line.goodsId }, token)).json.data;
  expect([line.gameId, line.platformId]).toEqual([goods.gameId, goods.platformId]);
  const byGame = (await post(a, '/v1/stock/list', { pageNum: 1, pageSize: 1000, gameId: goods.gameId }, token)).json.data;
  expect(byGame.total).toBeGreaterThan(0);
  expect(byGame.list.every((s: { gameId: number }) => s.gameId === goods.gameId)).toBe(true);
  const games = (await post(a, '/v1/game/list', { pageNum: 1, pageSize: 2 }, token)).json.data.list;
  const other = games.find((g: { id: number }) => g.id !== goods.gameId);
  expect((await post(a, '/v1/goods/update', { id: goods.id, gameId: other.id }, token)).json.code).toBe(200);
  const moved = (await post(a, '/v1/stock/list', { pageNum: 1, pageSize: 10, gameId: other.id, goodsId: goods.id }, token)).json.data;
  expect(moved.total).toBe(1);
});

test('the operator looks merchants up (list, info, listAll) but may not change them', async () => {
  const a = await app();
  const token = await signIn(a, 'operator', 'operator123');
  const list = await post(a, '/v1/merchant/list', { pageNum: 1, pageSize: 5, keyword: 'a' }, token);
  expect(list.status).toBe(200);
  expect(list.json.code).toBe(200);
  const one = list.json.data.list[0] ?? (await post(a, '/v1/merchant/list', { pageNum: 1, pageSize: 1 }, token)).json.data.list[0];
  expect((await post(a, '/v1/merchant/info', { id: one.id }, token)).json.code).toBe(200);
  expect((await post(a, '/v1/merchant/listAll', {}, token)).json.code).toBe(200);
  const write = await post(a, '/v1/merchant/update', { id: one.id, merchantName: 'Not allowed' }, token);
  expect(write.status).toBe(403);
});

test('balance buys a coupon: the wallet pays, the coupon counts it, limits hold', async () => {
  const a = await app();
  const token = await signIn(a);
  const members = (await post(a, '/v1/member/list', { pageNum: 1, pageSize: 50, status: 1 }, token)).json.data.list as { id: number; balance: number }[];
  const m = members.find((x) => x.balance >= 1000)!;
  // The reference time in platform time (UTC+8), as coupon periods are written.
  const now = new Date(MOCK_REF_DATE.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const coupons = (await post(a, '/v1/coupon/list', { pageNum: 1, pageSize: 100, status: 1 }, token)).json.data.list as Record<string, any>[];
  const c = coupons.find((x) => x.startTime <= now && x.endTime >= now && x.receivedCount < x.total && x.perLimit === 1);
  expect(c, 'a current coupon with a limit of one').toBeDefined();
  const r = await post(a, '/v1/walletRecord/exchangeCoupon', { memberId: m.id, couponId: c!.id, amount: 500 }, token);
  expect(r.json.code, JSON.stringify(r.json)).toBe(200);
  expect(r.json.data).toMatchObject({ memberId: m.id, couponId: c!.id, amount: -500, recordType: 6, status: 1, balanceAfter: m.balance - 500 });
  expect((await post(a, '/v1/walletRecord/summary', { memberId: m.id }, token)).json.data.balance).toBe(m.balance - 500);
  expect((await post(a, '/v1/coupon/info', { id: c!.id }, token)).json.data.receivedCount).toBe(c!.receivedCount + 1);
  // Its limit of one is reached; more than the balance is refused, naming the field.
  const again = await post(a, '/v1/walletRecord/exchangeCoupon', { memberId: m.id, couponId: c!.id, amount: 500 }, token);
  expect(again.json.code).toBe(400);
  expect(again.json.message).toMatch(/^couponId/);
  const other = coupons.find((x) => x.id !== c!.id && x.startTime <= now && x.endTime >= now && x.receivedCount < x.total)!;
  const tooMuch = await post(a, '/v1/walletRecord/exchangeCoupon', { memberId: m.id, couponId: other.id, amount: 99_999_999 }, token);
  expect(tooMuch.json.code).toBe(400);
  expect(tooMuch.json.message).toMatch(/^amount/);
  // Points → balance still works.
  expect((await post(a, '/v1/walletRecord/exchange', { memberId: m.id, points: 0 }, token)).json.code).toBe(400);
});

test('every signed-in user sets their own avatar to an illustration; anything else is refused by field and changes nothing', async () => {
  const a = await app();
  const token = await signIn(a, 'operator', 'operator123');
  const set = await post(a, '/v1/admin/updateIcon', { icon: '/avatars/owl.svg' }, token);
  expect(set.json).toMatchObject({ code: 200, data: { icon: '/avatars/owl.svg' } });
  expect((await post(a, '/v1/admin/adminInfo', {}, token)).json.data.icon).toBe('/avatars/owl.svg');
  for (const icon of ['https://evil.example/x.svg', '/avatars/../../etc/passwd', '']) {
    const bad = await post(a, '/v1/admin/updateIcon', { icon }, token);
    expect(bad.json.code).not.toBe(200);
    expect(bad.json.message).toMatch(/icon/);
  }
  expect((await post(a, '/v1/admin/adminInfo', {}, token)).json.data.icon).toBe('/avatars/owl.svg');
  // Another user's avatar is not touched.
  const admin = await signIn(a);
  expect((await post(a, '/v1/admin/adminInfo', {}, admin)).json.data.icon).not.toBe('/avatars/owl.svg');
});

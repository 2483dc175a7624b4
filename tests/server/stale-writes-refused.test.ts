import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { goods, order } from '../../server/contract/index.js';
import { call, makeApp, signIn, testClock } from './helpers.js';
import { mockCtx, post } from './contract/harness.js';

/**
 * No silent overwrites in mock mode (contract `VERSION_RULE`): a write made on a version of the
 * record that is no longer its own is refused with code 409, who changed it and when, and the
 * record as it is now; nothing changes. A write without a version is made as before.
 */
let app: FastifyInstance;
let admin: string;
let operator: string;
const clock = testClock();

beforeAll(async () => {
  // A clock that never moves: every change happens within the same millisecond.
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', MESSAGES: 'localized' }, { now: clock.now }));
  admin = await signIn(app);
  operator = await signIn(app, 'operator', 'operator123');
});
afterAll(async () => {
  await app?.close();
});

const goodsRow = (i: number) => [...mockCtx(app).store.col('goods').values()][i];
const info = async (id: number) => (await post(app, admin, goods.ops.info!, { id })).json.data;
const en = (token: string, url: string, body: unknown) =>
  app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: token, 'accept-language': 'en' } }).then((r) => r.json());

describe('update with the version it was made on', () => {
  test('two changes in the same millisecond each get a new version, and each is accepted on the one before', async () => {
    const row = goodsRow(0);
    const first = await post(app, operator, goods.ops.update!, { id: row.id, goodsName: 'First name', updateTime: row.updateTime });
    expect(first.json.code).toBe(200);
    expect(first.json.data.updateTime).not.toBe(row.updateTime);
    const second = await post(app, admin, goods.ops.update!, { id: row.id, goodsName: 'Second name', updateTime: first.json.data.updateTime });
    expect(second.json.code).toBe(200);
    expect(second.json.data.updateTime > first.json.data.updateTime).toBe(true);
    expect((await info(row.id)).goodsName).toBe('Second name');
  });

  test('a stale change is refused with 409 naming who changed the record and when, with the record as it is now; nothing changes', async () => {
    const row = goodsRow(1);
    const loaded = row.updateTime as string;
    const theirs = await post(app, operator, goods.ops.update!, { id: row.id, price: 4321, updateTime: loaded });
    expect(theirs.json.code).toBe(200);
    const now = await info(row.id);

    const mine = await post(app, admin, goods.ops.update!, { id: row.id, price: 9999, goodsName: 'Mine', updateTime: loaded });
    expect(mine.json).toMatchObject({ code: 409, data: null, field: null, key: 'record.stale' });
    expect(mine.json.message).toContain('运营专员 operator');
    expect(mine.json.message).toContain(now.updateTime);
    expect(mine.json.conflict).toEqual({ entity: 'goods', id: row.id, version: now.updateTime, by: 'operator', at: now.updateTime, record: now });
    expect(await info(row.id)).toEqual(now);

    const inEnglish = await en(admin, goods.ops.update!, { id: row.id, price: 9999, updateTime: loaded });
    expect(inEnglish.code).toBe(409);
    expect(inEnglish.message).toBe(`goods ${row.id} (${now.goodsName}) was changed by 运营专员 operator at ${now.updateTime}; your change was not saved: compare and save again`);
  });

  test('a change without a version is made as before, whatever changed meanwhile', async () => {
    const row = goodsRow(2);
    await post(app, operator, goods.ops.update!, { id: row.id, sort: 7, updateTime: row.updateTime });
    const old = await post(app, admin, goods.ops.update!, { id: row.id, sort: 8 });
    expect(old.json.code).toBe(200);
    expect((await info(row.id)).sort).toBe(8);
  });

  test('a status change on a stale version is refused and the status stays', async () => {
    const row = goodsRow(3);
    const to = row.status === 1 ? 2 : 1;
    const theirs = await post(app, operator, goods.ops.updateStatus!, { id: row.id, status: to, updateTime: row.updateTime });
    expect(theirs.json.code).toBe(200);
    const mine = await post(app, admin, goods.ops.updateStatus!, { id: row.id, status: row.status, updateTime: row.updateTime });
    expect(mine.json.code).toBe(409);
    expect(mine.json.conflict.record.status).toBe(to);
    expect((await info(row.id)).status).toBe(to);
    const fresh = await post(app, admin, goods.ops.updateStatus!, { id: row.id, status: row.status, updateTime: theirs.json.data.updateTime });
    expect(fresh.json.code).toBe(200);
  });

  test('a version that is not a time is refused naming the field', async () => {
    const res = await post(app, admin, goods.ops.update!, { id: goodsRow(4).id, sort: 1, updateTime: 'yesterday' });
    expect(res.json.code).toBe(400);
    expect(res.json.field).toBe('updateTime');
  });
});

describe('an action on one record with the version it was made on', () => {
  test('a stale order remark is refused with the order as it is now; a fresh one is saved and answers the new version', async () => {
    const o = [...mockCtx(app).store.col('order').values()][0];
    const theirs = await post(app, operator, '/v1/order/remark', { id: o.id, remark: 'theirs', updateTime: o.updateTime });
    expect(theirs.json.code).toBe(200);
    expect(theirs.json.data.updateTime).not.toBe(o.updateTime);

    const mine = await post(app, admin, '/v1/order/remark', { id: o.id, remark: 'mine', updateTime: o.updateTime });
    expect(mine.json).toMatchObject({ code: 409, key: 'record.stale', conflict: { entity: 'order', id: o.id, by: 'operator', record: { remark: 'theirs' } } });
    const now = (await post(app, admin, order.ops.info!, { id: o.id })).json.data;
    expect(now.remark).toBe('theirs');
    expect(now.updateTime).toBe(theirs.json.data.updateTime);

    const again = await post(app, admin, '/v1/order/remark', { id: o.id, remark: 'mine', updateTime: now.updateTime });
    expect(again.json.code).toBe(200);
    expect(again.json.data.remark).toBe('mine');
    expect(again.json.data.updateTime > now.updateTime).toBe(true);
  });

  test('an action without a version is made as before', async () => {
    const o = [...mockCtx(app).store.col('order').values()][1];
    const res = await call(app, 'POST', '/v1/order/remark', { token: admin, body: { id: o.id, remark: 'no version' } });
    expect(res.json.code).toBe(200);
  });
});

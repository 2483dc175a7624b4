import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENTITY, type EntityName } from '../../server/contract/index.js';
import { call, makeApp, signIn } from './helpers.js';
import { startUpstream, type Upstream } from './upstream.js';

/**
 * Every record list opens with its newest record on top when
 * the request names no sort (the contract's `defaultSort`, ids in creation order in the mock), the
 * caller's own sort still wins, and proxy mode asks the platform for the same default order.
 */

let apps: FastifyInstance[] = [];
let ups: Upstream[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await Promise.all(ups.map((u) => u.close()));
  apps = [];
  ups = [];
});

async function mockApp() {
  const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' });
  apps.push(app);
  return { app, token: await signIn(app) };
}

const listPath = (e: EntityName) => ENTITY[e].ops.list!;

describe('mock mode', () => {
  const LISTS: EntityName[] = ['order', 'refund', 'feedback', 'walletRecord', 'stationMsg', 'cdkCode'];

  test.each(LISTS)('page 1 of %s opens with the newest records, in creation order', async (e) => {
    const { app, token } = await mockApp();
    const first = await call(app, 'POST', listPath(e), { token, body: { pageNum: 1, pageSize: 10 } });
    expect(first.json.code).toBe(200);
    const page: { id: number; createTime: string }[] = first.json.data.list;
    const times = page.map((r) => r.createTime);
    expect(times).toEqual([...times].sort().reverse());
    // Nothing anywhere in the list is newer than the top row.
    const newest = await call(app, 'POST', listPath(e), { token, body: { pageNum: 1, pageSize: 1, sortField: 'createTime', sortOrder: 'desc' } });
    expect(newest.json.data.list[0].createTime).toBe(times[0]);
    // The caller's sort wins: ascending creation time opens with the oldest.
    const asc = await call(app, 'POST', listPath(e), { token, body: { pageNum: 1, pageSize: 10, sortField: 'createTime', sortOrder: 'asc' } });
    const ascTimes: string[] = asc.json.data.list.map((r: { createTime: string }) => r.createTime);
    expect(ascTimes).toEqual([...ascTimes].sort());
    expect(ascTimes[0] < times[0]).toBe(true);
  });

  test('a record added now is on top of page 1', async () => {
    const { app, token } = await mockApp();
    const added = await call(app, 'POST', '/v1/stationMsg/add', { token, body: { title: 'Newest notice', content: '<p>hi</p>', targetType: 1 } });
    expect(added.json.code).toBe(200);
    const page = await call(app, 'POST', listPath('stationMsg'), { token, body: { pageNum: 1, pageSize: 10 } });
    expect(page.json.data.list[0].title).toBe('Newest notice');
  });
});

describe('proxy mode', () => {
  async function proxied() {
    const up = await startUpstream((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 200, data: { list: [], total: 0 }, message: 'ok' }));
    });
    ups.push(up);
    const { app } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: up.url });
    apps.push(app);
    return { app, up };
  }
  const sent = (up: Upstream) => JSON.parse(up.received.at(-1)!.body.toString());

  test("a list request without a sort reaches the platform with the entity's default sort", async () => {
    const { app, up } = await proxied();
    const r = await app.inject({ method: 'POST', url: '/v1/order/list', payload: { pageNum: 1, pageSize: 20, orderNo: 'O1' } });
    expect(r.json().code).toBe(200);
    expect(sent(up)).toEqual({ pageNum: 1, pageSize: 20, orderNo: 'O1', sortField: 'id', sortOrder: 'desc' });
    expect(Number(up.received.at(-1)!.headers['content-length'])).toBe(up.received.at(-1)!.body.length);
    // An entity whose record time is another field asks for that field.
    await app.inject({ method: 'POST', url: '/v1/accountUseRecord/list', payload: { pageNum: 1 } });
    expect(sent(up)).toEqual({ pageNum: 1, sortField: 'startTime', sortOrder: 'desc' });
  });

  test("the user's own sort, other endpoints and bodies that are not a JSON object go as they came", async () => {
    const { app, up } = await proxied();
    const own = '{"pageNum":2,"sortField":"payAmount","sortOrder":"asc"}';
    await app.inject({ method: 'POST', url: '/v1/order/list', payload: own, headers: { 'content-type': 'application/json' } });
    expect(up.received.at(-1)!.body.toString()).toBe(own);
    await app.inject({ method: 'POST', url: '/v1/order/info', payload: { id: 3 } });
    expect(sent(up)).toEqual({ id: 3 });
    await app.inject({ method: 'POST', url: '/v1/order/list', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(up.received.at(-1)!.body.toString()).toBe('[1,2]');
  });

  const raw = (app: FastifyInstance, payload: string) => app.inject({ method: 'POST', url: '/v1/order/list', payload, headers: { 'content-type': 'application/json' } });

  test("a sort named with an escaped key is the client's: it reaches the platform as it came, neither replaced nor doubled", async () => {
    const { app, up } = await proxied();
    for (const own of ['{"pageNum":1,"sort\\u0046ield":"payAmount"}', '{"sort\\u0046ield":"payAmount","sortOrder":"asc"}', '{"\\u0073ortField":"payAmount","sort\\u004frder":"asc"}']) {
      await raw(app, own);
      expect(up.received.at(-1)!.body.toString()).toBe(own);
      expect(sent(up).sortField).toBe('payAmount');
    }
  });

  test('a body with its own sortOrder gets the default field only and keeps its order and every digit of its numbers', async () => {
    const { app, up } = await proxied();
    const own = '{"sortOrder":"asc","memberId":12345678901234567891,"payAmount":[0.10000000000000000001,1e400]}';
    await raw(app, own);
    const text = up.received.at(-1)!.body.toString();
    expect(text).toBe(`{"sortField":"id",${own.slice(1)}`);
    expect(text).toContain('12345678901234567891');
    expect(Number(up.received.at(-1)!.headers['content-length'])).toBe(Buffer.byteLength(text));
    // An escaped spelling of sortOrder is the same member: the field is added, the order kept.
    await raw(app, '{"sort\\u004frder":"asc","memberId":12345678901234567891}');
    expect(up.received.at(-1)!.body.toString()).toBe('{"sortField":"id","sort\\u004frder":"asc","memberId":12345678901234567891}');
  });

  test('a body without a sort gets the default once, its own text kept around it', async () => {
    const { app, up } = await proxied();
    const own = ' \n{ "pageNum" : 1, "remark":"\\"sortField\\"", "memberId": 12345678901234567891 } ';
    await raw(app, own);
    const text = up.received.at(-1)!.body.toString();
    expect(text).toBe(` \n{"sortField":"id","sortOrder":"desc", "pageNum" : 1, "remark":"\\"sortField\\"", "memberId": 12345678901234567891 } `);
    expect(sent(up)).toMatchObject({ sortField: 'id', sortOrder: 'desc', remark: '"sortField"' });
    // A string value that reads "sortField" is no sort of the client's.
    await raw(app, '{"orderNo":"sortField"}');
    expect(up.received.at(-1)!.body.toString()).toBe('{"sortField":"id","sortOrder":"desc","orderNo":"sortField"}');
    await raw(app, ' { } ');
    expect(up.received.at(-1)!.body.toString()).toBe(' {"sortField":"id","sortOrder":"desc" } ');
  });
});

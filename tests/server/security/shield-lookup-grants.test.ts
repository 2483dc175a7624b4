import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, makeApp, signIn } from '../helpers.js';
import { overHttp } from '../over-http.js';
import { startUpstream, type Received, type Upstream } from '../upstream.js';
import { fileNameOf, RECORDING_VERSION, requestKey, type RecordedExchange } from '../../../server/platform/recording.js';

/**
 * A look-up grant answers what a picker needs: a role without a screen for an area (the operator
 * and merchants) reads that area's records as `id` and label through `list`, `listAll` and `info`,
 * cannot filter or sort by a hidden field, and its `keyword` searches the label alone; a role with
 * the area's screen (the administrator) reads the full records. In mock mode (both roads), proxy
 * mode against a platform, and replay through the same view (server/contract/lookups.ts).
 */

/** What the operator must never read of a merchant through its look-up grant. */
const HIDDEN = ['phone', 'email', 'licenseNo', 'address', 'balance', 'settleRate', 'contactName', 'remark', 'goodsCount'];

const keysOf = (rows: Record<string, unknown>[]) => [...new Set(rows.flatMap((r) => Object.keys(r)))].sort();

describe('mock mode', () => {
  let app: FastifyInstance;
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05' }));
    admin = await signIn(app);
    operator = await signIn(app, 'operator', 'operator123');
  });
  afterAll(() => app.close());

  const post = (token: string, url: string, body: unknown = {}) => call(app, 'POST', url, { body, token });

  test('the operator reads merchants as id and name on list, listAll and info; the administrator reads whole rows', async () => {
    const full = (await post(admin, '/v1/merchant/list', { pageNum: 1, pageSize: 50 })).json.data;
    expect(keysOf(full.list)).toEqual(expect.arrayContaining(HIDDEN.filter((f) => f !== 'email' && f !== 'remark')));

    const list = await post(operator, '/v1/merchant/list', { pageNum: 1, pageSize: 50 });
    expect(list.status).toBe(200);
    expect(keysOf(list.json.data.list)).toEqual(['id', 'merchantName']);
    expect(list.json.data.total).toBe(full.total);
    expect(list.json.data.list.map((r: any) => r.merchantName)).toEqual(full.list.map((r: any) => r.merchantName));

    const all = (await post(operator, '/v1/merchant/listAll')).json.data;
    expect(keysOf(all)).toEqual(['id', 'merchantName']);

    const one = (await post(operator, '/v1/merchant/info', { id: full.list[0].id })).json.data;
    expect(one).toEqual({ id: full.list[0].id, merchantName: full.list[0].merchantName });
    const whole = (await post(admin, '/v1/merchant/info', { id: full.list[0].id })).json.data;
    expect(whole.phone).toBe(full.list[0].phone);
    expect(whole.licenseNo).toBe(full.list[0].licenseNo);
  });

  test('filtering or sorting the operator\'s look-up by a hidden field is refused naming the field; keyword searches the name only', async () => {
    const full = (await post(admin, '/v1/merchant/list', { pageNum: 1, pageSize: 50 })).json.data.list as Record<string, any>[];
    const byPhone = await post(operator, '/v1/merchant/list', { pageNum: 1, pageSize: 10, sortField: 'balance' });
    expect(byPhone.status).toBe(400);
    expect(byPhone.json).toMatchObject({ code: 400, data: null, field: 'sortField', key: 'lookup.hiddenField' });
    const status = await post(operator, '/v1/merchant/list', { status: 1 });
    expect(status.status).toBe(400);
    expect(status.json).toMatchObject({ code: 400, data: null, field: 'status' });
    // A filter the contract does not know stays the validator's (the field named, nothing read).
    const phone = await post(operator, '/v1/merchant/list', { phone: full[0].phone });
    expect(phone.status).toBe(400);
    expect(phone.json).toMatchObject({ code: 400, data: null });
    expect(phone.json.message).toMatch(/phone/);

    // The administrator's keyword finds a merchant by its phone; the operator's finds it by name only.
    const digits = String(full[0].phone).slice(-6);
    expect((await post(admin, '/v1/merchant/list', { keyword: digits })).json.data.total).toBeGreaterThan(0);
    const probe = (await post(operator, '/v1/merchant/list', { keyword: digits })).json.data;
    expect(probe.list.every((r: any) => String(r.merchantName).includes(digits))).toBe(true);
    const named = (await post(operator, '/v1/merchant/list', { keyword: full[0].merchantName })).json.data.list;
    expect(named.map((r: any) => r.id)).toContain(full[0].id);
    const both = await post(operator, '/v1/merchant/list', { keyword: 'a', merchantName: 'b' });
    expect(both.json).toMatchObject({ code: 400, field: 'keyword', key: 'lookup.keywordAndLabel' });
    // The operator's own areas are whole: goods rows keep their price.
    const goods = (await post(operator, '/v1/goods/list', { pageNum: 1, pageSize: 5 })).json.data.list;
    expect(goods[0]).toHaveProperty('price');
  });

  test('over a socket the operator\'s look-up takes the routed road (projected) and the administrator\'s list the raw road (whole)', async () => {
    const ask = (token: string, payload: object) => overHttp(app, { method: 'POST', url: '/v1/merchant/list', headers: { authorization: token }, payload });
    const op = await ask(operator, { pageNum: 1, pageSize: 10 });
    expect(op.statusCode).toBe(200);
    expect(keysOf(op.json().data.list)).toEqual(['id', 'merchantName']);
    // Asked twice: the raw road's answer cache never hands the operator a whole row.
    const ad = await ask(admin, { pageNum: 1, pageSize: 10 });
    expect(ad.json().data.list[0]).toHaveProperty('phone');
    expect(keysOf((await ask(operator, { pageNum: 1, pageSize: 10 })).json().data.list)).toEqual(['id', 'merchantName']);
    const refused = await ask(operator, { pageNum: 1, pageSize: 10, sortField: 'settleRate' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'sortField', data: null });
  });

  test('a finance clerk reads card accounts (inventory) as id and account only; a tree look-up keeps parentId', async () => {
    const finance = (await post(admin, '/v1/role/list', { pageNum: 1, pageSize: 50 })).json.data.list.find((r: any) => r.roleKey === 'finance');
    const added = await post(admin, '/v1/admin/add', { username: 'lookupclerk', nickName: 'Clerk', password: 'Clerk12345', roleIds: [finance.id], status: 1 });
    expect(added.json.code).toBe(200);
    const clerk = await signIn(app, 'lookupclerk', 'Clerk12345');
    const rows = (await post(clerk, '/v1/cardAccount/list', { pageNum: 1, pageSize: 20 })).json.data.list;
    expect(rows.length).toBeGreaterThan(0);
    expect(keysOf(rows)).toEqual(['account', 'id']);
    // The operator's goods categories are its own screen's; the finance clerk's refund settings read them as a tree.
    const tree = (await post(clerk, '/v1/goodsCategory/list', { pageNum: 1, pageSize: 100 })).json.data.list;
    expect(keysOf(tree)).toEqual(['id', 'name', 'parentId']);
    // Its own areas (members for finance) stay whole.
    expect((await post(clerk, '/v1/member/list', { pageNum: 1, pageSize: 2 })).json.data.list[0]).toHaveProperty('phone');
  });
});

describe('proxy mode', () => {
  /** The platform's merchants, whole. */
  const MERCHANTS = [
    { id: 1, merchantName: 'Acme Games', contactName: 'Li', phone: '13800000001', email: 'a@acme.example', licenseNo: '91310000MA1FL8XQ3A', address: 'Shanghai', settleRate: 5, balance: 120000, goodsCount: 3, status: 1, remark: '', createTime: '2026-11-01 09:00:00', updateTime: '2026-11-01 09:00:00' },
    { id: 2, merchantName: 'Bolt Keys', contactName: 'Wu', phone: '13800000002', email: 'b@bolt.example', licenseNo: '91310000MA1FL8XQ3B', address: 'Hangzhou', settleRate: 7, balance: 990000, goodsCount: 9, status: 1, remark: 'vip', createTime: '2026-11-02 09:00:00', updateTime: '2026-11-02 09:00:00' },
  ];
  const USERS: Record<string, object> = {
    'Bearer adm': { userId: 1, username: 'admin', nickName: 'admin', roles: [{ id: 'super', name: 'Super' }], btnPermission: [] },
    // The operator's menus name goods and orders, never the merchant screen.
    'Bearer ops': { userId: 2, username: 'ops', nickName: 'ops', roles: [{ id: 'operator', name: 'Operator' }], btnPermission: ['GoodsIndex:view'], menus: ['Goods', 'GoodsIndex', 'Order', 'OrderIndex'] },
    'Bearer mgr': { userId: 3, username: 'mgr', nickName: 'mgr', roles: [{ id: 'merchants', name: 'Merchants' }], btnPermission: ['MerchantIndex:view'] },
  };
  let platform: Upstream;
  let app: FastifyInstance;
  const send = (res: ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  beforeAll(async () => {
    platform = await startUpstream((req: Received, res) => {
      // A platform that reads `//` as `/` (Spring does), so odd spellings reach the same handler.
      const path = req.url.split('?')[0].replace(/\/+/g, '/');
      const user = USERS[String(req.headers.authorization)];
      if (!user) return send(res, { code: 401, data: null, message: 'Session expired' });
      if (path === '/v1/admin/adminInfo') return send(res, { code: 200, data: user, message: 'ok' });
      if (path === '/v1/merchant/list') return send(res, { code: 200, data: { list: MERCHANTS, total: 2, summary: { balance: 1110000 } }, message: 'ok', extra: MERCHANTS });
      if (path === '/v1/merchant/listAll') return send(res, { code: 200, data: MERCHANTS, message: 'ok' });
      if (path === '/v1/merchant/info') return send(res, { code: 200, data: MERCHANTS[0], message: 'ok' });
      return send(res, { code: 200, data: null, message: 'ok' });
    });
    ({ app } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: platform.url }));
  });
  afterAll(async () => {
    await app.close();
    await platform.close();
  });
  afterEach(() => void (platform.received.length = 0));

  const ask = (token: string, url: string, payload: object = {}) => overHttp(app, { method: 'POST', url, headers: { authorization: token, 'accept-encoding': 'gzip' }, payload });
  const listBodies = () => platform.received.filter((r) => r.url === '/v1/merchant/list').map((r) => JSON.parse(r.body.toString('utf8') || '{}'));

  test('the operator gets the platform\'s merchants as id and name on both roads; the administrator and a merchant manager get whole rows', async () => {
    const op = await ask('Bearer ops', '/v1/merchant/list', { pageNum: 1, pageSize: 10 });
    expect(op.statusCode).toBe(200);
    expect(op.headers['x-served-by']).toBe('platform');
    expect(Number(op.headers['content-length'])).toBe(op.rawPayload.length);
    expect(op.json()).toEqual({ code: 200, data: { list: [{ id: 1, merchantName: 'Acme Games' }, { id: 2, merchantName: 'Bolt Keys' }], total: 2 }, message: 'ok' });
    expect(op.body).not.toMatch(/1380000000|licenseNo|balance|settleRate|Shanghai/);
    // Fastify's road (an odd spelling of the same path) projects the same.
    const odd = await app.inject({ method: 'POST', url: '/v1//merchant/listAll', headers: { authorization: 'Bearer ops' }, payload: {} });
    expect(odd.json().data).toEqual([{ id: 1, merchantName: 'Acme Games' }, { id: 2, merchantName: 'Bolt Keys' }]);
    expect((await ask('Bearer ops', '/v1/merchant/info', { id: 1 })).json().data).toEqual({ id: 1, merchantName: 'Acme Games' });

    for (const token of ['Bearer adm', 'Bearer mgr']) {
      const whole = (await ask(token, '/v1/merchant/list', { pageNum: 1, pageSize: 10 })).json();
      expect(whole.data.list).toEqual(MERCHANTS);
      expect(whole.data.summary).toEqual({ balance: 1110000 });
    }
  });

  test('the operator\'s filter or sort by a hidden field never reaches the platform; its keyword reaches it as the name filter', async () => {
    const phone = await ask('Bearer ops', '/v1/merchant/list', { phone: '13800000001' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({ code: 400, data: null, field: 'phone', key: 'lookup.hiddenField' });
    const sorted = await ask('Bearer ops', '/v1/merchant/list', { sortField: 'balance', sortOrder: 'desc' });
    expect(sorted.json()).toMatchObject({ code: 400, field: 'sortField' });
    const escaped = await ask('Bearer ops', '/v1/merchant/list', JSON.parse('{"sort\\u0046ield":"balance"}') as object);
    expect(escaped.json()).toMatchObject({ code: 400, field: 'sortField' });
    expect(listBodies()).toEqual([]);

    await ask('Bearer ops', '/v1/merchant/list', { pageNum: 1, pageSize: 20, keyword: '0001' });
    expect(listBodies()).toEqual([{ sortField: 'id', sortOrder: 'desc', pageNum: 1, pageSize: 20, merchantName: '0001' }]);
    // The administrator's query goes as it came.
    platform.received.length = 0;
    await ask('Bearer adm', '/v1/merchant/list', { keyword: '0001', phone: '138' });
    expect(listBodies()).toEqual([{ sortField: 'id', sortOrder: 'desc', keyword: '0001', phone: '138' }]);
  });
});

describe('replay mode', () => {
  test('an operator\'s recorded merchant list (the platform\'s whole rows) is replayed to the operator as id and name; a hidden filter is refused', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lookup-replay-'));
    try {
      const key = requestKey('POST', '/v1/merchant/list', '', {}, 'operator');
      const rec: RecordedExchange = {
        version: RECORDING_VERSION,
        roles: 'operator',
        key,
        method: 'POST',
        path: '/v1/merchant/list',
        query: '',
        request: { contentType: 'application/json', body: {}, length: 2 },
        status: 200,
        headers: { 'content-type': 'application/json', 'content-length': '9999' },
        body: JSON.stringify({ code: 200, data: { list: [{ id: 1, merchantName: 'Acme', phone: '13800000001', balance: 5 }], total: 1 }, message: 'ok' }),
        bodyEncoding: 'utf8',
        recordedAt: '2026-11-26T08:00:00.000Z',
      };
      fs.writeFileSync(path.join(dir, fileNameOf('POST', '/v1/merchant/list', key)), JSON.stringify(rec));
      const { app } = await makeApp({ MODE: 'replay', RECORD_DIR: dir, MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05' });
      try {
        const operator = await signIn(app, 'operator', 'operator123');
        const res = await call(app, 'POST', '/v1/merchant/list', { body: {}, token: operator });
        expect(res.res.headers['x-served-by']).toBe('replay');
        expect(res.json).toEqual({ code: 200, data: { list: [{ id: 1, merchantName: 'Acme' }], total: 1 }, message: 'ok' });
        const probe = await call(app, 'POST', '/v1/merchant/list', { body: { phone: '138' }, token: operator });
        expect(probe.status).toBe(400);
        expect(probe.json).toMatchObject({ field: 'phone', data: null });
      } finally {
        await app.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

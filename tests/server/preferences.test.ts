import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { pgliteDriver } from '../../server/console-db/pglite.js';
import { PREFERENCE_LIMITS } from '../../server/contract/preferences.js';
import type { AppDeps } from '../../server/deps.js';
import { call, makeApp, signIn } from './helpers.js';
import { startUpstream, type Upstream } from './upstream.js';

/**
 * Preferences that follow the account (`/console/preference/*`), through inject: a user reads
 * back what they wrote, never another user's keys; limits are refused naming the field and leave
 * everything as it was; null deletes; on SQLite and PostgreSQL (PGlite), and in proxy mode keyed
 * by the platform user the token names.
 */

const apps: FastifyInstance[] = [];
let upstream: Upstream | null = null;
let pglite: PGlite | null = null;
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  await upstream?.close();
  upstream = null;
});
afterAll(async () => {
  await pglite?.close();
});

const post = (a: FastifyInstance, path: string, body: unknown, token?: string) => call(a, 'POST', path, { body, token });

const DRIVERS: { name: string; deps: () => Promise<AppDeps> }[] = [
  { name: 'SQLite', deps: async () => ({}) },
  {
    name: 'PGlite',
    deps: async () => {
      pglite ??= await PGlite.create();
      const schema = `prefs_${Math.random().toString(36).slice(2, 10)}`;
      await pglite.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
      return { consoleDriver: pgliteDriver(pglite, { shared: true }) };
    },
  },
];

describe.each(DRIVERS)('mock mode on $name', ({ deps }) => {
  async function app() {
    const { app: a } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' }, await deps());
    apps.push(a);
    return a;
  }

  test('a user reads back their own keys, in one list too; another user never sees them', async () => {
    const a = await app();
    const admin = await signIn(a);
    const op = await signIn(a, 'operator', 'operator123');

    expect((await post(a, '/console/preference/info', { key: 'projectConfig' }, admin)).json).toMatchObject({ code: 200, data: { key: 'projectConfig', value: null, updateTime: null } });
    const written = await post(a, '/console/preference/update', { key: 'projectConfig', value: { themeColor: '#009688', menuSetting: { collapsed: true } } }, admin);
    expect(written.json).toMatchObject({ code: 200, data: { key: 'projectConfig', value: { themeColor: '#009688', menuSetting: { collapsed: true } } } });
    expect(written.json.data.updateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await post(a, '/console/preference/update', { key: 'columns:/order/index', value: ['orderSn', 'status'] }, admin);

    const info = await post(a, '/console/preference/info', { key: 'projectConfig' }, admin);
    expect(info.json.data.value).toEqual({ themeColor: '#009688', menuSetting: { collapsed: true } });
    const list = await post(a, '/console/preference/list', undefined, admin);
    expect(list.json.data.map((p: { key: string; value: unknown }) => [p.key, p.value])).toEqual([
      ['columns:/order/index', ['orderSn', 'status']],
      ['projectConfig', { themeColor: '#009688', menuSetting: { collapsed: true } }],
    ]);

    // Another user: none of the first one's keys, and their own write leaves the first one's alone.
    expect((await post(a, '/console/preference/list', {}, op)).json.data).toEqual([]);
    expect((await post(a, '/console/preference/info', { key: 'projectConfig' }, op)).json.data.value).toBeNull();
    await post(a, '/console/preference/update', { key: 'projectConfig', value: { grayMode: true } }, op);
    expect((await post(a, '/console/preference/info', { key: 'projectConfig' }, admin)).json.data.value).toEqual({ themeColor: '#009688', menuSetting: { collapsed: true } });
    expect((await post(a, '/console/preference/info', { key: 'projectConfig' }, op)).json.data.value).toEqual({ grayMode: true });

    // A second session of the same user reads the same keys.
    const admin2 = await signIn(a);
    expect((await post(a, '/console/preference/list', {}, admin2)).json.data).toHaveLength(2);
  });

  test('null deletes a key; writing again replaces its value', async () => {
    const a = await app();
    const admin = await signIn(a);
    await post(a, '/console/preference/update', { key: 'columns:order', value: ['a'] }, admin);
    await post(a, '/console/preference/update', { key: 'columns:order', value: ['b', 'c'] }, admin);
    expect((await post(a, '/console/preference/info', { key: 'columns:order' }, admin)).json.data.value).toEqual(['b', 'c']);
    expect((await post(a, '/console/preference/update', { key: 'columns:order', value: null }, admin)).json).toMatchObject({ code: 200, data: { key: 'columns:order', value: null, updateTime: null } });
    expect((await post(a, '/console/preference/info', { key: 'columns:order' }, admin)).json.data).toEqual({ key: 'columns:order', value: null, updateTime: null });
    expect((await post(a, '/console/preference/list', {}, admin)).json.data).toEqual([]);
  });

  test('limits are refused naming the field, and nothing changes', async () => {
    const a = await app();
    const admin = await signIn(a);
    await post(a, '/console/preference/update', { key: 'projectConfig', value: { grayMode: true } }, admin);

    const big = await post(a, '/console/preference/update', { key: 'projectConfig', value: 'x'.repeat(PREFERENCE_LIMITS.maxValueBytes) }, admin);
    expect(big.json).toMatchObject({ code: 400, field: 'value' });
    for (const key of ['', '1abc', 'columns:', 'has space', 'columns:<script>', `k:${'a'.repeat(121)}`, 'a'.repeat(41)]) {
      const bad = await post(a, '/console/preference/update', { key, value: 1 }, admin);
      expect(bad.status, key).toBe(400);
      expect(bad.json, key).toMatchObject({ code: 400, field: 'key' });
    }
    expect((await post(a, '/console/preference/update', { key: 'projectConfig' }, admin)).json).toMatchObject({ code: 400, field: 'value' });
    expect((await post(a, '/console/preference/update', { key: 'projectConfig', value: 1, extra: 2 }, admin)).json).toMatchObject({ code: 400 });
    expect((await post(a, '/console/preference/info', { key: 'projectConfig' }, admin)).json.data.value).toEqual({ grayMode: true });

    for (let i = 1; i < PREFERENCE_LIMITS.maxKeys; i++) expect((await post(a, '/console/preference/update', { key: `columns:e${i}`, value: [i] }, admin)).json.code).toBe(200);
    const over = await post(a, '/console/preference/update', { key: 'columns:oneTooMany', value: [0] }, admin);
    expect(over.json).toMatchObject({ code: 400, field: 'key' });
    expect((await post(a, '/console/preference/info', { key: 'columns:oneTooMany' }, admin)).json.data.value).toBeNull();
    // A key already kept is still written, and a deleted one makes room.
    expect((await post(a, '/console/preference/update', { key: 'columns:e1', value: ['again'] }, admin)).json.code).toBe(200);
    await post(a, '/console/preference/update', { key: 'columns:e2', value: null }, admin);
    expect((await post(a, '/console/preference/update', { key: 'columns:oneTooMany', value: [0] }, admin)).json.code).toBe(200);
    expect((await post(a, '/console/preference/list', {}, admin)).json.data).toHaveLength(PREFERENCE_LIMITS.maxKeys);
  });

  test('without a session every endpoint answers 401 and learns nothing', async () => {
    const a = await app();
    for (const [path, body] of [['/console/preference/info', { key: 'projectConfig' }], ['/console/preference/update', { key: 'projectConfig', value: 1 }], ['/console/preference/list', {}]] as const) {
      const r = await post(a, path, body);
      expect(r.status, path).toBe(401);
      expect(r.json.code, path).toBe(401);
    }
  });
});

describe('proxy mode', () => {
  test('keys follow the platform user the token names, across that user’s tokens', async () => {
    const users = new Map<string, { userId: number; username: string }>([
      ['Bearer a1', { userId: 1, username: 'admin' }],
      ['Bearer a2', { userId: 1, username: 'admin' }],
      ['Bearer o1', { userId: 2, username: 'operator' }],
    ]);
    upstream = await startUpstream((req, res) => {
      const send = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
      const who = users.get(String(req.headers.authorization ?? ''));
      if (!who) return send({ code: 401, data: null, message: 'expired' });
      if (req.url.split('?')[0] === '/v1/admin/adminInfo') return send({ code: 200, data: { ...who, roles: [] }, message: 'ok' });
      return send({ code: 200, data: null, message: 'ok' });
    });
    const { app: a } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: upstream.url });
    apps.push(a);
    expect((await post(a, '/console/preference/update', { key: 'columns:goods', value: ['name'] }, 'Bearer a1')).json.code).toBe(200);
    expect((await post(a, '/console/preference/info', { key: 'columns:goods' }, 'Bearer a2')).json.data.value).toEqual(['name']);
    expect((await post(a, '/console/preference/list', {}, 'Bearer o1')).json.data).toEqual([]);
    expect((await post(a, '/console/preference/list', {}, 'Bearer unknown')).status).toBe(401);
    // Served by the console: the platform is never asked to store them.
    expect(upstream.received.some((r) => r.url.startsWith('/console/'))).toBe(false);
  });
});

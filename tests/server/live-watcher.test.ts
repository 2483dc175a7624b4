import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENTITY, type AnyEntity } from '../../server/contract/index.js';
import type { LiveEvent } from '../../server/contract/events.js';
import type { EventDraft } from '../../server/events/hub.js';
import type { Viewer } from '../../server/events/stream.js';
import { startWatcher, type Watcher } from '../../server/events/watcher.js';
import { makeApp } from './helpers.js';
import { openStream, type Sse } from './sse.js';
import { startUpstream } from './upstream.js';

/**
 * The platform's own changes in proxy mode: one watcher per replica reads each watched list, newest
 * changes first, with one open stream's session, and tells a new record as `add` and a changed one
 * as `update` with its fields; the first read only learns, nobody asks for an entity nobody may
 * read, a change the console already told is not told again, and a row that only moved up the
 * page is no change.
 */

const closers: (() => unknown)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

type Row = Record<string, unknown> & { id: number };
const order = (id: number, updateTime: string, extra: Record<string, unknown> = {}): Row => ({ id, orderNo: `O${id}`, status: 0, updateTime, ...extra });
const viewer = (authorization: string, mayRead: (entity: string) => boolean = () => true): Viewer => ({ userId: 1, username: 'u', authorization, mayRead, stillValid: () => true });

/** A watcher of orders over rows the test changes; answers it with what it published and asked. */
function watcherOver(rows: Row[], viewers: Viewer[]) {
  const published: EventDraft[] = [];
  const asked: { path: string; body: Record<string, unknown>; authorization: string }[] = [];
  const subscribers = new Set<(e: LiveEvent) => void>();
  const w: Watcher = startWatcher({
    entities: [ENTITY.order as unknown as AnyEntity],
    intervalMs: 3_600_000,
    viewers: () => viewers,
    list: async (path, body, authorization) => {
      asked.push({ path, body, authorization });
      const by = String(body.sortField);
      return [...rows].sort((a, b) => (by === 'id' ? b.id - a.id : String(b[by]).localeCompare(String(a[by])))).slice(0, Number(body.pageSize));
    },
    publish: (d) => published.push(...d),
    subscribe: (fn) => (subscribers.add(fn), () => subscribers.delete(fn)),
  });
  closers.push(() => w.stop());
  const told = (e: Partial<LiveEvent>) => {
    for (const fn of subscribers) fn({ id: 1, entity: 'order', recordId: 0, op: 'update', by: null, fields: [], at: Date.now(), ...e });
  };
  return { w, published, asked, told };
}

describe('the watcher of the platform’s lists', () => {
  test('learns on its first read, then tells a new record as add and a changed one as update with its fields', async () => {
    const rows = [order(1, '2026-11-20 10:00:00'), order(2, '2026-11-20 11:00:00')];
    const { w, published, asked } = watcherOver(rows, [viewer('Bearer a'), viewer('Bearer b')]);
    await w.round();
    expect(published).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ path: '/v1/order/list', body: { pageNum: 1, pageSize: 50, sortField: 'id', sortOrder: 'desc' }, authorization: 'Bearer a' });

    rows.push(order(3, '2026-11-20 12:00:00'));
    rows[0] = { ...rows[0], status: 1, updateTime: '2026-11-20 12:30:00' };
    await w.round();
    expect(published.map(({ recordId, op, fields, by }) => ({ recordId, op, fields, by }))).toEqual([
      { recordId: 3, op: 'add', fields: [], by: null },
      { recordId: 1, op: 'update', fields: ['status'], by: null },
    ]);
    // Two open streams, one read per round: the platform sees one caller.
    expect(asked).toHaveLength(2);
    expect(new Set(asked.map((a) => a.authorization))).toEqual(new Set(['Bearer a']));
  });

  test('asks nobody’s session for an entity no open stream may read, and learns afresh once one may', async () => {
    let may = false;
    const rows = [order(1, '2026-11-20 10:00:00')];
    const { w, published, asked } = watcherOver(rows, [viewer('Bearer ops', () => may)]);
    await w.round();
    expect(asked).toEqual([]);
    may = true;
    rows.push(order(2, '2026-11-20 11:00:00'));
    await w.round();
    expect(asked).toHaveLength(1);
    expect(published).toEqual([]);
  });

  test('does not tell again a change the console already told (a relayed write, hybrid’s mock, another replica)', async () => {
    const rows = [order(1, '2026-11-20 10:00:00')];
    const { w, published, told } = watcherOver(rows, [viewer('Bearer a')]);
    await w.round();
    rows[0] = { ...rows[0], status: 4, updateTime: '2026-11-20 11:00:00' };
    told({ recordId: 1 });
    await w.round();
    expect(published).toEqual([]);
  });
});

describe('in proxy mode', () => {
  test("a change made on the platform reaches an open stream as the platform's (by null), its list read with that stream's session", async () => {
    const TOKEN = 'Bearer platform-session';
    const orders: Row[] = [order(10, '2026-11-20 10:00:00'), order(11, '2026-11-20 10:05:00')];
    const up = await startUpstream((req, res) => {
      const answer = (data: unknown, code = 200) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code, data, message: 'ok' }));
      if (req.headers.authorization !== TOKEN) return answer(null, 401);
      const path = req.url.split('?')[0];
      if (path === '/v1/admin/adminInfo') return answer({ userId: 7, username: 'li.si', roles: [{ id: 1 }] });
      if (path === '/v1/order/list') {
        const body = req.body.length ? (JSON.parse(req.body.toString()) as { pageSize?: number }) : {};
        const list = [...orders].sort((a, b) => b.id - a.id).slice(0, body.pageSize ?? 10);
        return answer({ list, total: orders.length });
      }
      answer({ list: [], total: 0 });
    });
    closers.push(() => up.close());
    const { app } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: up.url, CONTRACT_VALIDATION: 'off', WATCH_KINDS: 'order' }, { liveEvents: { heartbeatMs: 60_000, watchIntervalMs: 3_600_000 } });
    closers.push(() => app.close());
    await (app as FastifyInstance).listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const s: Sse = await openStream(base, { token: TOKEN });
    closers.push(() => s.close());
    await s.next((e) => e.event === 'ready');

    const watcher = app.liveEvents!.watcher!;
    await watcher.round();
    orders.push(order(12, '2026-11-20 11:00:00'));
    await watcher.round();
    const e = JSON.parse((await s.next((x) => x.event === 'change')).data) as LiveEvent;
    expect(e).toMatchObject({ entity: 'order', recordId: 12, op: 'add', by: null });
    const lists = up.received.filter((r) => r.url.startsWith('/v1/order/list'));
    expect(lists.every((r) => r.headers.authorization === TOKEN)).toBe(true);
  });

  test('WATCH_INTERVAL_SECONDS=0 runs no watcher, and WATCH_KINDS names only entities with a list', async () => {
    const { app } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: 'http://127.0.0.1:9', WATCH_INTERVAL_SECONDS: '0' });
    closers.push(() => app.close());
    expect(app.liveEvents!.watcher).toBeNull();
    await expect(makeApp({ MODE: 'proxy', UPSTREAM_URL: 'http://127.0.0.1:9', WATCH_KINDS: 'order,nothing' })).rejects.toThrow(/nothing/);
  });
});

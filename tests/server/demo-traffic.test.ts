import type { FastifyInstance } from 'fastify';
import Value from 'typebox/value';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { ENTITY, type AnyEntity, type EntityName } from '../../server/contract/index.js';
import { TRAFFIC_KINDS } from '../../server/contract/mock-qa.js';
import { loadConfig } from '../../server/config.js';
import type { StoreChange } from '../../server/mock/store/changes.js';
import type { AnyRow } from '../../server/mock/store/seed.js';
import type { TrafficEvent } from '../../server/mock/traffic.js';
import { call, logSink, makeApp, testClock } from './helpers.js';
import { mockCtx } from './contract/harness.js';

/**
 * Live demo traffic (QA control `/v1/mock/traffic/*`, setting DEMO_TRAFFIC): off by default; the
 * update names the field it refuses; each tick makes one platform event that keeps the seed's
 * rules (order totals, locked codes of their order, a refund's order refunding, stock under its
 * warning line) and is told as the store's change by nobody; the same seed and ticks make the
 * same records; a reset starts the sequence over; the timer ticks at the rate and stops with the app.
 */

const SMALL = { SCALE: '0.25' };
let app: FastifyInstance;
const clock = testClock();

beforeAll(async () => {
  ({ app } = await makeApp(SMALL, { now: clock.now }));
}, 60_000);
afterAll(() => app?.close());
afterEach(async () => {
  vi.useRealTimers();
  await call(app, 'POST', '/v1/mock/traffic/update', { body: { enabled: false, perMinute: 30 } });
  await call(app, 'POST', '/v1/mock/reset');
});

const qa = (url: string, body?: unknown) => call(app, 'POST', url, body === undefined ? {} : { body });
const store = () => mockCtx(app).store;
const rows = (name: EntityName, where: (r: AnyRow) => boolean) => [...store().col(name).values()].filter(where);
/** Runs `n` ticks, answering the events made (a tick that made nothing is left out). */
const ticks = (n: number, a = app): TrafficEvent[] => Array.from({ length: n }, () => mockCtx(a).traffic.tick()).filter((e): e is TrafficEvent => e !== null);
const schemaErrors = (name: EntityName, row: AnyRow) => {
  const e = ENTITY[name] as unknown as AnyEntity;
  const view = Object.fromEntries(Object.entries(row).filter(([k]) => !e.writeOnlyFields.includes(k)));
  return [...Value.Errors(e.schemas.record, view)].map((x) => `${name} ${row.id}${x.instancePath} ${x.message}`);
};

describe('the QA control', () => {
  test('is off by default, at 30 a minute with every kind', async () => {
    const r = await qa('/v1/mock/traffic/info');
    expect(r.json).toMatchObject({ code: 200, data: { enabled: false, perMinute: 30, kinds: [...TRAFFIC_KINDS], ticks: 0 } });
  });

  test('update applies a rate and kinds (in the contract order) and answers the setting', async () => {
    const r = await qa('/v1/mock/traffic/update', { enabled: true, perMinute: 120, kinds: ['stock', 'order'] });
    expect(r.json).toMatchObject({ code: 200, data: { enabled: true, perMinute: 120, kinds: ['order', 'stock'] } });
    expect((await qa('/v1/mock/traffic/info')).json.data).toMatchObject({ enabled: true, perMinute: 120, kinds: ['order', 'stock'] });
    expect((await qa('/v1/mock/traffic/update', { enabled: true, perMinute: 10 })).json.data.kinds).toEqual([...TRAFFIC_KINDS]);
  });

  test.each([
    [{ enabled: true, perMinute: 0 }, 'perMinute'],
    [{ enabled: true, perMinute: 601 }, 'perMinute'],
    [{ enabled: true, perMinute: 2.5 }, 'perMinute'],
    [{ enabled: true }, 'perMinute'],
    [{ perMinute: 30 }, 'enabled'],
    [{ enabled: 'yes', perMinute: 30 }, 'enabled'],
    [{ enabled: true, perMinute: 30, kinds: [] }, 'kinds'],
    [{ enabled: true, perMinute: 30, kinds: ['order', 'lottery'] }, 'kinds.1'],
    [{ enabled: true, perMinute: 30, kinds: ['order', 'order'] }, 'kinds'],
    [{ enabled: true, perMinute: 30, speed: 2 }, 'speed'],
  ])('refuses %j naming %s, and changes nothing', async (body, field) => {
    const r = await qa('/v1/mock/traffic/update', body);
    expect(r.json.code).toBe(400);
    expect(r.json.message.startsWith(`${field}`)).toBe(true);
    expect(r.json.field ?? field).toBe(field);
    expect((await qa('/v1/mock/traffic/info')).json.data).toMatchObject({ enabled: false, perMinute: 30 });
  });

  test('is declared in the contract, so /docs shows it', async () => {
    const doc = await call(app, 'GET', '/docs/json');
    expect(Object.keys(doc.json.paths)).toEqual(expect.arrayContaining(['/v1/mock/traffic/info', '/v1/mock/traffic/update']));
  });

  test('with QA_CONTROLS=off answers 404 and nothing runs', async () => {
    const { app: closed } = await makeApp({ ...SMALL, QA_CONTROLS: 'off' });
    try {
      for (const url of ['/v1/mock/traffic/info', '/v1/mock/traffic/update']) {
        const r = await call(closed, 'POST', url, { body: { enabled: true, perMinute: 30 } });
        expect(r.json.code, url).toBe(404);
      }
      expect(mockCtx(closed).traffic.info().enabled).toBe(false);
    } finally {
      await closed.close();
    }
  });
});

describe('DEMO_TRAFFIC', () => {
  test('starts a server with the traffic on at its rate, off by default', () => {
    expect(loadConfig([], {}).demoTraffic).toBe(0);
    expect(loadConfig([], { DEMO_TRAFFIC: '30' }).demoTraffic).toBe(30);
    expect(loadConfig([], { DEMO_TRAFFIC: 'on' }).demoTraffic).toBe(30);
    expect(loadConfig([], { DEMO_TRAFFIC: 'off' }).demoTraffic).toBe(0);
    expect(loadConfig(['--demo-traffic', '600'], {}).demoTraffic).toBe(600);
  });

  test('refuses a bad rate, and any rate outside mock mode, naming the setting', () => {
    expect(() => loadConfig([], { DEMO_TRAFFIC: '601' })).toThrow(/DEMO_TRAFFIC must be between 1 and 600/);
    expect(() => loadConfig([], { DEMO_TRAFFIC: 'fast' })).toThrow(/DEMO_TRAFFIC must be a whole number/);
    expect(() => loadConfig([], { DEMO_TRAFFIC: '30', MODE: 'proxy', UPSTREAM_URL: 'http://127.0.0.1:9' })).toThrow(/DEMO_TRAFFIC is allowed only in mock mode/);
  });

  test('runs with the QA controls off (a shared demo server)', async () => {
    const { app: demo } = await makeApp({ ...SMALL, QA_CONTROLS: 'off', DEMO_TRAFFIC: '45' });
    try {
      expect(mockCtx(demo).traffic.info()).toMatchObject({ enabled: true, perMinute: 45 });
    } finally {
      await demo.close();
    }
  });
});

describe('each tick makes one consistent platform event', () => {
  test('orders, payments, feedback, refund and rent applications, low stock: all by the seed\'s rules', () => {
    const at = clock.now();
    const events = ticks(120);
    const kinds = new Set(events.map((e) => e.kind));
    expect([...kinds].sort()).toEqual([...TRAFFIC_KINDS].sort());
    const s = store();
    for (const e of events) {
      const row = s.get<AnyRow>(e.entity, e.id)!;
      expect(row, `${e.kind} ${e.entity} ${e.id}`).toBeTruthy();
      // Written now (a record changed twice within a second gets a version one second on); a stock
      // line is a derived count, recounted without a version of its own.
      if (e.kind !== 'stock') expect(row.updateTime >= e.at, `${e.kind} ${e.id}`).toBe(true);
    }

    // New orders: total = Σ items, pay = total − discount, units counted; every held code is the order's.
    const fresh = rows('order', (o) => o.createTime === events[0].at);
    expect(fresh.length).toBeGreaterThan(10);
    for (const o of fresh) {
      const items = s.col('orderItem').where('orderId', o.id);
      expect(items.length, `order ${o.id}`).toBeGreaterThan(0);
      for (const it of items) expect(it.amount).toBe((it.price as number) * (it.quantity as number));
      expect(o.totalAmount).toBe(items.reduce((n, it) => n + (it.amount as number), 0));
      expect(o.itemCount).toBe(items.reduce((n, it) => n + (it.quantity as number), 0));
      expect(o.payAmount).toBe((o.totalAmount as number) - (o.discountAmount as number));
      expect(o.memberNickName).toBe(s.get<AnyRow>('member', o.memberId as number)!.nickName);
      for (const it of items) {
        const held = it.cardIds as number[];
        if (it.deliveryType === 1) expect(held.length, `item ${it.id}`).toBe(it.quantity);
        for (const id of held) expect(s.get<AnyRow>('card', id)).toMatchObject({ orderId: o.id, goodsId: it.goodsId, status: (o.status as number) <= 1 ? 1 : 2 });
      }
    }

    // Payments: the order paid now, counted in the member's consumption.
    for (const e of events.filter((x) => x.kind === 'payment')) {
      const o = s.get<AnyRow>('order', e.id)!;
      expect(o.payTime).toBe(e.at);
      expect(o.payType).toBeGreaterThanOrEqual(1);
      expect(rows('memberConsume', (c) => c.orderNo === o.orderNo)).toHaveLength(1);
    }

    // Refund applications: pending, and their order refunding with its earlier status kept.
    for (const e of events.filter((x) => x.kind === 'refund')) {
      const r = s.get<AnyRow>('refund', e.id)!;
      expect(r).toMatchObject({ status: 0, auditRemark: '' });
      expect([2, 3]).toContain(r.orderStatusBefore);
      expect(s.get<AnyRow>('order', r.orderId as number)!.status).toBe(5);
      expect(r.amount).toBeGreaterThan(0);
      expect(r.amount).toBeLessThanOrEqual(s.get<AnyRow>('order', r.orderId as number)!.payAmount as number);
    }

    // Feedback unreplied, rent applications awaiting review.
    for (const e of events.filter((x) => x.kind === 'feedback')) expect(s.get<AnyRow>('feedback', e.id)).toMatchObject({ status: 0, createTime: e.at });
    for (const e of events.filter((x) => x.kind === 'rentApply')) expect(s.get<AnyRow>('rentApply', e.id)).toMatchObject({ status: 0, createTime: e.at });

    // Low stock: the line at or under its warning line, never out; counts agree with the codes.
    for (const e of events.filter((x) => x.kind === 'stock')) {
      const line = s.get<AnyRow>('stock', e.id)!;
      expect(line.availableQty as number).toBeLessThanOrEqual(line.warnQty as number);
    }
    for (const line of s.col('stock').values()) {
      const codes = [...s.col('card').where('goodsId', line.goodsId), ...s.col('cardAccount').where('goodsId', line.goodsId)];
      expect(line.availableQty, `stock ${line.id}`).toBe(codes.filter((c) => c.status === 0).length);
      expect(line.lockedQty, `stock ${line.id}`).toBe(codes.filter((c) => c.status === 1).length);
      expect(s.get<AnyRow>('goods', line.goodsId as number)!.stock).toBe(line.availableQty);
    }

    // Every record written satisfies its contract schema.
    const errors: string[] = [];
    for (const name of ['order', 'orderItem', 'refund', 'feedback', 'rentApply', 'memberConsume', 'card', 'cardAccount', 'stock', 'member'] as EntityName[]) {
      for (const r of rows(name, (x) => (x.updateTime as string) >= events[0].at)) errors.push(...schemaErrors(name, r));
    }
    expect(errors).toEqual([]);
    expect(events[0].at).toBe(new Date(at + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '));
  });

  test('a locked code of a new unpaid order belongs to that order, and stock counts it locked', async () => {
    await qa('/v1/mock/traffic/update', { enabled: false, perMinute: 30, kinds: ['order'] });
    const s = store();
    for (const e of ticks(60)) {
      for (const it of s.col('orderItem').where('orderId', e.id)) {
        for (const id of it.cardIds as number[]) expect(s.get<AnyRow>('card', id)).toMatchObject({ status: 1, orderId: e.id });
      }
      expect(s.get<AnyRow>('order', e.id)).toMatchObject({ status: 0 });
    }
  });

  test('only the chosen kinds are made', async () => {
    await qa('/v1/mock/traffic/update', { enabled: false, perMinute: 30, kinds: ['feedback', 'rentApply'] });
    const events = ticks(20);
    expect(events).toHaveLength(20);
    expect(new Set(events.map((e) => e.kind))).toEqual(new Set(['feedback', 'rentApply']));
    expect((await qa('/v1/mock/traffic/info')).json.data).toMatchObject({ ticks: 20, made: { feedback: expect.any(Number), order: 0 } });
  });

  test('is told as the store\'s changes by nobody: the live events\' source', () => {
    const seen: StoreChange[] = [];
    const off = store().onChange((c) => seen.push(c));
    try {
      const events = ticks(10);
      for (const e of events) expect(seen.some((c) => c.entity === e.entity && c.id === e.id), `${e.kind} ${e.id}`).toBe(true);
      expect(seen.length).toBeGreaterThan(events.length);
      expect(seen.every((c) => c.by === null)).toBe(true);
      expect(seen.some((c) => c.entity === 'order' && c.op === 'add')).toBe(true);
    } finally {
      off();
    }
  });

  test('a failed tick is logged and skipped, never thrown', async () => {
    const sink = logSink();
    const { app: noisy } = await makeApp({ ...SMALL, LOG_LEVEL: 'warn' }, { logStream: sink.stream });
    try {
      const ctx = mockCtx(noisy);
      const col = ctx.store.col.bind(ctx.store);
      ctx.store.col = ((name: string) => (name === 'member' || name === 'order' ? (() => { throw new Error('disk on fire'); })() : col(name))) as typeof ctx.store.col;
      expect(() => ctx.traffic.tick()).not.toThrow();
      expect(ctx.traffic.info().ticks).toBe(1);
      expect(sink.text()).toContain('demo traffic: tick failed');
      expect(sink.text()).toContain('disk on fire');
    } finally {
      await noisy.close();
    }
  });
});

describe('determinism and the sequence', () => {
  const made = (a: FastifyInstance, since: Record<string, number>) =>
    Object.fromEntries(['order', 'orderItem', 'refund', 'feedback', 'rentApply', 'memberConsume'].map((n) => [n, [...mockCtx(a).store.col(n).values()].filter((r) => r.id >= since[n])]));
  const nextIds = (a: FastifyInstance) => Object.fromEntries(['order', 'orderItem', 'refund', 'feedback', 'rentApply', 'memberConsume'].map((n) => [n, mockCtx(a).store.col(n).peekNextId()]));

  test('two apps with the same seed and the same ticks make the same records', async () => {
    const other = await makeApp(SMALL, { now: clock.now });
    try {
      const a = nextIds(app);
      const b = nextIds(other.app);
      expect(b).toEqual(a);
      const ea = ticks(40);
      const eb = ticks(40, other.app);
      expect(eb).toEqual(ea);
      expect(made(other.app, b)).toEqual(made(app, a));
      const cards = (x: FastifyInstance) => [...mockCtx(x).store.col('card').values()].filter((c) => c.updateTime === ea[0].at).map((c) => [c.id, c.status, c.orderId]);
      expect(cards(other.app)).toEqual(cards(app));
    } finally {
      await other.app.close();
    }
  });

  test('a data reset keeps the setting and starts the sequence over', async () => {
    await qa('/v1/mock/traffic/update', { enabled: true, perMinute: 20, kinds: ['order', 'feedback'] });
    const first = ticks(5);
    const before = made(app, { order: 0, orderItem: 0, refund: 0, feedback: 0, rentApply: 0, memberConsume: 0 });
    await qa('/v1/mock/reset');
    expect(mockCtx(app).traffic.info()).toMatchObject({ enabled: true, perMinute: 20, kinds: ['order', 'feedback'], ticks: 0 });
    expect(ticks(5)).toEqual(first);
    expect(made(app, { order: 0, orderItem: 0, refund: 0, feedback: 0, rentApply: 0, memberConsume: 0 })).toEqual(before);
  });
});

describe('the timer', () => {
  test('ticks at the chosen rate while on, not while off, and stops when the app closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { app: timed } = await makeApp(SMALL);
    const traffic = mockCtx(timed).traffic;
    await call(timed, 'POST', '/v1/mock/traffic/update', { body: { enabled: true, perMinute: 600 } });
    // The tables a tick reads are warmed first, one per turn of the event loop; timer ticks wait for it.
    vi.advanceTimersByTime(100);
    expect(traffic.info().ticks).toBe(0);
    await vi.waitFor(() => expect(traffic.ready).toBe(true));
    const at = traffic.info().ticks;
    vi.advanceTimersByTime(1000);
    expect(traffic.info().ticks - at).toBe(10);
    await call(timed, 'POST', '/v1/mock/traffic/update', { body: { enabled: false, perMinute: 600 } });
    vi.advanceTimersByTime(1000);
    expect(traffic.info().ticks - at).toBe(10);
    await call(timed, 'POST', '/v1/mock/traffic/update', { body: { enabled: true, perMinute: 60 } });
    vi.advanceTimersByTime(3000);
    expect(traffic.info().ticks - at).toBe(13);
    await timed.close();
    vi.advanceTimersByTime(5000);
    expect(traffic.info().ticks - at).toBe(13);
  });
});

import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pgliteDriver } from '../../server/console-db/pglite.js';
import { migrate, sqliteDriver } from '../../server/console-db/index.js';
import { EVENT_MIGRATIONS } from '../../server/events/hub.js';
import { TicketBook } from '../../server/events/tickets.js';
import { call, makeApp, signIn } from './helpers.js';
import { openStream, type Sse } from './sse.js';

/**
 * Live events over a real socket (inject waits for an answer's end; a stream never ends): a write
 * reaches the signed-in reader's stream, filtered by what its roles may list; tickets open one
 * stream once; `Last-Event-ID` resumes within the window and anything else resyncs; a sign-out
 * ends the stream; a client that never reads is dropped.
 */

const change = (entity: string, recordId?: number) => (e: { event: string; data: string }) => e.event === 'change' && JSON.parse(e.data).entity === entity && (recordId === undefined || JSON.parse(e.data).recordId === recordId);

const apps: FastifyInstance[] = [];
const streams: Sse[] = [];
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  for (const a of apps.splice(0)) await a.close();
});

async function listening(env: Record<string, string> = {}, deps: Parameters<typeof makeApp>[1] = {}) {
  const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', ...env }, { liveEvents: { heartbeatMs: 60_000, ...(deps.liveEvents ?? {}) }, ...deps });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address() as net.AddressInfo;
  return { app, base: `http://127.0.0.1:${addr.port}` };
}
const track = (s: Sse) => (streams.push(s), s);

describe('a signed-in stream', () => {
  test("hears another user's write with entity, id, op, who and the changed fields; a record its roles may not list is not sent", async () => {
    const { app, base } = await listening();
    const admin = await signIn(app);
    const operator = await signIn(app, 'operator', 'operator123');
    const s = track(await openStream(base, { token: operator }));
    await s.next((e) => e.event === 'ready');
    // The operator may not list roles (system area): that write stays off its stream.
    expect((await call(app, 'POST', '/v1/role/update', { token: admin, body: { id: 1, description: 'changed' } })).json.code).toBe(200);
    expect((await call(app, 'POST', '/v1/feedbackType/update', { token: admin, body: { id: 1, typeName: 'Renamed type' } })).json.code).toBe(200);
    const e = JSON.parse((await s.next(change('feedbackType', 1))).data);
    expect(e).toMatchObject({ entity: 'feedbackType', recordId: 1, op: 'update', by: { username: 'admin' }, fields: ['typeName'] });
    expect(s.events.some(change('role'))).toBe(false);
    await call(app, 'POST', '/v1/feedbackType/updateStatus', { token: admin, body: { id: 1, status: 0 } });
    expect(JSON.parse((await s.next((x) => change('feedbackType', 1)(x) && JSON.parse(x.data).op === 'updateStatus')).data).fields).toEqual(['status']);
  });

  test('without a session is refused 401, and a sign-out ends the stream', async () => {
    const { app, base } = await listening();
    expect((await openStream(base)).status).toBe(401);
    expect((await openStream(base, { token: 'Bearer nope' })).status).toBe(401);
    const token = await signIn(app);
    const s = track(await openStream(base, { token }));
    await s.next((e) => e.event === 'ready');
    await call(app, 'POST', '/v1/admin/logout', { token });
    await s.ended;
    expect(s.events.at(-1)).toMatchObject({ event: 'end', data: '{"reason":"signedOut"}' });
  });

  test('a ticket opens one stream once; a used, unknown or expired ticket is refused', async () => {
    const { app, base } = await listening();
    const token = await signIn(app);
    expect((await call(app, 'POST', '/console/events/ticket')).status).toBe(401);
    const t = await call(app, 'POST', '/console/events/ticket', { token });
    expect(t.json.data).toMatchObject({ ticket: expect.any(String), expiresIn: 30 });
    const s = track(await openStream(base, { query: `?ticket=${t.json.data.ticket}` }));
    expect(s.status).toBe(200);
    await s.next((e) => e.event === 'ready');
    expect((await openStream(base, { query: `?ticket=${t.json.data.ticket}` })).status).toBe(401);
    expect((await openStream(base, { query: '?ticket=AAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).status).toBe(401);

    const db = sqliteDriver(':memory:');
    await migrate(db, EVENT_MIGRATIONS);
    let now = 1_000_000;
    const book = new TicketBook(db, () => now);
    const old = await book.issue('Bearer x');
    now += 31_000;
    expect(await book.take(old.ticket)).toBeNull();
    const fresh = await book.issue('Bearer y');
    expect(await book.take(fresh.ticket)).toBe('Bearer y');
    expect(await book.take(fresh.ticket)).toBeNull();
    await db.close();
  });

  test('Last-Event-ID resumes within the window; an unknown one resyncs', async () => {
    const { app, base } = await listening({}, { liveEvents: { ringSize: 8 } });
    const token = await signIn(app);
    const first = track(await openStream(base, { token }));
    await first.next((e) => e.event === 'ready');
    for (const id of [1, 2, 3]) await call(app, 'POST', '/v1/feedbackType/update', { token, body: { id, description: `d${id}` } });
    const seen = await first.next(change('feedbackType', 1));
    await first.next(change('feedbackType', 3));
    first.close();
    const resumed = track(await openStream(base, { token, lastEventId: seen.id }));
    await resumed.next(change('feedbackType', 3));
    expect(resumed.events[0].event).toBe('ready');
    expect(resumed.events.filter(change('feedbackType')).map((e) => JSON.parse(e.data).recordId)).toEqual([2, 3]);
    const unknown = track(await openStream(base, { token, lastEventId: '999999' }));
    expect((await unknown.next(() => true)).event).toBe('resync');
    // Pushed out of the window of 8: resuming from the first is a resync too.
    for (let i = 0; i < 10; i++) await call(app, 'POST', '/v1/feedbackType/update', { token, body: { id: 4, description: `n${i}` } });
    await app.liveEvents!.hub.settled();
    const late = track(await openStream(base, { token, lastEventId: seen.id }));
    expect((await late.next(() => true)).event).toBe('resync');
  });

  test('a client that never reads is dropped once its buffer is full', async () => {
    const { app, base } = await listening({}, { liveEvents: { maxBufferBytes: 64 * 1024 } });
    const token = await signIn(app);
    const port = new URL(base).port;
    const sock = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => sock.once('connect', r));
    sock.write(`GET /console/events HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\n\r\n`);
    sock.pause();
    const live = app.liveEvents!;
    // Wait for the stream to be open, then publish until the server gives up on it.
    while (live.streamCount() === 0) await new Promise((r) => setImmediate(r));
    const fields = Array.from({ length: 60 }, (_, i) => `field_${i}_with_a_long_name`);
    for (let i = 0; live.streamCount() > 0; i++) {
      live.hub.publish(Array.from({ length: 200 }, (_, j) => ({ entity: 'feedbackType', recordId: i * 200 + j, op: 'update' as const, by: null, fields, at: Date.now() })));
      await live.hub.settled();
      await new Promise((r) => setImmediate(r));
      expect(i).toBeLessThan(5000);
    }
    expect(live.streamCount()).toBe(0);
    sock.destroy();
  });
});

describe('replicas on one PostgreSQL (PGlite)', () => {
  let pg: PGlite | null = null;
  afterAll(async () => {
    await pg?.close();
  });
  test('a write through replica A reaches a stream on replica B (LISTEN/NOTIFY); a ticket is taken once across replicas', async () => {
    pg = await PGlite.create();
    const env = { AUDIT_DB: 'off' };
    const a = await listening(env, { consoleDriver: pgliteDriver(pg, { shared: true }) });
    const b = await listening(env, { consoleDriver: pgliteDriver(pg, { shared: true }) });
    const tokenA = await signIn(a.app);
    const tokenB = await signIn(b.app);
    const ticket = await call(a.app, 'POST', '/console/events/ticket', { token: tokenA });
    // B takes A's ticket from the shared table (its mock knows no such session, so no stream), and A then finds it used.
    expect((await openStream(b.base, { query: `?ticket=${ticket.json.data.ticket}` })).status).toBe(401);
    expect((await openStream(a.base, { query: `?ticket=${ticket.json.data.ticket}` })).status).toBe(401);
    const onB = track(await openStream(b.base, { token: tokenB }));
    await onB.next((e) => e.event === 'ready');
    await call(a.app, 'POST', '/v1/feedbackType/update', { token: tokenA, body: { id: 2, typeName: 'From A' } });
    const e = JSON.parse((await onB.next(change('feedbackType', 2))).data);
    expect(e).toMatchObject({ op: 'update', fields: ['typeName'], by: { username: 'admin' } });
  }, 120_000);
});

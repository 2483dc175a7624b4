import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDriver } from '../../server/console-db/pglite.js';
import { PresenceBook } from '../../server/events/presence.js';
import { call, makeApp, signIn } from './helpers.js';
import { openStream } from './sse.js';

/**
 * Presence: who else has a record open. `presence.update` puts the caller on a record (renewed every
 * 15 s) or takes them off, and answers who is on it; `presence.list` answers it for a list's rows;
 * streams that may read the entity hear `event: presence`, and a new stream hears who is on records
 * now. Nothing locks; a renewal not made within 45 s takes the user off. Bad input is refused
 * naming the field; a user hears nothing about an entity its roles may not list.
 */

const closers: (() => unknown)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function app(): Promise<FastifyInstance> {
  const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' }, { liveEvents: { heartbeatMs: 60_000 } });
  closers.push(() => app.close());
  return app;
}

describe('the presence book', () => {
  test('a user is on a record from open until leave, or until a renewal is 45 s late; the change is reported once', () => {
    let t = 1_000_000;
    const book = new PresenceBook(45_000, () => t);
    const li = { userId: 2, username: 'li.si' };
    expect(book.update('goods', 5, li, true)).toMatchObject({ changed: true, record: { users: [li] } });
    t += 15_000;
    expect(book.update('goods', 5, li, true).changed).toBe(false);
    t += 44_000;
    expect(book.sweep()).toEqual([]);
    t += 2_000;
    expect(book.sweep()).toEqual([{ entity: 'goods', recordId: 5, users: [] }]);
    expect(book.all()).toEqual([]);
    book.update('goods', 5, li, true);
    expect(book.update('goods', 5, li, false)).toMatchObject({ changed: true, record: { users: [] } });
    expect(book.update('goods', 5, li, false).changed).toBe(false);
  });

  test('holds at most its bound of records and users per record, the oldest renewal leaving first', () => {
    let t = 0;
    const book = new PresenceBook(45_000, () => ++t, 3, 2);
    for (let id = 1; id <= 5; id++) book.update('goods', id, { userId: 1, username: 'a' }, true);
    expect(book.all().map((r) => r.recordId)).toEqual([3, 4, 5]);
    for (let u = 1; u <= 3; u++) book.update('goods', 5, { userId: u, username: `u${u}` }, true);
    expect(book.recordOf('goods', 5).users.map((u) => u.userId)).toEqual([2, 3]);
  });
});

describe('/console/presence', () => {
  test('answers who has a record open, for one record and for a list’s rows; leaving takes the caller off', async () => {
    const a = await app();
    const admin = await signIn(a);
    const operator = await signIn(a, 'operator', 'operator123');
    const mine = await call(a, 'POST', '/console/presence/update', { token: operator, body: { entity: 'goods', recordId: 5, open: true } });
    expect(mine.json).toMatchObject({ code: 200, data: { entity: 'goods', recordId: 5, users: [{ username: 'operator' }] } });
    const both = await call(a, 'POST', '/console/presence/update', { token: admin, body: { entity: 'goods', recordId: 5, open: true } });
    expect(both.json.data.users.map((u: { username: string }) => u.username)).toEqual(['operator', 'admin']);
    const rows = await call(a, 'POST', '/console/presence/list', { token: admin, body: { entity: 'goods', recordIds: [5, 6, 5] } });
    expect(rows.json.data).toEqual([{ entity: 'goods', recordId: 5, users: expect.any(Array) }]);
    await call(a, 'POST', '/console/presence/update', { token: operator, body: { entity: 'goods', recordId: 5, open: false } });
    const left = await call(a, 'POST', '/console/presence/list', { token: admin, body: { entity: 'goods', recordIds: [5] } });
    expect(left.json.data[0].users.map((u: { username: string }) => u.username)).toEqual(['admin']);
  });

  test('refuses a caller without a session, an unknown entity, a bad id and an entity the roles may not list, naming the field', async () => {
    const a = await app();
    const operator = await signIn(a, 'operator', 'operator123');
    expect((await call(a, 'POST', '/console/presence/update', { body: { entity: 'goods', recordId: 5, open: true } })).status).toBe(401);
    const unknown = await call(a, 'POST', '/console/presence/update', { token: operator, body: { entity: 'nothing', recordId: 5, open: true } });
    expect(unknown.json).toMatchObject({ code: 400, field: 'entity' });
    const badId = await call(a, 'POST', '/console/presence/update', { token: operator, body: { entity: 'goods', recordId: 0, open: true } });
    expect(badId.json.code).toBe(400);
    expect(JSON.stringify(badId.json)).toContain('recordId');
    const tooMany = await call(a, 'POST', '/console/presence/list', { token: operator, body: { entity: 'goods', recordIds: Array.from({ length: 201 }, (_, i) => i + 1) } });
    expect(tooMany.json.code).toBe(400);
    // The operator may not list roles (the System area).
    const role = await call(a, 'POST', '/console/presence/update', { token: operator, body: { entity: 'role', recordId: 1, open: true } });
    expect(role.json).toMatchObject({ code: 403, field: 'entity' });
  });

  test('a stream hears who opens and leaves a record, and a new stream hears who is on records now', async () => {
    const a = await app();
    await a.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(a.server.address() as AddressInfo).port}`;
    const admin = await signIn(a);
    const operator = await signIn(a, 'operator', 'operator123');
    const s = await openStream(base, { token: admin });
    closers.push(() => s.close());
    await s.next((e) => e.event === 'ready');
    await call(a, 'POST', '/console/presence/update', { token: operator, body: { entity: 'goods', recordId: 7, open: true } });
    const opened = JSON.parse((await s.next((e) => e.event === 'presence')).data);
    expect(opened).toEqual({ entity: 'goods', recordId: 7, users: [{ userId: expect.any(Number), username: 'operator' }] });
    const late = await openStream(base, { token: admin });
    closers.push(() => late.close());
    expect(JSON.parse((await late.next((e) => e.event === 'presence')).data)).toEqual(opened);
    await call(a, 'POST', '/console/presence/update', { token: operator, body: { entity: 'goods', recordId: 7, open: false } });
    const left = await s.next((e) => e.event === 'presence' && JSON.parse(e.data).users.length === 0);
    expect(JSON.parse(left.data)).toEqual({ entity: 'goods', recordId: 7, users: [] });
  });
});

describe('replicas on one PostgreSQL (PGlite)', () => {
  test('a record opened on replica A shows on replica B, and leaving it there too', async () => {
    const pg = await PGlite.create();
    closers.push(() => pg.close());
    const replica = async () => {
      const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', AUDIT_DB: 'off' }, { liveEvents: { heartbeatMs: 60_000 }, consoleDriver: pgliteDriver(pg, { shared: true }) });
      closers.push(() => app.close());
      return app;
    };
    const a = await replica();
    const b = await replica();
    const onA = await signIn(a, 'operator', 'operator123');
    const onB = await signIn(b);
    await call(a, 'POST', '/console/presence/update', { token: onA, body: { entity: 'goods', recordId: 9, open: true } });
    const seen = async () => (await call(b, 'POST', '/console/presence/list', { token: onB, body: { entity: 'goods', recordIds: [9] } })).json.data as { users: { username: string }[] }[];
    await expect.poll(async () => (await seen())[0]?.users.map((u) => u.username), { timeout: 10_000 }).toEqual(['operator']);
    await call(a, 'POST', '/console/presence/update', { token: onA, body: { entity: 'goods', recordId: 9, open: false } });
    await expect.poll(seen, { timeout: 10_000 }).toEqual([]);
  }, 60_000);
});

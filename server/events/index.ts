import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { SqlDriver } from '../console-db/driver.js';
import { ENTITIES, type AnyEntity } from '../contract/index.js';
import { eventStream, eventTicket, presenceList, presenceUpdate, type PresenceRecord } from '../contract/events.js';
import { ResultCode } from '../contract/envelope.js';
import type { ConsoleAccount } from '../mock/accounts.js';
import type { MockContext } from '../mock/context.js';
import type { ExchangeObserver } from '../platform/exchange.js';
import { ok, sendEnvelope } from '../plugins/envelope.js';
import { onSignOut } from '../plugins/sign-out.js';
import { platformIdentity, type IdentityOf } from '../audit/capture.js';
import { EventHub, type EventDraft } from './hub.js';
import { relayedWrites } from './sources.js';
import { startWatcher, type Watcher } from './watcher.js';
import { PresenceBook } from './presence.js';
import { LiveStream, type Viewer } from './stream.js';
import { TicketBook } from './tickets.js';

export { EventHub, EVENT_MIGRATIONS, type EventDraft } from './hub.js';

/**
 * Live events (contract server/contract/events.ts): `POST /console/events/ticket` and
 * `GET /console/events`, in every mode, for the signed-in user.
 *
 * - Who: mock and replay modes check the mock's sessions; proxy and hybrid ask the platform who the
 *   token is (its user info, kept a minute, as the audit trail does).
 * - What: an event is sent only when the user's roles may read its entity, decided as its list
 *   endpoint decides: the mock's resource check ({@link refusalFor}) in mock mode; in proxy and
 *   hybrid the list itself is asked once (`pageSize: 1`, through this console, so the platform or
 *   hybrid's mock answers as it would answer the list) and the verdict kept {@link LiveEventsOptions.permissionTtlMs}.
 * - Sources: the mock store's every write (mock, replay, hybrid's mock); the writes the platform
 *   answered through the proxy (server/events/sources.ts); the platform's own changes, found by one
 *   watcher per replica reading the watched lists (server/events/watcher.ts).
 * - Presence (`/console/presence/update|list`): who has a record open, told to the streams that may
 *   read its entity as `event: presence` (server/events/presence.ts), kept in each replica's memory
 *   and, on PostgreSQL, told to the other replicas (NOTIFY `console_presence`).
 * - Until when: a sign-out (the mock's, or `/v1/admin/logout` relayed through the console) ends
 *   that session's streams at once; an expired or revoked token is found at the next heartbeat.
 */

export interface LiveEventsOptions {
  /** ms between heartbeats (a comment line) and session checks. Default 15,000. */
  heartbeatMs?: number;
  /** Bytes that may wait unsent to one client before it is dropped. Default 1 MiB. */
  maxBufferBytes?: number;
  /** Events kept for `Last-Event-ID` resumes. Default 2048. */
  ringSize?: number;
  /** Proxy and hybrid: how long a list-permission verdict is kept per session and entity, in ms. Default 60,000. */
  permissionTtlMs?: number;
  /** The retry interval the stream suggests to EventSource, in ms. Default 3000. */
  retryMs?: number;
  /** Proxy and hybrid: ms between the watcher's rounds; default the config's `watchIntervalSeconds` (0 = no watcher). */
  watchIntervalMs?: number;
}

/** What the app wires: the hub, the proxy's observer, and the hooks for the mock stores. */
export interface LiveEvents {
  hub: EventHub;
  /** Proxy and hybrid: the relayed writes' observer; null in mock and replay modes. */
  observer: ExchangeObserver | null;
  /** Mock mode (and replay's mock): the store whose writes are events, and the sessions whose ends close streams. */
  attachMock(ctx: MockContext): void;
  /** Hybrid's in-process mock backend (its store's writes are events too). */
  onMockBackend(backend: FastifyInstance): void;
  /** Open streams (bench, tests). */
  streamCount(): number;
  /** Proxy and hybrid: the watcher of the platform's own changes (server/events/watcher.ts); null when off or in mock mode. */
  watcher: Watcher | null;
}

/** The NOTIFY channel replicas tell each other presence on. */
const PRESENCE_CHANNEL = 'console_presence';

/** Each entity's list endpoint (the permission an event of it needs); approvals' answers every signed-in user. */
const LIST_PATHS = new Map<string, string>([['approval', '/console/approval/list']]);
for (const e of ENTITIES as readonly AnyEntity[]) {
  const list = e.endpoints.find((ep) => ep.op === 'list');
  if (list) LIST_PATHS.set(e.name, list.path);
}

/**
 * Registers the live-event endpoints and their hub on `app` (call before the mode's routes, with
 * the console database's driver, null for none). The hub starts here (its ring read, PostgreSQL's
 * listener started); streams end before the server closes.
 */
export async function registerLiveEvents(app: FastifyInstance, config: Config, db: SqlDriver | null, opts: LiveEventsOptions = {}): Promise<LiveEvents> {
  const heartbeatMs = opts.heartbeatMs ?? 15_000;
  const maxBufferBytes = opts.maxBufferBytes ?? 1 << 20;
  const permissionTtlMs = opts.permissionTtlMs ?? 60_000;
  const retryMs = opts.retryMs ?? 3000;
  const hub = new EventHub({
    db,
    ringSize: opts.ringSize,
    onState: (state, err) => (state === 'ok' ? app.log.warn('live events: the console database takes events again') : app.log.error({ err }, 'live events: the console database refuses events; no live events until it takes them again')),
  });
  await hub.start();
  const tickets = db ? new TicketBook(db) : null;
  const streams = new Set<LiveStream>();
  let mockCtx: MockContext | null = null;
  const upstream = config.mode === 'proxy' || config.mode === 'hybrid' ? config.upstreamUrl : null;
  const identityOf: IdentityOf | null = upstream ? platformIdentity(upstream, { timeoutMs: Math.min(config.upstreamTimeoutMs, 10_000) }) : null;

  /** The viewer an `Authorization` value stands for, or null (not signed in, expired, disabled). */
  async function viewerOf(authorization: string | undefined): Promise<Viewer | null> {
    if (!authorization?.trim()) return null;
    if (identityOf) {
      const who = await identityOf(authorization);
      if (!who) return null;
      return { userId: who.userId, username: who.username, authorization, mayRead: listProbe(authorization), stillValid: async () => (await identityOf(authorization)) !== null };
    }
    const ctx = mockCtx ?? (app as unknown as { __mockCtx?: MockContext }).__mockCtx;
    if (!ctx) return null;
    const alive = () => {
      const s = ctx.sessions.verify(authorization);
      const account = s ? ctx.store.get<ConsoleAccount>('admin', s.userId) : undefined;
      return s && account && account.status === 1 ? s : null;
    };
    const session = alive();
    if (!session) return null;
    // Loaded on first use: proxy mode never loads the mock's permission code.
    const { refusalFor } = await import('../mock/permissions.js');
    return {
      userId: session.userId,
      username: session.username,
      authorization,
      mayRead: (entity) => {
        // Approvals: every signed-in user hears them (the event names no values; the list answers each user their own).
        if (entity === 'approval') return true;
        const path = LIST_PATHS.get(entity);
        return path !== undefined && refusalFor(ctx, session, path) === null;
      },
      stillValid: () => alive() !== null,
    };
  }

  /** Proxy and hybrid: whether the session's list of an entity answers code 200 (asked through this console, kept a while). */
  function listProbe(authorization: string): (entity: string) => boolean | Promise<boolean> {
    const kept = new Map<string, { v: boolean | Promise<boolean>; until: number }>();
    return (entity) => {
      const hit = kept.get(entity);
      if (hit && (hit.v instanceof Promise || hit.until > Date.now())) return hit.v;
      const path = LIST_PATHS.get(entity);
      if (!path) return false;
      const asking = app
        .inject({ method: 'POST', url: path, headers: { authorization, 'content-type': 'application/json' }, payload: '{"pageNum":1,"pageSize":1}' })
        .then((r) => r.statusCode === 200 && (JSON.parse(r.body) as { code?: unknown }).code === ResultCode.success)
        .catch(() => false)
        .then((v) => {
          kept.set(entity, { v, until: Date.now() + permissionTtlMs });
          return v;
        });
      kept.set(entity, { v: asking, until: 0 });
      return asking;
    };
  }

  const endWhere = (pred: (s: LiveStream) => boolean | Promise<boolean>) => {
    for (const s of [...streams]) {
      const v = pred(s);
      if (v === true) s.end('signedOut');
      else if (v instanceof Promise) void v.then((yes) => yes && s.end('signedOut'), () => undefined);
    }
  };
  // A sign-out relayed through the console ends its streams at once.
  onSignOut(app, (authorization) => endWhere((s) => s.viewer.authorization === authorization));

  const presence = new PresenceBook();
  /** Tells who has a record open to every stream whose viewer may read its entity. */
  const tellPresence = (r: PresenceRecord, to: Iterable<LiveStream> = streams) => {
    const text = `event: presence\ndata: ${JSON.stringify(r)}\n\n`;
    for (const s of to) {
      const may = s.viewer.mayRead(r.entity);
      if (may === true) s.write(text);
      else if (may instanceof Promise) void may.then((yes) => yes && s.write(text), () => undefined);
    }
  };
  const sweep = setInterval(() => {
    for (const r of presence.sweep()) tellPresence(r);
  }, 15_000);
  sweep.unref();
  // Replicas on PostgreSQL tell each other every presence change and renewal (NOTIFY), so a record
  // open on one replica shows on the others; a renewal that stops coming expires there too.
  const replica = randomUUID();
  let sharePresence: ((m: { entity: string; recordId: number; user: { userId: number; username: string }; open: boolean }) => void) | null = null;
  let stopPresenceListen: (() => Promise<void>) | null = null;
  if (db?.listen) {
    stopPresenceListen = await db
      .listen(PRESENCE_CHANNEL, (payload) => {
        try {
          const m = JSON.parse(payload) as { replica?: string; entity?: unknown; recordId?: unknown; user?: { userId?: unknown; username?: unknown }; open?: unknown };
          if (m.replica === replica || typeof m.entity !== 'string' || !LIST_PATHS.has(m.entity) || !Number.isInteger(m.recordId) || !Number.isInteger(m.user?.userId)) return;
          const { changed, record } = presence.update(m.entity, m.recordId as number, { userId: m.user!.userId as number, username: String(m.user!.username ?? '') }, m.open === true);
          if (changed) tellPresence(record);
        } catch {
          /* a payload that is not ours */
        }
      })
      .catch((err: unknown) => {
        app.log.warn({ err }, 'presence: replicas cannot tell each other (no LISTEN); presence stays per replica');
        return null;
      });
    sharePresence = (m) => void db.run('SELECT pg_notify(?, ?)', [PRESENCE_CHANNEL, JSON.stringify({ ...m, replica })]).catch(() => undefined);
  }

  const heartbeat = setInterval(() => {
    for (const s of [...streams]) s.write(': hb\n\n');
    endWhere(async (s) => !(await s.viewer.stillValid()));
  }, heartbeatMs);
  heartbeat.unref();

  const unsubscribe = hub.subscribe((e, text) => {
    for (const s of streams) s.deliver(e, text);
  });

  const unavailable = (reply: FastifyReply) => sendEnvelope(reply, 503, 503, { key: 'events.unavailable' });
  const notSignedIn = (reply: FastifyReply) => sendEnvelope(reply, 401, ResultCode.unauthorized, { key: 'session.notSignedIn' });

  app.post(eventTicket.path, async (req, reply) => {
    const viewer = await viewerOf(req.headers.authorization);
    if (!viewer) return notSignedIn(reply);
    if (!tickets) return unavailable(reply);
    try {
      return ok(await tickets.issue(viewer.authorization));
    } catch (err) {
      req.log.error({ err }, 'live events: a ticket could not be kept');
      return unavailable(reply);
    }
  });

  /** Presence's callers by request: found before the body is read, so an anonymous caller learns nothing about the schema. */
  const callers = new WeakMap<FastifyRequest, Viewer>();
  const presenceSignedIn = async (req: FastifyRequest, reply: FastifyReply) => {
    const viewer = await viewerOf(req.headers.authorization);
    if (!viewer) return notSignedIn(reply);
    callers.set(req, viewer);
  };
  /** The caller when it may read `entity`, or null with the refusal sent. */
  async function presenceReader(req: FastifyRequest, reply: FastifyReply, entity: string): Promise<Viewer | null> {
    const viewer = callers.get(req)!;
    if (!LIST_PATHS.has(entity)) {
      sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'entity', key: 'presence.unknownEntity', params: { entity } });
      return null;
    }
    if (!(await viewer.mayRead(entity))) {
      sendEnvelope(reply, 403, 403, { field: 'entity', key: 'presence.notReadable', params: { entity } });
      return null;
    }
    return viewer;
  }

  app.post(presenceUpdate.path, { schema: { body: presenceUpdate.payload }, onRequest: presenceSignedIn }, async (req, reply) => {
    const body = req.body as { entity: string; recordId: number; open: boolean };
    const viewer = await presenceReader(req, reply, body.entity);
    if (!viewer) return reply;
    const user = { userId: viewer.userId, username: viewer.username };
    const { changed, record } = presence.update(body.entity, body.recordId, user, body.open);
    if (changed) tellPresence(record);
    sharePresence?.({ entity: body.entity, recordId: body.recordId, user, open: body.open });
    return ok(record);
  });

  app.post(presenceList.path, { schema: { body: presenceList.payload }, onRequest: presenceSignedIn }, async (req, reply) => {
    const body = req.body as { entity: string; recordIds: number[] };
    if (!(await presenceReader(req, reply, body.entity))) return reply;
    return ok([...new Set(body.recordIds)].map((id) => presence.recordOf(body.entity, id)).filter((r) => r.users.length > 0));
  });

  app.get(eventStream.path, async (req: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply) => {
    const q = req.query ?? {};
    let authorization = req.headers.authorization;
    if (q.ticket !== undefined) {
      if (typeof q.ticket !== 'string' || !tickets) return sendEnvelope(reply, 401, ResultCode.unauthorized, { field: 'ticket', key: 'events.ticketInvalid' });
      let taken: string | null;
      try {
        taken = await tickets.take(q.ticket);
      } catch (err) {
        req.log.error({ err }, 'live events: a ticket could not be read');
        return unavailable(reply);
      }
      if (!taken) return sendEnvelope(reply, 401, ResultCode.unauthorized, { field: 'ticket', key: 'events.ticketInvalid' });
      authorization = taken;
    }
    const viewer = await viewerOf(authorization);
    if (!viewer) return notSignedIn(reply);
    const lastRaw = req.headers['last-event-id'] ?? q.lastEventId;
    const last = typeof lastRaw === 'string' && lastRaw.trim() !== '' ? lastRaw.trim() : null;

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    });
    res.socket?.setNoDelay(true);
    const stream = new LiveStream(res, viewer, maxBufferBytes, (s) => streams.delete(s));
    streams.add(stream);
    // Resumed events and live ones in one order: the window is read and the stream joins in one turn.
    const resumed = last === null ? [] : /^\d{1,15}$/.test(last) ? hub.since(Number(last)) : null;
    const head = JSON.stringify({ head: hub.head() });
    stream.write(`retry: ${retryMs}\n${resumed === null ? 'event: resync' : 'event: ready'}\ndata: ${head}\n\n`);
    for (const r of resumed ?? []) stream.deliver(r.event, r.text);
    // Who has records open now (the most recent 500), for the rows and forms this viewer shows.
    for (const r of presence.all().slice(-500)) tellPresence(r, [stream]);
  });

  const watchMs = opts.watchIntervalMs ?? config.watchIntervalSeconds * 1000;
  const watched = (ENTITIES as readonly AnyEntity[]).filter((e) => config.watchKinds.includes(e.name));
  const watcher = upstream && watchMs > 0 && watched.length
    ? startWatcher({
        entities: watched,
        intervalMs: watchMs,
        viewers: () => [...streams].map((s) => s.viewer),
        // Through this console, as the viewer's own list request would go (the proxy, hybrid's choice).
        list: (path, body, authorization) =>
          app
            .inject({ method: 'POST', url: path, headers: { authorization, 'content-type': 'application/json' }, payload: JSON.stringify(body) })
            .then((r) => {
              if (r.statusCode !== 200) return null;
              const env = JSON.parse(r.body) as { code?: unknown; data?: { list?: unknown } };
              return env.code === ResultCode.success && Array.isArray(env.data?.list) ? (env.data.list as Record<string, unknown>[]) : null;
            }),
        publish: (drafts) => hub.publish(drafts),
        subscribe: (fn) => hub.subscribe((e) => fn(e)),
        onError: (entity, err) => app.log.warn({ err, entity }, 'live events: the watcher could not read a list'),
      })
    : null;

  // Streams never end by themselves: they end before the server closes (else it would wait for them).
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    clearInterval(sweep);
    watcher?.stop();
    for (const s of [...streams]) s.end('shutdown');
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await stopPresenceListen?.().catch(() => undefined);
    await hub.close();
  });

  const publish = (d: EventDraft) => hub.publish([d]);
  const attached = new WeakSet<MockContext>();
  const attachMock = (ctx: MockContext) => {
    if (attached.has(ctx)) return;
    attached.add(ctx);
    mockCtx ??= config.mode === 'mock' || config.mode === 'replay' ? ctx : null;
    ctx.store.onChange((c) => publish({ entity: c.entity, recordId: c.id, op: c.op, by: c.by, fields: c.fields, at: c.at }));
    // A session that ends (sign-out, password change) closes its streams now, not at the next heartbeat.
    if (!identityOf) ctx.sessions.onEnd(() => endWhere(async (s) => !(await s.viewer.stillValid())));
  };
  return {
    hub,
    observer: upstream ? relayedWrites(hub, identityOf!) : null,
    attachMock,
    onMockBackend: (backend) => backend.addHook('onReady', async () => {
      const ctx = (backend as unknown as { __mockCtx?: MockContext }).__mockCtx;
      if (ctx) attachMock(ctx);
    }),
    streamCount: () => streams.size,
    watcher,
  };
}

import { Type, type Static } from 'typebox';
import { defineAction } from './entity.js';

/**
 * Live events: the console server's own endpoints (never relayed to the platform), served by
 * server/events in every mode and read by web/api/events.ts. A signed-in user's browser opens
 * `GET /console/events?ticket=…` as an `EventSource` (a ticket from `POST /console/events/ticket`,
 * never the session token in a URL); tools send the session's `Authorization` header instead.
 *
 * The stream (`text/event-stream`) sends first `retry:` and either `event: ready` or `event: resync`
 * (both `data: {head}`, the newest event id), then the events resumed after `Last-Event-ID`, then live ones:
 * - `event: change`, `id: <event id>`, `data:` a {@link LiveEvent} — a record the user's roles may
 *   read (the list endpoint of its entity) was added, changed or deleted;
 * - `event: resync`, `data: {head}` — the `Last-Event-ID` the client resumed from is outside the
 *   window the server keeps: what the client shows may be stale, read it afresh;
 * - `event: ready` — the stream is open (resumed from `Last-Event-ID` when one was sent);
 * - `event: end`, `data: {reason}` — the server ends the stream (`signedOut`: do not reconnect; `shutdown`);
 * - a comment line (`: hb`) about every 15 s (heartbeat).
 * The stream ends when the session signs out or its token stops being valid.
 */

/** What happened to the record: the CRUD operation of the contract (actions that change a record are `update`). */
export const LiveEventOp = Type.Union([Type.Literal('add'), Type.Literal('update'), Type.Literal('updateStatus'), Type.Literal('del')]);
export type LiveEventOp = Static<typeof LiveEventOp>;

/** One change of a record, as `data:` of an `event: change`. Never carries field values. */
export const LiveEvent = Type.Object({
  id: Type.Integer({ description: 'event id, increasing (the SSE `id:`; resume with `Last-Event-ID`)' }),
  entity: Type.String({ description: "the contract's entity name, e.g. feedbackType" }),
  recordId: Type.Integer({ description: 'the record changed (one event per record of a batch)' }),
  op: LiveEventOp,
  by: Type.Union([Type.Null(), Type.Object({ userId: Type.Integer(), username: Type.String() })], { description: 'who made the change; null when the console cannot tell (the platform itself, a mock QA control)' }),
  fields: Type.Array(Type.String(), { description: 'names of the changed fields (update, updateStatus); empty otherwise' }),
  at: Type.Integer({ description: 'when, ms since the epoch' }),
});
export type LiveEvent = Static<typeof LiveEvent>;

/** `POST /console/events/ticket`: a single-use ticket for one `EventSource` connection. */
export const EventTicket = Type.Object({
  ticket: Type.String({ description: 'opaque; pass as `?ticket=` to GET /console/events once' }),
  expiresIn: Type.Integer({ description: 'seconds the ticket stays usable' }),
});
export type EventTicket = Static<typeof EventTicket>;

export const eventTicket = defineAction({
  name: 'events.ticket',
  path: '/console/events/ticket',
  area: 'system',
  summary: 'A short-lived single-use ticket that opens one live-event stream (EventSource cannot send headers)',
  payloadOptional: true,
  result: EventTicket,
});

export const eventStream = defineAction({
  name: 'events.stream',
  method: 'GET',
  kind: 'download',
  path: '/console/events',
  area: 'system',
  produces: 'text/event-stream',
  summary: 'Live events (Server-Sent Events) for records the user may read: `?ticket=` from events.ticket, or the Authorization header; resume with Last-Event-ID',
});

/** One person who has a record open in a modify page or dialog. */
export const PresenceUser = Type.Object({ userId: Type.Integer(), username: Type.String() });
export type PresenceUser = Static<typeof PresenceUser>;

/** Who has one record open: the `presence` event's data and the presence endpoints' answer. */
export const PresenceRecord = Type.Object({
  entity: Type.String({ description: "the contract's entity name" }),
  recordId: Type.Integer(),
  users: Type.Array(PresenceUser, { description: 'everyone who has it open now, the caller included' }),
});
export type PresenceRecord = Static<typeof PresenceRecord>;

const EntityName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9]*$', description: "the contract's entity name, e.g. goods" });

/**
 * `POST /console/presence/update`: the caller has a record open (`open: true`, sent again every
 * 15 s while it stays open) or has left it (`open: false`). Without a renewal the caller leaves
 * after 45 s, so a closed tab never holds a record. Nothing is locked: presence only tells. Streams
 * that may read the entity hear `event: presence` with the record's {@link PresenceRecord}.
 */
export const presenceUpdate = defineAction({
  name: 'presence.update',
  path: '/console/presence/update',
  area: 'system',
  summary: 'Say that the caller has a record open (renew every 15 s) or has left it; answers who has it open',
  payload: Type.Object({ entity: EntityName, recordId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), open: Type.Boolean() }, { additionalProperties: false }),
  result: PresenceRecord,
});

/** `POST /console/presence/list`: who has each of these records open (a list's rows on screen); records nobody has open are left out. */
export const presenceList = defineAction({
  name: 'presence.list',
  path: '/console/presence/list',
  area: 'system',
  summary: 'Who has each of these records open now (records nobody has open are left out)',
  payload: Type.Object({ entity: EntityName, recordIds: Type.Array(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), { minItems: 1, maxItems: 200 }) }, { additionalProperties: false }),
  result: Type.Array(PresenceRecord),
});

/** The live-event endpoints as the contract lists them (/docs); the typed client calls the ticket and presence. */
export const EVENT_ENDPOINTS = [eventTicket, eventStream, presenceUpdate, presenceList] as const;

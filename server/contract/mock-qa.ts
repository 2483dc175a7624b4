import Type, { type Static } from 'typebox';
import { CountResult, defineAction } from './entity.js';

/**
 * QA controls of mock mode (the "QA controls"): reset the seeded data and inject faults, so
 * each row of the spec §8 error catalogue can be shown on demand. They exist only in mock mode and
 * need no token: a script resets data before signing in, and a fault may target the login itself.
 */

/** HTTP statuses the client has its own message for (spec §8). */
export const FAULT_HTTP_STATUSES = [400, 401, 403, 404, 405, 408, 500, 501, 502, 503, 504, 505] as const;

export const FaultRule = Type.Object(
  {
    path: Type.String({ minLength: 2, maxLength: 200, pattern: '^/[^\\s]*$', description: 'exact path (`/v1/order/list`), or a prefix ending in `*` (`/v1/order/*`)' }),
    method: Type.Optional(Type.Enum(['GET', 'POST', 'ANY'], { default: 'ANY' })),
    latencyMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_500_000, description: 'delay before answering; above the client timeout (1,200,000 ms, spec §9) shows the timeout message' })),
    httpStatus: Type.Optional(Type.Enum([...FAULT_HTTP_STATUSES], { description: 'answer this HTTP status with an envelope' })),
    envelopeCode: Type.Optional(Type.Integer({ minimum: 201, maximum: 99_999, description: 'answer HTTP 200 with this envelope code (401 = session timeout)' })),
    message: Type.Optional(Type.String({ maxLength: 200, description: 'envelope message of the injected error' })),
    drop: Type.Optional(Type.Boolean({ description: 'close the connection without answering (network error)' })),
    times: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'matching requests it applies to; none = until cleared' })),
  },
  { additionalProperties: false },
);
export type FaultRule = Static<typeof FaultRule>;
export const Fault = Type.Object({
  ...FaultRule.properties,
  id: Type.Integer(),
  method: Type.Enum(['GET', 'POST', 'ANY']),
  hits: Type.Integer({ description: 'requests it has applied to' }),
});
export type Fault = Static<typeof Fault>;

export const ResetPayload = Type.Object(
  { seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1, description: 'another seed; none = the current one' })) },
  { additionalProperties: false },
);
export const MockInfo = Type.Object({
  seed: Type.Integer(),
  scale: Type.Number(),
  /** Time to generate the store for this seed and scale, in ms. */
  buildMs: Type.Number(),
  counts: Type.Record(Type.String(), Type.Integer()),
});
export type MockInfo = Static<typeof MockInfo>;

/**
 * Kinds of platform event the demo traffic makes: a new unpaid
 * order, a payment of an unpaid order, a new feedback, a refund application on a delivered order,
 * a rent application, and a goods whose stock drops under its warning line.
 */
export const TRAFFIC_KINDS = ['order', 'payment', 'feedback', 'refund', 'rentApply', 'stock'] as const;
export type TrafficKind = (typeof TRAFFIC_KINDS)[number];
/** Bounds of the demo traffic's rate, events per minute. */
export const TRAFFIC_RATE = { min: 1, max: 600 } as const;

const TrafficKinds = Type.Array(Type.Enum([...TRAFFIC_KINDS]), { minItems: 1, maxItems: TRAFFIC_KINDS.length, uniqueItems: true, description: 'kinds of event made; none = all' });
export const TrafficUpdate = Type.Object(
  {
    enabled: Type.Boolean({ description: 'whether the platform\'s day runs on its own' }),
    perMinute: Type.Integer({ minimum: TRAFFIC_RATE.min, maximum: TRAFFIC_RATE.max, description: 'events per minute' }),
    kinds: Type.Optional(TrafficKinds),
  },
  { additionalProperties: false },
);
export type TrafficUpdate = Static<typeof TrafficUpdate>;
export const TrafficInfo = Type.Object({
  enabled: Type.Boolean(),
  perMinute: Type.Integer({ minimum: TRAFFIC_RATE.min, maximum: TRAFFIC_RATE.max }),
  kinds: Type.Array(Type.Enum([...TRAFFIC_KINDS])),
  ticks: Type.Integer({ minimum: 0, description: 'ticks made since the server started or the data was last reset (switching off and on goes on counting)' }),
  made: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'events made per kind since then' }),
  lastEvent: Type.Optional(Type.Object({ kind: Type.Enum([...TRAFFIC_KINDS]), entity: Type.String(), id: Type.Integer(), at: Type.String() })),
});
export type TrafficInfo = Static<typeof TrafficInfo>;

export const mockActions = [
  defineAction({ name: 'mock.info', path: '/v1/mock/info', area: 'mock', public: true, payloadOptional: true, summary: 'Seed, scale, build time and record counts of the mock store', result: MockInfo }),
  defineAction({ name: 'mock.reset', path: '/v1/mock/reset', area: 'mock', public: true, payload: ResetPayload, payloadOptional: true, summary: 'Restore the seeded data (optionally from another seed) and clear all faults; sessions stay', result: MockInfo }),
  defineAction({ name: 'mock.faults.add', path: '/v1/mock/faults/add', area: 'mock', public: true, payload: FaultRule, summary: 'Inject a fault (latency, HTTP status, envelope code, dropped connection) on matching requests', result: Fault }),
  defineAction({ name: 'mock.faults.list', path: '/v1/mock/faults/list', area: 'mock', public: true, payloadOptional: true, summary: 'Active faults with their hit counts', result: Type.Array(Fault) }),
  defineAction({
    name: 'mock.faults.clear',
    path: '/v1/mock/faults/clear',
    area: 'mock',
    public: true,
    payload: Type.Object({ ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 })) }, { additionalProperties: false }),
    payloadOptional: true,
    summary: 'Remove the faults with these ids, or all of them',
    result: CountResult,
  }),
  defineAction({ name: 'mock.traffic.info', path: '/v1/mock/traffic/info', area: 'mock', public: true, payloadOptional: true, summary: 'The demo traffic: whether it runs, its rate, kinds and what it has made', result: TrafficInfo }),
  defineAction({
    name: 'mock.traffic.update',
    path: '/v1/mock/traffic/update',
    area: 'mock',
    public: true,
    payload: TrafficUpdate,
    summary: 'Start, stop or change the demo traffic: new orders and payments, feedback, refund and rent applications, stock running low, at a rate per minute',
    result: TrafficInfo,
  }),
];

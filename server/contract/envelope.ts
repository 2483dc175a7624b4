import Type, { type Static, type TSchema } from 'typebox';

/**
 * What a stale write's envelope (code 409, `data: null`) carries beside its message, so the client
 * can compare: `record` is the record as `info` answers it now; `version` its current version (what
 * a write made on it sends back: the record's `updateTime`, or the entity's declared version field);
 * `by` the username that changed it last, or null when the console does not know (a platform change
 * it never saw); `at` when (`updateTime`, 'YYYY-MM-DD HH:mm:ss').
 */
export const Conflict = Type.Object(
  {
    entity: Type.String({ description: 'contract name of the entity, e.g. goods' }),
    id: Type.Integer(),
    version: Type.Union([Type.String(), Type.Integer()]),
    by: Type.Union([Type.String(), Type.Null()]),
    at: Type.Union([Type.String(), Type.Null()]),
    record: Type.Record(Type.String(), Type.Unknown()),
  },
  { title: 'Conflict' },
);
export type Conflict = Static<typeof Conflict>;

/**
 * The platform's response envelope (spec §3 "Ajax response envelope", §8):
 * `code` 200 is success and `data` holds the result; any other code is an error whose
 * `message` says what went wrong (for bad input it names the field).
 */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    code: Type.Integer(),
    data,
    message: Type.String(),
    // A refusal of this server: the field it is about, its catalogue key (server/contract/messages.ts) and values.
    field: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    key: Type.Optional(Type.String()),
    params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    // A write refused as stale (code 409): the record as it is now, who changed it and when.
    conflict: Type.Optional(Conflict),
  });

export type EnvelopeOf<T> = { code: number; data: T; message: string };

/** Envelope codes the console understands (spec §8). */
export const ResultCode = {
  success: 200,
  badRequest: 400,
  /** Token missing, unknown or expired: the client shows the timeout message and logs out. */
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  /** A stale write: the record changed since the client loaded it (envelope `conflict`); nothing changed. */
  conflict: 409,
  error: 500,
} as const;

/** Paging request fields (spec §7 "Table paging convention"). */
export const PageQuery = Type.Object({
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
});
export type PageQuery = Static<typeof PageQuery>;

/** Paging response fields (spec §7). */
export const PageResult = <T extends TSchema>(item: T) => Type.Object({ list: Type.Array(item), total: Type.Integer({ minimum: 0 }) });
export type PageResult<T> = { list: T[]; total: number };

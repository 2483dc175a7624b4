import type { IncomingHttpHeaders } from 'node:http';
import type { Conflict } from '../contract/envelope.js';
import { ACTIONS, ENTITIES, ENTITY, type AnyEntity } from '../contract/index.js';
import type { Refusal } from '../contract/messages.js';

/**
 * Proxy mode's half of "no silent overwrites" (contract `VERSION_RULE`): a write that changes one
 * record (`update`, `updateStatus`, an action declared with `record`) and carries the version it
 * was made on is checked against the record's version as the platform's `info` answers it before it
 * is relayed. A stale one is refused with code 409 and the record as it is now; a fresh one goes on
 * without its version field (a platform built before the rule does not know it), and so does one
 * whose record the console cannot read (an `info` that fails: the platform answers the write as it
 * always did). A write without a version, or whose body is not a JSON object with an integer id, is
 * relayed as it came.
 *
 * The check and the write are two requests: a change made on the platform between them still
 * wins. A platform that refuses stale writes itself says so with PLATFORM_CHECKS_VERSION, and the
 * console then relays every write untouched.
 */

/** Largest write body read to check its version (bytes); larger ones (never sent by the console's forms) are relayed unchecked. */
export const MAX_VERSIONED_BODY = 1024 * 1024;

/** A write the console checks: the entity, the payload fields of its id and version, and the entity's `info` path. */
export interface VersionedWrite {
  entity: string;
  idField: string;
  versionField: string;
  infoPath: string;
}

/** Contract path → its versioned write (only where the entity has an `info` to read the version from). */
const VERSIONED: ReadonlyMap<string, VersionedWrite> = new Map(
  [...(ENTITIES as readonly AnyEntity[]).flatMap((e) => e.endpoints), ...ACTIONS].flatMap((ep) => {
    const r = ep.record;
    const info = r ? (ENTITY as Record<string, AnyEntity>)[r.entity]?.ops.info : undefined;
    return r && info ? [[ep.path, { ...r, infoPath: info }] as const] : [];
  }),
);

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The versioned write a request is, or null: a `POST` of `application/json` to a contract path that
 * changes one record, with a declared body length of 1..{@link MAX_VERSIONED_BODY} bytes.
 */
export function versionedWriteOf(method: string, path: string, headers: IncomingHttpHeaders): VersionedWrite | null {
  if (method !== 'POST') return null;
  const w = VERSIONED.get(path);
  if (!w || !JSON_TYPE.test(headers['content-type'] ?? '')) return null;
  const n = Number(headers['content-length']);
  return n > 0 && n <= MAX_VERSIONED_BODY ? w : null;
}

/** A write body's id and version, and the body to relay without the version; null when it carries no version (relay as it came). */
export function versionOfBody(bytes: Buffer, w: VersionedWrite): { id: number; sent: unknown; relayed: Buffer } | null {
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !Object.hasOwn(body, w.versionField)) return null;
  const { [w.versionField]: sent, ...rest } = body as Record<string, unknown>;
  const id = rest[w.idField];
  if (typeof id !== 'number' || !Number.isInteger(id)) return null;
  return { id, sent, relayed: Buffer.from(JSON.stringify(rest)) };
}

/**
 * What the platform's `info` answer says about a write made on version `sent`: the 409 refusal and
 * its `conflict` member when the record's version is another one, else null (fresh, or the answer
 * does not say: not a success envelope holding the record). `by` is the record's `updateBy` when the
 * platform answers one.
 */
export function staleAgainst(info: unknown, w: VersionedWrite, id: number, sent: unknown): { refusal: Refusal; conflict: Conflict } | null {
  if (!info || typeof info !== 'object') return null;
  const env = info as { code?: unknown; data?: unknown };
  if (env.code !== 200 || !env.data || typeof env.data !== 'object' || Array.isArray(env.data)) return null;
  const record = env.data as Record<string, unknown>;
  const version = record[w.versionField];
  if (version === undefined || version === sent) return null;
  const by = typeof record.updateBy === 'string' && record.updateBy ? record.updateBy : null;
  const at = typeof record.updateTime === 'string' ? record.updateTime : null;
  const def = (ENTITY as Record<string, AnyEntity>)[w.entity];
  const label = def && record[def.label] != null ? String(record[def.label]).slice(0, 40) : '';
  const refusal: Refusal = { field: null, key: by ? 'record.stale' : 'record.staleUnknown', params: { entity: w.entity, id, label, at: at ?? '', ...(by ? { by } : {}) } };
  return { refusal, conflict: { entity: w.entity, id, version: version as string | number, by, at, record } };
}

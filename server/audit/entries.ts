import { createHmac, createSecretKey, hash as oneShotHash, type KeyObject } from 'node:crypto';
import { isSecretField, MASK, redactJson } from '../platform/redact.js';

/**
 * What an audit entry is made of, from what a capture hands over to the row that is
 * stored and chained, shared by the trail (server/audit/trail.ts) and its SQLite worker thread
 * (server/audit/sqlite-worker.ts). Nothing here imports the contract or the server: the worker
 * loads this module alone.
 *
 * A platform exchange is queued raw ({@link EntryBatch.addExchange}: its endpoint, status,
 * who and the request's and answer's bytes copied into the batch) and made an entry — the request
 * parsed, redacted and re-encoded, the answer's envelope read — when its batch is written: on the
 * SQLite worker for a file trail, so the relaying thread pays only the copy.
 */

/** One kept entry, as stored and answered (`/console/auditLog/list|info`). */
export interface AuditRow {
  id: number;
  createTime: string;
  updateTime: string;
  userId: number;
  username: string;
  roles: string;
  ip: string;
  operation: string;
  area: string;
  entity: string;
  targetIds: string;
  outcome: 0 | 1;
  code: number;
  status: number;
  message: string;
  servedBy: string;
  /** The request's fields, redacted, as JSON. */
  fields: string;
  /** Redacted `{field: [before, after]}` (by id when the write named several), as JSON; '' when not known. */
  changes: string;
  prevHash: string;
  hash: string;
}

/** A row to append: ids and hashes set by the trail. */
export type AuditAppendRow = Omit<AuditRow, 'updateTime'> & { atMs: number };

/** What a capture hands the trail: everything but the id, times and hashes, which the trail sets. */
export type AuditInput = Omit<AuditRow, 'id' | 'createTime' | 'updateTime' | 'prevHash' | 'hash' | 'servedBy'> & {
  /** When the answer ended, ms since epoch (stored as `createTime` in the platform's wall clock). */
  atMs: number;
  /** `console`: an entry the trail writes about itself (a gap, refused anonymous attempts counted). */
  servedBy: 'mock' | 'platform' | 'console';
};

/** Who made a call: the platform's user info or the mock's session. */
export interface Who {
  userId: number;
  username: string;
  roles: string;
}

/** Ids the request names: `id`, `ids`, else the first `<x>Id` field (a recharge names its member). */
export function targetIdsOf(body: unknown): number[] {
  if (!body || typeof body !== 'object') return [];
  const b = body as Record<string, unknown>;
  if (Number.isInteger(b.id)) return [b.id as number];
  if (Array.isArray(b.ids)) return (b.ids as unknown[]).filter((x): x is number => Number.isInteger(x)).slice(0, 50);
  for (const [k, v] of Object.entries(b)) if (/Id$/.test(k) && Number.isInteger(v)) return [v as number];
  return [];
}

/**
 * The member of an entry's `fields` naming the entry whose version a history revert restored
 * (`{"id": 12, "price": 1000, "revertOf": 345}`); set by the console, never taken from the request.
 */
export const REVERT_OF = 'revertOf';

/** A request's fields as kept: a `revertOf` member the caller sent dropped, the console's own (`revertOf` > 0) set. */
export function withRevertOf(fields: unknown, revertOf: number): unknown {
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return fields;
  if (!Object.hasOwn(fields, REVERT_OF) && revertOf <= 0) return fields;
  const { [REVERT_OF]: _sent, ...rest } = fields as Record<string, unknown>;
  return revertOf > 0 ? { ...rest, [REVERT_OF]: revertOf } : rest;
}

/** A value as kept in `fields`/`changes`: redacted JSON, at most 20,000 characters; '' for undefined. */
export const redactedJson = (v: unknown): string => (v === undefined ? '' : JSON.stringify(redactJson(v)).slice(0, 20_000));

/** What a before or after value longer than {@link MAX_CHANGE_VALUE} JSON characters is kept as. */
export const TOO_LARGE = '[too large to keep]';
/** Longest before or after value kept in `changes`, in JSON characters (a rich text, a long list). */
export const MAX_CHANGE_VALUE = 8_000;
/** Longest `changes` kept, in JSON characters: the column's bound. */
export const MAX_CHANGES = 20_000;

type Pair = [unknown, unknown];
type Changes = Record<string, Pair> | Record<string, Record<string, Pair>>;

/** One side of a change of field `key`, redacted as the field would be in a record (a secret field's value is masked, empty stays empty). */
function redactedSide(key: string, v: unknown): unknown {
  if (v === null || v === undefined || v === '') return v ?? null;
  if (isSecretField(key)) return MASK;
  return (redactJson({ [key]: v }) as Record<string, unknown>)[key];
}

/**
 * Changed fields as kept in `changes` (`{field: [before, after]}`, or by record id
 * `{id: {field: [before, after]}}`): each side redacted by its field's name and shape (a password,
 * a card secret, a phone is `[redacted]` on both sides, so the change still shows), a side longer
 * than {@link MAX_CHANGE_VALUE} kept as {@link TOO_LARGE}, and, while the whole is longer than
 * {@link MAX_CHANGES}, the largest remaining side kept so too, then the last fields dropped: the
 * text is always whole JSON. '' for undefined.
 */
export function changesJson(diff: Changes | undefined): string {
  if (diff === undefined) return '';
  const slots: { pair: Pair; side: 0 | 1; size: number }[] = [];
  const groups: [string, Record<string, Pair>][] = [];
  const top: Record<string, Pair> = {};
  const keep = (field: string, pair: Pair, into: Record<string, Pair>) => {
    const kept: Pair = [redactedSide(field, pair[0]), redactedSide(field, pair[1])];
    for (const side of [0, 1] as const) {
      const size = JSON.stringify(kept[side] ?? null).length;
      if (size > MAX_CHANGE_VALUE) kept[side] = TOO_LARGE;
      else slots.push({ pair: kept, side, size });
    }
    into[field] = kept;
  };
  for (const [k, v] of Object.entries(diff)) {
    if (Array.isArray(v)) keep(k, v as Pair, top);
    else if (v && typeof v === 'object') {
      const group: Record<string, Pair> = {};
      for (const [f, pair] of Object.entries(v as Record<string, Pair>)) if (Array.isArray(pair)) keep(f, pair, group);
      groups.push([k, group]);
    }
  }
  const whole = (): Record<string, unknown> => ({ ...top, ...Object.fromEntries(groups) });
  let text = JSON.stringify(whole());
  if (text.length <= MAX_CHANGES) return text;
  slots.sort((a, b) => b.size - a.size);
  let over = text.length - MAX_CHANGES;
  for (const s of slots) {
    if (over <= 0) break;
    if (s.size <= TOO_LARGE.length + 2) break;
    s.pair[s.side] = TOO_LARGE;
    over -= s.size - (TOO_LARGE.length + 2);
  }
  text = JSON.stringify(whole());
  // Still too long (a batch naming many records): the last fields go.
  while (text.length > MAX_CHANGES) {
    const group = groups.length ? groups[groups.length - 1][1] : top;
    const keys = Object.keys(group);
    if (keys.length) delete group[keys[keys.length - 1]];
    if (groups.length && keys.length <= 1) groups.pop();
    else if (!groups.length && !keys.length) return '{}';
    text = JSON.stringify(whole());
  }
  return text;
}

/**
 * The changes of a platform write of one record (`update`, `updateStatus`) from the record as read
 * just before it (`before`, the version check's `info` envelope) and the write's fields (`body`):
 * each field the write sends whose value differs from the record's (`id` and `updateTime` left
 * out), before → the value sent. Undefined when `before` is not a success envelope holding a record.
 */
export function platformChanges(before: unknown, body: unknown): Record<string, Pair> | undefined {
  const env = before as { code?: unknown; data?: unknown } | null;
  if (!env || typeof env !== 'object' || env.code !== 200 || !env.data || typeof env.data !== 'object' || Array.isArray(env.data)) return undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const record = env.data as Record<string, unknown>;
  const out: Record<string, Pair> = {};
  for (const [k, after] of Object.entries(body as Record<string, unknown>)) {
    if (k === 'id' || k === 'updateTime' || after === undefined) continue;
    const was = record[k] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(after)) out[k] = [was, after];
  }
  return out;
}

/** A JSON string's body unescaped; as written when it does not parse (cut in the middle of an escape). */
function unescapeJson(body: string): string {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return body;
  }
}

const CODE = /"code"\s*:\s*(-?\d+)/;
const MESSAGE = /"message"\s*:\s*"((?:[^"\\]|\\.){0,255})/;
/** Bytes of an answer read for its envelope. */
export const ENVELOPE_HEAD = 4096;

/**
 * The envelope's code and message of an answer body (the first 4,096 bytes are enough), or null.
 * `onlyRefusals`: the message is read only when the code is not 200 ('' otherwise), for callers that
 * keep no message of a success; the code is then found in the bytes read as Latin-1 (one byte, one
 * character: the same ASCII match without decoding UTF-8).
 */
export function envelopeOf(payload: unknown, onlyRefusals = false): { code: number; message: string } | null {
  let text: string | null;
  if (typeof payload === 'string') text = payload;
  else if (Buffer.isBuffer(payload)) {
    const head = payload.subarray(0, ENVELOPE_HEAD);
    if (onlyRefusals) {
      const code = CODE.exec(head.toString('latin1'));
      if (!code) return null;
      if (Number(code[1]) === 200) return { code: 200, message: '' };
    }
    text = head.toString('utf8');
  } else text = null;
  if (!text) return null;
  const code = CODE.exec(text);
  if (!code) return null;
  const n = Number(code[1]);
  if (onlyRefusals && n === 200) return { code: n, message: '' };
  const message = MESSAGE.exec(text);
  return { code: n, message: message ? unescapeJson(message[1]) : '' };
}

/** The last second {@link wallClock} formatted (entries of one batch mostly share it). */
let lastSecond = -1;
let lastText = '';

/** `YYYY-MM-DD HH:mm:ss` in UTC+8, the platform's wall clock (spec's datetime fields). */
export function wallClock(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastText = new Date(second * 1000 + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
  }
  return lastText;
}

/**
 * The hash of an entry written before the chain was keyed: sha256 of `prevHash + '\n' + JSON` of its
 * fields but `at_ms` (one-shot: the same digest as hashing the three parts in turn). Only entries up to
 * the trail's legacy boundary (`audit_meta.legacy`, see server/audit/store.ts) are checked with it.
 */
export function legacyDigest(prevHash: string, r: Omit<AuditRow, 'hash' | 'updateTime'>): string {
  const body = JSON.stringify([r.id, r.createTime, r.userId, r.username, r.roles, r.ip, r.operation, r.area, r.entity, r.targetIds, r.outcome, r.code, r.status, r.message, r.servedBy, r.fields, r.changes]);
  return oneShotHash('sha256', `${prevHash}\n${body}`, 'hex');
}

/** The key as a KeyObject, made once per key buffer (an HMAC from a raw buffer costs about six times more). */
const KEY_OBJECTS = new WeakMap<Uint8Array, KeyObject>();
function keyObject(key: Uint8Array): KeyObject {
  let k = KEY_OBJECTS.get(key);
  if (k === undefined) KEY_OBJECTS.set(key, (k = createSecretKey(key)));
  return k;
}

/**
 * An entry's hash: HMAC-SHA256 under the trail's key (server/audit/key.ts) of every stored column —
 * id, both times, every field and the previous entry's hash — as hex. Without the key nobody
 * re-computes it, so an edited, inserted or re-chained entry is found by the trail's verify (server/audit/trail.ts).
 */
export function digest(key: Uint8Array, r: Omit<AuditAppendRow, 'hash'>): string {
  const body = JSON.stringify([2, r.id, r.createTime, Number(r.atMs), r.userId, r.username, r.roles, r.ip, r.operation, r.area, r.entity, r.targetIds, r.outcome, r.code, r.status, r.message, r.servedBy, r.fields, r.changes, r.prevHash]);
  return createHmac('sha256', keyObject(key)).update(body).digest('hex');
}

/**
 * A keyed seal of one of the chain's markers in `audit_meta` (`head`, `anchor`, `legacy`): the
 * HMAC of its kind, entry id and hash. A marker whose seal does not hold was not written by the console.
 */
export function seal(key: Uint8Array, kind: 'head' | 'anchor' | 'legacy' | 'key', id: number, hash: string): string {
  return createHmac('sha256', keyObject(key)).update(`${kind}\n${id}\n${hash}`).digest('hex');
}

/** A marker as kept in `audit_meta`: `<id>:<hash>:<seal>`. */
export const markerText = (key: Uint8Array, kind: 'head' | 'anchor' | 'legacy', id: number, hash: string): string => `${id}:${hash}:${seal(key, kind, id, hash)}`;

/** A marker read back: its id and hash, and whether its seal holds under `key`; null when absent or not a marker. */
export function readMarker(key: Uint8Array, kind: 'head' | 'anchor' | 'legacy', text: string | null): { id: number; hash: string; sealed: boolean } | null {
  if (text === null) return null;
  const m = /^(\d+):([0-9a-f]*):([0-9a-f]{64})$/.exec(text);
  if (!m) return { id: -1, hash: '', sealed: false };
  const id = Number(m[1]);
  return { id, hash: m[2], sealed: seal(key, kind, id, m[2]) === m[3] };
}

/** Upserts one `audit_meta` value (both dialects). */
export const SET_META_SQL = 'INSERT INTO audit_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value';

/** An entry whose fields were built by its capture (the mock's hooks, tests). */
const BUILT = 0;
/** A platform exchange kept raw (see {@link EntryBatch.addExchange}). */
const EXCHANGE = 1;
/**
 * What a platform exchange carries besides its bytes: `before`, the record as the version check read
 * it just before a write of one record (its `info` answer; null when not read), from which the
 * changes of an `update`/`updateStatus` are made; `revertOf`, the entry a history revert restores
 * the version before (0 when the write is not one).
 */
export interface ExchangeNote {
  before: Buffer | null;
  revertOf: number;
}
const NO_NOTE: ExchangeNote = { before: null, revertOf: 0 };
/** Longest record read before a platform write that is kept to make its changes (bytes). */
export const MAX_RECORD_BEFORE = 64 * 1024;

/** Slots per entry in {@link EntryBatch.meta}: a tag, then the kind's fields. */
const STRIDE = 17;
/** What became of a platform exchange's request body (see {@link EntryBatch.addExchange}). */
export const RequestBody = {
  /** Its bytes are kept: parsed as JSON when written ('[not JSON]' when they do not parse, an empty body included). */
  Bytes: 0,
  /** Larger than the copy limit: kept as '[too large to keep]'. */
  TooLarge: 1,
  /** Binary (an upload's multipart): nothing of it is kept. */
  Skipped: 2,
} as const;
export type RequestBody = (typeof RequestBody)[keyof typeof RequestBody];

/**
 * Entries queued for one write of the trail (at most {@link EntryBatch.MAX} entries, one
 * transaction): one flat array of their fields (`meta`, {@link STRIDE} slots each) and one buffer
 * of the platform exchanges' bytes (`bytes`, its own memory, so it can be handed to the worker
 * thread without a copy). Built on the thread that relays; read ({@link inputsOf}) on the writer's.
 */
export class EntryBatch {
  /** Entries per batch at most (one transaction each). */
  static readonly MAX = 1000;
  meta: unknown[] = [];
  bytes: Buffer;
  /** Bytes of {@link bytes} in use. */
  used = 0;
  count = 0;

  /** `initialBytes`: 0 (the default) allocates on the first exchange, so a batch of built entries (mock mode) holds none. */
  constructor(initialBytes = 0) {
    // Not from Node's shared pool: the whole buffer is transferred to the worker, never a pool slab.
    this.bytes = Buffer.allocUnsafeSlow(initialBytes);
  }

  /** Queues an entry its capture built. */
  addBuilt(e: AuditInput): void {
    this.meta.push(BUILT, e.atMs, e.userId, e.username, e.roles, e.ip, e.operation, e.area, e.entity, e.targetIds, e.outcome, e.code, e.status, e.message, e.servedBy, e.fields, e.changes);
    this.count++;
  }

  /**
   * Queues a platform exchange as it came (an audited write the platform answered): the request's
   * bytes (`request`, read per `requestKind`) and the first {@link ENVELOPE_HEAD} bytes of a textual
   * answer (`answer`, null when binary or not kept) are copied into the batch; `upload` keeps the
   * fields as `{"file":"[upload]"}`. Made an entry by {@link inputsOf}.
   */
  addExchange(atMs: number, who: Who | null, ip: string, operation: string, area: string, entity: string, upload: boolean, status: number, requestKind: RequestBody, request: Buffer | null, answer: Buffer | null, note: ExchangeNote = NO_NOTE): void {
    const reqAt = this.used;
    const reqLen = requestKind === RequestBody.Bytes && request !== null ? this.copy(request, request.length) : 0;
    const ansLen = answer === null ? -1 : this.copy(answer, Math.min(answer.length, ENVELOPE_HEAD));
    const beforeLen = note.before === null || note.before.length > MAX_RECORD_BEFORE ? -1 : this.copy(note.before, note.before.length);
    this.meta.push(EXCHANGE, atMs, who?.userId ?? 0, who?.username ?? '', who?.roles ?? '', ip, operation, area, entity, upload ? 1 : 0, status, requestKind, reqAt, reqLen, ansLen, beforeLen, note.revertOf);
    this.count++;
  }

  /** Appends `n` bytes of `b`, growing the buffer when needed; answers `n`. */
  private copy(b: Buffer, n: number): number {
    if (this.used + n > this.bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.used + n, 16 * 1024));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    b.copy(this.bytes, this.used, 0, n);
    this.used += n;
    return n;
  }
}

/**
 * The entries of a batch (`meta` and `bytes` as {@link EntryBatch} holds them, on either thread):
 * built ones as given; a platform exchange with its request body parsed, its ids read, its fields
 * redacted ({@link redactedJson}) and its answer's envelope read (a success keeps no message).
 */
export function inputsOf(meta: readonly unknown[], bytes: Uint8Array): AuditInput[] {
  const n = meta.length / STRIDE;
  const out = new Array<AuditInput>(n);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0, m = 0; i < n; i++, m += STRIDE) {
    if (meta[m] === BUILT) {
      out[i] = {
        atMs: meta[m + 1] as number, userId: meta[m + 2] as number, username: meta[m + 3] as string, roles: meta[m + 4] as string, ip: meta[m + 5] as string,
        operation: meta[m + 6] as string, area: meta[m + 7] as string, entity: meta[m + 8] as string, targetIds: meta[m + 9] as string, outcome: meta[m + 10] as 0 | 1,
        code: meta[m + 11] as number, status: meta[m + 12] as number, message: meta[m + 13] as string, servedBy: meta[m + 14] as AuditInput['servedBy'], fields: meta[m + 15] as string, changes: meta[m + 16] as string,
      };
      continue;
    }
    const kind = meta[m + 11] as RequestBody;
    const reqAt = meta[m + 12] as number;
    const reqLen = meta[m + 13] as number;
    const ansLen = meta[m + 14] as number;
    let body: unknown = {};
    if (kind === RequestBody.Bytes) {
      try {
        body = JSON.parse(buf.toString('utf8', reqAt, reqAt + reqLen));
      } catch {
        body = { body: '[not JSON]' };
      }
    } else if (kind === RequestBody.TooLarge) body = { body: '[too large to keep]' };
    const status = meta[m + 10] as number;
    const env = ansLen < 0 ? null : envelopeOf(buf.subarray(reqAt + reqLen, reqAt + reqLen + ansLen), true);
    const code = env?.code ?? status;
    const beforeAt = reqAt + reqLen + Math.max(ansLen, 0);
    const beforeLen = meta[m + 15] as number;
    const revertOf = meta[m + 16] as number;
    let changes = '';
    const operation = meta[m + 6] as string;
    if (beforeLen > 0 && code === 200 && status < 400 && /\.(update|updateStatus)$/.test(operation)) {
      let before: unknown;
      try {
        before = JSON.parse(buf.toString('utf8', beforeAt, beforeAt + beforeLen));
      } catch {
        before = null;
      }
      changes = changesJson(platformChanges(before, body));
    }
    const fields = meta[m + 9] === 1 ? { file: '[upload]' } : (body ?? {});
    out[i] = {
      atMs: meta[m + 1] as number,
      userId: meta[m + 2] as number,
      username: meta[m + 3] as string,
      roles: meta[m + 4] as string,
      ip: meta[m + 5] as string,
      operation: meta[m + 6] as string,
      area: meta[m + 7] as string,
      entity: meta[m + 8] as string,
      targetIds: targetIdsOf(body).map(String).join(',').slice(0, 255),
      outcome: code === 200 && status < 400 ? 1 : 0,
      code,
      status,
      message: (env && env.code !== 200 ? env.message : '').slice(0, 255),
      servedBy: 'platform',
      fields: redactedJson(withRevertOf(fields, revertOf)),
      changes,
    };
  }
  return out;
}

/** How many recent writes {@link chainRows} remembers, for the undos that name them. */
const RECENT_WRITES = 4096;
/** The entry id of each recent successful write, by `<userId> <operation> <targetIds>`, oldest first. */
const recentWrites = new Map<string, number>();

/**
 * The fields of an undo (`undoOf: "<operation>:<ids>"`, the kit's Undo) with the id of the entry it
 * undoes (`undoOfEntry`): the same user's latest successful write of that operation on those ids
 * among the recent writes this process chained. Unchanged when it is none of those (not an undo,
 * or its write was chained elsewhere: another replica, before a restart).
 */
function withUndoneEntry(e: AuditInput): string {
  if (!e.fields.includes('"undoOf":"')) return e.fields;
  try {
    const fields = JSON.parse(e.fields) as Record<string, unknown>;
    const undoOf = typeof fields.undoOf === 'string' ? fields.undoOf : '';
    const at = undoOf.lastIndexOf(':');
    const entry = at > 0 ? recentWrites.get(`${e.userId} ${undoOf.slice(0, at)} ${undoOf.slice(at + 1)}`) : undefined;
    return entry === undefined ? e.fields : JSON.stringify({ ...fields, undoOfEntry: entry });
  } catch {
    return e.fields;
  }
}

/** Remembers a successful write's entry id for {@link withUndoneEntry} (the oldest forgotten past {@link RECENT_WRITES}). */
function rememberWrite(row: AuditAppendRow): void {
  if (row.outcome !== 1 || !row.targetIds) return;
  const k = `${row.userId} ${row.operation} ${row.targetIds}`;
  recentWrites.delete(k);
  recentWrites.set(k, row.id);
  if (recentWrites.size > RECENT_WRITES) recentWrites.delete(recentWrites.keys().next().value!);
}

/**
 * Each input made a row continuing the chain from `tail`: the next id, the wall-clock time, the
 * previous hash and its own (keyed with `key`). An undo's fields name the entry it undoes when it
 * is a recent write (`undoOfEntry`, {@link withUndoneEntry}), set before the hash covers them.
 */
export function chainRows(key: Uint8Array, tail: { id: number; hash: string }, batch: readonly AuditInput[]): AuditAppendRow[] {
  let { id, hash } = tail;
  const rows = new Array<AuditAppendRow>(batch.length);
  for (let i = 0; i < batch.length; i++) {
    const e = batch[i];
    // One object per entry, its fields in the store's column order; the hash set once known.
    const row: AuditAppendRow = { id: ++id, createTime: wallClock(e.atMs), atMs: e.atMs, userId: e.userId, username: e.username, roles: e.roles, ip: e.ip, operation: e.operation, area: e.area, entity: e.entity, targetIds: e.targetIds, outcome: e.outcome, code: e.code, status: e.status, message: e.message, servedBy: e.servedBy, fields: withUndoneEntry(e), changes: e.changes, prevHash: hash, hash: '' };
    row.hash = hash = digest(key, row);
    rows[i] = row;
    rememberWrite(row);
  }
  return rows;
}

/** Columns in stored order; the API's names are their camelCase forms. */
export const COLUMNS = [
  ['id', 'id'], ['create_time', 'createTime'], ['at_ms', 'atMs'], ['user_id', 'userId'], ['username', 'username'], ['roles', 'roles'], ['ip', 'ip'],
  ['operation', 'operation'], ['area', 'area'], ['entity', 'entity'], ['target_ids', 'targetIds'], ['outcome', 'outcome'], ['code', 'code'],
  ['status', 'status'], ['message', 'message'], ['served_by', 'servedBy'], ['fields', 'fields'], ['changes', 'changes'], ['prev_hash', 'prevHash'], ['hash', 'hash'],
] as const;

/** A row's values in column order (the insert's parameters). */
export function valuesOf(r: AuditAppendRow): unknown[] {
  return [r.id, r.createTime, r.atMs, r.userId, r.username, r.roles, r.ip, r.operation, r.area, r.entity, r.targetIds, r.outcome, r.code, r.status, r.message, r.servedBy, r.fields, r.changes, r.prevHash, r.hash];
}

const INSERT_SQL = new Map<number, string>();
/** `INSERT … VALUES (…), (…)` for `n` rows (cached: batches are split into power-of-two chunks, so few shapes exist). */
export function insertSql(n: number): string {
  let sql = INSERT_SQL.get(n);
  if (!sql) {
    const one = `(${COLUMNS.map(() => '?').join(', ')})`;
    INSERT_SQL.set(n, (sql = `INSERT INTO audit_log (${COLUMNS.map((c) => c[0]).join(', ')}) VALUES ${Array(n).fill(one).join(', ')}`));
  }
  return sql;
}

/** The chain's last entry (its id and hash), when there is one. */
export const TAIL_SQL = 'SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1';
/** One value of `audit_meta` (the chain's anchor when every entry was pruned). */
export const META_SQL = 'SELECT value FROM audit_meta WHERE key = ?';

import type { TSchema } from 'typebox';
import { ENTITY, type AnyEntity, type EntityName } from '../../contract/index.js';
import type { MessageKey, MessageParams, Refusal } from '../../contract/messages.js';
import { rawMessage } from '../../plugins/localize.js';
import type { Collection, ListQuery } from './collection.js';
import { fmt, parseTime } from './gen.js';
import type { AnyRow, Stored } from './seed.js';
import { referrersOf, type MockStore } from './store.js';

/**
 * Generic CRUD over the store with the rules every entity shares, and the per-domain hooks on top
 * (server/mock/hooks). Shared rules:
 * - a reference field (`F.ref`/`F.refs`) must point at existing records;
 * - `unique` field sets may not repeat;
 * - deleting is all or none: a record still referenced through a `restrict` reference is refused with
 *   who refers to it; `cascade` references go with it;
 * - fields with a default are filled when left out; `createTime`/`updateTime` are set from the clock;
 * - a change may carry the version it was made on (contract `VERSION_RULE`): a stale one is refused
 *   with code 409 and the record as it is now; every change raises the version (`updateTime`, kept
 *   strictly increasing per record, or the entity's integer version field) and records who made it.
 * Every refusal is a MockError whose message starts with the field it is about.
 */

/** A refusal the client shows: HTTP 200 and envelope `code` (400 refused, 404 unknown id), like the platform. */
export class MockError extends Error {
  override name = 'MockError';
  /** What the error envelope carries in `data`: the catalogue key, its values and the field. */
  readonly refusal: Refusal;
  /**
   * A refusal: `field` (a path such as `list.3.url`, or null), the catalogue key (server/contract/messages.ts)
   * and its values; envelope `code` 400 by default (404 for an unknown id), HTTP 200 unless said.
   */
  constructor(field: string | null, key: MessageKey, params: MessageParams = {}, readonly code = 400, readonly httpStatus = 200, readonly extra: Record<string, unknown> = {}) {
    const refusal = { field, key, params };
    super(rawMessage(refusal));
    this.refusal = refusal;
  }
}

/**
 * How a username reads in a stale write's message: the console account's nickname beside it
 * ("运营专员 operator"), the bare username when no account has it.
 */
function writerName(store: MockStore, username: string): string {
  for (const a of store.col('admin').values()) if (a.username === username) return a.nickName ? `${String(a.nickName)} ${username}` : username;
  return username;
}

/**
 * The refusal of a write made on version `sent` of a record now at another version (contract
 * `VERSION_RULE`): envelope code 409 (about the record, no field), who changed the record last
 * and when, and `conflict` (contract `Conflict`) with the record as `info` answers it now.
 */
export function staleWrite(store: MockStore, name: string, row: AnyRow, versionField: string): MockError {
  const col = store.col(name);
  const by = col.writerOf(row.id);
  const at = typeof row.updateTime === 'string' ? row.updateTime : null;
  const params = { entity: name, id: row.id, label: labelOf(name, row), at: at ?? '', ...(by ? { by: writerName(store, by) } : {}) };
  const conflict = { entity: name, id: row.id, version: row[versionField] as string | number, by, at, record: col.view(row) };
  return new MockError(null, by ? 'record.stale' : 'record.staleUnknown', params, 409, 200, { conflict });
}

export interface HookCtx {
  store: MockStore;
  crud: Crud;
  /** Current time, 'YYYY-MM-DD HH:mm:ss' (China Standard Time). */
  now(): string;
  /** Username of the signed-in caller, or null. */
  actor: string | null;
}

/**
 * Domain rules of one entity. `before*` may throw MockError (nothing is changed) and may return a
 * completed row or patch; `after*` run once the change is stored (for derived data elsewhere).
 */
export interface EntityHooks<R = AnyRow> {
  beforeAdd?(row: R, h: HookCtx): R | void;
  afterAdd?(row: R, h: HookCtx): void;
  beforeUpdate?(old: R, patch: Partial<R>, h: HookCtx): Partial<R> | void;
  afterUpdate?(row: R, old: R, h: HookCtx): void;
  beforeDel?(rows: R[], h: HookCtx): void;
  afterDel?(rows: R[], h: HookCtx): void;
  /** After records came back from the trash ({@link Crud.restore}): derived figures follow (counts, stock). */
  afterRestore?(rows: R[], h: HookCtx): void;
}

/**
 * What one delete took, per record named in its `ids` (in their order): the stored row (write-only
 * fields included) and the rows its `cascade` references took along, by entity, parents before
 * their children.
 */
export interface DeletedRecord {
  row: AnyRow;
  related: { entity: string; row: AnyRow }[];
}
export type HookMap = { [N in EntityName]?: EntityHooks<Stored<N>> };

/** Title of an entity for messages, e.g. "feedback type". */
export function titleOf(name: string): string {
  return (ENTITY as Record<string, AnyEntity>)[name]?.title.en.toLowerCase() ?? name;
}

/** A record's label for messages ("充值问题", at most 40 characters), or "" when it has none. */
function labelOf(name: string, row: AnyRow): string {
  const def = (ENTITY as Record<string, AnyEntity>)[name];
  const label = def ? row[def.label] : undefined;
  return label !== undefined && label !== null ? String(label).slice(0, 40) : '';
}

function defaultOf(s: TSchema): unknown {
  const d = (s as { default?: unknown }).default;
  return Array.isArray(d) ? [...d] : d;
}

export class Crud {
  constructor(
    readonly store: MockStore,
    private hooks: HookMap,
    private clock: () => number,
  ) {}

  now(): string {
    return fmt(this.clock());
  }

  hookCtx(actor: string | null): HookCtx {
    return { store: this.store, crud: this, now: () => this.now(), actor };
  }

  private h(name: string): EntityHooks<AnyRow> {
    return ((this.hooks as Record<string, unknown>)[name] ?? {}) as EntityHooks<AnyRow>;
  }

  private col(name: string): Collection {
    return this.store.col(name);
  }

  /** The stored row (with write-only fields) or a 404 MockError naming the id. */
  find(name: EntityName, id: number, field = 'id'): AnyRow {
    const row = this.col(name).get(id);
    if (!row) throw new MockError(field, 'record.notFound', { entity: name, ids: String(id) }, 404);
    return row;
  }

  /**
   * Refuses a change made on another version of the record than its current one (contract
   * `VERSION_RULE`); `sent` undefined (a client that sends none) passes.
   * @throws MockError code 409 with `conflict` (see {@link staleWrite}).
   */
  checkVersion(name: EntityName, row: AnyRow, sent: unknown): void {
    if (sent === undefined) return;
    const field = this.col(name).def.versionField;
    if (sent !== row[field]) throw staleWrite(this.store, name, row, field);
  }

  /**
   * The version fields of a change of `old` made now: `updateTime` from the clock, one second past
   * the old one when the clock has not passed it (two changes within a second never share a
   * version), and a declared integer version field raised by one.
   */
  stamp(name: string, old: AnyRow, at = this.now()): Partial<AnyRow> {
    const prev = typeof old.updateTime === 'string' ? old.updateTime : '';
    const updateTime = at > prev ? at : fmt(parseTime(prev) + 1000);
    const field = this.col(name).def.versionField;
    return field === 'updateTime' ? { updateTime } : { updateTime, [field]: (Number(old[field]) || 0) + 1 };
  }

  /**
   * After an action changed record `id` of `name` (contract `record` actions): the change gets a
   * new version if the action's own stamp left it at the old one, and its writer is recorded.
   * Answers the stored row when the action changed it, else null.
   */
  afterRecordWrite(name: EntityName, before: AnyRow, actor: string | null): AnyRow | null {
    const col = this.col(name);
    let now = col.get(before.id);
    if (!now || now === before) return null;
    if (!(String(now.updateTime) > String(before.updateTime)) || (col.def.versionField !== 'updateTime' && now[col.def.versionField] === before[col.def.versionField])) {
      now = col.replace({ ...now, ...this.stamp(name, before, typeof now.updateTime === 'string' ? now.updateTime : this.now()) });
    }
    col.noteWriter(before.id, actor);
    return now;
  }

  list(name: EntityName, q: ListQuery) {
    return this.col(name).list(q);
  }

  /** `list` as UTF-8 JSON between `head` and `tail` (see Collection.listBytes). */
  listBytes(name: EntityName, q: ListQuery, head: Buffer, tail: Buffer): Buffer {
    return this.col(name).listBytes(q, head, tail);
  }

  options(name: EntityName) {
    return this.col(name).options();
  }

  info(name: EntityName, id: number): AnyRow {
    return this.col(name).view(this.find(name, id));
  }

  /** Adds a record from an add payload (already schema-checked); answers it as the API shows it. */
  add(name: EntityName, payload: Record<string, unknown>, actor: string | null = null): AnyRow {
    return this.col(name).view(this.insert(name, payload, actor));
  }

  /** `add` returning the stored row (actions that need write-only fields or chain changes). */
  insert(name: EntityName, payload: Record<string, unknown>, actor: string | null = null): AnyRow {
    const def = this.col(name).def;
    const hc = this.hookCtx(actor);
    let row: AnyRow = { ...payload } as AnyRow;
    for (const [k, s] of Object.entries(def.fields)) if (row[k] === undefined && (s as { default?: unknown }).default !== undefined) row[k] = defaultOf(s);
    const t = hc.now();
    row.createTime = t;
    row.updateTime = t;
    // References first: a domain rule may look its target up and must never see a missing one.
    this.checkRefs(def, row, Object.keys(row));
    row = (this.h(name).beforeAdd?.(row, hc) as AnyRow | undefined) ?? row;
    this.checkRefs(def, row, Object.keys(row));
    this.checkUnique(name, def, row, null);
    const stored = this.col(name).insert(row);
    this.h(name).afterAdd?.(stored, hc);
    // An after-hook may have derived more fields of the row itself (a new stock line's counts).
    return this.col(name).get(stored.id) ?? stored;
  }

  /** Changes the given fields of a record (`{id, …fields}`); answers the changed record. */
  update(name: EntityName, payload: Record<string, unknown>, actor: string | null = null): AnyRow {
    return this.col(name).view(this.patch(name, payload, actor));
  }

  /** `update` returning the stored row. */
  patch(name: EntityName, payload: Record<string, unknown>, actor: string | null = null): AnyRow {
    const def = this.col(name).def;
    const { id, [def.versionField]: sent, ...rest } = payload as { id: number } & Record<string, unknown>;
    const old = this.find(name, id);
    this.checkVersion(name, old, sent);
    const hc = this.hookCtx(actor);
    let patch: Partial<AnyRow> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    this.checkRefs(def, { ...old, ...patch } as AnyRow, Object.keys(patch));
    patch = (this.h(name).beforeUpdate?.(old, patch, hc) as Partial<AnyRow> | undefined) ?? patch;
    const merged = { ...old, ...patch, id: old.id, createTime: old.createTime, ...this.stamp(name, old) } as AnyRow;
    // null clears an optional field (contract: update schemas take null for optional fields without a default).
    for (const [k, v] of Object.entries(patch)) if (v === null) delete merged[k];
    this.checkRefs(def, merged, Object.keys(patch).filter((k) => patch[k] !== null));
    this.checkUnique(name, def, merged, old.id, Object.keys(patch));
    const stored = this.col(name).replace(merged);
    this.col(name).noteWriter(old.id, actor);
    this.h(name).afterUpdate?.(stored, old, hc);
    return this.col(name).get(stored.id) ?? stored;
  }

  /** `updateStatus {id, <statusField>}`. */
  updateStatus(name: EntityName, payload: Record<string, unknown>, actor: string | null = null): AnyRow {
    return this.store.asStatusChange(() => this.update(name, payload, actor));
  }

  /**
   * Deletes records, all or none, following `cascade` references; refused when one is still
   * referenced through a `restrict` reference or a hook refuses. Answers how many of `ids` went.
   */
  del(name: EntityName, ids: number[], actor: string | null = null, taken?: (records: DeletedRecord[]) => void): number {
    const hc = this.hookCtx(actor);
    const missing = ids.filter((id) => !this.col(name).get(id));
    if (missing.length) throw new MockError('ids', 'record.notFound', { entity: name, ids: missing.slice(0, 10).join(', ') }, 404);
    const rows = ids.map((id) => this.col(name).get(id)!);
    this.h(name).beforeDel?.(rows, hc);

    // Everything that goes: the rows and, recursively, rows referring to them through cascade refs.
    // Each cascaded row is counted to the named record it descends from (its trash entry).
    const doomed = new Map<string, Set<number>>([[name, new Set(ids)]]);
    const records = new Map<number, DeletedRecord>(rows.map((r) => [r.id, { row: r, related: [] }]));
    const queue: [string, number[], number][] = ids.map((id) => [name, [id], id]);
    while (queue.length) {
      const [target, targetIds, root] = queue.shift()!;
      const idSet = new Set(targetIds);
      for (const ref of referrersOf(target)) {
        if (ref.onDelete !== 'cascade') continue;
        const hit = this.referring(ref.from, ref.field, ref.many, idSet).filter((r) => !doomed.get(ref.from)?.has(r.id));
        if (!hit.length) continue;
        const set = doomed.get(ref.from) ?? new Set();
        for (const r of hit) {
          set.add(r.id);
          records.get(root)!.related.push({ entity: ref.from, row: r });
        }
        doomed.set(ref.from, set);
        queue.push([ref.from, hit.map((r) => r.id), root]);
      }
    }
    for (const [target, set] of doomed) {
      for (const ref of referrersOf(target)) {
        if (ref.onDelete === 'cascade') continue;
        const spared = this.referring(ref.from, ref.field, ref.many, set).filter((r) => !doomed.get(ref.from)?.has(r.id));
        if (!spared.length) continue;
        const targetId = ref.many ? (spared[0][ref.field] as number[]).find((x) => set.has(x))! : (spared[0][ref.field] as number);
        const targetRow = this.col(target).get(targetId)!;
        throw new MockError('ids', 'record.inUse', {
          entity: target, id: targetRow.id, label: labelOf(target, targetRow), count: spared.length, from: ref.from, records: spared.length > 1 ? 'records' : 'record',
          refField: ref.field, fromId: spared[0].id, fromLabel: labelOf(ref.from, spared[0]), more: spared.length > 1 ? ', …' : '',
        });
      }
    }
    taken?.([...records.values()]);
    for (const [target, set] of doomed) if (target !== name) this.col(target).remove(set);
    const n = this.col(name).remove(ids);
    this.h(name).afterDel?.(rows, hc);
    return n;
  }

  /**
   * Brings deleted records back with their own ids (the trash's restore): `rows` in order, parents
   * before the rows referring to them. All or none: refused when an id is taken again (field `id`),
   * a reference points at a record that is gone, or a `unique` field set now repeats another
   * record's (MockErrors naming the field); then nothing changes. Each entity's `afterRestore`
   * hook runs after (derived counts), and the writer is recorded.
   */
  restore(rows: { entity: string; row: AnyRow }[], actor: string | null = null): void {
    const coming = new Map<string, Map<number, AnyRow>>();
    for (const { entity, row } of rows) {
      if (this.col(entity).get(row.id)) throw new MockError('id', 'record.idTaken', { entity, id: row.id });
      const m = coming.get(entity) ?? new Map<number, AnyRow>();
      m.set(row.id, row);
      coming.set(entity, m);
    }
    for (const { entity, row } of rows) {
      const def = this.col(entity).def;
      // A reference may point at a record restored with it.
      for (const ref of def.refs) {
        const v = row[ref.field];
        if (v === undefined || v === null) continue;
        const bad = (ref.many ? (v as number[]) : [v as number]).filter((id) => !this.col(ref.entity).get(id) && !coming.get(ref.entity)?.has(id));
        if (bad.length) throw new MockError(ref.field, 'record.notFound', { entity: ref.entity, ids: bad.slice(0, 10).join(', ') });
      }
      this.checkUnique(entity, def, row, row.id);
      for (const other of coming.get(entity)!.values()) {
        if (other.id === row.id) continue;
        for (const set of def.unique) if (set.every((f) => JSON.stringify(other[f]) === JSON.stringify(row[f]))) throw new MockError(set[set.length - 1], 'record.duplicate', { value: String(row[set[set.length - 1]]), entity, id: other.id, label: labelOf(entity, other) });
      }
    }
    const hc = this.hookCtx(actor);
    for (const { entity, row } of rows) {
      this.col(entity).replace(row);
      this.col(entity).noteWriter(row.id, actor);
    }
    for (const [entity, m] of coming) this.h(entity).afterRestore?.([...m.values()], hc);
  }

  /** Rows of `from` whose `field` points at one of `ids`, in id order (from the collection's value index). */
  private referring(from: string, field: string, many: boolean, ids: Set<number>): AnyRow[] {
    const col = this.col(from);
    const out = new Set<AnyRow>();
    for (const id of ids) for (const r of col.where(field, id)) if (many ? Array.isArray(r[field]) : r[field] === id) out.add(r);
    return [...out].sort((a, b) => a.id - b.id);
  }

  /** Every reference among `fields` points at an existing record. @throws MockError naming the field. */
  checkRefs(def: AnyEntity, row: AnyRow, fields: string[]): void {
    for (const ref of def.refs) {
      if (!fields.includes(ref.field)) continue;
      const v = row[ref.field];
      if (v === undefined || v === null) continue;
      const target = this.col(ref.entity);
      const ids = ref.many ? (v as number[]) : [v as number];
      const bad = ids.filter((id) => !target.get(id));
      if (bad.length) throw new MockError(ref.field, 'record.notFound', { entity: ref.entity, ids: bad.slice(0, 10).join(', ') });
    }
  }

  /** No other record has the same values in a `unique` field set. @throws MockError naming the field. */
  checkUnique(name: string, def: AnyEntity, row: AnyRow, selfId: number | null, changed?: string[]): void {
    for (const set of def.unique) {
      if (changed && !set.some((f) => changed.includes(f))) continue;
      for (const r of this.col(name).sameKey(set, row)) {
        if (r.id !== selfId) {
          const field = set[set.length - 1];
          const at = { value: String(row[field]), entity: name, id: r.id, label: labelOf(name, r) };
          throw set.length > 1 ? new MockError(field, 'record.duplicateSet', { ...at, fields: set.join('、'), fieldsEn: set.join(' and ') }) : new MockError(field, 'record.duplicate', at);
        }
      }
    }
  }
}

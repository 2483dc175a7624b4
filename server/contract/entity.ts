import Type, { type Static, type TSchema, type TUnsafe } from 'typebox';
import { PageQuery, PageResult } from './envelope.js';
import { F, readOnly, type I18nText } from './fields.js';

/**
 * `defineEntity`: one declaration per kind of record drives its record, add, update, list-query
 * and list-result schemas (run-time JSON Schema plus TypeScript types), its CRUD endpoints, the
 * mock's generic handlers, the OpenAPI document and, later, the web kit's forms and tables.
 *
 * Wire conventions (spec §7 and the issue):
 * - every endpoint is `POST /v1/<entity>/<op>` with a JSON body and answers the `{code, data, message}` envelope;
 * - `list` takes `pageNum`, `pageSize`, optional filters, `keyword`, `sortField`, `sortOrder` and answers `{list, total}`;
 * - `listAll` takes no payload and answers `[{id, <label>}]` (spec: feedbackType/listAll "id and typeName");
 * - `info {id}`, `add <add payload>`, `update {id, …changed fields}`, `del {ids}` → `{count, trashIds?}`, `updateStatus {id, status}`;
 * - ids are integers, money is integer cents, times are 'YYYY-MM-DD HH:mm:ss' strings.
 */

/** Areas of spec §1, used as OpenAPI tags and to group factories and hooks. */
export const AREAS = [
  'account', 'cdk', 'client', 'feedback', 'financial', 'games', 'goods', 'inventory', 'member', 'merchant',
  'operate', 'order', 'recommend', 'rent', 'social', 'specialConfig', 'statistics', 'system', 'mock',
] as const;
export type AreaName = (typeof AREAS)[number];

export const CRUD_OPS = ['list', 'listAll', 'info', 'add', 'update', 'del', 'updateStatus'] as const;
export type CrudOp = (typeof CRUD_OPS)[number];

/**
 * How a list filter matches: `eq` exact value; `like` case-insensitive substring; `range` inclusive
 * `[from, to]` (times compare as text, which works for 'YYYY-MM-DD HH:mm:ss'); `has` an array field
 * contains the value.
 */
export type FilterKind = 'eq' | 'like' | 'range' | 'has';

type Base = { id: number; createTime: string; updateTime: string };
type BaseKey = keyof Base;
export type FieldMap = Record<string, TSchema>;

type IsOptional<S> = S extends { '~optional': true } ? true : false;
type IsReadOnly<S> = S extends { readOnly: true } ? true : false;
type IsWriteOnly<S> = S extends { writeOnly: true } ? true : false;
type HasDefault<S> = S extends { default: unknown } ? true : false;
type Flat<T> = { [K in keyof T]: T[K] } & {};
type St<T> = T extends TSchema ? Static<T> : never;

type Shown<P> = { -readonly [K in keyof P as IsWriteOnly<P[K]> extends true ? never : K]: P[K] };
type Writable<P> = { -readonly [K in keyof P as IsReadOnly<P[K]> extends true ? never : K]: P[K] };
type Required_<P> = { -readonly [K in keyof P as IsOptional<P[K]> extends true ? never : K]: St<P[K]> };
type Optional_<P> = { -readonly [K in keyof P as IsOptional<P[K]> extends true ? K : never]?: St<P[K]> };
type AddRequired<P> = { -readonly [K in keyof P as IsOptional<P[K]> extends true ? never : HasDefault<P[K]> extends true ? never : K]: St<P[K]> };
type AddOptional<P> = { -readonly [K in keyof P as IsOptional<P[K]> extends true ? K : HasDefault<P[K]> extends true ? K : never]?: St<P[K]> };

/** A record as `info` and `list` answer it (write-only fields such as passwords are never sent). */
export type RecordShape<P> = Flat<Base & Required_<Shown<P>> & Optional_<Shown<P>>>;
/** A record as the mock stores it: with write-only fields. */
export type StoredShape<P> = Flat<Base & Required_<P> & Optional_<P>>;
/** The add payload: every writable field; those with a server default may be left out. */
export type AddShape<P> = Flat<AddRequired<Writable<P>> & AddOptional<Writable<P>>>;
/** The update payload: the id and any writable fields to change; an optional field without a default is cleared with null. */
export type UpdateShape<P> = Flat<{ id: number; updateTime?: string } & { -readonly [K in keyof Writable<P>]?: St<P[K]> | (IsOptional<P[K]> extends true ? (HasDefault<P[K]> extends true ? never : null) : never) }>;

type FieldValue<P, K> = K extends keyof P ? St<P[K]> : K extends 'id' ? number : string;
type FilterValue<V, Kind> = Kind extends 'range' ? [V, V] : Kind extends 'like' ? string : Kind extends 'has' ? (V extends readonly (infer E)[] ? E : V) : V;
export type FilterSpec<P> = { [K in (keyof P & string) | BaseKey]?: FilterKind };
/** The list query: paging, optional filters, keyword and sort. */
export type QueryShape<P, Fs> = Flat<
  Partial<PageQuery> & { keyword?: string; sortField?: string; sortOrder?: 'asc' | 'desc' } & { [K in keyof Fs]?: FilterValue<FieldValue<P, K>, Fs[K]> }
>;

/** What an entity declaration says; everything else is derived. */
export interface EntityDecl<N extends string, P extends FieldMap, Fs extends FilterSpec<P>> {
  /** Entity name as the spec's route groups and the platform's paths name it (`feedbackType`). */
  name: N;
  area: AreaName;
  title: I18nText;
  /** Fields beyond `id`, `createTime`, `updateTime` (which every record has). */
  fields: P;
  /** The field `listAll` answers beside `id`, and the one a picker shows. */
  label: keyof P & string;
  /**
   * Fields a picker of this entity shows beside `id` and `label` (none by default): a caller whose
   * only right to the entity's reads is a look-up grant sees these and no others (server/contract/lookups.ts).
   */
  pickerFields?: readonly (keyof P & string)[];
  /** Path segment after `/v1/`; the entity name by default. */
  base?: string;
  filters?: Fs;
  sortable?: readonly ((keyof P & string) | BaseKey)[];
  /** Default order of `list`; newest first (`['id', 'desc']`) unless said otherwise. */
  defaultSort?: readonly [(keyof P & string) | BaseKey, 'asc' | 'desc'];
  /** Fields `keyword` searches (substring, case-insensitive). */
  searchable?: readonly (keyof P & string)[];
  /** The enumeration field `updateStatus` sets; without it there is no `updateStatus`. */
  statusField?: keyof P & string;
  /**
   * The field that versions a record (an integer the platform raises on every change); `updateTime`
   * unless declared. See {@link VERSION_RULE}.
   */
  versionField?: keyof P & string;
  /** Field sets that must be unique among records (`[['username']]`, `[['gameId', 'account']]`). */
  unique?: readonly (readonly (keyof P & string)[])[];
  /**
   * Which CRUD endpoints exist and their paths: `false` removes one, a string renames it (spec §7:
   * `findAll` for feedback's list, `delAwardByIds` for awards' del). All exist by default.
   */
  ops?: Partial<Record<CrudOp, string | false>>;
  /** Collections large enough that `listAll` would be a mistake (members, activation codes). */
  large?: boolean;
  /**
   * Totals over every match of a list query (not only the page) that `list` answers beside `total`
   * as an optional `summary` (a platform that leaves it out still answers a valid page).
   */
  listSummary?: TSchema;
}

/**
 * An entity's run-time schemas. The record, add, update, query and page schemas are typed as
 * `TUnsafe<shape>` so `Static<>` of any schema built from them (an action's result that embeds
 * `order.schemas.record`) is the entity's shape, not `unknown`.
 */
export interface EntitySchemas<P extends FieldMap = any, Fs = any> {
  record: TUnsafe<RecordShape<P>>;
  add: TUnsafe<AddShape<P>>;
  update: TUnsafe<UpdateShape<P>>;
  query: TUnsafe<QueryShape<P, Fs>>;
  page: TUnsafe<{ list: RecordShape<P>[]; total: number; summary?: Record<string, number> }>;
  option: TSchema;
  options: TSchema;
  id: TSchema;
  ids: TSchema;
  status: TSchema | null;
  count: TSchema;
}

/** A reference from one of this entity's fields to another entity (from `F.ref` / `F.refs`). */
export interface RefDef {
  field: string;
  entity: string;
  many: boolean;
  onDelete: 'restrict' | 'cascade';
}

/** An endpoint of the contract: CRUD ones come from entities, the others are declared with `defineAction`. */
export interface EndpointDef {
  method: 'POST' | 'GET';
  /** Full path, e.g. `/v1/feedbackType/list` or `/api/v1/feedbackAward/importAwardExcel`. */
  path: string;
  kind: 'crud' | 'action' | 'upload' | 'download';
  /** `<entity>.<op>` for CRUD, `<entity or area>.<action>` otherwise. */
  name: string;
  area: AreaName;
  summary: string;
  entity?: string;
  op?: CrudOp;
  /** JSON body (`crud`, `action`, `download`) or the text fields of the multipart form (`upload`). */
  payload?: TSchema;
  /** The body may be left out (spec: `listAll` "no payload", export "optional payload"). */
  payloadOptional?: boolean;
  /** The envelope's `data` (JSON endpoints); downloads answer a file instead. */
  result?: TSchema;
  /** Download: the file's media type. */
  produces?: string;
  /** Upload: the name of the file field(s). */
  fileField?: string;
  /** Reachable without a token (mock QA controls). */
  public?: boolean;
  /**
   * The one record a write changes, for the version check ({@link VERSION_RULE}): its entity, the
   * payload field holding its id and the field carrying its version. Set on `update` and
   * `updateStatus`, and on actions declared with `record`.
   */
  record?: { entity: string; idField: string; versionField: string };
}

export interface EntityDef<N extends string = string, P extends FieldMap = FieldMap, Fs extends FilterSpec<P> = FilterSpec<P>> {
  name: N;
  area: AreaName;
  title: I18nText;
  base: string;
  fields: P;
  label: string;
  /** Fields a picker shows beside `id` and `label` (see {@link EntityDecl.pickerFields}). */
  pickerFields: string[];
  filters: Record<string, FilterKind>;
  sortable: string[];
  defaultSort: readonly [string, 'asc' | 'desc'];
  searchable: string[];
  statusField: string | null;
  /** The field a write sends back as the version it was made on ({@link VERSION_RULE}): `updateTime` unless declared. */
  versionField: string;
  unique: string[][];
  refs: RefDef[];
  /** Fields the server sets (never in add/update). */
  readOnlyFields: string[];
  /** Fields accepted on input and never answered (passwords, card secrets). */
  writeOnlyFields: string[];
  writableFields: string[];
  /** Path of each enabled CRUD op. */
  ops: Partial<Record<CrudOp, string>>;
  schemas: EntitySchemas<P, Fs>;
  endpoints: EndpointDef[];
  /** Type carriers (never set at run time): `typeof def.$record` etc. Prefer `EntityRecord<typeof def>`. */
  $types?: { record: RecordShape<P>; stored: StoredShape<P>; add: AddShape<P>; update: UpdateShape<P>; query: QueryShape<P, Fs> };
}

export type AnyEntity = EntityDef<string, FieldMap, any>;
export type EntityRecord<E> = E extends { $types?: { record: infer R } } ? R : never;
export type EntityStored<E> = E extends { $types?: { stored: infer R } } ? R : never;
export type EntityAdd<E> = E extends { $types?: { add: infer R } } ? R : never;
export type EntityUpdate<E> = E extends { $types?: { update: infer R } } ? R : never;
export type EntityQuery<E> = E extends { $types?: { query: infer R } } ? R : never;

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const has = (s: TSchema, k: string) => (s as Record<string, unknown>)[k] !== undefined;
const isOptional = (s: TSchema) => Type.IsOptional(s);

/** A copy of a field schema without the keys named (keeps it plain JSON Schema). */
export function without(s: TSchema, ...keys: string[]): TSchema {
  const copy: Record<string, unknown> = { ...(s as object) };
  for (const k of keys) delete copy[k];
  return copy as TSchema;
}

/**
 * No silent overwrites: every write that changes one record (`update`, `updateStatus`, and the
 * actions declared with `record`) may carry the version of the record it was made on, under the
 * entity's `versionField` (`updateTime` unless the entity declares an integer version field). When
 * the record's version is no longer that one, the write is refused with envelope code 409
 * (`ResultCode.conflict`, HTTP 200, `data: null`, key `record.stale`, naming who changed it and
 * when) and `conflict` (envelope.ts `Conflict`: the record as it is now), and nothing changes. A
 * write without a version is made as it comes (clients that do not send one). The mock keeps
 * `updateTime` strictly increasing per record (a second change within the same second is stamped a
 * second later), so two changes never share a version. In proxy mode the console reads the version
 * through the entity's `info` before relaying such a write, and leaves the check to the platform
 * when PLATFORM_CHECKS_VERSION says the platform makes it itself.
 */
export const VERSION_RULE = 'record.stale';

/** The schema of a write's version field: the record's `updateTime`, or its declared version field. */
function versionSchema(fields: FieldMap, versionField: string): TSchema {
  const desc = 'the version of the record this write was made on (as info answered it); a stale one is refused with code 409 and nothing changes';
  return versionField === 'updateTime' ? F.datetime({ description: desc }) : { ...without(fields[versionField], 'default', 'readOnly'), description: desc } as TSchema;
}

/** An object payload schema with its version field added as optional (the write may carry it). */
function withVersion(payload: TSchema, versionField: string, schema: TSchema): TSchema {
  const { type, required: _required, properties, ...options } = payload as unknown as { type?: string; required?: string[]; properties?: Record<string, TSchema> } & Record<string, unknown>;
  if (type !== 'object' || !properties || properties[versionField]) return payload;
  return Type.Object({ ...properties, [versionField]: Type.Optional(schema) }, options);
}

/** `{ids}` payload of `del` and other batch operations. */
export const IdsPayload = Type.Object(
  { ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000, uniqueItems: true }) },
  { additionalProperties: false },
);
export type IdsPayload = Static<typeof IdsPayload>;
export const IdPayload = Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type IdPayload = Static<typeof IdPayload>;
/** How many records an operation touched (`del`, batch actions). */
export const CountResult = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export type CountResult = Static<typeof CountResult>;
/**
 * What `del` answers: how many records went and, where the console keeps a trash (mock mode), the
 * trash entries it made, one per deleted record (`/console/trash/restore {id}` brings one back).
 */
export const DelResult = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  trashIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { description: 'the trash entries made for the deleted records (mock mode), in the order of `ids`' })),
});
export type DelResult = Static<typeof DelResult>;

/** Builds an entity's schemas and endpoints from its declaration (see the module comment). */
export function defineEntity<const N extends string, const P extends FieldMap, const Fs extends FilterSpec<P> = Record<never, never>>(
  decl: EntityDecl<N, P, Fs>,
): EntityDef<N, P, Fs> {
  const base = decl.base ?? decl.name;
  const Title = pascal(decl.name);
  const all: Record<string, TSchema> = {
    id: readOnly(F.id()),
    ...decl.fields,
    createTime: readOnly(F.datetime()),
    updateTime: readOnly(F.datetime()),
  };
  const names = Object.keys(decl.fields);
  const readOnlyFields = names.filter((k) => has(decl.fields[k], 'readOnly'));
  const writeOnlyFields = names.filter((k) => has(decl.fields[k], 'writeOnly'));
  const writableFields = names.filter((k) => !readOnlyFields.includes(k));

  const refs: RefDef[] = names.flatMap((field) => {
    const s = decl.fields[field] as Record<string, unknown>;
    if (typeof s['x-ref'] !== 'string') return [];
    return [{ field, entity: s['x-ref'], many: s.type === 'array', onDelete: s['x-on-delete'] === 'cascade' ? 'cascade' : 'restrict' } as RefDef];
  });

  const record = Type.Object(Object.fromEntries(Object.entries(all).filter(([k]) => !writeOnlyFields.includes(k))), {
    title: Title,
    additionalProperties: false,
  });
  const add = Type.Object(
    Object.fromEntries(writableFields.map((k) => {
      const s = decl.fields[k];
      return [k, !isOptional(s) && has(s, 'default') ? Type.Optional(s) : s];
    })),
    { title: `${Title}Add`, additionalProperties: false },
  );
  // No defaults in an update: ajv would fill every missing field and overwrite the record.
  // An optional field without a default may be sent as null to clear it (an emptied cover, a
  // release date removed); fields with a default are cleared with their empty value ('' or []).
  const versionField = decl.versionField ?? 'updateTime';
  const version = versionSchema(decl.fields, versionField);
  const update = Type.Object(
    {
      id: F.id(),
      ...Object.fromEntries(writableFields.map((k) => {
        const s = without(decl.fields[k], 'default');
        return [k, Type.Optional(isOptional(decl.fields[k]) && !has(decl.fields[k], 'default') ? Type.Union([s, Type.Null()]) : s)];
      })),
      [versionField]: Type.Optional(version),
    },
    { title: `${Title}Update`, additionalProperties: false },
  );

  // Every list can be narrowed to one record by its id (a reference opens the list of its
  // target filtered to it, `/member/index?id=123`); an entity may still declare its own `id` filter.
  const filters = { id: 'eq', ...(decl.filters ?? {}) } as Record<string, FilterKind>;
  const filterProps: Record<string, TSchema> = {};
  for (const [k, kind] of Object.entries(filters)) {
    const f = without(all[k], 'default', 'readOnly', 'writeOnly', 'x-on-delete', 'description');
    if (kind === 'like') filterProps[k] = Type.Optional(Type.String({ maxLength: 64 }));
    else if (kind === 'range') filterProps[k] = Type.Optional(Type.Array(f, { minItems: 2, maxItems: 2, description: 'inclusive [from, to]' }));
    else if (kind === 'has') filterProps[k] = Type.Optional(without((f as { items: TSchema }).items, 'default'));
    else filterProps[k] = Type.Optional(f);
  }
  const sortable = [...new Set(['id', ...(decl.sortable ?? [])])];
  const searchable = [...(decl.searchable ?? [])];
  const query = Type.Object(
    {
      pageNum: Type.Optional(PageQuery.properties.pageNum),
      pageSize: Type.Optional(PageQuery.properties.pageSize),
      ...(searchable.length ? { keyword: Type.Optional(Type.String({ maxLength: 64, description: `searches ${searchable.join(', ')}` })) } : {}),
      sortField: Type.Optional(Type.Enum(sortable)),
      sortOrder: Type.Optional(Type.Enum(['asc', 'desc'])),
      ...filterProps,
    },
    { title: `${Title}Query`, additionalProperties: false },
  );
  const page = Type.Object({ ...PageResult(record).properties, ...(decl.listSummary ? { summary: Type.Optional(decl.listSummary) } : {}) }, { title: `${Title}Page` });
  const option = Type.Object({ id: F.id(), [decl.label]: without(decl.fields[decl.label], 'default', 'readOnly') }, { title: `${Title}Option` });
  const options = Type.Array(option);
  const statusField = decl.statusField ?? null;
  const status = statusField
    ? Type.Object({ id: F.id(), [statusField]: without(decl.fields[statusField], 'default', 'readOnly'), [versionField]: Type.Optional(version) }, { title: `${Title}Status`, additionalProperties: false })
    : null;

  const opsEnabled: Partial<Record<CrudOp, string>> = {};
  for (const op of CRUD_OPS) {
    const o = decl.ops?.[op];
    if (o === false) continue;
    if (op === 'updateStatus' && !statusField) continue;
    if (op === 'listAll' && decl.large && o === undefined) continue;
    opsEnabled[op] = typeof o === 'string' ? (o.startsWith('/') ? o : `/v1/${base}/${o}`) : `/v1/${base}/${op}`;
  }
  const schemas = { record, add, update, query, page, option, options, id: IdPayload, ids: IdsPayload, status, count: CountResult } as unknown as EntitySchemas<P, Fs>;
  const io: Record<CrudOp, { payload?: TSchema; result: TSchema; summary: string; optional?: boolean }> = {
    list: { payload: query, result: page, summary: `Page through ${decl.title.en} records with filters and sort`, optional: true },
    listAll: { result: options, summary: `All ${decl.title.en} records as {id, ${decl.label}} (pickers)`, optional: true },
    info: { payload: IdPayload, result: record, summary: `One ${decl.title.en} record` },
    add: { payload: add, result: record, summary: `Add a ${decl.title.en} record` },
    update: { payload: update, result: record, summary: `Change fields of a ${decl.title.en} record` },
    del: { payload: IdsPayload, result: DelResult, summary: `Delete ${decl.title.en} records (all or none; mock mode keeps them in the trash for TRASH_DAYS)` },
    updateStatus: { payload: status ?? undefined, result: record, summary: `Set the ${statusField} of a ${decl.title.en} record` },
  };
  const endpoints: EndpointDef[] = (Object.entries(opsEnabled) as [CrudOp, string][]).map(([op, path]) => ({
    ...(op === 'update' || op === 'updateStatus' ? { record: { entity: decl.name, idField: 'id', versionField } } : {}),
    method: 'POST',
    path,
    kind: 'crud',
    name: `${decl.name}.${op}`,
    area: decl.area,
    summary: `${io[op].summary} (${decl.title.zh_CN})`,
    entity: decl.name,
    op,
    ...(io[op].payload ? { payload: io[op].payload } : {}),
    ...(io[op].optional ? { payloadOptional: true } : {}),
    result: io[op].result,
  }));

  return {
    name: decl.name,
    area: decl.area,
    title: decl.title,
    base,
    fields: decl.fields,
    label: decl.label,
    pickerFields: [...(decl.pickerFields ?? [])],
    filters,
    sortable,
    defaultSort: decl.defaultSort ?? ['id', 'desc'],
    searchable,
    statusField,
    versionField,
    unique: (decl.unique ?? []).map((u) => [...u]),
    refs,
    readOnlyFields,
    writeOnlyFields,
    writableFields,
    ops: opsEnabled,
    schemas,
    endpoints,
  };
}

/**
 * A declared non-CRUD endpoint that keeps its name, kind, payload and result schemas in its type, so
 * the typed client (`web/api/client.ts`) and the mock's handlers get `Static<payload>` and
 * `Static<result>` by name (`ActionPayload<'order.reissue'>`) instead of re-declaring them.
 */
export interface ActionDef<
  N extends string = string,
  P extends TSchema | undefined = TSchema | undefined,
  R extends TSchema | undefined = TSchema | undefined,
  K extends EndpointDef['kind'] = EndpointDef['kind'],
> extends EndpointDef {
  name: N;
  kind: K;
  payload?: P & TSchema;
  result?: R & TSchema;
  /** Type carrier only (never set): the payload and result schemas as declared. */
  $io?: { payload: P; result: R };
}

/**
 * Declares a non-CRUD endpoint (domain action, upload, download) in the same style as CRUD ones.
 * The name (`<entity or area>.<action>`), kind and schemas stay literal in the answer's type.
 */
export function defineAction<
  const N extends string,
  P extends TSchema | undefined = undefined,
  R extends TSchema | undefined = undefined,
  const K extends EndpointDef['kind'] = 'action',
>(
  e: Omit<EndpointDef, 'method' | 'kind' | 'name' | 'payload' | 'result' | 'record'> & {
    name: N;
    method?: 'POST' | 'GET';
    kind?: K;
    payload?: P;
    result?: R;
    /**
     * The one record the action changes ({@link VERSION_RULE}): its entity and the payload field
     * holding its id (default `id`). The payload then takes the entity's version field too.
     */
    record?: { entity: AnyEntity; idField?: string };
  },
): ActionDef<N, P, R, K> {
  const { record, ...rest } = e;
  if (!record) return { method: 'POST', kind: 'action', ...rest } as ActionDef<N, P, R, K>;
  const { versionField } = record.entity;
  const payload = rest.payload ? withVersion(rest.payload, versionField, versionSchema(record.entity.fields, versionField)) : rest.payload;
  return { method: 'POST', kind: 'action', ...rest, payload, record: { entity: record.entity.name, idField: record.idField ?? 'id', versionField } } as ActionDef<N, P, R, K>;
}

/** Marks a field accepted on input but never answered (JSON Schema `writeOnly`). */
export function writeOnly<T extends TSchema>(schema: T): T & { writeOnly: true } {
  return Object.assign(schema, { writeOnly: true as const });
}

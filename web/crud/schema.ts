import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';
import type { AnyEntity } from '../../server/contract/entity';
import { ROUTE_TABLE } from '../../server/contract/route-table';
import type { FieldKind, FieldOverride, FieldSpec, Resource, ResourceDecl } from './types';
import { KINDS, formValue, kindDef, wireValue } from './kinds';
import { RECORD_ROUTES } from './record-links';
import { moneyText } from '../../server/contract/money';

export { enumOptions, enumLabel, centsToYuan, yuanToCents } from './values';

/** The route table's name of a path (`/games/tag` → `GamesTag`, spec §2 route names): the button-code stem. */
export function routeName(path: string): string {
  return path.split('/').filter(Boolean).map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
}

/** Every leaf path of the route table (`/games/tag/add`…). */
function routePaths(): Set<string> {
  const out = new Set<string>();
  for (const g of ROUTE_TABLE) for (const c of g.children ?? []) out.add(`${g.path}/${c.path}`);
  return out;
}

/**
 * Declares a resource (architecture "crud/": contract entity + columns + filters + form layout +
 * field overrides + route and permission). Keys are typed from the entity (a typo fails `tsc`), and
 * checked again on load: every named field exists, every filter is one the contract's list query
 * takes, every form field is writable, the route is in the route table. The permission defaults to
 * the route's name (`/games/tag` → `GamesTag`); page-mode forms default to `<route>/add|modify`
 * (for an area's `index`, its siblings `add|modify`).
 * @throws Error naming the resource and the field.
 */
export function defineResource<E extends AnyEntity>(decl: ResourceDecl<E>): Resource<E> {
  const d = decl as unknown as ResourceDecl;
  const name = d.entity.name;
  const known = new Set(['id', 'createTime', 'updateTime', 'keyword', ...Object.keys(d.entity.fields)]);
  const sectionFields = (d.form?.sections ?? []).flatMap((s) => s.fields);
  for (const f of [...d.columns, ...(d.filters ?? []), ...(d.form?.fields ?? []), ...sectionFields, ...Object.keys(d.fields ?? {})]) {
    if (!known.has(f)) throw new Error(`defineResource(${name}): unknown field "${f}"`);
  }
  for (const f of d.filters ?? []) {
    const ok = f === 'keyword' ? d.entity.searchable.length > 0 : f in d.entity.filters;
    if (!ok) throw new Error(`defineResource(${name}): "${f}" is not a filter of the contract's list query`);
  }
  for (const f of [...(d.form?.fields ?? []), ...sectionFields]) {
    if (!d.entity.writableFields.includes(f)) throw new Error(`defineResource(${name}): form field "${f}" is not writable`);
  }
  for (const [f, o] of Object.entries(d.fields ?? {}) as [string, FieldOverride][]) {
    if ((o.kind === 'remote' || o.kind === 'remotes' || o.kind === 'tree') && !o.refEntity) throw new Error(`defineResource(${name}): field "${f}" of kind ${o.kind} needs refEntity`);
  }
  if (d.tree && !(d.tree.parentField in d.entity.fields)) throw new Error(`defineResource(${name}): tree parent field "${d.tree.parentField}" is unknown`);
  if (d.route && !routePaths().has(d.route)) throw new Error(`defineResource(${name}): route "${d.route}" is not in the route table`);
  const permission = d.permission ?? (d.route ? routeName(d.route) : '');
  // Fail closed: a declaration with no permission shows no guarded button (codes `:add` are never held).
  let form = d.form;
  // Page forms keep the record id under the §3 edit-id key `<entity>Id` (gameId, gameTagId, goodsCategoryId…).
  if (form?.mode === 'page' && !form.editIdKey) form = { ...form, editIdKey: `${name}Id` };
  if (form?.mode === 'page' && !form.pages && d.route) {
    // `/games/tag` → `/games/tag/add`; an area's index list (`/games/index`) → its siblings `/games/add`.
    const paths = routePaths();
    const base = [d.route, d.route.replace(/\/index$/, '')].find((b) => paths.has(`${b}/add`) && paths.has(`${b}/modify`));
    if (base) form = { ...form, pages: { add: `${base}/add`, modify: `${base}/modify` } };
  }
  return { ...(decl as object), form, permission, kind: 'resource' } as unknown as Resource<E>;
}

const BASE_FIELDS: Record<string, Record<string, unknown>> = {
  id: { type: 'integer' },
  createTime: { type: 'string', 'x-kind': 'datetime' },
  updateTime: { type: 'string', 'x-kind': 'datetime' },
  keyword: { type: 'string' },
};

/** The JSON schema of a field of an entity (`id`, times and `keyword` included). */
export function fieldSchema(entity: AnyEntity, name: string): Record<string, unknown> {
  return (entity.fields[name] as unknown as Record<string, unknown>) ?? BASE_FIELDS[name] ?? { type: 'string' };
}

/** The widget kind of a field schema (see {@link FieldKind}); `statusField` makes an enum a switch. */
export function kindOf(schema: Record<string, unknown>, isStatus = false): FieldKind {
  const xKind = schema['x-kind'];
  if (typeof schema['x-ref'] === 'string') return schema.type === 'array' ? 'refs' : 'ref';
  if (typeof schema['x-enum'] === 'string') return isStatus && schema['x-enum'] === 'enableStatus' ? 'status' : 'enum';
  if (schema.type === 'array') return xKind === 'image' ? 'images' : 'strings';
  switch (xKind) {
    case 'money': return 'money';
    case 'percent': return 'percent';
    case 'datetime': return 'datetime';
    case 'date': return 'date';
    case 'image': return 'image';
    case 'url': return 'url';
    case 'color': return 'color';
    case 'password': return 'password';
    case 'textarea': return 'text';
    case 'richText': return 'richText';
  }
  // A contract `x-kind` naming a registered kind (`registerKind('rating', …)`) is that kind.
  if (typeof xKind === 'string' && xKind in KINDS) return xKind as FieldKind;
  if (schema.type === 'integer' || schema.type === 'number') return 'int';
  if (schema.type === 'boolean') return 'boolean';
  return 'string';
}

/** Resolves a field of a resource: kind (override first), enum/ref names, whether the add payload requires it. */
export function fieldSpec(res: ResourceDecl, name: string): FieldSpec {
  const declared = (res.fields as Record<string, FieldOverride> | undefined)?.[name] ?? {};
  // A record's own label (an order's number, a code's number) opens the record wherever it is listed
  //: declared once, by the entity's place in `RECORD_ROUTES`; a declaration's `link` wins.
  const self = name === res.entity.label && declared.link === undefined && RECORD_ROUTES[res.entity.name];
  const override: FieldOverride = self ? { ...declared, link: { entity: res.entity.name, by: 'id' } } : declared;
  const upd = (res.entity.schemas.update as unknown as { properties?: Record<string, Record<string, unknown>> }).properties?.[name];
  return {
    ...schemaFieldSpec(name, fieldSchema(res.entity, name), override, res.entity.statusField === name),
    required: ((res.entity.schemas.add as unknown as { required?: string[] }).required ?? []).includes(name),
    nullable: !!upd && acceptsNull(upd),
  };
}

/**
 * Resolves a property of any payload schema (an action's, not an entity's) the same way: kind from
 * the override or the schema, enumeration and reference names. Action dialogs use it, so their
 * inputs, parsing and money are the kind registry's like every other form's.
 */
export function schemaFieldSpec(name: string, schema: Record<string, unknown>, override: FieldOverride = {}, isStatus = false, required = false): FieldSpec {
  return {
    name,
    kind: override.kind ?? kindOf(schema, isStatus),
    schema,
    override,
    enumName: typeof schema['x-enum'] === 'string' ? (schema['x-enum'] as string) : undefined,
    ref: override.ref ?? (typeof schema['x-ref'] === 'string' ? (schema['x-ref'] as string) : undefined),
    required,
  };
}

/** Whether a schema (an update property) accepts `null`: how the contract lets an optional field be cleared. */
function acceptsNull(s: Record<string, unknown>): boolean {
  if (s.type === 'null') return true;
  const anyOf = s.anyOf as Record<string, unknown>[] | undefined;
  return !!anyOf?.some((x) => x.type === 'null');
}

/** Kinds whose input is chosen rather than typed: their empty required field says 请选择, not 请输入. */
const PICKED_KINDS: ReadonlySet<string> = new Set(['enum', 'radio', 'status', 'boolean', 'switch', 'datetime', 'date', 'dateRange', 'ref', 'refs', 'remote', 'remotes', 'tree', 'image', 'images', 'color']);

/**
 * The `crud.validation` key of an error on a field of `kind`: `required` becomes `requiredPick`
 * ("请选择…" / "Please choose …") for a field that is picked, not typed; other keys are as they are.
 */
export function validationKey(key: string, kind: string | undefined): string {
  return key === 'required' && kind !== undefined && PICKED_KINDS.has(kind) ? 'requiredPick' : key;
}

/**
 * The values of a validation message on a field of `kind`, as the field shows them: a money field's
 * limit `n` (cents on the wire) in yuan (`¥1,213.00`), so "不能大于 121300" reads "不能大于 ¥1,213.00".
 */
export function validationValues(values: Record<string, unknown> | undefined, kind: string | undefined): Record<string, unknown> {
  return kind === 'money' && typeof values?.n === 'number' ? { ...values, n: moneyText(values.n) } : { ...values };
}

/** One validation message: an i18n key of the `crud.validation` namespace and its values. */
export interface FieldError {
  key: string;
  values?: Record<string, unknown>;
}

/**
 * Validates a payload against a contract schema (TypeBox, the same schema the server checks) and
 * answers the first problem of each field, as i18n keys for `crud.validation.*` (behaviour notes
 * "A form's validation messages appear beside the field, in the current language").
 * Unknown keywords (`x-kind`, …) are ignored by TypeBox. Errors not tied to a field go under `_`.
 */
export function validatePayload(schema: TSchema, payload: Record<string, unknown>): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const e of Value.Errors(schema, payload)) {
    const p = e.params as Record<string, unknown>;
    const missing = (p.requiredProperties as string[] | undefined) ?? (typeof p.missingProperty === 'string' ? [p.missingProperty] : []);
    if (e.keyword === 'required') {
      for (const m of missing) out[m] ??= { key: 'required' };
      continue;
    }
    const field = e.instancePath.split('/')[1] || '_';
    if (out[field] || (e.keyword === 'boolean' && field !== '_')) continue;
    out[field] = messageOf(e.keyword, p);
  }
  return out;
}

function messageOf(keyword: string, p: Record<string, unknown>): FieldError {
  switch (keyword) {
    case 'minLength': return p.limit === 1 ? { key: 'required' } : { key: 'minLength', values: { n: p.limit } };
    case 'maxLength': return { key: 'maxLength', values: { n: p.limit } };
    case 'minimum': return { key: 'minimum', values: { n: p.limit } };
    case 'maximum': return { key: 'maximum', values: { n: p.limit } };
    case 'pattern': return p.pattern === '\\S' ? { key: 'required' } : { key: 'pattern' };
    case 'enum': return { key: 'enum' };
    case 'type': return { key: 'type' };
    case 'maxItems': return { key: 'maxItems', values: { n: p.limit } };
    default: return { key: 'invalid' };
  }
}

/** A refusal as the HTTP client reports it (ApiError): its text and the field key it names (`data.field`), if any. */
export interface ServerRefusal {
  message: string;
  field?: string | null;
}

/**
 * The field a server refusal is about: the key the server sends in `data.field` (its messages name
 * the field by its translated label), else a message starting with the key itself
 * (`typeName: already exists`; `row 3: …` is not a field). Answers null when it is not one of `fields`.
 */
export function fieldOfServerMessage(refusal: string | ServerRefusal, fields: readonly string[]): string | null {
  if (typeof refusal !== 'string' && refusal.field) return fields.includes(refusal.field) ? refusal.field : null;
  const message = typeof refusal === 'string' ? refusal : refusal.message;
  const m = /^\s*([A-Za-z_][\w]*)\s*[:：]/.exec(message);
  return m && fields.includes(m[1]) ? m[1] : null;
}

/** The text of a field's refusal without the field named in front (`类型名称：必填` → `必填`), to show beside the field. */
export function serverFieldText(refusal: string | ServerRefusal): string {
  const message = typeof refusal === 'string' ? refusal : refusal.message;
  return message.replace(/^[^:：;；]{1,60}?[:：]\s*/, '');
}

/** Default form values from the add schema (`default`s; empty for the rest). */
export function defaultValues(res: ResourceDecl, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const s = fieldSchema(res.entity, f);
    if ('default' in s) out[f] = s.default;
  }
  return out;
}

/** True for a form value meaning "nothing entered" (null, blank text, empty list). */
export function isBlank(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/**
 * Builds the add or update payload from form values, each through its kind's wire format
 * (`KINDS[kind].toWire`: money typed in yuan → cents, texts trimmed); empty optional values are
 * left out of an add. An update sends the id and only changed fields (contract: `update` changes
 * only fields sent; pass the form's dirty fields as `fields`); a field the user emptied is cleared,
 * not dropped: its kind's `blank` (`''`, `[]`), else `null` where the update schema allows it
 * (optional fields without a default), so the old value does not silently stay.
 */
export function toPayload(res: ResourceDecl, fields: readonly string[], values: Record<string, unknown>, original?: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const spec = fieldSpec(res, f);
    const blank = kindDef(spec).blank;
    const v = wireValue(spec, values[f]);
    if (original) {
      const before = original[f];
      if (JSON.stringify(before ?? null) === JSON.stringify(v ?? null)) continue;
      if (isBlank(v)) {
        if (isBlank(before)) continue;
        if (Array.isArray(before) || Array.isArray(blank)) out[f] = [];
        else if (spec.nullable) out[f] = null;
        else if (blank === '' || typeof before === 'string') out[f] = '';
        // Required fields keep the blank so validation names them.
        else out[f] = v ?? null;
        continue;
      }
      out[f] = v;
      continue;
    }
    if (v === null || v === undefined || (v === '' && !spec.required && blank !== '')) continue;
    out[f] = v;
  }
  if (original) out.id = original.id;
  return out;
}

/** Form values from a record, each through its kind's `toForm` (money cents → yuan for the input). */
export function toFormValues(res: ResourceDecl, fields: readonly string[], record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f] = formValue(fieldSpec(res, f), record[f]);
  return out;
}

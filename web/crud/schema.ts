import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';
import type { AnyEntity } from '../../server/contract/entity';
import { ENUMS } from '../../server/contract/fields';
import type { FieldKind, FieldSpec, Resource, ResourceDecl } from './types';

/**
 * Declares a resource (architecture "crud/": contract entity + columns + filters + form layout +
 * field overrides + permission route name). Checks at declaration time that every named field
 * exists, every filter is one the contract's list query takes and every form field is writable, so a
 * typo fails on load rather than showing an empty column or a request the server refuses.
 * @throws Error naming the resource and the field.
 */
export function defineResource<E extends AnyEntity>(decl: ResourceDecl<E>): Resource<E> {
  const known = new Set(['id', 'createTime', 'updateTime', 'keyword', ...Object.keys(decl.entity.fields)]);
  for (const f of [...decl.columns, ...(decl.filters ?? []), ...(decl.form?.fields ?? [])]) {
    if (!known.has(f)) throw new Error(`defineResource(${decl.entity.name}): unknown field "${f}"`);
  }
  for (const f of decl.filters ?? []) {
    const ok = f === 'keyword' ? decl.entity.searchable.length > 0 : f in decl.entity.filters;
    if (!ok) throw new Error(`defineResource(${decl.entity.name}): "${f}" is not a filter of the contract's list query`);
  }
  for (const f of decl.form?.fields ?? []) {
    if (!decl.entity.writableFields.includes(f)) throw new Error(`defineResource(${decl.entity.name}): form field "${f}" is not writable`);
  }
  return { ...decl, kind: 'resource' };
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
    case 'textarea':
    case 'richText': return 'text';
  }
  if (schema.type === 'integer' || schema.type === 'number') return 'int';
  if (schema.type === 'boolean') return 'boolean';
  return 'string';
}

/** Resolves a field of a resource: kind (override first), enum/ref names, whether the add payload requires it. */
export function fieldSpec(res: ResourceDecl, name: string): FieldSpec {
  const schema = fieldSchema(res.entity, name);
  const override = res.fields?.[name] ?? {};
  const required = ((res.entity.schemas.add as unknown as { required?: string[] }).required ?? []).includes(name);
  return {
    name,
    kind: override.kind ?? kindOf(schema, res.entity.statusField === name),
    schema,
    override,
    enumName: typeof schema['x-enum'] === 'string' ? (schema['x-enum'] as string) : undefined,
    ref: typeof schema['x-ref'] === 'string' ? (schema['x-ref'] as string) : undefined,
    required,
  };
}

/** An enumeration's options in a language, for dropdowns and cells. */
export function enumOptions(enumName: string, locale: string): { value: number; label: string }[] {
  const def = ENUMS[enumName];
  if (!def) return [];
  const lang = locale === 'en' ? 'en' : 'zh_CN';
  return def.entries.map((e) => ({ value: e.value, label: e.label[lang] }));
}

/** The label of an enumeration value in a language; the value itself when unknown. */
export function enumLabel(enumName: string, value: unknown, locale: string): string {
  const def = ENUMS[enumName];
  return def && typeof value === 'number' ? def.label(value, locale === 'en' ? 'en' : 'zh_CN') : value == null ? '' : String(value);
}

/** Cents → yuan text with two decimals (money is integer cents on the wire). */
export function centsToYuan(cents: unknown): string {
  return typeof cents === 'number' ? (cents / 100).toFixed(2) : '';
}

/** Yuan (as typed) → integer cents, rounded to the cent; null for empty or not a number. */
export function yuanToCents(yuan: unknown): number | null {
  if (yuan === null || yuan === undefined || yuan === '') return null;
  const n = typeof yuan === 'number' ? yuan : Number(yuan);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
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

/**
 * The field a server message is about: the platform's messages start with the field name
 * (`typeName: already exists`, `row 3: …` is not a field). Answers null when the prefix is not one
 * of `fields`.
 */
export function fieldOfServerMessage(message: string, fields: readonly string[]): string | null {
  const m = /^\s*([A-Za-z_][\w]*)\s*[:：]/.exec(message);
  return m && fields.includes(m[1]) ? m[1] : null;
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

/**
 * Builds the add or update payload from form values: money as typed yuan → cents, empty optional
 * values left out; an update sends the id and only changed fields (contract: `update` changes only
 * fields sent).
 */
export function toPayload(res: ResourceDecl, fields: readonly string[], values: Record<string, unknown>, original?: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const spec = fieldSpec(res, f);
    let v = values[f];
    if (spec.kind === 'money') v = yuanToCents(v);
    if (v === null || v === undefined || (v === '' && !spec.required && spec.kind !== 'text' && spec.kind !== 'string')) continue;
    if (original && JSON.stringify(original[f]) === JSON.stringify(v)) continue;
    out[f] = v;
  }
  if (original) out.id = original.id;
  return out;
}

/** Form values from a record (money cents → yuan number for the input). */
export function toFormValues(res: ResourceDecl, fields: readonly string[], record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = record[f];
    out[f] = fieldSpec(res, f).kind === 'money' && typeof v === 'number' ? v / 100 : v;
  }
  return out;
}

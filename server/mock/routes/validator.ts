import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import Value from 'typebox/value';
import { DATE_PATTERN, DATETIME_PATTERN, EMAIL_PATTERN, HEX_COLOR_PATTERN, PHONE_PATTERN, URL_PATTERN, withSafeIntegers } from '../../contract/fields.js';

/**
 * The validator of the contract routes: TypeBox's compiled checker with ajv's behaviour as app.ts
 * configures it (defaults filled in, no coercion, all errors) and ajv-shaped errors, so the envelope
 * plugin's messages name the field exactly as for other routes.
 *
 * Why not fastify's ajv: the contract has ~460 endpoints and ajv compiles every schema when the app
 * starts (~0.7 s of each boot, every test file). Here a schema is compiled on its first request and
 * shared by every app in the process; TypeBox is also what the web client validates with, so both
 * ends read the contract with the same engine.
 */

type AjvLikeError = { keyword: string; instancePath: string; schemaPath: string; params: Record<string, unknown>; message: string };
type Checker = { Check(v: unknown): boolean; Errors(v: unknown): Iterable<AjvLikeError> };

const compiled = new WeakMap<object, Checker>();

/** Readable words for the contract's patterns instead of the regular expression. */
const PATTERN_TEXT: Record<string, string> = {
  [DATETIME_PATTERN]: "must be a time 'YYYY-MM-DD HH:mm:ss'",
  [DATE_PATTERN]: "must be a date 'YYYY-MM-DD'",
  [PHONE_PATTERN]: 'must be an 11-digit mobile number',
  [HEX_COLOR_PATTERN]: 'must be # followed by 3 or 6 hex digits',
  [URL_PATTERN]: 'must be an http(s) URL or a path starting with /',
  [EMAIL_PATTERN]: 'must be an email address',
  '\\S': 'must not be blank',
  '^[A-Za-z0-9_-]+$': 'may hold only letters, digits, - and _',
};

/** TypeBox errors → ajv's shape (one entry per missing or extra property; the `false` schema echo dropped). */
export function toAjvErrors(errors: Iterable<AjvLikeError>): AjvLikeError[] {
  const out: AjvLikeError[] = [];
  for (const e of errors) {
    if (e.keyword === 'boolean') continue;
    if (e.keyword === 'required') {
      for (const p of (e.params.requiredProperties as string[] | undefined) ?? []) out.push({ ...e, params: { missingProperty: p }, message: `must have required property '${p}'` });
    } else if (e.keyword === 'additionalProperties') {
      for (const p of (e.params.additionalProperties as string[] | undefined) ?? []) out.push({ ...e, params: { additionalProperty: p }, message: 'must NOT have additional properties' });
    } else if (e.keyword === 'pattern') {
      out.push({ ...e, message: PATTERN_TEXT[e.params.pattern as string] ?? e.message });
    } else out.push(e);
  }
  return out;
}

function checkerOf(schema: TSchema): Checker {
  let c = compiled.get(schema);
  if (!c) compiled.set(schema, (c = Compile(withSafeIntegers(schema) as never) as unknown as Checker));
  return c;
}

/** Whether a schema (or anything inside it) declares a `default` (a property named so counts too: then the general path is taken). */
function declaresDefault(s: unknown): boolean {
  if (s === null || typeof s !== 'object') return false;
  if (Array.isArray(s)) return s.some(declaresDefault);
  for (const k of Object.keys(s)) if (k === 'default' || declaresDefault((s as Record<string, unknown>)[k])) return true;
  return false;
}

type Defaulter = (value: Record<string, unknown>) => unknown;
const defaulters = new WeakMap<object, Defaulter>();

/**
 * What `Value.Default(schema, value)` does for an object value, planned once per schema: for a flat
 * object schema (the contract's list queries: properties whose defaults, if any, are their own, none
 * nested) the missing properties that have a default get a copy of it; any other schema goes through
 * `Value.Default`. Interpreting the whole query schema on every request was ~4% of a list answer's
 * CPU. `tests/server/validator-defaults.test.ts` checks both agree on every endpoint.
 */
export function defaulterOf(schema: TSchema): Defaulter {
  let d = defaulters.get(schema);
  if (d) return d;
  const s = schema as Record<string, unknown>;
  const props = s.properties as Record<string, Record<string, unknown>> | undefined;
  const flat =
    s.type === 'object' &&
    props !== null &&
    typeof props === 'object' &&
    !('default' in s) &&
    (s.additionalProperties === undefined || typeof s.additionalProperties === 'boolean') &&
    !['allOf', 'anyOf', 'oneOf', '$ref', 'patternProperties'].some((k) => k in s) &&
    Object.values(props).every((p) => !declaresDefault(Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'default'))));
  if (!flat) d = (value) => Value.Default(schema, value);
  else {
    const withDefault = Object.entries(props).filter(([, p]) => 'default' in p && typeof p.default !== 'function' && p.default !== undefined);
    d = (value) => {
      for (const [key, p] of withDefault) if (value[key] === undefined) value[key] = p.default !== null && typeof p.default === 'object' ? structuredClone(p.default) : p.default;
      return value;
    };
  }
  defaulters.set(schema, d);
  return d;
}

/** Fastify validator compiler for the contract routes (see the module comment). */
export const contractValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema }) => {
  const validate = ((data: unknown) => {
    const checker = checkerOf(schema);
    const value = data !== null && typeof data === 'object' && !Array.isArray(data) ? defaulterOf(schema)(data as Record<string, unknown>) : data;
    if (checker.Check(value)) {
      validate.errors = null;
      return { value };
    }
    validate.errors = toAjvErrors(checker.Errors(value));
    return false;
  }) as ((data: unknown) => unknown) & { errors: AjvLikeError[] | null };
  validate.errors = null;
  return validate as never;
};

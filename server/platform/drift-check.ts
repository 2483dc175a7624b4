import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { EndpointDef } from '../contract/entity.js';
import { ENDPOINTS } from '../contract/index.js';
import { SESSION } from '../contract/openapi.js';
import { isSecretField, MASK, redactJson } from './redact.js';

/**
 * The contract check of one platform answer: is it the
 * `{code, data, message}` envelope, and on code 200 does `data` match the endpoint's result schema?
 *
 * Validators are TypeBox's compiled checkers (the engine the mock and the web client already read
 * the contract with), compiled on an endpoint's first answer and kept for the process. A valid
 * answer costs one `Check` call; only an invalid one walks `Errors`, at most
 * {@link MAX_ERRORS_PER_ANSWER} of them.
 */

/**
 * What kind of difference a finding is, and how much it matters:
 * - `envelope` (error): the answer is not JSON, or not `{code: integer, data, message: string}`;
 * - `missing` (error): a field the contract requires is absent;
 * - `type` (error): a field has another JSON type (string for integer, null for object…);
 * - `enum` (error): a status or other enumerated value the contract does not list;
 * - `constraint` (warning): right type, value outside the contract's bounds (pattern, range, length);
 * - `unknown` (info): a field the contract does not define (records are closed objects). Reported
 *   so the platform team sees fields the console ignores; never an error, the console reads on.
 */
export type { DriftKind, DriftSeverity } from '../contract/drift.js';
import type { DriftKind, DriftSeverity } from '../contract/drift.js';

export const SEVERITY: Record<DriftKind, DriftSeverity> = {
  envelope: 'error',
  missing: 'error',
  type: 'error',
  enum: 'error',
  constraint: 'warning',
  unknown: 'info',
};

/** One difference found in one answer. `field` is a path like `data.list[].status` ('' = the whole body). */
export interface Finding {
  kind: DriftKind;
  field: string;
  /** What the contract says, in words (`integer`, `one of 0, 1, 2`, `required string`). */
  expected: string;
  /** What came, redacted and short (`string "abc"`, `7`, `absent`). */
  seen: string;
  /** JSON-pointer segments of the place in the parsed body (for the example's trimming). */
  at: string[];
}

/** Errors read from one invalid answer at most (a list of 1,000 bad rows must not cost 1,000 walks). */
export const MAX_ERRORS_PER_ANSWER = 24;
/** Longest `seen`/`expected` text kept. */
const MAX_TEXT = 120;

type TbError = { keyword: string; instancePath: string; schemaPath: string; params: Record<string, unknown>; message: string };
type Checker = { Check(v: unknown): boolean; Errors(v: unknown): Iterable<TbError> };

/** The contract's endpoints by route key (`POST /v1/member/list`), session endpoints included. */
const BY_KEY = new Map<string, EndpointDef>([...SESSION, ...ENDPOINTS].map((e) => [`${e.method} ${e.path}`, e]));

/**
 * The contract endpoint of a route key, or of method and path when the key is null. Paths under
 * `/api/v1` are also looked up as `/v1` (the client may address either prefix). Null: not in the contract.
 */
export function endpointOf(routeKey: string | null, method: string, path: string): EndpointDef | null {
  if (routeKey) {
    const e = BY_KEY.get(routeKey);
    if (e) return e;
  }
  const m = method.toUpperCase();
  return BY_KEY.get(`${m} ${path}`) ?? (path.startsWith('/api/v1/') ? (BY_KEY.get(`${m} ${path.slice(4)}`) ?? null) : null);
}

const checkers = new WeakMap<object, Checker>();
function checkerOf(schema: TSchema): Checker {
  let c = checkers.get(schema);
  if (!c) checkers.set(schema, (c = Compile(schema as never) as unknown as Checker));
  return c;
}

/** Compiles the checkers of every contract endpoint now (a bench or a warm start; normally lazy). */
export function compileAll(): number {
  let n = 0;
  for (const e of BY_KEY.values()) {
    if (!e.result) continue;
    checkerOf(e.result);
    n++;
  }
  return n;
}

function clip(s: string): string {
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
}

/** The JSON type of a value in the contract's words. */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** A short, redacted description of a value: `string "abc"`, `integer 7`, `object`, `array(3)`. */
export function describeSeen(v: unknown, fieldName: string): string {
  if (v === undefined) return 'absent';
  const t = jsonType(v);
  if (t === 'object') return 'object';
  if (t === 'array') return `array(${(v as unknown[]).length})`;
  if (t === 'null') return 'null';
  if (isSecretField(fieldName)) return `${t} ${MASK}`;
  const shown = JSON.stringify(redactJson(v));
  return clip(`${t} ${shown}`);
}

/** The contract's expectation of a schema in words. */
export function describeSchema(s: unknown): string {
  if (!s || typeof s !== 'object') return 'any';
  const o = s as Record<string, unknown>;
  if (Array.isArray(o.enum)) return clip(`one of ${o.enum.map((x) => JSON.stringify(x)).join(', ')}`);
  if ('const' in o) return clip(`${JSON.stringify(o.const)}`);
  if (Array.isArray(o.anyOf)) return clip(o.anyOf.map(describeSchema).join(' or '));
  if (typeof o.type === 'string') {
    if (o.type === 'array') return `array of ${describeSchema(o.items)}`;
    return o.type;
  }
  if (Array.isArray(o.type)) return o.type.join(' or ');
  if (typeof o.$ref === 'string') return o.$ref;
  return 'any';
}

function decodeSegment(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** JSON pointer `/list/3/status` → segments `['list', '3', 'status']`. */
function segments(pointer: string): string[] {
  return pointer ? pointer.split('/').slice(1).map(decodeSegment) : [];
}

/** Segments → the drift's field path under `data`: `data.list[].status` (array indexes folded so rows count together). */
export function fieldPath(prefix: string, segs: readonly string[]): string {
  let out = prefix;
  for (const s of segs) out += /^\d+$/.test(s) ? '[]' : out ? `.${s}` : s;
  return out;
}

function valueAt(root: unknown, segs: readonly string[]): unknown {
  let v = root;
  for (const s of segs) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[s];
  }
  return v;
}

const CONSTRAINT_WORDS: Record<string, (p: Record<string, unknown>) => string> = {
  pattern: (p) => `matching ${String(p.pattern)}`,
  minimum: (p) => `${String(p.comparison ?? '>=')} ${String(p.limit)}`,
  maximum: (p) => `${String(p.comparison ?? '<=')} ${String(p.limit)}`,
  exclusiveMinimum: (p) => `> ${String(p.limit)}`,
  exclusiveMaximum: (p) => `< ${String(p.limit)}`,
  minLength: (p) => `length >= ${String(p.limit)}`,
  maxLength: (p) => `length <= ${String(p.limit)}`,
  minItems: (p) => `items >= ${String(p.limit)}`,
  maxItems: (p) => `items <= ${String(p.limit)}`,
  uniqueItems: () => 'unique items',
};

/** The sub-schema at an error's `schemaPath` (`#/properties/list/items`), or undefined. */
function schemaAt(root: TSchema, schemaPath: string): unknown {
  let s: unknown = root;
  for (const seg of segments(schemaPath.replace(/^#/, ''))) {
    if (!s || typeof s !== 'object') return undefined;
    s = (s as Record<string, unknown>)[seg];
  }
  return s;
}

/** Turns one TypeBox error into findings (a `required` error names several fields). */
function findingsOf(e: TbError, data: unknown, root: TSchema): Finding[] {
  const schema = schemaAt(root, e.schemaPath);
  const segs = segments(e.instancePath);
  const name = segs.length ? segs[segs.length - 1] : 'data';
  switch (e.keyword) {
    case 'boolean': {
      // `additionalProperties: false` reports each extra field this way first (and TypeBox stops
      // after a few errors, so the summary `additionalProperties` error may never come).
      if (!e.schemaPath.endsWith('/additionalProperties') || !segs.length) return [];
      return [{ kind: 'unknown', field: fieldPath('data', segs), expected: 'not in the contract', seen: describeSeen(valueAt(data, segs), name), at: segs }];
    }
    case 'required': {
      const props = ((e.params.requiredProperties as string[] | undefined) ?? [e.params.missingProperty as string]).filter(Boolean);
      const schemaProps = ((schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}) as Record<string, unknown>;
      return props.map((p) => ({ kind: 'missing' as const, field: fieldPath('data', [...segs, p]), expected: `required ${describeSchema(schemaProps[p])}`, seen: 'absent', at: [...segs, p] }));
    }
    case 'additionalProperties': {
      const props = (e.params.additionalProperties as string[] | undefined) ?? [e.params.additionalProperty as string];
      return props.filter(Boolean).map((p) => {
        const at = [...segs, p];
        return { kind: 'unknown' as const, field: fieldPath('data', at), expected: 'not in the contract', seen: describeSeen(valueAt(data, at), p), at };
      });
    }
    case 'enum':
    case 'const':
      return [{ kind: 'enum', field: fieldPath('data', segs), expected: describeSchema(schema ?? { enum: e.params.allowedValues }), seen: describeSeen(valueAt(data, segs), name), at: segs }];
    case 'type':
    case 'anyOf':
    case 'oneOf':
      return [{ kind: 'type', field: fieldPath('data', segs), expected: e.keyword === 'type' ? String(e.params.type) : describeSchema(schema), seen: describeSeen(valueAt(data, segs), name), at: segs }];
    default: {
      const words = CONSTRAINT_WORDS[e.keyword];
      return [{ kind: 'constraint', field: fieldPath('data', segs), expected: clip(words ? words(e.params) : e.message), seen: describeSeen(valueAt(data, segs), name), at: segs }];
    }
  }
}

/**
 * Checks one parsed answer of `endpoint` against the contract (see the module comment).
 * `body` is the parsed JSON, or `undefined` when the text was not JSON at all (`contentType` then
 * says what came). Returns the findings, deduplicated by (field, kind): a drift repeated on every
 * row of a list counts once per answer. An empty array means the answer matches.
 */
export function checkAnswer(endpoint: EndpointDef | null, body: unknown, contentType = ''): Finding[] {
  if (body === undefined) return [{ kind: 'envelope', field: '', expected: 'JSON {code, data, message}', seen: clip(`not JSON (${contentType || 'no content type'})`), at: [] }];
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return [{ kind: 'envelope', field: '', expected: 'object {code, data, message}', seen: describeSeen(body, ''), at: [] }];
  }
  const env = body as Record<string, unknown>;
  const out: Finding[] = [];
  if (!('code' in env)) out.push({ kind: 'envelope', field: 'code', expected: 'required integer', seen: 'absent', at: ['code'] });
  else if (typeof env.code !== 'number' || !Number.isInteger(env.code)) out.push({ kind: 'envelope', field: 'code', expected: 'integer', seen: describeSeen(env.code, 'code'), at: ['code'] });
  if (!('message' in env)) out.push({ kind: 'envelope', field: 'message', expected: 'required string', seen: 'absent', at: ['message'] });
  else if (typeof env.message !== 'string') out.push({ kind: 'envelope', field: 'message', expected: 'string', seen: describeSeen(env.message, 'message'), at: ['message'] });
  if (!('data' in env)) out.push({ kind: 'envelope', field: 'data', expected: 'required (null when there is nothing)', seen: 'absent', at: ['data'] });
  // `data` is checked only on success: error answers carry null or a field hint.
  if (out.length || env.code !== 200 || !endpoint?.result) return out;
  const checker = checkerOf(endpoint.result);
  if (checker.Check(env.data)) return out;
  const seen = new Set<string>();
  let n = 0;
  for (const e of checker.Errors(env.data)) {
    if (++n > MAX_ERRORS_PER_ANSWER) break;
    for (const f of findingsOf(e, env.data, endpoint.result)) {
      const k = `${f.field}\u0000${f.kind}`;
      if (seen.has(k)) continue;
      seen.add(k);
      f.at = ['data', ...f.at];
      out.push(f);
    }
  }
  return out;
}

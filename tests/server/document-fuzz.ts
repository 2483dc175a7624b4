import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { buildOpenApiDocument, documentedMethods } from '../../server/contract/openapi.js';
import type { MockContext } from '../../server/mock/context.js';
import { rng } from './fuzz-cases.js';

/**
 * The document fuzzer: requests generated from the OpenAPI document's own request schemas (the one
 * served at `/docs/json`), each answer checked against the document's responses with ajv (JSON
 * Schema 2020-12, as OpenAPI 3.1 reads schemas).
 *
 * For every operation, seeded: a request valid by the document (its answer is any documented one),
 * a request that breaks the schema in one way (a missing required property, a wrong type, an unknown
 * property, a number or length out of bounds, a value outside the enumeration, a string against its
 * pattern or with a control character, a JSON `null` or non-object body) — ajv confirms it is invalid
 * before it is sent, and it must be refused — and, in turn, a request without a token and one with
 * a method the path does not take (405 with `Allow`). A finding is a 5xx, a status or content type the
 * operation does not document, a body that does not match the documented schema, or an invalid
 * request accepted. Shared by tests/server/contract/answers-match-document.test.ts (bounded) and
 * `npm run fuzz` (more seeds and cases).
 */

type Json = Record<string, any>;
type Rng = ReturnType<typeof rng>;

/** One operation of the document. */
export interface DocOp {
  path: string;
  method: 'GET' | 'POST';
  id: string;
  public: boolean;
  /** The JSON body's schema, the multipart form's, or null. */
  body: Json | null;
  bodyRequired: boolean;
  multipart: boolean;
  query: Json[];
  responses: Json;
}

/**
 * Left out: the QA controls that change what later answers mean (a fault injected by a fuzzed rule,
 * a reset of the data, demo traffic writing on its own), sign-out (it spends the fuzzer's token) and ending a session by id (it
 * spends the other tokens of the app's tests; tests/server/sessions.test.ts covers its refusals).
 */
const SKIP = new Set(['mock.faults.add', 'mock.reset', 'mock.traffic.update', 'admin.logout', 'consoleSession.revoke']);

/** The operations of the document, the skipped ones left out. */
export function documentOperations(doc: Json = buildOpenApiDocument()): DocOp[] {
  const ops: DocOp[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [m, op] of Object.entries(methods)) {
      if (SKIP.has(op.operationId)) continue;
      // A live-event stream never ends, so `inject` cannot carry it; tests/server/live-events.test.ts reads it over a socket.
      if (op.responses?.['200']?.content?.['text/event-stream']) continue;
      const content = op.requestBody?.content ?? {};
      const multipart = !!content['multipart/form-data'];
      ops.push({
        path,
        method: m.toUpperCase() as DocOp['method'],
        id: op.operationId,
        public: Array.isArray(op.security) && op.security.length === 0,
        body: (multipart ? content['multipart/form-data'] : content['application/json'])?.schema ?? null,
        bodyRequired: !!op.requestBody?.required,
        multipart,
        query: (op.parameters ?? []).filter((p: Json) => p.in === 'query'),
        responses: op.responses,
      });
    }
  }
  return ops;
}

/** ajv over the document: request and response validators by schema, compiled once each. */
export class DocumentValidator {
  readonly doc: Json;
  private ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  private compiled = new Map<unknown, ValidateFunction>();

  constructor(doc: Json = buildOpenApiDocument()) {
    this.doc = doc;
    this.ajv.addSchema({ $id: 'doc', components: doc.components });
  }

  /** The compiled validator of a schema of the document (its `#/components` references resolved in it). */
  validator(schema: Json): ValidateFunction {
    let v = this.compiled.get(schema);
    if (!v) {
      const rooted = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
      this.compiled.set(schema, (v = this.ajv.compile(rooted)));
    }
    return v;
  }

  /** Whether a value is valid by a schema of the document. */
  valid(schema: Json, value: unknown): boolean {
    return this.validator(schema)(value) as boolean;
  }

  /** A schema with its `$ref` followed. */
  resolve(s: Json | undefined): Json {
    let out = s ?? {};
    for (let i = 0; i < 8 && typeof out.$ref === 'string'; i++) out = this.doc.components.schemas[String(out.$ref).split('/').pop()!] ?? {};
    return out;
  }

  /** What is wrong with an answer by the document's responses of `op`, or null. */
  checkAnswer(op: DocOp, res: LightMyRequestResponse): string | null {
    const status = String(res.statusCode);
    const documented = op.responses[status] ?? op.responses.default;
    if (!documented) return `HTTP ${status} is not documented: ${res.body.slice(0, 160)}`;
    const type = String(res.headers['content-type'] ?? '').split(';')[0].trim();
    const content = documented.content ?? {};
    if (!content[type]) return `HTTP ${status} answered ${type || 'no content type'}; documented: ${Object.keys(content).join(', ')}`;
    if (type !== 'application/json') return null;
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return `HTTP ${status} JSON that does not parse: ${res.body.slice(0, 160)}`;
    }
    const v = this.validator(content[type].schema);
    if (v(body)) return null;
    const e = v.errors?.[0];
    return `HTTP ${status} body does not match the document (${e?.instancePath || '/'} ${e?.message}; ${JSON.stringify(e?.params)}): ${res.body.slice(0, 200)}`;
  }
}

const SAMPLES = ['abc', 'Abc1', 'abc123', '2026-01-02', '2026-01-02 03:04:05', '13800138000', 'https://example.com/a.png', '/upload/a.png', 'a@b.co', '#fff', '1.0.0', 'pi pi-home', 'ABC123', '91AAAAAAAAAAAAAAA1', '/home', 'home', '123', '测试', 'a b', '/avatars/cat.svg'];
const WORD = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The patterns a string must match: its own and those of `allOf`. */
const patternsOf = (s: Json): RegExp[] => [s.pattern, ...((s.allOf as Json[] | undefined) ?? []).map((x) => x.pattern)].filter((p): p is string => typeof p === 'string').map((p) => new RegExp(p, 'u'));

/** Context of generation: the document's validator and the id a reference field names. */
interface Gen {
  v: DocumentValidator;
  r: Rng;
  refId: (entity: string) => number;
  /** The entity of a CRUD operation (`member` of `member.info`): what its `id` and `ids` name. */
  self?: string;
}

/** A value the schema accepts (a best effort: ajv has the last word), seeded. */
export function validValue(g: Gen, schema: Json | undefined, depth = 0): unknown {
  const s = g.v.resolve(schema);
  const { r } = g;
  if (depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return r.pick(s.enum);
  if (Array.isArray(s.anyOf)) return validValue(g, r.pick(s.anyOf), depth + 1);
  if (Array.isArray(s.oneOf)) return validValue(g, r.pick(s.oneOf), depth + 1);
  if (s.default !== undefined && r.next() < 0.3) return structuredClone(s.default);
  const type = Array.isArray(s.type) ? (s.type.filter((t: string) => t !== 'null')[0] ?? 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number': {
      if (s['x-ref']) return g.refId(s['x-ref']);
      const lo = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 0;
      const hi = Math.min(typeof s.maximum === 'number' ? s.maximum : lo + 100, lo + 1000);
      return lo + r.int(Math.max(1, hi - lo + 1));
    }
    case 'boolean':
      return r.next() < 0.5;
    case 'string': {
      const res = patternsOf(s);
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? 24;
      const fits = (x: string) => x.length >= min && x.length <= max && res.every((re) => re.test(x));
      const word = Array.from({ length: Math.max(min, Math.min(max, 1 + r.int(10))) }, () => WORD[r.int(WORD.length)]).join('');
      const start = r.int(SAMPLES.length);
      const candidates = [word, ...SAMPLES.slice(start), ...SAMPLES.slice(0, start), 'x'.repeat(Math.max(1, min))];
      return candidates.find(fits) ?? word;
    }
    case 'array': {
      if (s['x-ref']) return [g.refId(s['x-ref'])];
      const min = s.minItems ?? 0;
      const n = Math.min(s.maxItems ?? 3, min + r.int(3));
      const items = Array.from({ length: n }, () => validValue(g, s.items, depth + 1));
      return s.uniqueItems ? [...new Map(items.map((x) => [JSON.stringify(x), x])).values()] : items;
    }
    case 'object': {
      const out: Json = {};
      const required = new Set<string>(s.required ?? []);
      for (const [k, p] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
        if (p.readOnly) continue;
        if (!required.has(k) && r.next() >= 0.3) continue;
        // Mostly a record that exists, sometimes one that does not.
        const own = depth === 0 && g.self && !g.v.resolve(p)['x-ref'] && r.next() < 0.8;
        if (own && k === 'id') out[k] = g.refId(g.self!);
        else if (own && k === 'ids') out[k] = [g.refId(g.self!)];
        else out[k] = validValue(g, p, depth + 1);
      }
      return out;
    }
    case 'null':
      return null;
    default:
      return {};
  }
}

/** A value of another JSON type than the schema's. */
function wrongType(s: Json, r: Rng): unknown {
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const all: [string, unknown][] = [['string', 'text'], ['integer', 7], ['number', 1.5], ['boolean', true], ['array', [1]], ['object', { a: 1 }], ['null', null]];
  const others = all.filter(([t]) => !types.includes(t) && !(t === 'integer' && types.includes('number')) && !(t === 'number' && types.includes('integer') && false));
  return r.pick(others.length ? others : all)[1];
}

/** The ways to break a body schema, each a new body and its name, or null where it does not apply. */
function violations(g: Gen, s: Json, base: Json): [string, unknown][] {
  const out: [string, unknown][] = [];
  const { r } = g;
  out.push(['body null', null], ['body an array', [base]]);
  if (s.type !== 'object') return out;
  for (const k of (s.required ?? []) as string[]) {
    const copy = { ...base };
    delete copy[k];
    out.push([`missing ${k}`, copy]);
  }
  if (s.additionalProperties === false) out.push(['unknown property zzExtra', { ...base, zzExtra: 1 }]);
  for (const [k, raw] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
    const p = g.v.resolve(raw);
    if (p.readOnly) continue;
    const set = (what: string, value: unknown) => out.push([`${k}: ${what}`, { ...base, [k]: value }]);
    set('wrong type', wrongType(p, r));
    if (typeof p.minimum === 'number') set('below the minimum', p.type === 'integer' ? p.minimum - 1 : p.minimum - 0.5);
    if (typeof p.maximum === 'number') set('above the maximum', p.type === 'integer' ? p.maximum + 1 : p.maximum + 0.5);
    if (p.type === 'integer' && !p['x-ref']) set('not an integer', 1.5);
    if (Array.isArray(p.enum) && p.enum.every((x: unknown) => typeof x === 'number')) set('outside the enumeration', Math.max(...(p.enum as number[])) + 17);
    if (p.type === 'string' || (Array.isArray(p.type) && p.type.includes('string'))) {
      if (typeof p.maxLength === 'number' && p.maxLength < 100_000) set('longer than maxLength', 'x'.repeat(p.maxLength + 1));
      if ((p.minLength ?? 0) > 0) set('shorter than minLength', '');
      if (!Array.isArray(p.enum)) {
        set('a control character', `a${r.pick(['\u0000', '\u0001', '\u001b', '\u007f', '\u0085'])}b`);
        set('a lone surrogate', r.pick(['x\ud800y', '\udfff']));
      }
      if (Array.isArray(p.enum)) set('outside the enumeration', 'zz-not-a-value');
      if (patternsOf(p).length > 1) set('against its pattern', r.pick(['!', '!!!', ' ', '2025-02-31', '2025-02-31 10:00:00']));
    }
    if (p.type === 'array') {
      if (typeof p.maxItems === 'number' && p.maxItems < 10_000) set('more items than maxItems', Array.from({ length: p.maxItems + 1 }, (_x, i) => validValue(g, p.items) ?? i));
      if ((p.minItems ?? 0) > 0) set('fewer items than minItems', []);
      set('an item of a wrong type', [wrongType(g.v.resolve(p.items), r)]);
    }
  }
  return out;
}

/** One request of the document fuzzer. */
export interface DocCase {
  kind: 'valid' | 'invalid' | 'noToken' | 'wrongMethod';
  /** For `invalid`: how the request breaks the schema. */
  what: string;
  op: DocOp;
  inject: InjectOptions;
}

/** A tiny PNG (1×1) for `/upload`, and bytes that are no spreadsheet for the imports. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function multipart(fileField: string, fields: Json, file: Buffer, filename: string, type: string): { payload: Buffer; type: string } {
  const b = '----docfuzz';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    for (const one of Array.isArray(v) ? v : [v]) parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${Array.isArray(v) ? `${k}[]` : k}"\r\n\r\n${typeof one === 'string' ? one : JSON.stringify(one)}\r\n`));
  }
  parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`), file, Buffer.from(`\r\n--${b}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${b}` };
}

/**
 * The cases of one seed: for every operation a valid request and `perOp - 1` invalid ones (ajv-checked),
 * and, each for a seeded share of the operations, one without a token and one with a wrong method.
 */
export function* documentCases(v: DocumentValidator, seed: number, perOp: number, refId: (entity: string) => number, token: () => string): Generator<DocCase> {
  const r = rng(seed);
  const g: Gen = { v, r, refId };
  for (const op of documentOperations(v.doc)) {
    g.self = op.id.split('.')[0];
    const headers: Record<string, string> = op.public ? {} : { authorization: token() };
    if (op.method === 'GET') {
      const qs = (q: Record<string, string>) => (Object.keys(q).length ? `?${new URLSearchParams(q)}` : '');
      const valid: Record<string, string> = {};
      for (const p of op.query) if (p.required || r.next() < 0.5) valid[p.name] = String(validValue(g, p.schema));
      yield { kind: 'valid', what: '', op, inject: { method: 'GET', url: op.path + qs(valid), headers } };
      for (const p of op.query) {
        if (p.required) yield { kind: 'invalid', what: `query ${p.name} missing`, op, inject: { method: 'GET', url: op.path + qs(Object.fromEntries(Object.entries(valid).filter(([k]) => k !== p.name))), headers } };
        yield { kind: 'invalid', what: `query ${p.name}: a control character`, op, inject: { method: 'GET', url: op.path + qs({ ...valid, [p.name]: 'a\u0001b' }), headers } };
      }
    } else if (op.multipart) {
      const s = v.resolve(op.body!);
      const fileField = (s.required as string[])[0];
      const fields = Object.fromEntries(Object.entries(validValue(g, { ...s, required: (s.required as string[]).slice(1) }) as Json).filter(([k]) => k !== fileField));
      const upload = fileField.endsWith('[]');
      const form = upload ? multipart(fileField, {}, PNG, 'a.png', 'image/png') : multipart(fileField, fields, Buffer.from('not a spreadsheet'), 'rows.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      yield { kind: 'valid', what: 'multipart', op, inject: { method: 'POST', url: op.path, headers: { ...headers, 'content-type': form.type }, payload: form.payload } };
      yield { kind: 'invalid', what: 'a JSON body instead of multipart/form-data', op, inject: { method: 'POST', url: op.path, headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' } };
    } else {
      const s = op.body ? v.resolve(op.body) : null;
      let body: unknown = s ? validValue(g, s) : undefined;
      for (let i = 0; s && i < 6 && !v.valid(op.body!, body); i++) body = validValue(g, s);
      const send = (b: unknown) => (b === undefined ? {} : { payload: JSON.stringify(b), headers: { ...headers, 'content-type': 'application/json' } });
      if (!s || v.valid(op.body!, body)) yield { kind: 'valid', what: '', op, inject: { method: 'POST', url: op.path, headers, ...send(body) } };
      const broken = s ? violations(g, s, (body ?? {}) as Json).filter(([, b]) => !v.valid(op.body!, b)) : [['body null', null] as [string, unknown]];
      for (let i = 0; i < perOp - 1 && broken.length; i++) {
        const [what, b] = broken.splice(r.int(broken.length), 1)[0];
        yield { kind: 'invalid', what, op, inject: { method: 'POST', url: op.path, headers, ...send(b) } };
      }
    }
    if (!op.public && r.next() < 0.25) yield { kind: 'noToken', what: '', op, inject: { method: op.method, url: op.path, ...(op.method === 'POST' && !op.multipart ? { payload: '{}', headers: { 'content-type': 'application/json' } } : {}) } };
    if (r.next() < 0.15) yield { kind: 'wrongMethod', what: '', op, inject: { method: r.pick(['PUT', 'DELETE', 'PATCH', op.method === 'GET' ? 'POST' : 'GET'] as const), url: op.path, headers } };
  }
}

/** Totals of a run. */
export interface DocFuzzTotals {
  operations: number;
  requests: number;
  /** Answers whose envelope code was not 200 (or an HTTP status other than 200). */
  refusals: number;
  /** Invalid requests sent (each confirmed invalid by ajv first). */
  invalid: number;
  statuses: Record<string, number>;
  findings: string[];
}

/** What is wrong with the answer to one case, or null. */
export function checkCase(v: DocumentValidator, c: DocCase, res: LightMyRequestResponse): string | null {
  const where = `${c.kind}${c.what ? ` (${c.what})` : ''} ${c.inject.method} ${c.op.path}`;
  if (res.statusCode >= 500 && res.statusCode !== 503) return `${where}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (c.kind === 'wrongMethod') {
    if (res.statusCode !== 405) return `${where}: HTTP ${res.statusCode}, not 405`;
    if (res.headers.allow !== documentedMethods(c.op.path).join(', ')) return `${where}: Allow ${String(res.headers.allow)}`;
    return v.valid({ $ref: '#/components/schemas/Refusal' }, res.json()) ? null : `${where}: not the refusal envelope: ${res.body.slice(0, 160)}`;
  }
  const problem = v.checkAnswer(c.op, res);
  if (problem) return `${where}: ${problem}`;
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  const code = isJson ? (res.json() as { code?: unknown }).code : res.statusCode;
  if (c.kind === 'invalid' && code === 200) return `${where}: accepted a request the document says is invalid: ${String(c.inject.payload ?? c.inject.url).slice(0, 160)}`;
  if (c.kind === 'noToken' && code !== 401) return `${where}: without a token answered code ${String(code)}`;
  return null;
}

/**
 * The id a reference names: the newest record of the entity (the oldest are the built-in accounts
 * and roles the fuzzer signs in with), 1 when the table is empty.
 */
export function lastIdOf(app: FastifyInstance): (entity: string) => number {
  const ctx = (app as unknown as { __mockCtx: MockContext }).__mockCtx;
  return (entity) => {
    try {
      let last = 1;
      for (const row of ctx.store.col(entity).values()) last = (row as { id: number }).id;
      return last;
    } catch {
      return 1;
    }
  };
}

/**
 * Runs `seeds` seeds of {@link documentCases} against an app through `inject`. `signIn` gives a
 * token, and a new one when a case has ended the session (a fuzzed change of the account).
 */
export async function runDocumentFuzz(app: FastifyInstance, opts: { seeds: number[]; perOp: number; signIn: () => Promise<string>; validator?: DocumentValidator }): Promise<DocFuzzTotals> {
  const v = opts.validator ?? new DocumentValidator();
  const totals: DocFuzzTotals = { operations: documentOperations(v.doc).length, requests: 0, refusals: 0, invalid: 0, statuses: {}, findings: [] };
  let token = await opts.signIn();
  const refId = lastIdOf(app);
  for (const seed of opts.seeds) {
    for (const c of documentCases(v, seed, opts.perOp, refId, () => token)) {
      const res = await app.inject(c.inject);
      totals.requests++;
      if (c.kind === 'invalid') totals.invalid++;
      totals.statuses[res.statusCode] = (totals.statuses[res.statusCode] ?? 0) + 1;
      const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
      let code: unknown = res.statusCode;
      try {
        if (isJson) code = (res.json() as { code?: unknown }).code;
      } catch {
        /* checkCase reports it */
      }
      if (code !== 200) totals.refusals++;
      const problem = checkCase(v, c, res);
      if (problem) totals.findings.push(`seed ${seed}: ${problem}`);
      // A valid change of the signed-in account (its password, roles or status) may end the session.
      if (code === 401 && c.kind !== 'noToken' && !c.op.public) token = await opts.signIn();
    }
  }
  return totals;
}

import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildOpenApiDocument } from '../../server/contract/openapi.js';
import { Collection } from '../../server/mock/store/collection.js';
import type { MockContext } from '../../server/mock/context.js';

/**
 * The contract fuzzer: requests generated from the OpenAPI document of the contract,
 * each a small variation of a plausible body (wrong types, missing and extra fields, huge strings,
 * deep nesting, `__proto__` keys, impossible dates, NUL and lone surrogates, unknown references,
 * integers beyond 2^53 − 1, non-JSON and oversized bodies). Seeded, so a failure is reproduced by its seed and case index.
 * Shared by tests/server/fuzz.test.ts (bounded) and scripts/fuzz.ts (as long as asked). A failure is
 * a 5xx, an answer that is not the envelope, a store change after a refusal, or an impossible date,
 * a control character, an unsafe integer, deep nesting, a `__proto__` key or an oversized body accepted.
 */

type Json = Record<string, any>;

/** mulberry32: a tiny seeded PRNG, enough to pick cases reproducibly. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] };
}

/** One JSON operation of the document: path, method and its body schema (refs resolved), or null. */
export interface Op {
  path: string;
  method: 'GET' | 'POST';
  body: Json | null;
  multipart: boolean;
}

/**
 * Endpoints left out: the QA controls (a fault added by a fuzzed request would turn later answers
 * into injected ones), logout (it spends the fuzzer's token) and the sign-in (its own tests).
 */
const SKIP = /^\/v1\/(mock\/|admin\/logout$|admin\/login$)/;

export function operations(): Op[] {
  const doc = buildOpenApiDocument() as Json;
  const schemas = doc.components.schemas as Record<string, Json>;
  const resolve = (s: Json | undefined): Json | null => (!s ? null : s.$ref ? schemas[String(s.$ref).split('/').pop()!] : s);
  const ops: Op[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Json>)) {
    if (SKIP.test(path)) continue;
    for (const [m, op] of Object.entries(methods)) {
      // A live-event stream never ends, so `inject` cannot carry it; tests/server/live-events.test.ts reads it over a socket.
      if (op.responses?.['200']?.content?.['text/event-stream']) continue;
      const content = op.requestBody?.content ?? {};
      ops.push({ path, method: m.toUpperCase() as Op['method'], body: resolve(content['application/json']?.schema), multipart: !!content['multipart/form-data'] });
    }
  }
  return ops;
}

const SAMPLES = ['abc', 'Abc1', '2026-01-02', '2026-01-02 03:04:05', '2026-01', '13800138000', 'https://example.com/a.png', 'a@b.co', '#fff', '1.0.0', 'pi pi-home', 'ABC123', '91AAAAAAAAAAAAAAA1', '/home'];

/** A plausible value for a schema: enum's first value, bounds' minimum, the first sample string its pattern accepts. */
export function sample(s: Json | undefined, refId: (entity: string) => number, depth = 0): unknown {
  if (!s || depth > 6) return null;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.const !== undefined) return s.const;
  if (s.anyOf) return sample(s.anyOf[0], refId, depth + 1);
  if (s['x-ref'] && s.type === 'integer') return refId(s['x-ref']);
  switch (s.type) {
    case 'integer':
    case 'number':
      return Math.max(typeof s.minimum === 'number' ? s.minimum : 1, 1);
    case 'boolean':
      return false;
    case 'string': {
      const re = s.pattern ? new RegExp(s.pattern, 'u') : null;
      const fits = (v: string) => (!re || re.test(v)) && v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);
      return SAMPLES.find(fits) ?? 'x'.repeat(Math.max(1, s.minLength ?? 1));
    }
    case 'array':
      return s['x-ref'] ? [refId(s['x-ref'])] : (s.minItems ?? 0) > 0 ? [sample(s.items, refId, depth + 1)] : [];
    case 'object': {
      const out: Json = {};
      for (const k of s.required ?? []) out[k] = sample(s.properties?.[k], refId, depth + 1);
      return out;
    }
    default:
      return null;
  }
}

/** A request of the fuzzer and what it varied, for the failure message. */
export interface Case {
  kind: string;
  op: Op;
  inject: InjectOptions;
}

const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

/** Stands in a body for the raw number `unsafeInteger` writes there. */
const UNSAFE_SLOT = '@@unsafe-integer@@';

const WRONG = [0, -1, 1.5, 'text', true, null, [], {}, [1, 'x'], { a: 1 }];

/** The variations of one operation's body; each answers the body, or a raw payload with its content type. */
const KINDS: Record<string, (base: Json, props: string[], s: Json, r: ReturnType<typeof rng>) => { body?: unknown; raw?: string | Buffer; type?: string } | null> = {
  wrongType: (b, props, s, r) => {
    if (!props.length) return { body: r.pick(WRONG) };
    const k = r.pick(props);
    const t = s.properties[k]?.type;
    return { body: { ...b, [k]: r.pick(WRONG.filter((w) => typeof w !== (t === 'integer' ? 'number' : t))) } };
  },
  missing: (b, _p, s, r) => (s.required?.length ? { body: Object.fromEntries(Object.entries(b).filter(([k]) => k !== r.pick(s.required as string[]))) } : null),
  extra: (b) => ({ body: { ...b, zzExtra: 'x' } }),
  hugeString: (b, props, s, r) => {
    const str = props.filter((k) => s.properties[k]?.type === 'string');
    return { body: { ...b, [str.length ? r.pick(str) : 'keyword']: 'x'.repeat(200_000) } };
  },
  deepNesting: (b, props, _s, r) => ({ body: { ...b, [props.length ? r.pick(props) : 'x']: deep(3000) } }),
  protoKey: (b) => ({ raw: `{"__proto__":{"isAdmin":true},${JSON.stringify(b).slice(1)}`.replace(/,}$/, '}'), type: 'application/json' }),
  constructorKey: (b) => ({ raw: JSON.stringify({ ...b, constructor: { prototype: { isAdmin: true } } }), type: 'application/json' }),
  impossibleDate: (b, props, s, r) => {
    const dates = props.filter((k) => /date|time/i.test(String(s.properties[k]?.['x-kind'] ?? s.properties[k]?.description ?? '')) && s.properties[k]?.type === 'string');
    if (!dates.length) return null;
    const k = r.pick(dates);
    return { body: { ...b, [k]: s.properties[k]['x-kind'] === 'date' ? '2025-02-31' : '2025-02-31 10:00:00' } };
  },
  controlChars: (b, props, s, r) => {
    const str = props.filter((k) => s.properties[k]?.type === 'string');
    if (!str.length) return null;
    return { body: { ...b, [r.pick(str)]: r.pick(['a\u0000b', 'x\ud800y', 'a\u001bb', '\udfff']) } };
  },
  unknownRef: (b, props, s, r) => {
    const refs = props.filter((k) => s.properties[k]?.['x-ref']);
    if (!refs.length) return null;
    const k = r.pick(refs);
    return { body: { ...b, [k]: s.properties[k].type === 'array' ? [987_654_321] : 987_654_321 } };
  },
  unsafeInteger: (b, props, s, r) => {
    const ints = props.filter((k) => s.properties[k]?.type === 'integer' || (s.properties[k]?.type === 'array' && s.properties[k]?.items?.type === 'integer'));
    if (!ints.length) return null;
    const k = r.pick(ints);
    // Spelled in the raw body: JSON.parse rounds it, so the server sees a different (or huge) number.
    const n = r.pick(['9007199254740993', '-9007199254740993', '1e300', '18446744073709551616']);
    const value = s.properties[k].type === 'array' ? `[${n}]` : n;
    return { raw: JSON.stringify({ ...b, [k]: UNSAFE_SLOT }).replace(JSON.stringify(UNSAFE_SLOT), value), type: 'application/json' };
  },
  notJson: (_b, _p, _s, r) => ({ raw: r.pick(['{bad', '', 'null', '[]', '"x"', '{"a":1}}', '\u0000']), type: 'application/json' }),
  otherType: (_b, _p, _s, r) => ({ raw: 'a=1&b=2', type: r.pick(['application/x-www-form-urlencoded', 'text/plain', 'application/xml', 'multipart/form-data; boundary=x']) }),
  oversized: () => ({ raw: JSON.stringify({ keyword: 'x'.repeat(2 * 1024 * 1024) }), type: 'application/json' }),
};
export const KIND_NAMES = Object.keys(KINDS);

/**
 * `perOp` cases for each operation (every kind appears across the run; `unknownRef` always where a
 * reference field exists, since that is where rules run on looked-up records).
 */
export function* cases(seed: number, perOp: number, refId: (entity: string) => number, token: string): Generator<Case> {
  const r = rng(seed);
  let turn = r.int(KIND_NAMES.length);
  for (const op of operations()) {
    const headers = { authorization: token };
    if (op.method === 'GET' || (!op.body && !op.multipart)) {
      const q = r.pick(['?token=%00', '?token=' + 'x'.repeat(5000), '?a[b][c]=1&__proto__[x]=1', '?token=\ud800'.replace('\ud800', '%ED%A0%80')]);
      yield { kind: 'query', op, inject: { method: op.method, url: op.path + q, headers } };
      if (op.method === 'GET') continue;
    }
    if (op.multipart) {
      yield { kind: 'notMultipart', op, inject: { method: 'POST', url: op.path, headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' } };
      continue;
    }
    const s = op.body ?? { type: 'object', properties: {} };
    const base = (sample(s, refId) ?? {}) as Json;
    const props = Object.keys(s.properties ?? {});
    const kinds = new Set<string>();
    if (props.some((k) => s.properties[k]?.['x-ref'])) kinds.add('unknownRef');
    while (kinds.size < perOp) kinds.add(KIND_NAMES[turn++ % KIND_NAMES.length]);
    for (const kind of kinds) {
      const v = KINDS[kind](base, props, s, r);
      if (!v) continue;
      const payload = v.raw ?? JSON.stringify(v.body);
      yield { kind, op, inject: { method: 'POST', url: op.path, headers: { ...headers, 'content-type': v.type ?? 'application/json' }, payload } };
    }
  }
}

/** Counts every change made to any collection of the store (insert, replace, remove, reset). */
export function watchStore(): { count: () => number; restore: () => void } {
  let n = 0;
  const proto = Collection.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const originals: Record<string, (...a: unknown[]) => unknown> = {};
  for (const m of ['insert', 'replace', 'remove']) {
    originals[m] = proto[m];
    proto[m] = function (this: unknown, ...a: unknown[]) {
      n++;
      return originals[m].apply(this, a);
    };
  }
  return { count: () => n, restore: () => Object.assign(proto, originals) };
}

/** Variations no endpoint may accept (impossible dates, control characters, unsafe integers…): they must answer a refusal. */
const MUST_REFUSE = new Set(['controlChars', 'impossibleDate', 'deepNesting', 'protoKey', 'oversized', 'unsafeInteger']);

/** What is wrong with one answer, or null: a 5xx, a body that is not the envelope, or a change after a refusal. */
export async function runCase(app: FastifyInstance, c: Case, changes: () => number): Promise<string | null> {
  const before = changes();
  const res = await app.inject(c.inject);
  const where = `${c.kind} ${c.op.method} ${c.inject.url}`;
  if (res.statusCode >= 500) return `${where}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) {
    if (res.statusCode === 200 && (res.headers['content-disposition'] || /^image\//.test(type))) return null;
    return `${where}: not an envelope (${res.statusCode} ${type}) ${res.body.slice(0, 120)}`;
  }
  let json: Json;
  try {
    json = res.json();
  } catch {
    return `${where}: body is not JSON: ${res.body.slice(0, 120)}`;
  }
  const keys = Object.keys(json ?? {}).sort().join(',');
  // A refusal of this server also names its field, catalogue key and values.
  const shape = keys === 'code,data,message' || (keys === 'code,data,field,key,message,params' && typeof json.key === 'string');
  if (!shape || typeof json.code !== 'number' || typeof json.message !== 'string') return `${where}: not an envelope: ${res.body.slice(0, 200)}`;
  if (json.code >= 500) return `${where}: envelope code ${json.code}: ${json.message}`;
  if (json.code === 200 && MUST_REFUSE.has(c.kind)) return `${where}: accepted what must be refused`;
  if (json.code !== 200 && changes() !== before) return `${where}: refused (${json.code} ${json.message}) but the store changed`;
  return null;
}

/** The id of the first seeded record of an entity (1 when the table is empty), so references in samples exist. */
export function firstIdOf(app: FastifyInstance): (entity: string) => number {
  const ctx = (app as unknown as { __mockCtx: MockContext }).__mockCtx;
  return (entity) => {
    try {
      return (ctx.store.col(entity).values().next().value?.id as number | undefined) ?? 1;
    } catch {
      return 1;
    }
  };
}

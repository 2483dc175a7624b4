import type { FastifyInstance } from 'fastify';
import Value from 'typebox/value';
import type { TSchema } from 'typebox';
import { ENTITIES, type AnyEntity, type FilterKind } from '../../../server/contract/index.js';
import type { MockContext } from '../../../server/mock/context.js';
import type { AnyRow } from '../../../server/mock/store/seed.js';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { call, makeApp, signIn } from '../helpers.js';

/**
 * Shared pieces of the contract tests: one app per test file (the seeded tables are generated once
 * per process and a reset only re-indexes them), typed calls, and sample payloads derived from
 * seeded records so the conformance suite needs no hand-written data per entity.
 */

export const ALL = ENTITIES as readonly AnyEntity[];

export function mockCtx(app: FastifyInstance): MockContext {
  return (app as unknown as { __mockCtx: MockContext }).__mockCtx;
}

/** POST a contract endpoint with a token; answers status and envelope. */
export async function post(app: FastifyInstance, token: string, url: string, body?: unknown) {
  return call(app, 'POST', url, { token, ...(body !== undefined ? { body } : {}) });
}

/** First seeded row of an entity (in id order). */
export function firstRow(app: FastifyInstance, e: AnyEntity): AnyRow | undefined {
  return mockCtx(app).store.col(e.name).values().next().value;
}

/** A value for `field` different from the seeded ones (string variant, next free number, other enum value or id). */
function variants(app: FastifyInstance, e: AnyEntity, field: string, current: unknown): unknown[] {
  const s = e.fields[field] as Record<string, unknown>;
  const ref = s['x-ref'] as string | undefined;
  if (ref) return [...mockCtx(app).store.col(ref).values()].map((r) => r.id).filter((id) => id !== current);
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).filter((v) => v !== current);
  if (s.type === 'integer') {
    const max = (s.maximum as number | undefined) ?? 2_147_483_647;
    const used = new Set([...mockCtx(app).store.col(e.name).values()].map((r) => r[field]));
    const out: number[] = [];
    for (let v = Math.min(max, 90_000); v > 0 && out.length < 5; v--) if (!used.has(v)) out.push(v);
    return out;
  }
  if (s.type === 'string') {
    const pattern = s.pattern as string | undefined;
    const text = String(current ?? '');
    const max = (s.maxLength as number | undefined) ?? 64;
    if (pattern?.startsWith('^1[3-9]')) return ['19900001234', '19900005678'];
    if (pattern?.includes('{18}')) return ['91AAAAAAAAAAAAAAA1', '91AAAAAAAAAAAAAAA2'];
    return [`${text.slice(0, max - 4)}Zq9x`, `Zq${text.slice(0, max - 4)}`];
  }
  return [];
}

/**
 * An add payload for an entity, cloned from its first seeded row: writable fields only, unique field
 * sets changed to free values. `source` is the row it was cloned from.
 */
export function addPayload(app: FastifyInstance, e: AnyEntity): { payload: Record<string, unknown>; original: Record<string, unknown>; source: AnyRow } | null {
  const source = firstRow(app, e);
  if (!source) return null;
  const original: Record<string, unknown> = {};
  for (const f of e.writableFields) if (source[f] !== undefined) original[f] = source[f];
  const payload = { ...original };
  const rows = [...mockCtx(app).store.col(e.name).values()];
  for (const set of e.unique) {
    const taken = (p: Record<string, unknown>) => rows.some((r) => set.every((f) => String(r[f] ?? '').toLowerCase() === String(p[f] ?? '').toLowerCase()));
    if (!taken(payload)) continue;
    const last = set[set.length - 1];
    const v = variants(app, e, last, payload[last]).find((x) => !taken({ ...payload, [last]: x }) && Value.Check(e.fields[last] as TSchema, x));
    if (v === undefined) return { payload, original, source };
    payload[last] = v;
  }
  return { payload, original, source };
}

/** A value of the wrong type for a field, to prove the payload is refused with the field named. */
export function wrongValue(e: AnyEntity, field: string): unknown {
  const s = e.fields[field] as Record<string, unknown>;
  return s.type === 'string' ? 12345 : 'not-a-number';
}

/** A filter query (and the predicate a matching row satisfies) from the first seeded row that has the field. */
export function sampleFilter(app: FastifyInstance, e: AnyEntity): { query: Record<string, unknown>; matches: (r: AnyRow) => boolean; field: string; kind: FilterKind } | null {
  const rows = [...mockCtx(app).store.col(e.name).values()].slice(0, 50);
  const order: FilterKind[] = ['eq', 'like', 'has', 'range'];
  const filters = Object.entries(e.filters).sort((a, b) => order.indexOf(a[1]) - order.indexOf(b[1]));
  for (const [field, kind] of filters) {
    const row = rows.find((r) => r[field] !== undefined && r[field] !== '' && !(Array.isArray(r[field]) && !(r[field] as unknown[]).length));
    if (!row) continue;
    const v = row[field];
    if (kind === 'eq') return { field, kind, query: { [field]: v }, matches: (r) => r[field] === v };
    if (kind === 'like') {
      const needle = String(v).slice(1, 3) || String(v);
      return { field, kind, query: { [field]: needle }, matches: (r) => String(r[field] ?? '').toLowerCase().includes(needle.toLowerCase()) };
    }
    if (kind === 'has') {
      const item = (v as unknown[])[0];
      return { field, kind, query: { [field]: item }, matches: (r) => (r[field] as unknown[]).includes(item) };
    }
    return { field, kind, query: { [field]: [v, v] }, matches: (r) => r[field] === v };
  }
  return null;
}

/** One signed-in app shared by a test file; `token` may be replaced (e.g. after a password change). */
export interface SignedInSuite {
  app: FastifyInstance;
  token: string;
  /** POST with the suite's current token. */
  p(url: string, body?: unknown): ReturnType<typeof post>;
}

/**
 * Registers the usual life cycle of a domain-action test file: one app built before all tests
 * (mock mode, captcha code `TEST`, `env` on top, e.g. `SCALE: '0.25'` when records of each kind
 * are enough), signed in as admin, closed after all tests, and the mock data reset after each
 * test so every test starts from the seed.
 */
export function signedInSuite(env: Record<string, string> = {}): SignedInSuite {
  const suite = {
    p: (url: string, body?: unknown) => post(suite.app, suite.token, url, body),
  } as SignedInSuite;
  beforeAll(async () => {
    ({ app: suite.app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', ...env }));
    suite.token = await signIn(suite.app);
  }, 60_000);
  afterAll(() => suite.app?.close());
  afterEach(() => post(suite.app, suite.token, '/v1/mock/reset'));
  return suite;
}

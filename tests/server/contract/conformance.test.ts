import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENDPOINTS, type AnyEntity } from '../../../server/contract/index.js';
import type { AnyRow } from '../../../server/mock/store/seed.js';
import { makeApp, signIn } from '../helpers.js';
import { addPayload, ALL, firstRow, mockCtx, post, sampleFilter, wrongValue } from './harness.js';

/** Registers a test only for entities that offer the operation (none is reported as skipped). */
const testWhen = (applies: unknown): typeof test => (applies ? test : ((() => undefined) as unknown as typeof test));

/**
 * The conformance suite: every entity of the contract, through its HTTP endpoints, pages with a
 * true total, filters, sorts, survives an add → info → update → del round trip (as far as the
 * entity declares those operations), and refuses a bad payload naming the field without changing
 * anything. One app for the file; the data is reset after each test that changes it.
 */

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' }));
  token = await signIn(app);
}, 60_000);
afterAll(() => app?.close());

const reset = () => post(app, token, '/v1/mock/reset');
const count = (e: AnyEntity) => mockCtx(app).store.col(e.name).size;
const check = (schema: TSchema, value: unknown) => expect([...Value.Errors(schema, value)].map((x) => `${x.instancePath} ${x.message}`)).toEqual([]);

/**
 * Domain rules the cloned sample must respect: a new code cannot start sold, grades keep growth in
 * level order, a relation points at a real target not yet in its module.
 */
const ADD_OVERRIDES: Record<string, (app: FastifyInstance, payload: Record<string, unknown>) => Record<string, unknown>> = {
  card: () => ({ status: 0 }),
  cardAccount: () => ({ status: 0 }),
  cdkCode: () => ({ status: 0 }),
  clientVersion: () => ({ status: 0 }),
  rentAccount: () => ({ status: 0 }),
  memberGrade: () => ({ level: 99, minGrowth: 100_000_000 }),
  recommendRelation: (a, p) => {
    const used = new Set([...mockCtx(a).store.col('recommendRelation').values()].filter((r) => r.moduleId === p.moduleId).map((r) => r.targetId));
    const target = { 1: 'game', 2: 'goods', 3: 'article' }[p.targetType as 1 | 2 | 3] as 'game' | 'goods' | 'article';
    return { targetId: [...mockCtx(a).store.col(target).values()].find((r) => !used.has(r.id))!.id };
  },
};

/** A writable field to change in the update step, and a new valid value for it. */
function updateField(e: AnyEntity, row: AnyRow): [string, unknown] | null {
  const strings = e.writableFields.filter((f) => {
    const s = e.fields[f] as Record<string, unknown>;
    return s.type === 'string' && !s.pattern && !s['x-kind'] && !e.unique.some((u) => u.includes(f));
  });
  const f = strings.includes(e.label) ? e.label : strings.find((x) => x === 'remark') ?? strings[0];
  if (f) {
    const max = ((e.fields[f] as { maxLength?: number }).maxLength ?? 64) - 8;
    return [f, `${String(row[f] ?? '').slice(0, Math.max(0, max))} 已修改`.trim()];
  }
  const sort = e.writableFields.find((x) => x === 'sort' || x === 'weight');
  return sort ? [sort, ((row[sort] as number) + 1) % 9999] : null;
}

describe.each(ALL.map((e) => [e.name, e] as const))('%s', (_name, e) => {
  const ops = e.ops;

  testWhen(!!ops.list)('list pages through the records with the total', async () => {
    const total = count(e);
    const p1 = await post(app, token, ops.list!, { pageNum: 1, pageSize: 5 });
    expect(p1.json.code).toBe(200);
    expect(p1.json.data.total).toBe(total);
    expect(p1.json.data.list).toHaveLength(Math.min(5, total));
    for (const r of p1.json.data.list) check(e.schemas.record, r);
    const p2 = await post(app, token, ops.list!, { pageNum: 2, pageSize: 5 });
    const ids1 = p1.json.data.list.map((r: AnyRow) => r.id);
    expect(p2.json.data.list.every((r: AnyRow) => !ids1.includes(r.id))).toBe(true);
    const past = await post(app, token, ops.list!, { pageNum: Math.ceil(total / 5) + 2, pageSize: 5 });
    // A list may answer more than its page (the order list's filtered-set summary): the page and total are the rule.
    const { list, total: after, ...rest } = past.json.data;
    expect({ list, total: after }).toEqual({ list: [], total });
    expect(Object.keys(rest).every((k) => k === 'summary')).toBe(true);
    const none = await post(app, token, ops.list!);
    expect(none.json.data.list).toHaveLength(Math.min(10, total));
  });

  testWhen(!!ops.list && Object.keys(e.filters).length > 0)('list filters', async () => {
    const f = sampleFilter(app, e);
    expect(f, 'a seeded row to filter by').not.toBeNull();
    const expected = [...mockCtx(app).store.col(e.name).values()].filter(f!.matches).length;
    const r = await post(app, token, ops.list!, { pageSize: 100, ...f!.query });
    expect(r.json.code, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.total).toBe(expected);
    expect(r.json.data.total).toBeGreaterThan(0);
    for (const row of r.json.data.list) expect(f!.matches(row), `${f!.field} ${f!.kind} ${JSON.stringify(f!.query)}`).toBe(true);
  });

  testWhen(!!ops.list && e.sortable.length > 1)('list sorts both ways', async () => {
    const field = e.sortable.find((s) => s !== 'id')!;
    for (const order of ['asc', 'desc'] as const) {
      const r = await post(app, token, ops.list!, { pageSize: 50, sortField: field, sortOrder: order });
      const values = r.json.data.list.map((x: AnyRow) => x[field]).filter((v: unknown) => v !== undefined);
      const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(values).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }
  });

  testWhen(!!ops.listAll)('listAll answers id and label of every record', async () => {
    const r = await post(app, token, ops.listAll!);
    expect(r.json.code).toBe(200);
    expect(r.json.data).toHaveLength(count(e));
    expect(Object.keys(r.json.data[0]).sort()).toEqual(['id', e.label].sort());
  });

  testWhen(!!ops.add)('add → info → update → del round trip', async () => {
    try {
      const sample = addPayload(app, e)!;
      const override = (p: Record<string, unknown>) => ({ ...p, ...ADD_OVERRIDES[e.name]?.(app, p) });
      let before = count(e);
      let added = await post(app, token, ops.add!, override(sample.payload));
      if (added.json.code !== 200 && ops.del && e.unique.some((u) => u.some((f) => e.refs.some((r) => r.field === f)))) {
        // No other value of a unique reference is acceptable (one stock line per goods delivered
        // from stock): free the source's value by deleting it, then add it again.
        expect((await post(app, token, ops.del, { ids: [sample.source.id] })).json.code).toBe(200);
        before = count(e);
        added = await post(app, token, ops.add!, override(sample.original));
      }
      expect(added.json.code, JSON.stringify(added.json)).toBe(200);
      const rec = added.json.data;
      check(e.schemas.record, rec);
      expect(count(e)).toBe(before + 1);
      if (ops.info) expect((await post(app, token, ops.info, { id: rec.id })).json.data).toEqual(rec);
      if (ops.update) {
        const change = updateField(e, rec);
        if (change) {
          const [field, value] = change;
          const up = await post(app, token, ops.update, { id: rec.id, [field]: value });
          expect(up.json.code, JSON.stringify(up.json)).toBe(200);
          expect(up.json.data[field]).toEqual(value);
          if (ops.info) expect((await post(app, token, ops.info, { id: rec.id })).json.data[field]).toEqual(value);
        }
      }
      if (ops.del) {
        const del = await post(app, token, ops.del, { ids: [rec.id] });
        expect(del.json).toMatchObject({ code: 200, data: { count: 1 } });
        expect(count(e)).toBe(before);
        if (ops.info) expect((await post(app, token, ops.info, { id: rec.id })).json.code).toBe(404);
      }
    } finally {
      await reset();
    }
  });

  testWhen(!ops.add && (ops.update || ops.del))('update and delete seeded records', async () => {
    try {
      const rows = [...mockCtx(app).store.col(e.name).values()].slice(0, 40);
      if (ops.update) {
        let done = false;
        for (const row of rows) {
          const change = updateField(e, row);
          if (!change) break;
          const up = await post(app, token, ops.update, { id: row.id, [change[0]]: change[1] });
          if (up.json.code !== 200) continue; // a domain rule refused this row (e.g. a decided refund): try the next
          expect(up.json.data[change[0]]).toEqual(change[1]);
          expect(mockCtx(app).store.col(e.name).get(row.id)![change[0]]).toEqual(change[1]);
          done = true;
          break;
        }
        expect(done || !updateField(e, rows[0]), 'some seeded row can be updated').toBe(true);
      }
      if (ops.del) {
        const before = count(e);
        let deleted: number | null = null;
        for (const row of rows) {
          const del = await post(app, token, ops.del, { ids: [row.id] });
          if (del.json.code === 200) {
            deleted = row.id;
            break;
          }
          expect(del.json.code, JSON.stringify(del.json)).toBe(400);
          expect(del.json.message).toMatch(/^ids: /);
        }
        expect(deleted, 'some seeded row can be deleted').not.toBeNull();
        expect(count(e)).toBe(before - 1);
        expect(mockCtx(app).store.col(e.name).get(deleted!)).toBeUndefined();
      }
    } finally {
      await reset();
    }
  });

  test('a bad payload is refused naming the field, and nothing changes', async () => {
    const before = count(e);
    if (ops.add) {
      const sample = addPayload(app, e)!;
      const field = e.writableFields.find((f) => sample.payload[f] !== undefined)!;
      const r = await post(app, token, ops.add, { ...sample.payload, [field]: wrongValue(e, field) });
      expect(r.status).toBe(400);
      expect(r.json.code).toBe(400);
      expect(r.json.message).toContain(`${field}:`);
      const extra = await post(app, token, ops.add, { ...sample.payload, notAField: 1 });
      expect(extra.json.message).toContain('notAField: is not allowed');
    } else if (ops.update) {
      const row = firstRow(app, e)!;
      const field = e.writableFields[0];
      const r = await post(app, token, ops.update, { id: row.id, [field]: wrongValue(e, field) });
      expect(r.status).toBe(400);
      expect(r.json.message).toContain(`${field}:`);
      expect(mockCtx(app).store.col(e.name).get(row.id)).toBe(row);
    } else {
      const r = await post(app, token, ops.list!, { pageNum: 0 });
      expect(r.json.message).toContain('pageNum:');
    }
    if (ops.info) expect((await post(app, token, ops.info, { id: 987654 })).json).toMatchObject({ code: 404, message: expect.stringContaining('id: no ') });
    if (ops.del) expect((await post(app, token, ops.del, { ids: [987654] })).json).toMatchObject({ code: 404, message: expect.stringContaining('ids: no ') });
    if (ops.update) expect((await post(app, token, ops.update, { id: 987654 })).json.code).toBe(404);
    expect(count(e)).toBe(before);
  });
});

describe('every endpoint', () => {
  /** Malformed bodies that must never make the server answer 5xx or crash. */
  const JUNK: unknown[] = [[], 'text', null, { id: 'x', ids: [-1, 'a'], pageNum: -1, pageSize: 1e12, __proto__: { polluted: true } }, { a: { b: { c: [1, { e: null }] } }, ids: [] }, { id: 1e300, memberId: 1.5 }];
  /** Generic CRUD endpoints share their code (one body each); hand-written actions get them all. */
  const FEW: unknown[] = [{ id: 'x', ids: [-1, 'a'], pageNum: -1, __proto__: { polluted: true } }];

  test('answers malformed input with an envelope, never 5xx', async () => {
    try {
      for (const ep of ENDPOINTS) {
        if (ep.path === '/v1/mock/reset' || ep.kind === 'upload') continue;
        for (const body of ep.kind === 'crud' ? FEW : JUNK) {
          const r = await app.inject({ method: ep.method, url: ep.path, headers: { authorization: token, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
          expect(r.statusCode, `${ep.path} ${JSON.stringify(body)}: ${r.body.slice(0, 200)}`).toBeLessThan(500);
          if (!r.headers['content-type']?.toString().includes('spreadsheetml')) expect(typeof r.json().code).toBe('number');
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    } finally {
      await reset();
    }
  }, 60_000);

  test('needs a token (envelope 401) except the QA controls', async () => {
    for (const ep of ENDPOINTS) {
      const r = await app.inject({ method: ep.method, url: ep.path, payload: {} });
      if (ep.public) expect(r.json().code, ep.path).not.toBe(401);
      else expect(r.json(), ep.path).toMatchObject({ code: 401 });
    }
  });
});

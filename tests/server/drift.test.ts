import { describe, expect, test } from 'vitest';
import type { Exchange } from '../../server/platform/exchange.js';
import { createDriftMonitor, exampleOf, trimAround } from '../../server/platform/drift.js';
import { checkAnswer, endpointOf, fieldPath } from '../../server/platform/drift-check.js';
import { MASK } from '../../server/platform/redact.js';

/**
 * The contract-drift monitor with synthetic exchanges: what it reports for each kind
 * of difference, what it skips, how it counts, what its example keeps, and its bounds.
 */

const T0 = Date.UTC(2026, 10, 24, 6, 0, 0);

/** A member grade as the contract describes it (server/contract/member.ts). */
function grade(id: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id, gradeName: `Gold ${id}`, level: id, minGrowth: 100 * id, discount: 95, benefits: '', status: 1, memberCount: 3,
    createTime: '2026-01-02 03:04:05', updateTime: '2026-01-02 03:04:05', ...over,
  };
}

const page = (list: unknown[], total = list.length) => ({ code: 200, data: { list, total }, message: 'ok' });

/** An exchange as the proxy hands it over; `answer` is JSON unless `raw` bytes are given. */
function exchange(answer: unknown, opts: Partial<Exchange> & { raw?: Buffer; contentType?: string; truncated?: boolean; binary?: boolean } = {}): Exchange {
  const body = opts.raw ?? Buffer.from(JSON.stringify(answer));
  const routeKey = opts.routeKey === undefined ? 'POST /v1/memberGrade/list' : opts.routeKey;
  const [method, path] = (routeKey ?? 'POST /v1/nowhere').split(' ');
  return {
    method: opts.method ?? method,
    path: opts.path ?? path,
    query: opts.query ?? '',
    routeKey,
    requestHeaders: {},
    request: { body: Buffer.from('{}'), contentType: 'application/json', length: 2, truncated: false, binary: false },
    status: opts.status ?? 200,
    answerHeaders: { 'content-type': 'application/json' },
    answer: {
      body: opts.truncated ? null : body,
      contentType: opts.contentType ?? 'application/json; charset=utf-8',
      length: body.length,
      truncated: opts.truncated ?? false,
      binary: opts.binary ?? false,
    },
    servedBy: opts.servedBy ?? 'platform',
    at: opts.at ?? T0,
  };
}

async function run(exchanges: Exchange[], options: Parameters<typeof createDriftMonitor>[0] = {}) {
  const m = createDriftMonitor(options);
  for (const ex of exchanges) m.observe(ex);
  await m.flush();
  return m;
}

describe('the check of one answer', () => {
  const ep = endpointOf('POST /v1/memberGrade/list', 'POST', '/v1/memberGrade/list');

  test('an answer that matches the contract has no findings', () => {
    expect(checkAnswer(ep, page([grade(1), grade(2)]))).toEqual([]);
  });

  test('a missing field names the field and the expected type', () => {
    const { level: _level, ...noLevel } = grade(1);
    const f = checkAnswer(ep, page([noLevel]));
    expect(f).toEqual([expect.objectContaining({ kind: 'missing', field: 'data.list[].level', expected: 'required integer', seen: 'absent' })]);
  });

  test('a wrong type names what came', () => {
    const f = checkAnswer(ep, { code: 200, data: { list: [grade(1, { minGrowth: '100' })], total: 1 }, message: 'ok' });
    expect(f).toEqual([expect.objectContaining({ kind: 'type', field: 'data.list[].minGrowth', expected: 'integer', seen: 'string "100"' })]);
  });

  test('an unknown status value lists the contract values', () => {
    const f = checkAnswer(ep, page([grade(1, { status: 7 })]));
    expect(f).toEqual([expect.objectContaining({ kind: 'enum', field: 'data.list[].status', seen: 'integer 7' })]);
    expect(f[0].expected).toBe('one of 1, 0');
  });

  test('an extra field is reported as unknown (information), a value out of bounds as a constraint', () => {
    const f = checkAnswer(ep, page([grade(1, { vipOnly: true, discount: 140 })]));
    expect(f).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'unknown', field: 'data.list[].vipOnly', seen: 'boolean true' }),
      expect.objectContaining({ kind: 'constraint', field: 'data.list[].discount', expected: '<= 100', seen: 'integer 140' }),
    ]));
  });

  test('an envelope that is not {code, data, message}', () => {
    expect(checkAnswer(ep, { status: 0, result: [] }).map((f) => f.field)).toEqual(['code', 'message', 'data']);
    expect(checkAnswer(ep, { code: '200', data: null, message: 'ok' })).toEqual([expect.objectContaining({ kind: 'envelope', field: 'code', seen: 'string "200"' })]);
    expect(checkAnswer(ep, [1, 2])).toEqual([expect.objectContaining({ kind: 'envelope', field: '', seen: 'array(2)' })]);
    expect(checkAnswer(ep, undefined, 'text/html')).toEqual([expect.objectContaining({ kind: 'envelope', seen: 'not JSON (text/html)' })]);
  });

  test('an error envelope is not checked against the result schema', () => {
    expect(checkAnswer(ep, { code: 500, data: null, message: 'boom' })).toEqual([]);
  });

  test('a drift on every row of a list is one finding of the answer', () => {
    const rows = Array.from({ length: 50 }, (_, i) => grade(i + 1, { status: 9 }));
    expect(checkAnswer(ep, page(rows))).toHaveLength(1);
  });

  test('routes: by key, by method and path, /api/v1 read as /v1; unknown is null', () => {
    expect(endpointOf(null, 'post', '/api/v1/memberGrade/list')?.path).toBe('/v1/memberGrade/list');
    expect(endpointOf('POST /v1/admin/adminInfo', 'POST', '/v1/admin/adminInfo')?.name).toBe('admin.adminInfo');
    expect(endpointOf(null, 'POST', '/v1/nowhere')).toBeNull();
    expect(fieldPath('data', ['list', '3', 'a~b'])).toBe('data.list[].a~b');
  });
});

describe('the monitor', () => {
  test('checks off the hot path: observe returns before anything is checked', async () => {
    const m = createDriftMonitor();
    m.observe(exchange(page([grade(1, { status: 7 })])));
    expect(m.list()).toEqual([]);
    expect(m.stats().observed).toBe(1);
    await m.flush();
    expect(m.list()).toHaveLength(1);
  });

  test('counts answers per (endpoint, field, kind) with first and last seen and distinct values', async () => {
    const m = await run([
      exchange(page([grade(1, { status: 7 })]), { at: T0 }),
      exchange(page([grade(2, { status: 8 }), grade(3, { status: 8 })]), { at: T0 + 5000 }),
      exchange(page([grade(4)]), { at: T0 + 6000 }),
      exchange(page([grade(5, { status: 7 })]), { at: T0 + 9000 }),
    ]);
    const [e] = m.list();
    expect(e).toMatchObject({ endpoint: 'POST /v1/memberGrade/list', field: 'data.list[].status', kind: 'enum', severity: 'error', count: 3, firstSeen: T0, lastSeen: T0 + 9000, seen: ['integer 7', 'integer 8'] });
    expect(m.stats()).toMatchObject({ observed: 4, checked: 4, matching: 1 });
  });

  test('skips binary answers, cut copies, routes outside the contract and answers of the mock', async () => {
    const bad = page([grade(1, { status: 7 })]);
    const m = await run([
      exchange(bad, { binary: true, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
      exchange(bad, { truncated: true }),
      exchange(bad, { routeKey: null, path: '/v1/not/in/contract' }),
      exchange(bad, { servedBy: 'mock' }),
      exchange(bad, { servedBy: 'replay' }),
    ]);
    expect(m.list()).toEqual([]);
    expect(m.stats()).toMatchObject({ observed: 5, checked: 0, binary: 1, truncated: 1, notInContract: 1, notPlatform: 2 });
  });

  test('a body that is not JSON is an envelope drift', async () => {
    const m = await run([exchange(null, { raw: Buffer.from('<html>Bad gateway</html>'), contentType: 'text/html' })]);
    expect(m.list()[0]).toMatchObject({ kind: 'envelope', field: '', seen: ['not JSON (text/html)'], example: { body: '<html>Bad gateway</html>' } });
  });

  test('the example is the first answer, trimmed around the field and redacted', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => grade(i + 1));
    rows[17] = grade(18, { status: 5, phone: '13812345678', email: 'ops@example.com', token: 'abc.def.ghi', password: 'hunter2', note: 'call 13912345678 now' });
    const m = await run([
      exchange(page(rows, 30), { query: 'token=secret1&pageNum=2' }),
      exchange(page([grade(1, { status: 6 })])),
    ]);
    const e = m.list().find((x) => x.kind === 'enum')!;
    const body = e.example.body as { data: { list: unknown[] } };
    expect(body.data.list).toHaveLength(3);
    expect(body.data.list[0]).toMatchObject({ id: 1 });
    expect(body.data.list[1]).toMatchObject({ id: 18, status: 5, phone: MASK, email: MASK, token: MASK, password: MASK, note: `call ${MASK} now` });
    expect(body.data.list[2]).toBe('… 28 more');
    expect(e.example.query).toBe(`token=${encodeURIComponent(MASK)}&pageNum=2`);
    const text = JSON.stringify(m.list());
    for (const secret of ['13812345678', 'ops@example.com', 'abc.def.ghi', 'hunter2', '13912345678', 'secret1']) expect(text).not.toContain(secret);
    // The unknown fields themselves are reported with masked values.
    expect(m.list().find((x) => x.field === 'data.list[].phone')?.seen).toEqual([`string ${MASK}`]);
  });

  test('a login answer keeps no token in its example', async () => {
    const m = await run([exchange({ code: 200, data: { token: 'eyJhbGciOi.secret' }, message: 'ok' }, { routeKey: 'POST /v1/admin/login' })]);
    expect(m.list()[0]).toMatchObject({ kind: 'missing', field: 'data.tokenHead' });
    expect(JSON.stringify(m.list())).not.toContain('eyJhbGciOi');
  });

  test('keeps at most maxKeys entries and counts the others', async () => {
    const fields = Array.from({ length: 6 }, (_, i) => [`extra${i}`, i]);
    const m = await run([exchange(page([grade(1, Object.fromEntries(fields))]))], { maxKeys: 4 });
    expect(m.list()).toHaveLength(4);
    expect(m.stats().droppedKeys).toBe(2);
  });

  test('keeps examples within maxExampleBytes', async () => {
    const long = grade(1, { status: 7, benefits: 'x'.repeat(190) });
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'y'.repeat(150)]));
    const m = await run([exchange(page([{ ...long, ...wide }]))], { maxExampleBytes: 600 });
    for (const e of m.list()) expect(JSON.stringify(e.example.body).length).toBeLessThanOrEqual(600);
    expect(trimAround('z'.repeat(500), [])).toHaveLength(201);
    expect(exampleOf({ a: 'q'.repeat(300) }, ['a'], 50)).toEqual({ body: { note: 'example larger than 50 bytes', field: 'a' }, trimmed: true });
  });

  test('bounds the queue: beyond maxPending exchanges are counted as dropped, not checked', async () => {
    const m = createDriftMonitor({ maxPending: 3, batch: 2 });
    for (let i = 0; i < 10; i++) m.observe(exchange(page([grade(1, { status: 7 })])));
    await m.flush();
    expect(m.stats()).toMatchObject({ observed: 10, checked: 3, dropped: 7 });
    expect(m.list()[0].count).toBe(3);
  });

  test('checks at most maxChecksPerSecond answers of one endpoint per second; the rest are counted as sampled out', async () => {
    const bad = page([grade(1, { status: 7 })]);
    const m = await run([
      ...Array.from({ length: 5 }, () => exchange(bad, { at: T0 })),
      exchange(bad, { at: T0 + 1000 }),
      exchange(page([grade(1)]), { at: T0, routeKey: 'POST /v1/memberGrade/listAll' }),
    ], { maxChecksPerSecond: 2 });
    expect(m.stats()).toMatchObject({ observed: 7, checked: 4, sampledOut: 3 });
    expect(m.list().find((e) => e.kind === 'enum')?.count).toBe(3);
  });

  test('wants: no copy for routes outside the contract, downloads or a full sample; those count as observed and skipped', () => {
    let t = T0;
    const m = createDriftMonitor({ maxChecksPerSecond: 2, now: () => t });
    expect(m.wants?.('POST', '/v1/nowhere', null)).toBe(false);
    expect(m.wants?.('POST', '/v1/feedbackAward/exportAwardExcel', 'POST /v1/feedbackAward/exportAwardExcel')).toBe(false);
    expect(m.stats()).toMatchObject({ observed: 2, notInContract: 2, sampledOut: 0 });
    const key = 'POST /v1/memberGrade/list';
    // The /api/v1 spelling of a contract route is wanted too.
    expect(m.wants?.('POST', '/api/v1/memberGrade/list', null)).toBe(true);
    for (let i = 0; i < 2; i++) {
      expect(m.wants?.('POST', '/v1/memberGrade/list', key)).toBe(true);
      m.observe(exchange(page([grade(1)]), { at: t }));
    }
    expect(m.wants?.('POST', '/v1/memberGrade/list', key)).toBe(false);
    expect(m.stats()).toMatchObject({ observed: 5, sampledOut: 1 });
    // A new second: wanted again.
    t += 1000;
    expect(m.wants?.('POST', '/v1/memberGrade/list', key)).toBe(true);
    // Switched off, nothing is wanted (and nothing counted).
    const off = createDriftMonitor({ enabled: false });
    expect(off.wants?.('POST', '/v1/memberGrade/list', key)).toBe(false);
    expect(off.stats().observed).toBe(0);
  });

  test('switched off, it does nothing', async () => {
    const m = await run([exchange(page([grade(1, { status: 7 })]))], { enabled: false });
    expect(m.enabled).toBe(false);
    expect(m.stats().observed).toBe(0);
    expect(m.list()).toEqual([]);
  });

  test('list after an id, version changes, reset forgets and ids keep growing', async () => {
    const m = await run([exchange(page([grade(1, { status: 7 })]))]);
    const v1 = m.version();
    const first = m.list()[0];
    m.observe(exchange(page([grade(1, { level: 'x' })])));
    await m.flush();
    expect(m.version()).toBeGreaterThan(v1);
    expect(m.list({ after: first.id }).map((e) => e.field)).toEqual(['data.list[].level']);
    expect(m.reset()).toBe(2);
    expect(m.list()).toEqual([]);
    expect(m.stats().observed).toBe(0);
    m.observe(exchange(page([grade(1, { status: 7 })])));
    await m.flush();
    expect(m.list()[0].id).toBeGreaterThan(first.id + 1);
  });

  test('a list of entries is a copy: callers cannot change the kept ones', async () => {
    const m = await run([exchange(page([grade(1, { status: 7 })]))]);
    m.list()[0].seen.push('tampered');
    expect(m.list()[0].seen).toEqual(['integer 7']);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { ENDPOINTS, ENTITIES, type AnyEntity } from '../../../server/contract/index.js';
import { lookupReadOf, screenAreasOfNames } from '../../../server/contract/lookups.js';
import { isAudited } from '../../../server/audit/capture.js';
import { RECORDING_VERSION, requestKey, fileNameOf, type RecordedExchange } from '../../../server/platform/recording.js';
import { rng, watchStore } from '../fuzz-cases.js';
import type { AuditTrail } from '../../../server/audit/trail.js';

/**
 * Fuzz cases, shared by tests/server/security/guard-fuzz.test.ts (bounded) and
 * `npm run fuzz` (scripts/fuzz.ts, as many seeds as asked):
 *
 * - percent escapes: every guarded contract endpoint asked by a signed-in account under its plain
 *   path and under a random escaped spelling (one or more letters as `%XX` in either case, some
 *   escapes encoded twice, a doubled slash), through real HTTP. A spelling never answers a 5xx, and
 *   never succeeds where the plain path is refused (403); the QA controls in any spelling answer
 *   404 on a server with QA_CONTROLS=off.
 * - replay permissions: a recording holding the administrator's (`super`) answer of every guarded
 *   endpoint, replayed to the operator: not one of those answers reaches the operator.
 * - audited spellings: every audited endpoint (writes and reveals) asked under a random spelling
 *   (escapes, a `;x=1` segment, a doubled slash) leaves its entry in the audit trail.
 * - the audit trail's own guard ({@link auditTrailProblems}): a stranger's flood is counted in one
 *   entry per address and minute; while the trail's store fails, every audited endpoint under any
 *   spelling is refused with nothing changed, and the chain verifies with no gap afterwards.
 * - look-up grants ({@link lookupProjectionProblems}): every entity read the operator reaches
 *   without the area's screen, under its plain path or a spelling, answers only the look-up view's
 *   fields; a filter or sort of a hidden field (valued from the administrator's rows) is refused
 *   naming it; a keyword taken from a hidden field matches by the label alone.
 */

/** Guarded JSON endpoints of the contract (no uploads, no QA controls, no sign-in/out). */
export function guardedEndpoints(): { method: 'GET' | 'POST'; path: string }[] {
  return ENDPOINTS.filter((e) => !e.public && e.area !== 'mock' && e.kind !== 'upload').map((e) => ({ method: e.method, path: e.path }));
}

/** A random escaped spelling of `p` (seeded): some letters as `%XX`, perhaps encoded twice, perhaps a doubled slash. */
export function escapedSpelling(p: string, seed: number): string {
  const r = rng(seed);
  const chars = [...p];
  const letters = chars.map((c, i) => (/[A-Za-z]/.test(c) ? i : -1)).filter((i) => i >= 0);
  const n = 1 + r.int(3);
  for (let k = 0; k < n; k++) {
    const i = r.pick(letters);
    if (chars[i].startsWith('%')) continue;
    const hex = chars[i].charCodeAt(0).toString(16);
    const esc = `%${r.next() < 0.5 ? hex.toUpperCase() : hex}`;
    chars[i] = r.next() < 0.2 ? `%25${esc.slice(1)}` : esc;
  }
  let out = chars.join('');
  if (r.next() < 0.2) out = out.replace(/\/(?=[^/]*$)/, '//');
  return out;
}

/** A random spelling of `p` that canonicalises to `p`: {@link escapedSpelling}, a `;x=1` segment parameter, or a doubled slash. */
export function spelledPath(p: string, seed: number): string {
  const r = rng(seed * 7 + 3);
  const segments = p.split('/');
  const i = 1 + r.int(segments.length - 1);
  switch (r.int(3)) {
    case 0:
      return segments.map((s, k) => (k === i ? `${s};x=${r.int(10)}` : s)).join('/');
    case 1:
      return segments.map((s, k) => (k === i ? `/${s}` : s)).join('/');
    default:
      return escapedSpelling(p, seed);
  }
}

/** Audited JSON endpoints of the contract (writes and reveals; no uploads, no QA controls). */
export function auditedEndpoints(): { method: 'GET' | 'POST'; path: string; name: string }[] {
  return ENDPOINTS.filter((e) => isAudited(e) && e.kind !== 'upload').map((e) => ({ method: e.method, path: e.path, name: e.name }));
}

/**
 * Problems of the audited-spelling property: each audited endpoint asked under {@link spelledPath}
 * adds one entry to the trail (`recorded`: the trail's count of queued entries).
 */
export async function auditSpellingProblems(send: Send, token: string, seed: number, recorded: () => number, endpoints = auditedEndpoints()): Promise<string[]> {
  const problems: string[] = [];
  const start = recorded();
  const unseen: string[] = [];
  for (const [i, ep] of endpoints.entries()) {
    const before = recorded();
    const url = spelledPath(ep.path, seed * 1000 + i);
    const res = await send(ep.method, url, token, {});
    if (res.status >= 500) problems.push(`${ep.method} ${url}: HTTP ${res.status}`);
    await new Promise((r) => setImmediate(r));
    if (recorded() === before) unseen.push(`${ep.method} ${url}: answered ${res.status} (code ${res.code}) and left no audit entry for ${ep.name}`);
  }
  // An entry is queued when its answer is done, which a client may see a moment earlier: the
  // suspects are problems only when the total falls short once every answer has had time to finish.
  for (let wait = 0; recorded() - start < endpoints.length && wait < 100; wait++) await new Promise((r) => setTimeout(r, 10));
  if (recorded() - start < endpoints.length) problems.push(...unseen);
  return problems;
}

/** QA-control spellings that must all answer 404 on a QA_CONTROLS=off server. */
export function qaSpellings(seed: number): string[] {
  const base = ['/v1/mock/faults/add', '/v1/mock/reset', '/api/v1/mock/faults/add'];
  return base.flatMap((p, i) => [p, escapedSpelling(p, seed * 31 + i), escapedSpelling(p.replace('mock', 'Mock'), seed * 37 + i)]);
}

type Send = (method: 'GET' | 'POST', url: string, token: string | undefined, body?: unknown) => Promise<{ status: number; code: number | null; text: string }>;

/** A {@link Send} over real HTTP to `base` (fetch sends escapes as written). */
export function httpSender(base: string): Send {
  return async (method, url, token, body) => {
    const res = await fetch(base + url, {
      method,
      headers: { ...(token ? { authorization: token } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    const text = await res.text();
    let code: number | null = null;
    try {
      code = (JSON.parse(text) as { code?: number }).code ?? null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, code, text };
  };
}

/** Problems of the percent-escape property for `token` (see the module comment), one line each. */
export async function percentEscapeProblems(send: Send, token: string, seed: number, endpoints = guardedEndpoints()): Promise<string[]> {
  const problems: string[] = [];
  for (const [i, ep] of endpoints.entries()) {
    const plain = await send(ep.method, ep.path, token, {});
    const spelled = escapedSpelling(ep.path, seed * 1000 + i);
    const other = await send(ep.method, spelled, token, {});
    if (other.status >= 500) problems.push(`${ep.method} ${spelled}: HTTP ${other.status}`);
    if (plain.status === 403 && other.status < 300 && other.code === 200) problems.push(`${ep.method} ${spelled}: succeeded where ${ep.path} is refused`);
  }
  return problems;
}

/** Problems of the QA switch (QA_CONTROLS=off server): every spelling answers 404. */
export async function qaSwitchProblems(send: Send, token: string, seed: number): Promise<string[]> {
  const problems: string[] = [];
  for (const url of qaSpellings(seed)) {
    const res = await send('POST', url, token, { path: '/v1/*', drop: true });
    if (res.status !== 404) problems.push(`POST ${url}: HTTP ${res.status} (QA controls are off)`);
  }
  return problems;
}

/** A value planted in every administrator recording written by {@link writeAdminRecording}. */
export const PLANTED = 'planted-admin-answer-91c';

/** Writes a recording (into `dir`) holding the `super` answer of every guarded POST endpoint. */
export function writeAdminRecording(dir: string, endpoints = guardedEndpoints()): number {
  let n = 0;
  for (const ep of endpoints) {
    const key = requestKey(ep.method, ep.path, '', ep.method === 'POST' ? {} : null, 'super');
    const rec: RecordedExchange = {
      version: RECORDING_VERSION,
      roles: 'super',
      key,
      method: ep.method,
      path: ep.path,
      query: '',
      request: { contentType: 'application/json', body: ep.method === 'POST' ? {} : null, length: 2 },
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 200, data: { secret: PLANTED }, message: 'ok' }),
      bodyEncoding: 'utf8',
      recordedAt: '2026-11-26T08:00:00.000Z',
    };
    fs.writeFileSync(path.join(dir, fileNameOf(ep.method, ep.path, key)), JSON.stringify(rec));
    n++;
  }
  return n;
}

/**
 * Problems of the audit trail's properties for one seed, against a mock server whose `trail` is
 * at hand: (1) 20–59 attempts without a token on random audited endpoints under random spellings
 * are all counted and add at most two entries (one per address and minute); (2) with the trail's
 * table moved away (a failing store), once the trail knows it, a real write (`goods.update` of the
 * first goods) and 10 random audited endpoints under random spellings each answer the 503
 * `audit.unavailable` envelope and change nothing in the mock store; (3) with the table back, the
 * trail recovers and the chain verifies with no gap.
 */
export async function auditTrailProblems(send: Send, token: string, seed: number, trail: AuditTrail): Promise<string[]> {
  const problems: string[] = [];
  const r = rng(seed * 13 + 5);
  const endpoints = auditedEndpoints();
  await trail.flush();
  const before = { recorded: trail.counts.recorded, anonymous: trail.counts.anonymous };
  const n = 20 + r.int(40);
  for (let i = 0; i < n; i++) {
    const ep = r.pick(endpoints);
    const res = await send(ep.method, spelledPath(ep.path, seed * 1000 + i), undefined, {});
    if (res.status >= 500) problems.push(`anonymous ${ep.method} ${ep.path}: HTTP ${res.status}`);
  }
  await trail.flush();
  if (trail.counts.anonymous - before.anonymous !== n) problems.push(`anonymous: ${n} attempts, ${trail.counts.anonymous - before.anonymous} counted`);
  if (trail.counts.recorded - before.recorded > 2) problems.push(`anonymous: ${n} attempts from one address made ${trail.counts.recorded - before.recorded} entries`);

  const goods = JSON.parse((await send('POST', '/v1/goods/list', token, { pageNum: 1, pageSize: 1 })).text).data.list[0] as { id: number };
  await trail.store.db.exec('ALTER TABLE audit_log RENAME TO audit_log_away');
  const watch = watchStore();
  try {
    // The first write after the failure is carried out (its entry waits for the store); the trail then knows.
    await send('POST', '/v1/goods/update', token, { id: goods.id, sort: 1 + r.int(90) });
    await trail.flush();
    if (trail.health().state !== 'failing') problems.push(`failing store: the trail says ${trail.health().state}`);
    const asks = [{ method: 'POST' as const, path: '/v1/goods/update', body: { id: goods.id, sort: 99 } }, ...Array.from({ length: 10 }, () => ({ ...r.pick(endpoints), body: {} }))];
    for (const [i, ep] of asks.entries()) {
      const url = i === 0 ? ep.path : spelledPath(ep.path, seed * 1000 + 500 + i);
      const changed = watch.count();
      const res = await send(ep.method, url, token, ep.body);
      if (res.status !== 503 || !res.text.includes('audit.unavailable')) problems.push(`failing store: ${ep.method} ${url} answered ${res.status} (code ${res.code}), not the trail's refusal`);
      if (watch.count() !== changed) problems.push(`failing store: ${ep.method} ${url} changed the store`);
    }
  } finally {
    watch.restore();
    await trail.store.db.exec('ALTER TABLE audit_log_away RENAME TO audit_log');
  }
  await trail.flush();
  const v = await trail.verify();
  if (!v.ok || v.gaps.lost > 0) problems.push(`after the store recovered: ${JSON.stringify(v)}`);
  return problems;
}

/** The rows of a read's `data`: a page's list, `listAll`'s array, or one record. */
function rowsOf(data: unknown): Record<string, unknown>[] {
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  if (data !== null && typeof data === 'object') {
    const d = data as { list?: unknown };
    return Array.isArray(d.list) ? (d.list as Record<string, unknown>[]) : [data as Record<string, unknown>];
  }
  return [];
}

/** A filter value of `kind` that the contract accepts, from a value of the administrator's row (undefined: none to take). */
function filterValue(kind: string, v: unknown): unknown {
  if (v === undefined || v === null || v === '') return undefined;
  if (kind === 'like') return String(v).slice(0, 4);
  if (kind === 'range') return [v, v];
  if (kind === 'has') return Array.isArray(v) && v.length ? v[0] : undefined;
  return v;
}

/** Problems of the look-up property for the operator (see the module comment); `admin` reads the whole rows the probes are valued from. */
export async function lookupProjectionProblems(send: Send, operator: string, admin: string, seed: number): Promise<string[]> {
  const problems: string[] = [];
  const r = rng(seed * 13 + 5);
  const json = async (res: Promise<{ status: number; text: string }>) => {
    const x = await res;
    try {
      return { status: x.status, env: JSON.parse(x.text) as { code?: number; data?: unknown; field?: string | null } };
    } catch {
      return { status: x.status, env: {} as { code?: number; data?: unknown; field?: string | null } };
    }
  };
  const me = (await json(send('POST', '/v1/admin/adminInfo', operator, {}))).env.data as { menus?: string[]; btnPermission?: string[] };
  const screens = screenAreasOfNames([...(me.menus ?? []), ...(me.btnPermission ?? [])]);
  for (const [i, e] of (ENTITIES as readonly AnyEntity[]).entries()) {
    if (screens.has(e.area) || !e.ops.list) continue;
    const whole = rowsOf((await json(send('POST', e.ops.list, admin, { pageNum: 1, pageSize: 20 }))).env.data);
    const sample = whole.length ? r.pick(whole) : undefined;
    for (const op of ['list', 'listAll', 'info'] as const) {
      const path = e.ops[op];
      const view = path ? lookupReadOf(path) : undefined;
      if (!path || !view) continue;
      const url = r.next() < 0.5 ? path : spelledPath(path, seed * 1000 + i);
      const body = op === 'info' ? { id: sample?.id ?? 1 } : op === 'list' ? { pageNum: 1, pageSize: 20 } : {};
      const res = await json(send('POST', url, operator, body));
      if (res.status >= 500) problems.push(`POST ${url}: HTTP ${res.status}`);
      if (res.env.code !== 200) continue;
      for (const row of rowsOf(res.env.data)) {
        const extra = Object.keys(row).filter((k) => !view.fields.includes(k));
        if (extra.length) problems.push(`POST ${url}: the operator's look-up holds ${extra.join(', ')}`);
      }
      if (op !== 'list' || !sample) continue;
      const hiddenFilters = Object.keys(e.filters).filter((f) => !view.fields.includes(f));
      if (hiddenFilters.length) {
        const f = r.pick(hiddenFilters);
        const value = filterValue(e.filters[f], sample[f]);
        if (value !== undefined) {
          const probe = await json(send('POST', url, operator, { [f]: value }));
          if (probe.status !== 400 || probe.env.data !== null || probe.env.field !== f) problems.push(`POST ${url} {${f}}: answered ${probe.status} (field ${probe.env.field}), not a refusal naming ${f}`);
        }
      }
      const hiddenSorts = e.sortable.filter((f) => !view.fields.includes(f));
      if (hiddenSorts.length) {
        const f = r.pick(hiddenSorts);
        const probe = await json(send('POST', url, operator, { sortField: f, sortOrder: r.next() < 0.5 ? 'asc' : 'desc' }));
        if (probe.status !== 400 || probe.env.field !== 'sortField') problems.push(`POST ${url} sortField ${f}: answered ${probe.status}, not a refusal naming sortField`);
      }
      const hiddenSearch = e.searchable.filter((f) => !view.fields.includes(f) && typeof sample[f] === 'string' && sample[f] !== '');
      if (hiddenSearch.length) {
        const text = String(sample[r.pick(hiddenSearch)]);
        const keyword = text.slice(Math.max(0, text.length - 5));
        const found = await json(send('POST', url, operator, { keyword }));
        for (const row of rowsOf(found.env.data))
          if (!String(row[e.label] ?? '').toLowerCase().includes(keyword.toLowerCase())) problems.push(`POST ${url} keyword ${keyword}: matched ${e.label} "${String(row[e.label])}" by a hidden field`);
      }
    }
  }
  return problems;
}

/** Problems of the replay-permission property: the operator's answers never hold the administrator's recordings. */
export async function replayPermissionProblems(send: Send, operator: string, seed: number, endpoints = guardedEndpoints()): Promise<string[]> {
  const problems: string[] = [];
  for (const [i, ep] of endpoints.entries()) {
    // The plain spelling and an escaped one: neither may reach a recording made for another role set.
    for (const url of [ep.path, escapedSpelling(ep.path, seed * 1000 + i)]) {
      const res = await send(ep.method, url, operator, {});
      if (res.text.includes(PLANTED)) problems.push(`${ep.method} ${url}: the operator got the administrator's recording`);
      if (res.status >= 500) problems.push(`${ep.method} ${url}: HTTP ${res.status}`);
    }
  }
  return problems;
}

/**
 * The long run for `npm run fuzz`: the properties above for `rounds` seeds from `first`, against a mock
 * server with QA_CONTROLS=off (its audit trail in memory) and a replay server of a planted administrator recording, each on a
 * free port. Prints each problem with its seed; answers the counts.
 */
export async function runGuardFuzz(rounds: number, first: number, print: (line: string) => void = console.log): Promise<{ seeds: number; failed: number }> {
  const { buildApp } = await import('../../../server/app.js');
  const { loadConfig } = await import('../../../server/config.js');
  const os = await import('node:os');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-fuzz-'));
  writeAdminRecording(dir);
  const env = { LOG_LEVEL: 'silent', MOCK_CAPTCHA_CODE: 'FUZZ', SCALE: '0.25', AUDIT_DB: ':memory:' };
  const mock = await buildApp(loadConfig([], { ...env, QA_CONTROLS: 'off' }));
  const replay = await buildApp(loadConfig([], { ...env, MODE: 'replay', RECORD_DIR: dir }));
  let failed = 0;
  try {
    const serve = async (a: typeof mock) => {
      await a.listen({ port: 0, host: '127.0.0.1' });
      return httpSender(`http://127.0.0.1:${(a.server.address() as { port: number }).port}`);
    };
    const signIn = async (send: Send, username = 'operator', password = 'operator123') => {
      const t = JSON.parse((await send('GET', '/v1/captcha/token', undefined)).text).data.captchaToken;
      const r = JSON.parse((await send('POST', '/v1/admin/login', undefined, { username, password, captchaToken: t, captchaCode: 'FUZZ' })).text);
      return r.data.tokenHead + r.data.token;
    };
    const m = await serve(mock);
    const r = await serve(replay);
    const mockOperator = await signIn(m);
    const mockAdmin = await signIn(m, 'admin', 'admin123');
    const replayOperator = await signIn(r);
    for (let seed = first; seed < first + rounds; seed++) {
      const problems = [
        ...(await qaSwitchProblems(m, mockOperator, seed)),
        ...(await percentEscapeProblems(m, mockOperator, seed)),
        ...(await auditSpellingProblems(m, mockOperator, seed, () => mock.auditTrail!.counts.recorded)),
        ...(await replayPermissionProblems(r, replayOperator, seed)),
        ...(await auditTrailProblems(m, mockOperator, seed, mock.auditTrail!)),
        ...(await lookupProjectionProblems(m, mockOperator, mockAdmin, seed)),
      ];
      for (const p of problems) print(`guard seed ${seed}: ${p}`);
      failed += problems.length;
    }
  } finally {
    await mock.close();
    await replay.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { seeds: rounds, failed };
}

import { beforeEach, describe, expect, test } from 'vitest';
import type { DriftEntry } from '../../web/api/drift';
import { noteServedBy, resetServedBy, servedByOf } from '../../web/api/served-by';
import { markerWanted, resetServerMode, serverMode } from '../../web/api/server-mode';
import { createDriftWatch, driftLogEntry, MAX_PER_POLL, type DriftLogEntry } from '../../web/app/platform/drift-watch';

/**
 * On the client: the drift watch that adds new contract drifts to the error log (polling
 * with `after` and an ETag), and the record of which side served each screen's data for the marker.
 */

function entry(id: number, over: Partial<DriftEntry> = {}): DriftEntry {
  return {
    id, endpoint: 'POST /v1/memberGrade/list', field: `data.list[].f${id}`, kind: 'missing', severity: 'error', expected: 'required integer', seen: ['absent'],
    count: 2, firstSeen: 1, lastSeen: 2, example: { status: 200, query: '', body: { code: 200 }, trimmed: false }, ...over,
  };
}

/** A drift endpoint as the server answers it: entries after `after`, ETag per version and after, 304 on a match. */
function fakeServer() {
  const state = { entries: [] as DriftEntry[], version: 1, calls: [] as { url: string; headers: Record<string, string> }[] };
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    state.calls.push({ url, headers });
    const after = Number(new URL(url, 'http://x').searchParams.get('after') ?? 0);
    const etag = `W/"drift-${state.version}-${after}"`;
    if (headers['if-none-match'] === etag) return new Response(null, { status: 304, headers: { etag } });
    const body = { code: 200, data: { entries: state.entries.filter((e) => e.id > after) }, message: 'ok' };
    return new Response(JSON.stringify(body), { status: 200, headers: { etag, 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { state, fetchImpl };
}

function watch(fetchImpl: typeof fetch, token: string | null = 'Bearer t') {
  const logged: DriftLogEntry[] = [];
  const w = createDriftWatch({ fetchImpl, getToken: () => token, log: (e) => logged.push(e), name: () => 'Contract drift', more: (n) => `${n} more` });
  return { w, logged };
}

describe('the drift watch', () => {
  test('logs new drifts of severity error and warning once each, with the token; unknown fields stay on the page', async () => {
    const { state, fetchImpl } = fakeServer();
    state.entries = [entry(1), entry(2, { kind: 'unknown', severity: 'info' }), entry(3, { kind: 'constraint', severity: 'warning' })];
    const { w, logged } = watch(fetchImpl);
    expect(await w.poll()).toBe(2);
    expect(logged.map((l) => l.stack)).toEqual(['missing (error) × 2', 'constraint (warning) × 2']);
    expect(logged[0]).toMatchObject({ type: 'contract', name: 'Contract drift', url: '/v1/memberGrade/list', message: 'POST /v1/memberGrade/list data.list[].f1: required integer ≠ absent' });
    expect(state.calls[0].headers.authorization).toBe('Bearer t');
    // Nothing new: the next poll asks after the last id and logs nothing.
    expect(await w.poll()).toBe(0);
    expect(state.calls[1].url).toBe('/console/drift?after=3');
    // Unchanged again: the ETag of the last answer is sent and the server answers 304.
    expect(await w.poll()).toBe(0);
    expect(state.calls[2].headers['if-none-match']).toBe('W/"drift-1-3"');
    state.entries.push(entry(4));
    state.version++;
    expect(await w.poll()).toBe(1);
    expect(logged).toHaveLength(3);
  });

  test('at most MAX_PER_POLL entries per poll, then one saying how many more', async () => {
    const { state, fetchImpl } = fakeServer();
    state.entries = Array.from({ length: MAX_PER_POLL + 5 }, (_, i) => entry(i + 1));
    const { w, logged } = watch(fetchImpl);
    await w.poll();
    expect(logged).toHaveLength(MAX_PER_POLL + 1);
    expect(logged.at(-1)?.message).toBe('5 more');
  });

  test('signed out, refused or unreachable: nothing is logged and nothing throws', async () => {
    const { fetchImpl } = fakeServer();
    expect(await watch(fetchImpl, null).w.poll()).toBe(0);
    const forbidden = (async () => new Response(JSON.stringify({ code: 403, data: null, message: 'no' }), { status: 403 })) as typeof fetch;
    expect(await watch(forbidden).w.poll()).toBe(0);
    const down = (async () => {
      throw new TypeError('network');
    }) as typeof fetch;
    expect(await watch(down).w.poll()).toBe(0);
  });

  test('the log entry carries the expected and seen values and the redacted example as detail', () => {
    const l = driftLogEntry(entry(9, { field: '', kind: 'envelope', seen: ['not JSON (text/html)'], expected: 'JSON {code, data, message}' }), 'Contract drift');
    expect(l.message).toBe('POST /v1/memberGrade/list (body): JSON {code, data, message} ≠ not JSON (text/html)');
    expect(JSON.parse(l.detail)).toMatchObject({ kind: 'envelope', example: { code: 200 } });
  });
});

describe('served-by record and the marker mode', () => {
  beforeEach(() => {
    resetServedBy();
    resetServerMode();
  });
  const headers = (v: string | null) => ({ get: (n: string) => (n === 'x-served-by' ? v : null) });

  test('remembers mock and replay answers per page path; platform answers and missing headers are not marks', () => {
    noteServedBy('/v1/a', headers('platform'), '/order/index');
    noteServedBy('/v1/a', headers(null), '/order/index');
    expect(servedByOf('/order/index').size).toBe(0);
    noteServedBy('/v1/b', headers('mock'), '/order/index');
    noteServedBy('/v1/c', headers('replay'), '/order/index');
    noteServedBy('/v1/c', headers('mock'), '/member/index');
    expect([...servedByOf('/order/index')]).toEqual(['mock', 'replay']);
    expect([...servedByOf('/member/index')]).toEqual(['mock']);
  });

  test("the shell's own answers (message bell, session, basic data) never mark a screen", () => {
    for (const url of ['/v1/systemMessage/mine', '/v1/admin/adminInfo', '/v1/getPermCode', '/v1/admin/gameCategory', '/v1/mock/info'])
      noteServedBy(url, headers('mock'), '/feedback/index');
    expect(servedByOf('/feedback/index').size).toBe(0);
    noteServedBy('/v1/feedback/findAll', headers('mock'), '/feedback/index');
    expect([...servedByOf('/feedback/index')]).toEqual(['mock']);
  });

  test('the marker is wanted only in hybrid and replay modes, unless the server switches it off', async () => {
    expect(markerWanted({ mode: 'hybrid', mockMarker: true })).toBe(true);
    expect(markerWanted({ mode: 'replay', mockMarker: true })).toBe(true);
    expect(markerWanted({ mode: 'mock', mockMarker: true })).toBe(false);
    expect(markerWanted({ mode: 'proxy', mockMarker: true })).toBe(false);
    expect(markerWanted({ mode: 'hybrid', mockMarker: false })).toBe(false);
    let reads = 0;
    const f = (async () => {
      reads++;
      return new Response(JSON.stringify({ status: 'ok', mode: 'hybrid' }), { status: 200 });
    }) as typeof fetch;
    expect(await serverMode(f)).toEqual({ mode: 'hybrid', mockMarker: true });
    await serverMode(f);
    expect(reads).toBe(1);
    resetServerMode();
    expect(await serverMode((async () => { throw new Error('down'); }) as typeof fetch)).toEqual({ mode: 'unknown', mockMarker: false });
  });
});

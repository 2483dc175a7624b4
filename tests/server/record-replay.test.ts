import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Recorder } from '../../server/platform/recorder.js';
import { normalizeRequestBody, readRecording, requestDistance } from '../../server/platform/recording.js';
import type { Exchange, ExchangeObserver } from '../../server/platform/exchange.js';
import { writeFixtures } from '../../scripts/fixtures-from-recording.js';
import { makeApp, signIn } from './helpers.js';
import { startUpstream } from './upstream.js';
import { startPlatformStub, STUB_ADMIN_TOKEN, STUB_CAPTCHA_CODE, STUB_FEEDBACK_TYPES, STUB_XLSX, type PlatformStub } from './platform-stub.js';
import { overHttp } from './over-http.js';

const toClose: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (toClose.length) await toClose.pop()!();
});

function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-record-'));
  toClose.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function stub(): Promise<PlatformStub> {
  const s = await startPlatformStub();
  toClose.push(() => s.close());
  return s;
}

async function app(env: Record<string, string>, observers?: ExchangeObserver[]): Promise<FastifyInstance> {
  const { app: a } = await makeApp(env, observers ? { observers } : {});
  toClose.push(() => a.close());
  return a;
}

const post = (a: FastifyInstance, url: string, body: unknown, token = STUB_ADMIN_TOKEN) =>
  overHttp(a, { method: 'POST', url, payload: typeof body === 'string' ? body : (body as object), headers: { authorization: token, 'content-type': 'application/json' } });

/** Records a session against the stub through `mode` with RECORD_DIR, then closes the app (writes flushed). */
async function recordSession(dir: string, mode: 'proxy' | 'hybrid' = 'proxy') {
  const platform = await stub();
  const proxy = await makeApp({ MODE: mode, UPSTREAM_URL: platform.url, RECORD_DIR: dir });
  const a = proxy.app;
  const cap = (await overHttp(a, { method: 'GET', url: '/v1/captcha/token' })).json().data.captchaToken;
  await overHttp(a, { method: 'POST', url: '/v1/admin/login', payload: { username: 'admin', password: 'admin123', captchaToken: cap, captchaCode: STUB_CAPTCHA_CODE } });
  const answers = {
    info: await post(a, '/v1/admin/adminInfo', {}),
    list: await post(a, '/v1/feedbackType/list', '{"pageNum":1,"pageSize":10}'),
    // The same request with keys reordered and a timestamp: one recording.
    listAgain: await post(a, '/v1/feedbackType/list', '{"pageSize":10,"_t":1732435200000,"pageNum":1}'),
    disabled: await post(a, '/v1/feedbackType/list', { pageNum: 1, pageSize: 10, status: 0 }),
    listAll: await post(a, '/v1/feedbackType/listAll', {}),
    awards: await post(a, '/v1/feedbackAward/getAwardList', { pageNum: 1, pageSize: 10 }),
    drifted: await post(a, '/v1/feedback/findAll', { pageNum: 1, pageSize: 10, contact: 'bob@example.com' }),
    download: await post(a, '/v1/feedbackAward/exportAwardExcel', {}),
    missing: await post(a, '/v1/nothing/here', {}),
  };
  await a.close();
  return { platform, answers };
}

describe('recording (RECORD_DIR in proxy mode)', () => {
  test('each distinct exchange is one file; no token, password, phone or e-mail in any of them', async () => {
    const dir = tmpDir();
    const { answers } = await recordSession(dir);
    expect(answers.list.headers['x-served-by']).toBe('platform');
    const files = fs.readdirSync(dir);
    const recs = readRecording(dir);
    expect(recs).toHaveLength(files.length);
    // list (deduplicated), list with status, listAll, adminInfo, awards, findAll, download; not the
    // 404 of an invented path (only successful answers are kept).
    expect(recs.filter((r) => r.path === '/v1/feedbackType/list')).toHaveLength(2);
    expect(recs.map((r) => r.path).sort()).toEqual(
      ['/v1/admin/adminInfo', '/v1/feedback/findAll', '/v1/feedbackAward/exportAwardExcel', '/v1/feedbackAward/getAwardList', '/v1/feedbackType/list', '/v1/feedbackType/list', '/v1/feedbackType/listAll'].sort(),
    );
    // Sign-in and captcha are never recorded.
    expect(recs.some((r) => r.path.includes('login') || r.path.includes('captcha'))).toBe(false);
    const all = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
    for (const secret of ['stub-admin-7f3c9a', 'admin123', '13800138000', 'bob@example.com', 'authorization', STUB_CAPTCHA_CODE]) expect(all).not.toContain(secret);
    expect(all).toContain('[redacted]');
    // The request is kept normalized: sorted keys, no volatile `_t`.
    const list = recs.find((r) => r.path === '/v1/feedbackType/list' && !('status' in (r.request.body as object)))!;
    expect(list.request.body).toEqual({ pageNum: 1, pageSize: 10 });
  });

  test('the size cap stops recording and the observer never delays the answer', async () => {
    const dir = tmpDir();
    const platform = await stub();
    const recorder = new Recorder(dir, 1500);
    const a = await app({ MODE: 'proxy', UPSTREAM_URL: platform.url }, [recorder]);
    for (let i = 1; i <= 6; i++) expect((await post(a, '/v1/feedbackType/list', { pageNum: 1, pageSize: i })).json().code).toBe(200);
    await recorder.flush();
    const total = fs.readdirSync(dir).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
    expect(total).toBeLessThanOrEqual(1500);
    expect(recorder.stats.written).toBeGreaterThan(0);
    expect(recorder.stats.dropped).toBeGreaterThan(0);
  });

  test('a repeated request with the same answer is not written again; a changed answer is, and the latest answer wins', async () => {
    const dir = tmpDir();
    let answer = { code: 200, message: 'ok', data: { list: [{ id: 1, name: 'A' }], total: 1 } };
    let disposition: string | null = null;
    const up = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', ...(disposition ? { 'content-disposition': disposition } : {}) }).end(JSON.stringify(answer));
    });
    toClose.push(() => up.close());
    const recorder = new Recorder(dir, 50 * 1024 * 1024);
    const a = await app({ MODE: 'proxy', UPSTREAM_URL: up.url }, [recorder]);
    // Two spellings of one request (one recording): the keys in another order.
    const ask = async (body: string) => {
      expect((await post(a, '/v1/feedbackType/list', body)).json().code).toBe(200);
      await recorder.flush();
    };
    const recorded = () => {
      const recs = readRecording(dir);
      expect(recs).toHaveLength(1);
      return { body: JSON.parse(recs[0].body), headers: recs[0].headers };
    };
    await ask('{"pageNum":1,"pageSize":10}');
    for (let i = 0; i < 3; i++) await ask('{"pageNum":1,"pageSize":10}');
    expect(recorder.stats).toMatchObject({ written: 1, unchanged: 3 });
    answer = { code: 200, message: 'ok', data: { list: [{ id: 1, name: 'B' }], total: 1 } };
    await ask('{"pageNum":1,"pageSize":10}');
    expect(recorder.stats.written).toBe(2);
    expect(recorded().body.data.list[0].name).toBe('B');
    // The other spelling brings the first answer back: written, so the file holds the latest.
    answer = { code: 200, message: 'ok', data: { list: [{ id: 1, name: 'A' }], total: 1 } };
    await ask('{"pageSize":10,"pageNum":1}');
    expect(recorded().body.data.list[0].name).toBe('A');
    // The first spelling answered B again (the answer it last saw): the file moves back to B.
    answer = { code: 200, message: 'ok', data: { list: [{ id: 1, name: 'B' }], total: 1 } };
    await ask('{"pageNum":1,"pageSize":10}');
    expect(recorded().body.data.list[0].name).toBe('B');
    // Same bytes, a new header the recording keeps: written again.
    const written = recorder.stats.written;
    disposition = 'attachment; filename="list.json"';
    await ask('{"pageNum":1,"pageSize":10}');
    expect(recorder.stats.written).toBe(written + 1);
    expect(recorded().headers['content-disposition']).toBe(disposition);
  });

  test('an observer sees the exchange after the answer: bounded copies, binary bodies counted but not copied', async () => {
    const platform = await stub();
    const seen: Exchange[] = [];
    const a = await app({ MODE: 'proxy', UPSTREAM_URL: platform.url }, [{ observe: (e) => seen.push(e) }]);
    await post(a, '/v1/feedbackType/list', { pageNum: 1, pageSize: 10 });
    await post(a, '/v1/feedbackAward/exportAwardExcel', {});
    expect(seen).toHaveLength(2);
    const [list, file] = seen;
    expect(list).toMatchObject({ method: 'POST', path: '/v1/feedbackType/list', routeKey: 'POST /v1/feedbackType/list', status: 200, servedBy: 'platform' });
    expect(JSON.parse(list.request.body!.toString())).toEqual({ pageNum: 1, pageSize: 10 });
    expect(JSON.parse(list.answer.body!.toString()).data.total).toBe(3);
    expect(file.answer).toMatchObject({ body: null, binary: true, length: STUB_XLSX.length, truncated: false });
  });
});

describe('observers never change what the client gets', () => {
  test('an answer beyond the copy limit is relayed whole; the observer gets its length, not its bytes; a throwing observer harms nothing', async () => {
    const big = Buffer.from(JSON.stringify({ code: 200, data: { text: 'x'.repeat(600 * 1024) }, message: 'ok' }));
    const up = await startUpstream((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(big));
    toClose.push(() => up.close());
    const seen: Exchange[] = [];
    const a = await app({ MODE: 'proxy', UPSTREAM_URL: up.url }, [
      {
        observe: () => {
          throw new Error('observer bug');
        },
      },
      { observe: (e) => seen.push(e) },
    ]);
    const res = await overHttp(a, { method: 'POST', url: '/v1/feedback/findAll', payload: { pageNum: 1 } });
    expect(res.rawPayload.equals(big)).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0].answer).toMatchObject({ body: null, truncated: true, length: big.length, binary: false });
  });
});

describe('replay (MODE=replay)', () => {
  test('a recording replays byte-identical answers offline, exact match first, then the closest', async () => {
    const dir = tmpDir();
    const { platform, answers } = await recordSession(dir);
    await platform.close();

    const r = await app({ MODE: 'replay', RECORD_DIR: dir, MOCK_CAPTCHA_CODE: 'TEST' });
    // Signing in is the mock's.
    const token = await signIn(r);
    const list = await post(r, '/v1/feedbackType/list', { pageNum: 1, pageSize: 10 }, token);
    expect(list.headers['x-served-by']).toBe('replay');
    expect(list.statusCode).toBe(200);
    expect(list.rawPayload.equals(answers.list.rawPayload)).toBe(true);
    expect(list.headers['content-type']).toBe(answers.list.headers['content-type']);

    const download = await post(r, '/v1/feedbackAward/exportAwardExcel', {}, token);
    expect(download.rawPayload.equals(STUB_XLSX)).toBe(true);
    expect(download.headers['content-disposition']).toContain('awards.xlsx');

    // Closest: status 0 plus a keyword is one field from the recorded status-0 query, two from the other.
    const near = await post(r, '/v1/feedbackType/list', { pageNum: 1, pageSize: 10, status: 0, typeName: 'acc' }, token);
    expect(near.headers['x-served-by']).toBe('replay');
    expect(near.rawPayload.equals(answers.disabled.rawPayload)).toBe(true);
    expect(near.json().data.list.map((t: { typeName: string }) => t.typeName)).toEqual(['Platform account']);

    // An invented path was not recorded: the mock answers it, with a 404.
    expect((await post(r, '/v1/nothing/here', {}, token)).statusCode).toBe(404);
    // Redacted answers replay redacted.
    expect((await post(r, '/v1/feedbackAward/getAwardList', { pageNum: 1, pageSize: 10 }, token)).json().data.list[0].phone).toBe('[redacted]');
  });

  test('no recording → the mock store (REPLAY_FALLBACK=mock, default) or a 404 envelope (REPLAY_FALLBACK=404); no session → 401', async () => {
    const dir = tmpDir();
    const { platform } = await recordSession(dir);
    await platform.close();

    const withMock = await app({ MODE: 'replay', RECORD_DIR: dir, MOCK_CAPTCHA_CODE: 'TEST' });
    const token = await signIn(withMock);
    const members = await post(withMock, '/v1/member/list', { pageNum: 1, pageSize: 2 }, token);
    expect(members.headers['x-served-by']).toBe('mock');
    expect(members.json().data.list).toHaveLength(2);
    expect((await post(withMock, '/v1/feedbackType/list', { pageNum: 1 }, 'Bearer nobody')).json().code).toBe(401);

    const with404 = await app({ MODE: 'replay', RECORD_DIR: dir, MOCK_CAPTCHA_CODE: 'TEST', REPLAY_FALLBACK: '404' });
    const t2 = await signIn(with404);
    const res = await post(with404, '/v1/member/list', { pageNum: 1 }, t2);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, data: null, message: 'No recording for POST /v1/member/list', key: 'gateway.noRecording' });
  });

  test('a recording made in hybrid mode holds only the answers the platform served (not the 404s the mock answered for)', async () => {
    const dir = tmpDir();
    const platform = await stub();
    const h = await makeApp({ MODE: 'hybrid', UPSTREAM_URL: platform.url, RECORD_DIR: dir });
    expect((await post(h.app, '/v1/member/list', { pageNum: 1, pageSize: 2 })).headers['x-served-by']).toBe('mock');
    expect((await post(h.app, '/v1/feedbackType/listAll', {})).headers['x-served-by']).toBe('platform');
    await h.app.close();
    expect(readRecording(dir).map((r) => `${r.path} ${r.status}`).sort()).toEqual(['/v1/feedbackType/listAll 200']);
  });
});

describe('fixtures from a recording', () => {
  test('a recorded list comes back from the mock after conversion (FIXTURES_DIR)', async () => {
    const dir = tmpDir();
    const out = tmpDir();
    const { platform } = await recordSession(dir);
    await platform.close();
    const written = writeFixtures(dir, out);
    expect(written.map((w) => w.entity).sort()).toEqual(['feedback', 'feedbackAward', 'feedbackType']);
    expect(written.find((w) => w.entity === 'feedbackType')!.rows).toBe(3);

    const m = await app({ MODE: 'mock', FIXTURES_DIR: out, MOCK_CAPTCHA_CODE: 'TEST' });
    const token = await signIn(m);
    const res = await post(m, '/v1/feedbackType/list', { pageNum: 1, pageSize: 10 }, token);
    expect(res.headers['x-served-by']).toBe('mock');
    expect(res.json().data.total).toBe(3);
    expect(res.json().data.list.map((t: { typeName: string }) => t.typeName)).toEqual(STUB_FEEDBACK_TYPES.map((t) => t.typeName));
    // The mock's own rules still apply to them: a filter on status.
    expect((await post(m, '/v1/feedbackType/list', { pageNum: 1, pageSize: 10, status: 0 }, token)).json().data.list).toHaveLength(1);
  });
});

describe('normalization and distance', () => {
  test('volatile fields are dropped, keys sorted, secrets masked; distance counts differing leaves', () => {
    expect(normalizeRequestBody('application/json', Buffer.from('{"b":1,"a":{"z":1,"y":2},"timestamp":5,"password":"x"}'))).toEqual({ a: { y: 2, z: 1 }, b: 1, password: '[redacted]' });
    expect(requestDistance({ query: '', body: { pageNum: 1, status: 1 } }, { query: '', body: { pageNum: 2 } })).toBe(2);
    expect(requestDistance({ query: 'a=1', body: null }, { query: 'a=1', body: null })).toBe(0);
  });
});

import http, { type IncomingHttpHeaders } from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/config.js';
import { logSink, makeApp } from './helpers.js';
import { deadPort, echoHandler, SELF_SIGNED, startUpstream, type Upstream, type UpstreamHandler } from './upstream.js';
import { overHttp, portOf } from './over-http.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Everything a test starts, closed after it in reverse order (app before its upstream). */
const toClose: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (toClose.length) await toClose.pop()!();
});

async function upstreamWith(handler?: UpstreamHandler, tls?: { key: string; cert: string }): Promise<Upstream> {
  const up = await startUpstream(handler, tls);
  toClose.push(() => up.close());
  return up;
}

async function proxyApp(upstreamUrl: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const { app } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: upstreamUrl, ...env });
  toClose.push(() => app.close());
  return app;
}

/** Listens on 127.0.0.1:0 for the cases that need real sockets (streaming, raw paths). */
async function listening(app: FastifyInstance): Promise<number> {
  return portOf(app);
}

/**
 * One real HTTP exchange with the raw `path` sent as is (fetch would normalise `..` away),
 * no keep-alive so nothing outlives the test.
 */
function send(port: number, method: string, path: string, opts: { headers?: Record<string, string | number>; body?: Buffer | Buffer[] } = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    // An array is written piece by piece without Content-Length: a chunked request body.
    if (Array.isArray(opts.body)) for (const piece of opts.body) req.write(piece);
    req.end(Array.isArray(opts.body) ? undefined : opts.body);
  });
}

/** A multipart/form-data body with one file part, as a browser builds it for an Excel import. */
function multipart(file: Buffer, filename: string) {
  const boundary = `----console-test-${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nawards of November\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${XLSX}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('forwarding', () => {
  test('a JSON call through /v1 reaches the platform with Authorization, our X-Forwarded-* and no hop-by-hop headers', async () => {
    const up = await upstreamWith((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-platform': 'yes', 'keep-alive': 'timeout=5' });
      res.end(JSON.stringify({ code: 200, data: JSON.parse(req.body.toString()), message: 'ok' }));
    });
    const app = await proxyApp(up.url);

    const res = await overHttp(app, {
      method: 'POST',
      url: '/v1/admin/adminInfo?lang=en',
      payload: { pageNum: 1, pageSize: 10 },
      headers: {
        authorization: 'Bearer the-users-token',
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-port': '443',
        forwarded: 'for=6.6.6.6;proto=https',
        'keep-alive': 'timeout=99',
        'proxy-authorization': 'Basic c2VjcmV0',
        te: 'trailers',
        trailer: 'x-checksum',
        upgrade: 'websocket',
        connection: 'keep-alive, x-drop-me',
        'x-drop-me': 'listed in Connection',
        'x-request-note': 'kept',
      },
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, data: { pageNum: 1, pageSize: 10 }, message: 'ok' });
    expect(res.headers['x-platform']).toBe('yes');
    // The platform's Keep-Alive (timeout=5) is not relayed; over a real socket Node states the console's own for the client's connection.
    expect(res.headers['keep-alive']).not.toBe('timeout=5');
    // The app's security headers still apply to proxied answers.
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    expect(up.received).toHaveLength(1);
    const got = up.received[0];
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/v1/admin/adminInfo?lang=en');
    expect(JSON.parse(got.body.toString())).toEqual({ pageNum: 1, pageSize: 10 });
    expect(got.headers.authorization).toBe('Bearer the-users-token');
    expect(got.headers['x-request-note']).toBe('kept');
    expect(got.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(got.headers['x-forwarded-proto']).toBe('http');
    // X-Forwarded-Host comes from PUBLIC_HOST only (unset here), never from the client.
    expect(got.headers['x-forwarded-host']).toBeUndefined();
    expect(got.headers.host).toBe(new URL(up.url).host);
    for (const name of ['forwarded', 'x-forwarded-port', 'keep-alive', 'proxy-authorization', 'te', 'trailer', 'upgrade', 'x-drop-me']) {
      expect(got.headers[name], name).toBeUndefined();
    }
    // Node's client may add its own `connection`, but never the client's listed names.
    expect(got.headers.connection ?? '').not.toContain('x-drop-me');
  });

  test('/api/v1 and /upload are forwarded too, paths and queries unchanged; mock routes are not registered', async () => {
    const up = await upstreamWith();
    const app = await proxyApp(up.url);

    const api = await overHttp(app, { method: 'POST', url: '/api/v1/feedbackAward/getAwardList?pageNum=2', payload: {} });
    const upload = await overHttp(app, { method: 'GET', url: '/upload/avatar/2026/a.png' });
    // In mock mode this is a mock handler; here the platform answers it.
    const captcha = await overHttp(app, { method: 'GET', url: '/v1/captcha/token' });

    expect([api.statusCode, upload.statusCode, captcha.statusCode]).toEqual([200, 200, 200]);
    expect(up.received.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/feedbackAward/getAwardList?pageNum=2',
      'GET /upload/avatar/2026/a.png',
      'GET /v1/captcha/token',
    ]);
    expect(captcha.json().data).toEqual({ method: 'GET', url: '/v1/captcha/token' });
  });

  test("the upstream's base path is prepended, and its redirects come back without it", async () => {
    const up = await upstreamWith((req, res) => {
      if (req.url.endsWith('/old')) return void res.writeHead(302, { location: '/platform/v1/new' }).end();
      echoHandler(req, res);
    });
    const app = await proxyApp(`${up.url}/platform`);

    const res = await overHttp(app, { method: 'POST', url: '/v1/admin/adminInfo', payload: {} });
    const moved = await overHttp(app, { method: 'GET', url: '/v1/old' });

    expect(res.json().data.url).toBe('/platform/v1/admin/adminInfo');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/v1/new');
    expect(up.received.map((r) => r.url)).toEqual(['/platform/v1/admin/adminInfo', '/platform/v1/old']);
  });

  test('the rest of the app is unchanged: /healthz, envelope 404 for other API-like calls, nothing sent upstream', async () => {
    const up = await upstreamWith();
    const app = await proxyApp(up.url);

    const health = await overHttp(app, { method: 'GET', url: '/healthz' });
    const other = await overHttp(app, { method: 'POST', url: '/api/v2/anything', payload: {} });

    expect(health.json()).toMatchObject({ status: 'ok', mode: 'proxy', mockMarker: true, audit: { state: 'ok' } });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 404, data: null });
    expect(up.received).toHaveLength(0);
  });
});

describe('access log', () => {
  test('each proxied call is one access-log line with method, URL, status and time, without the Authorization header', async () => {
    const up = await upstreamWith();
    const sink = logSink();
    const { app } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: up.url, LOG_LEVEL: 'info' }, { logStream: sink.stream });
    toClose.push(() => app.close());
    await overHttp(app, { method: 'POST', url: '/v1/member/list?token=abc', payload: { pageNum: 1 }, headers: { authorization: 'Bearer secret-token-123' } });
    const lines = sink.lines.map((l) => JSON.parse(l)).filter((l) => (l.url ?? l.req?.url)?.startsWith('/v1/member/list'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request', method: 'POST', url: '/v1/member/list?token=[redacted]', statusCode: 200 });
    expect(typeof lines[0].ms).toBe('number');
    expect(sink.text()).not.toContain('secret-token-123');
  });

  test('a plain call is answered by the raw relay, an odd spelling by Fastify; both reach the platform and log the same line', async () => {
    const up = await upstreamWith();
    const sink = logSink();
    const { app } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: up.url, LOG_LEVEL: 'info' }, { logStream: sink.stream });
    toClose.push(() => app.close());
    const plain = await overHttp(app, { method: 'POST', url: '/v1/member/list', payload: { pageNum: 1 } });
    const odd = await overHttp(app, { method: 'POST', url: '/v1//member/list', payload: { pageNum: 1 } });
    expect([plain.statusCode, odd.statusCode]).toEqual([200, 200]);
    expect([plain.headers['x-served-by'], odd.headers['x-served-by']]).toEqual(['platform', 'platform']);
    expect(up.received.map((r) => r.url)).toEqual(['/v1/member/list', '/v1//member/list']);
    const lines = sink.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(lines.map((l) => [l.method, l.url, l.statusCode])).toEqual([
      ['POST', '/v1/member/list', 200],
      ['POST', '/v1//member/list', 200],
    ]);
    // The relay's own request ids beside Fastify's counter: the plain call never reached Fastify.
    expect(lines[0].reqId).toMatch(/^relay-/);
    expect(lines[1].reqId).toMatch(/^req-/);
  });
});

describe('streaming bodies', () => {
  test('a multipart upload of 5 MB arrives at the platform byte for byte (no body limit, no parsing)', async () => {
    const up = await upstreamWith(echoHandler);
    const port = await listening(await proxyApp(up.url));
    const file = randomBytes(5 * 1024 * 1024);
    const { body, contentType } = multipart(file, 'awards.xlsx');

    const res = await send(port, 'POST', '/api/v1/feedbackAward/importAwardExcel', {
      headers: { 'content-type': contentType, 'content-length': body.length, authorization: 'Bearer t' },
      body,
    });

    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString()).code).toBe(200);
    const got = up.received[0];
    expect(got.headers['content-type']).toBe(contentType);
    expect(got.headers['content-length']).toBe(String(body.length));
    expect(got.body.length).toBe(body.length);
    expect(got.body.equals(body)).toBe(true);
  });

  test('a chunked upload without Content-Length is streamed through as well', async () => {
    const up = await upstreamWith(echoHandler);
    const port = await listening(await proxyApp(up.url));
    const pieces = Array.from({ length: 8 }, () => randomBytes(300 * 1024));

    const res = await send(port, 'POST', '/upload/images', { headers: { 'content-type': 'application/octet-stream' }, body: pieces });

    expect(res.status).toBe(200);
    expect(up.received[0].body.equals(Buffer.concat(pieces))).toBe(true);
  });

  test('a JSON body above the default 1 MiB body limit is passed through, not refused with 413', async () => {
    const up = await upstreamWith(echoHandler);
    const app = await proxyApp(up.url);
    const payload = JSON.stringify({ note: 'x'.repeat(2 * 1024 * 1024) });

    const res = await overHttp(app, { method: 'POST', url: '/v1/replay/add', payload, headers: { 'content-type': 'application/json' } });

    expect(res.statusCode).toBe(200);
    expect(up.received[0].body.toString()).toBe(payload);
  });

  test('a binary Excel export reaches the client byte for byte with its headers', async () => {
    const file = randomBytes(3 * 1024 * 1024 + 17);
    const up = await upstreamWith((_req, res) => {
      res.writeHead(200, {
        'content-type': XLSX,
        'content-disposition': 'attachment; filename="awards.xlsx"',
        'content-length': file.length,
      });
      // Several writes, so the proxy sees a stream rather than one buffer.
      for (let i = 0; i < file.length; i += 256 * 1024) res.write(file.subarray(i, i + 256 * 1024));
      res.end();
    });
    const port = await listening(await proxyApp(up.url));

    const res = await send(port, 'POST', '/v1/feedbackAward/exportAwardExcel', {
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: Buffer.from('{}'),
    });

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe('attachment; filename="awards.xlsx"');
    expect(res.headers['content-length']).toBe(String(file.length));
    expect(res.body.equals(file)).toBe(true);
  });
});

describe('upstream failures', () => {
  test('an unreachable platform answers HTTP 502 with a 502 envelope, at once', async () => {
    const app = await proxyApp(`http://127.0.0.1:${await deadPort()}`);

    const started = performance.now();
    const res = await overHttp(app, { method: 'POST', url: '/v1/admin/adminInfo', payload: {} });
    const elapsed = performance.now() - started;

    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 502, data: null, message: expect.stringMatching(/cannot be reached/), key: 'gateway.unreachable' });
    // A refused connection must not wait for the 5 s connect timeout.
    expect(elapsed).toBeLessThan(2000);
  });

  test('a platform that does not answer in UPSTREAM_TIMEOUT_MS answers HTTP 504 with a 504 envelope', async () => {
    const up = await upstreamWith(() => {
      /* never answers */
    });
    const app = await proxyApp(up.url, { UPSTREAM_TIMEOUT_MS: '300' });

    const res = await overHttp(app, { method: 'POST', url: '/v1/feedbackAward/exportAwardExcel', payload: {} });

    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ code: 504, data: null, message: expect.stringMatching(/did not answer within 300 ms/), key: 'gateway.timeout' });
    expect(up.received).toHaveLength(1);
  });

  test('an HTTPS platform whose certificate is not trusted is refused (502), never talked to', async () => {
    const up = await upstreamWith(echoHandler, SELF_SIGNED);
    const app = await proxyApp(up.url);

    const res = await overHttp(app, { method: 'POST', url: '/v1/admin/adminInfo', payload: {}, headers: { authorization: 'Bearer t' } });

    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 502, data: null });
    expect(up.received).toHaveLength(0);
  });
});

describe('paths cannot leave the proxied prefixes', () => {
  const dotAttempts = [
    '/v1/../secret',
    '/v1/..%2f..%2fsecret',
    '/v1/%2e%2e/admin',
    '/v1/%2E%2E/%2E%2E/secret',
    '/v1/%252e%252e/%252e%252e/secret',
    '/v1/%25252e%25252e/secret',
    '/v1/..;/..;/secret',
    '/v1/..%5c..%5csecret',
    '/v1/./admin/../../secret',
    '/api/v1/%2e%2e/%2e%2e/%2e%2e/secret',
    '/upload/%2e%2e%2f%2e%2e%2fsecret?x=1',
  ];

  test.each(dotAttempts)('%s is refused with an envelope 400 naming the path', async (path) => {
    const up = await upstreamWith();
    const port = await listening(await proxyApp(up.url));

    const res = await send(port, 'GET', path);

    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString())).toMatchObject({ code: 400, data: null, message: expect.stringMatching(/^path: /), field: 'path', key: expect.stringMatching(/^request\.path/) });
    expect(up.received).toHaveLength(0);
  });

  test('doubled slashes either never reach the platform or land under the prefix', async () => {
    const up = await upstreamWith();
    const port = await listening(await proxyApp(up.url));

    const forwarded: Record<string, unknown> = {};
    for (const path of ['//evil.com', '//evil.com/v1/x', '//v1/x', '/v1//x', '/v1//evil.com/secret', '/v1%2f..%2fsecret', '/api/v1/%2f%2fevil.com']) {
      const res = await send(port, 'GET', path);
      // What the static web answers for the others depends on whether a bundle is built.
      expect(res.body.toString(), path).not.toContain('TOP SECRET');
      if (res.headers['content-type']?.startsWith('application/json')) forwarded[path] = JSON.parse(res.body.toString()).data?.url;
    }

    expect(up.received.map((r) => r.url)).toEqual(['/v1//x', '/v1//evil.com/secret', '/api/v1/%2f%2fevil.com']);
    expect(forwarded).toEqual({ '/v1//x': '/v1//x', '/v1//evil.com/secret': '/v1//evil.com/secret', '/api/v1/%2f%2fevil.com': '/api/v1/%2f%2fevil.com' });
  });
});

test('MODE=proxy without UPSTREAM_URL fails at start, naming UPSTREAM_URL', () => {
  expect(() => loadConfig([], { MODE: 'proxy' })).toThrow(/UPSTREAM_URL/);
});

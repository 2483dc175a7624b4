import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, makeApp, signIn } from './helpers.js';

// A stand-in for `npm run build` output: the app shell and one hashed asset with its precompressed siblings.
const INDEX_HTML = '<!doctype html><html lang="zh-CN"><head><title>Game Console</title></head><body><div id="app"></div></body></html>\n';
const ASSET = 'assets/main-ABCD1234.js';
const ASSET_JS = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'console-static-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(INDEX_HTML));
  fs.writeFileSync(path.join(dist, ASSET), ASSET_JS);
  fs.writeFileSync(path.join(dist, `${ASSET}.br`), zlib.brotliCompressSync(ASSET_JS));
  fs.writeFileSync(path.join(dist, `${ASSET}.gz`), zlib.gzipSync(ASSET_JS));
  ({ app } = await makeApp({ DIST_DIR: dist, MOCK_CAPTCHA_CODE: 'TEST' }));
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the app shell', () => {
  test.each(['/', '/order/index', '/login?redirect=%2Forder%2Findex', '/statistics/pageView'])('%s answers index.html, never cached', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
  });

  test.each(['/', '/order/index'])('%s sends the precompressed shell to a browser that accepts brotli', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_HTML);
  });

  test('index.html asked for by name is not cached either', async () => {
    const res = await app.inject({ method: 'GET', url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('hashed assets', () => {
  test('are cached for a year as immutable', async () => {
    const res = await app.inject({ method: 'GET', url: `/${ASSET}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(ASSET_JS);
  });

  test.each([
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ] as const)('with Accept-Encoding: %s the precompressed sibling is sent, cached the same way', async (encoding, decode) => {
    const res = await app.inject({ method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(decode(res.rawPayload).toString()).toBe(ASSET_JS);
  });

  test('brotli is preferred when the browser accepts both', async () => {
    const res = await app.inject({ method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
  });

  test('carry a strong ETag per encoding; a matching If-None-Match answers 304 without a body', async () => {
    const plain = await app.inject({ method: 'GET', url: `/${ASSET}` });
    const br = await app.inject({ method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'br' } });
    expect(plain.headers.etag).toMatch(/^"[^"]+"$/);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await app.inject({ method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
  });

  test('HEAD answers the headers of GET without the body', async () => {
    const res = await app.inject({ method: 'HEAD', url: `/${ASSET}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(ASSET_JS)));
    expect(res.body).toBe('');
  });

  test('an encoding refused with q=0 is not sent; gzip alone gets gzip', async () => {
    const res = await app.inject({ method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const none = await app.inject({ method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(ASSET_JS);
  });

  test('a missing asset is a plain 404, not the app shell', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/nope-ABCD1234.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
    expect(res.body).not.toContain('<div id="app">');
  });

  test('paths that climb out of the bundle folder serve nothing', async () => {
    for (const url of ['/assets/..%2f..%2fpackage.json', '/..%2f..%2fpackage.json', '/assets/%2e%2e/%2e%2e/package.json']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('"dependencies"');
    }
  });
});

describe('unknown API paths answer an envelope, never HTML', () => {
  test('/v1/nope for a signed-in user', async () => {
    const token = await signIn(app);
    const res = await call(app, 'GET', '/v1/nope', { token });
    expect(res.status).toBe(404);
    expect(res.res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json).toMatchObject({ code: 404, data: null });
    expect(res.json.message).toContain('/v1/nope');
  });

  test.each([
    ['GET', '/api/v1/nope'],
    ['POST', '/api/v1/nope'],
    ['GET', '/upload/nope'],
  ] as const)('%s %s', async (method, url) => {
    const res = await call(app, method, url, method === 'POST' ? { body: {} } : {});
    expect(res.res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json).toMatchObject({ code: expect.any(Number), data: null, message: expect.any(String) });
    expect(res.res.body).not.toContain('<div id="app">');
  });

  test('a POST to a page path is an envelope 404, not the app shell', async () => {
    const res = await call(app, 'POST', '/order/index', { body: {} });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 404, data: null });
  });
});

describe('security headers', () => {
  test.each(['/', `/${ASSET}`, '/healthz'])('%s carries the CSP and nosniff', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('over HTTP (the fast path answers before Fastify, with the same bytes and headers)', () => {
  let port: number;
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: url, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  const comparable = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).filter(([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)));

  beforeAll(async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });

  test.each([
    ['/login', {}],
    ['/order/index?x=1', { 'accept-encoding': 'gzip, deflate, br' }],
    ['/', { 'accept-encoding': 'br' }],
    [`/${ASSET}`, { 'accept-encoding': 'gzip' }],
    [`/${ASSET}`, {}],
  ] as const)('%s %j: as through Fastify', async (url, headers) => {
    const res = await get(url, headers);
    const viaFastify = await app.inject({ method: 'GET', url, headers });
    expect(res.status).toBe(200);
    expect(comparable(res.headers)).toEqual(comparable(viaFastify.headers));
    expect(res.body.equals(viaFastify.rawPayload)).toBe(true);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
  });

  test('304 on a matching ETag, HEAD without a body', async () => {
    const first = await get(`/${ASSET}`, { 'accept-encoding': 'br' });
    const again = await get(`/${ASSET}`, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
    const head = await get(`/${ASSET}`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(ASSET_JS)));
  });

  test('routes of their own, API paths, encoded paths and over-long URLs still reach Fastify', async () => {
    expect(JSON.parse((await get('/healthz')).body.toString())).toMatchObject({ status: 'ok' });
    expect((await get('/docs/json')).headers['content-type']).toMatch(/json/);
    const api = await get('/v1/nope');
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect((await get('/assets/..%2f..%2fpackage.json')).body.toString()).not.toContain('"dependencies"');
    expect((await get('/assets/nope-ABCD1234.js')).status).toBe(404);
    expect((await get(`/order/index?q=${'x'.repeat(9000)}`)).status).toBe(414);
  });
});

test('/healthz answers ok', async () => {
  const res = await app.inject({ method: 'GET', url: '/healthz' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: 'ok', mode: 'mock' });
});

test('without a build, pages answer 503 with the command to run, and APIs still work', async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'console-nobuild-'));
  const { app: bare } = await makeApp({ DIST_DIR: empty });
  try {
    const page = await bare.inject({ method: 'GET', url: '/order/index' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    const api = await call(bare, 'GET', '/api/v1/nope');
    expect(api.res.headers['content-type']).toMatch(/^application\/json/);
    expect(api.json).toMatchObject({ code: expect.any(Number), data: null, message: expect.any(String) });
  } finally {
    await bare.close();
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

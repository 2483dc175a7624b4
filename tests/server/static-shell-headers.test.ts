import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeApp } from './helpers.js';

// The app shell as the build writes it: index.html with its brotli and gzip siblings.
const INDEX_HTML = '<!doctype html><html lang="zh-CN"><head><title>Game Console</title></head><body><div id="app"></div></body></html>\n';

let dist: string;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'console-shell-headers-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(INDEX_HTML));
  fs.writeFileSync(path.join(dist, 'index.html.gz'), zlib.gzipSync(INDEX_HTML, { level: 9 }));
  ({ app } = await makeApp({ DIST_DIR: dist }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** A GET over loopback HTTP (the server's own answer, not `inject`): status, headers in the order sent as `name: value` lines (Date left out), body. */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; lines: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const lines: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) if (res.rawHeaders[i].toLowerCase() !== 'date') lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        resolve({ status: res.statusCode!, lines, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The headers the console sends with the app shell, in order (Date aside, which Node adds): the
 * file's, then the security headers (server/plugins/security.ts), then Node's connection headers.
 */
function shellHeaders(file: { length: number; etag: string; encoding?: string }): string[] {
  return [
    'content-type: text/html; charset=utf-8',
    `content-length: ${file.length}`,
    'cache-control: no-cache',
    `etag: ${file.etag}`,
    ...(file.encoding ? [`content-encoding: ${file.encoding}`] : []),
    'vary: accept-encoding',
    "content-security-policy: default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';frame-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
    'cross-origin-opener-policy: same-origin',
    'cross-origin-resource-policy: same-origin',
    'origin-agent-cluster: ?1',
    'referrer-policy: no-referrer',
    'x-content-type-options: nosniff',
    'x-dns-prefetch-control: off',
    'x-download-options: noopen',
    'x-frame-options: SAMEORIGIN',
    'x-permitted-cross-domain-policies: none',
    'x-xss-protection: 0',
    'permissions-policy: accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), serial=(), usb=(), xr-spatial-tracking=()',
  ];
}
/** The fixture's three files: sizes and strong ETags (sha1 of the bytes, per encoding). */
const FILES = {
  br: { length: 70, etag: '"1PeRfKDdxRQBDbKmAw1zbf-br"', encoding: 'br' },
  gzip: { length: 114, etag: '"MBK4DQ0AKh6OY-wK6D5hZb-gzip"', encoding: 'gzip' },
  identity: { length: 115, etag: '"nW9txNs1NOPhYDEnDrAUWy"' },
} as const;

const BR = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const GZIP = { 'accept-encoding': 'gzip, deflate' };

describe('the app shell answers with the same headers, byte for byte, over HTTP', () => {
  test.each([
    ['/', 'br', BR],
    ['/order/index?pageNum=2', 'br', BR],
    ['/', 'gzip', GZIP],
    ['/order/index?pageNum=2', 'gzip', GZIP],
  ] as const)('%s with %s', async (url, encoding, headers) => {
    const res = await get(url, headers);
    expect(res.status).toBe(200);
    const decode = encoding === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync;
    expect(decode(res.body).toString()).toBe(INDEX_HTML);
    expect(res.lines).toEqual([...shellHeaders(FILES[encoding]), 'Connection: close']);
  });

  test('on a kept-alive connection Node adds its keep-alive headers after them', async () => {
    const agent = new http.Agent({ keepAlive: true });
    try {
      const res = await new Promise<string[]>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: '/order/index', headers: BR, agent }, (r) => {
          r.resume();
          r.on('end', () => resolve(r.rawHeaders.flatMap((v, i) => (i % 2 || v.toLowerCase() === 'date' ? [] : [`${v}: ${r.rawHeaders[i + 1]}`]))));
        });
        req.on('error', reject);
        req.end();
      });
      expect(res).toEqual([...shellHeaders(FILES.br), 'Connection: keep-alive', expect.stringMatching(/^Keep-Alive: timeout=\d+$/)]);
    } finally {
      agent.destroy();
    }
  });

  test.each([
    ['/', BR],
    ['/order/index', GZIP],
  ] as const)('%s: a matching If-None-Match answers 304 with the same headers but the length', async (url, headers) => {
    const first = await get(url, headers);
    const etag = first.lines.find((l) => l.startsWith('etag: '))!.slice('etag: '.length);
    const again = await get(url, { ...headers, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.lines).toEqual(first.lines.filter((l) => !l.startsWith('content-length: ')));
  });

  test('without Accept-Encoding the plain page, with its own ETag', async () => {
    const res = await get('/login', {});
    expect(res.body.toString()).toBe(INDEX_HTML);
    expect(res.lines).toEqual([...shellHeaders(FILES.identity), 'Connection: close']);
  });

  test('HEAD answers the headers of GET without the body', async () => {
    const res = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; length: number }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: '/order/index', method: 'HEAD', headers: BR, agent: false }, (r) => {
        let length = 0;
        r.on('data', (c: Buffer) => (length += c.length));
        r.on('end', () => resolve({ status: r.statusCode!, headers: r.headers, length }));
      });
      req.on('error', reject);
      req.end();
    });
    const get200 = await get('/order/index', BR);
    expect(res.status).toBe(200);
    expect(res.length).toBe(0);
    expect(res.headers['content-length']).toBe(String(get200.body.length));
    expect(res.headers.etag).toBe(get200.lines.find((l) => l.startsWith('etag: '))!.slice('etag: '.length));
  });
});

describe('through Fastify (inject: tests, %-encoded paths) the same headers', () => {
  test.each([
    ['/order/index?pageNum=2', BR],
    ['/order/%69ndex', GZIP],
    ['/', {}],
  ] as const)('%s %j', async (url, headers) => {
    const viaHttp = await get(url.replace('%69', 'i'), headers);
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    const lines = Object.entries(res.headers)
      .filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k))
      .map(([k, v]) => `${k}: ${String(v)}`)
      .sort();
    expect(lines).toEqual(viaHttp.lines.filter((l) => !/^(connection|keep-alive): /i.test(l)).sort());
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_LIMITS } from '../../server/contract/index.js';
import { makeApp, signIn } from './helpers.js';
import { startUpstream, type Upstream } from './upstream.js';

/** Real (tiny) images: a 1×1 PNG and GIF, and JPEG/WebP headers file-type recognises. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64, 0), Buffer.from('ffd9', 'hex')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(28, 0)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

interface FilePart {
  data: Buffer;
  type: string;
  name?: string;
  field?: string;
}

/** A multipart body built by the platform's own FormData (what a browser sends). */
async function multipart(files: FilePart[], fields: Record<string, string> = {}) {
  const form = new FormData();
  files.forEach((f, i) => form.append(f.field ?? 'name[]', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name ?? `file${i + 1}`));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const req = new Request('http://localhost/upload', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}

let app: FastifyInstance;
let token: string;
let dir: string;

async function upload(files: FilePart[], auth: string | null = token) {
  const body = await multipart(files);
  const res = await app.inject({ method: 'POST', url: '/upload', payload: body.payload, headers: { ...body.headers, ...(auth ? { authorization: auth } : {}) } });
  return { status: res.statusCode, json: res.json() as { code: number; data: unknown; message: string } };
}

const stored = () => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-test-'));
  fs.rmSync(dir, { recursive: true });
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', UPLOAD_DIR: dir }));
  token = await signIn(app);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('POST /upload (mock mode)', () => {
  test('signed-out callers get the session-expired envelope and nothing is stored', async () => {
    const r = await upload([{ data: PNG, type: 'image/png' }], null);
    expect(r.json.code).toBe(401);
    expect(stored()).toEqual([]);
  });

  test('stores PNG, JPEG, WebP and GIF and answers their URLs in the order sent; the same bytes get the same URL', async () => {
    const r = await upload([
      { data: GIF, type: 'image/gif' },
      { data: PNG, type: 'image/png' },
      { data: JPEG, type: 'image/jpeg' },
      { data: WEBP, type: 'image/webp' },
    ]);
    expect(r.status).toBe(200);
    expect(r.json.code).toBe(200);
    const urls = r.json.data as string[];
    expect(urls.map((u) => u.split('.').pop())).toEqual(['gif', 'png', 'jpg', 'webp']);
    for (const u of urls) expect(u).toMatch(/^\/upload\/files\/[0-9a-f]{64}\.(png|jpg|webp|gif)$/);
    const again = await upload([{ data: PNG, type: 'image/png', name: 'other-name.png' }]);
    expect(again.json.data).toEqual([urls[1]]);
  });

  test('a stored image is served back, without a token, with its type, nosniff and long caching', async () => {
    const [url] = (await upload([{ data: PNG, type: 'image/png' }])).json.data as string[];
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  test('SVG is refused (not sanitized), naming the part', async () => {
    const r = await upload([{ data: SVG, type: 'image/svg+xml', name: 'logo.svg' }]);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 400, data: null });
    expect(r.json.message).toContain('name[] #1 (logo.svg)');
    expect(r.json.message).toContain('SVG');
  });

  test('the type is checked by content: a text file named .png and a PNG declared as JPEG are refused', async () => {
    const fake = await upload([{ data: Buffer.from('hello, not an image'), type: 'image/png', name: 'fake.png' }]);
    expect(fake.status).toBe(400);
    expect(fake.json.message).toMatch(/fake\.png.*only PNG, JPEG, WebP or GIF/);
    const liar = await upload([{ data: PNG, type: 'image/jpeg', name: 'liar.jpg' }]);
    expect(liar.status).toBe(400);
    expect(liar.json.message).toContain('declared as image/jpeg but the content is image/png');
  });

  test('a refused file anywhere in the request stores none of them', async () => {
    const before = stored();
    const unique = Buffer.concat([PNG, Buffer.from('unique trailer')]);
    const r = await upload([{ data: unique, type: 'image/png' }, { data: SVG, type: 'image/svg+xml', name: 'bad.svg' }]);
    expect(r.json.code).toBe(400);
    expect(r.json.message).toContain('name[] #2 (bad.svg)');
    expect(stored()).toEqual(before);
  });

  test(`more than ${UPLOAD_LIMITS.maxFiles} files answer 400 naming the limit`, async () => {
    const files = Array.from({ length: UPLOAD_LIMITS.maxFiles + 1 }, () => ({ data: GIF, type: 'image/gif' }));
    const r = await upload(files);
    expect(r.status).toBe(400);
    expect(r.json.message).toContain(`at most ${UPLOAD_LIMITS.maxFiles} files`);
    const ok = await upload(files.slice(1));
    expect(ok.json.code).toBe(200);
    expect(ok.json.data).toHaveLength(UPLOAD_LIMITS.maxFiles);
  });

  test('a file over 5 MB answers a 413 envelope naming the limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_LIMITS.maxFileBytes, 1)]);
    const r = await upload([{ data: big, type: 'image/png', name: 'big.png' }]);
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ code: 413, data: null });
    expect(r.json.message).toContain('larger than 5 MB');
  });

  test('no file, a file under another field and a JSON body each answer 400 naming name[]', async () => {
    const empty = await multipart([], { note: 'x' });
    const none = await app.inject({ method: 'POST', url: '/upload', headers: { authorization: token, ...empty.headers }, payload: empty.payload });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('name[]: no file');
    const other = await upload([{ data: PNG, type: 'image/png', field: 'file' }]);
    expect(other.status).toBe(400);
    expect(other.json.message).toContain('file: files go in parts named "name[]"');
    const json = await app.inject({ method: 'POST', url: '/upload', headers: { authorization: token }, payload: { url: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toContain('multipart/form-data');
  });

  test('unknown or malformed file names answer 404; the seeded placeholders still draw', async () => {
    for (const url of ['/upload/files/' + 'a'.repeat(64) + '.png', '/upload/files/..%2f..%2fetc%2fpasswd', '/upload/files/x.svg']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const placeholder = await app.inject({ method: 'GET', url: '/upload/mock/game/cover-1.svg' });
    expect(placeholder.statusCode).toBe(200);
    expect(placeholder.headers['content-type']).toContain('image/svg+xml');
  });
});

describe('/upload in proxy mode', () => {
  let up: Upstream;
  let proxy: FastifyInstance;
  beforeAll(async () => {
    up = await startUpstream();
    ({ app: proxy } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: up.url }));
  });
  afterAll(async () => {
    await proxy.close();
    await up.close();
  });

  test('POST /upload and GET /upload/files/* go to the platform untouched', async () => {
    const body = await multipart([{ data: SVG, type: 'image/svg+xml' }]);
    const post = await proxy.inject({ method: 'POST', url: '/upload', payload: body.payload, headers: { ...body.headers, authorization: 'Bearer t' } });
    const get = await proxy.inject({ method: 'GET', url: '/upload/files/abc.png' });
    expect([post.statusCode, get.statusCode]).toEqual([200, 200]);
    expect(up.received.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /upload', 'GET /upload/files/abc.png']);
    expect(up.received[0].body.equals(body.payload)).toBe(true);
  });
});

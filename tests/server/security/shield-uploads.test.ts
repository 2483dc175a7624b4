import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { dispositionOf, uploadFolderOf } from '../../../server/mock/routes/upload.js';
import { mockCtx } from '../contract/harness.js';
import { makeApp, signIn } from '../helpers.js';

/**
 * Uploads were buffered whole (24 concurrent uploads of 9 × 5 MB took
 * the RSS from 360 to 1,155 MB), nothing capped the disk and nothing was ever removed; stored files
 * carried no Content-Disposition and no CSP sandbox. Now each file streams to disk, at most
 * UPLOAD_CONCURRENCY uploads run at once (the rest are refused at once with a 503 envelope), the
 * folder has a quota (507 envelope), files nothing refers to are swept, and stored files are served
 * inline with a safe name, nosniff and `sandbox`. Real HTTP where the body's pace matters.
 */

const PNG_HEAD = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A distinct PNG (real header, random trailer) of about `bytes`. */
const png = (bytes: number) => Buffer.concat([PNG_HEAD, randomBytes(Math.max(0, bytes - PNG_HEAD.length))]);

let app: FastifyInstance | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await app?.close();
  app = null;
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shield-up-'));
  dirs.push(dir);
  ({ app } = await makeApp({ SCALE: '0.05', MOCK_CAPTCHA_CODE: 'TEST', UPLOAD_DIR: dir, ...env }));
  const token = await signIn(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { dir, token, port };
}

/** A multipart body as a browser's FormData builds it. */
async function multipart(files: Buffer[]) {
  const form = new FormData();
  files.forEach((f, i) => form.append('name[]', new Blob([new Uint8Array(f)], { type: 'image/png' }), `photo-${i}.png`));
  const req = new Request('http://localhost/upload', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}

interface Answer {
  status: number;
  json: { code: number; data: unknown; message: string; key?: string; field?: string };
  retryAfter?: string;
}

/**
 * Starts an upload over a real connection and sends `body` up to `hold` bytes before the end; the
 * rest goes when `finish` is called. Answers the parsed envelope.
 */
function slowUpload(port: number, token: string, mp: { body: Buffer; type: string }, hold: number) {
  let finish!: () => void;
  const done = new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/upload', headers: { authorization: token, 'content-type': mp.type, 'content-length': mp.body.length } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString('utf8')), retryAfter: res.headers['retry-after'] as string | undefined }));
    });
    req.on('error', reject);
    req.write(mp.body.subarray(0, mp.body.length - hold));
    finish = () => req.end(mp.body.subarray(mp.body.length - hold));
  });
  return { done, finish: () => finish() };
}

const upload = async (port: number, token: string, files: Buffer[]) => {
  const mp = await multipart(files);
  const u = slowUpload(port, token, mp, 0);
  u.finish();
  return u.done;
};


const storedBytes = (dir: string) => fs.readdirSync(dir).filter((n) => !n.startsWith('.')).reduce((s, n) => s + fs.statSync(path.join(dir, n)).size, 0);
const temps = (dir: string) => fs.readdirSync(dir).filter((n) => n.startsWith('.part-'));

describe('uploads are streamed, capped in number and bounded on disk', () => {
  test('a file streams to disk while it arrives; beyond UPLOAD_CONCURRENCY an upload is refused at once with a 503 envelope, not queued', async () => {
    const { dir, token, port } = await start({ UPLOAD_CONCURRENCY: '2' });
    const a = slowUpload(port, token, await multipart([png(600_000)]), 1000);
    const b = slowUpload(port, token, await multipart([png(600_000)]), 1000);
    // Both are in flight, their bytes already on disk in temporary files (not held in memory).
    // Waits on what the disk shows (vitest's poll, bounded), never a fixed sleep.
    await expect.poll(() => temps(dir).length === 2 && temps(dir).every((n) => fs.statSync(path.join(dir, n)).size > 500_000), { timeout: 20_000, interval: 20 }).toBe(true);
    const c = await upload(port, token, [png(1000)]);
    expect(c.status).toBe(503);
    expect(c.json).toMatchObject({ code: 503, data: null, field: 'name[]', key: 'upload.busy' });
    expect(c.json.message).toMatch(/at most 2/);
    expect(c.retryAfter).toBe('5');
    a.finish();
    b.finish();
    for (const r of [await a.done, await b.done]) expect(r.json.code).toBe(200);
    expect(temps(dir)).toEqual([]);
    // The slots are free again.
    expect((await upload(port, token, [png(1000)])).json.code).toBe(200);
  });

  test('the folder has a quota: an upload that does not fit answers a 507 envelope and stores nothing', async () => {
    const { dir, token, port } = await start({ UPLOAD_QUOTA_MB: '1' });
    expect((await upload(port, token, [png(600_000)])).json.code).toBe(200);
    const before = fs.readdirSync(dir).sort();
    const full = await upload(port, token, [png(600_000)]);
    expect(full.status).toBe(507);
    expect(full.json).toMatchObject({ code: 507, data: null, field: 'name[]', key: 'upload.quotaFull' });
    expect(full.json.message).toMatch(/1 MB/);
    expect(fs.readdirSync(dir).sort()).toEqual(before);
    expect(storedBytes(dir)).toBeLessThanOrEqual(1024 * 1024);
  });

  test('pressure: 16 concurrent uploads of 3 files each answer 200, 503 or 507 envelopes; the disk stays under the quota, no temporary file stays', async () => {
    const { dir, token, port } = await start({ UPLOAD_CONCURRENCY: '3', UPLOAD_QUOTA_MB: '4' });
    const answers = await Promise.all(Array.from({ length: 16 }, () => upload(port, token, [png(300_000), png(300_000), png(300_000)])));
    const codes = answers.map((r) => r.json.code);
    for (const r of answers) expect([200, 503, 507], JSON.stringify(r.json)).toContain(r.json.code);
    expect(codes).toContain(200);
    expect(codes.some((c) => c === 503 || c === 507)).toBe(true);
    expect(storedBytes(dir)).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(temps(dir)).toEqual([]);
    // Every URL answered is served.
    const urls = answers.filter((r) => r.json.code === 200).flatMap((r) => r.json.data as string[]);
    for (const u of urls) expect((await app!.inject({ url: u })).statusCode).toBe(200);
  });
});

describe('files nothing refers to are swept', () => {
  test('an old file no record mentions is removed, a referenced or young one stays; left-over temporary files go at start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shield-sweep-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, '.part-left-over'), 'x');
    ({ app } = await makeApp({ SCALE: '0.05', MOCK_CAPTCHA_CODE: 'TEST', UPLOAD_DIR: dir, UPLOAD_ORPHAN_MINUTES: '30' }));
    expect(fs.existsSync(path.join(dir, '.part-left-over'))).toBe(false);
    const token = await signIn(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const [orphan, kept, young] = await Promise.all([1, 2, 3].map(async () => ((await upload(port, token, [png(2000)])).json.data as string[])[0]));
    const ctx = mockCtx(app);
    const game = ctx.store.col('game').values().next().value!;
    ctx.store.col('game').replace({ ...game, cover: kept });
    const hourAgo = new Date(Date.now() - 3600_000);
    for (const u of [orphan, kept]) fs.utimesSync(path.join(dir, path.basename(u)), hourAgo, hourAgo);
    const folder = uploadFolderOf(ctx)!;
    const before = folder.stored;
    expect(await folder.sweep()).toBe(1);
    expect(fs.existsSync(path.join(dir, path.basename(orphan)))).toBe(false);
    expect(fs.existsSync(path.join(dir, path.basename(kept)))).toBe(true);
    expect(fs.existsSync(path.join(dir, path.basename(young)))).toBe(true);
    expect(folder.stored).toBeLessThan(before);
    expect((await app.inject({ url: orphan })).statusCode).toBe(404);
    expect((await app.inject({ url: kept })).statusCode).toBe(200);
    // A save naming the swept file is refused naming the field, and changes nothing; the stored one saves.
    const saved = JSON.stringify(ctx.store.col('game').get(game.id));
    const gone = await app.inject({ method: 'POST', url: '/v1/game/update', headers: { authorization: token }, payload: { id: game.id, cover: orphan } });
    expect(gone.json()).toMatchObject({ code: 400, data: null, field: 'cover', key: 'upload.fileGone' });
    expect(gone.json().message).toContain(path.basename(orphan));
    expect(JSON.stringify(ctx.store.col('game').get(game.id))).toBe(saved);
    expect((await app.inject({ method: 'POST', url: '/v1/game/update', headers: { authorization: token }, payload: { id: game.id, cover: young } })).json().code).toBe(200);
  });
});

describe('stored files are served with Content-Disposition and a CSP sandbox (defect 16)', () => {
  test('inline with the hash name for an image, nosniff, sandbox; attachment for anything else', async () => {
    const { token, port } = await start();
    const [url] = (await upload(port, token, [png(3000)])).json.data as string[];
    const res = await app!.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${path.basename(url)}"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toMatch(/^sandbox; default-src 'none'/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(dispositionOf('evil.html')).toBe('attachment; filename="download"');
    expect(dispositionOf('a'.repeat(64) + '.gif')).toBe(`inline; filename="${'a'.repeat(64)}.gif"`);
  });
});

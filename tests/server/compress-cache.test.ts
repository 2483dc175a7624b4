import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, expect, test, vi } from 'vitest';

// The cache folder is read when the module loads, so each case imports it afresh under its own setting.
const dirs: string[] = [];
async function load(dir: string) {
  vi.resetModules();
  vi.stubEnv('COMPRESS_CACHE_DIR', dir);
  return import('../../scripts/lib/compress.js');
}
afterAll(() => {
  vi.unstubAllEnvs();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

test('the build compresses bytes it has seen before from its cache, to the same bytes', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-cache-'));
  dirs.push(dir);
  const { compressBoth } = await load(dir);
  const data = Buffer.from('const greeting = "你好";\n'.repeat(200));
  const first = await compressBoth(data, 'a.js');
  expect(fs.readdirSync(dir).sort()).toHaveLength(2);
  // A planted entry proves the second answer is read, not computed again.
  const [br] = fs.readdirSync(dir).filter((n) => n.endsWith('.br'));
  const planted = zlib.brotliCompressSync(data);
  fs.writeFileSync(path.join(dir, br), planted);
  const second = await compressBoth(data, 'b.js');
  expect(second.br.equals(planted)).toBe(true);
  expect(second.gz.equals(first.gz)).toBe(true);
  expect(zlib.brotliDecompressSync(first.br).equals(data)).toBe(true);
  // The same bytes as a font are compressed in brotli's generic mode: another entry.
  await compressBoth(data, 'c.ttf');
  expect(fs.readdirSync(dir)).toHaveLength(4);
});

test('a cache folder that cannot be written only makes the build slower', async () => {
  const file = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-cache-'));
  dirs.push(file);
  // A plain file where the folder should be: mkdir and every write fail.
  fs.writeFileSync(path.join(file, 'taken'), '');
  const { compressBoth } = await load(path.join(file, 'taken'));
  const data = Buffer.from('body { margin: 0 }\n'.repeat(100));
  const { br, gz } = await compressBoth(data, 'a.css');
  expect(zlib.brotliDecompressSync(br).equals(data)).toBe(true);
  expect(zlib.gunzipSync(gz).equals(data)).toBe(true);
});

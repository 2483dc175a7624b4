import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PROJECT_ROOT } from './web-bundle.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Sizes of one file in bytes: as written, and as gzip (level 9) and brotli (quality 11) would send it. */
export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

/**
 * Extensions worth precompressing. Source maps are left out (only developers fetch them), as are
 * woff/woff2 and images, which are compressed formats already.
 */
const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt']);
const BINARY = new Set(['.ttf', '.eot']);

export function isCompressible(file: string): boolean {
  const ext = path.extname(file).toLowerCase();
  return TEXT.has(ext) || BINARY.has(ext);
}

/** Compresses `data` both ways at the highest levels; runs on the libuv thread pool. */
async function compressFresh(data: Buffer, text: boolean): Promise<{ gz: Buffer; br: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: text ? zlib.constants.BROTLI_MODE_TEXT : zlib.constants.BROTLI_MODE_GENERIC,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: 9 }),
  ]);
  return { gz, br };
}

/**
 * Where compressed bytes are kept by the hash of what they compress (`COMPRESS_CACHE_DIR`, else
 * `node_modules/.cache/console-compress`; `COMPRESS_CACHE_DIR=off` keeps none). Brotli at quality 11
 * is most of a build's time (~17 s of ~31 s on the 2-core machine), and most builds compress the
 * same chunks again: `npm test` builds the bundle, then the build test builds it once more.
 */
const CACHE_DIR = process.env.COMPRESS_CACHE_DIR === 'off' ? null : path.resolve(process.env.COMPRESS_CACHE_DIR || path.join(PROJECT_ROOT, 'node_modules', '.cache', 'console-compress'));
/** A cache entry not used for this long is removed by {@link pruneCompressCache}. */
const CACHE_KEEP_MS = 7 * 24 * 3600_000;

/**
 * Compresses `data` both ways at the highest levels (gzip 9, brotli 11, text mode for text
 * extensions), from the cache when the same bytes were compressed before. A cache that can't be
 * read or written is only slower: the bytes are compressed and the build goes on.
 */
export async function compressBoth(data: Buffer, file: string): Promise<{ gz: Buffer; br: Buffer }> {
  const text = TEXT.has(path.extname(file).toLowerCase());
  if (!CACHE_DIR) return compressFresh(data, text);
  // The mode is part of the key: the same bytes named .js and .ttf compress differently.
  const key = path.join(CACHE_DIR, createHash('sha256').update(text ? 't' : 'b').update(data).digest('hex'));
  try {
    const [br, gz] = await Promise.all([fs.readFile(`${key}.br`), fs.readFile(`${key}.gz`)]);
    const now = new Date();
    await Promise.all([fs.utimes(`${key}.br`, now, now), fs.utimes(`${key}.gz`, now, now)]);
    return { gz, br };
  } catch {
    const out = await compressFresh(data, text);
    try {
      await fs.mkdir(CACHE_DIR, { recursive: true });
      // Written under a temporary name and renamed, so a build running beside this one reads whole files.
      const tmp = `${key}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      await Promise.all([fs.writeFile(`${tmp}.br`, out.br), fs.writeFile(`${tmp}.gz`, out.gz)]);
      await Promise.all([fs.rename(`${tmp}.br`, `${key}.br`), fs.rename(`${tmp}.gz`, `${key}.gz`)]);
    } catch {
      // Read-only or full disk: the build does not depend on the cache.
    }
    return out;
  }
}

/** Removes cache entries unused for a week, so a developer's cache holds about the builds of that week. */
async function pruneCompressCache(): Promise<void> {
  if (!CACHE_DIR) return;
  const names = await fs.readdir(CACHE_DIR).catch(() => [] as string[]);
  const cutoff = Date.now() - CACHE_KEEP_MS;
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(CACHE_DIR, name);
      const st = await fs.stat(file).catch(() => null);
      if (st && st.mtimeMs < cutoff) await fs.rm(file, { force: true });
    }),
  );
}

/**
 * Writes `file.br` and `file.gz` beside each compressible file, each only when smaller than the
 * original (the static server then falls back to the plain file). Returns the sizes of every file
 * it looked at, keyed by absolute path; a sibling that was not written counts as the raw size.
 */
export async function precompress(files: string[]): Promise<Map<string, Size>> {
  const sizes = new Map<string, Size>();
  await Promise.all(
    files.filter(isCompressible).map(async (file) => {
      const data = await fs.readFile(file);
      const { gz, br } = await compressBoth(data, file);
      const writes: Promise<void>[] = [];
      if (br.length < data.length) writes.push(fs.writeFile(`${file}.br`, br));
      if (gz.length < data.length) writes.push(fs.writeFile(`${file}.gz`, gz));
      await Promise.all(writes);
      sizes.set(file, { raw: data.length, gzip: Math.min(gz.length, data.length), brotli: Math.min(br.length, data.length) });
    }),
  );
  await pruneCompressCache();
  return sizes;
}

/** Sizes of one file, from `known` (filled by `precompress`) or measured in memory. */
export async function sizeOf(file: string, known: Map<string, Size>): Promise<Size> {
  const hit = known.get(file);
  if (hit) return hit;
  const data = await fs.readFile(file);
  const { gz, br } = await compressBoth(data, file);
  const size = { raw: data.length, gzip: Math.min(gz.length, data.length), brotli: Math.min(br.length, data.length) };
  known.set(file, size);
  return size;
}

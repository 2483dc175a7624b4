import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

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
export async function compressBoth(data: Buffer, file: string): Promise<{ gz: Buffer; br: Buffer }> {
  const text = TEXT.has(path.extname(file).toLowerCase());
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

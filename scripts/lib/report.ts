import path from 'node:path';
import type { Metafile } from 'esbuild';
import { sizeOf, type Size } from './compress.js';
import { inputsOf, metaPath, outputOfEntry, staticClosure, PROJECT_ROOT } from './web-bundle.js';

/** A file's sizes; `file` is relative to the web out dir (e.g. `assets/main-ABCD1234.js`). */
export interface FileSize extends Size {
  file: string;
}

/** A group of files a browser downloads together, summed file by file (each is sent on its own). */
export interface GroupSize extends Size {
  files: string[];
}

/** The build's size report (bytes). */
export interface SizeReport {
  entryJs: FileSize;
  entryCss: FileSize | null;
  /**
   * What a first visit to /login downloads: the boot script, the entry and its static imports, the
   * login page chunk and its static imports, their CSS, the page CSS index.html links up front and
   * the light theme. Null when the app has no login page yet.
   */
  loginInitial: GroupSize | null;
  /** CSS of lazily loaded pages, which index.html links up front (see `WebEntryFiles.lazyCss`). */
  lazyCss: GroupSize;
  /** The ten largest JS files (entry, pages and shared chunks). */
  largestChunks: FileSize[];
}

/** Packages that must load only with the pages that draw charts (they weigh about 500 KB). */
const CHART_PACKAGE = /[\\/]node_modules[\\/](?:react-)?apexcharts[\\/]/;

/**
 * Fails when apexcharts can be reached from `starts` (metafile output keys) through static imports.
 * The message names the first source file of ours that imports it, so the fix is obvious.
 * @throws Error "apexcharts is loaded up front by web/main.tsx …"
 */
export function assertChartsAreLazy(meta: Metafile, starts: { key: string; label: string }[]): void {
  for (const { key, label } of starts) {
    const inputs = new Set(inputsOf(meta, staticClosure(meta, key)));
    const charts = [...inputs].filter((i) => CHART_PACKAGE.test(i));
    if (!charts.length) continue;
    const importers = Object.entries(meta.inputs)
      .filter(([src, info]) => !CHART_PACKAGE.test(metaPath(src)) && inputs.has(metaPath(src)) && info.imports.some((i) => CHART_PACKAGE.test(metaPath(i.path))))
      .map(([src]) => path.relative(PROJECT_ROOT, metaPath(src)));
    throw new Error(
      `build: apexcharts is loaded up front by ${label}` +
        (importers.length ? ` (imported by ${importers.join(', ')})` : '') +
        '. Charts must load only with the pages that draw them: reach those pages through import() and keep chart imports out of shared modules.',
    );
  }
}

/**
 * Measures the report's files. `known` holds sizes already measured by the precompression step;
 * other files are compressed in memory.
 */
export async function sizeReport(
  meta: Metafile,
  opts: { outDir: string; webRoot: string; loginPage: string; themeLight: string; boot: string; lazyCss: string[]; known: Map<string, Size> },
): Promise<SizeReport> {
  const rel = (abs: string) => path.relative(opts.outDir, abs).split(path.sep).join('/');
  const fileSize = async (abs: string): Promise<FileSize> => ({ file: rel(abs), ...(await sizeOf(abs, opts.known)) });
  const group = async (abs: string[]): Promise<GroupSize> => {
    const each = await Promise.all(abs.map((f) => sizeOf(f, opts.known)));
    return {
      files: abs.map(rel),
      raw: each.reduce((s, x) => s + x.raw, 0),
      gzip: each.reduce((s, x) => s + x.gzip, 0),
      brotli: each.reduce((s, x) => s + x.brotli, 0),
    };
  };

  const entryKey = outputOfEntry(meta, path.join(opts.webRoot, 'main.tsx'))!;
  const entryCss = meta.outputs[entryKey].cssBundle;
  const loginKey = outputOfEntry(meta, path.join(opts.webRoot, opts.loginPage));

  let loginInitial: GroupSize | null = null;
  if (loginKey) {
    const js = new Set([...staticClosure(meta, entryKey), ...staticClosure(meta, loginKey)]);
    const css = [entryKey, loginKey].map((k) => meta.outputs[k].cssBundle).filter((c): c is string => !!c);
    loginInitial = await group([...new Set([opts.boot, opts.themeLight, ...[...js, ...css].map(metaPath), ...opts.lazyCss])]);
  }

  const largest = Object.entries(meta.outputs)
    .filter(([key]) => key.endsWith('.js'))
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, 10)
    .map(([key]) => metaPath(key));

  return {
    entryJs: await fileSize(metaPath(entryKey)),
    entryCss: entryCss ? await fileSize(metaPath(entryCss)) : null,
    loginInitial,
    lazyCss: await group(opts.lazyCss),
    largestChunks: await Promise.all(largest.map(fileSize)),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The report as a fixed-width table in KB. */
export function formatSizeReport(r: SizeReport): string {
  const rows: [string, Size][] = [['entry JS  ' + r.entryJs.file, r.entryJs]];
  if (r.entryCss) rows.push(['entry CSS ' + r.entryCss.file, r.entryCss]);
  if (r.loginInitial) rows.push([`login route initial load (${r.loginInitial.files.length} files)`, r.loginInitial]);
  else rows.push(['login route initial load: no login page chunk found', { raw: 0, gzip: 0, brotli: 0 }]);
  if (r.lazyCss.files.length) rows.push([`  of which page CSS linked up front (${r.lazyCss.files.length} files)`, r.lazyCss]);
  rows.push(['— 10 largest chunks —', { raw: NaN, gzip: NaN, brotli: NaN }]);
  for (const c of r.largestChunks) rows.push(['  ' + c.file, c]);
  const width = Math.max(...rows.map(([label]) => label.length), 10);
  const cell = (n: number) => (Number.isNaN(n) ? '' : kb(n)).padStart(10);
  const head = `${'file'.padEnd(width)}${'raw KB'.padStart(10)}${'gzip KB'.padStart(10)}${'br KB'.padStart(10)}`;
  return [head, '-'.repeat(head.length), ...rows.map(([label, s]) => `${label.padEnd(width)}${cell(s.raw)}${cell(s.gzip)}${cell(s.brotli)}`)].join('\n');
}

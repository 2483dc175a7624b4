import fs from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { sizeOf, type Size } from './compress.js';
import { inputsOf, loadedEntry, metaPath, outputOfEntry, staticClosure, PROJECT_ROOT } from './web-bundle.js';

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
   * What a first visit to /login downloads (see {@link LOGIN_BUDGET}): index.html (the favicon is
   * inline), the light theme, the entry CSS, the boot script, the entry and its static imports, the login page
   * chunk and the default language pack with their static imports and CSS, and the icon font
   * (woff2). Null when the app has no login page yet.
   */
  loginInitial: (GroupSize & { js: GroupSize; requests: number }) | null;
  /** CSS of lazily loaded chunks, loaded with their chunk (web/boot.ts), not linked by index.html. */
  lazyCss: GroupSize;
  /** The ten largest JS files (entry, pages and shared chunks). */
  largestChunks: FileSize[];
}

/**
 * The login route's budget, over which the build fails: brotli bytes of its JS (boot script
 * included), of everything it downloads, and its number of requests (API calls aside): the budget:
 * 150 KB JS, 250 KB in all and 20 requests.
 */
export const LOGIN_BUDGET = { jsBrotli: 150 * 1024, totalBrotli: 250 * 1024, requests: 20 } as const;
/** JS goal for the login route (the enforced limit too). */
export const LOGIN_JS_GOAL = 150 * 1024;

/**
 * Where the build writes its size report as JSON (a {@link SizeReport}): beside the out dir, not in
 * it, so the static server never serves it (`dist/web` → `dist/web.sizes.json`). The login route's
 * first-visit test (tests/e2e/login-first-visit.e2e.test.ts) compares what Chromium downloads with it.
 */
export function sizeReportFile(outDir: string): string {
  return `${path.resolve(outDir)}.sizes.json`;
}

/** Why the login route is over budget, or null. */
export function loginBudgetProblems(r: SizeReport): string | null {
  const l = r.loginInitial;
  if (!l) return null;
  const over: string[] = [];
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  if (l.js.brotli > LOGIN_BUDGET.jsBrotli) over.push(`JS ${kb(l.js.brotli)} br > ${kb(LOGIN_BUDGET.jsBrotli)}`);
  if (l.brotli > LOGIN_BUDGET.totalBrotli) over.push(`everything ${kb(l.brotli)} br > ${kb(LOGIN_BUDGET.totalBrotli)}`);
  if (l.requests > LOGIN_BUDGET.requests) over.push(`${l.requests} requests > ${LOGIN_BUDGET.requests}`);
  return over.length ? over.join(', ') : null;
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
  opts: {
    outDir: string;
    webRoot: string;
    loginPage: string;
    themeLight: string;
    boot: string;
    lazyCss: string[];
    known: Map<string, Size>;
    /** index.html and the favicon, counted in the login route when given. */
    indexHtml?: string;
    favicon?: string;
    /** Source of the language pack the first visit loads (default `i18n/locales/zh_CN/index.ts`). */
    languagePack?: string;
  },
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
  // What index.html loads as the module (the entry, or the chunk its stub would import).
  const loaded = loadedEntry(meta, entryKey);
  const loginKey = outputOfEntry(meta, path.join(opts.webRoot, opts.loginPage));

  let loginInitial: SizeReport['loginInitial'] = null;
  if (loginKey) {
    const packKey = outputOfEntry(meta, path.join(opts.webRoot, opts.languagePack ?? path.join('i18n', 'locales', 'zh_CN', 'index.ts')));
    const starts = [loaded, loginKey, ...(packKey ? [packKey] : [])];
    const js = [...new Set(starts.flatMap((k) => staticClosure(meta, k)))];
    // A lazy chunk's CSS file is gone when the chunk has none of its own (see rewriteLazyCss).
    const css = [entryKey, ...starts.slice(1)].map((k) => meta.outputs[k].cssBundle).filter((c): c is string => !!c && fs.existsSync(metaPath(c)));
    // Browsers take the first format they support from @font-face: woff2.
    const fonts = css
      .concat(Object.keys(meta.outputs).filter((k) => metaPath(k) === opts.themeLight))
      .flatMap((k) => meta.outputs[k]?.imports ?? [])
      .filter((i) => i.path.endsWith('.woff2'))
      .map((i) => i.path);
    const jsGroup = await group([opts.boot, ...js.map(metaPath)]);
    const all = [...new Set([...(opts.indexHtml ? [opts.indexHtml] : []), ...(opts.favicon ? [opts.favicon] : []), opts.boot, opts.themeLight, ...jsGroup.files.map((f) => path.join(opts.outDir, f)), ...[...css, ...fonts].map(metaPath)])];
    loginInitial = { ...(await group(all)), js: jsGroup, requests: all.length };
  }

  const largest = Object.entries(meta.outputs)
    .filter(([key]) => key.endsWith('.js'))
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, 10)
    .map(([key]) => metaPath(key));

  return {
    entryJs: await fileSize(metaPath(loaded)),
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
  const b = LOGIN_BUDGET;
  if (r.loginInitial) {
    rows.push([`login route, first visit: ${r.loginInitial.requests} requests (budget ${b.requests}, ${kb(b.totalBrotli)} KB br)`, r.loginInitial]);
    rows.push([`  of which JS (${r.loginInitial.js.files.length} files; limit ${kb(b.jsBrotli)} KB br)`, r.loginInitial.js]);
  } else rows.push(['login route initial load: no login page chunk found', { raw: 0, gzip: 0, brotli: 0 }]);
  if (r.lazyCss.files.length) rows.push([`CSS of lazy chunks, loaded with them (${r.lazyCss.files.length} files)`, r.lazyCss]);
  rows.push(['— 10 largest chunks —', { raw: NaN, gzip: NaN, brotli: NaN }]);
  for (const c of r.largestChunks) rows.push(['  ' + c.file, c]);
  const width = Math.max(...rows.map(([label]) => label.length), 10);
  const cell = (n: number) => (Number.isNaN(n) ? '' : kb(n)).padStart(10);
  const head = `${'file'.padEnd(width)}${'raw KB'.padStart(10)}${'gzip KB'.padStart(10)}${'br KB'.padStart(10)}`;
  return [head, '-'.repeat(head.length), ...rows.map(([label, s]) => `${label.padEnd(width)}${cell(s.raw)}${cell(s.gzip)}${cell(s.brotli)}`)].join('\n');
}

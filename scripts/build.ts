import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { Metafile } from 'esbuild';
import { precompress, type Size } from './lib/compress.js';
import { assertChartsAreLazy, formatSizeReport, loginBudgetProblems, sizeReport, sizeReportFile, type SizeReport } from './lib/report.js';
import {
  appBuildOptions,
  appendPageCssCalls,
  routeChunkImports,
  pageCssMap,
  rewriteLazyCss,
  assertSafeOutDir,
  bootBuildOptions,
  entryFiles,
  LOGIN_PAGE,
  outputOfEntry,
  PROJECT_ROOT,
  renderIndexHtml,
  writeFavicon,
  type WebEntryFiles,
} from './lib/web-bundle.js';

/** Parameters of `build`; every path may be relative to the current directory. */
export interface BuildParams {
  /** Folder holding `main.tsx`, `boot.ts` and `pages/`; default `web/`. */
  webRoot?: string;
  /** Output folder of the web bundle; default `dist/web`. It is emptied first. */
  outDir?: string;
  /** Where to bundle `server/main.ts` (e.g. `dist/server/main.js`); the server is skipped when absent. */
  serverOut?: string;
  /** Default true. */
  minify?: boolean;
  /** Write `.br`/`.gz` siblings; default true. */
  compress?: boolean;
  /** Print nothing (tests); default false. */
  quiet?: boolean;
  /** Login page relative to the web root, for the size report and the apexcharts check. */
  loginPage?: string;
  /** Fail when the login route is over its budget (scripts/lib/report.ts LOGIN_BUDGET); default true. */
  budget?: boolean;
}

/** Absolute paths of what the build wrote. */
export interface BuildOutputs extends WebEntryFiles {
  indexHtml: string;
  favicon: string;
  /** Every file under the out dir, relative to it with `/` separators, including `.br`/`.gz` siblings. */
  files: string[];
  /** The bundled server, when `serverOut` was given. */
  server: string | null;
}

export interface BuildResult {
  /** The app and boot builds' metafiles merged (keys relative to the project root). */
  metafile: Metafile;
  sizes: SizeReport;
  outputs: BuildOutputs;
  /** Wall time of the whole build in ms. */
  ms: number;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Bundles `server/main.ts` for `node dist/server/main.js`; packages stay in node_modules. Beside it,
 * `audit-worker.js`: the audit trail's SQLite worker thread (server/audit/sqlite-worker.ts), which
 * the server starts from the file next to its own.
 */
export async function buildServer(outfile: string): Promise<void> {
  const bundle = (entry: string, out: string) =>
    esbuild.build({
      absWorkingDir: PROJECT_ROOT,
      entryPoints: [path.join(PROJECT_ROOT, 'server', entry)],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      packages: 'external',
      sourcemap: true,
      logLevel: 'silent',
    });
  await Promise.all([bundle('main.ts', outfile), bundle(path.join('audit', 'sqlite-worker.ts'), path.join(path.dirname(outfile), 'audit-worker.js'))]);
}

/**
 * Builds the console (architecture "scripts/"): the web bundle into `outDir` (hashed ESM chunks,
 * one lazily loaded chunk per `import()`ed page, both PrimeReact themes, the boot script, fonts,
 * favicon and a generated index.html without inline code), precompressed `.br`/`.gz` siblings, and
 * optionally the server bundle. The size report is printed and written beside the out dir as JSON
 * (scripts/lib/report.ts sizeReportFile).
 * @returns the merged metafile, the size report (bytes) and the written files.
 * @throws Error when esbuild fails (message lists file:line errors), when apexcharts is reachable by
 *   static imports from the entry or the login page, when the login route is over its budget
 *   (requests, JS and total brotli bytes; the size table is printed first), or when `outDir` would
 *   contain the sources.
 */
export async function build(params: BuildParams = {}): Promise<BuildResult> {
  const started = performance.now();
  const webRoot = path.resolve(params.webRoot ?? path.join(PROJECT_ROOT, 'web'));
  const outDir = path.resolve(params.outDir ?? path.join(PROJECT_ROOT, 'dist', 'web'));
  const minify = params.minify ?? true;
  const compress = params.compress ?? true;
  const loginPage = params.loginPage ?? LOGIN_PAGE;
  const log = params.quiet ? () => {} : (line: string) => console.log(line);

  assertSafeOutDir(outDir, webRoot);
  await fs.rm(outDir, { recursive: true, force: true });
  await fs.mkdir(outDir, { recursive: true });

  const p = { webRoot, outDir, minify };
  const serverOut = params.serverOut ? path.resolve(params.serverOut) : null;
  const serverBuilt = serverOut ? buildServer(serverOut) : null;
  const [app, plain, favicon] = await Promise.all([
    esbuild.build(appBuildOptions(p)),
    // Only for the lazy chunks' own CSS (see rewriteLazyCss); nothing of it is written.
    esbuild.build({ ...appBuildOptions(p, { shareEntry: false }), write: false }),
    writeFavicon(outDir),
  ]);
  // The boot script carries the map of lazy chunks to their CSS, which only the app build knows.
  const pageCss = pageCssMap(app.metafile!, webRoot, outDir);
  await rewriteLazyCss(app.metafile!, plain, webRoot, outDir, pageCss);
  const [boot] = await Promise.all([esbuild.build(bootBuildOptions(p, pageCss)), appendPageCssCalls(outDir, pageCss).then(() => routeChunkImports(outDir)), serverBuilt]);
  const metafile: Metafile = {
    inputs: { ...app.metafile!.inputs, ...boot.metafile!.inputs },
    outputs: { ...app.metafile!.outputs, ...boot.metafile!.outputs },
  };
  const bundled = performance.now();

  const entryKey = outputOfEntry(metafile, path.join(webRoot, 'main.tsx'))!;
  const loginKey = outputOfEntry(metafile, path.join(webRoot, loginPage));
  assertChartsAreLazy(metafile, [
    { key: entryKey, label: 'the entry main.tsx' },
    ...(loginKey ? [{ key: loginKey, label: `the login page ${loginPage}` }] : []),
  ]);

  const entry = entryFiles(app.metafile!, boot.metafile!, webRoot);
  const files = { ...entry, lazyCss: entry.lazyCss.filter((f) => existsSync(f)) };
  const indexHtml = path.join(outDir, 'index.html');
  await fs.writeFile(indexHtml, renderIndexHtml(outDir, files, { linkPageCss: false }));

  const known = compress ? await precompress(await listFiles(outDir)) : new Map<string, Size>();
  const compressed = performance.now();
  const sizes = await sizeReport(metafile, { outDir, webRoot, loginPage, themeLight: files.themeLight, boot: files.boot, lazyCss: files.lazyCss, known, indexHtml });
  await fs.writeFile(sizeReportFile(outDir), JSON.stringify(sizes, null, 2));

  const all = (await listFiles(outDir)).map((f) => path.relative(outDir, f).split(path.sep).join('/')).sort();
  const ms = performance.now() - started;
  log(formatSizeReport(sizes));
  log(
    `\nbuilt ${all.length} files into ${path.relative(process.cwd(), outDir) || '.'}` +
      (serverOut ? ` and ${path.relative(process.cwd(), serverOut)}` : '') +
      ` in ${(ms / 1000).toFixed(2)} s (bundle ${(bundled - started).toFixed(0)} ms` +
      (compress ? `, compress ${(compressed - bundled).toFixed(0)} ms)` : ')'),
  );
  const over = params.budget === false ? null : loginBudgetProblems(sizes);
  if (over) throw new Error(`build: the login route is over its budget (${over}); see the size table. Keep what only signed-in pages need behind import().`);
  return { metafile, sizes, outputs: { ...files, indexHtml, favicon, files: all, server: serverOut }, ms };
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  // `npm run build [-- --no-compress] [-- --no-minify]`; DIST_DIR=/tmp/x builds only the web bundle there
  // (parallel work trees and test runs must not overwrite each other's dist/).
  const args = new Set(process.argv.slice(2));
  const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : null;
  build({
    ...(distDir ? { outDir: distDir } : { serverOut: path.join(PROJECT_ROOT, 'dist', 'server', 'main.js') }),
    compress: !args.has('--no-compress'),
    minify: !args.has('--no-minify'),
  }).catch((err: Error & { errors?: esbuild.Message[] }) => {
    if (err.errors?.length) {
      const text = esbuild.formatMessagesSync(err.errors, { kind: 'error', color: process.stderr.isTTY });
      console.error(text.join('\n'));
    } else {
      console.error(err.message);
    }
    console.error('build failed');
    process.exit(1);
  });
}

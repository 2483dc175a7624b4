import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';

/** The project root (scripts/lib/ sits two levels under it); esbuild paths in metafiles are relative to it. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where hashed files go inside the web out dir, and the URL prefix they are served under. */
export const ASSETS_DIR = 'assets';
export const ASSETS_URL = `/${ASSETS_DIR}/`;

/** Page of the login route, relative to the web root; the size report and the apexcharts check follow it. */
export const LOGIN_PAGE = 'pages/login/login.page.tsx';

// Real path: esbuild's metafile names the resolved file, so a symlinked node_modules (a git worktree
// sharing the main checkout's) must compare by it.
const THEMES_DIR = realpathSync(path.join(PROJECT_ROOT, 'node_modules', 'primereact', 'resources', 'themes'));
/** PrimeReact theme sheets; `web/boot.ts` swaps between them through `#theme-link` (spec "Theme light or dark"). */
export const THEME_SOURCES = {
  light: path.join(THEMES_DIR, 'lara-light-blue', 'theme.css'),
  dark: path.join(THEMES_DIR, 'lara-dark-blue', 'theme.css'),
} as const;

/** Fonts and images referenced from CSS or imported from code are copied as hashed files. */
const FILE_LOADERS: BuildOptions['loader'] = Object.fromEntries(
  ['.woff', '.woff2', '.ttf', '.eot', '.otf', '.svg', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.ico'].map((ext) => [ext, 'file' as const]),
);

/** Options of one web build; `dev` keeps the output readable and React in development mode. */
export interface WebBundleParams {
  /** Folder holding `main.tsx` and `boot.ts`. */
  webRoot: string;
  /** Output folder of the web bundle (`dist/web`); hashed files go under `assets/`. */
  outDir: string;
  minify: boolean;
  dev?: boolean;
}

function common(p: WebBundleParams): BuildOptions {
  return {
    absWorkingDir: PROJECT_ROOT,
    // A web root outside the project (test fixtures in a temp dir) still resolves the project's packages.
    nodePaths: [path.join(PROJECT_ROOT, 'node_modules')],
    bundle: true,
    outdir: path.join(p.outDir, ASSETS_DIR),
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    // Absolute so that a file URL imported from code still works on a client route such as /order/index.
    publicPath: ASSETS_URL,
    platform: 'browser',
    target: 'es2022',
    minify: p.minify,
    sourcemap: 'linked',
    // The zh_CN pack would otherwise be written as \uXXXX escapes, about three times larger.
    charset: 'utf8',
    jsx: 'automatic',
    loader: FILE_LOADERS,
    define: { 'process.env.NODE_ENV': JSON.stringify(p.dev ? 'development' : 'production') },
    metafile: true,
    logLevel: 'silent',
  };
}

/**
 * The system font stack with the CJK fonts operating systems ship (PingFang on Apple, Microsoft
 * YaHei on Windows, Noto/Source Han on Linux), in place of the theme's 338 KB Inter variable font.
 */
export const SYSTEM_FONTS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", sans-serif';

/** PrimeReact's theme sheets without their Inter `@font-face` rules, naming the system fonts instead. */
function systemFontsInThemes(): Plugin {
  return {
    name: 'system-fonts-in-themes',
    setup(build) {
      build.onLoad({ filter: /[\\/]primereact[\\/]resources[\\/]themes[\\/].*\.css$/ }, async (args) => {
        const css = await fs.readFile(args.path, 'utf8');
        const contents = css.replace(/@font-face\s*\{[^}]*\}/g, '').replace(/"Inter var"(?:\s*,\s*sans-serif)?/g, SYSTEM_FONTS);
        return { contents, loader: 'css', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/** Namespace of the wrappers `lazyEntriesShareTheEntry` puts around `import()`ed modules. */
const LAZY = 'lazy-entry';

/**
 * Fewer, larger chunks for the first visit (the login route in ≤ 20 requests). esbuild
 * splits code into one chunk per distinct set of entry points reaching it, so the modules `main.tsx`
 * loads were scattered over ~30 chunks by which pages also use them. Every `import()`ed module is
 * therefore wrapped in a module that also imports `main.tsx`: every lazy chunk then reaches all of
 * the entry's modules, which land in one shared chunk. Nothing is loaded twice or earlier than
 * before: a lazy chunk only ever runs after the entry did, and a module runs once.
 */
function lazyEntriesShareTheEntry(entry: string): Plugin {
  return {
    name: 'lazy-entries-share-the-entry',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === LAZY) return undefined;
        const r = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: 'import-statement', importer: args.importer, pluginData: LAZY });
        if (r.errors.length || r.external || !/\.[cm]?[jt]sx?$/.test(r.path)) return undefined;
        return { path: r.path, namespace: LAZY };
      });
      build.onLoad({ filter: /.*/, namespace: LAZY }, (args) => {
        const target = JSON.stringify(args.path);
        return {
          contents: `import ${JSON.stringify(entry)};\nimport * as lazyModule from ${target};\nexport * from ${target};\nexport default lazyModule.default;\n`,
          resolveDir: path.dirname(args.path),
          loader: 'js',
        };
      });
    },
  };
}

/**
 * The app bundle: `main.tsx` as an ESM entry with code splitting (every `import()`ed page becomes its
 * own chunk) plus the light and dark PrimeReact themes as CSS entries, so their fonts are hashed too.
 */
export function appBuildOptions(p: WebBundleParams, opts: { shareEntry?: boolean } = {}): BuildOptions {
  return {
    ...common(p),
    entryPoints: [
      { in: path.join(p.webRoot, 'main.tsx'), out: 'main' },
      { in: THEME_SOURCES.light, out: 'theme-light' },
      { in: THEME_SOURCES.dark, out: 'theme-dark' },
    ],
    format: 'esm',
    splitting: true,
    plugins: [...(opts.shareEntry === false ? [] : [lazyEntriesShareTheEntry(path.join(p.webRoot, 'main.tsx'))]), systemFontsInThemes()],
  };
}

/**
 * `boot.ts`: a classic script that runs synchronously in <head> before first paint, so an IIFE.
 * `pageCss` (chunk file name → stylesheet URLs) becomes its `__PAGE_CSS__`, the chunk CSS loader's map.
 */
export function bootBuildOptions(p: WebBundleParams, pageCss?: Record<string, string[]>): BuildOptions {
  return {
    ...common(p),
    ...(pageCss ? { define: { ...common(p).define, __PAGE_CSS__: JSON.stringify(pageCss) } } : {}),
    entryPoints: [{ in: path.join(p.webRoot, 'boot.ts'), out: 'boot' }],
    format: 'iife',
    splitting: false,
  };
}

/** Refuses to empty a folder that holds sources (a mistyped `outDir` must not delete the project). */
export function assertSafeOutDir(outDir: string, webRoot: string) {
  const inside = (child: string, parent: string) => {
    const r = path.relative(parent, child);
    return r === '' || (!r.startsWith('..') && !path.isAbsolute(r));
  };
  if (outDir === path.parse(outDir).root || inside(webRoot, outDir) || inside(PROJECT_ROOT, outDir)) {
    throw new Error(`build: refusing to empty ${outDir}: it contains the sources`);
  }
}

/** Absolute path of a metafile key (keys are relative to the project root). */
export function metaPath(key: string): string {
  return path.resolve(PROJECT_ROOT, key.startsWith(`${LAZY}:`) ? key.slice(LAZY.length + 1) : key);
}

/** `/assets/x-HASH.js` for an absolute path inside the out dir. */
function urlOf(outDir: string, abs: string): string {
  return '/' + path.relative(outDir, abs).split(path.sep).join('/');
}

/**
 * Metafile key of the output produced for an entry point (a real entry or a page reached by `import()`),
 * or null. Entry points are named by their source path, so the match is on the absolute source path.
 */
export function outputOfEntry(meta: Metafile, sourceAbs: string): string | null {
  for (const [key, out] of Object.entries(meta.outputs)) {
    if (out.entryPoint && metaPath(out.entryPoint) === sourceAbs && key.endsWith('.js')) return key;
  }
  for (const [key, out] of Object.entries(meta.outputs)) {
    if (out.entryPoint && metaPath(out.entryPoint) === sourceAbs) return key;
  }
  return null;
}

/**
 * The output keys a browser loads before `start` can run: `start` and, transitively, every chunk it
 * imports with a static `import` (dynamic `import()`s are lazy and left out).
 */
export function staticClosure(meta: Metafile, start: string): string[] {
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length) {
    const out = meta.outputs[queue.shift()!];
    for (const imp of out?.imports ?? []) {
      if (imp.external || imp.kind !== 'import-statement' || seen.has(imp.path)) continue;
      seen.add(imp.path);
      queue.push(imp.path);
    }
  }
  return [...seen];
}

/**
 * The output index.html loads as the module entry: the entry's own file, or, when that file is only
 * a stub importing one chunk (every lazy chunk imports the entry's modules, see
 * `lazyEntriesShareTheEntry`, so esbuild moves them into a shared chunk), that chunk itself: the
 * same code runs, one request fewer.
 */
export function loadedEntry(meta: Metafile, entryKey: string): string {
  const out = meta.outputs[entryKey];
  const statics = out.imports.filter((i) => !i.external && i.kind === 'import-statement');
  const ownCode = Object.values(out.inputs).some((i) => i.bytesInOutput > 0);
  return !ownCode && statics.length === 1 && out.bytes < 256 ? statics[0].path : entryKey;
}

/** Source files bundled into the given outputs (absolute paths). */
export function inputsOf(meta: Metafile, outputs: Iterable<string>): string[] {
  const inputs = new Set<string>();
  for (const key of outputs) for (const input of Object.keys(meta.outputs[key]?.inputs ?? {})) inputs.add(metaPath(input));
  return [...inputs];
}

/** What index.html links, as absolute paths inside the out dir. */
export interface WebEntryFiles {
  entryJs: string;
  /** CSS imported by `main.tsx` and its static imports (app.css, PrimeReact base, primeicons). */
  entryCss: string | null;
  themeLight: string;
  themeDark: string;
  boot: string;
  /** Chunks the entry imports statically: fetched in parallel with it through `modulepreload`. */
  modulepreload: string[];
  /**
   * CSS of lazily loaded pages. esbuild emits it but nothing loads it at run time, so index.html links
   * it too (empty when pages keep their styles in app.css, as they should).
   */
  lazyCss: string[];
}

/** Finds the files index.html needs in the metafiles of the app and boot builds. */
export function entryFiles(app: Metafile, boot: Metafile, webRoot: string): WebEntryFiles {
  const need = (meta: Metafile, source: string, what: string) => {
    const key = outputOfEntry(meta, source);
    if (!key) throw new Error(`build: no output for ${what} (${source})`);
    return key;
  };
  const entryKey = need(app, path.join(webRoot, 'main.tsx'), 'the entry main.tsx');
  const entry = app.outputs[entryKey];
  const loaded = loadedEntry(app, entryKey);
  const closure = staticClosure(app, loaded);
  const lazyCss = Object.entries(app.outputs)
    .filter(([key, out]) => out.entryPoint && key !== entryKey && out.cssBundle && key.endsWith('.js'))
    .map(([, out]) => metaPath(out.cssBundle!));
  return {
    entryJs: metaPath(loaded),
    entryCss: entry.cssBundle ? metaPath(entry.cssBundle) : null,
    themeLight: metaPath(need(app, THEME_SOURCES.light, 'the light theme')),
    themeDark: metaPath(need(app, THEME_SOURCES.dark, 'the dark theme')),
    boot: metaPath(need(boot, path.join(webRoot, 'boot.ts'), 'boot.ts')),
    modulepreload: closure.filter((k) => k !== loaded).map(metaPath),
    lazyCss: [...new Set(lazyCss)],
  };
}

/**
 * A lazy chunk's CSS without the entry's. Wrapping lazy modules with an import of the entry (see
 * `lazyEntriesShareTheEntry`) also puts the entry's CSS into each lazy chunk's CSS bundle, so those
 * files are rewritten with the CSS a build without the wrappers gives the same chunk (`plain`,
 * built with `write: false`). The file names stay: a wrapped bundle holds the plain one's sources
 * and more, so whatever changes the plain CSS changes the name too. A chunk whose plain build has
 * no CSS, or only CSS the entry's CSS file already holds, loses its file and its entry in `pageCss`.
 */
export async function rewriteLazyCss(app: Metafile, plain: { metafile?: Metafile; outputFiles?: { path: string; contents: Uint8Array }[] }, webRoot: string, outDir: string, pageCss: Record<string, string[]>): Promise<void> {
  const plainMeta = plain.metafile!;
  const plainByEntry = new Map<string, string>();
  for (const [key, out] of Object.entries(plainMeta.outputs)) if (out.entryPoint && out.cssBundle && key.endsWith('.js')) plainByEntry.set(metaPath(out.entryPoint), out.cssBundle);
  const files = new Map((plain.outputFiles ?? []).map((f) => [f.path, f.contents]));
  const entryKey = outputOfEntry(app, path.join(webRoot, 'main.tsx'));
  // esbuild also puts the CSS of import()ed modules into the entry's CSS bundle, which index.html
  // links: a chunk whose CSS is all in there already needs no file of its own (no second request).
  const entryCss = entryKey ? app.outputs[entryKey].cssBundle : undefined;
  const linked = new Set(Object.keys(entryCss ? (app.outputs[entryCss]?.inputs ?? {}) : {}).map(metaPath));
  await Promise.all(
    Object.entries(app.outputs).map(async ([key, out]) => {
      if (!out.entryPoint || key === entryKey || !out.cssBundle || !key.endsWith('.js')) return;
      const cssAbs = metaPath(out.cssBundle);
      const ownKey = plainByEntry.get(metaPath(out.entryPoint));
      const own = ownKey ? metaPath(ownKey) : undefined;
      const sources = Object.keys(ownKey ? (plainMeta.outputs[ownKey]?.inputs ?? {}) : {}).map(metaPath);
      const css = own && !sources.every((src) => linked.has(src)) ? files.get(own) : undefined;
      if (!css) {
        delete pageCss[path.basename(key)];
        await Promise.all([fs.rm(cssAbs, { force: true }), fs.rm(`${cssAbs}.map`, { force: true })]);
        return;
      }
      const text = Buffer.from(css).toString('utf8').replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, `/*# sourceMappingURL=${path.basename(cssAbs)}.map */\n`);
      const map = files.get(`${own}.map`);
      await Promise.all([fs.writeFile(cssAbs, text), map ? fs.writeFile(`${cssAbs}.map`, map) : null]);
    }),
  );
}

/** What a lazily loaded chunk ends with to load its CSS first (see web/boot.ts). */
export const PAGE_CSS_CALL = 'await globalThis.__loadPageCss?.(import.meta.url);';

/**
 * CSS of lazily loaded chunks, keyed by the chunk's file name (`login.page-ABCD1234.js` →
 * `['/assets/login.page-WXYZ5678.css']`), for the boot script's CSS loader.
 */
export function pageCssMap(app: Metafile, webRoot: string, outDir: string): Record<string, string[]> {
  const entryKey = outputOfEntry(app, path.join(webRoot, 'main.tsx'));
  const map: Record<string, string[]> = {};
  for (const [key, out] of Object.entries(app.outputs)) {
    if (!out.entryPoint || key === entryKey || !out.cssBundle || !key.endsWith('.js')) continue;
    map[path.basename(key)] = [urlOf(outDir, metaPath(out.cssBundle))];
  }
  return map;
}

/**
 * Ends each chunk of `pageCss` with {@link PAGE_CSS_CALL} (before its source map comment, so the map
 * stays right). The call names no stylesheet, so a chunk's content still decides its hashed name.
 */
export async function appendPageCssCalls(outDir: string, pageCss: Record<string, string[]>): Promise<void> {
  await Promise.all(
    Object.keys(pageCss).map(async (name) => {
      const file = path.join(outDir, ASSETS_DIR, name);
      const js = await fs.readFile(file, 'utf8');
      const at = js.lastIndexOf('\n//# sourceMappingURL=');
      const out = at < 0 ? `${js}\n${PAGE_CSS_CALL}\n` : `${js.slice(0, at)}\n${PAGE_CSS_CALL}${js.slice(at)}`;
      await fs.writeFile(file, out);
    }),
  );
}

/** What the built chunks call where esbuild wrote `import(`: as long as `import`, so source maps stay right. */
export const CHUNK_IMPORT = '$chunk';

/**
 * Routes every `import("/assets/…js")` of the built JS files in `outDir` through the boot script's
 * `$chunk` (web/services/chunk-import.ts), which asks a chunk whose fetch failed under a fresh URL.
 * @returns the number of imports rewritten.
 */
export async function routeChunkImports(outDir: string): Promise<number> {
  const dir = path.join(outDir, ASSETS_DIR);
  const pattern = new RegExp(`\\bimport\\(("${ASSETS_URL.replace(/\//g, '\\/')}[^"]+\\.js")\\)`, 'g');
  let count = 0;
  const names = (await fs.readdir(dir)).filter((n) => n.endsWith('.js'));
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const js = await fs.readFile(file, 'utf8');
      const out = js.replace(pattern, (_, url: string) => (count++, `${CHUNK_IMPORT}(${url})`));
      if (out !== js) await fs.writeFile(file, out);
    }),
  );
  return count;
}

/** The console's icon: a rounded square in the default theme colour #0960bd (spec "Defaults") with a gamepad. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="#0960bd"/>
<path fill="#fff" d="M21 18h22c7.2 0 12.3 5 13.5 12.2l1.9 11.6c.9 5.4-2.6 9.2-7 9.2-3 0-5-1.6-6.8-4L41.6 42H22.4l-3 5c-1.8 2.4-3.8 4-6.8 4-4.4 0-7.9-3.8-7-9.2l1.9-11.6C8.7 23 13.8 18 21 18z"/>
<path fill="#0960bd" d="M18 28h4.5v-4.5h4v4.5H31v4h-4.5v4.5h-4V32H18z"/>
<circle cx="42.5" cy="27.5" r="2.8" fill="#0960bd"/>
<circle cx="48.5" cy="33.5" r="2.8" fill="#0960bd"/>
</svg>
`;

/**
 * {@link FAVICON_SVG} drawn at 64 × 64 px by Chromium (an `<img>` of the SVG, screenshot with a
 * transparent background), as base64 PNG: the icon index.html carries. Chromium fetches and decodes
 * a page's icon again after every in-app navigation (history.pushState), on the page's main thread;
 * an SVG icon builds a whole SVG document each time, 3–7 ms of every tab switch and menu entry
 *, a PNG decodes in a fraction of a millisecond. Redraw it when the SVG changes.
 */
export const FAVICON_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAYAAACqaXHeAAAGXUlEQVR4nOybe1BUVRzHv+eywK6LUCiCgALiC8UGdXxmKavOlKaWUdZUCo2TYzXjH/aaxozQHuNjpqZ/asYhwMlxzAod0UoepZNlpOEjFXMERxAEQdRgH7D3dM4mDI977967C+26t88M7N5zz717f9/7O7/fuefcY4AKjKtK51MiLiIU00EQC4poQogZfgSltJVd23V2bdcoyHFCaZGtYEGZu+OI7J55ZYbQRHG1APoOqxaLexJ6jVLhPdsVkosf0zukavQVIJsKpuqSpymQQ0DGIABg3nGReewGa55lLzOZdt8n9K5sqirLoJTkBorxHGb8WAqaF7qqbEmffd03QjJLlwsQv2LGCwhAmAgiocKz1nzLns6yLgFCMg9PEqhwnBCYEMBQCquTCLPb89Ir+Pa/d5q1ewFkd6Abz+E2BlFxJ7eZb7v+hVaXvsTcfgJ0AhMhldvs+o6nysJMZvEy+x4FPUFpgzXIONpgNIsZ0JvxHEKGGUX7k6wJ0HnQLXSmgUmRCN1CxjMBkAj9EsObQAx0C40xsPQXCp3CbI8IyC6vFv4XADrHAC8ZO3wQlkyJwsLUSMRHGhEdEQJzaBAGgla7E/UtDtQ023D4bDO+LW9AVaMV3kBMmSUUHrAobSjWL0rArDER8CVHLtzEtqIrKGaCeIJmASJMBhSsnYiFk4bAn9h3ogFZn5+DrV3UdJymGJAUZcJvm6b7nfGcZVOH4ejGaRgWHqLpONUCRA0OxvdvTsaIIUb4KxPjzSh6PQ1hRvUxSHUQLFyfhngNxvO2eeRCS9f2w+PvY3/3Y6CZGB+GXa9MwtLtFarqqxLgtcUJmJwwGFrgxn+wr6pbSZLHAtyxOXGxrs2VcQaruLsLWEZ67sEYfPlzvdu6bpsAT2s5GcnwFVzE4S//hIdyyl2fWw5UqzruwxXqBrXdCrDGEg9fcem6FZsLqyDezVP8M/vry65ydwxlMStrrvv5HLcCrE6Pg684V/u3pvLeqLl2xRjA2xxXUg2DskoV93NX7hkTgLYvLIrHTIgL01TeGx63Is0GNLd2yNZR9IApieHwJaOjTXh7WRKEu7MX/HPjE6Nc5WqZM0458Cp6wAMj1Ck9kGx4PAnrHhkpmQXUZIfpyeHYf7JR9vyKAqTE+ccMODdualLPNNzZpHhgdHnG8lF447HEPsemuGku/SZA7/bMo3f3Ns9dmd/N/qAzO3TSmR2WT4vu0zxSYpVtkI0B/JF2pJ92e7Vkh8QoI4KD5F+DkBVgfOwg+CtaswPvHsuhIIBfvQHTA63ZQckW2RigNtfKwR9+eP+/53b/oZQdepPiiQDeegB/8Bnopz+p7CCFUjBX8AD/bQJaUfIAyRjAo2bCUP8d+NBKMosNcplAUoDUeN/3APsbuSYtKcA4P84AniJnk2QM4IMg3mBnI7Opb/2C2mY7+oO4yFCc/WgWQoM9n8cZfp+0TZJn5EPf3sBHbfrLeA4/11Y29u8N4TI2SQrQ0ib//OyOmiYbth/07mKl2FZU7Tq3pzTdaZcslxSgsq4VnvJqfiUcHR5NNinCz7luZyU85VyttE2SApT82cy8QFoxJYoqbuCHM00YKA6dasJ3p29AK3UtdhytvCm5T1KADifFx4euQguNtx1Ym3seA82aHefRwH5LC1sPXOFviEoiG1Z5IDtbo27wsc0hIuOT07hxR7vXaKWR/cYzn55RXf/XS7fwWUmN7H7FvGJ5/wQKTzQqVcFVFpjSN/+O8su38V/BjZqdXY7am8qZpuBoHR7d8odiHWLMLLa5e0+Ij6tlzY3DjOQI1zgB/+FL9W3Ydawee45fd+V9X2Bk/QI+A7RiZgxGse5upDkYf7Hr4tNy3PgzV5U9mILeYgKUVLNecgJ0CAsLlXwswf0EWuBSLzA3UDeNGoCwm1/BBEAhdIuw2/WQbFpVfBKETIa+OGXNm5/mSoNOghzoDCdoNv/sGibRmRe47j7/0tUR6ggSsviCIgQ4rkVTEF/o3O4SoD3XckqkdCUCGL5sTiTkeUfewq6+dI+usKNgwV6RkmWsYhsCDH7nKRWWOvIs33Qv7/MsYM+37HeKdA5fbooAgdviDCKzmG1FvfcpLp42JtAXCRHfvZcXT4sgm+zVwg71i6clMK4sTqeELCagM/x++TwbQmRmHWPXeNCWP/+Iu+P+AQAA//+A1JKbAAAABklEQVQDANPkMcx454xMAAAAAElFTkSuQmCC';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** An 8-character content hash in esbuild's alphabet, so the server caches it like esbuild's files. */
export function contentHash(data: string | Uint8Array): string {
  const digest = createHash('sha256').update(data).digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 8) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length === 8) break;
  }
  return out;
}

/** Writes `assets/favicon-HASH.svg` and returns its absolute path. */
export async function writeFavicon(outDir: string): Promise<string> {
  const file = path.join(outDir, ASSETS_DIR, `favicon-${contentHash(FAVICON_SVG)}.svg`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, FAVICON_SVG);
  return file;
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The app shell. Everything is an external file with an absolute URL (the CSP is `script-src 'self'`
 * and client routes such as /order/index share this page): the theme link that `boot.ts` switches to
 * dark before first paint, the entry CSS, the synchronous boot script, then the module entry and its
 * statically imported chunks as `modulepreload`.
 */
export function renderIndexHtml(outDir: string, files: WebEntryFiles, opts: { linkPageCss?: boolean } = {}): string {
  const linkPageCss = opts.linkPageCss ?? true;
  const u = (abs: string) => attr(urlOf(outDir, abs));
  const light = u(files.themeLight);
  const lines = [
    '<!doctype html>',
    '<html lang="zh-CN">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="theme-color" content="#0960bd">',
    '<title>Game Console</title>',
    '<meta name="description" content="游戏商城运营控制台 · Operations console of the game-commerce platform">',
    // Inline: a 2 KB icon is not worth a request of the first visit (≤ 20 requests). A PNG,
    // not the SVG: see FAVICON_PNG_BASE64.
    `<link rel="icon" type="image/png" sizes="64x64" href="data:image/png;base64,${FAVICON_PNG_BASE64}">`,
    `<link id="theme-link" rel="stylesheet" href="${light}" data-light-href="${light}" data-dark-href="${u(files.themeDark)}">`,
    ...(files.entryCss ? [`<link rel="stylesheet" href="${u(files.entryCss)}">`] : []),
    ...(linkPageCss ? files.lazyCss.map((css) => `<link rel="stylesheet" href="${u(css)}">`) : []),
    `<script src="${u(files.boot)}"></script>`,
    `<script type="module" src="${u(files.entryJs)}"></script>`,
    ...files.modulepreload.map((js) => `<link rel="modulepreload" href="${u(js)}">`),
    '</head>',
    '<body>',
    '<div id="app"></div>',
    '<noscript>控制台需要启用 JavaScript。The console needs JavaScript enabled.</noscript>',
    '</body>',
    '</html>',
    '',
  ];
  return lines.join('\n');
}

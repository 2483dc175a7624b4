import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type BuildResult } from '../../scripts/build.js';
import { LOGIN_BUDGET, loginBudgetProblems, type SizeReport } from '../../scripts/lib/report.js';
import { metaPath, PROJECT_ROOT, staticClosure } from '../../scripts/lib/web-bundle.js';

/** esbuild's content hash: 8 characters of base32. */
const HASHED = /-[A-Z2-7]{8}\.[a-z0-9]+$/;
const REAL_WEB = path.join(PROJECT_ROOT, 'web');
// BUILD_TEST_FIXTURE=1 builds the fixture even when web/ exists (to tell a build bug from an app bug).
const useRealWeb = !process.env.BUILD_TEST_FIXTURE && fs.existsSync(path.join(REAL_WEB, 'main.tsx')) && fs.existsSync(path.join(REAL_WEB, 'boot.ts'));

/**
 * A throwaway web root shaped like the real one: an entry importing app.css (PrimeReact base and
 * primeicons), a login page and a chart page reached through import(), and a boot script. With
 * `chartsUpFront` the entry imports apexcharts statically, which the build must refuse.
 */
function writeFixture(root: string, opts: { chartsUpFront?: boolean } = {}) {
  const files: Record<string, string> = {
    'main.tsx': [
      "import { lazy, Suspense } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "import './styles/app.css';",
      ...(opts.chartsUpFront ? ["import ApexCharts from 'apexcharts';", 'console.log(ApexCharts);'] : []),
      "const Login = lazy(() => import('./pages/login/login.page'));",
      "const Chart = lazy(() => import('./pages/chart/chart.page'));",
      "const page = location.pathname.startsWith('/chart') ? <Chart /> : <Login />;",
      "createRoot(document.getElementById('app')!).render(<Suspense fallback={null}>{page}</Suspense>);",
    ].join('\n'),
    'styles/app.css': "@import 'primeicons/primeicons.css';\n@import 'primereact/resources/primereact.min.css';\nbody { margin: 0; }\n",
    'pages/login/login.page.css': '.login { display: grid; }\n',
    'pages/login/login.page.tsx': "import { Button } from 'primereact/button';\nimport './login.page.css';\nexport default function LoginPage() { return <Button label=\"登录\" icon=\"pi pi-user\" />; }\n",
    'pages/chart/chart.page.tsx':
      "import Chart from 'react-apexcharts';\nexport default function ChartPage() { return <Chart type=\"line\" series={[{ name: 'a', data: [1, 2] }]} />; }\n",
    'boot.ts':
      "const link = document.getElementById('theme-link') as HTMLLinkElement | null;\nif (link && document.cookie.includes('dark=1')) link.href = link.dataset.darkHref!;\n",
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
}

let tmp: string;
let webRoot: string;
let outDir: string;
let result: BuildResult;

const read = (rel: string) => fs.readFileSync(path.join(outDir, rel));
/** `/assets/x.js` → `assets/x.js` */
const rel = (url: string) => url.replace(/^\//, '');

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-build-'));
  webRoot = useRealWeb ? REAL_WEB : path.join(tmp, 'web');
  if (!useRealWeb) writeFixture(webRoot);
  outDir = path.join(tmp, 'dist', 'web');
  result = await build({ webRoot, outDir, serverOut: path.join(tmp, 'dist', 'server', 'main.js'), quiet: true });
}, 60_000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe(`the web build (${useRealWeb ? 'web/' : 'fixture'})`, () => {
  test('every asset name carries a content hash; index.html does not', () => {
    const assets = result.outputs.files.filter((f) => f.startsWith('assets/') && !/\.(br|gz|map)$/.test(f));
    expect(assets.length).toBeGreaterThan(5);
    for (const f of assets) expect(f).toMatch(HASHED);
    expect(result.outputs.files).toContain('index.html');
    // The entry, or the chunk holding its modules when the entry file would only import that chunk.
    expect(path.basename(result.outputs.entryJs)).toMatch(/^(main|chunk)-[A-Z2-7]{8}\.js$/);
    expect(path.basename(result.outputs.themeLight)).toMatch(/^theme-light-[A-Z2-7]{8}\.css$/);
    expect(path.basename(result.outputs.themeDark)).toMatch(/^theme-dark-[A-Z2-7]{8}\.css$/);
    expect(path.basename(result.outputs.boot)).toMatch(/^boot-[A-Z2-7]{8}\.js$/);
  });

  test('index.html links the hashed entry, CSS, themes and boot script, and holds no inline code', () => {
    const html = read('index.html').toString();
    expect(html).toMatch(/^<!doctype html>\s*<html lang="zh-CN">/);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('<title>Game Console</title>');
    // Inline (one request fewer on the first visit); the hashed SVG file is still written. A PNG:
    // Chromium decodes a page's icon again after every pushState, and an SVG icon cost 3–7 ms of
    // main thread on every tab switch and menu entry.
    const icon = html.match(/<link rel="icon" type="image\/png" sizes="64x64" href="data:image\/png;base64,([A-Za-z0-9+/=]+)">/);
    expect(icon).not.toBeNull();
    const png = Buffer.from(icon![1], 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([64, 64]);
    expect(result.outputs.favicon).toMatch(/favicon-[A-Z2-7]{8}\.svg$/);
    expect(html).toContain('<div id="app"></div>');
    expect(html).toMatch(/<noscript>[^<]+<\/noscript>/);

    const theme = html.match(/<link id="theme-link" rel="stylesheet" href="([^"]+)" data-light-href="([^"]+)" data-dark-href="([^"]+)">/);
    expect(theme).not.toBeNull();
    const [, href, light, dark] = theme!;
    expect(href).toMatch(/^\/assets\/theme-light-[A-Z2-7]{8}\.css$/);
    expect(light).toBe(href);
    expect(dark).toMatch(/^\/assets\/theme-dark-[A-Z2-7]{8}\.css$/);

    const head = html.slice(0, html.indexOf('</head>'));
    const order = [
      head.indexOf('id="theme-link"'),
      head.indexOf(`<link rel="stylesheet" href="/${path.relative(outDir, result.outputs.entryCss!)}">`),
      head.indexOf(`<script src="/${path.relative(outDir, result.outputs.boot)}"></script>`),
      head.indexOf(`<script type="module" src="/${path.relative(outDir, result.outputs.entryJs)}"></script>`),
    ];
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    // CSP script-src 'self': every script is an external file, there are no inline handlers or style blocks.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\ssrc="\/assets\/[^"]+"/);
      expect(body).toBe('');
    }
    expect(html).not.toMatch(/<style\b/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/javascript:/i);

    // Every URL but the inline icon is absolute from / and names a file the build wrote.
    const urls = [...html.matchAll(/(?:href|src|data-light-href|data-dark-href)="([^"]+)"/g)].map((m) => m[1]).filter((u) => !u.startsWith('data:image/png;base64,'));
    expect(urls.length).toBeGreaterThanOrEqual(5);
    for (const url of urls) {
      expect(url).toMatch(/^\/assets\//);
      expect(fs.existsSync(path.join(outDir, rel(url))), url).toBe(true);
    }
  });

  test('the entry statically imported chunks are modulepreloaded', () => {
    const html = read('index.html').toString();
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    const entryKey = Object.keys(result.metafile.outputs).find((k) => metaPath(k) === result.outputs.entryJs)!;
    const expected = staticClosure(result.metafile, entryKey)
      .filter((k) => k !== entryKey)
      .map((k) => '/' + path.relative(outDir, metaPath(k)).split(path.sep).join('/'));
    expect(preloads.sort()).toEqual(expected.sort());
  });

  test('index.html links only the entry CSS; a lazy chunk loads its own CSS before it settles', () => {
    const html = read('index.html').toString();
    const linked = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
    expect(linked).toEqual([`/${path.relative(outDir, result.outputs.entryCss!)}`]);
    const { outputs } = result.metafile;
    const lazyCss = result.outputs.lazyCss.map((f) => '/' + path.relative(outDir, f).split(path.sep).join('/'));
    if (!useRealWeb) expect(lazyCss.some((u) => /\/login\.page-[A-Z2-7]{8}\.css$/.test(u))).toBe(true);
    const boot = read(path.relative(outDir, result.outputs.boot)).toString();
    for (const url of lazyCss) {
      // The boot script's map names it, and the chunk it belongs to ends with the loader call.
      expect(boot, url).toContain(url);
      const [key] = Object.entries(outputs).find(([k, out]) => k.endsWith('.js') && out.cssBundle && metaPath(out.cssBundle) === path.join(outDir, url.slice(1)))!;
      expect(fs.readFileSync(metaPath(key), 'utf8'), key).toContain('await globalThis.__loadPageCss?.(import.meta.url);');
      // Its own rules only: the entry's CSS is not repeated in every page's file.
      expect(read(url.slice(1)).length, url).toBeLessThan(read(path.relative(outDir, result.outputs.entryCss!)).length);
    }
    expect(result.sizes.lazyCss.files.map((f) => `/${f}`).sort()).toEqual([...new Set(lazyCss)].sort());
  });

  test('.br and .gz siblings decompress to the same bytes; maps and woff2 are not compressed', () => {
    const files = result.outputs.files;
    const mustHave = ['index.html', ...[result.outputs.entryJs, result.outputs.entryCss!, result.outputs.themeLight, result.outputs.themeDark].map((f) => path.relative(outDir, f))];
    // The entry file itself may be a few bytes that only import the shared chunk: nothing to compress.
    for (const f of mustHave.filter((m) => read(m).length > 1024)) {
      expect(files, f).toContain(`${f}.br`);
      expect(files, f).toContain(`${f}.gz`);
    }
    const siblings = files.filter((f) => /\.(br|gz)$/.test(f));
    for (const s of siblings) {
      const original = read(s.replace(/\.(br|gz)$/, ''));
      const packed = read(s);
      const unpacked = s.endsWith('.br') ? zlib.brotliDecompressSync(packed) : zlib.gunzipSync(packed);
      expect(unpacked.equals(original), s).toBe(true);
      expect(packed.length, s).toBeLessThan(original.length);
    }
    expect(siblings.filter((s) => /\.(map|woff2?)\.(br|gz)$/.test(s))).toEqual([]);
  });

  test('both PrimeReact themes and the primeicons fonts are emitted, and every url() in CSS resolves', () => {
    for (const theme of [result.outputs.themeLight, result.outputs.themeDark]) {
      const css = fs.readFileSync(theme, 'utf8');
      expect(css).toMatch(/--primary-color/);
    }
    for (const ext of ['woff2', 'woff', 'ttf', 'eot', 'svg']) {
      expect(result.outputs.files.some((f) => new RegExp(`^assets/primeicons-[A-Z2-7]{8}\\.${ext}$`).test(f)), ext).toBe(true);
    }
    // The themes name the system fonts (with the CJK ones) instead of the Inter web font.
    expect(result.outputs.files.some((f) => /InterVariable/.test(f))).toBe(false);
    expect(fs.readFileSync(result.outputs.themeLight, 'utf8')).toMatch(/--font-family:\s*system-ui,[^;]*"PingFang SC"[^;]*"Noto Sans CJK SC"/);

    const cssFiles = result.outputs.files.filter((f) => f.endsWith('.css'));
    for (const f of cssFiles) {
      const css = read(f).toString();
      for (const [, raw] of css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
        if (raw.startsWith('data:')) continue;
        const target = raw.replace(/[?#].*$/, '');
        const resolved = target.startsWith('/') ? path.join(outDir, target) : path.join(outDir, path.dirname(f), target);
        expect(fs.existsSync(resolved), `${f} → ${raw}`).toBe(true);
      }
    }
  });

  test('a page reached through import() lands in its own lazily loaded chunk', () => {
    const { outputs } = result.metafile;
    const entryKey = Object.keys(outputs).find((k) => metaPath(k) === result.outputs.entryJs)!;
    const upFront = new Set(staticClosure(result.metafile, entryKey));
    const pages = Object.entries(outputs).filter(([key, out]) => key.endsWith('.js') && out.entryPoint && /[\\/]pages[\\/]/.test(out.entryPoint));
    expect(pages.length).toBeGreaterThan(0);
    for (const [key, out] of pages) {
      expect(upFront.has(key), key).toBe(false);
      expect(Object.keys(out.inputs).map(metaPath), key).toContain(metaPath(out.entryPoint!));
      expect(fs.existsSync(metaPath(key))).toBe(true);
    }
    // The entry and its static imports refer to the page chunks only through dynamic import().
    const dynamic = [...upFront].flatMap((k) => outputs[k].imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path));
    expect(pages.some(([key]) => dynamic.includes(key))).toBe(true);
  });

  test('the size report covers the entry, the login route and the largest chunks', () => {
    const { sizes } = result;
    expect(sizes.entryJs.file).toBe(path.relative(outDir, result.outputs.entryJs));
    expect(sizes.entryJs.brotli).toBeGreaterThan(0);
    const big = sizes.largestChunks[0];
    expect(big.brotli).toBeLessThan(big.gzip);
    expect(big.gzip).toBeLessThan(big.raw);
    expect(sizes.largestChunks.length).toBeGreaterThan(0);
    expect(sizes.largestChunks.length).toBeLessThanOrEqual(10);
    const raws = sizes.largestChunks.map((c) => c.raw);
    expect([...raws].sort((a, b) => b - a)).toEqual(raws);
    if (sizes.loginInitial) {
      expect(sizes.loginInitial.files.some((f) => /login\.page-[A-Z2-7]{8}\.js$/.test(f))).toBe(true);
      expect(sizes.loginInitial.files).toContain(path.relative(outDir, result.outputs.themeLight));
      expect(sizes.loginInitial.raw).toBeGreaterThan(sizes.entryJs.raw);
      expect(sizes.loginInitial.files).toContain('index.html');
      expect(sizes.loginInitial.js.files).toContain(path.relative(outDir, result.outputs.boot));
      expect(sizes.loginInitial.requests).toBe(sizes.loginInitial.files.length);
      expect(loginBudgetProblems(sizes)).toBeNull();
    } else {
      expect(useRealWeb).toBe(true);
    }
  });
});

test('the login budget names what is over: JS, everything, requests', () => {
  const size = (kb: number) => ({ raw: kb * 4096, gzip: kb * 1200, brotli: kb * 1024, files: [] });
  const report = (js: number, all: number, requests: number): SizeReport => ({
    entryJs: { file: 'x', ...size(1) },
    entryCss: null,
    lazyCss: size(0),
    largestChunks: [],
    loginInitial: { ...size(all), js: size(js), requests },
  });
  expect(loginBudgetProblems(report(100, 200, 12))).toBeNull();
  expect(loginBudgetProblems(report(LOGIN_BUDGET.jsBrotli / 1024 + 1, 200, 12))).toMatch(/^JS .* br > /);
  expect(loginBudgetProblems(report(100, 300, 30))).toMatch(/everything 300\.0 KB br > 250\.0 KB, 30 requests > 20/);
});

describe('the server bundle', () => {
  test('node dist/server/main.js starts and serves dist/web by default', async () => {
    const server = result.outputs.server!;
    expect(fs.existsSync(server)).toBe(true);
    expect(fs.existsSync(`${server}.map`)).toBe(true);
    // Packages stay external, so the bundle needs node_modules above it, as in the project.
    fs.symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(tmp, 'node_modules'), 'dir');
    const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', MODE: 'mock' };
    delete env.DIST_DIR;
    const child = spawn(process.execPath, [server], {
      cwd: tmp,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
        const onData = (chunk: Buffer) => {
          out += chunk;
          const m = out.match(/listening at (http:\/\/127\.0\.0\.1:\d+)/i);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
      });
      const health = await (await fetch(`${origin}/healthz`)).json();
      expect(health).toMatchObject({ status: 'ok' });
      const page = await fetch(`${origin}/order/index`);
      expect(await page.text()).toBe(read('index.html').toString());
    } finally {
      child.kill('SIGTERM');
    }
  }, 15_000);
});

test('the build refuses an entry that loads apexcharts up front, naming the importer', async () => {
  const root = path.join(tmp, 'charts-up-front');
  writeFixture(path.join(root, 'web'), { chartsUpFront: true });
  await expect(
    build({ webRoot: path.join(root, 'web'), outDir: path.join(root, 'dist', 'web'), minify: false, compress: false, quiet: true }),
  ).rejects.toThrow(/apexcharts is loaded up front by the entry main\.tsx \(imported by .*main\.tsx\)/);
}, 30_000);

/**
 * `npm run bench:ui [-- --no-build] [-- --reps=5] [-- --only=menu,repaint,tabs,palette] [-- --no-minify]
 *   [-- --routes=/a,/b] [-- --actions=3] [-- --profile=menu|repaint|tabs|palette] [-- --trace=<phase>]
 *   [-- --renders] [-- --explain] [-- --samples] [-- --project-config=<json>]`
 *
 * The UI rows: what an operator feels on the built console in mock mode, in headless
 * Chromium, each list row beside a peer measured in the same run (scripts/bench-ui/peer.tsx: React +
 * PrimeReact's lazy `DataTable` fetching the very request the console sent, through the same server
 * with the same session — the fastest this stack paints that list; plain text columns, as many as the
 * console's header cells, default paginator: the goal's reference), and beside a second peer,
 * "peer + the console's table" (the same page, its DataTable configured as the console's ListTable:
 * the selection column, the data columns and which sort, a right-frozen actions column of as many
 * plain link buttons as the screen's first row shows, the paginator template with the rows-per-page
 * dropdown and the current-page report, striped, scrollable, removable sort, the minimum width —
 * read from the console's DOM at each screen's entry; cells still plain text). The two peers run in
 * turn on their own tabs (which goes first alternates by round / screen). Each list row prints
 * console / peer (the goal), console / peer+table (the kit's and the screen's own share) and
 * peer+table / peer (the table's parts' share), for wall p95 and main-thread CPU p50:
 * - menu: a side-menu entry clicked → its first rows painted, {@link ROUTES} (20 list screens) × reps,
 *   the page reloaded before each round so every entry mounts its screen afresh;
 * - repaint: on each screen, next page ×3, a click on up to 3 sortable headers, a filter submitted ×3 (`--actions=N`)
 *   → the answer's rows painted (the loading mask gone);
 * - tabs: a click on the tab of a kept-alive screen → that screen painted (goal ≤ 50 ms), each click once
 *   the screen shown before has settled (its page transition over); then again, rapidly (reference);
 * - palette: a keystroke in the search palette → the menu results for the text shown (goal ≤ 50 ms).
 * Times run from the user event's `timeStamp` (a real playwright click or key) to the first frame
 * after the DOM shows the result (requestAnimationFrame, then a message-channel task: the frame was
 * painted), both read on the page's `performance.now()` clock. Nothing is asserted.
 *
 * `--explain`: each step's requests, DOM states and long tasks, each row's CPU split per page, and
 * the table read for the second peer on each screen; `--renders` (with `--explain`): the components
 * each step rendered, by name and count. `--samples`: every time in the order taken.
 * `--peer-table-drop=<parts>`: the second peer leaves those parts of the table out (research; {@link dropFromTable}).
 * `--project-config=<json>`: the console's project settings in storage before the run.
 * `--trace=<phase>` records a Chromium trace of that phase instead (`.cache/bench-ui/<phase>.trace.json`).
 * `--profile=<phase>` records a CPU profile of the console during that phase (CDP `Profiler`; with
 * `--no-minify` names are readable), writes it to `.cache/bench-ui/<phase>.cpuprofile` (open in
 * Chromium's DevTools) and prints the functions with the most self time; for menu and repaint it
 * also profiles both peer pages while they are measured, and prints the time inside the timed steps
 * by source group, ms per step, console | peer | peer+table side by side with the differences (the
 * sampled function's source through the build's source maps: node_modules/<package>, PrimeReact by
 * component directory, web/<dir>, peer; a DOM call or builtin counts in its caller's group; V8's
 * (program) — style, layout, paint, the browser's own work — (garbage collector) and (idle)), beside
 * Chromium's split of the same steps' thread CPU (script, compile, style, layout, the rest). The
 * profile counts wall time of the main thread: under load its busy time exceeds the CPU figure.
 * Builds into `.cache/bench-ui/` (with `--no-build`, reuses that build, else `dist/`). Every child is stopped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { build } from './build.js';
import { freePort } from './lib/free-port.js';
import { consoleStorageEntries } from './lib/console-storage.js';
import { PROJECT_ROOT } from './lib/web-bundle.js';
import { StorageKey } from '../web/lib/storage.js';
import type { PeerTable } from './bench-ui/peer.js';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const opt = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const REPS = Number(opt('reps') ?? 5);
const ONLY = new Set((opt('only') ?? 'menu,repaint,tabs,palette').split(','));
const PROFILE = opt('profile');
const WORK = path.join(PROJECT_ROOT, '.cache', 'bench-ui');
/** `--no-build` reuses the bench's last build, else `dist/` (`npm run build`). */
const REUSE = flag('no-build') && !fs.existsSync(path.join(WORK, 'server', 'main.js')) ? path.join(PROJECT_ROOT, 'dist') : WORK;
const DIST = path.join(REUSE, 'web');
const SERVER = path.join(REUSE, 'server', 'main.js');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const CAPTCHA = 'BENCH';

/** Twenty list screens of the side menu (lazy DataTables with a search form), the admin's menu. */
const ALL_ROUTES = [
  '/games/index', '/games/tag', '/games/platform', '/goods/index', '/goods/platform', '/goods/tag', '/goods/coupon',
  '/member/index', '/merchant/index', '/order/index', '/order/back', '/feedback/index', '/feedback/type',
  '/operate/advert', '/operate/link', '/social/comment', '/social/reply', '/system/account', '/system/role', '/client/version',
];
/** `--routes=/a,/b` measures only those screens. */
const ROUTES = opt('routes')?.split(',') ?? ALL_ROUTES;
/** Typed char by char into the palette (English menu titles). */
const PALETTE_TEXTS = ['order', 'goods', 'member', 'game'];
const PALETTE_GOAL_MS = 50;
const TAB_GOAL_MS = 50;
const PEER_GOAL = 1.3;

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

// --- the page-side probe ------------------------------------------------------------------------

/** What the probe waits for after an armed user event. */
type Until =
  /** Data rows in the table under `root`, its loading mask gone; with `answer`, after a list answer arrived. */
  | { kind: 'rows'; root: string; answer?: string; fresh?: boolean }
  /** The search palette's menu results read `sig` (texts joined by \n) for input value `text`. */
  | { kind: 'palette'; text: string; sig: string };

/**
 * Installed in every page before its scripts (so the console's HTTP client takes the wrapped fetch):
 * records the first trusted user event of an armed kind, notes list answers, and resolves once the
 * DOM shows what was waited for and the next frame has been painted.
 */
function probe(opts?: { states?: boolean }) {
  type Armed = { types: string[]; until: Until; t0: number | null; answerAt: number | null; resolve: (v: { t0: number | null; t1: number | null }) => void; done: boolean; rootEl: Element | null };
  const w = window as unknown as { __bench: { arm(types: string[], until: Until, timeoutMs: number): void; result: Promise<{ t0: number | null; t1: number | null }> | null } };
  let armed: Armed | null = null;
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await realFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const a = armed;
    if (a && a.until.kind === 'rows' && a.until.answer && new URL(url, location.href).pathname === a.until.answer && a.t0 !== null) a.answerAt = performance.now();
    return res;
  };
  const met = (a: Armed): boolean => {
    const u = a.until;
    if (u.kind === 'rows') {
      if (u.answer && a.answerAt === null) return false;
      // The root found is kept while it still matches: a document-wide query on every mutation walked
      // the kept-alive screens before the shown one (the console's DOM only, 2–4 ms a step).
      let root = a.rootEl;
      if (!root || !root.isConnected || !root.matches(u.root)) root = a.rootEl = document.querySelector(u.root);
      const table = root?.querySelector(u.fresh ? '.p-datatable:not([data-bench-old])' : '.p-datatable');
      if (!table || table.querySelector('.p-datatable-loading-overlay')) return false;
      return !!table.querySelector('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)') || (!!u.answer && !!table.querySelector('.p-datatable-emptymessage'));
    }
    // Within the palette's dialog, kept as the root above: a document-wide query walked every kept-alive screen first.
    let modal = a.rootEl;
    if (!modal || !modal.isConnected) modal = a.rootEl = document.querySelector('[data-testid=search-modal]');
    const input = modal?.querySelector<HTMLInputElement>('[data-testid=search-input]');
    if (!modal || !input || input.value !== u.text) return false;
    return [...modal.querySelectorAll('[data-testid=search-result]')].map((e) => (e as HTMLElement).innerText).join('\n') === u.sig;
  };
  const states: [number, string][] = ((window as unknown as { __benchStates: [number, string][] }).__benchStates = []);
  const check = () => {
    const a = armed;
    // The DOM states along the way (`--explain`): five document-wide queries per mutation, ~1–2 ms a
    // step that would otherwise count in every time measured.
    if (opts?.states && a && a.t0 !== null && !a.done) {
      const root = a.until.kind === 'rows' ? document.querySelector(a.until.root) : null;
      const st = `fallback:${document.querySelectorAll('.page-outlet-loading').length} views:${document.querySelectorAll('.page-view').length} tables:${root?.querySelectorAll('.p-datatable').length} overlay:${root?.querySelectorAll('.p-datatable-loading-overlay').length} rows:${root?.querySelectorAll('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)').length} old:${root?.querySelectorAll('[data-bench-old]').length}`;
      if (states.at(-1)?.[1] !== st) states.push([performance.now() - a.t0, st]);
    }
    if (!a || a.done || a.t0 === null || !met(a)) return;
    a.done = true;
    states.push([performance.now() - a.t0, 'met']);
    requestAnimationFrame(() => {
      states.push([performance.now() - a.t0!, 'frame']);
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        const t1 = performance.now();
        (window as unknown as { __benchLast: unknown }).__benchLast = { t0: a.t0, t1 };
        a.resolve({ t0: a.t0, t1 });
      };
      ch.port2.postMessage(0);
    });
  };
  for (const type of ['click', 'keydown', 'input']) {
    window.addEventListener(
      type,
      (e) => {
        const a = armed;
        if (a && e.isTrusted && a.t0 === null && a.types.includes(type)) {
          a.t0 = e.timeStamp;
          queueMicrotask(check);
        }
      },
      true,
    );
  }
  const longTasks: PerformanceEntry[] = ((window as unknown as { __benchLong: PerformanceEntry[] }).__benchLong = []);
  new PerformanceObserver((l) => longTasks.push(...l.getEntries())).observe({ type: 'longtask', buffered: true });
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  // `--profile`: a 3 ms busy loop by this name before each step, found in the CPU profile's samples,
  // ties the page's clock to the profile's (see `stepWindows`).
  function benchClockMark(): StepMark {
    const start = performance.now();
    let end = start;
    while (end - start < 3) end = performance.now();
    return { origin: performance.timeOrigin, start, end };
  }
  (window as unknown as { __benchMark: () => StepMark }).__benchMark = benchClockMark;
  w.__bench = {
    result: null,
    arm(types, until, timeoutMs) {
      w.__bench.result = new Promise((resolve) => {
        // A screen entered afresh paints a new table: the ones on the page now do not count.
        if (until.kind === 'rows' && until.fresh) document.querySelectorAll('.p-datatable').forEach((t) => t.setAttribute('data-bench-old', ''));
        armed = { types, until, t0: null, answerAt: null, resolve, done: false, rootEl: null };
        states.length = 0;
        setTimeout(() => resolve({ t0: armed?.t0 ?? null, t1: null }), timeoutMs);
      });
    },
  };
}

/**
 * `--renders`: a React DevTools-style commit hook installed before the console's scripts, counting
 * the components that rendered (function called) in each commit, by name (readable with
 * `--no-minify`), so `--explain` can say what a step re-rendered: kept-alive screens, cells, shell.
 */
function renderCounter() {
  const counts = new Map<string, number>();
  const seen = new WeakMap<object, unknown>();
  type Fiber = { tag: number; type: unknown; flags: number; child: Fiber | null; sibling: Fiber | null; memoizedState: unknown; memoizedProps: unknown };
  const nameOf = (f: Fiber): string | null => {
    const t = f.type as { displayName?: string; name?: string; type?: { displayName?: string; name?: string }; render?: { displayName?: string; name?: string } } | null;
    if (!t || typeof t === 'string') return null;
    return t.displayName || t.name || t.render?.displayName || t.render?.name || t.type?.displayName || t.type?.name || null;
  };
  const walk = (f: Fiber | null) => {
    for (let cur = f; cur; cur = cur.sibling) {
      // PerformedWork (flag 1): the component's function ran in the render this fiber came from;
      // a fiber left untouched keeps its old flags, so count it once per (props, state) it rendered with.
      if (cur.flags & 1) {
        const mark = [cur.memoizedProps, cur.memoizedState];
        const prev = seen.get(cur) as unknown[] | undefined;
        if (!prev || prev[0] !== mark[0] || prev[1] !== mark[1]) {
          seen.set(cur, mark);
          const n = nameOf(cur);
          if (n) counts.set(n, (counts.get(n) ?? 0) + 1);
        }
      }
      walk(cur.child);
    }
  };
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => walk(root.current),
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    checkDCE: () => undefined,
  };
  (window as unknown as { __benchRenders: () => [string, number][] }).__benchRenders = () => {
    const out = [...counts].sort((a, b) => b[1] - a[1]);
    counts.clear();
    return out;
  };
}

/**
 * Main-thread CPU of a page (CDP `Performance.getMetrics` `ThreadTime` with thread ticks), in ms: what
 * a step cost the page itself, which the machine's load barely moves (wall times at load average 10
 * vary 2×). `cpuSteps` keeps each page's per-step figures in the order taken.
 */
const cpuSessions = new WeakMap<Page, CDPSession>();
const cpuSteps = new WeakMap<Page, number[]>();
/** Per page, the summed split of its steps' CPU (`--explain` prints it): script, style, layout, the rest. */
const cpuSplit = new WeakMap<Page, Record<string, number>>();
const SPLIT = { ScriptDuration: 'script', V8CompileDuration: 'compile', RecalcStyleDuration: 'style', LayoutDuration: 'layout', TaskDuration: 'tasks' } as const;
async function threadMetrics(page: Page): Promise<Record<string, number>> {
  let s = cpuSessions.get(page);
  if (!s) {
    s = await page.context().newCDPSession(page);
    await s.send('Performance.enable', { timeDomain: 'threadTicks' } as never);
    cpuSessions.set(page, s);
  }
  const { metrics } = await s.send('Performance.getMetrics');
  return Object.fromEntries(metrics.filter((m) => m.name === 'ThreadTime' || m.name in SPLIT).map((m) => [m.name, m.value * 1000]));
}
/** The CPU splits of the pages so far (by the name given), cleared for the next row. */
function takeSplits(pages: Record<string, Page>): Record<string, Record<string, number> | undefined> {
  const out = Object.fromEntries(Object.entries(pages).map(([k, pg]) => [k, cpuSplit.get(pg)]));
  for (const pg of Object.values(pages)) cpuSplit.delete(pg);
  return out;
}
/** The CPU figures of `page`'s timed steps taken since `from` (an index from `cpuMark`). */
const cpuMark = (page: Page) => cpuSteps.get(page)?.length ?? 0;
const cpuSince = (page: Page, from: number) => (cpuSteps.get(page) ?? []).slice(from);

/**
 * Arms the probe, runs the user action, answers ms from the event to the painted result (null: not
 * seen in time); the page's main-thread CPU from arming to the answer goes to `cpuSteps`.
 */
async function timed(page: Page, types: string[], until: Until, action: () => Promise<unknown>, timeoutMs = 8000): Promise<number | null> {
  const windows = profiling.get(page);
  const mark = await page.evaluate(
    ([t, u, ms, withMark]) => {
      const w = window as unknown as { __bench: { arm(a: unknown, b: unknown, c: unknown): void }; __benchMark: () => StepMark };
      const m = withMark ? w.__benchMark() : null;
      w.__bench.arm(t, u, ms);
      return m;
    },
    [types, until, timeoutMs, !!windows] as const,
  );
  const c0 = await threadMetrics(page);
  await action();
  const r = await page.evaluate(() => (window as unknown as { __bench: { result: Promise<{ t0: number | null; t1: number | null }> } }).__bench.result);
  const ok = r.t0 !== null && r.t1 !== null;
  if (ok) {
    const c1 = await threadMetrics(page);
    if (!cpuSteps.has(page)) cpuSteps.set(page, []);
    cpuSteps.get(page)!.push(c1.ThreadTime - c0.ThreadTime);
    const split = cpuSplit.get(page) ?? {};
    for (const [k, name] of Object.entries(SPLIT)) split[name] = (split[name] ?? 0) + c1[k] - c0[k];
    split.cpu = (split.cpu ?? 0) + c1.ThreadTime - c0.ThreadTime;
    split.steps = (split.steps ?? 0) + 1;
    cpuSplit.set(page, split);
  }
  if (windows && mark) windows.push({ ...mark, t1: ok ? r.t1 : null });
  return ok ? r.t1! - r.t0! : null;
}

// --- server, session, peer ----------------------------------------------------------------------

async function startConsole(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--max-semi-space-size=4', SERVER], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DIST_DIR: DIST, AUDIT_DB: ':memory:', LOG_LEVEL: 'warn', MOCK_CAPTCHA_CODE: CAPTCHA },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 60_000; ; ) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until || child.exitCode !== null) throw new Error('the console did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, stop: () => child.kill('SIGKILL') };
}

async function apiData<T>(url: string, init?: RequestInit): Promise<T> {
  const env = (await (await fetch(url, init)).json()) as { code: number; data: T; message: string };
  if (env.code !== 200) throw new Error(`${url} answered ${env.code}: ${env.message}`);
  return env.data;
}

async function signIn(base: string): Promise<string> {
  const { captchaToken } = await apiData<{ captchaToken: string }>(`${base}/v1/captcha/token`);
  const r = await apiData<{ token: string; tokenHead: string }>(`${base}/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123', captchaToken, captchaCode: CAPTCHA }),
  });
  return r.tokenHead + r.token;
}

/**
 * Serves `html` once at `path` of the console's origin (same origin: same storage, no CORS), and
 * `files` (path → JavaScript) it loads, then stops intercepting.
 */
async function gotoOwnPage(page: Page, base: string, p: string, html: string, files: Record<string, string> = {}) {
  const url = base + p;
  await page.route(url, (r) => r.fulfill({ contentType: 'text/html', body: html }));
  for (const [fp, body] of Object.entries(files)) await page.route(base + fp, (r) => r.fulfill({ contentType: 'text/javascript', body }));
  await page.goto(url);
  await page.unroute(url);
  for (const fp of Object.keys(files)) await page.unroute(base + fp);
}

/** Where the peer page loads its script from (the console's origin, served by the bench). */
const PEER_JS = '/__bench_peer__.js';

/**
 * The peer page: the console's own stylesheets (same theme, same CSS cost) and the bundled peer
 * script, served at {@link PEER_JS} with its source map (registered for `--profile`'s attribution).
 */
async function peerHtml(): Promise<{ html: string; js: string }> {
  const outfile = path.join(WORK, 'peer', 'peer.js');
  const out = await esbuild.build({
    entryPoints: [path.join(PROJECT_ROOT, 'scripts', 'bench-ui', 'peer.tsx')],
    bundle: true,
    write: false,
    outfile,
    sourcemap: 'external',
    sourcesContent: false,
    minify: !flag('no-minify'),
    format: 'iife',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const index = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const css = index.match(/<link[^>]+rel="?stylesheet"?[^>]*>/g) ?? [];
  const js = out.outputFiles.find((f) => f.path === outfile)!.text;
  const map = out.outputFiles.find((f) => f.path === `${outfile}.map`)!.text;
  sourceMaps.set(PEER_JS, { map: new TraceMap(map), dir: path.dirname(outfile) });
  return { html: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><link rel="icon" href="data:,">${css.join('')}</head><body><div id="root"></div><script src="${PEER_JS}"></script></body></html>`, js };
}

// --- figures ------------------------------------------------------------------------------------

function p95(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
}
function p50(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}
interface Row {
  what: string;
  ours: number[];
  peer: number[] | null;
  goal: string;
  missed?: number;
  /** The second peer (peer + the console's table), when measured. */
  peerTable?: number[];
  /** Main-thread CPU per step (ms), console and peer(s), when measured. */
  cpu?: { ours: number[]; peer: number[]; peerTable?: number[] };
  splits?: Record<string, Record<string, number> | undefined>;
}
const rows: Row[] = [];
const ms = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)} ms`);
/** a / b as `1.23×`, or — without both. */
const times = (a: number | null, b: number | null) => (a !== null && b ? `${(a / b).toFixed(2)}×` : '—');
function report(r: Row) {
  rows.push(r);
  const ratio = r.peer && p95(r.peer) ? ` · ratio ${(p95(r.ours)! / p95(r.peer)!).toFixed(2)}×` : '';
  console.log(`  ${r.what}: console p95 ${ms(p95(r.ours))} (p50 ${ms(p50(r.ours))}, n=${r.ours.length}${r.missed ? `, ${r.missed} not seen` : ''})${r.peer ? ` · peer p95 ${ms(p95(r.peer))} (p50 ${ms(p50(r.peer))})` : ''}${ratio}`);
  if (r.cpu) {
    const c = r.cpu;
    const cr = c.peer.length && p50(c.peer) ? ` · ratio p50 ${(p50(c.ours)! / p50(c.peer)!).toFixed(2)}×, p95 ${(p95(c.ours)! / p95(c.peer)!).toFixed(2)}×` : '';
    console.log(`    main-thread CPU per step: console p50 ${ms(p50(c.ours))}, p95 ${ms(p95(c.ours))}${c.peer.length ? ` · peer p50 ${ms(p50(c.peer))}, p95 ${ms(p95(c.peer))}` : ''}${cr}`);
  }
  // The second peer: the console against the same table as PrimeReact draws it (the kit's and the
  // screen's own share), and that table against the plain one (the table's parts' share).
  if (r.peerTable && r.peer) {
    const [o, pt, pl] = [r.ours, r.peerTable, r.peer];
    console.log(`    peer+table p95 ${ms(p95(pt))} (p50 ${ms(p50(pt))}, n=${pt.length}) · console / peer+table p95 ${times(p95(o), p95(pt))} · peer+table / peer p95 ${times(p95(pt), p95(pl))}`);
    const c = r.cpu;
    if (c?.peerTable?.length) console.log(`    main-thread CPU per step: peer+table p50 ${ms(p50(c.peerTable))}, p95 ${ms(p95(c.peerTable))} · console / peer+table p50 ${times(p50(c.ours), p50(c.peerTable))} · peer+table / peer p50 ${times(p50(c.peerTable), p50(c.peer))}`);
  }
  // `--explain`: where the steps' main-thread time went on each page, ms per step (summed since the last row).
  // `other`: the thread's CPU outside script, compile, style and layout (paint, commit, GC, tasks' own overhead).
  if (flag('explain') && r.splits)
    for (const [who, sp] of Object.entries(r.splits))
      if (sp?.steps) {
        const other = (sp.cpu ?? 0) - (sp.script ?? 0) - (sp.compile ?? 0) - (sp.style ?? 0) - (sp.layout ?? 0);
        console.log(`    ${who} per step: ${[...Object.entries(sp).filter(([k]) => k !== 'steps'), ['other', other] as const].map(([k, v]) => `${k} ${(v / sp.steps).toFixed(1)}`).join(', ')} ms`);
      }
  // `--samples`: every time in the order taken (which step, which round), to tell a trend from noise.
  if (flag('samples')) console.log(`    console: ${r.ours.map((v) => v.toFixed(0)).join(' ')}${r.peer ? `\n    peer: ${r.peer.map((v) => v.toFixed(0)).join(' ')}` : ''}${r.peerTable ? `\n    peer+table: ${r.peerTable.map((v) => v.toFixed(0)).join(' ')}` : ''}`);
}

// --- the phases ---------------------------------------------------------------------------------

const SHOWN = '.page-view:not([hidden])';
const PEER_ROOT = '.peer-view';

interface Captured {
  url: string;
  headers: Record<string, string>;
  body: string;
}
const KEEP_HEADERS = /^(authorization|content-type|accept|accept-language|x-.*)$/i;

/** The list requests (a JSON body with `pageNum`) the console sends while `action` runs. */
async function capture(page: Page, action: () => Promise<unknown>): Promise<Captured[]> {
  const seen: Captured[] = [];
  const on = (req: import('playwright-core').Request) => {
    const body = req.postData();
    if (req.method() !== 'POST' || !body || !body.includes('"pageNum"')) return;
    seen.push({ url: req.url(), headers: Object.fromEntries(Object.entries(req.headers()).filter(([k]) => KEEP_HEADERS.test(k))), body });
  };
  page.on('request', on);
  try {
    await action();
  } finally {
    page.off('request', on);
  }
  return seen;
}

/** The kit's default page size (`DEFAULT_PAGE_SIZE` in web/crud/query-state.ts, spec §9); that module needs a DOM to load. */
const TABLE_PAGE_SIZE = 10;

/**
 * The table's own list request among those a screen sent on entry: the one asking for the kit's
 * default page size. A screen's pickers load their options first with list requests of their own
 * (e.g. the goods list's category tree, `/v1/goodsCategory/list` at 100 a page), whose answer is
 * not what the table paints; without such a request, the first one.
 */
function tableRequest(seen: Captured[]): Captured | undefined {
  const pageSizeOf = (c: Captured) => {
    try {
      return (JSON.parse(c.body) as { pageSize?: unknown }).pageSize;
    } catch {
      return undefined;
    }
  };
  return seen.find((c) => pageSizeOf(c) === TABLE_PAGE_SIZE) ?? seen[0];
}

/** The kit's rows-per-page choices (`PAGE_SIZES` in web/crud/query-state.ts; drawn later by the console, so not in its DOM at entry). */
const TABLE_PAGE_SIZES = [10, 50, 80, 100];

/**
 * What the console's table shows on the screen in front (read once its first rows are painted), for
 * the second peer: the selection column, the data columns and which sort, the first row's action
 * buttons, the table's minimum width and the current-page report.
 */
async function tableShape(page: Page): Promise<PeerTable> {
  const shape = await page.evaluate((root) => {
    const table = document.querySelector(`${root} .p-datatable:not([data-bench-old])`) ?? document.querySelector(`${root} .p-datatable`);
    const ths = [...(table?.querySelectorAll<HTMLElement>('.p-datatable-thead > tr > th') ?? [])];
    const isActions = (th: HTMLElement) => th.classList.contains('p-frozen-column') && th === ths.at(-1);
    const data = ths.filter((th) => !th.classList.contains('p-selection-column') && !isActions(th));
    const firstRow = table?.querySelector('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');
    const actionsCell = ths.some(isActions) ? firstRow?.querySelector<HTMLElement>('td.p-frozen-column:last-child') : null;
    return {
      selection: ths.some((th) => th.classList.contains('p-selection-column')),
      sortable: data.map((th) => th.classList.contains('p-sortable-column')),
      actions: [...(actionsCell?.querySelectorAll<HTMLElement>('button') ?? [])].map((b) => b.innerText.trim() || b.getAttribute('aria-label') || '·'),
      minWidth: table?.querySelector<HTMLElement>('.p-datatable-table')?.style.minWidth ?? '',
      report: (table?.querySelector<HTMLElement>('.p-paginator-current')?.innerText ?? '{totalRecords}').replace(/\d+/, '{totalRecords}'),
    };
  }, SHOWN);
  return dropFromTable({ ...shape, pageSizes: TABLE_PAGE_SIZES });
}

/**
 * `--peer-table-drop=selection,actions,frozen,pager,width` (research): the second peer leaves those
 * parts of the console's table out, so a run tells what each part costs as PrimeReact draws it
 * (`pager`: no rows-per-page dropdown, no current-page report; `frozen`: the actions column not frozen).
 */
function dropFromTable(t: PeerTable): PeerTable {
  const drop = new Set((opt('peer-table-drop') ?? '').split(',').filter(Boolean));
  return {
    ...t,
    selection: t.selection && !drop.has('selection'),
    actions: drop.has('actions') ? [] : t.actions,
    frozen: !drop.has('frozen'),
    pageSizes: drop.has('pager') ? [] : t.pageSizes,
    report: drop.has('pager') ? '' : t.report,
    minWidth: drop.has('width') ? '' : t.minWidth,
  };
}

/** Opens the menu groups above a route's entry (untimed), so its link can be clicked. */
async function revealMenuEntry(page: Page, route: string) {
  const link = page.locator(`[data-testid=side-menu] a[data-menu-path="${route}"]`);
  if (await link.isVisible()) return link;
  const parts = route.split('/').filter(Boolean);
  for (let i = 1; i < parts.length; i++) {
    const group = page.locator(`[data-testid=side-menu] [data-menu-group="/${parts.slice(0, i).join('/')}"]`);
    if ((await group.count()) && (await group.getAttribute('aria-expanded')) !== 'true' && !(await link.isVisible())) await group.click();
  }
  await link.waitFor({ state: 'visible' });
  return link;
}

/** Waits until nothing happens on the page for a moment (answers in, chunks loaded): the operator's idle screen. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
}
/** Between two timed steps on a screen already painted: a moment for late answers (images, labels) and effects. */
async function pause(page: Page) {
  await page.evaluate(() => new Promise((r) => setTimeout(r, 150)));
}

/**
 * Waits until the shown screen's page transition is over (unlike {@link settle}, which waits for the
 * network): every finite animation inside the page outlet's views
 * (the §9 page transition, 0.3 s) has finished, 2 s at most. Endless ones (spinners) are not waited on.
 */
async function transitionsOver(page: Page) {
  await page.evaluate(() => {
    const running = document.getAnimations().filter((a) => {
      const target = (a.effect as KeyframeEffect | null)?.target;
      return a.playState === 'running' && target instanceof Element && !!target.closest('.page-view') && a.effect?.getComputedTiming().endTime !== Infinity;
    });
    return Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
  });
}
/** Timed steps of each kind per screen in the repaint phase (`--actions=N`). */
const ACTIONS = Number(opt('actions') ?? 3);

/** `--explain`: the requests of the last timed step, ms from its user event (start → end), and the painted time. */
function explain(page: Page): Promise<string> {
  return page.evaluate(() => {
    const last = (window as unknown as { __benchLast: { t0: number; t1: number } }).__benchLast;
    const counter = (window as unknown as { __benchRenders?: () => [string, number][] }).__benchRenders;
    const renders = counter ? `\n   rendered: ${counter().slice(0, 40).map(([n, c]) => `${n}×${c}`).join(' ')}` : '';
    const res = performance.getEntriesByType('resource').filter((e) => e.startTime >= last.t0 - 1) as PerformanceResourceTiming[];
    const long = (window as unknown as { __benchLong: PerformanceEntry[] }).__benchLong.filter((e) => e.startTime >= last.t0 - 1 && e.startTime <= last.t1);
    const states = (window as unknown as { __benchStates: [number, string][] }).__benchStates.map(([t, st]) => `\n     ${t.toFixed(0)} ${st}`).join('');
    return `painted ${(last.t1 - last.t0).toFixed(0)} ms;${renders}${states}\n   long tasks ${long.map((e) => `${(e.startTime - last.t0).toFixed(0)}+${e.duration.toFixed(0)}`).join(' ')}; ` + res.map((e) => `${e.name.replace(location.origin, '').replace(/\?.*$/, '')} ${(e.startTime - last.t0).toFixed(0)}→${(e.responseEnd - last.t0).toFixed(0)}`).join(', ');
  });
}

interface ScreenRequests {
  route: string;
  first: Captured;
  /** The table's header cells, all of them (the first peer's column count). */
  columns: number;
  /** What the console's table shows, for the second peer. */
  table: PeerTable;
  actions: { kind: 'page' | 'sort' | 'filter'; request: Captured; ms: number }[];
}

/**
 * Runs `body` under `--trace=<phase>` or `--profile=<phase>` when asked. With `perRound`, `body`
 * profiles its own rounds ({@link profileRound}): a page reloaded between rounds starts a new
 * document, whose samples one profile across the reload could not place on the page's clock.
 */
async function withProfile<T>(page: Page, phase: string, body: () => Promise<T>, perRound = false): Promise<T> {
  if (opt('trace') === phase) {
    fs.mkdirSync(WORK, { recursive: true });
    const file = path.join(WORK, `${phase}.trace.json`);
    const browser = page.context().browser()!;
    await browser.startTracing(page, { path: file, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'disabled-by-default-devtools.timeline.stack', 'disabled-by-default-devtools.timeline.invalidationTracking', 'blink', 'cc', 'viz', 'renderer.scheduler', 'loading', 'benchmark'] });
    try {
      return await body();
    } finally {
      await browser.stopTracing();
      console.log(`  trace written to ${path.relative(PROJECT_ROOT, file)} (open in chrome://tracing or DevTools' Performance panel)`);
    }
  }
  if (PROFILE !== phase || perRound) return body();
  const stop = await startProfile(page);
  try {
    return await body();
  } finally {
    const { profile, windows } = await stop();
    keepProfile(phase, profile, windows, true);
  }
}

/** Attributes a console profile's timed steps to `phase`; the last one (`write`) is also written to disk and summarised. */
function keepProfile(phase: string, profile: CpuProfile, windows: StepWindow[], write: boolean) {
  attribute(phase, 'console', profile, windows);
  if (!write) return;
  fs.mkdirSync(WORK, { recursive: true });
  const file = path.join(WORK, `${phase}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  summarize(profile, file);
}

/** `--profile=<phase>` over one round of a phase whose page reloads between rounds (see {@link withProfile}); the last round's profile is written. */
async function profileRound(page: Page, phase: string, last: boolean, body: () => Promise<void>): Promise<void> {
  if (PROFILE !== phase) return body();
  const stop = await startProfile(page);
  try {
    await body();
  } finally {
    const { profile, windows } = await stop();
    keepProfile(phase, profile, windows, last);
  }
}

/** A clock mark (see `probe`): the page's time origin (epoch ms) and the busy loop's start and end (ms, `performance.now()`). */
interface StepMark {
  origin: number;
  start: number;
  end: number;
}
/** A timed step under a CPU profile: its clock mark (just before it was armed) and when its result was painted (null: not seen). */
interface StepWindow extends StepMark {
  t1: number | null;
}
/** The pages under a CPU profile now, each with the steps timed meanwhile. */
const profiling = new Map<Page, StepWindow[]>();

/** Starts a CPU profile of `page` (CDP `Profiler`, 200 µs sampling); the answer stops it and hands the profile and the steps timed meanwhile. */
async function startProfile(page: Page): Promise<() => Promise<{ profile: CpuProfile; windows: StepWindow[] }>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const windows: StepWindow[] = [];
  profiling.set(page, windows);
  return async () => {
    profiling.delete(page);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    await cdp.detach();
    return { profile, windows };
  };
}
/** The last step timed under `page`'s profile does not count in the attribution (a peer's mount in the repaint phase). */
const dropLastWindow = (page: Page) => void profiling.get(page)?.pop();

/** Source maps by script path on the console's origin (the console's read from its build when first seen; the peer's registered). */
const sourceMaps = new Map<string, { map: TraceMap; dir: string } | null>();
function sourceMapOf(pathname: string) {
  if (!sourceMaps.has(pathname)) {
    const file = path.join(DIST, pathname) + '.map';
    sourceMaps.set(pathname, pathname.startsWith('/assets/') && fs.existsSync(file) ? { map: new TraceMap(fs.readFileSync(file, 'utf8')), dir: path.dirname(file) } : null);
  }
  return sourceMaps.get(pathname)!;
}

/**
 * The group a source file counts in: `node_modules/<package>` by package (PrimeReact by component
 * directory, `primereact/datatable`), the console's own code by directory under web/ (`web/crud`,
 * `web/app`…), the peer page's as `peer`.
 */
function moduleGroup(rel: string): string {
  const nm = rel.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = rel.slice(nm + 'node_modules/'.length).split('/');
    const pkg = parts[0].startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
    return pkg === 'primereact' && parts.length > 2 ? `primereact/${parts[1]}` : pkg;
  }
  if (rel.startsWith('scripts/bench-ui/')) return 'peer';
  const parts = rel.split('/');
  if (parts[0] === 'web') return parts.length > 2 ? `web/${parts[1]}` : rel;
  return rel;
}

/** Functions without a source and no caller with one: the bench's probe (an init script), playwright's injected scripts. */
const NO_SOURCE = '(no source: bench probe, injected)';

/** Per phase, per page ('console', 'peer', 'peer+table'): the profile's time inside the timed steps by group (µs). */
interface Attribution {
  steps: number;
  /** Time by group (µs); V8's own entries as `(program)`, `(garbage collector)`, `(idle)`. */
  us: Map<string, number>;
  /** Of that, in functions without a source (DOM calls, builtins), counted in their caller's group. */
  nativeUs: number;
  /** Steps whose window could not be placed on the profile's clock. */
  unplaced: number;
  /** Steps placed by their own clock mark (the others by the offset the marks agree on). */
  ownMark: number;
}
const attributions = new Map<string, Map<string, Attribution>>();

/**
 * Adds `profile`'s samples inside the timed steps (`windows`, from each step's clock mark to its
 * painted result) to `who`'s attribution for `phase`, by the source module of the sampled function
 * (through the build's source maps), a function without a source (a DOM call, a builtin) counting in
 * its caller's module.
 *
 * The page's clock (`performance.now()` from its time origin, epoch ms) and the profile's (µs ticks)
 * differ by one constant: each step's clock mark is a run of samples in `benchClockMark`; the offset
 * most mark/run pairs agree on (±1.5 ms) is that constant, refined per step by its own run.
 */
function attribute(phase: string, who: string, p: CpuProfile, windows: StepWindow[]) {
  // An attribution that fails must not cost the run its figures.
  try {
    attributeSamples(phase, who, p, windows);
  } catch (e) {
    console.log(`  ${phase}: ${who}'s attribution failed: ${(e as Error).stack ?? String(e)}`);
  }
}
function attributeSamples(phase: string, who: string, p: CpuProfile, windows: StepWindow[]) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const n = p.samples.length;
  const ts = new Float64Array(n);
  for (let i = 0, t = p.startTime; i < n; i++) ts[i] = t += p.timeDeltas[i] ?? 0;
  const inMark = new Map<number, boolean>();
  const marked = (id: number) => {
    let v = inMark.get(id);
    if (v === undefined) {
      v = false;
      for (let cur: number | undefined = id, k = 0; cur !== undefined && k < 4; cur = parent.get(cur), k++) if (byId.get(cur)!.callFrame.functionName === 'benchClockMark') v = true;
      inMark.set(id, v);
    }
    return v;
  };
  // Runs of samples in the clock mark: [first, last] sample time (µs).
  const runs: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    if (!marked(p.samples[i])) continue;
    const last = runs.at(-1);
    if (last && ts[i] - last[1] < 2000) last[1] = ts[i];
    else runs.push([ts[i], ts[i]]);
  }
  const offsetOf = (w: StepMark, r: [number, number]) => (r[0] / 1000 - (w.origin + w.start) + r[1] / 1000 - (w.origin + w.end)) / 2;
  const cands = windows.flatMap((w) => runs.map((r) => offsetOf(w, r))).sort((a, b) => a - b);
  let best = NaN;
  for (let i = 0, j = 0, most = 0; i < cands.length; i++) {
    while (cands[i] - cands[j] > 3) j++;
    if (i - j + 1 > most) {
      most = i - j + 1;
      best = cands[(i + j) >> 1];
    }
  }
  const groupOf = new Map<number, { group: string; native: boolean }>();
  const classify = (id: number): { group: string; native: boolean } => {
    const hit = groupOf.get(id);
    if (hit) return hit;
    const f = byId.get(id)!.callFrame;
    let out: { group: string; native: boolean };
    if (!f.url) {
      if (/^\(.*\)$/.test(f.functionName)) out = { group: f.functionName, native: false };
      else {
        const up = parent.get(id);
        const caller = up === undefined || /^\(.*\)$/.test(byId.get(up)!.callFrame.functionName) ? null : classify(up).group;
        out = caller === null || caller === NO_SOURCE ? { group: NO_SOURCE, native: false } : { group: caller, native: true };
      }
    } else {
      let pathname = f.url;
      try {
        pathname = new URL(f.url).pathname;
      } catch {
        // not a URL: keep it whole
      }
      const sm = sourceMapOf(pathname);
      // A script's top level or an eval'd function may come without a position (line -1).
      const pos = sm && f.lineNumber >= 0 ? originalPositionFor(sm.map, { line: f.lineNumber + 1, column: Math.max(0, f.columnNumber) }) : null;
      if (pos?.source) {
        const src = pos.source.replace(/^[a-z-]+:(?=\/)/, '');
        out = { group: moduleGroup(path.relative(PROJECT_ROOT, path.resolve(sm!.dir, src)).split(path.sep).join('/')), native: false };
      } else out = { group: `(unmapped) ${pathname}`, native: false };
    }
    groupOf.set(id, out);
    return out;
  };
  const phaseMap = attributions.get(phase) ?? new Map<string, Attribution>();
  attributions.set(phase, phaseMap);
  const a = phaseMap.get(who) ?? { steps: 0, us: new Map(), nativeUs: 0, unplaced: 0, ownMark: 0 };
  phaseMap.set(who, a);
  // First sample at or after `t` (µs).
  const from = (t: number) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ts[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (const w of windows) {
    if (w.t1 === null) continue;
    if (Number.isNaN(best)) {
      a.unplaced++;
      continue;
    }
    const own = runs.map((r) => offsetOf(w, r)).filter((o) => Math.abs(o - best) <= 1.5);
    const off = own.length ? own.reduce((x, y) => (Math.abs(y - best) < Math.abs(x - best) ? y : x)) : best;
    if (own.length) a.ownMark++;
    const lo = (w.origin + w.end + off) * 1000;
    const hi = (w.origin + w.t1 + off) * 1000;
    a.steps++;
    for (let i = from(lo); i < n && ts[i] <= hi; i++) {
      const d = i + 1 < n ? ts[i + 1] - ts[i] : 0;
      const c = classify(p.samples[i]);
      a.us.set(c.group, (a.us.get(c.group) ?? 0) + d);
      if (c.native) a.nativeUs += d;
    }
  }
}

/**
 * `--profile=<phase>`: the phase's main-thread time per step by source group, console beside the
 * peers (ms per step; differences: the console's extra over peer+table, peer+table's over the peer),
 * with the CPU splits the bench reads from Chromium's metrics (script, compile, style, layout, the rest).
 */
function printAttribution(phase: string, splits?: Row['splits']) {
  const m = attributions.get(phase);
  if (!m) return;
  const who = ['console', 'peer', 'peer+table'].filter((k) => m.get(k)?.steps);
  const per = (k: string, g: string) => (m.get(k)!.us.get(g) ?? 0) / 1000 / m.get(k)!.steps;
  const groups = [...new Set(who.flatMap((k) => [...m.get(k)!.us.keys()]))].filter((g) => g !== '(idle)' && who.some((k) => per(k, g) >= 0.05));
  groups.sort((x, y) => Math.max(...who.map((k) => per(k, y))) - Math.max(...who.map((k) => per(k, x))));
  const diffs = who.includes('peer+table') && who.includes('peer');
  const f = (v: number) => v.toFixed(1);
  const line = (name: string, vals: number[]) => `| ${name} | ${vals.map(f).join(' | ')}${diffs ? ` | ${f(vals[0] - vals[2])} | ${f(vals[2] - vals[1])}` : ''} |`;
  console.log(`\n  ${phase}: main-thread time per step by source (CPU profile samples inside the timed steps, ms per step; steps: ${who.map((k) => `${k} ${m.get(k)!.steps} (${m.get(k)!.ownMark} placed by their own clock mark${m.get(k)!.unplaced ? `, ${m.get(k)!.unplaced} not placed` : ''})`).join(', ')})`);
  console.log(`| group | ${who.join(' | ')}${diffs ? ' | console − peer+table | peer+table − peer' : ''} |\n|---|${who.map(() => '---|').join('')}${diffs ? '---|---|' : ''}`);
  for (const g of groups) console.log(line(g, who.map((k) => per(k, g))));
  const busy = (k: string) => [...m.get(k)!.us].filter(([g]) => g !== '(idle)').reduce((s, [, v]) => s + v, 0) / 1000 / m.get(k)!.steps;
  console.log(line('**busy (all but idle)**', who.map(busy)));
  console.log(line('of which native calls (DOM, builtins; in their caller\'s group)', who.map((k) => m.get(k)!.nativeUs / 1000 / m.get(k)!.steps)));
  console.log(line('(idle)', who.map((k) => per(k, '(idle)'))));
  // Chromium's own split of the same steps' thread time (Performance.getMetrics), for style/layout/paint.
  if (splits && who.every((k) => splits[k]?.steps)) {
    for (const part of ['cpu', 'script', 'compile', 'style', 'layout', 'other'] as const) {
      const v = (k: string) => {
        const sp = splits[k]!;
        const val = part === 'other' ? (sp.cpu ?? 0) - (sp.script ?? 0) - (sp.compile ?? 0) - (sp.style ?? 0) - (sp.layout ?? 0) : (sp[part] ?? 0);
        return val / sp.steps;
      };
      console.log(line(`metrics: ${part === 'other' ? 'other (paint, commit, GC, tasks)' : part}`, who.map(v)));
    }
  }
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}
/** Prints the top self-time functions and the top inclusive-time functions of the console's own code. */
function summarize(p: CpuProfile, file: string) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const name = (id: number) => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/assets\//, '')}:${f.lineNumber + 1}`;
  };
  const selfBy = new Map<string, number>();
  const totalBy = new Map<string, number>();
  for (const [id, us] of self) {
    selfBy.set(name(id), (selfBy.get(name(id)) ?? 0) + us);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = name(cur);
      if (seen.has(k)) continue;
      seen.add(k);
      totalBy.set(k, (totalBy.get(k) ?? 0) + us);
    }
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `    ${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`).join('\n');
  // Components and hooks (capitalised or use* names; readable with --no-minify): where a render's time goes.
  const components = new Map([...totalBy].filter(([k]) => /^(use[A-Z]|[A-Z])\w*\d* /.test(k)));
  console.log(`\n  CPU profile written to ${path.relative(PROJECT_ROOT, file)} (${((p.endTime - p.startTime) / 1000).toFixed(0)} ms)\n  self time:\n${top(selfBy, 30)}\n  total time:\n${top(totalBy, 25)}\n  total time of components and hooks:\n${top(components, 40)}`);
}

async function main() {
  if (!flag('no-build')) {
    console.log('building into .cache/bench-ui …');
    await build({ outDir: DIST, serverOut: SERVER, quiet: true, minify: !flag('no-minify'), compress: true, budget: false });
  }
  const server = await startConsole();
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const token = await signIn(server.url);
    const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'zh-CN' });
    // tsx compiles with esbuild's keepNames: the serialized probe calls `__name`, which the page lacks.
    await context.addInitScript('globalThis.__name = (f) => f;');
    await context.addInitScript(probe, { states: flag('explain') });
    if (flag('renders')) await context.addInitScript(renderCounter);
    const page = await context.newPage();
    await gotoOwnPage(page, server.url, '/__bench_blank__', '<!doctype html><link rel="icon" href="data:,">');
    await page.evaluate((entries) => entries.forEach(([k, v]) => localStorage.setItem(k, v)), consoleStorageEntries({ [StorageKey.token]: token, ...(opt('project-config') ? { [StorageKey.projectConfig]: JSON.parse(opt('project-config')!) } : {}) }));
    const peer = await context.newPage();
    // The second peer, "peer + the console's table": the same page on its own tab, measured in turn with the first.
    const peerTable = await context.newPage();
    const { html, js: peerJs } = await peerHtml();
    const openConsole = async () => {
      // Headless Chromium draws only the front page: a page behind another gets its frames ~1 s apart (viz "ThrottleUndrawnFrames").
      await page.bringToFront();
      await page.goto(`${server.url}/home/work`);
      await page.locator('[data-testid=layout]').first().waitFor();
      await settle(page);
    };
    const openPeer = async (pg = peer) => {
      await pg.bringToFront();
      await gotoOwnPage(pg, server.url, '/__bench_peer__', html, { [PEER_JS]: peerJs });
      await pg.locator('#peer-go').waitFor();
    };
    /** Puts an open peer page in front (a page behind gets its frames ~1 s apart) and lets it settle. */
    const front = async (pg: Page) => {
      await pg.bringToFront();
      await pause(pg);
    };
    const peerGo = (kind: 'mount' | 'update', req: Captured, columns = 0, pg = peer, table?: PeerTable) =>
      timed(
        pg,
        ['click'],
        { kind: 'rows', root: PEER_ROOT, answer: kind === 'update' ? new URL(req.url).pathname : undefined, fresh: kind === 'mount' },
        async () => {
          await pg.evaluate(
            ([k, r, n, tb]) => {
              const w = window as unknown as { __peer: { mount(r: unknown, c: string[], t?: unknown): void; update(r: unknown): void } };
              if (k === 'mount') {
                // The columns the console shows, by count: the answer's first fields.
                w.__peer.mount(r, (r as unknown as { cols: string[] }).cols.slice(0, n as number), tb ?? undefined);
              } else w.__peer.update(r);
            },
            [kind, req, columns, table ?? null] as const,
          );
          await pg.locator('#peer-go').click();
        },
      );
    /** The second peer's steps: its data columns as many as the console's, the table drawn as the console's. */
    const tableGo = (kind: 'mount' | 'update', req: Captured, s: ScreenRequests) => peerGo(kind, req, s.table.sortable.length, peerTable, s.table);

    // The first answer's field names, for the peer's columns.
    const fieldsOf = async (req: Captured): Promise<string[]> => {
      const r = await fetch(req.url, { method: 'POST', headers: req.headers, body: req.body });
      const env = (await r.json()) as { data: { list: Record<string, unknown>[] } };
      return Object.keys(env.data.list[0] ?? {});
    };

    // ---- menu entry → first rows
    const screens = new Map<string, ScreenRequests>();
    if (ONLY.has('menu') || ONLY.has('repaint') || ONLY.has('tabs')) {
      const ours: number[] = [];
      let missed = 0;
      const menuReps = ONLY.has('menu') ? REPS : 1;
      const cpuMenu0 = cpuMark(page);
      await withProfile(page, 'menu', async () => {
        for (let rep = 0; rep < menuReps; rep++) {
          await openConsole();
          await profileRound(page, 'menu', rep === menuReps - 1, async () => {
          for (const route of ROUTES) {
            const link = await revealMenuEntry(page, route);
            let t: number | null = null;
            const seen = await capture(page, async () => {
              t = await timed(page, ["click"], { kind: "rows", root: SHOWN, fresh: true }, async () => { const b = (await link.boundingBox())!; await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2); });
            });
            if (t === null) missed++;
            else ours.push(t);
            if (flag('explain')) console.log(route, await explain(page));
            const first = tableRequest(seen);
            if (!screens.has(route) && first) {
              const columns = await page.locator(`${SHOWN} .p-datatable-thead > tr > th`).count();
              screens.set(route, { route, first, columns, table: await tableShape(page), actions: [] });
              if (flag('explain')) console.log(route, 'table for peer+table:', JSON.stringify(screens.get(route)!.table));
            }
            await pause(page);
          }
          });
        }
      }, true);
      if (ONLY.has('menu')) {
        const peerTimes: number[] = [];
        const tableTimes: number[] = [];
        const cpuMenu = cpuSince(page, cpuMenu0);
        const cpuPeer0 = cpuMark(peer);
        const cpuTable0 = cpuMark(peerTable);
        // Each round, the two peers in turn (the first one first on even rounds), each over every screen.
        for (let rep = 0; rep < menuReps; rep++) {
          for (const which of rep % 2 ? (['table', 'plain'] as const) : (['plain', 'table'] as const)) {
            const pg = which === 'plain' ? peer : peerTable;
            await openPeer(pg);
            const stop = PROFILE === 'menu' ? await startProfile(pg) : null;
            for (const s of screens.values()) {
              const cols = await fieldsOf(s.first);
              const req = { ...s.first, cols } as Captured & { cols: string[] };
              const t = which === 'plain' ? await peerGo('mount', req, s.columns) : await tableGo('mount', req, s);
              if (t !== null) (which === 'plain' ? peerTimes : tableTimes).push(t);
            }
            if (stop) {
              const { profile, windows } = await stop();
              attribute('menu', which === 'plain' ? 'peer' : 'peer+table', profile, windows);
            }
          }
        }
        report({ what: `menu entry → first rows painted (${screens.size} list screens × ${menuReps})`, ours, peer: peerTimes, peerTable: tableTimes, goal: `≤ ${PEER_GOAL}× peer`, missed, cpu: { ours: cpuMenu, peer: cpuSince(peer, cpuPeer0), peerTable: cpuSince(peerTable, cpuTable0) }, splits: takeSplits({ console: page, peer, 'peer+table': peerTable }) });
        printAttribution('menu', rows.at(-1)!.splits);
      }
    }

    // ---- filter / page / sort → rows repainted
    if (ONLY.has('repaint') || ONLY.has('tabs')) {
      await openConsole();
      const cpuRepaint0 = cpuMark(page);
      await withProfile(page, 'repaint', async () => {
        for (const route of ROUTES) {
          const s = screens.get(route);
          if (!s) continue;
          const link = await revealMenuEntry(page, route);
          await link.click();
          await page.locator(`${SHOWN} .p-datatable-tbody > tr`).first().waitFor();
          await settle(page);
          if (!ONLY.has('repaint')) continue;
          const answer = new URL(s.first.url).pathname;
          const act = async (kind: 'page' | 'sort' | 'filter', action: () => Promise<unknown>) => {
            let t: number | null = null;
            const seen = await capture(page, async () => {
              t = await timed(page, ['click'], { kind: 'rows', root: SHOWN, answer }, action);
            });
            if (flag('explain')) console.log(route, kind, t === null ? 'not seen' : await explain(page));
            await pause(page);
            const req = seen.find((r) => r.url === s.first.url);
            if (t !== null && req) s.actions.push({ kind, request: req, ms: t });
          };
          for (let i = 0; i < ACTIONS; i++) {
            const next = page.locator(`${SHOWN} .p-paginator-next`);
            if (!(await next.count()) || (await next.isDisabled())) break;
            await act('page', () => next.click());
          }
          const headers = page.locator(`${SHOWN} th.p-sortable-column`);
          const nSort = Math.min(ACTIONS, await headers.count());
          for (let i = 0; i < nSort; i++) await act('sort', () => headers.nth(i).click());
          const input = page.locator(`${SHOWN} [data-testid=crud-search] input.p-inputtext:not([readonly])`).first();
          if (await input.count()) {
            for (const v of ['1', '2', '3', 'a', 'e'].slice(0, ACTIONS)) {
              await input.fill(v);
              await act('filter', () => page.locator(`${SHOWN} [data-testid=crud-search-submit]`).click());
            }
            await page.locator(`${SHOWN} [data-testid=crud-search-reset]`).click();
            await settle(page);
          }
        }
      });
      if (ONLY.has('repaint')) {
        await openPeer(peerTable);
        await openPeer();
        const peerBy: Record<string, number[]> = { page: [], sort: [], filter: [] };
        const tableBy: Record<string, number[]> = { page: [], sort: [], filter: [] };
        const cpuOurs = cpuSince(page, cpuRepaint0);
        const cpuPeer: number[] = [];
        const cpuTable: number[] = [];
        // The mounts' splits are not the repaint's: only the updates' count (as the CPU figures).
        const updateSplits = new Map<Page, Record<string, number>>();
        let n = 0;
        for (const s of screens.values()) {
          if (!s.actions.length) continue;
          const cols = await fieldsOf(s.first);
          const req = { ...s.first, cols } as Captured & { cols: string[] };
          // The two peers in turn, the first one first on every other screen.
          for (const which of n++ % 2 ? (['table', 'plain'] as const) : (['plain', 'table'] as const)) {
            const pg = which === 'plain' ? peer : peerTable;
            await front(pg);
            const stop = PROFILE === 'repaint' ? await startProfile(pg) : null;
            await (which === 'plain' ? peerGo('mount', req, s.columns) : tableGo('mount', req, s));
            dropLastWindow(pg);
            cpuSplit.delete(pg);
            for (const a of s.actions) {
              const t = which === 'plain' ? await peerGo('update', a.request) : await tableGo('update', a.request, s);
              if (t !== null) {
                (which === 'plain' ? peerBy : tableBy)[a.kind].push(t);
                (which === 'plain' ? cpuPeer : cpuTable).push(cpuSince(pg, cpuMark(pg) - 1)[0]);
              }
            }
            if (stop) {
              const { profile, windows } = await stop();
              attribute('repaint', which === 'plain' ? 'peer' : 'peer+table', profile, windows);
            }
            const sp = cpuSplit.get(pg) ?? {};
            const acc = updateSplits.get(pg) ?? {};
            for (const [k, v] of Object.entries(sp)) acc[k] = (acc[k] ?? 0) + v;
            updateSplits.set(pg, acc);
            cpuSplit.delete(pg);
          }
        }
        for (const [pg, sp] of updateSplits) cpuSplit.set(pg, sp);
        const all = [...screens.values()].flatMap((s) => s.actions);
        for (const kind of ['filter', 'page', 'sort'] as const) {
          report({ what: `${kind} → rows repainted`, ours: all.filter((a) => a.kind === kind).map((a) => a.ms), peer: peerBy[kind], peerTable: tableBy[kind], goal: `≤ ${PEER_GOAL}× peer` });
        }
        report({ what: 'filter / page / sort → rows repainted (all)', ours: all.map((a) => a.ms), peer: Object.values(peerBy).flat(), peerTable: Object.values(tableBy).flat(), goal: `≤ ${PEER_GOAL}× peer`, cpu: { ours: cpuOurs, peer: cpuPeer, peerTable: cpuTable }, splits: takeSplits({ console: page, peer, 'peer+table': peerTable }) });
        printAttribution('repaint', rows.at(-1)!.splits);
      }
    }

    // ---- tab switch to a kept-alive screen (the screens opened above stay alive as tabs)
    if (ONLY.has('tabs')) {
      // The repaint phase ends on the peer page: an operator switches tabs in the console they look at,
      // and a page behind another gets its frames ~1 s apart (see `openConsole`).
      await page.bringToFront();
      // Two passes over the same tabs. The goal's: each click comes once the screen shown last has
      // settled (its §9 page transition, 0.3 s, over), as an operator's next click does. The rapid
      // pass (reference): the next click 150 ms after the last paint, while that page still slides
      // in; on this machine the running transition's frames then delay the next switch's, so both
      // passes are measured.
      for (const pass of ['settled', 'rapid'] as const) {
        const ours: number[] = [];
        let missed = 0;
        const cpuTabs0 = cpuMark(page);
        takeSplits({ console: page, peer, 'peer+table': peerTable });
        // The rounds above rendered the screens: only the switches' renders count.
        if (flag('renders')) await page.evaluate(() => (window as unknown as { __benchRenders?: () => unknown }).__benchRenders?.());
        await withProfile(page, pass === 'settled' ? 'tabs' : 'tabs-rapid', async () => {
          const targets = [...screens.keys()].slice(-6);
          for (let rep = 0; rep < REPS; rep++) {
            for (const route of targets) {
              const tab = page.locator(`[data-testid=tab][data-key^="${route}"]`).first();
              if (!(await tab.count())) continue;
              if ((await tab.getAttribute('aria-selected')) === 'true') continue;
              await tab.scrollIntoViewIfNeeded();
              if (pass === 'settled') await transitionsOver(page);
              // A plain mouse click at the tab, found before the step is armed (as in the menu phase):
              // playwright's own checks before a locator click (~20 ms of queries over every kept-alive
              // page's DOM) ran on the page's main thread inside the step's CPU figure.
              const b = (await tab.boundingBox())!;
              const t = await timed(page, ['click'], { kind: 'rows', root: `.page-view[data-page-path="${route}"]:not([hidden])` }, () => page.mouse.click(b.x + b.width / 2, b.y + b.height / 2));
              if (t === null) missed++;
              else ours.push(t);
              if (flag('explain')) console.log(route, 'tab', pass, t === null ? 'not seen' : await explain(page));
              await pause(page);
            }
          }
        });
        const what = pass === 'settled' ? `tab switch to a kept-alive screen (${screens.size} screens open)` : 'tab switch, rapid (next click 150 ms after the last paint; reference)';
        report({ what, ours, peer: null, goal: pass === 'settled' ? `≤ ${TAB_GOAL_MS} ms` : '—', missed, cpu: { ours: cpuSince(page, cpuTabs0), peer: [] }, splits: takeSplits({ console: page, peer, 'peer+table': peerTable }) });
        printAttribution(pass === 'settled' ? 'tabs' : 'tabs-rapid', rows.at(-1)!.splits);
      }
    }

    // ---- search palette keystroke → menu results shown
    if (ONLY.has('palette')) {
      const en = await context.newPage();
      await gotoOwnPage(en, server.url, '/__bench_blank__', '<!doctype html><link rel="icon" href="data:,">');
      await en.evaluate((entries) => entries.forEach(([k, v]) => localStorage.setItem(k, v)), consoleStorageEntries({ [StorageKey.locale]: 'en' }));
      await en.goto(`${server.url}/home/work`);
      await en.locator('[data-testid=layout]').first().waitFor();
      await settle(en);
      const sigOf = () => en.evaluate(() => [...document.querySelectorAll('[data-testid=search-result]')].map((e) => (e as HTMLElement).innerText).join('\n'));
      const openPalette = async () => {
        await en.keyboard.press('Control+k');
        await en.locator('[data-testid=search-input]').waitFor();
        await en.locator('[data-testid=search-input]').focus();
      };
      const close = async () => {
        await en.keyboard.press('Escape');
        await en.locator('[data-testid=search-modal]').waitFor({ state: 'detached' });
      };
      // Calibration: the settled results after each prefix.
      const expected = new Map<string, string>();
      for (const text of PALETTE_TEXTS) {
        await openPalette();
        for (let i = 1; i <= text.length; i++) {
          await en.keyboard.type(text[i - 1]);
          await en.evaluate(() => new Promise((r) => setTimeout(r, 600)));
          expected.set(text.slice(0, i), await sigOf());
        }
        await close();
      }
      const ours: number[] = [];
      let missed = 0;
      await withProfile(en, 'palette', async () => {
        for (let rep = 0; rep < REPS; rep++) {
          for (const text of PALETTE_TEXTS) {
            await openPalette();
            for (let i = 1; i <= text.length; i++) {
              const t = await timed(en, ['keydown'], { kind: 'palette', text: text.slice(0, i), sig: expected.get(text.slice(0, i))! }, () => en.keyboard.type(text[i - 1]), 3000);
              if (t === null) missed++;
              else ours.push(t);
            }
            await close();
          }
        }
      });
      report({ what: 'search palette keystroke → menu results shown', ours, peer: null, goal: `≤ ${PALETTE_GOAL_MS} ms`, missed });
      printAttribution('palette');
    }

    console.log('\n| row | console p95 | peer p95 | ratio | goal |\n|---|---|---|---|---|');
    for (const r of rows) {
      const ratio = r.peer && p95(r.peer) ? `${(p95(r.ours)! / p95(r.peer)!).toFixed(2)}×` : '—';
      console.log(`| ${r.what} | ${ms(p95(r.ours))} | ${r.peer ? ms(p95(r.peer)) : '—'} | ${ratio} | ${r.goal} |`);
    }
    // The goal's gap split by the second peer: console / peer = (console / peer+table) × (peer+table / peer).
    const split = rows.filter((r) => r.peerTable && r.peer);
    if (split.length) {
      console.log('\n| row | wall p95: console · peer+table · peer | console / peer | console / peer+table | peer+table / peer | CPU p50: console · peer+table · peer | console / peer | console / peer+table | peer+table / peer |\n|---|---|---|---|---|---|---|---|---|');
      for (const r of split) {
        const [o, pt, pl] = [p95(r.ours), p95(r.peerTable!), p95(r.peer!)];
        const c = r.cpu?.peerTable?.length ? [p50(r.cpu.ours), p50(r.cpu.peerTable), p50(r.cpu.peer)] : null;
        const cpuCols = c ? `${c.map((v) => ms(v)).join(' · ')} | ${times(c[0], c[2])} | ${times(c[0], c[1])} | ${times(c[1], c[2])}` : '— | — | — | —';
        console.log(`| ${r.what} | ${[o, pt, pl].map((v) => ms(v)).join(' · ')} | ${times(o, pl)} | ${times(o, pt)} | ${times(pt, pl)} | ${cpuCols} |`);
      }
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();

import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The rules a theme can change. The light and dark themes are two colour sheets over the same
 * document (web/app/theme/theme.ts swaps one `<link>`): names, roles, structure, focus order and
 * sizes are the same in both, so the second theme of a screen is judged by these rules alone, and
 * the full set runs once per screen state. tests/e2e/a11y.e2e.test.ts keeps the full set in both
 * themes over the shell's own screens, so a sheet that changed more than colours would show there.
 */
export const THEME_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs in the page once axe is in: keeps, as `window.__axeReportable`, the rules axe runs by
 * default that can report a serious or critical violation (the others' findings are dropped below
 * anyway). A rule's impact is its own, else the highest of its checks' (axe's aggregation never
 * goes above that; a check without one counts as critical). Read from axe's loaded metadata, so a
 * rule an update makes serious is run; throws if that metadata is not where axe 4 keeps it, rather
 * than judging by nothing. (No named inner functions: the page gets this function's text.)
 */
const REPORTABLE = () => {
  type Check = { id: string } | string;
  type Rule = { id: string; enabled?: boolean; tags: string[]; impact?: string; any: Check[]; all: Check[]; none: Check[] };
  const w = window as unknown as { __axeReportable?: string[]; axe: { _audit?: { rules?: Rule[]; data?: { checks?: Record<string, { impact?: string }> } } } };
  const rules = w.axe._audit?.rules;
  const checks = w.axe._audit?.data?.checks;
  if (!rules?.length || !checks) throw new Error('axe: its rule metadata (axe._audit) is not where axe 4 keeps it: update tests/e2e/axe.ts');
  const ids = rules
    .filter((r) => r.enabled !== false && !r.tags.includes('experimental'))
    .filter((r) => (r.impact ? [r.impact] : [...r.any, ...r.all, ...r.none].map((c) => checks[typeof c === 'string' ? c : c.id]?.impact ?? 'critical')).some((i) => i === 'serious' || i === 'critical'))
    .map((r) => r.id);
  if (!ids.length) throw new Error('axe: no rule can report a serious or critical violation: update tests/e2e/axe.ts');
  w.__axeReportable = ids;
};

/** What {@link axeViolations} judges: `within`, a selector of the part to judge (an overlay is judged with its mask), else the document; `rules`, only these rule ids, else every rule axe runs by default that can report a serious or critical violation. */
export interface AxeScope {
  within?: string;
  rules?: string[];
}

/**
 * The serious and critical axe violations of what the page shows now, as one readable line each
 * (`rule (impact): selector, selector — summary`). axe is evaluated through the debugging protocol,
 * which the console's CSP (script-src 'self') does not govern, once per document. Hidden content
 * (kept-alive tabs, closed overlays) is not judged: axe skips what is not rendered. Throws when
 * `scope.within` matches nothing.
 */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  // Colours are judged as they end: a dialog fading in is paler than it will be.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5000 }).catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(AXE_SOURCE);
    await page.evaluate(REPORTABLE);
  }
  const found = await page.evaluate(async ({ within, rules }) => {
    const axe = (window as unknown as { axe: { run: (ctx: Element | Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; failureSummary?: string }[] }[] }> } }).axe;
    let context: Element | Document = document;
    if (within) {
      const part = document.querySelector(within);
      if (!part) throw new Error(`axe: nothing on the page matches ${within}`);
      // A modal's mask belongs to what the user meets with it open.
      context = part.closest('.p-dialog-mask, .p-sidebar-mask') ?? part;
    }
    const r = await axe.run(context, { resultTypes: ['violations'], runOnly: { type: 'rule', values: rules ?? (window as unknown as { __axeReportable: string[] }).__axeReportable } });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')} — ${(v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`);
  }, scope);
  return found;
}

/**
 * Switches the console to the light or dark theme with the header toggle and waits until
 * PrimeReact's sheet for it has applied (the theme swaps its sheet once it loaded,
 * web/app/theme/theme.ts), so colours are judged in the theme they belong to. The click is
 * dispatched to the toggle itself: a modal form's mask covers the header, and the screen to judge
 * is the one with the form open.
 */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme) await page.locator('[data-testid=theme-toggle]').dispatchEvent('click');
  await page.waitForFunction(
    (t) => {
      const link = document.getElementById('theme-link') as HTMLLinkElement | null;
      const want = link?.dataset[t === 'dark' ? 'darkHref' : 'lightHref'];
      return document.documentElement.dataset.theme === t && !document.getElementById('theme-link-next') && (!want || link!.getAttribute('href') === want);
    },
    theme,
  );
}

/**
 * Runs axe in the theme the page shows with every rule, then switches to the other theme and runs
 * the rules a theme can change ({@link THEME_RULES}): the violations of both, each line prefixed
 * with its theme. `within` narrows both runs to a part of the page (a form over a list judged
 * before). The page is left in the second theme (a walk over many screens alternates, one switch
 * per screen; the sheets are cached after the first).
 */
export async function axeBothThemes(page: Page, within?: string): Promise<string[]> {
  const first = (await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark' ? 'dark' : 'light';
  const second = first === 'dark' ? 'light' : 'dark';
  const found = (await axeViolations(page, { within })).map((v) => `[${first}] ${v}`);
  await useTheme(page, second);
  found.push(...(await axeViolations(page, { within, rules: THEME_RULES })).map((v) => `[${second}] ${v}`));
  return found;
}

const inFlight = new WeakMap<Page, Set<unknown>>();

/**
 * Counts the page's API requests under way from now on (call once, right after the page is made),
 * for {@link settled}.
 */
export function trackRequests(page: Page): void {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/v1/')) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Waits until the shown screen has drawn what it loads: its page chunk is in (no loading
 * placeholder), no list, tree or card shows a loading state, and no API request is under way (when
 * the page is tracked by {@link trackRequests}); checked twice in a row, a frame apart, so a
 * request that starts once the first answer arrives is waited on too.
 */
export async function settled(page: Page): Promise<void> {
  const busy = () =>
    page.evaluate(() => {
      const view = document.querySelector('.page-view:not([hidden])') ?? document.body;
      const loading = view.querySelector('.page-outlet-loading, .p-datatable-loading-overlay, .p-treetable-loading-overlay, .p-tree-loading-overlay, .p-skeleton, [aria-busy="true"]');
      return new Promise<boolean>((ok) => requestAnimationFrame(() => ok(!!loading || !view.firstElementChild)));
    });
  const open = inFlight.get(page);
  let calm = 0;
  const deadline = Date.now() + 15_000;
  while (calm < 2) {
    if (Date.now() > deadline) throw new Error(`${page.url()} is still loading after 15 s`);
    calm = !(await busy()) && !open?.size ? calm + 1 : 0;
  }
}

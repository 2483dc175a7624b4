import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect as globalExpect, test, type ExpectStatic } from 'vitest';
import type { Browser, Dialog, Locator, Page } from 'playwright-core';
import { ROUTE_TABLE, type RouteDecl } from '../../server/contract/route-table';
import type { AnyEntity } from '../../server/contract/entity';
import { StorageKey } from '../../web/lib/storage';
import { goTo, openSignedIn, resetMock, type E2EServer, apiToken, launch, Pool, startServer } from './harness.js';
import { axeBothThemes, settled, trackRequests } from './axe.js';

/**
 * The resource smoke, generated from the declarations: every
 * `web/resources/**\/*.resource.ts` found at run time is opened on its screen and, as an operator
 * would: the list loads rows; a filter applies (the request carries it and the screen shows the
 * total the server answers for it); the add form opens; a required field left empty is refused
 * beside the field; a valid record saves and the list grows by one; signed in as the operator, the
 * screen shows only the buttons its permission codes allow (or the 403 page when the route is not
 * the operator's); and axe finds no serious or critical violation on the list nor on the form
 * showing its field error, in the light and the dark theme. A new declaration gets this
 * with no test code. What the smoke cannot drive generically fails with a message saying what to
 * do, or is listed in {@link EXCLUDED} with a reason.
 *
 * The same file walks every other screen of the route table with axe (the same check runs
 * over every screen, so a screen the smoke opens is loaded and judged
 * once): each menu route, each hidden add form, the code lists of one owner and an order's detail,
 * opened by the admin and judged once drawn, in the light and the dark theme. That covers the
 * screens the smoke cannot drive (EXCLUDED: trees, settings forms, drag-and-drop, sub-lists) and
 * every page that is not a resource list (dashboards, statistics, password change). Edit routes
 * (`…/modify`) need a record chosen in their list and are opened by the smoke and area tests. The
 * walk moves from screen to screen inside one running console, as the menu does (one boot, one axe
 * injection), so it also proves that leaving an untouched screen asks nothing. Each screen state is
 * judged with every rule in its first theme and with the colour rules in the second (`axe.ts`
 * THEME_RULES); a form is judged on its own, the list around it having been judged just before.
 *
 * Fast: one browser and {@link LANES} lanes (default one), each its own server (its own mock data,
 * reset before each resource) with signed-in pages per role; with `E2E_LANES=2` tests run two at a
 * time, one per lane. Each resource is reached inside one running console, as the menu reaches it,
 * not by loading the console again: the console's cached look-ups may then predate the
 * reset, which only removes the records earlier resources added (seeded records, which the smoke
 * picks, keep their ids and names). A resource that ended mid-way leaves the next one a fresh load.
 * Leaving each screen as a person would, the smoke also judges what stays on screen across a move
 * (a toast of the last save, the row under the pointer): it found the light theme's toasts and the
 * dark theme's hovered rows below WCAG AA.
 */

/** Declarations the smoke does not run, each with the reason (none may be skipped silently). */
const EXCLUDED: Record<string, string> = {
  // Lists inside another screen's modal or detail view, and forms whose valid values depend on other records.
  merchantAccount: "a merchant's login accounts, listed in the accounts modal of /merchant/index (no route of its own); driven by tests/e2e/order-member.e2e.test.ts",
  orderItem: "an order's items, shown in /order/detail (no route of its own); driven by tests/e2e/order-member.e2e.test.ts",
  memberGrade: "a new grade's growth threshold must fall between its neighbours' (mock rule); the grade modify page is driven by tests/e2e/order-member.e2e.test.ts",
  rentAccount: 'the owner is a member picked by remote search, which the smoke does not drive yet; the screen opens and lists in tests/e2e/order-member.e2e.test.ts',
  // Lists that are not the list of a screen of their own.
  cdkCode: 'the codes of one platform, distributor or activity: master-detail lists on hidden routes, opened from a master row with the owner as a permanent filter; driven by tests/e2e/inventory-cdk.e2e.test.ts',
  inventoryAudit: 'the read-only audit trail shown in a dialog of the code screens (no route of its own); its entries are checked by tests/server/areas/inventory-actions.test.ts',
  cardSetting: 'one setting per goods delivered automatically, and the seed gives every such goods its setting, so a new one is refused as a duplicate until new goods exist (the unique rule is checked by the conformance suite)',
  menu: 'a tree list (the whole menu, no paginator) while the smoke reads totals from the paginator; its edit and icon picker are driven by tests/e2e/system-stats.e2e.test.ts',
  resourceCategory: 'no list screen of its own (spec §2: only /system/resourceCategory/add and /modify); the categories show on /system/resource (tests/e2e/system-stats.e2e.test.ts)',
  // A valid coupon needs an amount or discount that agrees with its type and threshold (mock domain
  // rule), and its validity is one range picker for two fields: tests/e2e/games-goods.e2e.test.ts edits one.
  coupon: 'type-dependent amounts and a validity range picker; covered by games-goods.e2e.test.ts',
  // Screens that are not a list, and a list the smoke's first picks cannot add to.
  rewardReceive: 'the claims of one reward, shown in the receive modal of /operate/reward (no route of its own); driven by tests/e2e/storefront.e2e.test.ts',
  seoSetting: '/operate/seoSetting is a settings form per shop page with a snippet preview, not a list (tests/e2e/storefront.e2e.test.ts opens it)',
  navigation: '/recommend/navigation is a drag-and-drop tree with a member preview, not a list (driven by tests/e2e/storefront.e2e.test.ts)',
  approval: 'no seeded rows (an approval exists once a call waits for a second person) and nothing to add; the screen lists and decides one in tests/e2e/audit-log.e2e.test.ts',
  recommendGame: 'unique (game, position): the first game and position the smoke picks are already featured (the unique rule is checked by the conformance suite)',
};

/**
 * Query a screen needs to show a given resource, when two resources share one route (tabs in the
 * URL query). Keyed by entity name.
 */
const SCREEN_QUERY: Record<string, string> = {
  // /feedback/words shows the quick replies (replay) by default and the words under ?tab=words.
  feedbackWords: '?tab=words',
};

interface Declared {
  file: string;
  entity: AnyEntity;
  permission?: string;
  route?: string;
  filters?: string[];
  form?: { mode: 'dialog' | 'drawer' | 'page'; fields: string[] };
  actions?: Partial<Record<string, boolean>>;
}

const files = fs.globSync('web/resources/**/*.resource.ts').sort();
const declared: Declared[] = await Promise.all(
  files.map(async (file) => ({ file, ...((await import(path.resolve(file))) as { default: Omit<Declared, 'file'> }).default })),
);

interface NamedRoute {
  name: string;
  path: string;
  /** Role ids that may see it (its own or its group's; none = every signed-in user). */
  roles?: string[];
}

/** Every named route of the route table with its full path (children are relative to their group). */
function namedRoutes(routes: RouteDecl[], base = '', roles?: string[]): NamedRoute[] {
  return routes.flatMap((r) => {
    const path = r.path.startsWith('/') ? r.path : `${base}/${r.path}`;
    const own = r.meta.roles ?? roles;
    return [{ name: r.name, path, roles: own }, ...namedRoutes(r.children ?? [], path, own)];
  });
}
const ROUTES = namedRoutes(ROUTE_TABLE);

/** The route of a declaration: its `route`, else the route whose name is its `permission` (e.g. `FeedbackType` → `/feedback/type`). */
function routeOf(d: Declared): NamedRoute {
  const route = d.route ? ROUTES.find((r) => r.path === d.route) : ROUTES.find((r) => r.name === d.permission);
  if (!route) throw new Error(`${d.file}: no screen: give the declaration a \`route\` of server/contract/route-table.ts, or a \`permission\` that names one`);
  return route;
}
const screenOf = (d: Declared) => routeOf(d).path + (SCREEN_QUERY[d.entity.name] ?? '');
/** Prefix of the declaration's button codes (`<permission>:add`…, spec §6). */
const permissionOf = (d: Declared) => d.permission ?? routeOf(d).name;

const endpoint = (e: AnyEntity, op: string) => {
  const ep = e.endpoints.find((x) => x.op === op);
  if (!ep) throw new Error(`${e.name} has no ${op} endpoint`);
  return ep.path;
};

/**
 * How many tests run at once: `E2E_LANES`, default 1. With 2 (the e2e project's `maxConcurrency`,
 * vitest.config.ts) a 2-core machine drives one lane while it renders the other: the file takes
 * about half the time on an idle machine, but on a machine shared with other work a list can then
 * take longer than the smoke's waits allow, so the default stays sequential.
 */
const LANES = Math.min(2, Math.max(1, Number(process.env.E2E_LANES) || 1));
/** Concurrent tests only when there is more than one lane (a test waiting for a lane spends its own timeout). */
const laneTest = LANES > 1 ? test.concurrent : test;

/** One lane: a server with its own mock data, and the pages signed in on it. */
interface Lane {
  server: E2EServer;
  /** The admin's page for the smoke, and its page and console errors. */
  page: Page;
  /** The last resource smoked on `page` ended mid-way (its screen may hold a half-filled form): the next one loads the console afresh. */
  broken: boolean;
  errors: string[];
  token: string;
  operator: Page;
  operatorCodes: string[];
  /** The admin's page for the route walk (no kept-alive tabs, API requests tracked for `settled`). */
  walk: Page;
}

let browser: Browser;
const lanes: Lane[] = [];
const pool = new Pool<Lane>();
beforeAll(async () => {
  browser = await launch();
  for (let i = 0; i < LANES; i++) {
    const server = await startServer({ TOKEN_TTL: '86400' });
    // Screens are reached the way the menu reaches them, inside one running console (no kept-alive tabs piling up).
    const { page, errors } = await openSignedIn(browser, server, '/home/work', { seed: { [StorageKey.projectConfig]: { openKeepAlive: false } } });
    const { page: operator } = await openSignedIn(browser, server, '/dashboard/analysis', { user: 'operator', seed: { [StorageKey.projectConfig]: { openKeepAlive: false } } });
    const { page: walk } = await openSignedIn(browser, server, '/home/work', { seed: { [StorageKey.projectConfig]: { openKeepAlive: false } }, before: trackRequests });
    const token = await apiToken(server);
    const lane: Lane = { server, page, broken: false, errors, token, operator, operatorCodes: [], walk };
    lane.operatorCodes = await api<string[]>(lane, '/v1/getPermCode', {}, await apiToken(server, 'operator'));
    lanes.push(lane);
    pool.add(lane);
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
  for (const lane of lanes) await lane.server.app.close();
});

/** Calls the lane's API as the signed-in admin (or with the token given) and answers the envelope's data. */
async function api<T>(lane: Lane, url: string, body: unknown, as = lane.token): Promise<T> {
  const res = await fetch(lane.server.url + url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: as }, body: JSON.stringify(body) });
  const env = (await res.json()) as { code: number; data: T; message: string };
  if (env.code !== 200) throw new Error(`${url} answered ${env.code}: ${env.message}`);
  return env.data;
}

/**
 * The resource's list on screen (the kit marks it `crud-<entity>`), waited on until it is not loading.
 * `expect` is the running test's: a concurrent test's `expect.poll` must be its own.
 */
async function loadedList(box: Locator, expect: ExpectStatic) {
  await box.locator('[data-testid=crud-table]').first().waitFor();
  // A tree list (TreeTable) draws its own mask: waiting on the DataTable's alone let a tree list's
  // empty first frame pass for its loaded rows (total 0) on a busy machine.
  await expect.poll(() => box.locator('.p-datatable-loading-overlay, .p-treetable-loading-overlay').count(), { timeout: 15_000 }).toBe(0);
}

/** The total the paginator shows ("共 N 条" / "N in total"), or 0 when the list is empty. */
async function shownTotal(box: Locator): Promise<number> {
  const report = box.locator('.p-paginator-current');
  if ((await report.count()) === 0) return 0;
  return Number(/\d+/.exec((await report.first().textContent()) ?? '')?.[0] ?? NaN);
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
let serial = 0;

/**
 * A valid text for a string field of the contract: the first candidate that fits its pattern and
 * lengths (names get a unique text, so the saved row can be found).
 */
function validText(schema: Record<string, unknown>, unique: string): string {
  const max = (schema.maxLength as number | undefined) ?? 64;
  const min = (schema.minLength as number | undefined) ?? 0;
  const candidates = [unique, unique.replace(/\s+/g, '_'), '13800138000', `e2e${serial}@example.com`, 'https://example.com/e2e.png', '#1a2b3c', '2026-11-24 10:00:00', '2026-11-24', '2.99.0', `/v1/e2e${serial}/**`, '91110108MA01ABCD3X'];
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern as string, 'u') : null;
  for (const c of candidates) {
    const v = c.length > max ? c.slice(c.length - max) : c;
    if (v.length >= min && (!pattern || pattern.test(v))) return v;
  }
  throw new Error(`no value the smoke knows fits ${JSON.stringify(schema)}: add a candidate in validText`);
}

/** Fills one form field through its widget with a valid value (the widget found in `[data-field]`). */
async function fillField(form: Locator, name: string, schema: Record<string, unknown>, unique: string): Promise<void> {
  const box = form.locator(`[data-field="${name}"]`);
  const has = async (sel: string) => (await box.locator(sel).count()) > 0;
  const p = box.page();
  // Tabbed forms: open the field's tab first (the kit marks fields with their tab index).
  const tab = await box.getAttribute('data-tab');
  if (tab !== null) await p.locator(`[data-testid=crud-form-tab-${tab}]`).click();
  if (await has('[data-testid=crud-image-file]')) {
    await box.locator('[data-testid=crud-image-file]').first().setInputFiles({ name: 'e2e.png', mimeType: 'image/png', buffer: PNG });
    await box.locator('[data-testid=crud-image-item]').first().waitFor();
  } else if (await has('.p-treeselect')) {
    await box.locator('.p-treeselect').click();
    await p.locator('.p-treeselect-panel .p-treenode-content').first().click();
  } else if (await has('.p-multiselect')) {
    await box.locator('.p-multiselect').click();
    await p.locator('.p-multiselect-panel .p-multiselect-item').first().click();
    await p.keyboard.press('Escape');
  } else if (await has('.p-dropdown')) {
    await box.locator('.p-dropdown').click();
    await p.locator('.p-dropdown-panel .p-dropdown-item').first().click();
  } else if (await has('.p-autocomplete')) {
    await box.locator('.p-autocomplete input').fill('1');
    await p.locator('.p-autocomplete-panel .p-autocomplete-item').first().click();
  } else if (await has('.ql-editor')) {
    await box.locator('.ql-editor').click();
    await p.keyboard.type(unique);
  } else if (await has('.p-radiobutton')) {
    await box.locator('.p-radiobutton').first().click();
  } else if (await has('.p-inputswitch')) {
    await box.locator('.p-inputswitch').click();
  } else if (await has('.p-inputnumber')) {
    const min = typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    await box.locator('.p-inputnumber input').fill(String(schema['x-kind'] === 'money' ? 1 : min));
  } else if (await has('.p-calendar')) {
    await box.locator('.p-calendar input').fill(schema['x-kind'] === 'date' ? '2026-11-24' : '2026-11-24 10:00:00');
    // Tab closes the date panel; Escape would also close a dialog form around it.
    await p.keyboard.press('Tab');
  } else if (await has('textarea, input')) {
    await box.locator('textarea, input').first().fill(validText(schema, unique));
  } else {
    throw new Error(`field "${name}": the smoke does not know its widget (${await box.innerHTML()}): teach fillField, or list the resource in EXCLUDED`);
  }
}

/** The add schema's required fields that have no default: what a person must fill. */
function mustFill(entity: AnyEntity, fields: string[]): string[] {
  const add = (entity as unknown as { schemas: { add: { required?: string[]; properties: Record<string, Record<string, unknown>> } } }).schemas.add;
  return fields.filter((f) => add.required?.includes(f) && add.properties[f]?.default === undefined);
}
const propOf = (entity: AnyEntity, f: string) =>
  (entity as unknown as { schemas: { add: { properties: Record<string, Record<string, unknown>> } } }).schemas.add.properties[f] ?? {};

/** Opens a filter the smoke can drive and answers its name, or null when none can be driven. */
async function applyFilter(lane: Lane, box: Locator, d: Declared): Promise<string | null> {
  const first = (await api<{ list: Record<string, unknown>[] }>(lane, endpoint(d.entity, 'list'), { pageNum: 1, pageSize: 1 })).list[0];
  for (const f of d.filters ?? []) {
    const item = box.locator(`[data-filter="${f}"]`);
    if ((await item.count()) === 0) continue;
    const source = f === 'keyword' ? d.entity.searchable.find((s) => typeof first[s] === 'string' && first[s]) : f;
    if (await item.locator('.p-dropdown').count()) {
      await item.locator('.p-dropdown').click();
      await box.page().locator('.p-dropdown-panel .p-dropdown-item').first().click();
      return f;
    }
    const input = item.locator('input.p-inputtext:not([readonly])');
    if (source && typeof first[source] === 'string' && (await input.count()) === 1 && !(await item.locator('.p-calendar, .p-inputnumber').count())) {
      await input.fill(String(first[source]).slice(0, 12));
      return f;
    }
  }
  return null;
}

/**
 * The operator's view of the screen: the 403 page (spec §8: it exists, not for this user) when the route is not the operator's; else the
 * list, with the add and delete buttons only when its codes hold `<permission>:add` / `:del`
 * (permission checks fail closed).
 */
async function checkOperator({ server, operator, operatorCodes }: Lane, d: Declared, screen: string, expect: ExpectStatic) {
  const route = routeOf(d);
  await visit(operator, server, screen);
  if (route.roles && !route.roles.includes('operator')) {
    await operator.locator('[data-testid=exception][data-status="403"]').waitFor();
    return;
  }
  const box = operator.locator(`[data-testid=crud-${d.entity.name}]`);
  await loadedList(box, expect);
  const perm = permissionOf(d);
  const can = (a: string) => operatorCodes.includes(`${perm}:${a}`);
  expect(await box.locator('[data-testid=crud-add]').count(), `operator: add button on ${screen} (code ${perm}:add ${can('add') ? 'held' : 'missing'})`).toBe(can('add') && d.form && d.actions?.add !== false ? 1 : 0);
  if (!can('del')) expect(await box.locator('[data-testid=crud-del], [data-testid=crud-batch-del]').count(), `operator: no delete on ${screen} without ${perm}:del`).toBe(0);
  if (!can('export')) expect(await box.locator('[data-testid=crud-export]').count(), `operator: no export on ${screen} without ${perm}:export`).toBe(0);
}

/** Waits for a form to close after save, or throws naming what it shows instead (field errors, toasts). */
async function savedOrWhy(p: Page, closed: Promise<unknown>) {
  const refused = p.locator('[data-testid=crud-field-error], .p-toast-message-error').first();
  const outcome = await Promise.race([closed.then(() => 'saved'), refused.waitFor().then(() => 'refused')]);
  if (outcome === 'refused') {
    const why = await p.locator('[data-testid=crud-field-error], .p-toast-message-error').allInnerTexts();
    throw new Error(`the valid record was refused: ${why.join(' | ')}`);
  }
}

describe('every declared resource screen (generated from web/resources/**/*.resource.ts)', () => {
  test('declarations are found', () => {
    globalExpect(declared.length).toBeGreaterThan(0);
  });

  for (const d of declared) {
    const name = `${d.file.replace(/^web\/resources\//, '')} (${d.entity.name})`;
    if (EXCLUDED[d.entity.name]) {
      test.skip(`${name}: excluded: ${EXCLUDED[d.entity.name]}`, () => {});
      continue;
    }
    laneTest(name, ({ expect }) => pool.use((lane) => smoke(lane, d, expect)));
  }
});

/** The smoke of one declaration on one lane (see the file's comment). */
async function smoke(lane: Lane, d: Declared, expect: ExpectStatic) {
  const { server, page, errors } = lane;
  await resetMock(server);
  const screen = screenOf(d);
  const listPath = endpoint(d.entity, 'list');
  if (lane.broken) await page.goto(server.url + screen);
  else await visit(page, server, screen);
  lane.broken = true;
  const box = page.locator(`[data-testid=crud-${d.entity.name}]`);
  await box.waitFor({ timeout: 15_000 }).catch(() => {
    throw new Error(`${screen} shows no list of ${d.entity.name} ([data-testid=crud-${d.entity.name}]): is the page built on the kit? A screen showing it under a query (tab) needs SCREEN_QUERY`);
  });

  // The list loads rows.
  await loadedList(box, expect);
  const rows = box.locator('[data-testid=crud-table] tbody tr:not(.p-datatable-emptymessage):not(.p-treetable-emptymessage)');
  expect(await rows.count(), `${screen}: the seeded list shows rows`).toBeGreaterThan(0);
  const total = await shownTotal(box);
  // Accessible in both themes: judged now, asserted at the end so a failure reports every screen's findings.
  const a11y: Record<string, string[]> = { list: await axeBothThemes(page) };

  // A filter applies: the request carries it, and the screen shows the server's total for it.
  if (d.filters?.length) {
    const applied = await applyFilter(lane, box, d);
    if (!applied) throw new Error(`${screen}: none of the filters ${d.filters.join(', ')} is one the smoke can drive (text or dropdown)`);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().startsWith(server.url + listPath) && JSON.stringify(r.postDataJSON() ?? {}).includes(`"${applied}"`)),
      box.locator('[data-testid=crud-search-submit]').click(),
    ]);
    await loadedList(box, expect);
    const expected = (await api<{ total: number }>(lane, listPath, request.postDataJSON())).total;
    await expect.poll(() => shownTotal(box), { message: `${screen}: total after filtering by ${applied}` }).toBe(expected);
    await box.locator('[data-testid=crud-search-reset]').click();
    await loadedList(box, expect);
    // (A non-ASCII filter reset before its URL was written once kept its filter: the deferred-URL list component test.)
    await expect.poll(() => shownTotal(box), { message: `${screen}: total after Reset (the filter was ${applied})` }).toBe(total);
  }

  // The operator sees only the buttons its codes allow.
  await checkOperator(lane, d, screen, expect);

  if (!d.form || d.actions?.add === false) {
    lane.broken = false;
    expect(errors, 'page and console errors').toEqual([]);
    expect(a11y, `${screen}: axe, serious or critical`).toEqual({ list: [] });
    return;
  }
  // The add form opens.
  await box.locator('[data-testid=crud-add]').click();
  const formSelector = d.form.mode === 'page' ? '[data-testid=crud-form-page]' : `[data-testid=crud-${d.form.mode}]`;
  const form = page.locator(formSelector);
  await form.waitFor();

  // A required field left empty is refused beside the field, and nothing is saved.
  const required = mustFill(d.entity, d.form.fields);
  const textual = [];
  for (const f of required) if (await form.locator(`[data-field="${f}"]`).locator('input.p-inputtext:not([readonly]), textarea').count()) textual.push(f);
  if (!textual.length) throw new Error(`${screen}: no required text field in the form to leave empty (required: ${required.join(', ') || 'none'})`);
  await form.locator('[data-testid=crud-form-save]').click();
  await form.locator(`[data-field="${textual[0]}"] [data-testid=crud-field-error]`).waitFor();
  // The list around it was judged above: the form (with its mask) is what is new.
  a11y.form = await axeBothThemes(page, formSelector);
  expect((await api<{ total: number }>(lane, listPath, { pageNum: 1, pageSize: 1 })).total).toBe(total);

  // A valid record saves and the list grows by one.
  const unique = `E2E ${d.entity.name} ${++serial}`;
  for (const f of required) await fillField(form, f, propOf(d.entity, f), unique);
  await form.locator('[data-testid=crud-form-save]').click();
  await savedOrWhy(page, d.form.mode === 'page' ? page.waitForURL((u) => u.pathname === screen.split('?')[0]) : form.waitFor({ state: 'detached' }));
  // A page form returns to the list's path; the list's query (a tab) is the screen's own.
  if (d.form.mode === 'page') await visit(page, server, screen);
  await loadedList(box, expect);
  await expect.poll(() => shownTotal(box), { message: `${screen}: the list grows by the saved record` }).toBe(total + 1);
  lane.broken = false;
  expect((await api<{ total: number }>(lane, listPath, { pageNum: 1, pageSize: 1 })).total).toBe(total + 1);
  expect(errors, 'page and console errors').toEqual([]);
  expect(a11y, `${screen}: axe, serious or critical`).toEqual({ list: [], form: [] });
}


/** The path of every route with a screen, children joined to their group. */
function screens(routes: RouteDecl[], base = ''): string[] {
  return routes.flatMap((r) => {
    const path = r.path.startsWith('/') ? r.path : `${base}/${r.path}`;
    return [...(r.component ? [path] : []), ...screens(r.children ?? [], path)];
  });
}

/** What a hidden screen needs to show something: the owner of a code list (its query). */
const QUERY: Record<string, string> = {
  '/cdk/platform/list': '?platformId=1',
  '/cdk/merchant/list': '?merchantId=1',
  '/cdk/wechat/list': '?activityId=1',
};
/** Screens opened from a row of another (the record is kept in session storage, not the URL). */
const FROM_ROW: Record<string, { list: string; button: string }> = {
  '/order/detail': { list: '/order/index', button: '[data-testid=order-detail]' },
};

/**
 * Screens the smoke opens and judges with axe in both themes (its list): the walk does not load
 * them again. A declaration without a screen is left to its own failing smoke test.
 */
const SMOKED = new Set(
  declared
    .filter((d) => !EXCLUDED[d.entity.name])
    .flatMap((d) => {
      try {
        return [screenOf(d)];
      } catch {
        return [];
      }
    }),
);
/** Every other screen (edit routes need a record chosen in their list: the smoke and area tests open them). */
const WALKED = screens(ROUTE_TABLE).filter((p) => !p.endsWith('/modify') && !SMOKED.has(p));

describe('axe over every other screen of the route table, light and dark', () => {
  test('the walk and the smoke together cover every screen', () => {
    const covered = new Set([...SMOKED, ...WALKED]);
    globalExpect(screens(ROUTE_TABLE).filter((p) => !p.endsWith('/modify') && !covered.has(p))).toEqual([]);
  });

  for (const route of WALKED) laneTest(route, ({ expect }) => pool.use((lane) => walk(lane, route, expect)));
});

/**
 * Goes to `url` (a console path, maybe with a query) inside the running console, as a menu link
 * does (harness `goTo`), and fails if leaving the screen shown asks about unsaved changes: the smoke
 * and the walk leave every screen with nothing typed. The smoke, the operator's view and the walk
 * each pay for one boot and one axe injection rather than one per screen.
 */
async function visit(page: Page, server: E2EServer, url: string) {
  // Nothing was typed on the screen left, so leaving it must not ask about unsaved changes.
  let asked = '';
  const answer = (d: Dialog) => {
    asked = d.message();
    void d.dismiss();
  };
  page.once('dialog', answer);
  const from = new URL(page.url()).pathname;
  const why = () => new Error(`leaving ${from} (nothing typed) for ${url.split('?')[0]} asked "${asked}"`);
  try {
    await goTo(page, server, url);
  } catch (e) {
    // A refused leave keeps the old screen, so the wait for the new one times out: the question is the cause.
    throw asked ? why() : e;
  } finally {
    page.off('dialog', answer);
  }
  if (asked) throw why();
}

/**
 * Opens one screen on the lane's walk page, waits until it has drawn what it loads, and judges it
 * with axe in the theme it shows, then in the other (one load, two judgements; the walk alternates).
 */
async function walk({ server, walk: page }: Lane, route: string, expect: ExpectStatic) {
  const via = FROM_ROW[route];
  if (via) {
    await visit(page, server, via.list);
    await settled(page);
    await page.locator(`.page-view:not([hidden]) ${via.button}`).first().click();
    await page.waitForURL((u) => u.pathname === route);
  } else {
    await visit(page, server, route + (QUERY[route] ?? ''));
  }
  await settled(page);
  expect(await page.locator('.page-view:not([hidden]) [data-testid=exception]').count(), `${route} shows its screen`).toBe(0);
  expect(await axeBothThemes(page)).toEqual([]);
}

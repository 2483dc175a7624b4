import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { pgliteDriver } from '../../server/console-db/pglite';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken, openSignedIn, resetMock, shot, type Account, type E2EServer, e2eLifecycle } from './harness.js';
import { StorageKey } from '../../web/lib/storage';

/**
 * Live updates in Chromium, two people at once: the admin adds a feedback type and changes a goods
 * record through the API; the operator's open list shows "1 new — show" (and reads the list afresh
 * on a click), marks a row switched elsewhere with who did it, and the operator's open modify page
 * says the record changed, by whom, with a reload.
 * The admin's own open list shows no bar for the admin's own change. The live demo traffic's
 * records (the platform's, nobody's) reach an open list the same way. Screenshots in both languages.
 */

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});
beforeEach(async () => {
  await resetMock(server);
});

type Row = Record<string, unknown>;
const V = '.page-view:not([hidden]) ';

/**
 * A page signed in as `user` on `route`, answered once its live stream is open (the stream's
 * response has arrived: a change made after it is delivered) and `ready` shows.
 */
async function openLive(route: string, ready: string, user: Account, locale?: 'en', on: Pick<E2EServer, 'url'> = server) {
  let streamed: Promise<unknown> = Promise.resolve();
  const opened = await openSignedIn(browser, on, route, {
    user,
    seed: locale ? { [StorageKey.locale]: locale } : {},
    before: (page: Page) => {
      streamed = page.waitForResponse((r) => new URL(r.url()).pathname === '/console/events' && r.status() === 200, { timeout: 15_000 });
    },
  });
  await streamed;
  await opened.page.locator(V + ready).first().waitFor();
  return opened;
}

/** Waits until the list's first load is done and answers its body rows. */
async function rows(page: Page) {
  await page.locator(`${V}[data-testid=crud-table]`).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.page-view:not([hidden]) .p-datatable-loading-overlay'));
  return page.locator(`${V}[data-testid=crud-table] tbody tr`);
}

describe('live updates', () => {
  test("another person's new feedback type: the operator's open list shows '1 new — show', rows unmoved until the click", async () => {
    const admin = await openLive('/feedback/type', '[data-testid=crud-table]', 'admin');
    const zh = await openLive('/feedback/type', '[data-testid=crud-table]', 'operator');
    const en = await openLive('/feedback/type', '[data-testid=crud-table]', 'operator', 'en');
    const before = await (await rows(zh.page)).count();
    const firstBefore = await (await rows(zh.page)).first().textContent();

    const token = await apiToken(server, 'admin');
    await apiCall(server, '/v1/feedbackType/add', { typeName: 'Live e2e type', description: '', sort: 0, status: 1 }, token);

    const bar = zh.page.locator(`${V}[data-testid=crud-live-bar]`);
    await expect.poll(() => bar.textContent(), { timeout: 10_000 }).toBe('有 1 条新记录 — 显示');
    await expect.poll(() => en.page.locator(`${V}[data-testid=crud-live-bar]`).textContent(), { timeout: 10_000 }).toBe('1 new — show');
    // The rows on screen stayed as they were.
    expect(await (await rows(zh.page)).count()).toBe(before);
    expect(await (await rows(zh.page)).first().textContent()).toBe(firstBefore);
    await shot(zh.page, 'live-bar-zh');
    await shot(en.page, 'live-bar-en');

    await bar.click();
    await zh.page.locator(`${V}[data-testid=crud-table] tbody tr`, { hasText: 'Live e2e type' }).waitFor();
    await expect.poll(() => bar.count()).toBe(0);
    // The admin's own change brings no bar to the admin's list.
    expect(await admin.page.locator(`${V}[data-testid=crud-live-bar]`).count()).toBe(0);

    // A row on screen switched elsewhere is marked with who did it, its values untouched until read again.
    const first = (await apiCall<{ list: Row[] }>(server, '/v1/feedbackType/list', { pageNum: 1, pageSize: 10 }, token)).list[0];
    await apiCall(server, '/v1/feedbackType/updateStatus', { id: first.id, status: first.status === 1 ? 0 : 1, updateTime: first.updateTime }, token);
    const marked = zh.page.locator(`${V}[data-testid=crud-table] tbody tr.crud-live-row--changed`);
    await marked.waitFor({ timeout: 10_000 });
    expect(await marked.count()).toBe(1);
    expect(await marked.getAttribute('title')).toBe('已被 admin 修改');
    expect(await marked.locator('td').first().textContent()).toBe(String(first.id));
    await shot(zh.page, 'live-row-mark-zh');
    expect([...admin.errors, ...zh.errors, ...en.errors]).toEqual([]);
    await Promise.all([admin.context.close(), zh.context.close(), en.context.close()]);
  });

  test("a goods record changed by the admin: the operator's open modify page says so and reloads it; each sees the other has it open, and the later save meets the compare dialog", async () => {
    const token = await apiToken(server, 'admin');
    const goods = (await apiCall<{ list: Row[] }>(server, '/v1/goods/list', { pageNum: 1, pageSize: 1 }, token)).list[0];
    const op = await openLive(`/goods/modify?id=${String(goods.id)}`, '[data-testid=crud-form-page]', 'operator', 'en');
    const admin = await openLive('/goods/index', '[data-testid=crud-table]', 'admin');

    const now = await apiCall<Row>(server, '/v1/goods/info', { id: goods.id }, token);
    const next = now.status === 1 ? 0 : 1;
    await apiCall(server, '/v1/goods/updateStatus', { id: goods.id, status: next, updateTime: now.updateTime }, token);

    const notice = op.page.locator(`${V}[data-testid=record-changed]`);
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toMatch(/^This record was changed by admin at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\./);
    await shot(op.page, 'live-record-changed-en');
    await op.page.locator(`${V}[data-testid=record-changed-reload]`).click();
    await notice.waitFor({ state: 'detached' });

    // Presence: the admin's list marks the row the operator has open; once the admin opens it too,
    // each modify page says the other is editing it.
    await admin.page.locator(`${V}[data-testid=crud-table] tbody tr[data-presence="operator"]`).waitFor({ timeout: 10_000 });
    await admin.page.goto(`${server.url}/goods/modify?id=${String(goods.id)}`);
    const theirs = admin.page.locator(`${V}[data-testid=record-presence]`);
    await theirs.waitFor({ timeout: 10_000 });
    expect(await theirs.textContent()).toBe('operator 也在编辑此记录');
    const mine = op.page.locator(`${V}[data-testid=record-presence]`);
    await mine.waitFor({ timeout: 10_000 });
    expect(await mine.textContent()).toBe('admin is also editing this record');

    // Both save: the admin's goes in, the operator's (made on the version before it) meets the compare dialog.
    const nameOf = (page: Page) => page.locator(`${V}[data-testid=crud-form] input`).first();
    await nameOf(admin.page).fill(`${String(goods.goodsName)} A`);
    await admin.page.locator(`${V}[data-testid=crud-form-save]`).click();
    await expect.poll(async () => (await apiCall<Row>(server, '/v1/goods/info', { id: goods.id }, token)).goodsName, { timeout: 10_000 }).toBe(`${String(goods.goodsName)} A`);
    await nameOf(op.page).fill(`${String(goods.goodsName)} B`);
    await op.page.locator(`${V}[data-testid=crud-form-save]`).click();
    await op.page.locator('[data-testid=conflict-dialog] [data-testid=conflict-fields]').waitFor({ timeout: 10_000 });
    expect(await op.page.locator('[data-testid=conflict-fields]').textContent()).toContain(`${String(goods.goodsName)} A`);
    expect([...op.errors, ...admin.errors]).toEqual([]);
    await Promise.all([op.context.close(), admin.context.close()]);
  });

  test("demo traffic: the platform's own new feedback reaches the open feedback list as '… new — show' and the menu's count of feedback waiting", async () => {
    const opened = await openLive('/feedback/index', '[data-testid=crud-table]', 'admin');
    await rows(opened.page);
    // The menu entry's count of feedback waiting for a reply (its accessible text has the exact number).
    const badge = opened.page.locator('.shell-menu-item.is-active [data-testid=menu-badge]').first();
    const waiting = async () => Number(/\d+/.exec((await badge.getAttribute('aria-label')) ?? '')?.[0] ?? NaN);
    await badge.waitFor({ timeout: 10_000 });
    const before = await waiting();
    // The QA control needs no token (apiCall sends an empty one).
    await apiCall(server, '/v1/mock/traffic/update', { enabled: true, perMinute: 600, kinds: ['feedback'] }, '');
    try {
      const bar = opened.page.locator(`${V}[data-testid=crud-live-bar]`);
      await expect.poll(() => bar.textContent(), { timeout: 15_000 }).toMatch(/^有 \d+ 条新记录 — 显示$/);
      await expect.poll(waiting, { timeout: 15_000 }).toBeGreaterThan(before);
    } finally {
      await apiCall(server, '/v1/mock/traffic/update', { enabled: false, perMinute: 30 }, '');
    }
    expect(opened.errors).toEqual([]);
    await opened.context.close();
  });
});

describe('two replicas on one PostgreSQL (PGlite)', () => {
  const replicas: FastifyInstance[] = [];
  let pg: PGlite | null = null;
  afterAll(async () => {
    for (const r of replicas.splice(0)) await r.close();
    await pg?.close();
  });
  /** A console in proxy mode to the e2e server's mock (the platform), its database the shared PGlite. */
  async function replica(db: PGlite): Promise<{ url: string }> {
    const config = loadConfig([], { MODE: 'proxy', UPSTREAM_URL: server.url, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', DIST_DIR: path.resolve(process.env.DIST_DIR || 'dist/web'), AUDIT_DB: 'off', SHED_EVENT_LOOP_DELAY_MS: '0', WATCH_INTERVAL_SECONDS: '0' });
    const app = await buildApp(config, { consoleDriver: pgliteDriver(db, { shared: true }) });
    replicas.push(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  }

  test("a write through replica B reaches the operator's open list on replica A as '1 new — show'", async () => {
    pg = await PGlite.create();
    const a = await replica(pg);
    const b = await replica(pg);
    const op = await openLive('/feedback/type', '[data-testid=crud-table]', 'operator', 'en', a);
    const token = await apiToken(b, 'admin');
    await apiCall(b, '/v1/feedbackType/add', { typeName: 'Across replicas', description: '', sort: 0, status: 1 }, token);
    const bar = op.page.locator(`${V}[data-testid=crud-live-bar]`);
    await expect.poll(() => bar.textContent(), { timeout: 10_000 }).toBe('1 new — show');
    await bar.click();
    await op.page.locator(`${V}[data-testid=crud-table] tbody tr`, { hasText: 'Across replicas' }).waitFor();
    expect(op.errors).toEqual([]);
    await op.context.close();
  });
});

import { describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eLifecycle, goTo, openSignedIn, resetMock, shot, type E2EServer } from './harness.js';
import { StorageKey } from '../../web/lib/storage';
import { mockCtx } from '../server/contract/harness.js';
import type { AnyRow } from '../../server/mock/store/seed.js';

/**
 * The storefront areas in Chromium (/operate, /recommend, /social, /specialConfig):
 * every screen opens in both languages; a station message scheduled to two chosen members and
 * revoked; navigation reordered by drag with the member preview following; three relation weights
 * set at once and the list order following; a comment hidden with a reason; what the operator sees.
 */

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});

const ROUTES = [
  '/operate/advert', '/operate/reward', '/operate/link', '/operate/stationMsg', '/operate/seoSetting',
  '/recommend/game', '/recommend/goods', '/recommend/page', '/recommend/module', '/recommend/relation', '/recommend/navigation', '/recommend/keywords',
  '/social/comment', '/social/reply',
  '/specialConfig/match', '/specialConfig/article', '/specialConfig/video', '/specialConfig/product',
];
/** Signs in through the API (harness `openSignedIn`) and opens `route`; English and dark mode seeded before the console loads. */
async function open(route: string, opts: { user?: 'admin' | 'operator'; locale?: 'en'; dark?: boolean } = {}) {
  const seed = { ...(opts.locale ? { [StorageKey.locale]: opts.locale } : {}), ...(opts.dark ? { [StorageKey.darkMode]: true } : {}) };
  const p = await openSignedIn(browser, server, route, { user: opts.user, seed });
  await p.page.waitForURL((u) => u.pathname === route.split('?')[0]);
  return p;
}

const view = '.page-view:not([hidden])';
/** Waits for the list to finish loading and answers its body rows. */
async function rows(page: Page) {
  await page.locator(`${view} [data-testid=crud-table]`).first().waitFor();
  await page.waitForFunction((v) => !document.querySelector(`${v} .p-datatable-loading-overlay`), view);
  return page.locator(`${view} [data-testid=crud-table] tbody tr`);
}
const toast = (page: Page, text: string | RegExp) => page.locator('.p-toast-message', { hasText: text }).first().waitFor();
const store = () => mockCtx(server.app).store;
const reset = () => resetMock(server);

describe('storefront screens', () => {
  test('every screen of the four areas opens, lists and shows no error, in Chinese and English', async () => {
    for (const locale of [undefined, 'en'] as const) {
      const { page, errors, context } = await open('/operate/advert', { locale });
      for (const route of ROUTES) {
        await goTo(page, server, route);
        if (route === '/operate/seoSetting') await page.locator('[data-testid=seo-preview]').waitFor();
        else if (route === '/recommend/navigation') await page.locator('[data-testid=preview-item]').first().waitFor();
        else expect(await (await rows(page)).count(), route).toBeGreaterThan(0);
        expect(await page.locator('[data-testid=exception]').count(), route).toBe(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 300_000);

  test('a station message scheduled to two chosen members, then revoked', async () => {
    await reset();
    const { page, errors, context } = await open('/operate/stationMsg');
    await rows(page);
    await page.locator('[data-testid=message-add]').click();
    const drawer = page.locator('[data-testid=message-drawer]');
    await drawer.locator('#msg-title').fill('周末维护通知');
    await drawer.locator('[data-testid=crud-rich-text] .ql-editor').click();
    await page.keyboard.type('周六凌晨维护两小时');
    await drawer.locator('label[for=msg-target-3], #msg-target-3').first().click();
    const members = [...store().col('member').values()].slice(0, 2) as AnyRow[];
    const tokens = drawer.locator('.p-autocomplete-token');
    for (const [k, m] of members.entries()) {
      await drawer.locator('#msg-members').fill(String(m.phone));
      // The one member of that phone, chosen with the keyboard.
      await page.locator('.p-autocomplete-panel .p-autocomplete-item', { hasText: String(m.nickName) }).first().waitFor();
      await drawer.locator('#msg-members').press('ArrowDown');
      await drawer.locator('#msg-members').press('Enter');
      await expect.poll(() => tokens.count()).toBe(k + 1);
    }
    await tokens.nth(1).filter({ hasText: String(members[1].nickName) }).waitFor();
    await drawer.locator('#msg-when-schedule').click();
    // Refused beside the field without a time.
    await drawer.locator('[data-testid=message-submit]').click();
    await drawer.locator('[data-testid=crud-field-error]').first().waitFor();
    const t = new Date(Date.now() + 2 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const when = `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())} 10:00:00`;
    await drawer.locator('#msg-send-time').fill(when);
    // The calendar button closes the date panel (Escape would close the drawer too).
    await drawer.locator('[data-field=sendTime] .p-datepicker-trigger').click();
    await page.locator('.p-datepicker').waitFor({ state: 'detached' });
    await drawer.locator('[data-testid=message-submit]').click();
    await toast(page, '已定时');
    const saved = [...store().col('stationMsg').values()].at(-1)!;
    expect(saved.content).toContain('周六凌晨维护两小时');
    expect(saved).toMatchObject({ title: '周末维护通知', targetType: 3, memberIds: members.map((m) => m.id), status: 1, sendTime: when });
    const row = (await rows(page)).filter({ hasText: '周末维护通知' });
    await row.locator('[data-value=scheduled]').waitFor();
    expect(await row.locator('[data-testid=message-modify]').count()).toBe(0);
    await row.locator('[data-testid=message-revoke]').click();
    await page.locator('.p-confirm-dialog-accept').click();
    await toast(page, '已撤回');
    await (await rows(page)).filter({ hasText: '周末维护通知' }).locator('[data-value="2"]').waitFor();
    expect(store().get('stationMsg', saved.id)).toMatchObject({ status: 2 });
    await shot(page, 'storefront-station-msg');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test('a shop page\'s SEO title edited on its form: counter and snippet follow, the save reaches the store', async () => {
    await reset();
    const { page, errors } = await open('/operate/seoSetting');
    await page.locator('[data-testid=seo-preview]').waitFor();
    const first = ([...store().col('seoSetting').values()] as AnyRow[]).sort((a, b) => String(a.createTime).localeCompare(String(b.createTime)) || a.id - b.id)[0];
    await page.locator('#seo-title').fill('春季促销 Spring sale');
    await page.locator('[data-testid=seo-preview-title]', { hasText: '春季促销 Spring sale' }).waitFor();
    await page.locator('[data-testid=seo-count-title]', { hasText: '20' }).waitFor();
    await page.locator('[data-testid=seo-save]').click();
    await expect.poll(() => store().get<AnyRow>('seoSetting', first.id)?.title).toBe('春季促销 Spring sale');
    await shot(page, 'storefront-seo');
    expect(errors).toEqual([]);
  });

  test('navigation reordered by drag: the member preview follows', async () => {
    await reset();
    const { page, errors, context } = await open('/recommend/navigation');
    const preview = page.locator('[data-testid=preview-item]');
    await preview.first().waitFor();
    const before = await preview.allTextContents();
    expect(before[0]).toContain('首页');
    // Drag 充值 onto the drop point before 首页 (PrimeReact Tree: the droppoint above the first node).
    const source = page.locator('.p-treenode-content', { hasText: '充值' }).first();
    const target = page.locator('.p-tree-container > .p-treenode-droppoint').first();
    await source.dragTo(target);
    await toast(page, '导航顺序已更新');
    await expect.poll(async () => (await preview.first().textContent()) ?? '').toContain('充值');
    const tops = [...store().col('navigation').values()].filter((n) => !n.parentId).sort((a, b) => (a.sort as number) - (b.sort as number));
    expect(tops[0].navName).toBe('充值');
    // A hidden entry leaves the preview.
    await page.locator('[data-testid=tree-node]', { hasText: '帮助' }).locator('[data-testid=nav-toggle]').click();
    await expect.poll(async () => (await preview.allTextContents()).some((x) => x.includes('帮助'))).toBe(false);
    await shot(page, 'storefront-navigation');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test('three relation weights set at once: the list order follows', async () => {
    await reset();
    const byModule = new Map<number, AnyRow[]>();
    for (const r of store().col('recommendRelation').values()) byModule.set(r.moduleId as number, [...(byModule.get(r.moduleId as number) ?? []), r as AnyRow]);
    const [moduleId, items] = [...byModule].find(([, v]) => v.length >= 3)!;
    const { page, errors, context } = await open(`/recommend/relation?moduleId=${moduleId}`);
    await rows(page);
    await page.locator('[data-testid=relation-weights]').click();
    const dialog = page.locator('[data-testid=weights-dialog]');
    const [a, b, c] = items.slice(0, 3);
    for (const [it, w] of [[a, 9001], [b, 9003], [c, 9002]] as const) {
      const input = dialog.locator(`#weight-${it.id}`);
      await input.fill(String(w));
      await input.blur();
    }
    await expect.poll(() => dialog.locator(`[data-id="${b.id}"] [data-testid=weights-rank]`).textContent()).toBe('1');
    await dialog.locator('[data-testid=weights-save]').click();
    await toast(page, '已更新 3 项权重');
    await expect.poll(async () => (await (await rows(page)).locator('td:nth-child(2)').allTextContents()).slice(0, 3)).toEqual([b.id, c.id, a.id].map(String));
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a comment hidden with a reason', async () => {
    await reset();
    const { page, errors, context } = await open('/social/comment?status=1');
    const first = (await rows(page)).first();
    const id = Number(await first.locator('td:nth-child(2)').textContent());
    await first.locator('[data-testid=comment-hide]').click();
    const dialog = page.locator('[data-testid=hide-dialog]');
    await dialog.locator('[data-testid=hide-confirm]').click();
    await dialog.locator('[data-testid=action-field-error]').waitFor();
    await dialog.locator('[data-testid=hide-reason-pick]', { hasText: '与商品无关' }).click();
    await dialog.locator('[data-testid=hide-confirm]').click();
    await toast(page, '已隐藏 1 条评论');
    expect(store().get('comment', id)).toMatchObject({ status: 2, hideReason: '与商品无关' });
    await goTo(page, server, `/social/comment?status=2&keyword=${encodeURIComponent(String(store().get<AnyRow>('comment', id)!.content))}`);
    // The reason is an ordinary column the list leaves out at 1366 px: the operator adds it in the column chooser.
    await rows(page);
    await page.locator(`${view} [data-testid=crud-columns]`).click();
    await page.locator('.p-multiselect-panel .p-multiselect-item', { hasText: '隐藏原因' }).click();
    await page.keyboard.press('Escape');
    await page.locator(`${view} [data-testid=crud-table] thead th`, { hasText: '隐藏原因' }).waitFor();
    await (await rows(page)).filter({ hasText: '与商品无关' }).first().waitFor();
    await shot(page, 'storefront-comment');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the receive modal lists who claimed a reward, paged, with export', async () => {
    const counts = new Map<number, number>();
    for (const r of store().col('rewardReceive').values()) counts.set(r.rewardId as number, (counts.get(r.rewardId as number) ?? 0) + 1);
    const { page, errors, context } = await open('/operate/reward');
    const first = (await rows(page)).first();
    const id = Number(await first.locator('td:nth-child(2)').textContent());
    await first.locator('[data-testid=reward-receive-open]').click();
    const dialog = page.locator('[data-testid=receive-dialog]');
    await dialog.locator('[data-testid=crud-table] tbody tr').first().waitFor();
    await expect.poll(async () => Number(/\d+/.exec((await dialog.locator('.p-paginator-current').textContent()) ?? '')?.[0])).toBe(counts.get(id) ?? 0);
    expect(await dialog.locator('[data-testid=crud-export]').count()).toBe(1);
    // Its paging is its own: the page's URL keeps no query of the modal's list.
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test('the operator sees the screens without delete buttons; dark theme in English', async () => {
    const { page, errors, context } = await open('/operate/link', { user: 'operator', locale: 'en', dark: true });
    expect(await (await rows(page)).count()).toBeGreaterThan(0);
    expect(await page.locator(`${view} [data-testid=crud-del]`).count()).toBe(0);
    expect(await page.locator(`${view} [data-testid=crud-modify]`).count()).toBeGreaterThan(0);
    await goTo(page, server, '/recommend/navigation');
    await page.locator('[data-testid=tree-node]').first().waitFor();
    expect(await page.locator('[data-testid=nav-del]').count()).toBe(0);
    expect(await page.locator('[data-testid=nav-toggle]').count()).toBeGreaterThan(0);
    await shot(page, 'storefront-navigation-operator-dark-en');
    await goTo(page, server, '/social/comment');
    expect(await (await rows(page)).count()).toBeGreaterThan(0);
    expect(await page.locator(`${view} [data-testid=comment-hide]`).count()).toBeGreaterThan(0);
    await goTo(page, server, '/operate/advert');
    await (await rows(page)).first().locator('[data-testid=advert-chart-open]').click();
    await page.locator('[data-testid=advert-chart] .apexcharts-canvas, [data-testid=advert-chart-empty]').first().waitFor();
    await shot(page, 'storefront-advert-chart-dark-en');
    expect(errors).toEqual([]);
    await context.close();
  });
});

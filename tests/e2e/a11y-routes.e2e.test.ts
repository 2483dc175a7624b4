import { beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ROUTE_TABLE, type RouteDecl } from '../../server/contract/route-table';
import { StorageKey } from '../../web/lib/storage';
import { e2eLifecycle, openSignedIn, resetMock, type E2EServer } from './harness.js';
import { axeViolations, settled, trackRequests } from './axe.js';

/**
 * axe over every screen of the route table (issue 15 "the same check runs over every screen"), in
 * the light and the dark theme: each menu route, each hidden add form, the code lists of one owner
 * and an order's detail, opened by the admin and judged once drawn. This covers the screens the
 * kit's smoke cannot drive (its EXCLUDED list: trees, settings forms, drag-and-drop, sub-lists) and
 * every page that is not a resource list (dashboards, statistics, password change). Edit routes
 * (`…/modify`) need a record chosen in their list and are opened by the smoke and area tests.
 */

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '86400' }, (s, b) => {
  server = s;
  browser = b;
});

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

const ROUTES = screens(ROUTE_TABLE).filter((p) => !p.endsWith('/modify'));

for (const theme of ['light', 'dark'] as const) {
  describe(`axe over every screen of the route table (${theme})`, () => {
    let page: Page;
    beforeAll(async () => {
      await resetMock(server);
      ({ page } = await openSignedIn(browser, server, '/home/work', { seed: { [StorageKey.darkMode]: theme === 'dark', [StorageKey.projectConfig]: { openKeepAlive: false } }, before: trackRequests }));
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    });

    for (const route of ROUTES) {
      test(route, async () => {
        const via = FROM_ROW[route];
        if (via) {
          await page.goto(server.url + via.list);
          await settled(page);
          await page.locator(`.page-view:not([hidden]) ${via.button}`).first().click();
          await page.waitForURL((u) => u.pathname === route);
        } else {
          await page.goto(server.url + route + (QUERY[route] ?? ''));
        }
        await settled(page);
        expect(await page.locator('.page-view:not([hidden]) [data-testid=exception]').count(), `${route} shows its screen`).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

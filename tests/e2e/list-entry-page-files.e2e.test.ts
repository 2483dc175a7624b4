import { describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { goTo, openSignedIn, type E2EServer, e2eLifecycle } from './harness.js';

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});

/**
 * The list screens with their own page file whose registry line carries a list entry, each with its
 * main list's endpoint (the contract's `ops.list`). The bench's ten are covered by
 * list-entry-first-rows.
 */
const SCREENS: [route: string, listPath: string, empty?: 'empty'][] = [
  ['/account/list', '/v1/gameAccount/list'],
  ['/account/useRecord', '/v1/accountUseRecord/list'],
  ['/cdk/platform', '/v1/cdkPlatform/list'],
  ['/cdk/merchant', '/v1/cdkMerchant/list'],
  ['/cdk/wechat/activity', '/v1/cdkWechatActivity/list'],
  ['/client/errorLog', '/v1/clientError/list'],
  ['/financial/merchantIncome', '/v1/merchantIncome/list'],
  ['/financial/rantalIncome', '/v1/rentalIncome/list'],
  ['/inventory/manage', '/v1/stock/list'],
  ['/inventory/cardSetting', '/v1/cardSetting/list'],
  ['/inventory/cardManage', '/v1/card/list'],
  ['/inventory/costConfig', '/v1/costConfig/list'],
  ['/inventory/cardAccount', '/v1/cardAccount/list'],
  ['/member/grade', '/v1/memberGrade/list'],
  ['/member/consume', '/v1/memberConsume/list'],
  ['/member/wallet', '/v1/walletRecord/list'],
  ['/operate/reward', '/v1/reward/list'],
  ['/operate/stationMsg', '/v1/stationMsg/list'],
  ['/order/refundSet', '/v1/refundSetting/list'],
  ['/recommend/page', '/v1/recommendPage/list'],
  ['/recommend/module', '/v1/recommendModule/list'],
  ['/recommend/relation', '/v1/recommendRelation/list'],
  ['/rent/apply', '/v1/rentApply/list'],
  ['/rent/list', '/v1/rentListing/list'],
  ['/rent/account', '/v1/rentAccount/list'],
  ['/rent/order', '/v1/rentOrder/list'],
  ['/specialConfig/article', '/v1/article/list'],
  ['/system/resource', '/v1/resource/list'],
  // A fresh server's audit trail is empty: its table shows the empty message.
  ['/system/auditLog', '/console/auditLog/list', 'empty'],
  ['/feedback/activity', '/v1/feedbackAward/getAwardList'],
  ['/feedback/words', '/v1/replay/list'],
  ['/feedback/words?tab=words', '/v1/feedbackWords/list'],
];

/** A list's first request on entry at a bare route: page 1 at the default size. */
const FIRST = JSON.stringify({ pageNum: 1, pageSize: 10 });

describe('every list screen with its own page file, entered afresh (menu entry → first rows)', () => {
  test('shows its first rows, and its list was asked for exactly once (the entry and the screen asked for the same key)', { timeout: 150_000 }, async () => {
    const { page, context, errors } = await openSignedIn(browser, server, '/home/work');
    try {
      /** Every list request (a body with a page) since the current entry began: endpoint path and body. */
      let asked: { path: string; body: string }[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        const body = r.postData() ?? '';
        // A list read of any endpoint (paths differ: `getAwardList`, `/console/auditLog/list`).
        if (r.method() === 'POST' && body.includes('"pageNum"')) asked.push({ path, body });
      });
      for (const [url, listPath, empty] of SCREENS) {
        const route = url.split('?')[0];
        // `/feedback/words` is entered twice, once per tab (one list each): its tab is closed first, so
        // the second entry mounts the screen afresh (a kept-alive screen's tab switch is not an entry).
        if (url.includes('?')) {
          await page.locator(`[data-testid=tab][data-key^="${route}"] .tabs-close`).click();
          await expect.poll(() => page.locator(`.page-view[data-page-path="${route}"]`).count(), { message: url }).toBe(0);
        }
        asked = [];
        await goTo(page, server, url);
        const view = page.locator(`.page-view[data-page-path="${route}"]:not([hidden])`);
        // Its first rows shown (the seeded ones; the empty message for an empty list), and no loading mask left over them.
        await expect.poll(() => view.locator(`.p-datatable-tbody > tr${empty ? '.p-datatable-emptymessage' : ':not(.p-datatable-emptymessage)'}`).count(), { message: url }).toBeGreaterThan(0);
        await expect.poll(() => view.locator('.p-datatable-loading-overlay').count(), { message: url }).toBe(0);
        const own = asked.filter((a) => a.path === listPath);
        expect(own.filter((a) => a.body === FIRST), `${url}: ${JSON.stringify(asked)}`).toHaveLength(1);
        // A wrong declaration or option on the registry line would ask another list, or this one with another body.
        expect(asked.filter((a) => a.body === FIRST), `${url}: ${JSON.stringify(asked)}`).toHaveLength(1);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

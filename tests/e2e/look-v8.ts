// Scratch viewer for issue 8 screens (not a test): node --import tsx tests/e2e/look-v8.ts route...
import { launch, newPage, shot, signIn, startServer } from './harness.js';

const routes = process.argv.slice(2);
const server = await startServer({ TOKEN_TTL: '3600', SCALE: '0.25' });
const browser = await launch();
const { page, errors } = await newPage(browser);
await page.goto(server.url + '/login');
await signIn(page);
await page.waitForURL((u) => !u.pathname.startsWith('/login'));
for (const r of routes) {
  const [route, theme] = r.split('#');
  await page.goto(server.url + route);
  await page.waitForLoadState('networkidle');
  if (theme === 'en') {
    await page.locator('[data-testid=locale-picker]').click();
    await page.locator('.locale-item--en').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.waitForLoadState('networkidle');
  }
  await shot(page, 'v8' + route.replace(/[/?=&]/g, '_') + (theme ? `-${theme}` : ''));
  console.log(route, errors.splice(0).join('\n'));
}
await browser.close();
await server.app.close();

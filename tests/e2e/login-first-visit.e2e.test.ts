import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { LOGIN_BUDGET, sizeReportFile, type SizeReport } from '../../scripts/lib/report.js';
import { firstVisit } from '../../scripts/lib/first-visit.js';
import { e2eLifecycle, type E2EServer } from './harness.js';

let server: E2EServer;
let browser: Browser;
e2eLifecycle({}, (s, b) => {
  server = s;
  browser = b;
});

test('a first visit to /login downloads, before the network is idle, exactly the scripts the build budgets, within the budget', async () => {
  const distDir = path.resolve(process.env.DIST_DIR || 'dist/web');
  const report = JSON.parse(fs.readFileSync(sizeReportFile(distDir), 'utf8')) as SizeReport;
  const counted = report.loginInitial!.js;

  const visit = await firstVisit(browser, `${server.url}/login`);

  expect(visit.scripts.map((s) => s.path.slice(1)).sort()).toEqual([...counted.files].sort());
  expect(visit.scripts.every((s) => s.encoding === 'br')).toBe(true);
  expect(visit.scriptBytes).toBe(counted.brotli);
  expect(visit.scriptBytes).toBeLessThanOrEqual(LOGIN_BUDGET.jsBrotli);
});

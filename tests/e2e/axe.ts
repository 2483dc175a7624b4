import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical axe violations of what the page shows now, as one readable line each
 * (`rule (impact): selector, selector — summary`). axe is evaluated through the debugging protocol,
 * which the console's CSP (script-src 'self') does not govern.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours are judged as they end: a dialog fading in is paler than it will be.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5000 }).catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; failureSummary?: string }[] }[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')} — ${(v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`);
  });
  return found;
}


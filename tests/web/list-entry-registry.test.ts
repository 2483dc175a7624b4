import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PAGE_MODULES } from '../../web/pages/registry';

// A list screen's first request leaves at its entry only when its
// registry line carries a list entry (`listPage` / `listScreen`, web/crud/page-module.tsx). A page file
// registered as a plain `() => import(…)` starts its request only after its chunk and first render, and
// nothing else would tell: this test fails for a page file whose main list is the kit's (URL-synced)
// list registered without one, unless it is exempt below with the reason.

const PAGES_DIR = resolve(__dirname, '../../web/pages');

/** List screens that cannot be started at entry, with why (the same reason sits on their registry line). */
const EXEMPT: Record<string, string> = {
  'cdk/platform/list.page.tsx': "the codes list's permanent filter is its owner, read at runtime (URL or stored id)",
  'cdk/merchant/list.page.tsx': "the codes list's permanent filter is its owner, read at runtime (URL or stored id)",
  'cdk/wechat/list.page.tsx': "the codes list's permanent filter is its owner, read at runtime (URL or stored id)",
};

/** A page file's text and that of the screen files it imports from web/pages (`./income`, `../codes`): where its list is drawn. */
function screenText(file: string): string {
  const text = readFileSync(file, 'utf8');
  const local = [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)]
    .map((m) => resolve(dirname(file), m[1]))
    .filter((p) => p.startsWith(PAGES_DIR))
    .flatMap((p) => ['.tsx', '.ts'].map((ext) => p + ext))
    .filter((p) => existsSync(p));
  return [text, ...local.map((p) => readFileSync(p, 'utf8'))].join('\n');
}

/** Whether a screen draws the kit's list (URL-synced unless it says `urlSync: false`, which only a second list on a screen does). */
const drawsList = (text: string) => /<ResourceListPage\b|useListController\(/.test(text);

const pageFiles = Object.keys(PAGE_MODULES).filter((k) => existsSync(join(PAGES_DIR, k)));
const listScreens = pageFiles.filter((k) => drawsList(screenText(join(PAGES_DIR, k))));

describe('every list screen starts its first request at its entry', () => {
  test('the page files drawing a kit list are found (the detector still sees them)', () => {
    expect(listScreens.length).toBeGreaterThanOrEqual(40);
    expect(listScreens).toEqual(expect.arrayContaining(['member/index.page.tsx', 'financial/merchantIncome.page.tsx', 'cdk/platform/list.page.tsx', 'feedback/words.page.tsx']));
  });

  test('a list screen with its own page file is registered with a list entry, or exempt with a reason', () => {
    const missing = listScreens.filter((k) => !PAGE_MODULES[k].listEntry && !EXEMPT[k]);
    expect(missing, 'register these with listScreen(page, declaration, opts) (web/crud/page-module.tsx), or exempt them here with the reason').toEqual([]);
  });

  test('the exemptions are list screens still without a list entry', () => {
    for (const k of Object.keys(EXEMPT)) {
      expect(listScreens, k).toContain(k);
      expect(PAGE_MODULES[k].listEntry, k).toBeUndefined();
    }
  });

  test('no screen without a kit list carries a list entry (it would send a request nobody reads)', () => {
    const stray = pageFiles.filter((k) => PAGE_MODULES[k].listEntry && !listScreens.includes(k));
    expect(stray).toEqual([]);
  });
});

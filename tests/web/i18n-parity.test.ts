import { describe, expect, test } from 'vitest';
import enShell from '../../web/i18n/locales/en/index';
import zhShell from '../../web/i18n/locales/zh_CN/index';
import enScreens from '../../web/i18n/locales/en/screens';
import zhScreens from '../../web/i18n/locales/zh_CN/screens';

// Each language is two packs (the shell's, loaded with the login page, and the screens'): checked as one.
const en = { ...enShell, ...enScreens };
const zh = { ...zhShell, ...zhScreens };

/**
 * Every visible text is in zh_CN (default) and en. Both packs are walked as plain objects, so keys an
 * area adds through its own pack are covered with no list to keep.
 *
 * i18next plural forms differ by language (en `x_one` + `x_other`, zh only `x_other`), so a key is
 * compared without its plural suffix.
 */

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Leaf texts by dotted key (plural suffix removed). */
function leaves(obj: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (obj !== null && typeof obj === 'object') {
    for (const [k, v] of Object.entries(obj)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    const key = prefix.replace(PLURAL, '');
    out.set(key, `${out.get(key) ?? ''}${String(obj)}`);
  }
  return out;
}

/** The `{{name}}` placeholders a text interpolates, sorted. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]))].sort();

const zhKeys = leaves(zh);
const enKeys = leaves(en);

describe('translation packs zh_CN and en', () => {
  test('the packs are not empty', () => {
    expect(zhKeys.size).toBeGreaterThan(100);
    expect(enKeys.size).toBeGreaterThan(100);
  });

  test('every zh_CN key exists in en', () => {
    expect([...zhKeys.keys()].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  test('every en key exists in zh_CN', () => {
    expect([...enKeys.keys()].filter((k) => !zhKeys.has(k))).toEqual([]);
  });

  test('no text is empty', () => {
    const empty = [...zhKeys, ...enKeys].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  test('both languages interpolate the same {{placeholders}}', () => {
    const differ = [...zhKeys.keys()]
      .filter((k) => enKeys.has(k))
      .filter((k) => placeholders(zhKeys.get(k)!).join() !== placeholders(enKeys.get(k)!).join())
      .map((k) => `${k}: zh_CN {${placeholders(zhKeys.get(k)!).join(',')}} en {${placeholders(enKeys.get(k)!).join(',')}}`);
    expect(differ).toEqual([]);
  });
});

import { describe, expect, test } from 'vitest';
import en from '../../web/i18n/locales/en/index';
import zh from '../../web/i18n/locales/zh_CN/index';

/** Every leaf key path of a language pack (`crud.upload.choose`). */
function keys(pack: unknown, prefix = ''): string[] {
  if (typeof pack !== 'object' || pack === null || Array.isArray(pack)) return [prefix];
  return Object.entries(pack as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('language packs (spec §9 locales zh_CN and en)', () => {
  test('every translation key exists in both languages', () => {
    const a = new Set(keys(en));
    const b = new Set(keys(zh));
    expect([...a].filter((k) => !b.has(k)), 'in en, missing in zh_CN').toEqual([]);
    expect([...b].filter((k) => !a.has(k)), 'in zh_CN, missing in en').toEqual([]);
  });
});

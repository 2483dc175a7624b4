import { describe, expect, test } from 'vitest';
import { filterIcons, ICON_PAGE_SIZE, iconPage } from '../../web/crud/parts/icon-filter';
import { passwordProblem, passwordStrength } from '../../web/pages/system/password-rule';
import { avatarSrc, AVATAR_NAMES, avatarPath } from '../../web/crud/parts/avatars';

describe('icon picker (spec §5, §9)', () => {
  const icons = Array.from({ length: 300 }, (_, i) => `pi pi-icon-${i}`).concat(['pi pi-bell', 'pi pi-bell-slash', 'pi pi-user-edit']);
  test('free text filters by every word, prefix ignored', () => {
    expect(filterIcons(icons, 'bell')).toEqual(['pi pi-bell', 'pi pi-bell-slash']);
    expect(filterIcons(icons, 'pi-bell slash')).toEqual(['pi pi-bell-slash']);
    expect(filterIcons(icons, 'EDIT user')).toEqual(['pi pi-user-edit']);
    expect(filterIcons(icons, '  ')).toHaveLength(icons.length);
  });
  test('140 a page; the pager shows once the total reaches the page size', () => {
    expect(iconPage(icons, 0).items).toHaveLength(ICON_PAGE_SIZE);
    expect(iconPage(icons, 2).items).toHaveLength(icons.length - 2 * ICON_PAGE_SIZE);
    expect(iconPage(icons, 9).items).toEqual(iconPage(icons, 2).items);
    expect(iconPage(icons.slice(0, 139), 0).paged).toBe(false);
    expect(iconPage(icons.slice(0, 140), 0).paged).toBe(true);
  });
});

describe('change password rule', () => {
  test('6–64 characters with a letter and a digit, different from the current, confirmed', () => {
    expect(passwordProblem('old1', '', '')).toBe('required');
    expect(passwordProblem('old1', 'a1', 'a1')).toBe('length');
    expect(passwordProblem('old1', 'abcdefg', 'abcdefg')).toBe('letterDigit');
    expect(passwordProblem('abc123', 'abc123', 'abc123')).toBe('same');
    expect(passwordProblem('old1', 'abc123', 'abc124')).toBe('mismatch');
    expect(passwordProblem('old1', 'abc123', 'abc123')).toBeNull();
  });
  test('strength grows with length, mixed case and symbols', () => {
    expect(passwordStrength('abcdef')).toBe(0);
    expect(passwordStrength('abc123')).toBe(1);
    expect(passwordStrength('abc123defg')).toBe(2);
    expect(passwordStrength('NewPass2026!')).toBe(3);
  });
});

describe('avatars (spec §3: at least six illustrations)', () => {
  test('each illustration draws as an inline image; other URLs pass through', () => {
    expect(AVATAR_NAMES.length).toBeGreaterThanOrEqual(6);
    for (const n of AVATAR_NAMES) expect(avatarSrc(avatarPath(n))).toMatch(/^data:image\/svg\+xml/);
    expect(avatarSrc('/upload/x.png')).toBe('/upload/x.png');
    expect(avatarSrc(undefined)).toBeUndefined();
  });
});

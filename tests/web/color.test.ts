import { describe, expect, test } from 'vitest';
import {
  AA_TEXT_CONTRAST,
  contrastRatio,
  darken,
  DARK_HEADER_BG,
  DARK_MENU_BG,
  DEFAULT_THEME_COLOR,
  expandHex,
  headerColors,
  headerTheme,
  isDarkColor,
  isHexColor,
  lighten,
  menuColors,
  menuTheme,
  primaryPalette,
} from '../../web/lib/color';
import { appearanceOf, DEFAULT_APPEARANCE, htmlFilter } from '../../web/app/theme/theme';

describe('spec §5: a hex colour is # and 3 or 6 hex digits', () => {
  test.each(['#fff', '#FFF', '#0960bd', '#0960BD', '#aBc123'])('%s is valid', (c) => expect(isHexColor(c)).toBe(true));
  test.each(['', '#', '#ff', '#ffff', '#fffff', '#fffffff', '0960bd', '#ggg', '#12345g', ' #fff', '#fff ', 'red', 'rgb(0,0,0)'])('%j is refused', (c) =>
    expect(isHexColor(c)).toBe(false),
  );
  test('non-strings are refused', () => {
    expect(isHexColor(null)).toBe(false);
    expect(isHexColor(undefined)).toBe(false);
    expect(isHexColor(0x0960bd)).toBe(false);
  });
  test('3-digit colours expand before any arithmetic, lower-cased', () => {
    expect(expandHex('#ABC')).toBe('#aabbcc');
    expect(expandHex('#0960BD')).toBe('#0960bd');
    expect(() => expandHex('#12')).toThrow(TypeError);
  });
});

describe('behaviour notes "Theme": dark when 0.299·r + 0.578·g + 0.114·b < 192', () => {
  test('the default theme colour, black and the dark defaults are dark; white is light', () => {
    expect(isDarkColor(DEFAULT_THEME_COLOR)).toBe(true); // 2.691 + 55.488 + 21.546 = 79.7
    expect(isDarkColor('#000000')).toBe(true);
    expect(isDarkColor(DARK_HEADER_BG)).toBe(true);
    expect(isDarkColor(DARK_MENU_BG)).toBe(true);
    expect(isDarkColor('#ffffff')).toBe(false); // 252.7
  });
  test('the threshold uses .578 for green, as written (weights sum to .991)', () => {
    // 193 · .991 = 191.26 < 192: dark here, although light with the usual .587 (193 ≥ 192).
    expect(isDarkColor('#c1c1c1')).toBe(true);
    // 194 · .991 = 192.25: not below the threshold.
    expect(isDarkColor('#c2c2c2')).toBe(false);
    // Green weighs .578: pure green 255 · .578 = 147.4 → dark.
    expect(isDarkColor('#00ff00')).toBe(true);
    // 255·.299 + 255·.578 = 223.6 → light.
    expect(isDarkColor('#ffff00')).toBe(false);
  });
  test('3-digit colours are expanded first', () => {
    expect(isDarkColor('#bbb')).toBe(true); // 187 · .991 = 185.3
    expect(isDarkColor('#ccc')).toBe(false); // 204 · .991 = 202.2
    expect(isDarkColor('#000')).toBe(true);
  });
  test.each(['', 'black', '#12', '#00000', '000000', null, undefined, 42])('%j is not a valid colour and counts as light', (c) => expect(isDarkColor(c)).toBe(false));
});

describe('behaviour notes: lighten/darken move each channel by trunc(255·p/100), clamped', () => {
  test('6 % is 15 per channel (255·6/100 = 15.3)', () => {
    expect(lighten('#0960bd', 6)).toBe('#186fcc'); // 9+15, 96+15, 189+15
    expect(darken('#0960bd', 6)).toBe('#0051ae'); // 9−15 clamps to 0
  });
  test('5 % is 12 (12.75 truncated, not rounded to 13)', () => {
    expect(lighten('#000000', 5)).toBe('#0c0c0c');
    expect(darken('#ffffff', 5)).toBe('#f3f3f3');
  });
  test('3 % is 7 (7.65 truncated)', () => expect(lighten('#000', 3)).toBe('#070707'));
  test('channels clamp at 0 and 255', () => {
    expect(lighten('#ffffff', 6)).toBe('#ffffff');
    expect(lighten('#f5f5f5', 6)).toBe('#ffffff');
    expect(darken('#000', 6)).toBe('#000000');
  });
  test('an invalid colour throws', () => expect(() => lighten('blue', 6)).toThrow(TypeError));
});

describe('spec §4: header and menu themes from background brightness', () => {
  test('header: dark when its background is dark or dark mode is on', () => {
    expect(headerTheme('#ffffff', false)).toBe('light');
    expect(headerTheme('#ffffff', true)).toBe('dark');
    expect(headerTheme('#009688', false)).toBe('dark');
    expect(headerTheme('#409eff', false)).toBe('dark'); // 19.1 + 91.3 + 29.1 = 139.5
    expect(headerTheme('not a colour', false)).toBe('light');
  });
  test('menu: light only for white (#fff/#ffffff) outside dark mode', () => {
    expect(menuTheme('#fff', false)).toBe('light');
    expect(menuTheme('#FFFFFF', false)).toBe('light');
    expect(menuTheme('#ffffff', true)).toBe('dark');
    // A light colour that is not white still gives a dark menu.
    expect(menuTheme('#fefefe', false)).toBe('dark');
    expect(menuTheme('#001529', false)).toBe('dark');
  });
});

describe('spec §9 shifts and dark defaults', () => {
  test('header: hover 6 % darker on a light header, 6 % lighter on a dark one', () => {
    expect(headerColors('#ffffff', false)).toEqual({ bg: '#ffffff', hover: '#f0f0f0', theme: 'light' });
    expect(headerColors('#009688', false)).toEqual({ bg: '#009688', hover: '#0fa597', theme: 'dark' });
  });
  test('dark mode uses header #151515 whatever is configured', () => {
    expect(headerColors('#ffffff', true)).toEqual({ bg: DARK_HEADER_BG, hover: '#242424', theme: 'dark' });
  });
  test('menu: darker 6 and lighter 5', () => {
    expect(menuColors('#001529', false)).toEqual({ bg: '#001529', darker: '#00061a', lighter: '#0c2135', theme: 'dark' });
    expect(menuColors('#fff', false)).toEqual({ bg: '#ffffff', darker: '#f0f0f0', lighter: '#ffffff', theme: 'light' });
  });
  test('dark mode uses menu #212121 whatever is configured', () => {
    expect(menuColors('#ffffff', true)).toEqual({ bg: DARK_MENU_BG, darker: '#121212', lighter: '#2d2d2d', theme: 'dark' });
  });
  test('an invalid stored colour falls back to the default', () => {
    expect(headerColors('nope', false).bg).toBe('#ffffff');
    expect(menuColors('#12', false).bg).toBe('#001529');
  });
});

describe('theme colour as CSS variables for PrimeReact', () => {
  test('the primary colour, its hover/active shades and the text colour on it', () => {
    const p = primaryPalette('#0960bd', false);
    expect(p['--primary-color']).toBe('#0960bd');
    expect(p['--primary-hover']).toBe('#0051ae');
    expect(p['--primary-active']).toBe(darken('#0960bd', 12));
    expect(p['--primary-color-text']).toBe('#ffffff');
    expect(p['--highlight-bg']).toMatch(/^#[0-9a-f]{6}$/);
  });
  test('dark mode shades go lighter; a light theme colour gets dark text', () => {
    expect(primaryPalette('#0960bd', true)['--primary-hover']).toBe('#186fcc');
    expect(primaryPalette('#ffeb3b', false)['--primary-color-text']).toBe('#030712');
    // Text in a dark theme colour is lightened on dark surfaces until it reads at AA: 20 % (#3c93f0)
    // read at 4.25:1 on a hovered row, 24 % does (9+61, 96+61, 189+61).
    expect(primaryPalette('#0960bd', true)['--primary-text']).toBe('#469dfa');
    expect(primaryPalette('#0960bd', false)['--primary-text']).toBe('#0960bd');
  });
  test('text in the theme colour reads at WCAG AA on a hovered and a selected dark row, for any theme colour', () => {
    for (const c of ['#0960bd', '#3b82f6', '#1677ff', '#722ed1', '#13c2c2', '#f5222d', '#000000', '#2f54eb', '#ffeb3b', '#8b4513']) {
      const text = primaryPalette(c, true)['--primary-text'];
      expect(contrastRatio(text, '#262f3d'), `${c} → ${text} on a hovered row`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
  test('3-digit colours are expanded; an invalid one falls back to #0960bd', () => {
    expect(primaryPalette('#0AF', false)['--primary-color']).toBe('#00aaff');
    expect(primaryPalette('#0960b', false)['--primary-color']).toBe('#0960bd');
  });
});

describe('appearance from the stored config, gray mode and colour weak', () => {
  test('missing fields take the §9 defaults', () => {
    expect(appearanceOf(null)).toEqual(DEFAULT_APPEARANCE);
    expect(appearanceOf({ themeColor: '#009688', headerSetting: { bgColor: '#151515' } })).toEqual({ ...DEFAULT_APPEARANCE, themeColor: '#009688', headerBg: '#151515' });
  });
  test('filters on <html>: grayscale(100%), invert(80%), both, or none', () => {
    expect(htmlFilter(false, false)).toBe('');
    expect(htmlFilter(true, false)).toBe('grayscale(100%)');
    expect(htmlFilter(false, true)).toBe('invert(80%)');
    expect(htmlFilter(true, true)).toBe('grayscale(100%) invert(80%)');
  });
});

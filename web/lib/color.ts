/**
 * Colour maths of the theme (spec §4 "Theme", §5 hex check, §9 colour constants; behaviour notes
 * "Theme"). Pure functions over hex strings, shared by the pre-paint boot script and the app.
 */

/** Spec §9: the default theme colour. */
export const DEFAULT_THEME_COLOR = '#0960bd';
/** Spec §9 "Header fixed, light": the default header background. */
export const DEFAULT_HEADER_BG = '#ffffff';
/** The default side-menu background (a dark menu, as the reference console ships). */
export const DEFAULT_MENU_BG = '#001529';
/** Spec §9: header and menu backgrounds while dark mode is on (the configured ones are kept for light mode). */
export const DARK_HEADER_BG = '#151515';
export const DARK_MENU_BG = '#212121';
/** Spec §9: brightness threshold and channel weights (note .578, as written). */
export const BRIGHTNESS_THRESHOLD = 192;
export const BRIGHTNESS_WEIGHTS = [0.299, 0.578, 0.114] as const;
/** Spec §9 colour shifts, in percent. */
export const HEADER_HOVER_SHIFT = 6;
export const SIDER_DARKEN_SHIFT = 6;
export const SIDER_LIGHTEN_SHIFT = 5;

export type ThemeTone = 'light' | 'dark';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Spec §5: a hex colour is `#` followed by exactly 3 or 6 hex digits (either case). */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value);
}

/**
 * `#rgb` → `#rrggbb`, lower case; a 6-digit colour is only lower-cased.
 * @throws TypeError when `hex` is not a §5 hex colour (callers check with {@link isHexColor}).
 */
export function expandHex(hex: string): string {
  if (!isHexColor(hex)) throw new TypeError(`expandHex: "${hex}" is not a #rgb or #rrggbb colour`);
  const h = hex.slice(1).toLowerCase();
  return h.length === 3 ? `#${h[0]}${h[0]}${h[1]}${h[1]}${h[2]}${h[2]}` : `#${h}`;
}

/** The channels of a §5 hex colour, each 0–255. @throws TypeError on an invalid colour. */
export function hexToRgb(hex: string): [r: number, g: number, b: number] {
  const h = expandHex(hex);
  return [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
}

function toHex(channels: readonly number[]): string {
  return '#' + channels.map((c) => Math.min(255, Math.max(0, Math.round(c))).toString(16).padStart(2, '0')).join('');
}

/**
 * Behaviour notes "Theme": dark when 0.299·r + 0.578·g + 0.114·b < 192 (3-digit colours expanded
 * first). Anything that is not a valid hex colour counts as light.
 */
export function isDarkColor(color: unknown): boolean {
  if (!isHexColor(color)) return false;
  const [r, g, b] = hexToRgb(color);
  return BRIGHTNESS_WEIGHTS[0] * r + BRIGHTNESS_WEIGHTS[1] * g + BRIGHTNESS_WEIGHTS[2] * b < BRIGHTNESS_THRESHOLD;
}

function shift(hex: string, percent: number, sign: 1 | -1): string {
  // Behaviour notes: every channel moves by trunc(255·p/100), then clamps to 0–255.
  const amount = Math.trunc((255 * percent) / 100) * sign;
  return toHex(hexToRgb(hex).map((c) => c + amount));
}

/** Each channel + trunc(255·p/100), clamped; result `#rrggbb`. @throws TypeError on an invalid colour. */
export function lighten(hex: string, percent: number): string {
  return shift(hex, percent, 1);
}

/** Each channel − trunc(255·p/100), clamped; result `#rrggbb`. @throws TypeError on an invalid colour. */
export function darken(hex: string, percent: number): string {
  return shift(hex, percent, -1);
}

/** `top` painted at opacity `a` (0–1) over `under`, as a browser composes them. Result `#rrggbb`. */
function mix(top: string, a: number, under: string): string {
  const t = hexToRgb(top);
  return toHex(hexToRgb(under).map((c, i) => t[i] * a + c * (1 - a)));
}

/** Mixes a colour with white: `weight` 0 = the colour, 1 = white. Result `#rrggbb`. */
export function tint(hex: string, weight: number): string {
  return mix('#ffffff', weight, hex);
}

/** `rgba(r, g, b, alpha)` of a hex colour, for translucent highlights over either theme. */
export function alpha(hex: string, a: number): string {
  const [r, g, b] = hexToRgb(hex);
  return `rgba(${r}, ${g}, ${b}, ${a})`;
}

/** WCAG 2 relative luminance of a §5 hex colour: 0 (black) to 1 (white). @throws TypeError on an invalid colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two §5 hex colours, from 1 (same) to 21 (black on white). @throws TypeError on an invalid colour. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG 2 AA: the least contrast of body text (14 px normal) with what is behind it. */
export const AA_TEXT_CONTRAST = 4.5;
/**
 * The lightest surfaces text in the theme colour (links, link buttons) lies on in dark mode: a
 * hovered table row (lara-dark's row #1f2937 under 3 % white, as Chromium paints it) and a selected
 * one (the 16 % theme-colour highlight over the same row).
 */
const DARK_ROW = '#1f2937';
const DARK_ROW_HOVER = '#262f3d';

/**
 * Text in the theme colour on dark surfaces: a dark theme colour is lightened (from 20 %, in steps
 * of 2 %) until it reads at WCAG AA on every surface it lies on ({@link DARK_ROW_HOVER}, a selected
 * row); a light one reads as it is.
 */
function darkModeText(c: string): string {
  if (!isDarkColor(c)) return c;
  const surfaces = [DARK_ROW_HOVER, mix(c, 0.16, DARK_ROW)];
  let text = lighten(c, 20);
  for (let p = 22; p <= 100 && surfaces.some((s) => contrastRatio(text, s) < AA_TEXT_CONTRAST); p += 2) text = lighten(c, p);
  return text;
}

/** Spec §4: the header is dark when its background is dark or dark mode is on. */
export function headerTheme(bgColor: string, darkMode: boolean): ThemeTone {
  return darkMode || isDarkColor(bgColor) ? 'dark' : 'light';
}

/** Spec §4: the menu is light only for white (`#fff`/`#ffffff`) outside dark mode. */
export function menuTheme(bgColor: string, darkMode: boolean): ThemeTone {
  const white = ['#fff', '#ffffff'].includes(String(bgColor).toLowerCase());
  return white && !darkMode ? 'light' : 'dark';
}

/** Header colours: the background in effect, its hover shade (spec §9: 6 %), and its theme. */
export interface HeaderColors {
  bg: string;
  hover: string;
  theme: ThemeTone;
}

/** Side-menu colours: the background in effect, the darker (6 %) and lighter (5 %) shades, and its theme. */
export interface MenuColors {
  bg: string;
  darker: string;
  lighter: string;
  theme: ThemeTone;
}

function valid(color: string, fallback: string): string {
  return isHexColor(color) ? expandHex(color) : fallback;
}

/**
 * The header's colours (spec §4, §9). In dark mode the background is #151515 whatever is
 * configured (the configured colour comes back in light mode). The hover shade moves 6 % away
 * from the background: lighter on a dark header, darker on a light one (a lighter white is white).
 * An invalid configured colour falls back to the default white.
 */
export function headerColors(bgColor: string, darkMode: boolean): HeaderColors {
  const bg = darkMode ? DARK_HEADER_BG : valid(bgColor, DEFAULT_HEADER_BG);
  const theme = headerTheme(bg, darkMode);
  return { bg, theme, hover: theme === 'dark' ? lighten(bg, HEADER_HOVER_SHIFT) : darken(bg, HEADER_HOVER_SHIFT) };
}

/**
 * The side menu's colours (spec §4, §9): in dark mode the background is #212121; the darker shade
 * (6 %) backs open sub-menus, the lighter one (5 %) marks hovered items. An invalid configured
 * colour falls back to the default menu colour.
 */
export function menuColors(bgColor: string, darkMode: boolean): MenuColors {
  const bg = darkMode ? DARK_MENU_BG : valid(bgColor, DEFAULT_MENU_BG);
  return { bg, darker: darken(bg, SIDER_DARKEN_SHIFT), lighter: lighten(bg, SIDER_LIGHTEN_SHIFT), theme: menuTheme(bg, darkMode) };
}

/**
 * CSS custom properties that carry the theme colour into PrimeReact's lara theme (its own
 * `--primary-color`, `--focus-ring`, `--highlight-*`, plus the shades `web/app/theme/primary.css`
 * substitutes for lara's hard-coded blues). Keys are property names, values CSS colours.
 * The shades mirror lara's own: darker on hover/active in light mode, lighter in dark mode; text on
 * the primary colour is white when the colour is dark by the §9 rule, near-black otherwise.
 * An invalid colour falls back to the default #0960bd.
 */
export function primaryPalette(themeColor: string, darkMode: boolean): Record<string, string> {
  const c = valid(themeColor, DEFAULT_THEME_COLOR);
  const towards = darkMode ? lighten : darken;
  const text = isDarkColor(c) ? '#ffffff' : '#030712';
  return {
    '--primary-color': c,
    '--primary-color-text': text,
    '--primary-500': c,
    // Text in the theme colour on the page's surfaces (links, active tabs): lighter in dark mode,
    // where a dark theme colour would be hard to read on a dark surface.
    '--primary-text': darkMode ? darkModeText(c) : c,
    '--primary-hover': towards(c, 6),
    '--primary-active': towards(c, 12),
    '--primary-focus': darkMode ? alpha(c, 0.3) : tint(c, 0.7),
    '--focus-ring': `0 0 0 0.2rem ${darkMode ? alpha(c, 0.3) : tint(c, 0.7)}`,
    '--highlight-bg': darkMode ? alpha(c, 0.16) : tint(c, 0.9),
    '--highlight-text-color': darkMode ? 'rgba(255, 255, 255, 0.87)' : darken(c, 12),
    '--primary-a24': alpha(c, 0.24),
    '--primary-a16': alpha(c, 0.16),
    '--primary-a04': alpha(c, 0.04),
  };
}

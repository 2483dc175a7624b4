import type { ApexOptions } from 'apexcharts';

/**
 * The theme- and locale-dependent part of every chart's options, kept apart from the React
 * wrapper (`chart.tsx`) so it is pure and testable without a browser or ApexCharts itself.
 * Only types are imported from apexcharts: nothing here adds to a bundle.
 */

/** The colours a chart is drawn with, read from the PrimeReact theme's CSS variables. */
export interface ChartLook {
  mode: 'light' | 'dark';
  /** Axis labels, legend. */
  text: string;
  /** Emphasised text (donut centre value). */
  strong: string;
  /** Card background (gaps between donut slices). */
  surface: string;
  /** Grid lines. */
  border: string;
  fontFamily: string;
  /** Series colours, the theme's primary colour first. */
  palette: string[];
}

/** Palette variables a chart cycles through (lara themes define each in light and dark). */
export const PALETTE_VARS = ['--primary-color', '--teal-500', '--orange-500', '--purple-500', '--pink-500', '--yellow-500', '--cyan-500', '--indigo-500'];

/** Fallbacks when a variable is missing (theme CSS not loaded yet): lara light blue. */
const FALLBACK: Omit<ChartLook, 'mode'> = {
  text: '#6b7280',
  strong: '#4b5563',
  surface: '#ffffff',
  border: '#dfe7ef',
  fontFamily: 'inherit',
  palette: ['#3b82f6', '#14b8a6', '#f97316', '#a855f7', '#ec4899', '#eab308', '#06b6d4', '#6366f1'],
};

/**
 * Builds the look from `data-theme` and a CSS variable reader (in the browser
 * `name => getComputedStyle(document.documentElement).getPropertyValue(name)`).
 */
export function readLook(theme: string | undefined, cssVar: (name: string) => string, fontFamily = ''): ChartLook {
  const v = (name: string, fallback: string) => cssVar(name).trim() || fallback;
  return {
    mode: theme === 'dark' ? 'dark' : 'light',
    text: v('--text-color-secondary', FALLBACK.text),
    strong: v('--text-color', FALLBACK.strong),
    surface: v('--surface-card', FALLBACK.surface),
    border: v('--surface-border', FALLBACK.border),
    fontFamily: fontFamily.trim() || FALLBACK.fontFamily,
    palette: PALETTE_VARS.map((name, i) => v(name, FALLBACK.palette[i])),
  };
}

/** A string that changes whenever the look does; charts are redrawn from scratch when it changes. */
export function lookKey(look: ChartLook): string {
  return [look.mode, look.text, look.strong, look.surface, look.border, look.fontFamily, ...look.palette].join('|');
}

/** ApexCharts locale definitions (spec §9 locales: zh_CN and en); only what these charts show. */
export const CHART_LOCALES: NonNullable<NonNullable<ApexOptions['chart']>['locales']> = [
  {
    name: 'zh-cn',
    options: {
      months: ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'],
      shortMonths: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
      days: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
      shortDays: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
      toolbar: { exportToSVG: '下载 SVG', exportToPNG: '下载 PNG', exportToCSV: '下载 CSV', menu: '菜单', selection: '选择', selectionZoom: '选择缩放', zoomIn: '放大', zoomOut: '缩小', pan: '平移', reset: '重置缩放' },
    },
  },
  {
    name: 'en',
    options: {
      months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
      shortMonths: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
      days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
      shortDays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
      toolbar: { exportToSVG: 'Download SVG', exportToPNG: 'Download PNG', exportToCSV: 'Download CSV', menu: 'Menu', selection: 'Selection', selectionZoom: 'Selection Zoom', zoomIn: 'Zoom In', zoomOut: 'Zoom Out', pan: 'Panning', reset: 'Reset Zoom' },
    },
  },
];

/** The ApexCharts locale name of an i18next language (`zh_CN` → `zh-cn`). */
export function chartLocale(lang: string): 'zh-cn' | 'en' {
  return lang.toLowerCase().startsWith('zh') ? 'zh-cn' : 'en';
}

/**
 * Options every chart shares: transparent background on the card, theme text/grid colours,
 * the theme palette, no toolbar or zoom (these are overview charts), the current locale,
 * redraw when the window or the parent box resizes (menu collapse, keep-alive tab shown again),
 * and no animation for users who ask for reduced motion. Radar webs use the grid colour; donuts get
 * slice gaps in the card colour and their centre labels in the theme's text colours.
 */
export function baseOptions(look: ChartLook, lang: string, opts: { type?: string; reducedMotion?: boolean } = {}): ApexOptions {
  const base: ApexOptions = {
    chart: {
      background: 'transparent',
      foreColor: look.text,
      fontFamily: look.fontFamily,
      toolbar: { show: false },
      zoom: { enabled: false },
      locales: CHART_LOCALES,
      defaultLocale: chartLocale(lang),
      redrawOnParentResize: true,
      redrawOnWindowResize: true,
      animations: { enabled: !opts.reducedMotion },
      parentHeightOffset: 0,
    },
    theme: { mode: look.mode },
    colors: look.palette,
    grid: { borderColor: look.border, strokeDashArray: 4 },
    dataLabels: { enabled: false },
    legend: { labels: { colors: look.text }, position: 'bottom', fontFamily: look.fontFamily, markers: { strokeWidth: 0 } },
    tooltip: { theme: look.mode },
    stroke: { width: 2 },
  };
  if (opts.type === 'radar') {
    base.plotOptions = { radar: { polygons: { strokeColors: look.border, connectorColors: look.border } } };
  }
  if (opts.type === 'donut' || opts.type === 'pie') {
    base.stroke = { width: 2, colors: [look.surface] };
    base.plotOptions = {
      pie: { donut: { labels: { name: { color: look.text }, value: { color: look.strong }, total: { color: look.text } } } },
    };
  }
  return base;
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Deep merge of chart options: plain objects merge key by key, anything else (arrays,
 * functions, numbers) in `over` replaces what `base` has. Neither argument is changed.
 */
export function mergeOptions<T extends object>(base: T, over: object | undefined): T {
  if (!over) return base;
  const out = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) continue;
    out[k] = isPlain(v) && isPlain(out[k]) ? mergeOptions(out[k] as object, v) : v;
  }
  return out as T;
}

import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApexOptions } from 'apexcharts';
// The tree-shakable build: only the chart types and features the dashboards draw are bundled
// (about a third smaller than the full build). This module is the only importer of
// react-apexcharts, and only lazily loaded pages import it, so ApexCharts stays out of the
// entry and login chunks.
import ReactApexChart from 'react-apexcharts/core';
import 'apexcharts/area';
import 'apexcharts/line';
import 'apexcharts/bar';
import 'apexcharts/donut';
import 'apexcharts/radar';
import 'apexcharts/features/legend';
import { baseOptions, lookKey, mergeOptions, readLook, type ChartLook } from './chart-options';

export type ChartType = 'area' | 'line' | 'bar' | 'donut' | 'radar';

export interface ChartProps {
  type: ChartType;
  /** Axis charts: `[{ name, data }]` with translated names; donut: numbers. */
  series: ApexOptions['series'];
  /** Chart-specific options, deep-merged over the shared theme/locale options. */
  options?: ApexOptions;
  /** Pixels or a CSS length; the width always fills the parent. */
  height?: number | string;
  /** What the chart shows, for screen readers (translated). */
  ariaLabel: string;
  className?: string;
}

let cached: ChartLook | null = null;
/** Set by the observers below when the theme may have changed: the look is read again on next use. */
let stale = true;

/**
 * The current look; the same object while nothing changed. Cheap unless the theme may have
 * changed: React calls it on every render of a chart and on every store check, and reading
 * computed styles forces a style recalculation of the whole document (it was the largest
 * cost of entering any list while the workbench stayed open in a tab).
 */
function snapshot(): ChartLook {
  if (!stale && cached) return cached;
  stale = false;
  const root = document.documentElement;
  const style = getComputedStyle(root);
  const look = readLook(root.dataset.theme, (n) => style.getPropertyValue(n), getComputedStyle(document.body).fontFamily);
  if (!cached || lookKey(cached) !== lookKey(look)) cached = look;
  return cached;
}

const isLink = (n: Node | EventTarget | null) => (n as Node | null)?.nodeName === 'LINK';

/**
 * The theme can change three ways: the boot script or the dark-mode switch sets
 * `<html data-theme>`, the settings drawer sets the primary colour on `<html style>`, or a theme
 * stylesheet `<link>` is swapped in `<head>` (its variables only apply once it has loaded, hence the
 * captured `load` events of links). Other head changes (components' `<style>` tags) and other loads
 * (images) cannot change the look and are ignored.
 */
function subscribe(onChange: () => void): () => void {
  const changed = () => {
    stale = true;
    onChange();
  };
  const mo = new MutationObserver((records) => {
    const relevant = records.some((r) => r.target === document.documentElement || isLink(r.target) || [...r.addedNodes, ...r.removedNodes].some(isLink));
    if (relevant) changed();
  });
  mo.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'style', 'class'] });
  mo.observe(document.head, { childList: true, subtree: true, attributes: true, attributeFilter: ['href', 'disabled', 'media'] });
  const onLoad = (e: Event) => isLink(e.target) && changed();
  document.addEventListener('load', onLoad, true);
  return () => {
    mo.disconnect();
    document.removeEventListener('load', onLoad, true);
  };
}

/** The current chart look (light/dark, theme colours), updated when the theme changes. */
export function useChartLook(): ChartLook {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * An ApexCharts chart in the console's theme and language: light or dark from
 * `<html data-theme>` (followed live), text, grid and series colours from the PrimeReact theme
 * variables, the ApexCharts locale of the current i18next language, and a redraw whenever the
 * window or the parent box resizes. A theme or language change redraws the chart from scratch
 * (ApexCharts does not recolour every part on an options update).
 */
export default function Chart({ type, series, options, height = 300, ariaLabel, className }: ChartProps) {
  const look = useChartLook();
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const merged = useMemo(() => mergeOptions(baseOptions(look, lang, { type, reducedMotion: reducedMotion() }), options), [look, lang, options, type]);
  // A figure, not an img: the chart's own toolbar and legend are focusable.
  return (
    <div className={className} role="figure" aria-label={ariaLabel}>
      <ReactApexChart key={`${lang}|${lookKey(look)}`} type={type} series={series} options={merged} height={height} width="100%" />
    </div>
  );
}

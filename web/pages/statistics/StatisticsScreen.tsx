import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApexOptions } from 'apexcharts';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Skeleton } from 'primereact/skeleton';
import type { StatisticsKind } from '../../../server/contract/statistics';
import { api, type AnyCall } from '../../api/client';
import { readQuery } from '../../api/query';
import Chart from '../../components/chart';
import { formatCount, formatDay, formatMoney, formatMonth } from '../../lib/format';
import { centsToYuanNumber, MONEY_CELL_FORMAT } from '../../../server/contract/money';
import { changePercent, previousPeriod, RangeBar, useUrlRange } from '../../crud';
import { STATISTICS_SCREENS, type StatisticsScreenDecl } from './screens';
import './statistics.css';

/** `POST /v1/statistics/<kind>` answer (server/contract/statistics.ts StatisticsSeries). */
interface SeriesResult {
  kind: string;
  granularity: 'day' | 'week' | 'month';
  categories: string[];
  series: { name: string; unit: 'count' | 'cent' | 'percent'; data: number[] }[];
  summary: Record<string, number>;
}

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; now: SeriesResult; before: SeriesResult | null };

/** The query of one series: `['statistics', kind, {startDate, endDate, granularity}]`. */
function seriesQuery(kind: StatisticsKind, startDate: string, endDate: string, granularity: string) {
  const payload = { startDate, endDate, granularity };
  // One action per kind with the same payload and result; indexed by a union of kinds, the client's
  // per-name signatures do not unify, so the call is taken loosely here.
  return readQuery('statistics', kind, payload, ({ signal }) => (api.statistics[kind] as unknown as AnyCall)(payload, { signal, ignoreCancel: true }) as Promise<SeriesResult>);
}

/** A value in its unit and the current language (money from cents). */
export function formatValue(v: number, unit: SeriesResult['series'][number]['unit'], lang: string, compact = false): string {
  if (unit === 'cent') return formatMoney(v, lang, { compact });
  if (unit === 'percent') return `${formatCount(v, lang)}%`;
  return formatCount(v, lang, { compact });
}

/** A bucket's label: the day, the week's Monday, or the month, in the current language. */
function bucketLabel(start: string, granularity: SeriesResult['granularity'], lang: string, weekOf: (day: string) => string): string {
  if (granularity === 'month') return formatMonth(start.slice(0, 7), lang);
  if (granularity === 'week') return weekOf(formatDay(start, lang));
  return formatDay(start, lang);
}

/**
 * The shared statistics page: the range toolbar (quick ranges, custom, granularity, in
 * the URL), headline figures with the change against the previous period of the same length, the
 * chart the declaration asks for, and the table behind it with .xlsx export; loading, empty and
 * error states. Charts follow theme and language (components/chart).
 */
export function StatisticsScreen({ decl }: { decl: StatisticsScreenDecl }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [range, setRange] = useUrlRange(decl.range ?? '30d');
  const [exporting, setExporting] = useState(false);
  const seriesName = (name: string) => (decl.namedSeries ? name : t(`statistics.series.${name}`, { defaultValue: name }));

  // The period and the one before it, each a query keyed by kind, dates and granularity: a range
  // changed mid-load never shows the previous range's figures.
  const prev = previousPeriod(range.start, range.end);
  const nowQ = useQuery(seriesQuery(decl.kind, range.start, range.end, range.granularity));
  // The comparison is a nicety: its failure leaves the changes out, not the screen.
  const beforeQ = useQuery(seriesQuery(decl.kind, prev.start, prev.end, range.granularity));
  const load: Load =
    nowQ.isError && !nowQ.isFetching
      ? { status: 'error' }
      : nowQ.data && !(beforeQ.isPending && beforeQ.isFetching)
        ? { status: 'ready', now: nowQ.data, before: beforeQ.data ?? null }
        : { status: 'loading' };
  const retry = () => {
    void nowQ.refetch();
    void beforeQ.refetch();
  };

  const data = load.status === 'ready' ? load.now : null;
  const empty = !!data && (data.series.length === 0 || data.series.every((s) => s.data.every((v) => v === 0)));
  const title = t(`routes.statistics.${decl.kind}`);

  const exportSheet = async () => {
    if (!data) return;
    setExporting(true);
    try {
      const { exportRows } = await import('../../crud/export');
      const rows = data.categories.map((c, i) => ({ bucket: c, ...Object.fromEntries(data.series.map((s) => [s.name, s.data[i]])) }));
      await exportRows(
        async () => ({ list: rows, total: rows.length }),
        [
          { header: t(`statistics.bucket.${data.granularity}`), value: (r) => String(r.bucket) },
          ...data.series.map((s) => ({
            header: seriesName(s.name) + (s.unit === 'cent' ? ` (${t('statistics.yuan')})` : ''),
            value: (r: Record<string, unknown>) => (s.unit === 'cent' ? centsToYuanNumber(r[s.name]) : (r[s.name] as number)),
            format: s.unit === 'cent' ? MONEY_CELL_FORMAT : undefined,
          })),
        ],
        `${title}-${range.start}-${range.end}`,
        { sheet: title },
      );
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="st" data-testid={`statistics-${decl.kind}`}>
      <Card className="st-card">
        <div className="st-head">
          <div>
            <h1 className="st-title">{title}</h1>
            <div className="st-sub">{t(`statistics.about.${decl.kind}`)}</div>
          </div>
          <RangeBar value={range} onChange={setRange} />
        </div>
      </Card>

      {load.status === 'error' ? (
        <Card className="st-card st-state" data-testid="statistics-error">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          <p>{t('statistics.loadFailed')}</p>
          <Button label={t('statistics.retry')} icon="pi pi-refresh" onClick={retry} />
        </Card>
      ) : (
        <>
          <div className="st-headline" aria-busy={load.status === 'loading'}>
            {load.status === 'loading'
              ? [0, 1, 2].map((i) => <Skeleton key={i} height="5.5rem" className="st-figure" />)
              : data!.series.slice(0, decl.chart === 'ranking' ? 3 : 6).map((s) => {
                  const value = data!.summary[s.name] ?? 0;
                  const change = changePercent(value, load.before?.summary[s.name]);
                  const dir = change === null ? 'flat' : change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
                  return (
                    <Card key={s.name} className="st-figure" data-testid={`figure-${s.name}`}>
                      <div className="st-figure-name">{seriesName(s.name)}</div>
                      <div className="st-figure-value">{formatValue(value, s.unit, lang)}</div>
                      <div className={`st-change st-change--${dir}`}>
                        {change === null ? (
                          t('statistics.noComparison')
                        ) : (
                          <>
                            <i className={dir === 'up' ? 'pi pi-arrow-up-right' : dir === 'down' ? 'pi pi-arrow-down-right' : 'pi pi-minus'} aria-hidden="true" />
                            {t('statistics.change', { value: `${change > 0 ? '+' : ''}${change}%` })}
                          </>
                        )}
                      </div>
                    </Card>
                  );
                })}
          </div>

          <Card className="st-card">
            {load.status === 'loading' ? (
              <Skeleton height="320px" />
            ) : empty ? (
              <div className="st-state" data-testid="statistics-empty">
                <i className="pi pi-inbox" aria-hidden="true" />
                <p>{t('statistics.empty')}</p>
              </div>
            ) : (
              <StatisticsChart decl={decl} data={data!} seriesName={seriesName} />
            )}
          </Card>

          <Card className="st-card">
            <div className="st-table-head">
              <h2>{t('statistics.table')}</h2>
              <Button label={t('statistics.export')} icon="pi pi-file-excel" size="small" outlined disabled={!data || empty} loading={exporting} onClick={() => void exportSheet()} data-testid="statistics-export" />
            </div>
            <DataTable
              value={data ? data.categories.map((c, i) => ({ bucket: c, ...Object.fromEntries(data.series.map((s) => [s.name, s.data[i]])) })) : []}
              loading={load.status === 'loading'}
              size="small"
              scrollable
              paginator={!!data && data.categories.length > 31}
              rows={31}
              emptyMessage={t('statistics.empty')}
              data-testid="statistics-table"
            >
              <Column field="bucket" header={t(`statistics.bucket.${data?.granularity ?? range.granularity}`)} body={(r: { bucket: string }) => bucketLabel(r.bucket, data!.granularity, lang, (day) => t('statistics.weekOf', { day }))} frozen />
              {(data?.series ?? []).map((s) => (
                <Column key={s.name} field={s.name} header={seriesName(s.name)} align="right" body={(r: Record<string, number>) => formatValue(r[s.name] ?? 0, s.unit, lang)} />
              ))}
            </DataTable>
          </Card>
        </>
      )}
    </div>
  );
}

/** The chart a declaration asks for, over the loaded series. */
function StatisticsChart({ decl, data, seriesName }: { decl: StatisticsScreenDecl; data: SeriesResult; seriesName: (n: string) => string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const chart = useMemo(() => {
    const drawn = decl.series ? data.series.filter((s) => decl.series!.includes(s.name)) : data.series;
    const unit = drawn[0]?.unit ?? 'count';
    const fmt = (v: number) => formatValue(v, unit, lang, true);
    const fmtFull = (v: number) => formatValue(v, unit, lang);
    if (decl.chart === 'funnel' || decl.chart === 'ranking') {
      const totals = drawn.map((s) => ({ name: seriesName(s.name), value: data.summary[s.name] ?? 0 }));
      if (decl.chart === 'ranking') totals.sort((a, b) => b.value - a.value);
      const options: ApexOptions = {
        // A funnel grows from its centre line; drawn at once, its labels show with it.
        chart: { type: 'bar', ...(decl.chart === 'funnel' ? { animations: { enabled: false } } : {}) },
        plotOptions: { bar: { horizontal: true, borderRadius: 3, barHeight: decl.chart === 'funnel' ? '80%' : '70%', distributed: decl.chart === 'ranking', isFunnel: decl.chart === 'funnel' } },
        dataLabels: { enabled: true, formatter: (v: number) => fmtFull(Number(v)), style: { colors: ['#fff'] } },
        xaxis: { categories: totals.map((x) => x.name), labels: { formatter: (v: string) => (decl.chart === 'funnel' ? '' : fmt(Number(v))) } },
        yaxis: { labels: { show: true } },
        legend: { show: false },
        tooltip: { y: { formatter: (v: number) => fmtFull(v) } },
      };
      return { type: 'bar' as const, series: [{ name: t(`statistics.unit.${unit}`), data: totals.map((x) => x.value) }], options, height: Math.max(260, totals.length * 42) };
    }
    const categories = data.categories.map((c) => bucketLabel(c, data.granularity, lang, (day) => t('statistics.weekOf', { day })));
    const options: ApexOptions = {
      chart: { type: decl.chart === 'stacked' ? 'bar' : decl.chart, stacked: decl.chart === 'stacked' },
      xaxis: { categories, tickAmount: Math.min(categories.length, 12), labels: { rotate: -30, hideOverlappingLabels: true } },
      yaxis: { labels: { formatter: fmt } },
      tooltip: { y: { formatter: fmtFull } },
      stroke: { curve: 'smooth', width: decl.chart === 'stacked' ? 0 : 2 },
      ...(decl.chart === 'area' ? { fill: { type: 'gradient', gradient: { opacityFrom: 0.4, opacityTo: 0.05 } } } : {}),
      plotOptions: { bar: { columnWidth: '60%' } },
    };
    return { type: decl.chart === 'stacked' ? ('bar' as const) : decl.chart, series: drawn.map((s) => ({ name: seriesName(s.name), data: s.data })), options, height: 340 };
  }, [decl, data, lang, t, seriesName]);
  return <Chart type={chart.type} series={chart.series} options={chart.options} height={chart.height} ariaLabel={t(`routes.statistics.${decl.kind}`)} />;
}

/** One page component per screen, for the page registry (all twelve share this chunk). */
export const SCREENS = Object.fromEntries(
  Object.values(STATISTICS_SCREENS).map((decl) => {
    const Page = () => <StatisticsScreen decl={decl} />;
    Page.displayName = `Statistics(${decl.kind})`;
    return [decl.kind, Page];
  }),
) as unknown as Record<StatisticsKind, () => React.JSX.Element>;

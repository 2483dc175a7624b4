import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { api } from '../../api/client';
import { readQuery } from '../../api/query';
import { formatCount } from '../../lib/format';

// ApexCharts is loaded only when a chart modal opens, so it stays out of the list's chunk.
const Chart = lazy(() => import('../../components/chart'));
type Stats = { dates: string[]; views: number[]; clicks: number[]; ctr: number[] };
type Row = Record<string, unknown>;
const NO_STATS: Stats = { dates: [], views: [], clicks: [], ctr: [] };

/**
 * The chart modal of /operate/advert (spec §2 "advert (chart modal)"): daily impressions and clicks
 * over the advert's schedule so far (`advert.stats`) as a line chart, with the click-through
 * rate as a second axis and the totals of the period above it; the last 7 or 30 days or the whole schedule.
 */
export function AdvertChartDialog({ row, onHide }: { row: Row | null; onHide: () => void }) {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<number | null>(null);
  const payload = row ? { id: Number(row.id), ...(days ? { days } : {}) } : null;
  // Keyed by advert and period: another advert or period shows the skeleton, never the last one's chart.
  const q = useQuery({ ...readQuery('advert', 'stats', payload, ({ signal }) => api.advert.stats(payload!, { signal, ignoreCancel: true })), enabled: !!row });
  const stats = q.data ?? (q.isError ? NO_STATS : null);
  useEffect(() => setDays(null), [row]);

  const totals = useMemo(() => {
    if (!stats) return null;
    const views = stats.views.reduce((a, b) => a + b, 0);
    const clicks = stats.clicks.reduce((a, b) => a + b, 0);
    return { views, clicks, ctr: views ? (clicks / views) * 100 : 0 };
  }, [stats]);
  const options = useMemo(
    () => ({
      xaxis: { categories: stats?.dates ?? [] },
      stroke: { width: [2, 2, 2], curve: 'smooth' as const, dashArray: [0, 0, 4] },
      yaxis: [
        { seriesName: t('operate.chart.views'), title: { text: t('operate.chart.count') } },
        { seriesName: t('operate.chart.views'), show: false },
        { seriesName: t('operate.chart.ctr'), opposite: true, title: { text: t('operate.chart.ctr') }, labels: { formatter: (v: number) => `${v.toFixed(1)}%` } },
      ],
      tooltip: { shared: true },
    }),
    [stats, t],
  );
  const series = stats ? [
    { name: t('operate.chart.views'), data: stats.views },
    { name: t('operate.chart.clicks'), data: stats.clicks },
    { name: t('operate.chart.ctr'), data: stats.ctr },
  ] : [];

  return (
    <Dialog visible={!!row} onHide={onHide} header={t('operate.chart.title', { title: String(row?.title ?? '') })} style={{ width: 'min(880px, 96vw)' }} modal draggable={false} data-testid="advert-chart">
      <div className="storefront-chart__bar">
        <SelectButton
          value={days}
          onChange={(e) => setDays(e.value ?? null)}
          options={[{ value: 7, label: t('operate.chart.last7') }, { value: 30, label: t('operate.chart.last30') }, { value: null, label: t('operate.chart.schedule') }]}
          allowEmpty={false}
          data-testid="advert-chart-range"
        />
        <small>{row ? `${String(row.startTime).slice(0, 10)} ~ ${String(row.endTime).slice(0, 10)}` : ''}</small>
      </div>
      {totals && (
        <div className="storefront-chart__totals" data-testid="advert-chart-totals">
          <div><small>{t('operate.chart.views')}</small><b>{formatCount(totals.views, i18n.language)}</b></div>
          <div><small>{t('operate.chart.clicks')}</small><b>{formatCount(totals.clicks, i18n.language)}</b></div>
          <div><small>{t('operate.chart.ctr')}</small><b data-testid="advert-chart-ctr">{totals.ctr.toFixed(2)}%</b></div>
        </div>
      )}
      {!stats ? <Skeleton height="320px" /> : !stats.dates.length ? (
        <div className="crud-empty" data-testid="advert-chart-empty"><i className="pi pi-chart-line" />{t('operate.chart.notStarted')}</div>
      ) : (
        <Suspense fallback={<Skeleton height="320px" />}>
          <Chart type="line" series={series} options={options} height={320} ariaLabel={t('operate.chart.aria')} />
        </Suspense>
      )}
    </Dialog>
  );
}

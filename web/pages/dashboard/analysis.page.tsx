import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { GrowCards, MemberSource, SalesStack, VisitTrend } from '../../../server/contract/summary';
import Chart from '../../components/chart';
import { SummaryError } from '../../components/summary-error';
import { useSummary } from '../../components/use-summary';
import { formatCount, formatDay, formatMoney, formatMonth, formatTrend } from '../../lib/format';
import './analysis.css';

type GrowKey = keyof GrowCards;
const GROW_KEYS: { key: GrowKey; icon: string; color: string; money?: boolean }[] = [
  { key: 'visits', icon: 'pi pi-eye', color: 'blue' },
  { key: 'sales', icon: 'pi pi-wallet', color: 'green', money: true },
  { key: 'orders', icon: 'pi pi-shopping-cart', color: 'orange' },
  { key: 'newMembers', icon: 'pi pi-user-plus', color: 'purple' },
];

/**
 * Dashboard analysis (spec §1 "growth, data analysis, member source, stack chart"; routes
 * /dashboard/analysis and /home/analysis): four growth cards with their trend, the visits trend
 * over 30 days or 12 months, where new members come from, and monthly sales stacked by goods
 * category. Numbers come from `POST /v1/admin/summary`; money is shown from cents in the current
 * language.
 */
export default function AnalysisPage() {
  const { t } = useTranslation();
  const summary = useSummary();
  if (summary.status === 'error') {
    return (
      <div className="an" data-testid="analysis">
        <SummaryError title={t('dashboard.loadFailed')} onRetry={summary.retry} />
      </div>
    );
  }
  const data = summary.status === 'ready' ? summary.data : null;
  return (
    <div className="an" data-testid="analysis" aria-busy={summary.status === 'loading'}>
      <div className="an-grow">
        {GROW_KEYS.map((g) => (
          <GrowCard key={g.key} spec={g} metric={data?.growCards[g.key] ?? null} />
        ))}
      </div>
      <VisitTrendCard trend={data?.visitTrend ?? null} />
      <div className="an-pair">
        <MemberSourceCard source={data?.memberSource ?? null} />
        <SalesStackCard stack={data?.salesStack ?? null} />
      </div>
    </div>
  );
}

function CardHead({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <div className="an-card-head">
      <div>
        <h2>{title}</h2>
        {subtitle && <div className="an-card-sub">{subtitle}</div>}
      </div>
      {children}
    </div>
  );
}

function GrowCard({ spec: { key: k, icon, color, money }, metric }: { spec: (typeof GROW_KEYS)[number]; metric: GrowCards[GrowKey] | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const fmt = (n: number) => (money ? formatMoney(n, lang) : formatCount(n, lang));
  const trend = metric ? formatTrend(metric.trend, lang) : null;
  return (
    <Card className="an-card an-grow-card" data-testid={`grow-card-${k}`}>
      <div className="an-grow-head">
        <span className="an-grow-title">
          <span className="an-grow-icon" style={{ background: `var(--${color}-500)` }} aria-hidden="true">
            <i className={icon} />
          </span>
          {t(`dashboard.growCards.${k}.title`)}
        </span>
        <Tag value={t(`dashboard.growCards.${k}.period`)} severity={money ? 'success' : 'info'} />
      </div>
      {metric && trend ? (
        <>
          <div className="an-grow-value" data-testid={`grow-value-${k}`}>
            {fmt(metric.value)}
          </div>
          <div className={`an-trend an-trend--${trend.direction}`}>
            <i
              className={trend.direction === 'up' ? 'pi pi-arrow-up-right' : trend.direction === 'down' ? 'pi pi-arrow-down-right' : 'pi pi-minus'}
              aria-label={t(`dashboard.trend.${trend.direction}`)}
              role="img"
            />
            <span className="an-trend-value">{trend.text}</span>
            <span className="an-trend-compare">{t(`dashboard.growCards.${k}.compare`)}</span>
          </div>
          <div className="an-grow-foot">
            <span>{t(`dashboard.growCards.${k}.total`)}</span>
            <span className="an-grow-total">{fmt(metric.total)}</span>
          </div>
        </>
      ) : (
        <div aria-hidden="true">
          <Skeleton width="60%" height="2rem" />
          <Skeleton width="45%" height="1rem" className="an-skel-gap" />
          <Skeleton width="100%" height="1rem" className="an-skel-gap" />
        </div>
      )}
    </Card>
  );
}

type Range = 'daily' | 'monthly';

function VisitTrendCard({ trend }: { trend: VisitTrend | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [range, setRange] = useState<Range>('daily');
  const chart = useMemo(() => {
    if (!trend) return null;
    const s = trend[range];
    const label = range === 'daily' ? formatDay : formatMonth;
    return {
      series: [
        { name: t('dashboard.visitTrend.visits'), data: s.visits },
        { name: t('dashboard.visitTrend.visitors'), data: s.visitors },
      ],
      options: {
        xaxis: {
          categories: s.labels.map((l) => label(l, lang)),
          tickAmount: range === 'daily' ? 10 : undefined,
          labels: { rotate: -45, hideOverlappingLabels: true },
          axisBorder: { show: false },
          axisTicks: { show: false },
          tooltip: { enabled: false },
        },
        yaxis: { labels: { formatter: (v: number) => formatCount(v, lang, { compact: true }) } },
        stroke: { curve: 'smooth' as const, width: 2 },
        fill: { type: 'gradient', gradient: { shadeIntensity: 1, opacityFrom: 0.4, opacityTo: 0.05, stops: [0, 95] } },
        legend: { position: 'top' as const, horizontalAlign: 'right' as const },
        tooltip: { shared: true, y: { formatter: (v: number) => formatCount(v, lang) } },
        // Fewer day labels on phones, where ten do not fit.
        responsive: [{ breakpoint: 576, options: { xaxis: { tickAmount: range === 'daily' ? 5 : 6 } } }],
      },
    };
  }, [trend, range, t, lang]);
  const options = [
    { label: t('dashboard.visitTrend.daily'), value: 'daily' },
    { label: t('dashboard.visitTrend.monthly'), value: 'monthly' },
  ];
  return (
    <Card className="an-card" data-testid="analysis-visit-trend">
      <CardHead title={t('dashboard.visitTrend.title')} subtitle={t('dashboard.visitTrend.subtitle')}>
        <SelectButton
          value={range}
          options={options}
          onChange={(e) => e.value && setRange(e.value as Range)}
          allowEmpty={false}
          aria-label={t('dashboard.visitTrend.range')}
          className="an-range"
        />
      </CardHead>
      {chart ? (
        <Chart type="area" series={chart.series} options={chart.options} height={320} ariaLabel={t('dashboard.visitTrend.title')} />
      ) : (
        <Skeleton width="100%" height="320px" />
      )}
    </Card>
  );
}

function MemberSourceCard({ source }: { source: MemberSource | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const chart = useMemo(() => {
    if (!source) return null;
    return {
      series: source.map((s) => s.value),
      options: {
        labels: source.map((s) => t(`dashboard.memberSource.sources.${s.key}`)),
        legend: { position: 'bottom' as const },
        plotOptions: {
          pie: {
            donut: {
              size: '62%',
              labels: {
                show: true,
                value: { formatter: (v: string) => formatCount(Number(v), lang) },
                total: {
                  show: true,
                  label: t('dashboard.memberSource.total'),
                  formatter: (w: { globals: { seriesTotals: number[] } }) => formatCount(w.globals.seriesTotals.reduce((a, b) => a + b, 0), lang),
                },
              },
            },
          },
        },
        tooltip: { y: { formatter: (v: number) => formatCount(v, lang) } },
      },
    };
  }, [source, t, lang]);
  return (
    <Card className="an-card" data-testid="analysis-member-source">
      <CardHead title={t('dashboard.memberSource.title')} subtitle={t('dashboard.memberSource.subtitle')} />
      {chart ? (
        <Chart type="donut" series={chart.series} options={chart.options} height={340} ariaLabel={t('dashboard.memberSource.title')} />
      ) : (
        <div className="an-chart-skeleton">
          <Skeleton shape="circle" size="13rem" />
        </div>
      )}
    </Card>
  );
}

function SalesStackCard({ stack }: { stack: SalesStack | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const chart = useMemo(() => {
    if (!stack) return null;
    return {
      series: stack.series.map((s) => ({ name: t(`dashboard.categories.${s.category}`), data: s.values })),
      options: {
        chart: { stacked: true },
        plotOptions: { bar: { columnWidth: '55%', borderRadius: 2 } },
        xaxis: { categories: stack.months.map((m) => formatMonth(m, lang)), axisTicks: { show: false }, labels: { rotate: -45, hideOverlappingLabels: true } },
        yaxis: { labels: { formatter: (v: number) => formatMoney(v, lang, { compact: true }) } },
        legend: { position: 'bottom' as const },
        tooltip: { shared: true, intersect: false, y: { formatter: (v: number) => formatMoney(v, lang) } },
      },
    };
  }, [stack, t, lang]);
  return (
    <Card className="an-card" data-testid="analysis-sales-stack">
      <CardHead title={t('dashboard.salesStack.title')} subtitle={t('dashboard.salesStack.subtitle')} />
      {chart ? (
        <Chart type="bar" series={chart.series} options={chart.options} height={340} ariaLabel={t('dashboard.salesStack.title')} />
      ) : (
        <Skeleton width="100%" height="340px" />
      )}
    </Card>
  );
}

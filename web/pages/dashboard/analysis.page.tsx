import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { Link } from 'wouter';
import type { TFunction } from 'i18next';
import type { GrowCards, MemberSource, Period, SalesStack, Today, VisitTrend } from '../../../server/contract/summary';
import { crudEnv } from '../../crud/env';
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
 * What a figure covers, as a card says it: a short name of the period (`今天`, `上月`, `近12个月`,
 * or the day or month itself) and its first and last day (`2026-11-01 – 2026-11-30`; one day alone).
 */
function periodText(period: Period, t: TFunction, lang: string): { name: string; days: string } {
  const month = (day: string) => formatMonth(day.slice(0, 7), lang);
  const name =
    period.kind === 'day' ? period.from
    : period.kind === 'month' ? month(period.from)
    : period.kind === 'months' ? t('dashboard.period.range', { from: month(period.from), to: month(period.to) })
    : t(`dashboard.period.${period.kind}`);
  return { name, days: period.from === period.to ? period.from : t('dashboard.period.range', { from: period.from, to: period.to }) };
}

/**
 * The order list's URL filtered to the orders placed on one day (`createTime` from 00:00:00 to
 * 23:59:59, the list's range filter in its URL form): the set whose `summary` today's cards count.
 */
function ordersOfDay(day: string): string {
  return `/order/index?${new URLSearchParams({ createTime: `${day} 00:00:00~${day} 23:59:59` }).toString()}`;
}

/**
 * Dashboard analysis (spec §1 "growth, data analysis, member source, stack chart"; routes
 * /dashboard/analysis and /home/analysis): today's sales and orders (the summary's `today`, hidden
 * when the platform answers none) with a link to the same day's orders in the order list, four growth
 * cards with their trend, each naming the period its figure covers (`period`, else the card's fixed
 * caption), the visits trend over 30 days or 12 months, where new members come from, and monthly
 * sales stacked by goods category. Numbers come from `POST /v1/admin/summary`; money is shown from
 * cents in the current language.
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
      {(!data || data.today) && <TodayCards today={data?.today ?? null} />}
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

/** The first and last label of a chart's series (`2025-12 – 2026-11`): the days or months it covers. */
function spanOf(labels: readonly string[]): string {
  return labels.length ? `${labels[0]} – ${labels[labels.length - 1]}` : '';
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

/** Today's sales and orders: the platform day of the call, counted as the order list counts the same day. */
function TodayCards({ today }: { today: Today | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const canOpen = crudEnv().useCanOpen();
  const cards = [
    { key: 'sales', icon: 'pi pi-wallet', color: 'teal', value: today && formatMoney(today.sales, lang) },
    { key: 'orders', icon: 'pi pi-shopping-cart', color: 'indigo', value: today && formatCount(today.orders, lang) },
  ] as const;
  return (
    <div className="an-today" data-testid="analysis-today">
      {cards.map((c) => (
        <Card key={c.key} className="an-card an-grow-card an-today-card" data-testid={`today-card-${c.key}`}>
          <div className="an-grow-head">
            <span className="an-grow-title">
              <span className="an-grow-icon" style={{ background: `var(--${c.color}-500)` }} aria-hidden="true">
                <i className={c.icon} />
              </span>
              {t(`dashboard.today.${c.key}`)}
            </span>
            <Tag value={t('dashboard.period.today')} severity="success" data-testid={`today-period-${c.key}`} />
          </div>
          {today ? (
            <>
              <div className="an-grow-value" data-testid={`today-value-${c.key}`}>
                {c.value}
              </div>
              <div className="an-grow-foot">
                <span data-testid={`today-day-${c.key}`}>{today.day}</span>
                {canOpen('/order/index') && (
                  <Link href={ordersOfDay(today.day)} className="an-today-link" data-testid={`today-orders-${c.key}`}>
                    {t('dashboard.today.openOrders')}
                  </Link>
                )}
              </div>
            </>
          ) : (
            <div aria-hidden="true">
              <Skeleton width="60%" height="2rem" />
              <Skeleton width="100%" height="1rem" className="an-skel-gap" />
            </div>
          )}
        </Card>
      ))}
    </div>
  );
}

function GrowCard({ spec: { key: k, icon, color, money }, metric }: { spec: (typeof GROW_KEYS)[number]; metric: GrowCards[GrowKey] | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const fmt = (n: number) => (money ? formatMoney(n, lang) : formatCount(n, lang));
  const trend = metric ? formatTrend(metric.trend, lang) : null;
  // The period the answer names; without one, the card's fixed caption.
  const period = metric?.period ? periodText(metric.period, t, lang) : null;
  return (
    <Card className="an-card an-grow-card" data-testid={`grow-card-${k}`}>
      <div className="an-grow-head">
        <span className="an-grow-title">
          <span className="an-grow-icon" style={{ background: `var(--${color}-500)` }} aria-hidden="true">
            <i className={icon} />
          </span>
          {t(`dashboard.growCards.${k}.title`)}
        </span>
        <Tag value={period?.name ?? t(`dashboard.growCards.${k}.period`)} severity={money ? 'success' : 'info'} data-testid={`grow-period-${k}`} />
      </div>
      {metric && trend ? (
        <>
          <div className="an-grow-value" data-testid={`grow-value-${k}`}>
            {fmt(metric.value)}
          </div>
          {period && (
            <div className="an-grow-days" data-testid={`grow-days-${k}`}>
              {period.days}
            </div>
          )}
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
      <CardHead title={t('dashboard.visitTrend.title')} subtitle={trend ? t('dashboard.withSpan', { text: t('dashboard.visitTrend.subtitle'), span: spanOf(trend[range].labels) }) : t('dashboard.visitTrend.subtitle')}>
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
      <CardHead title={t('dashboard.salesStack.title')} subtitle={stack ? t('dashboard.withSpan', { text: t('dashboard.salesStack.subtitle'), span: spanOf(stack.months) }) : t('dashboard.salesStack.subtitle')} />
      {chart ? (
        <Chart type="bar" series={chart.series} options={chart.options} height={340} ariaLabel={t('dashboard.salesStack.title')} />
      ) : (
        <Skeleton width="100%" height="340px" />
      )}
    </Card>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Avatar } from 'primereact/avatar';
import { Card } from 'primereact/card';
import { ProgressBar } from 'primereact/progressbar';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { Dynamic, Pending, Project, SalesRadar, Summary } from '../../../server/contract/summary';
import { useSession } from '../../services/session';
import { flattenRoutes, type FlatRoute } from '../../services/routing/route-access';
import Chart from '../../components/chart';
import { SummaryError } from '../../components/summary-error';
import { useSummary } from '../../components/use-summary';
import { avatarColor, formatCount, formatLongDate, greetingPeriod, initials, relativeTime } from '../../lib/format';
import './work.css';

/** Quick navigation (spec §1): fixed entries; titles and icons come from the route table. */
const QUICK_NAV = ['/order/index', '/member/index', '/goods/index', '/games/index', '/statistics/pageView', '/system/account'];
const QUICK_NAV_COLORS = ['blue', 'green', 'orange', 'purple', 'cyan', 'pink'];

/** Where each pending counter of the header leads. */
const PENDING_LINKS: { key: keyof Pending; path: string }[] = [
  { key: 'orders', path: '/order/index' },
  { key: 'refunds', path: '/order/back' },
  { key: 'feedback', path: '/feedback/index' },
];

/** "Now" for the greeting and relative times, moving on every minute. */
function useNow(stepMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(id);
  }, [stepMs]);
  return now;
}

/** The routes this user may open, by full path (the session's routes are already filtered by role, spec §6). */
function useOpenableRoutes(): Map<string, FlatRoute> {
  const { routes } = useSession();
  return useMemo(() => new Map(flattenRoutes(routes ?? []).map((r) => [r.path, r])), [routes]);
}

/**
 * Home workbench (spec §1 "quick navigation, project cards, dynamic info, sales radar"; route
 * /home/work, the default home path): a greeting with today's date and the work waiting, the
 * projects in progress, the latest activity, quick links to the busiest screens and the sales
 * radar. Numbers come from `POST /v1/admin/summary`.
 */
export default function WorkbenchPage() {
  const { t } = useTranslation();
  const summary = useSummary();
  const now = useNow();
  const routes = useOpenableRoutes();
  const data = summary.status === 'ready' ? summary.data : null;

  return (
    <div className="wb" data-testid="workbench">
      <WorkbenchHeader now={now} summary={data} routes={routes} loading={summary.status === 'loading'} />
      <div className="wb-main">
        <div className="wb-col">
          {summary.status === 'error' ? (
            <SummaryError title={t('home.loadFailed')} onRetry={summary.retry} />
          ) : (
            <>
              <ProjectsCard projects={data?.projects ?? null} routes={routes} />
              <DynamicsCard dynamics={data?.dynamics ?? null} now={now} />
            </>
          )}
        </div>
        <div className="wb-col">
          <QuickNavCard routes={routes} />
          {summary.status !== 'error' && <RadarCard radar={data?.salesRadar ?? null} />}
        </div>
      </div>
    </div>
  );
}

function WorkbenchHeader({ now, summary, routes, loading }: { now: number; summary: Summary | null; routes: Map<string, FlatRoute>; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { userInfo } = useSession();
  const name = userInfo?.nickName || userInfo?.username || t('home.greeting.fallbackName');
  const period = greetingPeriod(new Date(now).getHours());
  return (
    <section className="wb-header" aria-label={t('routes.home.work')}>
      <div className="wb-user">
        {userInfo?.icon ? (
          <Avatar image={userInfo.icon} shape="circle" size="xlarge" className="wb-user-avatar" />
        ) : (
          <Avatar label={initials(name)} shape="circle" size="xlarge" className="wb-user-avatar wb-avatar-initials" style={{ background: `var(--${avatarColor(name)}-700)` }} />
        )}
        <div className="wb-user-text">
          <h1 className="wb-greeting" data-testid="workbench-greeting">
            {t(`home.greeting.${period}`, { name })}
          </h1>
          <div className="wb-subline">
            <span>
              <i className="pi pi-calendar" aria-hidden="true" /> {t('home.today', { date: formatLongDate(now, lang) })}
            </span>
            {summary && (
              <span>
                <i className="pi pi-clock" aria-hidden="true" /> {t('home.dataAsOf', { time: summary.generatedAt })}
              </span>
            )}
          </div>
        </div>
      </div>
      <dl className="wb-pending">
        {PENDING_LINKS.map(({ key, path }) => {
          const value = summary ? formatCount(summary.pending[key], lang) : null;
          const label = t(`home.pending.${key}`);
          return (
            <div className="wb-pending-item" key={key} data-testid={`pending-${key}`}>
              <dt>{label}</dt>
              <dd>
                {value === null ? (
                  loading ? <Skeleton width="3rem" height="1.75rem" /> : '-'
                ) : routes.has(path) ? (
                  <Link href={path} className="wb-pending-link">
                    {value}
                  </Link>
                ) : (
                  value
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

function SectionHead({ title, subtitle, icon }: { title: string; subtitle?: string; icon: string }) {
  return (
    <div className="wb-card-head">
      <h2>
        <i className={icon} aria-hidden="true" /> {title}
      </h2>
      {subtitle && <span className="wb-card-sub">{subtitle}</span>}
    </div>
  );
}

function ProjectsCard({ projects, routes }: { projects: Project[] | null; routes: Map<string, FlatRoute> }) {
  const { t } = useTranslation();
  return (
    <Card className="wb-card" data-testid="workbench-projects">
      <SectionHead title={t('home.projects.title')} icon="pi pi-briefcase" />
      <div className="wb-projects">
        {projects === null
          ? Array.from({ length: 6 }, (_, i) => (
              <div className="wb-project" key={i} aria-hidden="true">
                <Skeleton shape="circle" size="2.5rem" />
                <Skeleton width="70%" height="1rem" className="wb-skel-gap" />
                <Skeleton width="100%" height="2.5rem" className="wb-skel-gap" />
              </div>
            ))
          : projects.map((p) => <ProjectTile key={p.key} project={p} openable={routes.has(p.path)} />)}
      </div>
    </Card>
  );
}

function ProjectTile({ project: p, openable }: { project: Project; openable: boolean }) {
  const { t } = useTranslation();
  const title = t(`home.projects.items.${p.key}.title`);
  const body = (
    <>
      <div className="wb-project-top">
        <span className="wb-project-icon" style={{ background: `var(--${p.color}-500)` }} aria-hidden="true">
          <i className={p.icon} />
        </span>
        <span className="wb-project-title">{title}</span>
      </div>
      <p className="wb-project-desc">{t(`home.projects.items.${p.key}.desc`)}</p>
      <div className="wb-project-progress">
        <ProgressBar value={p.progress} showValue={false} style={{ height: '6px' }} color={`var(--${p.color}-500)`} aria-label={t('home.projects.progress')} />
        <span>{p.progress}%</span>
      </div>
      <div className="wb-project-foot">
        <Tag value={t(`home.projects.groups.${p.group}`)} className="wb-project-tag" rounded />
        <span>{t('home.projects.updated', { date: p.date })}</span>
      </div>
    </>
  );
  return openable ? (
    <Link href={p.path} className="wb-project wb-project--link" title={t('home.projects.open', { title })} data-testid={`project-${p.key}`}>
      {body}
    </Link>
  ) : (
    <div className="wb-project" data-testid={`project-${p.key}`}>
      {body}
    </div>
  );
}

function QuickNavCard({ routes }: { routes: Map<string, FlatRoute> }) {
  const { t } = useTranslation();
  const entries = QUICK_NAV.map((path, i) => ({ route: routes.get(path), color: QUICK_NAV_COLORS[i % QUICK_NAV_COLORS.length] })).filter(
    (e): e is { route: FlatRoute; color: string } => !!e.route,
  );
  return (
    <Card className="wb-card" data-testid="workbench-quick-nav">
      <SectionHead title={t('home.quickNav.title')} icon="pi pi-compass" />
      <nav className="wb-quick" aria-label={t('home.quickNav.title')}>
        {entries.map(({ route, color }) => (
          <Link key={route.path} href={route.path} className="wb-quick-item">
            <i className={route.icon ?? 'pi pi-link'} style={{ color: `var(--${color}-500)` }} aria-hidden="true" />
            <span>{route.literalTitle ? route.title : t(route.title)}</span>
          </Link>
        ))}
      </nav>
    </Card>
  );
}

function DynamicsCard({ dynamics, now }: { dynamics: Dynamic[] | null; now: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card className="wb-card" data-testid="workbench-dynamics">
      <SectionHead title={t('home.dynamics.title')} icon="pi pi-bell" />
      {dynamics === null ? (
        <ul className="wb-dynamics" aria-hidden="true">
          {Array.from({ length: 5 }, (_, i) => (
            <li key={i} className="wb-dynamic">
              <Skeleton shape="circle" size="2.25rem" />
              <div className="wb-dynamic-body">
                <Skeleton width="60%" height="1rem" />
                <Skeleton width="25%" height="0.75rem" className="wb-skel-gap" />
              </div>
            </li>
          ))}
        </ul>
      ) : dynamics.length === 0 ? (
        <div className="wb-empty">{t('home.dynamics.empty')}</div>
      ) : (
        <ul className="wb-dynamics">
          {dynamics.map((d) => (
            <li key={d.id} className="wb-dynamic">
              <Avatar label={initials(d.who)} shape="circle" className="wb-avatar-initials" style={{ background: `var(--${avatarColor(d.avatarSeed)}-700)` }} aria-hidden="true" />
              <div className="wb-dynamic-body">
                <div className="wb-dynamic-text">
                  <strong>{d.who}</strong> {t(`home.dynamics.actions.${d.action}`)} <span className="wb-dynamic-target">{d.target}</span>
                </div>
                <time className="wb-dynamic-time" dateTime={d.time.replace(' ', 'T')} title={d.time}>
                  {relativeTime(d.time, now, lang)}
                </time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function RadarCard({ radar }: { radar: SalesRadar | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const chart = useMemo(() => {
    if (!radar) return null;
    return {
      series: radar.series.map((s) => ({ name: t(`home.radar.series.${s.key}`), data: s.values })),
      options: {
        xaxis: { categories: radar.axes.map((a) => t(`dashboard.categories.${a}`)) },
        yaxis: { show: false },
        stroke: { width: 2 },
        fill: { opacity: 0.2 },
        markers: { size: 3 },
        legend: { position: 'bottom' as const },
        tooltip: { y: { formatter: (v: number) => formatCount(v, lang) } },
      },
    };
  }, [radar, t, lang]);
  return (
    <Card className="wb-card" data-testid="workbench-radar">
      <SectionHead title={t('home.radar.title')} subtitle={t('home.radar.subtitle')} icon="pi pi-chart-pie" />
      {chart ? (
        <Chart type="radar" series={chart.series} options={chart.options} height={340} ariaLabel={t('home.radar.title')} />
      ) : (
        <div className="wb-chart-skeleton">
          <Skeleton shape="circle" size="14rem" />
        </div>
      )}
    </Card>
  );
}

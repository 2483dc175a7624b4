import { Fragment, useMemo } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../services/session';
import { useProjectConfig } from '../../services/project-config';
import type { FlatRoute } from '../../services/routing/route-access';
import { breadcrumbTrail, titleText } from '../routing/breadcrumbs';
import './side-menu.css';

/**
 * The breadcrumb trail of the current route (spec §3 showBreadCrumb): each group, then the page;
 * a group links to where it redirects. Icons show when `showBreadCrumbIcon` is on.
 */
export function Breadcrumbs({ current }: { current: FlatRoute | undefined }) {
  const { t } = useTranslation();
  const { routes } = useSession();
  const showIcon = useProjectConfig((c) => c.showBreadCrumbIcon);
  const trail = useMemo(() => (current ? breadcrumbTrail(current, routes) : []), [current, routes]);
  if (!trail.length) return null;
  return (
    <nav className="shell-breadcrumbs" aria-label={t('shell.breadcrumb.label')} data-testid="breadcrumbs">
      <ol>
        {trail.map((c, i) => {
          const text = titleText(t, c.title, c.literal);
          const icon = showIcon && c.icon ? <i className={c.icon} aria-hidden data-testid="breadcrumb-icon" /> : null;
          const last = i === trail.length - 1;
          return (
            <Fragment key={`${i}-${c.title}`}>
              <li>
                {i > 0 && <i className="pi pi-angle-right shell-breadcrumbs-sep" aria-hidden />}
                {last ? (
                  <span aria-current="page">
                    {icon}
                    {text}
                  </span>
                ) : c.to ? (
                  <Link href={c.to}>
                    {icon}
                    {text}
                  </Link>
                ) : (
                  <span>
                    {icon}
                    {text}
                  </span>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}

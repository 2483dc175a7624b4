import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { GuardedButton } from './GuardedButton';
import { LinkButton } from './plain';
import './parts.css';

/** One row action: its label (also its accessible name), icon, and why it cannot run now (null: it can). */
export interface RowAction {
  key: string;
  label: string;
  icon?: string;
  onClick: () => void;
  /** Why the action is unavailable on this row (shown as the tooltip, or beside the menu entry); null when it can run. */
  reason?: string | null;
  severity?: 'danger' | 'warning' | 'help' | 'secondary' | 'success' | 'info';
  testId?: string;
}

/**
 * A row's actions the way consoles of the field draw them (seven unlabelled icons
 * were unreadable): the first `visible` as labelled link buttons, the rest in a labelled "More"
 * overflow menu (PrimeReact `Menu` popup), each entry keeping its label, icon and disabled reason.
 * Callers pass only actions the user holds the permission for; an unavailable one stays listed,
 * disabled with its reason, so the user learns why.
 *
 * The menu is mounted on the first click of its row's "More" (ten closed popup menus, each
 * with its portal, transition and overlay hooks, were drawn with every page of the order list), then kept.
 */
export function RowActions({ actions, visible = 2, children, testId = 'row-actions' }: { actions: readonly RowAction[]; visible?: number; children?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  // The first click mounts the menu (phase 1); it opens from its button two commits later (phase 2):
  // the popup's portal mounts its content only after its own mount effect, and a transition that
  // starts already open skips the positioning PrimeReact does as the menu enters.
  const [menuPhase, setMenuPhase] = useState<0 | 1 | 2>(0);
  const opening = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (menuPhase === 1) setMenuPhase(2);
    else if (menuPhase === 2 && opening.current && menu.current) {
      menu.current.show({ currentTarget: opening.current } as unknown as SyntheticEvent);
      opening.current = null;
    }
  }, [menuPhase]);
  // One left over goes in the row itself: a menu of one entry hides it for nothing.
  const cut = actions.length <= visible + 1 ? actions.length : visible;
  const shown = actions.slice(0, cut);
  const rest = actions.slice(cut);
  const items: MenuItem[] = rest.map((a) => ({
    label: a.reason ? `${a.label} (${a.reason})` : a.label,
    icon: a.icon,
    disabled: !!a.reason,
    command: () => a.onClick(),
    className: a.severity === 'danger' ? 'part-menu-danger' : undefined,
    // The entry's element id: tests and support find an action by its key (`<testId>-<key>`), labels may change.
    id: a.testId,
  }));
  return (
    <span className="crud-row-actions" data-testid={testId}>
      {children}
      {shown.map((a) => {
        const severity = a.severity === 'help' || a.severity === 'warning' ? undefined : a.severity;
        // An action that can run needs no tooltip: the plain button PrimeReact's would render.
        return a.reason ? (
          <GuardedButton key={a.key} label={a.label} reason={a.reason} link size="small" severity={severity} onClick={a.onClick} data-testid={a.testId} />
        ) : (
          <LinkButton key={a.key} label={a.label} severity={severity} onClick={() => a.onClick()} testId={a.testId} />
        );
      })}
      {rest.length > 0 && (
        <>
          <LinkButton
            label={t('parts.rowActions.more')}
            icon="pi pi-angle-down"
            iconPos="right"
            hasPopup="menu"
            ariaLabel={t('parts.rowActions.moreLabel', { count: rest.length })}
            onClick={(e) => {
              if (menuPhase === 2 && menu.current) menu.current.toggle(e);
              else if (menuPhase === 0) {
                opening.current = e.currentTarget;
                setMenuPhase(1);
              }
            }}
            testId={`${testId}-more`}
          />
          {menuPhase > 0 && <Menu model={items} popup ref={menu} className="part-row-menu" pt={{ menu: { 'aria-label': t('parts.rowActions.menu') } }} data-testid={`${testId}-menu`} />}
        </>
      )}
    </span>
  );
}

import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
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
 * A row's actions the way consoles of the field draw them (issue 21 item 6: seven unlabelled icons
 * were unreadable): the first `visible` as labelled link buttons, the rest in a labelled "More"
 * overflow menu (PrimeReact `Menu` popup), each entry keeping its label, icon and disabled reason.
 * Callers pass only actions the user holds the permission for; an unavailable one stays listed,
 * disabled with its reason, so the user learns why.
 */
export function RowActions({ actions, visible = 2, children, testId = 'row-actions' }: { actions: readonly RowAction[]; visible?: number; children?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
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
        // An action that can run needs no tooltip: the plain button PrimeReact's would render (issue 22, one per row).
        return a.reason ? (
          <GuardedButton key={a.key} label={a.label} reason={a.reason} link size="small" severity={severity} onClick={a.onClick} data-testid={a.testId} />
        ) : (
          <LinkButton key={a.key} label={a.label} severity={severity} onClick={() => a.onClick()} testId={a.testId} />
        );
      })}
      {rest.length > 0 && (
        <>
          <Button
            label={t('parts.rowActions.more')}
            icon="pi pi-angle-down"
            iconPos="right"
            link
            size="small"
            aria-haspopup="menu"
            aria-label={t('parts.rowActions.moreLabel', { count: rest.length })}
            onClick={(e) => menu.current?.toggle(e)}
            data-testid={`${testId}-more`}
          />
          <Menu model={items} popup ref={menu} className="part-row-menu" pt={{ menu: { 'aria-label': t('parts.rowActions.menu') } }} data-testid={`${testId}-menu`} />
        </>
      )}
    </span>
  );
}

import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'wouter';
import { editId } from '../api';
import { crudEnv } from '../env';
import { useCellEnvOrNull, useOpenRecord, type CellEnv } from '../cell-env';
import { recordTarget, type RecordTarget } from '../record-links';
import './parts.css';

export { useOpenRecord };

/**
 * A reference as a real anchor: `href` is the record's screen (its detail, or its
 * list filtered to it), so middle-click, Ctrl/⌘-click and the keyboard behave as on any link; a plain
 * click is routed through the app's router into a tab. Drawn as plain text when the record has no
 * screen (`record-links.ts`), the user may not open it (their routes; `configureCrud({ useCanOpen })`),
 * or it would lead to the list it is shown on.
 * @param entity contract entity name of the record; `id` its id.
 */
export function RecordLink(props: RecordLinkProps) {
  // In a table the cells share one reading of the routes, location and router.
  const env = useCellEnvOrNull();
  return env ? linkElement({ env, ...props }) : <StandaloneRecordLink {...props} />;
}

interface RecordLinkProps {
  entity?: string;
  id?: unknown;
  target?: RecordTarget | null;
  children: ReactNode;
  testId?: string;
}

/** A record link outside any table: reads the routes, the location and the router itself. */
function StandaloneRecordLink(props: RecordLinkProps) {
  const canOpen = crudEnv().useCanOpen();
  const open = useOpenRecord();
  const [here] = useLocation();
  return linkElement({ env: { canOpen, open, here }, ...props });
}

/** The anchor (or plain children) of a record link, given what it reads from its surroundings; no hooks. */
function linkElement({ env, entity, id, target: given, children, testId }: RecordLinkProps & { env: Pick<CellEnv, 'canOpen' | 'open' | 'here'> }) {
  const { canOpen, open, here } = env;
  const target = given === undefined ? recordTarget(entity, id) : given;
  // A record's list does not link its rows to itself (a detail screen elsewhere still is a link).
  const self = !!target && !target.editId && target.route === here;
  if (!target || self || !canOpen(target.route)) return <>{children}</>;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    // A new window or tab of the browser reads the stored id too (same origin storage).
    if (target.editId) editId.set(...target.editId);
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    e.stopPropagation();
    open(target);
  };
  return (
    <a href={target.path} className="crud-ref-link" onClick={onClick} onAuxClick={() => target.editId && editId.set(...target.editId)} data-testid={testId ?? 'crud-ref-link'} data-entity={entity}>
      {children}
    </a>
  );
}

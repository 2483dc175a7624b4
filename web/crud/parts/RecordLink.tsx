import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'wouter';
import { editId } from '../api';
import { crudEnv } from '../env';
import { recordTarget, type RecordTarget } from '../record-links';
import './parts.css';

/**
 * Follows a record link inside the console: stores the id a detail screen reads (spec §3 edit-id
 * keys), then goes to the path through the app's router, so the shell's tabs open (or focus) it.
 */
export function useOpenRecord(): (target: RecordTarget) => void {
  const [, navigate] = useLocation();
  return (target) => {
    if (target.editId) editId.set(...target.editId);
    navigate(target.path);
  };
}

/**
 * A reference as a real anchor (issue 21 item 2): `href` is the record's screen (its detail, or its
 * list filtered to it), so middle-click, Ctrl/⌘-click and the keyboard behave as on any link; a plain
 * click is routed through the app's router into a tab. Drawn as plain text when the record has no
 * screen (`record-links.ts`), the user may not open it (their routes; `configureCrud({ useCanOpen })`),
 * or it would lead to the list it is shown on.
 * @param entity contract entity name of the record; `id` its id.
 */
export function RecordLink({ entity, id, target: given, children, testId }: { entity?: string; id?: unknown; target?: RecordTarget | null; children: ReactNode; testId?: string }) {
  const canOpen = crudEnv().useCanOpen();
  const open = useOpenRecord();
  const [here] = useLocation();
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

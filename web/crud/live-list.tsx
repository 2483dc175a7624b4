import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useLiveEvents, type LiveEvent } from '../services/live';
import { usePresenceOf, type PresenceUser } from '../services/presence';
import { presenceNames } from './parts/Presence';
import type { Row } from './types';
import type { ListController } from './useListController';

/** A row on screen someone else changed (`changed`) or deleted (`deleted`), and who (null: not known). */
export interface RowMark {
  kind: 'changed' | 'deleted';
  by: string | null;
  at: number;
}

/** What {@link useLiveList} answers: the bar's state, the row marks and their class hook. */
export interface LiveList {
  /** Records added by someone else since the rows on screen were read. */
  added: number;
  /** The stream could not resume: the rows on screen may be stale. */
  stale: boolean;
  /** Marks by record id. */
  marks: ReadonlyMap<number, RowMark>;
  /** Others who have a record open (a modify form), by record id. */
  present: ReadonlyMap<number, readonly PresenceUser[]>;
  /** The rows on screen (the list's answer): their texts are set again when other rows are drawn. */
  rows: readonly Row[];
  /** The table's `rowClassName`: the mark's classes of a row, undefined when no row is marked. */
  rowClassName: ((row: Row) => string | undefined) | undefined;
  /** Reads the list afresh (the list query's refetch); the bar and the marks go with the new rows. */
  show: () => void;
}

const EMPTY = new Map<number, RowMark>();

/**
 * The live state of a list (web/services/live.ts events of its entity by someone else): nothing on
 * screen moves by itself. Added records count up for the "N new — show" bar (whatever the order:
 * where they land is the server's to say when the list is read); a changed or deleted row on
 * screen (paged lists; a tree draws no marks) is marked until the list is read again; a
 * resync shows the bar too, or reads the list at once when no row is on screen. Any new answer of
 * the list query (show, a page, a filter) starts afresh: its rows are what the server has now.
 */
export function useLiveList(ctl: ListController): LiveList {
  const [state, setState] = useState<{ added: number; stale: boolean; marks: Map<number, RowMark> }>({ added: 0, stale: false, marks: EMPTY });
  const onScreen = useRef<Set<unknown>>(new Set());
  onScreen.current = new Set(ctl.page.list.map((r) => r.id));
  const empty = ctl.page.list.length === 0;
  const reload = ctl.reload;

  // A new answer (another page, a filter, show): the rows shown are fresh.
  const page = ctl.page;
  useEffect(() => setState((s) => (s.added || s.stale || s.marks.size ? { added: 0, stale: false, marks: EMPTY } : s)), [page]);

  useLiveEvents(
    ctl.resource.entity.name,
    (e: LiveEvent) => {
      if (e.op === 'add') {
        setState((s) => ({ ...s, added: s.added + 1 }));
        return;
      }
      if (!onScreen.current.has(e.recordId)) return;
      const mark: RowMark = { kind: e.op === 'del' ? 'deleted' : 'changed', by: e.by?.username ?? null, at: e.at };
      // A deleted row stays deleted whatever is heard of it after.
      setState((s) => (s.marks.get(e.recordId)?.kind === 'deleted' ? s : { ...s, marks: new Map(s.marks).set(e.recordId, mark) }));
    },
    () => {
      if (empty) reload();
      else setState((s) => ({ ...s, stale: true }));
    },
  );

  const marks = state.marks;
  const present = usePresenceOf(ctl.resource.entity.name);
  const rowClassName = useMemo(
    () =>
      marks.size || present.size
        ? (row: Row) => {
            const m = marks.get(row.id as number);
            const open = present.has(row.id as number);
            if (!m && !open) return undefined;
            return `crud-live-row${m ? ` crud-live-row--${m.kind}` : ''}${open ? ' crud-live-row--open' : ''} crud-live-id-${String(row.id)}`;
          }
        : undefined,
    [marks, present],
  );
  // Cleared at the click too: an answer equal to the last keeps the same page object.
  const show = () => {
    setState({ added: 0, stale: false, marks: EMPTY });
    reload();
  };
  return { added: state.added, stale: state.stale, marks, present, rows: ctl.page.list, rowClassName, show };
}

/**
 * The bar above a list's table saying what changed elsewhere since its rows were read:
 * "N new — show" (`crud.live.newRows`) or, after a resync, "the list may have changed — show"
 * (`crud.live.stale`); clicking it reads the list afresh. Renders nothing when nothing was heard.
 * A polite live region: a screen reader hears the count without losing its place.
 */
export function LiveListBar({ live }: { live: LiveList }) {
  const { t } = useTranslation();
  const text = live.added > 0 ? t('crud.live.newRows', { count: live.added }) : live.stale ? t('crud.live.stale') : null;
  return (
    <div className="crud-live-bar-slot" role="status" aria-live="polite">
      {text && <Button type="button" className="crud-live-bar" icon="pi pi-arrow-up" label={text} text size="small" onClick={live.show} data-testid="crud-live-bar" />}
    </div>
  );
}

/**
 * Says each marked row's mark on the row itself: a tooltip (`title`) and an accessible description
 * ("Changed by X", "Deleted by X", "Open by X" for a record others have open), on the `<tr>` the
 * table drew with the mark's classes ({@link LiveList.rowClassName}) inside `host`. The table draws
 * its rows itself, so the texts are set on its elements after each render that changes the marks,
 * and taken off when the marks go.
 */
export function useRowMarkTexts(host: RefObject<HTMLElement | null>, live: Pick<LiveList, 'marks' | 'present' | 'rows'>): void {
  const { t } = useTranslation();
  const { marks, present, rows } = live;
  useEffect(() => {
    const root = host.current;
    if (!root || (!marks.size && !present.size)) return;
    const set: HTMLElement[] = [];
    for (const id of new Set([...marks.keys(), ...present.keys()])) {
      const tr = root.querySelector<HTMLElement>(`tr.crud-live-id-${id}`);
      if (!tr) continue;
      const m = marks.get(id);
      const users = present.get(id);
      const texts = [
        ...(m ? [t(m.kind === 'deleted' ? 'crud.live.deletedBy' : 'crud.live.changedBy', { who: m.by ?? t('crud.live.someone') })] : []),
        ...(users ? [t('crud.presence.row', { who: presenceNames(users) })] : []),
      ];
      const text = texts.join(' · ');
      tr.title = text;
      tr.setAttribute('aria-description', text);
      if (m) tr.dataset.liveMark = m.kind;
      if (users) tr.dataset.presence = presenceNames(users);
      set.push(tr);
    }
    return () => {
      for (const tr of set) {
        tr.removeAttribute('title');
        tr.removeAttribute('aria-description');
        delete tr.dataset.liveMark;
        delete tr.dataset.presence;
      }
    };
  }, [host, marks, present, rows, t]);
}

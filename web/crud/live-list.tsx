import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useLiveEvents, type LiveEvent } from '../services/live';
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
  const rowClassName = useMemo(
    () =>
      marks.size
        ? (row: Row) => {
            const m = marks.get(row.id as number);
            return m ? `crud-live-row crud-live-row--${m.kind} crud-live-id-${String(row.id)}` : undefined;
          }
        : undefined,
    [marks],
  );
  // Cleared at the click too: an answer equal to the last keeps the same page object.
  const show = () => {
    setState({ added: 0, stale: false, marks: EMPTY });
    reload();
  };
  return { added: state.added, stale: state.stale, marks, rowClassName, show };
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
 * ("Changed by X", "Deleted by X"), on the `<tr>` the table drew with the mark's classes
 * ({@link LiveList.rowClassName}) inside `host`. The table draws its rows itself, so the texts are set
 * on its elements after each render that changes the marks, and taken off when the marks go.
 */
export function useRowMarkTexts(host: RefObject<HTMLElement | null>, marks: ReadonlyMap<number, RowMark>): void {
  const { t } = useTranslation();
  useEffect(() => {
    const root = host.current;
    if (!root || !marks.size) return;
    const set: HTMLElement[] = [];
    for (const [id, m] of marks) {
      const tr = root.querySelector<HTMLElement>(`tr.crud-live-id-${id}`);
      if (!tr) continue;
      const text = t(m.kind === 'deleted' ? 'crud.live.deletedBy' : 'crud.live.changedBy', { who: m.by ?? t('crud.live.someone') });
      tr.title = text;
      tr.setAttribute('aria-description', text);
      tr.dataset.liveMark = m.kind;
      set.push(tr);
    }
    return () => {
      for (const tr of set) {
        tr.removeAttribute('title');
        tr.removeAttribute('aria-description');
        delete tr.dataset.liveMark;
      }
    };
  }, [host, marks, t]);
}

import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { confirmDialog } from 'primereact/confirmdialog';
import { api } from '../api/client';
import { crudEnv } from './env';
import { PlainButton } from './parts/plain';
import { canonicalQuery } from './query-state';
import { enteredView, forgetEnteredView, openView, viewQueryOf, viewsQuery, type SavedView } from './saved-views';
import type { ListController } from './useListController';

/** The save-as and rename dialog, loaded when first opened (off the list's entry). */
const ViewDialog = lazy(() => import('./ViewDialog'));

/** Which dialog of the picker is open. */
type Editing = { kind: 'saveAs' } | { kind: 'rename'; view: SavedView } | null;

/**
 * The state and actions of a list's saved views (issue "The operator's own workspace", 1): the
 * screen's views (one query, `saved-views.ts` `viewsQuery`), the chosen one (the one opened, else
 * the one whose query the URL shows), whether the list has moved away from it, and what opening,
 * saving, deleting and choosing the default do. Opening a view navigates to its URL query (a new
 * history entry) and shows its columns; what the list no longer takes is left out and listed in
 * `dropped` (the notice). A list mounted without a query whose default view arrives after it
 * opens that view, unless the user has moved first.
 */
export function useSavedViews(ctl: ListController) {
  const { t } = useTranslation();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const views = useQuery(viewsQuery(path));
  const list = useMemo(() => views.data?.list ?? [], [views.data]);
  const [chosenId, setChosenId] = useState<number | null>(() => enteredView(path)?.id ?? null);
  useEffect(() => forgetEnteredView(path), [path]);
  const [dropped, setDropped] = useState<string[]>([]);
  const current = canonicalQuery(search);
  const matches = (v: SavedView) => openView(ctl.resource, v.query, v.columns, ctl.keepQuery).search === current;
  const chosen = list.find((v) => v.id === chosenId) ?? list.find(matches) ?? null;
  // Moved from the chosen view: another URL query, or (a view opened here) other columns chosen.
  const colsOf = (cols: string[] | null) => (cols ? [...cols].sort().join() : null);
  const changed = !!chosen && (!matches(chosen) || (chosen.id === chosenId && colsOf(openView(ctl.resource, chosen.query, chosen.columns, ctl.keepQuery).columns) !== colsOf(ctl.shownChosen ? ctl.shown : null)));

  const open = (v: SavedView, replace = false) => {
    const o = openView(ctl.resource, v.query, v.columns, ctl.keepQuery);
    setChosenId(v.id);
    setDropped(o.dropped);
    ctl.setShown(o.columns);
    if (o.search !== current) navigate(`${path}${o.search}`, replace ? { replace: true } : undefined);
  };

  // A list entered without a query before its views were in: their default opens once they are, unless the user moved first.
  const pristine = useRef(current === '');
  if (current !== '') pristine.current = false;
  useEffect(() => {
    // The default the list opened with once its views came (the list waited for them): the chosen view.
    const entered = chosenId === null ? enteredView(path) : null;
    if (entered) {
      forgetEnteredView(path);
      setChosenId(entered.id);
      return;
    }
    if (!pristine.current || chosenId !== null) return;
    const def = list.find((v) => v.isDefault);
    if (!def) return;
    pristine.current = false;
    open(def, true);
  }, [list, current]); // eslint-disable-line react-hooks/exhaustive-deps
  // A view opened with the list (its default at the entry) says what of it was left out and shows its columns.
  useEffect(() => {
    if (!chosen || chosen.id !== chosenId) return;
    const o = openView(ctl.resource, chosen.query, chosen.columns, ctl.keepQuery);
    if (o.dropped.length) setDropped(o.dropped);
    if (JSON.stringify(o.columns) !== JSON.stringify(ctl.shownChosen ? ctl.shown : null)) ctl.setShown(o.columns);
  }, [chosen?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  /** What a view keeps of the list now: its URL query and the chosen columns. */
  const now = () => ({ query: viewQueryOf(current), columns: ctl.shownChosen ? ctl.shown : null });
  const notify = crudEnv().notify;

  return {
    path,
    list,
    chosen,
    changed,
    dropped,
    dismissDropped: () => setDropped([]),
    open,
    now,
    /** Saves the list's view over the chosen one. */
    save: async () => {
      if (!chosen) return;
      try {
        await api.savedView.update({ id: chosen.id, ...now() });
        notify(t('crud.views.saved', { name: chosen.name }), 'success');
      } catch {
        // Shown by the HTTP client; nothing changed.
      }
    },
    /** Asks, then deletes the chosen view. */
    remove: () => {
      if (!chosen) return;
      const v = chosen;
      confirmDialog({
        message: t('crud.views.confirmDelete', { name: v.name }),
        header: t('crud.views.delete'),
        icon: 'pi pi-exclamation-triangle',
        acceptClassName: 'p-button-danger',
        acceptLabel: t('crud.ok'),
        rejectLabel: t('crud.cancel'),
        accept: async () => {
          try {
            await api.savedView.del({ ids: [v.id] });
            setChosenId(null);
            notify(t('crud.views.deleted', { name: v.name }), 'success');
          } catch {
            // Shown by the HTTP client; nothing changed.
          }
        },
      });
    },
    /** Makes the chosen view this screen's default for the user, or (`off`) leaves the screen without one. */
    setDefault: async (off: boolean) => {
      if (!chosen) return;
      try {
        await api.savedView.setDefault({ path, id: off ? null : chosen.id });
        notify(off ? t('crud.views.defaultCleared') : t('crud.views.defaultSet', { name: chosen.name }), 'success');
      } catch {
        // Shown by the HTTP client; nothing changed.
      }
    },
    /** After a save as: the new view is the chosen one. */
    saved: (v: SavedView) => {
      setChosenId(v.id);
      setDropped([]);
      notify(t('crud.views.saved', { name: v.name }), 'success');
    },
  };
}

/**
 * The view picker of a URL-synced list, in its toolbar (issue "The operator's own workspace", 1):
 * a button naming the chosen view (marked when the list has moved from it) that opens the screen's
 * views — the user's own, then those shared with their roles, each shared one naming who made it,
 * the default starred — and the actions: save over the chosen view, save as (a name, shared or not,
 * the roles), rename, delete (a shared view only by its maker or an administrator, as the server
 * says in `canEdit`), make default or no default. A view that lost some of its filters or columns
 * opens without them and a notice under the toolbar names them.
 */
export function ViewPicker({ ctl }: { ctl: ListController }) {
  const { t } = useTranslation();
  const v = useSavedViews(ctl);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // Closed by a click outside or Escape, as a menu.
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);

  const act = (fn: () => void) => () => {
    setOpen(false);
    fn();
  };
  const label = (key: string) => (key in ctl.specs || (ctl.resource.filters as string[] | undefined)?.includes(key) ? ctl.label(key) : key);
  const mine = v.list.filter((x) => x.mine);
  const shared = v.list.filter((x) => !x.mine);
  const c = v.chosen;
  const item = (x: SavedView) => (
    <li key={x.id}>
      <button type="button" className={`crud-views__item${c?.id === x.id ? ' crud-views__item--chosen' : ''}`} aria-current={c?.id === x.id ? 'true' : undefined} onClick={act(() => v.open(x))} data-testid="crud-views-item">
        <span className="crud-views__name">{x.name}</span>
        {x.shared && <i className="pi pi-users" aria-label={t('crud.views.sharedMark')} />}
        {!x.mine && <span className="crud-views__by">{t('crud.views.by', { name: x.ownerName })}</span>}
        {x.isDefault && <span className="crud-views__default">{t('crud.views.isDefault')}</span>}
      </button>
    </li>
  );

  return (
    <div className="crud-views" ref={root}>
      <button type="button" className="p-button p-component p-button-sm p-button-outlined p-button-secondary crud-views__toggle" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen((o) => !o)} data-testid="crud-views">
        <span className="p-button-icon p-button-icon-left pi pi-bookmark" aria-hidden />
        <span className="p-button-label">{c ? `${c.name}${v.changed ? ` ${t('crud.views.changed')}` : ''}` : t('crud.views.title')}</span>
      </button>
      {open && (
        <div className="crud-views__panel" id={panelId} role="group" aria-label={t('crud.views.title')} data-testid="crud-views-panel">
          {!v.list.length && <p className="crud-views__empty">{t('crud.views.none')}</p>}
          {mine.length > 0 && (
            <>
              <div className="crud-views__head">{t('crud.views.mine')}</div>
              <ul className="crud-views__list">{mine.map(item)}</ul>
            </>
          )}
          {shared.length > 0 && (
            <>
              <div className="crud-views__head">{t('crud.views.shared')}</div>
              <ul className="crud-views__list">{shared.map(item)}</ul>
            </>
          )}
          <div className="crud-views__actions">
            {c?.canEdit && <PlainButton label={t('crud.views.save')} icon="pi pi-save" small text onClick={act(() => void v.save())} testId="crud-views-save" />}
            <PlainButton label={t('crud.views.saveAs')} icon="pi pi-plus" small text onClick={act(() => setEditing({ kind: 'saveAs' }))} testId="crud-views-save-as" />
            {c?.canEdit && <PlainButton label={t('crud.views.rename')} icon="pi pi-pencil" small text onClick={act(() => setEditing({ kind: 'rename', view: c }))} testId="crud-views-rename" />}
            {c?.canEdit && <PlainButton label={t('crud.views.delete')} icon="pi pi-trash" small text severity="danger" onClick={act(v.remove)} testId="crud-views-delete" />}
            {c && <PlainButton label={c.isDefault ? t('crud.views.clearDefault') : t('crud.views.setDefault')} icon={c.isDefault ? 'pi pi-star-fill' : 'pi pi-star'} small text onClick={act(() => void v.setDefault(c.isDefault))} testId="crud-views-default" />}
          </div>
        </div>
      )}
      {v.dropped.length > 0 && (
        <div className="crud-views__notice" role="status" data-testid="crud-views-notice">
          <i className="pi pi-info-circle" aria-hidden />
          <span>{t('crud.views.dropped', { fields: v.dropped.map(label).join(t('crud.views.sep')) })}</span>
          <PlainButton label={t('crud.views.dismiss')} icon="pi pi-times" iconOnly small text rounded onClick={v.dismissDropped} testId="crud-views-notice-dismiss" />
        </div>
      )}
      {editing && (
        <Suspense fallback={null}>
          <ViewDialog
            view={editing.kind === 'rename' ? editing.view : null}
            fixed={editing.kind === 'rename' ? { id: editing.view.id } : { path: v.path, ...v.now() }}
            onHide={() => setEditing(null)}
            onDone={(data) => {
              setEditing(null);
              if (editing.kind === 'saveAs') v.saved(data);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

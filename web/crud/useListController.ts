import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { keepPreviousData, useQuery, type Query } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import dayjs from 'dayjs';
import { confirmDialog } from 'primereact/confirmdialog';
import { queryClient, type OpKey } from '../api/query';
import { getListLayout, setListLayout, useListLayout, type ListLayout } from '../services/preferences';
import type { FieldSpec, Resource, Row } from './types';
import { fieldSpec } from './schema';
import { exportValue, kindDef } from './kinds';
import { useFieldLabel, useRefMaps } from './fields';
import { callOp, readOp, type Page, type RefOption } from './api';
import { canonicalQuery, DEFAULT_PAGE_SIZE, isEmpty, listQueryString, pageAfterDelete, parseListQuery, type ListState } from './query-state';
import { crudEnv } from './env';
import { offerUndo, undoDelete, undoStatus } from './undo';
import { EXPORT_IN_TAB_MAX_ROWS, startExportJob } from './export-job';
import { laterFlag, useSetLater, type LaterFlag } from './later';
import { listFilterNames, listQueryOf, listRequestText, refEntitiesOf } from './list-entry';
import { fitColumns, type ListRoom } from './list-fit';
import { useEntryViewSearch } from './saved-views';

const EMPTY_PAGE: Page<Row> = { list: [], total: 0 };
const NO_KEEP: Record<string, string> = {};

/**
 * The declared columns in the user's `order`: the ordered ones first as ordered (names no longer
 * declared dropped), then the others in declared order. No order: the declared one.
 */
export function orderColumns(columns: readonly string[], order: readonly string[] | undefined): string[] {
  if (!order?.length) return columns as string[];
  const known = order.filter((c, i) => columns.includes(c) && order.indexOf(c) === i);
  return [...known, ...columns.filter((c) => !known.includes(c))];
}

/** Not measured yet: every column shown. */
const NO_ROOM: ListRoom = { width: 0, fixed: 0 };
/**
 * The room each declaration's table had when last measured, so a list entered again fits its
 * columns on its first render instead of after measuring.
 */
const ROOMS = new WeakMap<Resource, ListRoom>();
/**
 * px: smaller changes of the room are not fitted again: a page scrollbar coming and going as rows
 * wrap (about 15 px) would otherwise swap a column in and out.
 */
const ROOM_STEP = 20;

/**
 * A view shown before its URL is written (`CrudEnv.writeUrlLater`): the list shows it while its
 * location's query is still `from` (`?…`, '' for none); `qs` is the query being written.
 */
interface PendingView {
  from: string;
  qs: string;
  view: ListState;
  /** Says the view's rows (or its failure) are on screen: the URL is written after their frame. */
  shown: () => void;
}

/** The permanent filter's values in a list query key (`[entity, op, body]`), as the owner's identity. */
function ownerOf(key: OpKey, permanent: Record<string, unknown>): string {
  const body = (key[2] ?? {}) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(Object.keys(permanent).map((k) => [k, body[k]])));
}

/** Options of {@link useListController}. */
export interface ListControllerOptions {
  /**
   * Keep page, sort and filters in the URL query (default true). Turn it off for a second list on
   * the same screen (a detail list in a drawer), so the two never fight over the query string.
   */
  urlSync?: boolean;
  /** Filters always sent, never shown or put in the URL (the codes of one platform). Merged over the declaration's. */
  permanentFilter?: Record<string, unknown>;
  /** Query keys of the page itself (e.g. a tab) kept in the URL beside the list's state. */
  keepQuery?: Record<string, string>;
  /** Changes whenever the page wants the list reloaded from outside (after an import). */
  reloadKey?: number;
  /** Starting view when not synced to the URL. */
  initial?: Partial<ListState>;
  /** Load every record (trees): no paging, up to `LIST_EVERY_MAX` rows. Default: the declaration's `tree`. */
  all?: boolean;
  /** The screen's title, which names the export's file and sheet. Default: the entity's (`resources.<entity>.title`). */
  title?: string;
}

/** What the kit's buttons may do on this list: contract op exists, declaration allows it, user holds the code. */
export interface ListAllow {
  add: boolean;
  update: boolean;
  del: boolean;
  batchDel: boolean;
  status: boolean;
  export: boolean;
}

/** The headless state and actions of a resource list; the parts (`SearchForm`, `ListToolbar`, `ListTable`, `BatchBar`) render it. */
export interface ListController {
  resource: Resource;
  /** Applied view: page, size, sort, filters. */
  state: ListState;
  /** Typed but not applied filters (the search form). */
  draft: Record<string, unknown>;
  setDraft: (next: Record<string, unknown> | ((d: Record<string, unknown>) => Record<string, unknown>)) => void;
  /** Applies the draft (page 1). */
  apply: () => void;
  /** Whether the view is kept in the URL query (saved views open as their URL). */
  urlSync: boolean;
  /** The page's own query keys kept in the URL beside the list's state (`ListControllerOptions.keepQuery`). */
  keepQuery: Record<string, string>;
  /** Back to defaults (page 1, default size, no filters). */
  reset: () => void;
  /** Moves to a view (page, size, sort, filters). */
  go: (next: ListState) => void;
  page: Page<Row>;
  loading: boolean;
  /** `page` holds the previous view's rows, kept on screen while this view's load runs. */
  placeholder: boolean;
  /**
   * The last load failed (the HTTP client showed why): the rows of the last good load stay on
   * screen and the table shows an inline error with a retry (a failed list must not
   * look like an empty one).
   */
  failed: boolean;
  reload: () => void;
  selection: Row[];
  setSelection: (rows: Row[]) => void;
  /** `<permission>:<action>` check (fails closed when the declaration has no permission). */
  can: (action: string) => boolean;
  allow: ListAllow;
  /** Resolved fields of the columns. */
  specs: Record<string, FieldSpec>;
  /** Cached options of ref columns (labels in cells). */
  refMaps: Record<string, RefOption[]>;
  /**
   * Visible columns: the ones chosen in the column chooser (remembered per entity and user), else the ones
   * that fit the table's room (`list-fit.ts` `fitColumns`: essential columns always, the others by priority).
   */
  shown: string[];
  /** Chooses the visible columns (remembered per entity, saved for the user); `null` goes back to the ones that fit. */
  setShown: (cols: string[] | null) => void;
  /** Whether the visible columns are a choice of the column chooser (not the fit to the room). */
  shownChosen: boolean;
  /**
   * The user's layout of this list (remembered per entity, saved for the user; web/services/preferences.ts):
   * column order, columns pinned left or right, widths in px, the table's density, full screen.
   */
  layout: ListLayout;
  /** Every column in the user's order (declared order for the ones never moved). */
  columnOrder: string[];
  /** Changes the layout (a field given as undefined goes back to its default); kept and saved for the user. */
  updateLayout: (patch: Partial<ListLayout>) => void;
  /** Back to the declared layout (columns that fit, declared order, no pins or widths, normal density); saved so. */
  resetLayout: () => void;
  /** The room the table last measured (`width` 0: not yet). */
  room: ListRoom;
  /** Tells the list the room its table has (measured by `ListTable`); columns are fitted to it unless chosen. */
  setRoom: (room: ListRoom) => void;
  /** Asks, then deletes rows (all or none); moves back a page when the current one empties. */
  del: (rows: Row[]) => void;
  /** Switches a row's status (`updateStatus`). */
  setStatus: (row: Row, on: boolean) => Promise<void>;
  /**
   * Switches the status of several rows on or off (`updateStatus` of each row not there yet, one
   * after another on the version the list shows), then offers one Undo for the rows it changed (the
   * writes refetch the list). A refusal stops the batch where it is (the HTTP client shows why); the rows changed
   * before it stay changed and are the ones Undo sets back. Null when the status is no switch.
   */
  setStatusMany: ((rows: Row[], on: boolean) => Promise<void>) | null;
  /** Exports every row of the current filter (bounded, see `export.ts`), with progress; `cancelExport` stops it. */
  exportNow: () => Promise<void>;
  exporting: boolean;
  /** Rows fetched so far and the filter's total while exporting; null otherwise. */
  exportProgress: { done: number; total: number } | null;
  cancelExport: () => void;
  label: (field: string) => string;
  /**
   * Set once the list's first answer is painted and the browser idles (`later.tsx`): the search
   * form's pickers and the column chooser mount then, off the path from the menu click to the rows.
   */
  later: LaterFlag;
}

/**
 * The headless list controller of a resource (issue "List controller, headless"): server paging
 * (§9 sizes), sort on the contract's `sortable`, search filters, selection, reload, delete,
 * status switch and export, with the URL query as the store of the view when `urlSync` is on
 * (behaviour notes "Tables and forms") or local state when it is off. A permanent filter is always
 * sent. Cached lists of ref columns reload when their entity changes.
 */
export function useListController(resource: Resource, opts: ListControllerOptions = {}): ListController {
  const { t, i18n } = useTranslation();
  const { entity } = resource;
  const urlSync = opts.urlSync ?? true;
  const all = opts.all ?? !!resource.tree;
  const label = useFieldLabel(entity.name);
  const [path, navigate] = useLocation();
  // Entered without a query: the user's default view, when its views are cached (saved-views.ts).
  const entryView = useEntryViewSearch(resource, path, useSearch(), urlSync, navigate);
  const search = entryView.search;
  // Besides the declared filters, a list reads `id` from its URL (a reference opens its
  // target's list filtered to it, `/member/index?id=123`); the search form shows it while it is set.
  const filterNames = useMemo(() => listFilterNames(resource), [resource]);
  const [localState, setLocalState] = useState<ListState>(() => ({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE, filters: {}, ...opts.initial }));
  // A page, sort or filter shows its view at once and writes the URL after the rows are painted
  // (the URL write re-rendered the whole shell and saved the tabs inside the step). Until
  // then the view is held here; the URL moving anywhere else first (a link, back) wins over it.
  // In the spelling the list writes (wouter's `search` is decoded): one view, one text.
  const searchQs = useMemo(() => canonicalQuery(search), [search]);
  const pendingRef = useRef<PendingView | null>(null);
  const [, showPending] = useReducer((n: number) => n + 1, 0);
  const pending = pendingRef.current && pendingRef.current.from === searchQs ? pendingRef.current : null;
  const shownQs = useRef(searchQs);
  shownQs.current = pending ? pending.qs : searchQs;
  useEffect(() => {
    if (pendingRef.current && pendingRef.current.from !== searchQs) pendingRef.current = null;
  }, [searchQs]);
  const urlState = useMemo(
    // The URL just written gives back the very view shown while it was pending (the same object: nothing re-renders for it).
    () => (pendingRef.current?.qs === searchQs ? pendingRef.current.view : parseListQuery(search, entity, filterNames, (n) => fieldSpec(resource, n))),
    [search, searchQs, entity, filterNames, resource],
  );
  const state = urlSync ? (pending?.view ?? urlState) : localState;
  const [draft, setDraft] = useState<Record<string, unknown>>(state.filters);
  const [selection, setSelection] = useState<Row[]>([]);
  const [exporting, setExporting] = useState(false);
  const [exportProgress, setExportProgress] = useState<{ done: number; total: number } | null>(null);
  const columns = resource.columns as string[];
  // The user's choice follows the account (web/services/preferences.ts): the server's copy replaces the local one when it lands.
  const layout = useListLayout(entity.name);
  const chosen = useMemo(() => layout.shown?.filter((c) => columns.includes(c)) ?? null, [layout.shown, columns]);
  const columnOrder = useMemo(() => orderColumns(columns, layout.order), [columns, layout.order]);
  const [room, setRoomState] = useState<ListRoom>(() => ROOMS.get(resource) ?? NO_ROOM);
  const hasPerm = crudEnv().usePermission();
  const off = resource.actions ?? {};
  const can = useCallback((action: string) => !!resource.permission && hasPerm(`${resource.permission}:${action}`), [hasPerm, resource.permission]);
  const specs = useMemo(() => Object.fromEntries(columns.map((c) => [c, fieldSpec(resource, c)])), [resource, columns]);
  // The same array while the same columns fit (the table and the toolbar compare it by identity).
  const fitted = useRef<string[]>(columns);
  const fit = fitColumns(resource, columns, specs, room);
  if (fit.length !== fitted.current.length || fit.some((c, i) => c !== fitted.current[i])) fitted.current = fit;
  const shown = chosen ?? fitted.current;
  const setRoom = useCallback(
    (next: ListRoom) => {
      ROOMS.set(resource, next);
      setRoomState((was) => (Math.abs(was.width - next.width) < ROOM_STEP && Math.abs(was.fixed - next.fixed) < ROOM_STEP ? was : next));
    },
    [resource],
  );
  const refMaps = useRefMaps(refEntitiesOf(Object.values(specs)));
  const permanent = useMemo(() => ({ ...resource.permanentFilter, ...opts.permanentFilter }), [resource.permanentFilter, opts.permanentFilter]);
  // A view's request body as JSON text: the query's key is made from it, here and in `prefetchView`.
  const requestTextOf = (view: ListState) => listRequestText(view, permanent);
  const requestKey = requestTextOf(state);
  // Whose list this is (the orders of one member): another owner starts on page 1 and never shows
  // the previous owner's rows, not even as the placeholder while its own load.
  const owner = JSON.stringify(permanent);
  const [localOwner, setLocalOwner] = useState(owner);
  if (localOwner !== owner) {
    setLocalOwner(owner);
    setLocalState((s) => ({ ...s, pageNum: 1 }));
  }

  // Typed but not applied filters follow the applied ones when they change (back/forward, reset).
  // (A draft that already reads the same is kept: a new object would re-render the whole page after every search.)
  useEffect(() => setDraft((d) => (JSON.stringify(d) === JSON.stringify(state.filters) ? d : state.filters)), [state.filters]);

  // The page is a query keyed by the request (`[entity, 'list', request]`): the previous page stays
  // on screen while the next loads, an answer for a view already left is never shown (TanStack
  // cancels it through the signal), and a write to the entity anywhere refetches it.
  const body = useMemo(() => JSON.parse(requestKey) as Record<string, unknown>, [requestKey]);
  // A tree list shares the cache entry of `listEvery` (its raw rows, every page); select turns either into a page.
  const listQuery = (b: Record<string, unknown>) => listQueryOf(entity, all, b);
  const { queryKey, queryFn } = listQuery(body);
  const toPage = useCallback((d: unknown): Page<Row> => (all ? { list: d as Row[], total: (d as Row[]).length } : (d as Page<Row>)), [all]);
  const query = useQuery<unknown, Error, Page<Row>, OpKey>({
    queryKey,
    queryFn,
    // Entered without a query: the rows are asked for once the default view is known.
    enabled: !entryView.waiting,
    select: toPage,
    placeholderData: (prev: unknown, prevQuery: Query<unknown, Error, unknown, OpKey> | undefined) => (prevQuery && prevQuery.queryKey[0] === entity.name && ownerOf(prevQuery.queryKey, permanent) === owner ? keepPreviousData(prev) : undefined),
  });
  // A failed load keeps the rows of the last good one of the same owner on screen, with the inline error.
  // Kept in a ref, not state: setting it after every answer rendered the whole list page once more
  //; it is only read when the query has no data, a render the failure itself causes.
  const lastGood = useRef<{ owner: string; page: Page<Row> }>({ owner, page: EMPTY_PAGE });
  useEffect(() => {
    if (query.data && !query.isPlaceholderData) lastGood.current = { owner, page: query.data };
  }, [query.data, query.isPlaceholderData, owner]);
  const page = query.data ?? (lastGood.current.owner === owner ? lastGood.current.page : EMPTY_PAGE);
  const failed = query.isError;
  const loading = query.isFetching || entryView.waiting;
  const [later] = useState(laterFlag);
  useSetLater(later, loading);
  // The pending view's rows are committed (or its load failed): its URL may be written after their frame.
  useEffect(() => {
    if (!loading) pending?.shown();
  }, [loading, pending]);
  const refetch = query.refetch;
  const reload = useCallback(() => void refetch(), [refetch]);
  // The selection belongs to the rows it was made on: a new answer clears it.
  // (An empty selection stays the same array: a new one re-rendered the page on mount and on every answer.)
  useEffect(() => setSelection((s) => (s.length ? [] : s)), [query.dataUpdatedAt]);
  // A page that changes reloadKey (after an import) asks for a fresh answer of the same view.
  const reloadKey = useRef(opts.reloadKey);
  useEffect(() => {
    if (reloadKey.current === opts.reloadKey) return;
    reloadKey.current = opts.reloadKey;
    reload();
  }, [opts.reloadKey, reload]);
  // A new view's request leaves at once, before the list renders it (the page, the URL
  // write and the loading mask were rendered first, 15–50 ms between the click and the request);
  // the query the render then makes for that view is the same (same key) and takes its answer.
  const prefetchView = (next: ListState) => {
    const { queryKey: key, queryFn: fn } = listQuery(JSON.parse(requestTextOf(next)) as Record<string, unknown>);
    void queryClient.prefetchQuery({ queryKey: key, queryFn: fn });
  };
  const go = (next: ListState) => {
    if (!urlSync) {
      if (JSON.stringify(next) === JSON.stringify(localState)) reload();
      else {
        prefetchView(next);
        setLocalState(next);
      }
      return;
    }
    const qs = listQueryString(next, opts.keepQuery);
    const from = shownQs.current;
    if (qs === from) {
      reload();
      return;
    }
    // The view as the URL will give it back (filters read by their kinds), so the keys match.
    const view = parseListQuery(qs, entity, filterNames, (n) => fieldSpec(resource, n));
    prefetchView(view);
    const writeLater = crudEnv().writeUrlLater;
    if (!writeLater) {
      navigate(`${path}${qs}`);
      return;
    }
    // A view still pending is written first (each view its own history entry): the location's query is then `from`.
    let shown = () => {};
    const when = new Promise<void>((r) => (shown = r));
    const p: PendingView = { from, qs, view, shown };
    const dropped = () => {
      if (pendingRef.current !== p) return;
      pendingRef.current = null;
      showPending();
    };
    writeLater(`${path}${qs}`, { dropped, when });
    pendingRef.current = p;
    shownQs.current = qs;
    showPending();
  };

  const blockOf = (row: Row): string | null => {
    const pf = resource.tree?.parentField as string | undefined;
    if (pf && page.list.some((r) => r[pf] === row.id && !rowsToDelete.has(r.id))) return t('crud.hasChildren', { name: String(row[entity.label] ?? row.id) });
    const key = resource.deleteBlock?.(row);
    return key ? t(key, { ...row, defaultValue: key }) : null;
  };
  let rowsToDelete = new Set<unknown>();
  const del = (rows: Row[]) => {
    rowsToDelete = new Set(rows.map((r) => r.id));
    const blocked = rows.map(blockOf).find(Boolean);
    if (blocked) {
      crudEnv().notify(blocked, 'warn');
      return;
    }
    confirmDialog({
      message: rows.length === 1 ? t('crud.confirmDelete') : t('crud.confirmBatchDelete', { count: rows.length }),
      header: t('crud.deleteTitle'),
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('crud.ok'),
      rejectLabel: t('crud.cancel'),
      accept: async () => {
        try {
          // callOp's invalidation refetches the page shown; only a page left empty moves back.
          const ids = rows.map((r) => r.id as number);
          const { count, trashIds } = await callOp<{ count: number; trashIds?: number[] }>(entity, 'del', { ids });
          // The records went to the trash: Undo restores them (issue "Undo as a real write").
          const undo = resource.undo === false ? null : undoDelete(entity, ids, trashIds);
          if (undo) offerUndo(entity, t('crud.deleted', { count }), undo, t);
          else crudEnv().notify(t('crud.deleted', { count }), 'success');
          const pageNum = all ? 1 : pageAfterDelete(state, page.total, count);
          if (pageNum !== state.pageNum) go({ ...state, pageNum });
        } catch {
          // Shown by the HTTP client (e.g. a category still in use); nothing changed.
        }
      },
    });
  };

  /** The status field's value for on or off (its switch values, 1 and 0 by default). */
  const statusValue = (on: boolean) => {
    const field = entity.statusField!;
    const [onValue, offValue] = specs[field]?.override.switchValues ?? fieldSpec(resource, field).override.switchValues ?? [1, 0];
    return on ? onValue : offValue;
  };
  /** `updateStatus` of a row as the list shows it (contract VERSION_RULE: a stale switch is refused). */
  const writeStatus = (row: Row, value: unknown) => {
    const version = row[entity.versionField ?? 'updateTime'];
    return callOp<Row | null>(entity, 'updateStatus', { id: row.id, [entity.statusField!]: value, ...(version !== undefined && version !== null ? { [entity.versionField ?? 'updateTime']: version } : {}) });
  };

  const setStatus = async (row: Row, on: boolean) => {
    const field = entity.statusField!;
    const value = statusValue(on);
    try {
      // A stale switch is refused and the list reloads.
      const saved = await writeStatus(row, value);
      // Undo sets the old status back, on the version this change made.
      if (resource.undo === false) crudEnv().notify(t('crud.statusChanged'), 'success');
      else offerUndo(entity, t('crud.statusChanged'), undoStatus(entity, [{ row, old: row[field], saved }]), t);
      // Shown at once; the write's invalidation (callOp) brings the server's row right after.
      const patch = (rows: Row[]) => rows.map((r) => (r.id === row.id ? { ...r, [field]: value } : r));
      queryClient.setQueryData<unknown>(queryKey, (d: unknown) => (!d ? d : Array.isArray(d) ? patch(d as Row[]) : { ...(d as Page<Row>), list: patch((d as Page<Row>).list) }));
    } catch {
      reload();
    }
  };

  const statusSpec = entity.statusField ? (specs[entity.statusField] ?? fieldSpec(resource, entity.statusField)) : null;
  const setStatusMany = async (rows: Row[], on: boolean) => {
    const field = entity.statusField!;
    const value = statusValue(on);
    const changes: { row: Row; old: unknown; saved: Row | null }[] = [];
    try {
      for (const row of rows) {
        if (row[field] === value) continue;
        changes.push({ row, old: row[field], saved: await writeStatus(row, value) });
      }
    } catch {
      // Shown by the HTTP client; the rows changed before the refusal stay changed, and the list
      // reads the server's rows again (each write's own invalidation refetches it otherwise).
      reload();
    }
    if (changes.length) {
      const message = t('crud.statusChangedMany', { count: changes.length });
      if (resource.undo === false) crudEnv().notify(message, 'success');
      else offerUndo(entity, message, undoStatus(entity, changes), t);
    }
    setSelection([]);
  };

  const exportAbort = useRef<AbortController | null>(null);
  /**
   * Exports every row of the current filter, a page of 1,000 at a time, with progress and cancel
   * (the count said must be the count written). Above the export bound it says plainly
   * that only the first N of M were written. Each column's cell is its field kind's export value
   * (numbers as numeric cells, money as yuan in `#,##0.00`); the sheet is named after the screen.
   * A filter of more than {@link EXPORT_IN_TAB_MAX_ROWS} rows is an export job on the server instead
   * (`export-job.ts`): the list asks for it and says so, and the user downloads it from their export jobs.
   */
  const exportNow = async () => {
    if (page.total > EXPORT_IN_TAB_MAX_ROWS) {
      setExporting(true);
      try {
        const title = opts.title ?? t(`resources.${entity.name}.title`);
        await startExportJob(
          { path, entity: entity.name, title, body, columns: (chosen ?? columns).map((c) => ({ field: c, header: label(c) })) },
          { started: t('crud.exportJobStarted', { total: page.total }), jobs: t('crud.exportJobs') },
        );
      } finally {
        setExporting(false);
      }
      return;
    }
    const abort = new AbortController();
    exportAbort.current = abort;
    setExporting(true);
    setExportProgress({ done: 0, total: page.total });
    try {
      const { exportRows } = await import('./export');
      const cols = columnOrder.filter((c) => !chosen || chosen.includes(c)).map((c) => ({ header: label(c), value: (r: Row) => exportValue(specs[c], r[c], { locale: i18n.language, refs: specs[c].ref ? refMaps[specs[c].ref] : undefined }), format: kindDef(specs[c]).exportFormat }));
      const title = opts.title ?? t(`resources.${entity.name}.title`);
      const res = await exportRows(
        (pageNum, pageSize, signal) => readOp<Page<Row>>(entity, 'list', { ...body, pageNum, pageSize }, signal),
        cols,
        `${title}-${dayjs().format('YYYYMMDDHHmmss')}`,
        { signal: abort.signal, onProgress: setExportProgress, sheet: title },
      );
      if (res.cancelled) crudEnv().notify(t('crud.exportCancelled'), 'info');
      else if (res.capped) crudEnv().notify(t('crud.exportedPart', { count: res.written, total: res.total }), 'warn');
      else crudEnv().notify(t('crud.exported', { count: res.written }), 'success');
    } catch {
      // The HTTP client showed the failure.
    } finally {
      exportAbort.current = null;
      setExporting(false);
      setExportProgress(null);
    }
  };

  const allow: ListAllow = {
    add: !!entity.ops.add && !!resource.form && off.add !== false && can('add'),
    update: !!entity.ops.update && !!resource.form && off.update !== false && can('update'),
    del: !!entity.ops.del && off.del !== false && can('del'),
    batchDel: !!entity.ops.del && off.del !== false && off.batchDel !== false && can('del'),
    status: !!entity.ops.updateStatus && off.status !== false && can('update'),
    export: off.export !== false && can('export'),
  };

  // The actions the search form and the toolbar hold act on the latest view, whichever render they
  // came from: those parts skip the renders that change nothing they show (a page, a sort).
  const live = useRef({ apply: () => {}, reset: () => {}, del, exportNow });
  live.current = {
    apply: () => go({ ...state, pageNum: 1, filters: Object.fromEntries(Object.entries(draft).filter(([, v]) => !isEmpty(v))) }),
    reset: () => go({ pageNum: 1, pageSize: state.pageSize, filters: {} }),
    del,
    exportNow,
  };
  const stable = useMemo(
    () => ({
      apply: () => live.current.apply(),
      reset: () => live.current.reset(),
      del: (rows: Row[]) => live.current.del(rows),
      exportNow: () => live.current.exportNow(),
    }),
    [],
  );

  return {
    resource,
    state,
    draft,
    setDraft,
    apply: stable.apply,
    urlSync,
    keepQuery: opts.keepQuery ?? NO_KEEP,
    reset: stable.reset,
    go,
    page,
    loading,
    placeholder: query.isPlaceholderData,
    failed,
    reload,
    selection,
    setSelection,
    can,
    allow,
    specs,
    refMaps,
    shown,
    setShown: (cols) => {
      const { shown: _, ...rest } = getListLayout(entity.name);
      setListLayout(entity.name, cols ? { ...rest, shown: columns.filter((c) => cols.includes(c)) } : rest);
    },
    shownChosen: chosen !== null,
    layout,
    columnOrder,
    updateLayout: (patch) => setListLayout(entity.name, { ...getListLayout(entity.name), ...patch }),
    resetLayout: () => setListLayout(entity.name, null),
    room,
    setRoom,
    del: stable.del,
    setStatus,
    setStatusMany: allow.status && !resource.tree && statusSpec && (statusSpec.kind === 'status' || statusSpec.override.switchValues) ? setStatusMany : null,
    exportNow: stable.exportNow,
    exporting,
    exportProgress,
    cancelExport: () => exportAbort.current?.abort(),
    label,
    later,
  };
}

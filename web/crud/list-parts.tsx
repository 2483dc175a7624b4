import { memo, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { TreeTable } from 'primereact/treetable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import type { Row } from './types';
import { fieldSpec } from './schema';
import { FieldInput } from './fields';
import { DateRangeInput, KINDS, NumberRangeInput, kindDef, renderCell, widthOf } from './kinds';
import { PAGE_SIZES } from './query-state';
import { buildTree } from './tree';
import type { ListController } from './useListController';
import { CellEnvProvider } from './cell-env';
import { LinkButton, PlainButton, Switch } from './parts/plain';
import { CalendarLook, ColumnsLook, DropdownLook, Later, laterPageSize } from './later';
import './crud.css';

/** What a page's extra buttons get: a reload, the permission check, the applied view and the selection. */
export interface ListContext {
  reload: () => void;
  can: (action: string) => boolean;
  state: ListController['state'];
  selection: Row[];
}

/** The {@link ListContext} of a controller (what `rowActions` / `toolbar` callbacks receive). */
export function listContext(ctl: ListController): ListContext {
  return { reload: ctl.reload, can: ctl.can, state: ctl.state, selection: ctl.selection };
}

/*
 * The search form and the toolbar re-render only when what they show changes (issue 22): a list
 * page renders several times while its screen mounts (reference lists and the page answering one
 * by one), and each time every filter's Dropdown, Calendar and the column chooser re-rendered with
 * it, and on every page, sort or filter. The controller is a new object on every render; the actions
 * these parts hold (search, reset, delete, export) read the controller's latest view when called,
 * and the rest are closures over the compared values, so an older one kept by a skipped render acts
 * the same.
 */
function sameList(a: ListController, b: ListController, keys: (keyof ListController)[]): boolean {
  return keys.every((k) => a[k] === b[k]);
}
function sameAllow(a: ListController['allow'], b: ListController['allow']): boolean {
  return (Object.keys(a) as (keyof ListController['allow'])[]).every((k) => a[k] === b[k]);
}

/** What a filter's input looks like before it mounts (`later.tsx`): a picker left empty, else none (drawn at once). */
function lookOf(spec: ReturnType<typeof fieldSpec>, filterKind: string | undefined, value: unknown): 'dropdown' | 'calendar' | null {
  if (spec.override.filterInput || !(value === undefined || value === null || value === '')) return null;
  const def = kindDef(spec);
  if (filterKind === 'range') return (def.range ?? NumberRangeInput) === DateRangeInput ? 'calendar' : null;
  const input = def.filter ?? def.input;
  return spec.override.input ? null : input === KINDS.enum.input || input === KINDS.ref.input ? 'dropdown' : null;
}

/**
 * A text filter: the element PrimeReact's `InputText` renders (same classes, `p-filled` when it
 * holds text, pass-through data attributes), drawn plain since every list's form has one or more (issue 22).
 */
function FilterText({ id, value, onChange, placeholder }: { id: string; value: unknown; onChange: (v: string) => void; placeholder: string }) {
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  return <input id={id} className={`w-full p-inputtext p-component${text ? ' p-filled' : ''}`} value={text} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} maxLength={64} data-pc-name="inputtext" data-pc-section="root" />;
}

/** One filter of the search form: its label and input (by filter kind, then the field's kind). */
function SearchItem({ ctl, name }: { ctl: ListController; name: string }) {
  const { t } = useTranslation();
  const { resource, draft, setDraft, label } = ctl;
  const entity = resource.entity;
  const spec = fieldSpec(resource, name);
  const id = `crud-filter-${entity.name}-${name}`;
  const lbl = name === 'keyword' ? t('crud.keyword') : label(name);
  const kind = entity.filters[name];
  const props = { spec, value: draft[name], onChange: (v: unknown) => setDraft((d) => ({ ...d, [name]: v })), id, placeholder: lbl, filter: true };
  let input: ReactNode;
  if (spec.override.filterInput) input = <FieldInput {...props} />;
  else if (kind === 'range') {
    const Range = kindDef(spec).range ?? NumberRangeInput;
    input = <Range {...props} />;
  }
  else if (kind === 'like' || name === 'keyword') input = <FilterText id={id} value={draft[name]} onChange={props.onChange} placeholder={lbl} />;
  else input = <FieldInput {...props} />;
  // Pickers left empty are drawn after the list's first rows (look-alikes until then).
  const look = lookOf(spec, kind, draft[name]);
  if (look) input = <Later flag={ctl.later} look={look === 'dropdown' ? <DropdownLook id={id} placeholder={lbl} /> : <CalendarLook id={id} placeholder={lbl} />}>{input}</Later>;
  return (
    <div className="crud-search__item" data-filter={name}>
      <label htmlFor={id}>{lbl}</label>
      {input}
    </div>
  );
}

/**
 * The search form of a list: one input per declared filter (range filters as date or number
 * ranges, `like` and `keyword` as text), Search applies (page 1) and Reset restores defaults.
 * `fields` limits or reorders the filters (default: the declaration's).
 */
export const SearchForm = memo(SearchFormView, (a, b) => a.fields === b.fields && a.extra === b.extra && sameList(a.ctl, b.ctl, ['resource', 'draft']) && a.ctl.state.filters.id === b.ctl.state.filters.id);

function SearchFormView({ ctl, fields, extra }: { ctl: ListController; fields?: string[]; extra?: ReactNode }) {
  const { t } = useTranslation();
  const declared = (ctl.resource.filters ?? []) as string[];
  // A list opened on one record (`?id=123`, a reference followed) says so in its form, where Reset clears it.
  const byId = !fields && !declared.includes('id') && ctl.state.filters.id !== undefined;
  const names = fields ?? (byId ? ['id', ...declared] : declared);
  if (!names.length) return null;
  return (
    <form
      className="crud-card crud-search"
      onSubmit={(e) => {
        e.preventDefault();
        ctl.apply();
      }}
      data-testid="crud-search"
    >
      {names.map((f) => <SearchItem key={f} ctl={ctl} name={f} />)}
      {extra}
      <div className="crud-search__buttons">
        <PlainButton type="submit" label={t('crud.search')} icon="pi pi-search" testId="crud-search-submit" />
        <PlainButton label={t('crud.reset')} icon="pi pi-refresh" severity="secondary" outlined onClick={ctl.reset} testId="crud-search-reset" />
      </div>
    </form>
  );
}

/**
 * The toolbar above a table: title, Add, batch delete, the page's own buttons, Export, Refresh and
 * the column chooser; each kit button only when allowed (§6 codes).
 */
export const ListToolbar = memo(
  ListToolbarView,
  (a, b) => a.title === b.title && a.children === b.children && !a.onAdd === !b.onAdd && sameAllow(a.ctl.allow, b.ctl.allow) && sameList(a.ctl, b.ctl, ['resource', 'selection', 'shown', 'exporting', 'exportProgress']),
);

function ListToolbarView({ ctl, title, onAdd, children }: { ctl: ListController; title?: ReactNode; onAdd?: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const { allow, resource, label } = ctl;
  const columns = resource.columns as string[];
  return (
    <header className="crud-toolbar">
      <h3 className="crud-toolbar__title">{title ?? t(`resources.${resource.entity.name}.title`)}</h3>
      <div className="crud-toolbar__buttons">
        {/* Drawn plain (PlainButton, the same element) on every entry; Export is PrimeReact's while it runs, for its spinner. */}
        {allow.add && onAdd && <PlainButton label={t('crud.add')} icon="pi pi-plus" small onClick={onAdd} testId="crud-add" />}
        {allow.batchDel && !resource.tree && (
          <PlainButton label={t('crud.batchDelete')} icon="pi pi-trash" small severity="danger" outlined disabled={!ctl.selection.length} onClick={() => ctl.del(ctl.selection)} testId="crud-batch-del" />
        )}
        {children}
        {allow.export && !ctl.exporting && <PlainButton label={t('crud.export')} icon="pi pi-download" small severity="secondary" outlined onClick={() => void ctl.exportNow()} testId="crud-export" />}
        {allow.export && ctl.exporting && <Button label={ctl.exportProgress ? t('crud.exporting', ctl.exportProgress) : t('crud.export')} icon="pi pi-download" size="small" severity="secondary" outlined loading disabled onClick={() => void ctl.exportNow()} data-testid="crud-export" />}
        {ctl.exporting && <Button label={t('crud.cancelExport')} icon="pi pi-times" size="small" severity="secondary" text onClick={ctl.cancelExport} data-testid="crud-export-cancel" />}
        <Button icon="pi pi-refresh" size="small" text rounded onClick={ctl.reload} aria-label={t('crud.refresh')} tooltip={t('crud.refresh')} data-testid="crud-refresh" />
        <Later flag={ctl.later} look={<ColumnsLook label={t('crud.columns')} filled={ctl.shown.length > 0} />}>
          <MultiSelect
            value={ctl.shown}
            options={columns.map((c) => ({ value: c, label: label(c) }))}
            onChange={(e) => ctl.setShown(e.value as string[])}
            className="crud-columns"
            dropdownIcon="pi pi-table"
            selectedItemTemplate={() => null}
            placeholder=" "
            aria-label={t('crud.columns')}
            panelHeaderTemplate={<div className="crud-columns__head">{t('crud.columns')}</div>}
            data-testid="crud-columns"
          />
        </Later>
      </div>
    </header>
  );
}

/**
 * The selection bar: how many rows are selected, the page's batch actions and batch delete;
 * hidden while nothing is selected.
 */
export function BatchBar({ ctl, children }: { ctl: ListController; children?: ReactNode }) {
  const { t } = useTranslation();
  if (!ctl.selection.length) return null;
  return (
    <div className="crud-batch" role="status" data-testid="crud-batch-bar">
      <span>{t('crud.selected', { count: ctl.selection.length })}</span>
      {children}
      {ctl.allow.batchDel && <Button label={t('crud.batchDelete')} icon="pi pi-trash" size="small" severity="danger" text onClick={() => ctl.del(ctl.selection)} />}
      <Button label={t('crud.clearSelection')} size="small" text onClick={() => ctl.setSelection([])} />
    </div>
  );
}

export interface ListTableProps {
  ctl: ListController;
  /** Extra buttons per row, before modify/delete. */
  rowActions?: (row: Row) => ReactNode;
  /** Modify of a row (the kit's button shows when allowed and this is given). */
  onModify?: (row: Row) => void;
  /** Selection checkboxes (default: when batch delete is allowed). */
  selectable?: boolean;
}

/** The actions column's look as PrimeReact draws a right-frozen last column (see ListTable). */
const FROZEN_RIGHT = 'p-frozen-column';
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const NOWRAP_FROZEN = { whiteSpace: 'nowrap', right: '0px' } as const;

/*
 * PrimeReact's body cells are memoised on these props: its default list less `rowIndex` (issue 22).
 * Our cells read only their row (templates below), so a cell whose row moved (a page's rows shifted,
 * an insert above) need not draw again; a row's position changes its `<tr>` (striping), not its
 * cells. The page held under the loading mask is ListTable's `paging` below.
 */
const CELL_MEMO_PROPS = ['rowData', 'field', 'allowCellSelection', 'isCellSelected', 'editMode', 'tabIndex', 'editing', 'expanded', 'editingMeta', 'frozenCol', 'alignFrozenCol'];

/**
 * The table of a list: a lazy DataTable with server paging and sorting, or (declarations with
 * `tree`) a TreeTable of the whole set nested by the parent field; cells from the kind registry,
 * status switches, and the row actions column.
 *
 * Renders only when what it shows changes (issue 22): the page around it renders several times per
 * entry and per page change (its screen, reference lists, the URL write), and each render of
 * PrimeReact's DataTable re-renders its header cells, rows and paginator with their pass-through
 * merging. The callbacks it holds (`rowActions`, `onModify`, the controller's `go` and `setStatus`)
 * are read from the latest render when called, so a skipped render acts the same.
 */
export const ListTable = memo(
  ListTableView,
  (a, b) =>
    a.selectable === b.selectable &&
    !a.rowActions === !b.rowActions &&
    !a.onModify === !b.onModify &&
    sameAllow(a.ctl.allow, b.ctl.allow) &&
    sameList(a.ctl, b.ctl, ['resource', 'state', 'page', 'loading', 'failed', 'selection', 'shown', 'specs', 'refMaps', 'label', 'later', 'reload', 'setSelection', 'placeholder']),
);

function ListTableView({ ctl: ctlNow, rowActions: rowActionsNow, onModify: onModifyNow, selectable }: ListTableProps) {
  const { t, i18n } = useTranslation();
  // The latest callbacks, for templates and handlers made by an earlier render (see ListTable).
  const live = useRef({ ctl: ctlNow, rowActions: rowActionsNow, onModify: onModifyNow });
  live.current = { ctl: ctlNow, rowActions: rowActionsNow, onModify: onModifyNow };
  const ctl: ListController = { ...ctlNow, go: (next) => live.current.ctl.go(next), setStatus: (row, on) => live.current.ctl.setStatus(row, on) };
  const rowActions = rowActionsNow && ((row: Row) => live.current.rowActions?.(row));
  const onModify = onModifyNow && ((row: Row) => live.current.onModify?.(row));
  const { resource, state, page, allow, specs, refMaps, label } = ctl;
  const entity = resource.entity;
  const canSelect = selectable ?? allow.batchDel;
  const actionsCol = (allow.update && !!onModify) || allow.del || !!rowActions;
  const cols = (resource.columns as string[]).filter((c) => ctl.shown.includes(c));
  const cell = (c: string, row: Row) => {
    const s = specs[c];
    if (c === entity.statusField && allow.status && (s.kind === 'status' || s.override.switchValues)) {
      const on = s.override.switchValues?.[0] ?? 1;
      return <Switch checked={row[c] === on} onChange={(next) => void ctl.setStatus(row, next)} testId="crud-status" label={label(c)} />;
    }
    return renderCell(s, row, s.ref ? refMaps[s.ref] : undefined);
  };
  const columnEls = cols.map((c, i) => {
    const s = specs[c];
    const w = widthOf(s);
    return (
      <Column
        key={c}
        field={c}
        header={label(c)}
        expander={!!resource.tree && i === 0}
        sortable={!resource.tree && entity.sortable.includes(c)}
        style={w ? { width: w } : undefined}
        bodyClassName={KINDS[s.kind]?.wrap ? 'crud-cell--wrap' : undefined}
        body={(row: Row | { data: Row }) => cell(c, resource.tree ? (row as { data: Row }).data : (row as Row))}
      />
    );
  });
  const actions = actionsCol && (
    <Column
      header={t('crud.actions')}
      // Frozen to the right by PrimeReact's own class and the offset it would compute (the last
      // column: 0), without its `frozen` prop: each frozen cell measured itself after mounting and
      // set that offset as state, a second render of the column's cells and header on every entry
      // and page (issue 22). Same classes and inline style, so the same sticky column.
      headerClassName={resource.tree ? undefined : FROZEN_RIGHT}
      bodyClassName={resource.tree ? undefined : FROZEN_RIGHT}
      style={resource.tree ? NOWRAP : NOWRAP_FROZEN}
      body={(r: Row | { data: Row }) => {
        const row = resource.tree ? (r as { data: Row }).data : (r as Row);
        return (
          <span className="crud-row-actions">
            {rowActions?.(row)}
            {allow.update && onModify && <LinkButton label={t('crud.modify')} onClick={() => onModify(row)} testId="crud-modify" />}
            {allow.del && <LinkButton label={t('crud.delete')} severity="danger" onClick={() => ctl.del([row])} testId="crud-del" />}
          </span>
        );
      }}
    />
  );
  const failedNote = ctl.failed && (
    <div className="crud-failed" role="alert" data-testid="crud-failed">
      <i className="pi pi-exclamation-triangle" aria-hidden />
      <span>{t(page.list.length ? 'crud.failedKept' : 'crud.failed')}</span>
      <Button label={t('crud.retry')} icon="pi pi-refresh" size="small" outlined onClick={ctl.reload} data-testid="crud-retry" />
    </div>
  );
  const empty = failedNote || <div className="crud-empty" data-testid="crud-empty"><i className="pi pi-inbox" />{t('crud.empty')}</div>;
  const nodes = useMemo(() => (resource.tree ? buildTree(page.list, { parentField: resource.tree.parentField, labelField: entity.label, rootValue: resource.tree.rootValue }) : []), [page.list, resource.tree, entity.label]);

  // The page-size picker is drawn after the first rows, like the search form's pickers (later.tsx).
  const pageTemplate = useMemo(() => ({ layout: 'RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport', RowsPerPageDropdown: laterPageSize(ctl.later) }), [ctl.later]);

  // While the previous view's rows stay under the loading mask, the table keeps that view's page:
  // PrimeReact keys a row's cells by its index (`first` + position), so a `first` moved ahead of its
  // rows rebuilt every cell of the old rows before the new rows were drawn (issue 22). The URL and
  // the request move at once; the paginator follows with the rows.
  const viewPaging = { first: (state.pageNum - 1) * state.pageSize, rows: state.pageSize };
  const shownPaging = useRef(viewPaging);
  if (!ctl.placeholder) shownPaging.current = viewPaging;
  const paging = ctl.placeholder ? shownPaging.current : viewPaging;

  if (resource.tree) {
    return (
      <CellEnvProvider>
        {page.list.length > 0 && failedNote}
        {/* One <table> (not `scrollable`, which splits header and body into two tables): the tree's
            rows and their column headers are one treegrid (web/main.tsx pass-through); the wrapper
            still scrolls sideways on a narrow screen. */}
        <TreeTable key={i18n.language} value={nodes} loading={ctl.loading} emptyMessage={empty} data-testid="crud-table" className="crud-tree-table">
          {columnEls}
          {actions}
        </TreeTable>
        {/* The whole set is shown (no pages): say how many records it holds, like a paged list's report. */}
        {page.total > 0 && (
          <div className="crud-tree-footer">
            <span className="p-paginator-current">{t('crud.total', { total: page.total })}</span>
          </div>
        )}
      </CellEnvProvider>
    );
  }
  const sortOrder = state.sortOrder === 'asc' ? 1 : state.sortOrder === 'desc' ? -1 : 0;
  // Wide lists scroll sideways instead of squeezing every column (widths from the kind registry).
  const minWidth = cols.reduce((n, c) => n + (widthOf(specs[c]) ?? 140), (canSelect ? 48 : 0) + (actionsCol ? 150 : 0));
  return (
    <CellEnvProvider>
    {page.list.length > 0 && failedNote}
    <DataTable
      // Cells are memoised by row: a language switch must redraw them.
      key={i18n.language}
      value={page.list}
      dataKey="id"
      lazy
      paginator
      first={paging.first}
      rows={paging.rows}
      totalRecords={page.total}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPage={(e: DataTableStateEvent) => ctl.go({ ...state, pageNum: (e.page ?? 0) + 1, pageSize: e.rows })}
      sortField={state.sortField}
      sortOrder={sortOrder as 1 | -1 | 0}
      onSort={(e: DataTableStateEvent) => ctl.go({ ...state, pageNum: 1, sortField: e.sortOrder ? e.sortField : undefined, sortOrder: e.sortOrder === 1 ? 'asc' : e.sortOrder === -1 ? 'desc' : undefined })}
      removableSort
      cellMemoProps={CELL_MEMO_PROPS}
      loading={ctl.loading}
      emptyMessage={empty}
      paginatorTemplate={pageTemplate}
      currentPageReportTemplate={t('crud.total', { total: '{totalRecords}' })}
      selectionMode="checkbox"
      selection={ctl.selection}
      onSelectionChange={(e) => ctl.setSelection(e.value as Row[])}
      size="normal"
      stripedRows
      scrollable
      tableStyle={{ minWidth }}
      data-testid="crud-table"
    >
      {canSelect && <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />}
      {columnEls}
      {actions}
    </DataTable>
    </CellEnvProvider>
  );
}

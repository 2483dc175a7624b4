import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import dayjs from 'dayjs';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import { InputSwitch } from 'primereact/inputswitch';
import { Calendar } from 'primereact/calendar';
import { confirmDialog } from 'primereact/confirmdialog';
import { local } from '../lib/storage';
import type { Resource } from './types';
import { fieldSpec } from './schema';
import { CellValue, FieldInput, parseDatetime, useFieldLabel } from './fields';
import { callOp, editId, invalidateRefs, refOptions, type Page, type RefOption } from './api';
import { PAGE_SIZES, isEmpty, listQueryString, listRequest, pageAfterDelete, parseListQuery, type ListState } from './query-state';
import { crudEnv } from './env';
import { ResourceForm } from './ResourceForm';
import { enumLabel, centsToYuan } from './schema';
import './crud.css';

type Row = Record<string, unknown>;

/** What a page's extra buttons get: the row (for row actions), a reload, and the permission check. */
export interface ListContext {
  reload: () => void;
  can: (action: string) => boolean;
  state: ListState;
  selection: Row[];
}

export interface ResourceListPageProps {
  resource: Resource;
  /** Extra buttons per row, before modify/delete (e.g. feedback's reply). */
  rowActions?: (row: Row, ctx: ListContext) => ReactNode;
  /** Extra toolbar buttons (e.g. import, template). */
  toolbar?: (ctx: ListContext) => ReactNode;
  /** Title above the table (default: the entity's `resources.<entity>.title`). */
  title?: string;
  /** Changes whenever the page wants the list reloaded from outside (after an import). */
  reloadKey?: number;
  /** Query keys of the page itself (e.g. a tab) kept in the URL beside the list's state. */
  keepQuery?: Record<string, string>;
}

const RANGE_START = 'YYYY-MM-DD 00:00:00';
const RANGE_END = 'YYYY-MM-DD 23:59:59';

/** Loads the cached pickers of every ref column so cells show labels, not ids. */
function useRefMaps(entities: string[]): Record<string, RefOption[]> {
  const [maps, setMaps] = useState<Record<string, RefOption[]>>({});
  const key = entities.join(',');
  useEffect(() => {
    let live = true;
    for (const e of key ? key.split(',') : []) refOptions(e).then((o) => live && setMaps((m) => ({ ...m, [e]: o })), () => {});
    return () => {
      live = false;
    };
  }, [key]);
  return maps;
}

/**
 * The list page of a resource (issue "CRUD kit"; spec §9 table; behaviour notes "Tables and
 * forms"): a lazy DataTable with server paging (10/50/80/100, default 10), sorting, a search form
 * with reset, a column chooser, row selection with batch delete, status switches, export of the
 * current filter, loading and empty states; filters, page and sort live in the URL query, so reload
 * and back/forward restore the view. Buttons are wrapped in the `<permission>:<action>` checks (§6).
 */
export function ResourceListPage({ resource, rowActions, toolbar, title, reloadKey = 0, keepQuery }: ResourceListPageProps) {
  const { t, i18n } = useTranslation();
  const { entity } = resource;
  const label = useFieldLabel(entity.name);
  const search = useSearch();
  const [path, navigate] = useLocation();
  const filterNames = useMemo(() => resource.filters ?? [], [resource]);
  const state = useMemo(() => parseListQuery(search, entity, filterNames), [search, entity, filterNames]);
  const [draft, setDraft] = useState<Record<string, unknown>>(state.filters);
  const [page, setPage] = useState<Page<Row>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const [selection, setSelection] = useState<Row[]>([]);
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const colsKey = `CRUD__COLS__${entity.name}`;
  const [shown, setShown] = useState<string[]>(() => local.get<string[]>(colsKey)?.filter((c) => resource.columns.includes(c)) ?? resource.columns);
  const hasPerm = crudEnv().usePermission();
  const off = resource.actions ?? {};
  const can = useCallback((action: string) => hasPerm(`${resource.permission}:${action}`), [hasPerm, resource.permission]);

  const specs = useMemo(() => Object.fromEntries(resource.columns.map((c) => [c, fieldSpec(resource, c)])), [resource]);
  const refMaps = useRefMaps([...new Set(Object.values(specs).filter((s) => s.kind === 'ref' && s.ref).map((s) => s.ref!))]);
  const requestKey = JSON.stringify(listRequest(state));

  // Typed but not applied filters follow the URL when it changes (back/forward, reset).
  useEffect(() => setDraft(state.filters), [state.filters]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    callOp<Page<Row>>(entity, 'list', JSON.parse(requestKey))
      .then((p) => {
        if (!live) return;
        setPage(p);
        setSelection([]);
      })
      .catch(() => live && setPage({ list: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [entity, requestKey, tick, reloadKey]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const go = (next: ListState) => {
    const qs = listQueryString(next, keepQuery);
    if (qs === (search ? `?${search}` : '')) reload();
    else navigate(`${path}${qs}`);
  };
  const ctx: ListContext = { reload, can, state, selection };

  const del = (rows: Row[]) =>
    confirmDialog({
      message: rows.length === 1 ? t('crud.confirmDelete') : t('crud.confirmBatchDelete', { count: rows.length }),
      header: t('crud.deleteTitle'),
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('crud.ok'),
      rejectLabel: t('crud.cancel'),
      accept: async () => {
        try {
          const { count } = await callOp<{ count: number }>(entity, 'del', { ids: rows.map((r) => r.id) });
          invalidateRefs(entity.name);
          crudEnv().notify(t('crud.deleted', { count }), 'success');
          const pageNum = pageAfterDelete(state, page.total, count);
          if (pageNum !== state.pageNum) go({ ...state, pageNum });
          else reload();
        } catch {
          // Shown by the HTTP client (e.g. a type still in use); nothing changed.
        }
      },
    });

  const setStatus = async (row: Row, on: boolean) => {
    const field = entity.statusField!;
    try {
      await callOp(entity, 'updateStatus', { id: row.id, [field]: on ? 1 : 0 });
      invalidateRefs(entity.name);
      crudEnv().notify(t('crud.statusChanged'), 'success');
      setPage((p) => ({ ...p, list: p.list.map((r) => (r.id === row.id ? { ...r, [field]: on ? 1 : 0 } : r)) }));
    } catch {
      reload();
    }
  };

  const exportNow = async () => {
    setExporting(true);
    try {
      const { exportRows } = await import('./export');
      const cols = shown.map((c) => ({
        header: label(c),
        value: (r: Row) => {
          const s = specs[c];
          const v = r[c];
          if (s.kind === 'enum' || s.kind === 'status') return enumLabel(s.enumName!, v, i18n.language);
          if (s.kind === 'money') return centsToYuan(v);
          if (s.kind === 'ref') return refMaps[s.ref!]?.find((o) => o.value === v)?.label ?? (v as number) ?? null;
          if (Array.isArray(v)) return v.join(', ');
          return (v as string | number | null | undefined) ?? null;
        },
      }));
      const n = await exportRows((pageNum, pageSize) => callOp<Page<Row>>(entity, 'list', { ...listRequest(state), pageNum, pageSize }), cols, `${t(`resources.${entity.name}.title`)}-${dayjs().format('YYYYMMDDHHmmss')}`);
      crudEnv().notify(t('crud.exported', { count: n }), 'success');
    } catch {
      // The HTTP client showed the failure.
    } finally {
      setExporting(false);
    }
  };

  const allow = {
    add: !!entity.ops.add && !!resource.form && off.add !== false && can('add'),
    update: !!entity.ops.update && !!resource.form && off.update !== false && can('update'),
    del: !!entity.ops.del && off.del !== false && can('del'),
    batchDel: !!entity.ops.del && off.del !== false && off.batchDel !== false && can('del'),
    status: !!entity.ops.updateStatus && off.status !== false && can('update'),
    export: off.export !== false && can('export'),
  };

  const filterInput = (f: string) => {
    const spec = fieldSpec(resource, f);
    const id = `crud-filter-${entity.name}-${f}`;
    const lbl = f === 'keyword' ? t('crud.keyword') : label(f);
    let input: ReactNode;
    if (entity.filters[f] === 'range') {
      const v = draft[f] as string[] | undefined;
      input = (
        <Calendar
          inputId={id}
          className="w-full"
          selectionMode="range"
          readOnlyInput
          showIcon
          dateFormat="yy-mm-dd"
          value={v ? [parseDatetime(v[0]), parseDatetime(v[1])] : null}
          onChange={(e) => {
            const [a, b] = (e.value as (Date | null)[] | null) ?? [];
            setDraft((d) => ({ ...d, [f]: a ? [dayjs(a).format(RANGE_START), dayjs(b ?? a).format(RANGE_END)] : undefined }));
          }}
          placeholder={lbl}
        />
      );
    } else {
      const kind = entity.filters[f] === 'like' || f === 'keyword' ? 'string' : spec.kind;
      input = <FieldInput spec={{ ...spec, kind }} value={draft[f]} onChange={(v) => setDraft((d) => ({ ...d, [f]: v }))} id={id} placeholder={lbl} filter />;
    }
    return (
      <div key={f} className="crud-search__item" data-filter={f}>
        <label htmlFor={id}>{lbl}</label>
        {input}
      </div>
    );
  };

  /** Add/modify: a dialog or drawer here, or (page mode) the record id through the §3 edit-id key and the form page. */
  const openForm = (row: Row | null) => {
    const f = resource.form;
    if (f?.mode === 'page' && f.pages) {
      if (f.editIdKey) editId.set(f.editIdKey, row ? (row.id as number) : null);
      navigate(row ? f.pages.modify : f.pages.add);
    } else setEditing(row);
  };

  const sortOrder = state.sortOrder === 'asc' ? 1 : state.sortOrder === 'desc' ? -1 : 0;
  const actionsCol = allow.update || allow.del || !!rowActions;

  return (
    <div className="crud-page" data-testid={`crud-${entity.name}`}>
      {!!filterNames.length && (
        <form
          className="crud-card crud-search"
          onSubmit={(e) => {
            e.preventDefault();
            go({ ...state, pageNum: 1, filters: Object.fromEntries(Object.entries(draft).filter(([, v]) => !isEmpty(v))) });
          }}
          data-testid="crud-search"
        >
          {filterNames.map(filterInput)}
          <div className="crud-search__buttons">
            <Button type="submit" label={t('crud.search')} icon="pi pi-search" data-testid="crud-search-submit" />
            <Button type="button" label={t('crud.reset')} icon="pi pi-refresh" severity="secondary" outlined onClick={() => go({ pageNum: 1, pageSize: state.pageSize, filters: {} })} data-testid="crud-search-reset" />
          </div>
        </form>
      )}
      <section className="crud-card">
        <header className="crud-toolbar">
          <h3 className="crud-toolbar__title">{title ?? t(`resources.${entity.name}.title`)}</h3>
          <div className="crud-toolbar__buttons">
            {allow.add && <Button label={t('crud.add')} icon="pi pi-plus" size="small" onClick={() => openForm(null)} data-testid="crud-add" />}
            {allow.batchDel && (
              <Button label={t('crud.batchDelete')} icon="pi pi-trash" size="small" severity="danger" outlined disabled={!selection.length} onClick={() => del(selection)} data-testid="crud-batch-del" />
            )}
            {toolbar?.(ctx)}
            {allow.export && <Button label={t('crud.export')} icon="pi pi-download" size="small" severity="secondary" outlined loading={exporting} onClick={() => void exportNow()} data-testid="crud-export" />}
            <Button icon="pi pi-refresh" size="small" text rounded onClick={reload} aria-label={t('crud.refresh')} tooltip={t('crud.refresh')} data-testid="crud-refresh" />
            <MultiSelect
              value={shown}
              options={resource.columns.map((c) => ({ value: c, label: label(c) }))}
              onChange={(e) => {
                const next = resource.columns.filter((c) => (e.value as string[]).includes(c));
                setShown(next);
                local.set(colsKey, next);
              }}
              className="crud-columns"
              dropdownIcon="pi pi-table"
              selectedItemTemplate={() => null}
              placeholder=" "
              aria-label={t('crud.columns')}
              panelHeaderTemplate={<div className="crud-columns__head">{t('crud.columns')}</div>}
              data-testid="crud-columns"
            />
          </div>
        </header>
        <DataTable
          // Cells are memoised by row: a language switch must redraw them.
          key={i18n.language}
          value={page.list}
          dataKey="id"
          lazy
          paginator
          first={(state.pageNum - 1) * state.pageSize}
          rows={state.pageSize}
          totalRecords={page.total}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPage={(e: DataTableStateEvent) => go({ ...state, pageNum: (e.page ?? 0) + 1, pageSize: e.rows })}
          sortField={state.sortField}
          sortOrder={sortOrder as 1 | -1 | 0}
          onSort={(e: DataTableStateEvent) => go({ ...state, pageNum: 1, sortField: e.sortOrder ? e.sortField : undefined, sortOrder: e.sortOrder === 1 ? 'asc' : e.sortOrder === -1 ? 'desc' : undefined })}
          removableSort
          loading={loading}
          emptyMessage={<div className="crud-empty" data-testid="crud-empty"><i className="pi pi-inbox" />{t('crud.empty')}</div>}
          paginatorTemplate="RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
          currentPageReportTemplate={t('crud.total', { total: '{totalRecords}' })}
          selectionMode="checkbox"
          selection={selection}
          onSelectionChange={(e) => setSelection(e.value as Row[])}
          size="normal"
          stripedRows
          scrollable
          data-testid="crud-table"
        >
          {allow.batchDel && <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />}
          {resource.columns
            .filter((c) => shown.includes(c))
            .map((c) => {
              const s = specs[c];
              const isStatus = c === entity.statusField && allow.status && s.kind === 'status';
              return (
                <Column
                  key={c}
                  field={c}
                  header={label(c)}
                  sortable={entity.sortable.includes(c)}
                  style={s.override.width ? { width: s.override.width } : undefined}
                  bodyClassName={s.kind === 'text' ? 'crud-cell--wrap' : undefined}
                  body={(row: Row) =>
                    isStatus ? (
                      <InputSwitch checked={row[c] === 1} onChange={(e) => void setStatus(row, !!e.value)} data-testid="crud-status" aria-label={label(c)} />
                    ) : (
                      <CellValue spec={s} row={row} refs={s.ref ? refMaps[s.ref] : undefined} />
                    )
                  }
                />
              );
            })}
          {actionsCol && (
            <Column
              header={t('crud.actions')}
              frozen
              alignFrozen="right"
              style={{ whiteSpace: 'nowrap' }}
              body={(row: Row) => (
                <span className="crud-row-actions">
                  {rowActions?.(row, ctx)}
                  {allow.update && <Button label={t('crud.modify')} link size="small" onClick={() => openForm(row)} data-testid="crud-modify" />}
                  {allow.del && <Button label={t('crud.delete')} link size="small" severity="danger" onClick={() => del([row])} data-testid="crud-del" />}
                </span>
              )}
            />
          )}
        </DataTable>
      </section>
      {resource.form && resource.form.mode !== 'page' && (allow.add || allow.update) && (
        <ResourceForm
          resource={resource}
          record={editing ?? null}
          visible={editing !== undefined}
          onHide={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            reload();
          }}
        />
      )}
    </div>
  );
}


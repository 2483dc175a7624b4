import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { InputSwitch } from 'primereact/inputswitch';
import { CellValue, callOp, useFieldLabel, type Page, type Resource } from '../crud';
import { fieldSpec } from '../crud/schema';
import { crudEnv } from '../crud/env';
import './parts.css';

type Row = Record<string, unknown>;

export interface SubListProps {
  resource: Resource;
  /** The permanent filter (the accounts of one merchant, the members one invited): always sent, never shown. */
  filter: Record<string, unknown>;
  /** Columns (default: the declaration's). */
  columns?: string[];
  pageSize?: number;
  /** Changes whenever the list must load again (after an add in a dialog). */
  reloadKey?: number;
  rowActions?: (row: Row, reload: () => void) => ReactNode;
  toolbar?: ReactNode;
  title?: ReactNode;
  /** Whether the status switch may be used (button permission); default false (read only). */
  canStatus?: boolean;
  testId?: string;
}

/**
 * A paged list of one entity inside a modal or a section (issue 9: "master-detail"): its own page
 * state (never the URL, so it does not fight the page's list), a permanent filter, cells by kind as
 * the kit draws them, the status switch, and row actions.
 */
export function SubList({ resource, filter, columns, pageSize = 5, reloadKey = 0, rowActions, toolbar, title, canStatus, testId }: SubListProps) {
  const { t, i18n } = useTranslation();
  const { entity } = resource;
  const label = useFieldLabel(entity.name);
  const cols = columns ?? resource.columns;
  const specs = useMemo(() => Object.fromEntries(cols.map((c) => [c, fieldSpec(resource, c)])), [resource, cols]);
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<Row>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(filter);

  useEffect(() => setPageNum(1), [key]);
  useEffect(() => {
    let live = true;
    setLoading(true);
    callOp<Page<Row>>(entity, 'list', { pageNum, pageSize, ...JSON.parse(key) })
      .then((p) => live && setPage(p), () => live && setPage({ list: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [entity, key, pageNum, pageSize, tick, reloadKey]);

  const reload = () => setTick((n) => n + 1);
  const setStatus = async (row: Row, on: boolean) => {
    const field = entity.statusField!;
    try {
      await callOp(entity, 'updateStatus', { id: row.id, [field]: on ? 1 : 0 });
      crudEnv().notify(t('crud.statusChanged'), 'success');
    } finally {
      reload();
    }
  };

  return (
    <div className="part-sublist" data-testid={testId ?? `sublist-${entity.name}`}>
      {(title || toolbar) && (
        <div className="part-sublist__bar">
          <strong>{title}</strong>
          <span className="crud-toolbar__buttons">{toolbar}</span>
        </div>
      )}
      <DataTable
        key={i18n.language}
        value={page.list}
        dataKey="id"
        lazy
        paginator={page.total > pageSize}
        first={(pageNum - 1) * pageSize}
        rows={pageSize}
        totalRecords={page.total}
        onPage={(e: DataTableStateEvent) => setPageNum((e.page ?? 0) + 1)}
        loading={loading}
        size="small"
        stripedRows
        scrollable
        emptyMessage={<div className="crud-empty"><i className="pi pi-inbox" />{t('crud.empty')}</div>}
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
        currentPageReportTemplate={t('crud.total', { total: '{totalRecords}' })}
      >
        {cols.map((c) => {
          const s = specs[c];
          const isStatus = c === entity.statusField && s.kind === 'status';
          return (
            <Column
              key={c}
              field={c}
              header={label(c)}
              body={(row: Row) =>
                isStatus ? (
                  <InputSwitch checked={row[c] === 1} disabled={!canStatus} onChange={(e) => void setStatus(row, !!e.value)} aria-label={label(c)} data-testid="sublist-status" />
                ) : (
                  <CellValue spec={s} row={row} />
                )
              }
            />
          );
        })}
        {rowActions && <Column header={t('crud.actions')} style={{ whiteSpace: 'nowrap' }} body={(row: Row) => <span className="crud-row-actions">{rowActions(row, reload)}</span>} />}
      </DataTable>
    </div>
  );
}

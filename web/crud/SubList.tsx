import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { InputSwitch } from 'primereact/inputswitch';
import { CellValue } from './fields';
import { CellEnvProvider } from './cell-env';
import { useListController } from './useListController';
import { fieldSpec } from './schema';
import type { Resource, Row } from './types';
import './crud.css';

export interface SubListProps {
  resource: Resource;
  /** The permanent filter (the accounts of one merchant, the members one invited): always sent, never shown. */
  filter: Record<string, unknown>;
  /** Columns (default: the declaration's). */
  columns?: string[];
  /** Rows a page (default 5). */
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
 * A paged list of one entity inside a modal or a section ("master-detail"): the kit's one
 * list controller in its detail mode (`urlSync: false`, so it never fights the page's list over the
 * URL, and the owner as its `permanentFilter`), drawn compact: cells by kind, the status switch and
 * row actions. Another owner starts on page 1 and never shows the previous owner's rows.
 */
export function SubList({ resource, filter, columns, pageSize = 5, reloadKey = 0, rowActions, toolbar, title, canStatus, testId }: SubListProps) {
  const { t, i18n } = useTranslation();
  const initial = useMemo(() => ({ pageSize }), [pageSize]);
  const ctl = useListController(resource, { urlSync: false, permanentFilter: filter, initial, reloadKey });
  const { entity } = resource;
  const { state, page, label } = ctl;
  const cols = useMemo(() => columns ?? (resource.columns as string[]), [columns, resource]);
  const specs = useMemo(() => Object.fromEntries(cols.map((c) => [c, ctl.specs[c] ?? fieldSpec(resource, c)])), [cols, ctl.specs, resource]);

  return (
    <div className="part-sublist" data-testid={testId ?? `sublist-${entity.name}`}>
      {(title || toolbar) && (
        <div className="part-sublist__bar">
          <strong>{title}</strong>
          <span className="crud-toolbar__buttons">{toolbar}</span>
        </div>
      )}
      {/* One reading of language, routes and location for all the cells. */}
      <CellEnvProvider>
        <DataTable
          key={i18n.language}
          value={page.list}
          dataKey="id"
          lazy
          paginator={page.total > state.pageSize}
          first={(state.pageNum - 1) * state.pageSize}
          rows={state.pageSize}
          totalRecords={page.total}
          onPage={(e: DataTableStateEvent) => ctl.go({ ...state, pageNum: (e.page ?? 0) + 1 })}
          loading={ctl.loading}
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
                    <InputSwitch checked={row[c] === 1} disabled={!canStatus} onChange={(e) => void ctl.setStatus(row, !!e.value)} aria-label={label(c)} data-testid="sublist-status" />
                  ) : (
                    <CellValue spec={s} row={row} refs={s.ref ? ctl.refMaps[s.ref] : undefined} />
                  )
                }
              />
            );
          })}
          {rowActions && <Column header={t('crud.actions')} style={{ whiteSpace: 'nowrap' }} body={(row: Row) => <span className="crud-row-actions">{rowActions(row, ctl.reload)}</span>} />}
        </DataTable>
      </CellEnvProvider>
    </div>
  );
}

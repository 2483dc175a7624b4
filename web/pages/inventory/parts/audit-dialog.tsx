import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { api } from '../../../api/client';
import { readQuery } from '../../../api/query';
import { enumLabel, type Page } from '../../../crud';

type Row = Record<string, unknown>;

/**
 * The audit trail of one kind of record (reveals, voids, imports, adjustments), newest first, paged
 * on the server. A second list on the page, so it keeps its state to itself (not the URL).
 */
export function AuditButton({ targetType }: { targetType: 1 | 2 | 3 | 4 | 5 }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pageNum, setPageNum] = useState(1);
  const payload = { pageNum, pageSize: 10, targetType, sortField: 'createTime', sortOrder: 'desc' as const };
  // Server state through the query cache: a late answer for another page never lands (TanStack's, not ours).
  const { data: page = { list: [], total: 0 }, isFetching: loading } = useQuery({
    ...readQuery('inventoryAudit', 'list', payload, ({ signal }) => api.inventoryAudit.list(payload, { signal, ignoreCancel: true }) as Promise<Page<Row>>),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const f = (k: string) => t(`resources.inventoryAudit.fields.${k}`);
  return (
    <>
      <Button label={t('inventory.audit.button')} icon="pi pi-history" size="small" severity="secondary" outlined onClick={() => { setPageNum(1); setOpen(true); }} data-testid="audit-open" />
      <Dialog visible={open} onHide={() => setOpen(false)} header={t('inventory.audit.title')} style={{ width: 'min(980px, 96vw)' }} modal draggable={false} data-testid="audit-dialog">
        <DataTable
          key={i18n.language}
          value={page.list}
          lazy
          paginator
          rows={10}
          first={(pageNum - 1) * 10}
          totalRecords={page.total}
          onPage={(e) => setPageNum((e.page ?? 0) + 1)}
          loading={loading}
          size="small"
          dataKey="id"
          emptyMessage={t('crud.empty')}
          data-testid="audit-table"
        >
          <Column field="createTime" header={f('createTime')} style={{ width: 170 }} />
          <Column header={f('action')} body={(r: Row) => enumLabel('inventoryAuditAction', r.action, i18n.language)} />
          <Column field="targetLabel" header={f('targetLabel')} />
          <Column field="quantity" header={f('quantity')} />
          <Column field="reason" header={f('reason')} />
          <Column field="operator" header={f('operator')} />
        </DataTable>
      </Dialog>
    </>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Dialog } from 'primereact/dialog';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { ReceiveStatus } from '../../../server/contract/operate';
import { CellValue, DEFAULT_PAGE_SIZE, PAGE_SIZES, callOp, enumLabel, enumOptions, fieldSpec, useFieldLabel, type Page } from '../../crud';
import receive from '../../resources/operate/reward-receive.resource';
import { notify } from '../../app/notify';

type Row = Record<string, unknown>;
const entity = receive.entity;

/**
 * The receive modal of /operate/reward (spec §2 "reward (receive modal)"): who claimed the reward,
 * paged on the server (§9 page sizes), filtered by nickname and claim status, exported to a
 * spreadsheet (every page of the current filter). Its paging is its own, not the page's URL query.
 */
export function ReceiveDialog({ reward, canExport, onHide }: { reward: Row | null; canExport: boolean; onHide: () => void }) {
  const { t, i18n } = useTranslation();
  const label = useFieldLabel(entity.name);
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState<{ keyword?: string; status?: number }>({});
  const [status, setStatus] = useState<number | null>(null);
  const [page, setPage] = useState<Page<Row>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    setPageNum(1);
    setKeyword('');
    setStatus(null);
    setApplied({});
  }, [reward]);
  const query = reward ? { rewardId: reward.id, ...applied } : null;
  const key = JSON.stringify([query, pageNum, pageSize]);
  useEffect(() => {
    if (!query) return;
    let live = true;
    setLoading(true);
    callOp<Page<Row>>(entity, 'list', { ...query, pageNum, pageSize })
      .then((p) => live && setPage(p), () => live && setPage({ list: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const exportNow = async () => {
    if (!query) return;
    setExporting(true);
    try {
      const { exportRows } = await import('../../crud/export');
      const cols = receive.columns.map((c) => ({
        header: label(c),
        value: (r: Row) => (c === 'status' ? enumLabel(ReceiveStatus.name, r[c], i18n.language) : ((r[c] as string | number | undefined) ?? null)),
      }));
      const n = await exportRows((p, s) => callOp<Page<Row>>(entity, 'list', { ...query, pageNum: p, pageSize: s }), cols, `${t('operate.receive.fileName', { name: String(reward?.rewardName ?? '') })}-${dayjs().format('YYYYMMDDHHmmss')}`);
      notify({ mode: 'toast', message: t('crud.exported', { count: n }) }, 'success');
    } catch {
      // Shown by the HTTP client.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Dialog visible={!!reward} onHide={onHide} header={t('operate.receive.title', { name: String(reward?.rewardName ?? '') })} style={{ width: 'min(960px, 96vw)' }} modal draggable={false} data-testid="receive-dialog">
      <form
        className="crud-search"
        onSubmit={(e) => {
          e.preventDefault();
          setPageNum(1);
          setApplied({ ...(keyword.trim() ? { keyword: keyword.trim() } : {}), ...(status !== null ? { status } : {}) });
        }}
      >
        <div className="crud-search__item">
          <label htmlFor="receive-keyword">{label('nickName')}</label>
          <InputText id="receive-keyword" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        </div>
        <div className="crud-search__item">
          <label htmlFor="receive-status">{label('status')}</label>
          <Dropdown inputId="receive-status" value={status} options={enumOptions(ReceiveStatus.name, i18n.language)} onChange={(e) => setStatus(e.value ?? null)} showClear placeholder={t('crud.choose')} />
        </div>
        <div className="crud-search__buttons">
          <Button type="submit" label={t('crud.search')} icon="pi pi-search" data-testid="receive-search" />
          {canExport && <Button type="button" label={t('crud.export')} icon="pi pi-download" severity="secondary" outlined loading={exporting} onClick={() => void exportNow()} data-testid="receive-export" />}
        </div>
      </form>
      <DataTable
        key={i18n.language}
        value={page.list}
        dataKey="id"
        lazy
        paginator
        first={(pageNum - 1) * pageSize}
        rows={pageSize}
        totalRecords={page.total}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPage={(e) => {
          setPageNum((e.page ?? 0) + 1);
          setPageSize(e.rows);
        }}
        loading={loading}
        emptyMessage={<div className="crud-empty"><i className="pi pi-inbox" />{t('crud.empty')}</div>}
        paginatorTemplate="RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
        currentPageReportTemplate={t('crud.total', { total: '{totalRecords}' })}
        stripedRows
        data-testid="receive-table"
      >
        {receive.columns.map((c) => {
          const spec = fieldSpec(receive, c);
          return <Column key={c} field={c} header={label(c)} style={spec.override.width ? { width: spec.override.width } : undefined} body={(r: Row) => <CellValue spec={spec} row={r} />} />;
        })}
      </DataTable>
    </Dialog>
  );
}

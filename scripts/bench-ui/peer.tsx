/**
 * The peer page of `npm run bench:ui`: the fastest this stack (React 19 +
 * PrimeReact 10 `DataTable`, lazy) paints a list. It fetches what the bench hands it — the console's
 * own list request (URL, headers with the session, body), captured in the same run — through the same
 * server, and draws the answer's rows in plain columns: no controller, no field registry, no
 * reference labels, no permissions, no router, no query cache, no i18n.
 *
 * With a {@link PeerTable} given to `mount` it is the second peer, "peer + the console's table": the
 * same page, its DataTable configured as the console's ListTable configures it (web/crud/list-parts.tsx
 * `ListTableView`) — the checkbox selection column when the screen has one, a right-frozen actions
 * column of as many plain link buttons (web/crud/parts/plain.tsx `LinkButton`) as the screen's first
 * row shows, the paginator template with the rows-per-page dropdown and the current-page report,
 * striped, scrollable, removable sort, `size="normal"`, the table's minimum width — cells still the
 * row's field as plain text. The two peers' difference is what the table's parts cost as PrimeReact
 * draws them (the rows-per-page dropdown at once: the console draws a look-alike until its first
 * rows are painted, web/crud/later.tsx).
 *
 * Driven by the bench through `window.__peer` and a real click on `#peer-go`:
 * - `mount(request, columns, table?)` then click: a fresh table (as a screen entered from the menu)
 *   whose first answer it paints;
 * - `update(request)` then click: the same table fetches the next body (a page, a sort, a filter),
 *   its rows staying on screen under the loading mask until the answer is painted.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { installStyleDedupe } from '../../web/lib/style-dedupe';
import { LinkButton } from '../../web/crud/parts/plain';

// The console's own boot-time fix of PrimeReact's style writes: the peer is the same stack at its best.
installStyleDedupe();

/** A list request as the console sent it. */
export interface PeerRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * What the console's table shows on a screen, read from its DOM at entry by the bench: the second
 * peer draws its DataTable so.
 */
export interface PeerTable {
  /** A checkbox selection column first. */
  selection: boolean;
  /** Whether each data column sorts (header `p-sortable-column`), in order; its length is the data columns' count. */
  sortable: boolean[];
  /** The labels of the buttons in the first row's actions column (none: no actions column). */
  actions: string[];
  /** The table's `min-width` as the console set it (CSS length), or '' for none. */
  minWidth: string;
  /** The current-page report's template (`{totalRecords}` where the console shows the total). */
  report: string;
  /** The rows-per-page choices (none: no rows-per-page dropdown). */
  pageSizes: number[];
  /** The actions column frozen at the right (default true; `--peer-table-drop=frozen` clears it). */
  frozen?: boolean;
}

interface Pending {
  kind: 'mount' | 'update';
  request: PeerRequest;
  columns?: string[];
  table?: PeerTable;
}

let pending: Pending | null = null;
declare global {
  interface Window {
    __peer: { mount(request: PeerRequest, columns: string[], table?: PeerTable): void; update(request: PeerRequest): void };
  }
}
window.__peer = {
  mount: (request, columns, table) => void (pending = { kind: 'mount', request, columns, table }),
  update: (request) => void (pending = { kind: 'update', request }),
};

type Row = Record<string, unknown>;

function List({ request, columns, table }: { request: PeerRequest; columns: string[]; table?: PeerTable }) {
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, signal: abort.signal })
      .then((r) => r.json())
      .then((env: { data: { list: Row[]; total: number } }) => {
        setRows(env.data.list);
        setTotal(env.data.total);
        setLoading(false);
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [request]);
  const body = JSON.parse(request.body) as { pageNum?: number; pageSize?: number };
  const size = body.pageSize ?? 10;
  if (table) return <ConsoleLikeTable rows={rows} total={total} loading={loading} first={((body.pageNum ?? 1) - 1) * size} size={size} columns={columns} table={table} />;
  return (
    <DataTable value={rows} dataKey="id" lazy paginator first={((body.pageNum ?? 1) - 1) * size} rows={size} totalRecords={total} loading={loading} scrollable stripedRows data-testid="peer-table">
      {columns.map((c) => (
        <Column key={c} field={c} header={c} sortable />
      ))}
    </DataTable>
  );
}

const noop = () => undefined;
const FROZEN_RIGHT = 'p-frozen-column';
const ACTIONS_STYLE = { whiteSpace: 'nowrap', right: '0px' } as const;
const SELECTION_STYLE = { width: '3rem' } as const;
const TEMPLATE = 'RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport';
const BARE_TEMPLATE = 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink';

/** The second peer's table: the console's ListTable configuration (see the file's docstring), cells as plain text. */
function ConsoleLikeTable({ rows, total, loading, first, size, columns, table }: { rows: Row[]; total: number; loading: boolean; first: number; size: number; columns: string[]; table: PeerTable }) {
  const [selection, setSelection] = useState<Row[]>([]);
  return (
    <DataTable
      value={rows}
      dataKey="id"
      lazy
      paginator
      first={first}
      rows={size}
      totalRecords={total}
      rowsPerPageOptions={table.pageSizes.length ? table.pageSizes : undefined}
      onPage={noop}
      onSort={noop}
      removableSort
      loading={loading}
      paginatorTemplate={table.pageSizes.length ? TEMPLATE : BARE_TEMPLATE}
      currentPageReportTemplate={table.report}
      selectionMode="checkbox"
      selection={selection}
      onSelectionChange={(e) => setSelection(e.value as Row[])}
      size="normal"
      stripedRows
      scrollable
      tableStyle={table.minWidth ? { minWidth: table.minWidth } : undefined}
      data-testid="peer-table"
    >
      {table.selection && <Column selectionMode="multiple" headerStyle={SELECTION_STYLE} />}
      {columns.map((c, i) => (
        <Column key={c} field={c} header={c} sortable={table.sortable[i]} />
      ))}
      {table.actions.length > 0 && (
        <Column
          header="actions"
          headerClassName={table.frozen === false ? undefined : FROZEN_RIGHT}
          bodyClassName={table.frozen === false ? undefined : FROZEN_RIGHT}
          style={ACTIONS_STYLE}
          body={() => (
            <span className="crud-row-actions">
              {table.actions.map((label, i) => (
                <LinkButton key={i} label={label} onClick={noop} />
              ))}
            </span>
          )}
        />
      )}
    </DataTable>
  );
}

function Peer() {
  const [view, setView] = useState<{ key: number; request: PeerRequest; columns: string[]; table?: PeerTable } | null>(null);
  const go = () => {
    const p = pending;
    pending = null;
    if (!p) return;
    if (p.kind === 'mount') setView((v) => ({ key: (v?.key ?? 0) + 1, request: p.request, columns: p.columns ?? [], table: p.table }));
    else setView((v) => (v ? { ...v, request: p.request } : v));
  };
  return (
    <main style={{ padding: 16 }}>
      <button id="peer-go" type="button" onClick={go}>
        go
      </button>
      <div className="peer-view">{view && <List key={view.key} request={view.request} columns={view.columns} table={view.table} />}</div>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Peer />);

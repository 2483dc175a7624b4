/**
 * The peer page of `npm run bench:ui` (issue 22 item 5): the fastest this stack (React 19 +
 * PrimeReact 10 `DataTable`, lazy) paints a list. It fetches what the bench hands it — the console's
 * own list request (URL, headers with the session, body), captured in the same run — through the same
 * server, and draws the answer's rows in plain columns: no controller, no field registry, no
 * reference labels, no permissions, no router, no query cache, no i18n.
 *
 * Driven by the bench through `window.__peer` and a real click on `#peer-go`:
 * - `mount(request, columns)` then click: a fresh table (as a screen entered from the menu) whose
 *   first answer it paints;
 * - `update(request)` then click: the same table fetches the next body (a page, a sort, a filter),
 *   its rows staying on screen under the loading mask until the answer is painted.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { installStyleDedupe } from '../../web/lib/style-dedupe';

// The console's own boot-time fix of PrimeReact's style writes: the peer is the same stack at its best.
installStyleDedupe();

/** A list request as the console sent it. */
export interface PeerRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

interface Pending {
  kind: 'mount' | 'update';
  request: PeerRequest;
  columns?: string[];
}

let pending: Pending | null = null;
declare global {
  interface Window {
    __peer: { mount(request: PeerRequest, columns: string[]): void; update(request: PeerRequest): void };
  }
}
window.__peer = {
  mount: (request, columns) => void (pending = { kind: 'mount', request, columns }),
  update: (request) => void (pending = { kind: 'update', request }),
};

type Row = Record<string, unknown>;

function List({ request, columns }: { request: PeerRequest; columns: string[] }) {
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
  return (
    <DataTable value={rows} dataKey="id" lazy paginator first={((body.pageNum ?? 1) - 1) * size} rows={size} totalRecords={total} loading={loading} scrollable stripedRows data-testid="peer-table">
      {columns.map((c) => (
        <Column key={c} field={c} header={c} sortable />
      ))}
    </DataTable>
  );
}

function Peer() {
  const [view, setView] = useState<{ key: number; request: PeerRequest; columns: string[] } | null>(null);
  const go = () => {
    const p = pending;
    pending = null;
    if (!p) return;
    if (p.kind === 'mount') setView((v) => ({ key: (v?.key ?? 0) + 1, request: p.request, columns: p.columns ?? [] }));
    else setView((v) => (v ? { ...v, request: p.request } : v));
  };
  return (
    <main style={{ padding: 16 }}>
      <button id="peer-go" type="button" onClick={go}>
        go
      </button>
      <div className="peer-view">{view && <List key={view.key} request={view.request} columns={view.columns} />}</div>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Peer />);

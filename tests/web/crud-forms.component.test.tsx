import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Type } from 'typebox';
import { feedbackType } from '../../server/contract/feedback';
import { ActionDialog, ResourceForm, ResourceListPage, defineResource, exportValue, fieldSpec, parseListQuery, registerKind, type InputProps } from '../../web/crud';
import { calls, mockApi, notices, render } from './component/setup';
import { http } from '../../web/api/http';

// The spreadsheet writer and the download are the browser's business: the test sees what is handed over.
const saved: { rows: unknown[][]; name: string }[] = [];
vi.mock('write-excel-file/universal', () => ({ default: (rows: unknown[][]) => ({ toBlob: async () => new Blob([JSON.stringify(rows)]) }) }));
vi.mock('../../web/crud/save', () => ({ saveBlob: async (b: Blob, name: string) => saved.push({ rows: JSON.parse(await b.text()) as unknown[][], name }) }));

const page = (list: Record<string, unknown>[], total = list.length) => ({ list, total });
function inRouter(ui: React.ReactNode, path = '/feedback/type') {
  const loc = memoryLocation({ path, record: true });
  return { loc, ...render(<Router hook={loc.hook} searchHook={loc.searchHook}>{ui}</Router>) };
}

describe('a new field kind is one entry in the registry', () => {
  // The whole kind: cell, input (and filter), URL state, wire format and export text — 9 lines.
  registerKind('stars', {
    cell: ({ value }) => <span data-testid="stars-cell">{'★'.repeat(Number(value) || 0)}</span>,
    input: ({ id, value, onChange }: InputProps) => <input id={id} data-testid="stars-input" value={typeof value === 'number' ? `${value}*` : ''} onChange={(e) => onChange(e.target.value ? parseInt(e.target.value, 10) : null)} />,
    fromUrl: (raw) => (/^\d\*$/.test(raw) ? Number(raw[0]) : undefined),
    toForm: (v) => (typeof v === 'number' ? v - 1 : v),
    toWire: (v) => (typeof v === 'number' ? v + 1 : v),
    exportValue: (v) => `${String(v)} stars`,
  });
  const starRes = defineResource({ entity: feedbackType, permission: 'FeedbackType', columns: ['id', 'typeName', 'status'], filters: ['status'], fields: { status: { kind: 'stars' } }, form: { mode: 'dialog', fields: ['typeName', 'status'] } });

  test('its cell, its filter and its URL state on the list page', async () => {
    mockApi('/v1/feedbackType/list', () => page([{ id: 1, typeName: 'Payment', status: 3 }]));
    inRouter(<ResourceListPage resource={starRes} />, '/feedback/type?status=2*');
    expect((await screen.findByTestId('stars-cell')).textContent).toBe('★★★');
    // The URL's `2*` was read by the kind into the filter value 2, sent, and shown in the search form's input.
    expect(calls.find((c) => c.path === '/v1/feedbackType/list')?.body).toMatchObject({ status: 2 });
    expect((screen.getAllByTestId('stars-input')[0] as HTMLInputElement).value).toBe('2*');
    expect(parseListQuery('?status=x', feedbackType, ['status'], (n) => fieldSpec(starRes, n)).filters).toEqual({});
  });

  test('its input and wire format in a form, and its export text', async () => {
    let sent: unknown;
    mockApi('/v1/feedbackType/update', (b) => (sent = b));
    render(<ResourceForm resource={starRes} record={{ id: 4, typeName: 'Payment', status: 1 }} visible onHide={() => {}} onSaved={() => {}} />);
    const input = screen.getByTestId('stars-input') as HTMLInputElement;
    expect(input.value).toBe('0*');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.change(input, { target: { value: '-1' } });
    fireEvent.click(screen.getByTestId('crud-form-save'));
    await waitFor(() => expect(sent).toEqual({ id: 4, status: 0 }));
    expect(exportValue(fieldSpec(starRes, 'status'), 2, { locale: 'en' })).toBe('2 stars');
  });
});

describe('forms on the one engine', () => {
  const Payload = Type.Object({ id: Type.Integer(), amount: Type.Optional(Type.Integer({ minimum: 1, 'x-kind': 'money' })), approve: Type.Boolean(), reason: Type.Optional(Type.String({ maxLength: 20 })) });
  const fields = [
    { name: 'approve', label: 'Decision', options: [{ value: true, label: 'Approve' }, { value: false, label: 'Refuse' }] },
    { name: 'amount', label: 'Amount', when: (v: Record<string, unknown>) => v.approve === true },
    { name: 'reason', label: 'Reason', required: (v: Record<string, unknown>) => v.approve === false },
  ];

  test('an action dialog: money typed in yuan is sent in cents, a per-form rule and the schema are checked beside the field', async () => {
    let sent: unknown;
    const done = vi.fn();
    mockApi('/v1/test/audit', (b) => (sent = b));
    render(<ActionDialog visible title="Audit" action={(payload: never) => http.post('/v1/test/audit', payload)} schema={Payload} fields={fields} fixed={{ id: 7 }} initial={{ approve: false, amount: 1250 }} onHide={() => {}} onDone={done} />);
    fireEvent.click(screen.getByTestId('action-submit'));
    expect((await screen.findByTestId('action-field-error')).textContent).toBe('Please enter Reason');
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByTestId('action-option-true'));
    const amount = document.getElementById('action-amount') as HTMLInputElement;
    expect(amount.value).toContain('12.50');
    fireEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(sent).toEqual({ id: 7, approve: true, amount: 1250 }));
    expect(done).toHaveBeenCalled();
  });

  test("an action dialog calls the typed client's function and shows the server's field refusal beside the field", async () => {
    const call = vi.fn(async () => {
      const { ApiError } = await import('../../web/api/http');
      throw new ApiError('envelope', 'Reason: too rude', 400, '/v1/test/audit', 'POST', 'reason');
    });
    render(<ActionDialog visible title="Audit" action={call} schema={Payload} fields={fields} fixed={{ id: 7 }} initial={{ approve: false }} onHide={() => {}} onDone={() => {}} />);
    fireEvent.change(document.getElementById('action-reason')!, { target: { value: 'no' } });
    fireEvent.click(screen.getByTestId('action-submit'));
    expect((await screen.findByTestId('action-field-error')).textContent).toBe('too rude');
    expect(call).toHaveBeenCalledWith({ id: 7, approve: false, reason: 'no' });
  });
});

describe('export tells the truth', () => {
  const res = defineResource({ entity: feedbackType, permission: 'FeedbackType', columns: ['id', 'typeName', 'status'] });
  const rows = Array.from({ length: 2500 }, (_, i) => ({ id: i + 1, typeName: `T${i + 1}`, status: 1 }));
  /** Answers the list a page at a time, as the server does. */
  const servePaged = (all: Record<string, unknown>[]) =>
    mockApi('/v1/feedbackType/list', (b) => {
      const { pageNum, pageSize } = b as { pageNum: number; pageSize: number };
      return page(all.slice((pageNum - 1) * pageSize, pageNum * pageSize), all.length);
    });

  test('every row of the filter is exported a page at a time, and the count said is the count written', async () => {
    saved.length = 0;
    servePaged(rows);
    inRouter(<ResourceListPage resource={res} />);
    await screen.findByText('T1');
    fireEvent.click(screen.getByTestId('crud-export'));
    await waitFor(() => expect(notices).toContain('2500 record(s) exported'));
    expect(calls.filter((c) => c.path === '/v1/feedbackType/list' && (c.body as { pageSize: number }).pageSize === 1000)).toHaveLength(3);
    expect(saved[0].rows).toHaveLength(2501);
    expect(saved[0].rows[2500]).toEqual([{ value: 2500, type: 'Number' }, { value: 'T2500', type: 'String' }, { value: 'Enabled', type: 'String' }].map((c) => expect.objectContaining({ value: c.value })));
  });

  test('a list at the in-tab bound (5,000 rows) exports every row in the tab, and says so', async () => {
    saved.length = 0;
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, typeName: `T${i + 1}`, status: 1 }));
    servePaged(many);
    inRouter(<ResourceListPage resource={res} />);
    await screen.findByText('T1');
    fireEvent.click(screen.getByTestId('crud-export'));
    await waitFor(() => expect(notices).toContain('5000 record(s) exported'), { timeout: 20_000 });
    expect(saved[0].rows).toHaveLength(5001);
    expect(saved[0].rows[5000][1]).toEqual(expect.objectContaining({ value: 'T5000' }));
  }, 30_000);

  test('above the bound it says only the first N of M were exported; a cancelled export saves nothing', async () => {
    const { exportRows } = await import('../../web/crud/export');
    const fetchPage = async (pageNum: number, pageSize: number) => page(rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), rows.length);
    const progress: number[] = [];
    const res1 = await exportRows(fetchPage, [{ header: 'id', value: (r) => r.id as number }], 'x', { maxRows: 1500, onProgress: (p) => progress.push(p.done) });
    expect(res1).toEqual({ written: 1500, total: 2500, capped: true, cancelled: false });
    expect(progress).toEqual([1000, 1500]);
    const abort = new AbortController();
    saved.length = 0;
    const res2 = await exportRows(async (n, s) => (n === 2 && abort.abort(), fetchPage(n, s)), [{ header: 'id', value: (r) => r.id as number }], 'x', { signal: abort.signal });
    expect(res2.cancelled).toBe(true);
    expect(saved).toHaveLength(0);
  });
});

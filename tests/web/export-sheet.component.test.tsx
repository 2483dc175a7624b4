import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import readXlsxFile from 'read-excel-file/node';
import { ResourceListPage, defineResource } from '../../web/crud';
import { order } from '../../server/contract/order';
import { sheetName } from '../../web/crud/export';
import { mockApi, notices, render } from './component/setup';

// The real spreadsheet writer; the download is the browser's business, so the test keeps the file.
const written: { cells: unknown[][]; sheet?: string }[] = [];
vi.mock('write-excel-file/universal', async (importOriginal) => {
  const real = (await importOriginal()) as { default: (rows: unknown[][], opts: { sheet?: string }) => unknown };
  return {
    default: (rows: unknown[][], opts: { sheet?: string }) => {
      written.push({ cells: rows, sheet: opts.sheet });
      return real.default(rows, opts);
    },
  };
});
const saved: { blob: Blob; name: string }[] = [];
vi.mock('../../web/crud/save', () => ({ saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }) }));

const ROWS = [
  { id: 1, orderNo: 'O2026000001', itemCount: 3, payAmount: 121300, status: 2 },
  { id: 2, orderNo: 'O2026000002', itemCount: 12, payAmount: 5, status: 2 },
];

async function exportedFile(title?: string) {
  written.length = 0;
  saved.length = 0;
  mockApi('/v1/order/list', () => ({ list: ROWS, total: ROWS.length }));
  const res = defineResource({ entity: order, route: '/order/index', columns: ['orderNo', 'itemCount', 'payAmount', 'status'] });
  const loc = memoryLocation({ path: '/order/index', record: true });
  render(<Router hook={loc.hook} searchHook={loc.searchHook}><ResourceListPage resource={res} title={title} /></Router>);
  await screen.findByText('O2026000001');
  fireEvent.click(screen.getByTestId('crud-export'));
  await waitFor(() => expect(notices).toContain('2 record(s) exported'));
  const buffer = Buffer.from(await saved[0].blob.arrayBuffer());
  return { sheets: await readXlsxFile(buffer), written: written[0], name: saved[0].name };
}

describe('an export writes numbers as numbers and is named after its screen', () => {
  test('counts and money are numeric cells (money in yuan with a money format), texts are texts; the sheet is the screen title', async () => {
    const { sheets, written: w, name } = await exportedFile();
    expect(sheets.map((s) => s.sheet)).toEqual(['Orders']);
    expect(name).toMatch(/^Orders-\d{14}\.xlsx$/);
    const [header, first, second] = sheets[0].data;
    expect(header).toEqual(['Order no.', 'Items', 'Paid', 'Status'].map(() => expect.any(String)));
    expect(first).toEqual(['O2026000001', 3, 1213, expect.any(String)]);
    expect(second).toEqual(['O2026000002', 12, 0.05, expect.any(String)]);
    expect(typeof first[1]).toBe('number');
    expect(typeof first[2]).toBe('number');
    // The money column carries the money number format; the count column none.
    expect(w.cells[1][2]).toMatchObject({ value: 1213, type: Number, format: '#,##0.00' });
    expect(w.cells[1][1]).not.toHaveProperty('format');
  });

  test("a screen's own title names the sheet, made a name Excel accepts", async () => {
    const { sheets } = await exportedFile('Orders [today]: a/b *?');
    expect(sheets.map((s) => s.sheet)).toEqual(['Orders today ab']);
  });

  test('sheet names drop the characters Excel refuses and keep to 31 characters', () => {
    expect(sheetName('a[b]c:d*e?f/g\\h')).toBe('abcdefgh');
    expect(sheetName("'quoted'")).toBe('quoted');
    expect(sheetName('订单列表'.repeat(10))).toBe('订单列表'.repeat(10).slice(0, 31));
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName(' []:*?/\\ ')).toBe('Sheet1');
  });
});

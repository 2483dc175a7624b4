import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ResourceListPage, defineResource } from '../../web/crud';
import { configureCrud } from '../../web/crud/env';
import { EXPORT_IN_TAB_MAX_ROWS } from '../../web/crud/export-job';
import { order } from '../../server/contract/order';
import { calls, mockApi, notices, render } from './component/setup';

// A file saved in the tab would be the wrong road for a large list: the test notices any.
const saved: string[] = [];
vi.mock('../../web/crud/save', () => ({ saveBlob: (_blob: Blob, name: string) => saved.push(name) }));

const ROWS = [{ id: 1, orderNo: 'O2026000001', itemCount: 3, payAmount: 121300, status: 2 }];
const resource = defineResource({ entity: order, route: '/order/index', columns: ['orderNo', 'itemCount', 'payAmount', 'status'], filters: ['status'] });

function renderList(total: number, path = '/order/index?status=2') {
  saved.length = 0;
  mockApi('/v1/order/list', () => ({ list: ROWS, total }));
  mockApi('/console/exportJob/add', (body) => ({ id: 41, ...(body as object), status: 'queued', rows: 0, total, progress: 0, bytes: 0, fileName: 'Orders-20261121-160000.xlsx', message: '', downloadable: false, createTime: '2026-11-21 16:00:00', finishTime: null }));
  const loc = memoryLocation({ path, record: true });
  render(<Router hook={loc.hook} searchHook={loc.searchHook}><ResourceListPage resource={resource} /></Router>);
}

describe("the list's export button", () => {
  test(`above ${EXPORT_IN_TAB_MAX_ROWS.toLocaleString('en')} rows it starts an export job with the screen's route, filters and columns, and says so with a link to the jobs`, async () => {
    const opened: number[] = [];
    const shown: { message: string; action?: { label: string; run: () => void } }[] = [];
    configureCrud({ notify: (message, _s, opts) => void shown.push({ message, action: opts?.action }), openExportJobs: () => void opened.push(1) });
    try {
      renderList(EXPORT_IN_TAB_MAX_ROWS + 1);
      await screen.findByText('O2026000001');
      fireEvent.click(screen.getByTestId('crud-export'));
      await waitFor(() => expect(shown.map((s) => s.message)).toContain(`${EXPORT_IN_TAB_MAX_ROWS + 1} records, more than 5,000: an export job started on the server; download it from Export jobs when it is done`));
      const add = calls.find((c) => c.path === '/console/exportJob/add')!;
      // The job takes the list's own request (filters, sort), without its paging.
      const { pageNum: _n, pageSize: _s, ...listed } = calls.find((c) => c.path === '/v1/order/list')!.body as Record<string, unknown>;
      expect(listed).toMatchObject({ status: 2 });
      expect(add.body).toMatchObject({ path: '/order/index', entity: 'order', title: 'Orders', body: listed });
      expect((add.body as { body: object }).body).not.toHaveProperty('pageNum');
      expect((add.body as { columns: { field: string; header: string }[] }).columns.map((c) => c.field)).toEqual(['orderNo', 'itemCount', 'payAmount', 'status']);
      expect((add.body as { columns: { header: string }[] }).columns.every((c) => c.header.length > 0)).toBe(true);
      // No workbook is written in the tab, and no page beyond the one shown is read.
      expect(saved).toEqual([]);
      expect(calls.filter((c) => c.path === '/v1/order/list')).toHaveLength(1);
      const toast = shown.find((s) => s.action)!;
      expect(toast.action!.label).toBe('Open export jobs');
      toast.action!.run();
      expect(opened).toEqual([1]);
    } finally {
      configureCrud({ notify: (m) => void notices.push(m), openExportJobs: undefined });
    }
  });

  test('a small list still exports at once in the tab, with no job', async () => {
    renderList(1);
    await screen.findByText('O2026000001');
    fireEvent.click(screen.getByTestId('crud-export'));
    await waitFor(() => expect(notices).toContain('1 record(s) exported'));
    expect(saved).toHaveLength(1);
    expect(calls.some((c) => c.path === '/console/exportJob/add')).toBe(false);
  });

  test('a refused job (a limit) is shown by the HTTP client and no toast says it started', async () => {
    renderList(EXPORT_IN_TAB_MAX_ROWS + 1);
    mockApi('/console/exportJob/add', () => {
      throw { code: 429, message: 'you already have 2 export jobs running; wait for one to finish or cancel one' };
    });
    await screen.findByText('O2026000001');
    fireEvent.click(screen.getByTestId('crud-export'));
    await waitFor(() => expect(notices).toContain('you already have 2 export jobs running; wait for one to finish or cancel one'));
    expect(notices.some((n) => n.includes('export job started'))).toBe(false);
    expect(saved).toEqual([]);
  });
});

import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ExportJob } from '../../server/contract/exports';
import ExportJobsDialog from '../../web/app/exports/ExportJobsDialog';
import { useRunningExports } from '../../web/app/exports/use-export-jobs';
import { subscribeNotices, type NoticeItem } from '../../web/services/notify';
import { calls, mockApi, render } from './component/setup';
import { connectFakeLive } from './component/fake-live';

/**
 * The export jobs as the user sees them: the screen lists their jobs with status, progress, rows and
 * size, and offers cancel, download and retry by state; the shell counts the running ones and,
 * when the live event of a job's end arrives (their own, passed on although they made it), says so
 * with a link that downloads it.
 */

const saved: string[] = [];
vi.mock('../../web/crud/save', () => ({ saveBlob: (_b: Blob, name: string) => saved.push(name) }));

const job = (o: Partial<ExportJob>): ExportJob => ({ id: 1, path: '/order/index', entity: 'order', title: 'Orders', status: 'done', rows: 200000, total: 200000, progress: 100, bytes: 5 * 1024 * 1024, fileName: 'Orders-20261121-160000.xlsx', message: '', downloadable: true, createTime: '2026-11-21 16:00:00', finishTime: '2026-11-21 16:01:00', ...o });

let closeLive: () => void = () => {};
afterEach(() => closeLive());

describe('Export jobs', () => {
  test('lists the jobs with their state; cancel, download and retry as each allows', async () => {
    saved.length = 0;
    const jobs = [
      job({ id: 3, status: 'running', rows: 50000, progress: 25, downloadable: false, finishTime: null }),
      job({ id: 2, status: 'failed', rows: 40, total: 5000, progress: 0, message: 'the rows from row 41 on could not be read (40 rows written): Injected fault' }),
      job({ id: 1 }),
    ];
    mockApi('/console/exportJob/list', () => ({ list: jobs, total: 3 }));
    mockApi('/console/exportJob/cancel', () => job({ id: 3, status: 'cancelled', downloadable: false }));
    mockApi('/console/exportJob/retry', () => job({ id: 4, status: 'queued' }));
    render(<ExportJobsDialog visible onHide={() => {}} />);
    await screen.findByText('the rows from row 41 on could not be read (40 rows written): Injected fault');
    expect(screen.getAllByTestId('export-job-status').map((e) => e.textContent)).toEqual(['Running', 'Failed', 'Done']);
    expect(screen.getByText('50,000 / 200,000')).toBeTruthy();
    expect(screen.getAllByText('5.0 MB')).toHaveLength(3);
    // Running: cancel only; failed with rows kept: download and retry; done: download and retry.
    expect(screen.getAllByTestId('export-job-cancel')).toHaveLength(1);
    expect(screen.getAllByTestId('export-job-download')).toHaveLength(2);
    expect(screen.getAllByTestId('export-job-retry')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('export-job-cancel'));
    await waitFor(() => expect(calls.find((c) => c.path === '/console/exportJob/cancel')?.body).toEqual({ id: 3 }));
    fireEvent.click(screen.getAllByTestId('export-job-retry')[0]);
    await waitFor(() => expect(calls.find((c) => c.path === '/console/exportJob/retry')?.body).toEqual({ id: 2 }));
    mockApi('/console/exportJob/download', () => 'not read');
    fireEvent.click(screen.getAllByTestId('export-job-download')[1]);
    await waitFor(() => expect(saved).toEqual(['Orders-20261121-160000.xlsx']));
    expect(calls.some((c) => c.path === '/console/exportJob/download')).toBe(true);
  });

  test("counts the running jobs and, at the live event of one's end, says it is done with a link that downloads it", async () => {
    saved.length = 0;
    let running = [job({ id: 9, status: 'running', progress: 40, downloadable: false })];
    mockApi('/console/exportJob/list', () => ({ list: running, total: running.length }));
    mockApi('/console/exportJob/info', () => job({ id: 9, rows: 1234 }));
    mockApi('/console/exportJob/download', () => 'file');
    const notes: NoticeItem[] = [];
    const stop = subscribeNotices((n) => void notes.push(n));
    const live = await connectFakeLive(1);
    closeLive = live.close;
    function Badge() {
      return <span data-testid="count">{useRunningExports()}</span>;
    }
    try {
      render(<Badge />);
      await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('1'));
      running = [];
      // The owner's own event (by names them) is passed on.
      live.source.emit('change', { id: 1, entity: 'exportJob', recordId: 9, op: 'update', by: { userId: 1, username: 'admin' }, fields: ['status'], at: 0 });
      await waitFor(() => expect(notes.map((n) => n.message)).toContain('"Orders" is exported: 1234 rows'));
      await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('0'));
      expect(notes.filter((n) => n.message.includes('is exported'))).toHaveLength(1);
      const done = notes.find((n) => n.action)!;
      expect(done.action!.label).toBe('Download');
      done.action!.run();
      await waitFor(() => expect(saved).toEqual(['Orders-20261121-160000.xlsx']));
    } finally {
      stop();
    }
  });
});

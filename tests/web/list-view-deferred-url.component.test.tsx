import { afterEach, describe, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { feedbackType } from '../../server/contract/feedback';
import { configureCrud } from '../../web/crud/env';
import { defineResource, ResourceListPage } from '../../web/crud';
import { calls, mockApi, render } from './component/setup';

/*
 * A list's page, sort or filter with the shell's deferred URL write (the rows first, the
 * URL after them): the list shows the new view from its own state at once, asks for it once, hands
 * the URL over only once its rows are in, and a view arriving from the URL meanwhile (a link, back) wins.
 */

interface Asked {
  to: string;
  written?: boolean;
  dropped?: () => void;
  settled: boolean;
}
let asked: Asked[] = [];
afterEach(() => {
  configureCrud({ writeUrlLater: undefined });
  asked = [];
});
/** A shell that writes nothing by itself: the test writes (or drops) what the list asked for. */
function deferringShell() {
  configureCrud({
    writeUrlLater: (to, opts) => {
      const a: Asked = { to, dropped: opts?.dropped, settled: false };
      void opts?.when?.then(() => (a.settled = true));
      asked.push(a);
    },
  });
}

const rows = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, typeName: `Type ${i + 1}`, description: '', sort: i, status: 1, createTime: '2026-01-01 10:00:00' }));
const res = defineResource({ entity: feedbackType, permission: 'FeedbackType', columns: ['id', 'typeName', 'sort'], filters: ['typeName'], form: { mode: 'dialog', fields: ['typeName'] } });
function serve(hold?: { next: Promise<void> | null }) {
  mockApi('/v1/feedbackType/list', async (b) => {
    const { pageNum = 1, pageSize = 10, typeName } = b as { pageNum?: number; pageSize?: number; typeName?: string };
    if (hold?.next) await hold.next;
    const list = rows.filter((r) => !typeName || r.typeName === typeName);
    return { list: list.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: list.length };
  });
}
function mount(path = '/feedback/type') {
  const loc = memoryLocation({ path, record: true });
  render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      <ResourceListPage resource={res} />
    </Router>,
  );
  return loc;
}
const lists = () => calls.filter((c) => c.path === '/v1/feedbackType/list').map((c) => c.body);
const highlighted = () => document.querySelector('.p-paginator-page.p-highlight')?.textContent;

describe('a list step with the URL written after its rows', () => {
  // Seconds each on a busy 2-core machine (PrimeReact tables in happy-dom).
  test('next page: the page and its rows show from the list itself; one request; the URL is handed over once the rows are in, and reads the same view back', { timeout: 30_000 }, async () => {
    deferringShell();
    let release = () => {};
    const hold: { next: Promise<void> | null } = { next: null };
    serve(hold);
    const loc = mount();
    await screen.findByText('Type 1');
    hold.next = new Promise<void>((r) => (release = r));
    fireEvent.click(document.querySelector('.p-paginator-next')!);
    await waitFor(() => expect(asked.map((a) => a.to)).toEqual(['/feedback/type?pageNum=2']));
    expect(loc.history).toEqual(['/feedback/type']);
    await act(async () => {});
    expect(asked[0].settled).toBe(false);
    act(() => release());
    await screen.findByText('Type 11');
    expect(highlighted()).toBe('2');
    await waitFor(() => expect(asked[0].settled).toBe(true));
    // The shell writes it: the list reads the same view from the URL (no second request).
    hold.next = null;
    act(() => loc.navigate('/feedback/type?pageNum=2'));
    expect(screen.getByText('Type 11')).toBeTruthy();
    expect(lists()).toEqual([{ pageNum: 1, pageSize: 10 }, { pageNum: 2, pageSize: 10 }]);
    // The next step starts from the written view.
    fireEvent.click(document.querySelector('.p-paginator-next')!);
    await screen.findByText('Type 21');
    expect(asked.map((a) => a.to)).toEqual(['/feedback/type?pageNum=2', '/feedback/type?pageNum=3']);
  });

  test('a view arriving from the URL before the write (a link) wins over the pending one; back before the write shows the URL view again', { timeout: 30_000 }, async () => {
    deferringShell();
    serve();
    const loc = mount();
    await screen.findByText('Type 1');
    fireEvent.click(document.querySelector('.p-paginator-next')!);
    await screen.findByText('Type 11');
    expect(loc.history).toEqual(['/feedback/type']);
    // A link to the same list, filtered: its view is shown, not the pending page.
    act(() => loc.navigate('/feedback/type?typeName=Type+5'));
    await screen.findByText('Type 5');
    await waitFor(() => expect(screen.queryByText('Type 11')).toBeNull());
    expect((screen.getByPlaceholderText('Type name') as HTMLInputElement).value).toBe('Type 5');

    // A step, then the browser moves back by itself before the write: the URL's view again.
    fireEvent.change(screen.getByPlaceholderText('Type name'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('crud-search-submit'));
    await screen.findByText('Type 10');
    expect(asked.at(-1)!.to).toBe('/feedback/type');
    act(() => asked.at(-1)!.dropped!());
    await screen.findByText('Type 5');
    expect(screen.queryByText('Type 10')).toBeNull();
  });
});

describe('a filter of non-ASCII text, reset before its URL was written (CI)', () => {
  // wouter hands a list its query decoded (`?typeName=类型`) while the list writes it encoded
  // (`?typeName=%E7%B1%BB…`): the two spellings of one view must read as the same view.
  test('the shell writes the filter first, then the list shows every row again and hands over its own URL', { timeout: 30_000 }, async () => {
    const rowsShown = () => document.querySelectorAll('[data-testid=crud-table] tbody tr:not(.p-datatable-emptymessage)').length;
    serve();
    const loc = mount();
    // As the shell does: a URL still pending is written before the next one is taken.
    configureCrud({
      writeUrlLater: (to, opts) => {
        const before = asked.find((a) => !a.written);
        if (before) {
          before.written = true;
          loc.navigate(before.to);
        }
        const a: Asked = { to, dropped: opts?.dropped, settled: false };
        void opts?.when?.then(() => (a.settled = true));
        asked.push(a);
      },
    });
    await screen.findByText('Type 1');
    fireEvent.change(screen.getByPlaceholderText('Type name'), { target: { value: '类型 1' } });
    fireEvent.click(screen.getByTestId('crud-search-submit'));
    await waitFor(() => expect(rowsShown()).toBe(0));
    expect(asked.map((a) => a.to)).toEqual([`/feedback/type?typeName=${encodeURIComponent('类型 1').replace('%20', '+')}`]);
    expect(loc.history).toEqual(['/feedback/type']);

    fireEvent.click(screen.getByTestId('crud-search-reset'));
    // The filter's URL was written first, then the reset's view was shown and handed over.
    expect(loc.history).toEqual(['/feedback/type', asked[0].to]);
    await screen.findByText('Type 1');
    expect(rowsShown()).toBe(10);
    expect((screen.getByPlaceholderText('Type name') as HTMLInputElement).value).toBe('');
    expect(asked.at(-1)!.to).toBe('/feedback/type');
    await waitFor(() => expect(asked.at(-1)!.settled).toBe(true));
  });
});

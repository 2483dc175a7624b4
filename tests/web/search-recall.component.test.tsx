import { beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { mockApi, render } from './component/setup';
import { SearchModal } from '../../web/app/search/SearchModal';
import { closeSearch, openSearch } from '../../web/app/search/search-store';
import { RECENT_QUERIES, RECENT_RECORDS, withQuery, withRecord, EMPTY_RECALL, type RecentRecord } from '../../web/app/search/search-recall';

/**
 * The palette recalls: the empty box lists the account's recently opened records and recent
 * searches, newest first; a recent record opens again, a recent search fills the box; another
 * account on the same browser sees none of them; Clear forgets them.
 */

const session = vi.hoisted(() => ({ userId: 7 }));
vi.mock('../../web/services/session', () => ({
  useSession: () => ({
    userInfo: { userId: session.userId, username: 'op', nickName: 'op', roles: [], btnPermission: [] },
    menus: [
      { path: '/member/index', name: 'MemberIndex', meta: { title: 'Members', literalTitle: true } },
      { path: '/order/index', name: 'OrderIndex', meta: { title: 'Orders', literalTitle: true } },
    ],
  }),
}));

async function openPalette() {
  act(() => openSearch());
  return screen.findByTestId('search-input');
}

beforeEach(() => {
  localStorage.clear();
  session.userId = 7;
  mockApi('/v1/member/list', () => ({ list: [], total: 0 }));
  mockApi('/v1/order/list', (body) => {
    const k = String((body as { keyword?: string }).keyword ?? '');
    return { list: 'O202612040001'.includes(k) ? [{ id: 41, orderNo: 'O202612040001', memberNickName: 'Ann', payAmount: 1200 }] : [], total: 1 };
  });
});

describe('the palette recalls recent records and searches', () => {
  test('an opened record and its search are offered in the empty box; Enter opens the record again; a search fills the box', async () => {
    render(<SearchModal />);
    let input = await openPalette();
    expect(screen.queryByTestId('search-recent')).toBeNull();
    fireEvent.change(input, { target: { value: 'O2026120400' } });
    fireEvent.click(await screen.findByTestId('search-record'));
    expect(screen.queryByTestId('search-input')).toBeNull();
    expect(location.pathname).toBe('/order/detail');

    input = await openPalette();
    const recent = await screen.findByTestId('search-recent');
    const record = within(recent).getByTestId('search-recent-record');
    expect(record.textContent).toContain('O202612040001');
    expect(record.textContent).toContain('Ann');
    expect(within(recent).getByTestId('search-recent-query').textContent).toBe('O2026120400');
    // The first row is highlighted: Enter opens the record.
    history.pushState(null, '', '/home');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(location.pathname).toBe('/order/detail');

    await openPalette();
    fireEvent.click(within(await screen.findByTestId('search-recent')).getByTestId('search-recent-query'));
    expect((screen.getByTestId('search-input') as HTMLInputElement).value).toBe('O2026120400');
    expect(await screen.findByTestId('search-record')).toBeTruthy();
    act(() => closeSearch());
  });

  test("another account on the same browser sees none of them, and Clear forgets the account's", async () => {
    render(<SearchModal />);
    const input = await openPalette();
    fireEvent.change(input, { target: { value: 'O2026120400' } });
    fireEvent.click(await screen.findByTestId('search-record'));

    session.userId = 8;
    await openPalette();
    expect(screen.queryByTestId('search-recent')).toBeNull();
    act(() => closeSearch());

    session.userId = 7;
    await openPalette();
    fireEvent.click(await screen.findByTestId('search-recent-clear'));
    expect(screen.queryByTestId('search-recent')).toBeNull();
    act(() => closeSearch());
    await openPalette();
    expect(screen.queryByTestId('search-recent')).toBeNull();
    act(() => closeSearch());
  });
});

describe('what is kept', () => {
  const rec = (id: number): RecentRecord => ({ kind: 'order', id, label: `O${id}`, detail: '', target: { path: '/order/detail' } });

  test('searches: newest first, a repeat moves to the front whatever its case, blank and very long texts are not kept, at most RECENT_QUERIES', () => {
    let r = EMPTY_RECALL;
    for (const q of ['abc', 'def', ' ', 'x'.repeat(65), 'ABC ']) r = withQuery(r, q);
    expect(r.queries).toEqual(['ABC', 'def']);
    for (let i = 0; i < 10; i++) r = withQuery(r, `q${i}`);
    expect(r.queries).toHaveLength(RECENT_QUERIES);
    expect(r.queries[0]).toBe('q9');
  });

  test('records: newest first, the same record once, at most RECENT_RECORDS', () => {
    let r = EMPTY_RECALL;
    for (const id of [1, 2, 1]) r = withRecord(r, rec(id));
    expect(r.records.map((x) => x.id)).toEqual([1, 2]);
    for (let i = 10; i < 20; i++) r = withRecord(r, rec(i));
    expect(r.records).toHaveLength(RECENT_RECORDS);
    expect(r.records[0].id).toBe(19);
  });
});

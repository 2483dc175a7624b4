import { describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { calls, mockApi, render } from './component/setup';
import { SearchModal } from '../../web/app/search/SearchModal';
import { closeSearch, openSearch } from '../../web/app/search/search-store';

/**
 * The search palette as an operator on the phone uses it: a phone number, typed or pasted with
 * spaces or the country code, finds the member it belongs to, shown first; what is typed right
 * after the palette opens, before its box is on the screen, is in the box.
 */

vi.mock('../../web/services/session', () => ({
  useSession: () => ({
    menus: [
      { path: '/member/index', name: 'MemberIndex', meta: { title: 'Members', literalTitle: true } },
      { path: '/order/index', name: 'OrderIndex', meta: { title: 'Orders', literalTitle: true } },
    ],
  }),
}));

const PHONE = '13829022852';
const keywords = (path: string) => calls.filter((c) => c.path === path).map((c) => (c.body as { keyword?: string }).keyword);

function answerLists() {
  mockApi('/v1/member/list', (body) => {
    const k = String((body as { keyword?: string }).keyword ?? '');
    return { list: PHONE.includes(k) ? [{ id: 2990, nickName: 'Ann', phone: PHONE }] : [], total: 1 };
  });
  // Orders whose contact phone is the member's: found too, shown after the member.
  mockApi('/v1/order/list', (body) => {
    const k = String((body as { keyword?: string }).keyword ?? '');
    return { list: PHONE.includes(k) ? [{ id: 9, orderNo: 'O202612010000994', memberNickName: 'Ann', payAmount: 5498 }] : [], total: 1 };
  });
}

async function openPalette() {
  render(<SearchModal />);
  act(() => openSearch());
  return screen.findByTestId('search-input');
}

describe('record search: a phone number finds its member', () => {
  test.each([PHONE, '138 2902 2852', '138-2902-2852', '+86 138 2902 2852'])('%s: the member is the first record, asked by the digits', async (typed) => {
    answerLists();
    const input = await openPalette();
    fireEvent.change(input, { target: { value: typed } });
    const records = await screen.findAllByTestId('search-record');
    expect(records.map((r) => r.dataset.kind)).toEqual(['member', 'order']);
    expect(records[0].textContent).toContain('Ann');
    expect(records[0].textContent).toContain(PHONE);
    expect(keywords('/v1/member/list')).toEqual([PHONE]);
    act(() => closeSearch());
  });

  test('part of a phone number (four digits or more) finds the member too', async () => {
    answerLists();
    const input = await openPalette();
    fireEvent.change(input, { target: { value: '2902 2852' } });
    const records = await screen.findAllByTestId('search-record');
    expect(records[0].dataset.kind).toBe('member');
    expect(keywords('/v1/member/list')).toEqual(['29022852']);
    act(() => closeSearch());
  });

  test('an order number is asked as typed and orders come first', async () => {
    mockApi('/v1/member/list', () => ({ list: [], total: 0 }));
    mockApi('/v1/order/list', () => ({ list: [{ id: 9, orderNo: 'O2026', memberNickName: 'Ann', payAmount: 100 }], total: 1 }));
    const input = await openPalette();
    fireEvent.change(input, { target: { value: 'O2026 ' } });
    const records = await screen.findAllByTestId('search-record');
    expect(records.map((r) => r.dataset.kind)).toEqual(['order']);
    expect(keywords('/v1/order/list')).toEqual(['O2026']);
    act(() => closeSearch());
  });
});

describe('record search: typed before the box is on the screen', () => {
  test('the characters typed between the opening and the box mounting are its text, and the box has the focus', async () => {
    answerLists();
    render(<SearchModal />);
    // The store opens at once; React draws the dialog later: the keystrokes land on the page meanwhile.
    openSearch();
    for (const key of ['1', '3', '8', 'x', 'Backspace', '2']) fireEvent.keyDown(document.body, { key });
    const input = (await screen.findByTestId('search-input')) as HTMLInputElement;
    expect(input.value).toBe('1382');
    await waitFor(() => expect(document.activeElement).toBe(input));
    act(() => closeSearch());
  });
});

import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { member, walletRecord } from '../../server/contract/member';
import { defineResource, FieldInput, fieldSpec } from '../../web/crud';
import { mockApi, render } from './component/setup';

/**
 * The shared remote picker (kind `remote`) as an operator uses it: type, choose a match, go on. A
 * search PrimeReact still had pending from the typing (its 200 ms delay outlives a quick choice)
 * must not reopen the matches over the next field (the coupon exchange's picker once did, now and then).
 */
const res = defineResource({ entity: walletRecord, permission: 'WalletRecord', columns: ['id'], fields: { memberId: { kind: 'remote', refEntity: member } } });

function Picker({ onValue }: { onValue: (v: unknown) => void }) {
  const [v, setV] = useState<unknown>(null);
  return (
    <FieldInput
      spec={fieldSpec(res, 'memberId')}
      id="memberId"
      value={v}
      onChange={(x) => {
        setV(x);
        onValue(x);
      }}
    />
  );
}

afterEach(() => vi.useRealTimers());

describe('remote picker', () => {
  test('a choice made while a typed search is pending stays chosen and the matches stay closed', async () => {
    const asked: string[] = [];
    mockApi('/v1/member/list', (body) => {
      const k = String((body as { keyword?: string }).keyword ?? '');
      asked.push(k);
      return { list: [{ id: 7, nickName: 'Alice' }, { id: 8, nickName: 'Alina' }].filter((m) => m.nickName.toLowerCase().startsWith(k.toLowerCase())), total: 2 };
    });
    const chosen: unknown[] = [];
    render(<Picker onValue={(x) => chosen.push(x)} />);
    const input = document.getElementById('memberId') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Al' } });
    expect(await screen.findByText('Alice')).toBeTruthy();
    // Typed on, and chose from the matches still shown before the delay ran out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(input, { target: { value: 'Ali' } });
    fireEvent.click(screen.getByText('Alice'));
    expect(chosen).toEqual([7]);
    expect(input.value).toBe('Alice');
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    vi.useRealTimers();
    // Whatever the pending search would start (a request, its answer, the list drawn) settles here.
    for (let i = 0; i < 5; i++) await act(() => Promise.resolve());
    // The stale search for 'Ali' was dropped: no request, no list over the form.
    expect(asked).toEqual(['Al']);
    expect(screen.queryByText('Alina')).toBeNull();
    expect(input.value).toBe('Alice');
  });
});

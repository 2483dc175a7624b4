import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { coupon } from '../../server/contract/goods';
import { ResourceForm, defineResource } from '../../web/crud';
import { calls, mockApi, render } from './component/setup';

/**
 * A save refused as stale (envelope code 409 with `conflict`, contract `VERSION_RULE`): the form
 * sends the version it loaded, then shows their value beside the person's for each field that
 * differs, drawn as the kit's cells (money, enums), and each of keep mine, take theirs and reload
 * does what it says.
 */
const res = defineResource({ entity: coupon, permission: 'GoodsCoupon', columns: ['id', 'couponName'], form: { mode: 'dialog', fields: ['couponName', 'couponType', 'amount', 'startTime'] } });
const loaded = { id: 7, couponName: 'Spring sale', couponType: 1, amount: 500, startTime: '2026-11-01 00:00:00', total: 100, endTime: '2026-12-01 00:00:00', status: 1, createTime: '2026-10-01 09:00:00', updateTime: '2026-11-20 10:00:00' };
const theirs = { ...loaded, couponName: 'Winter sale', couponType: 2, amount: 800, updateTime: '2026-11-20 10:05:00' };
const stale = () => {
  throw { code: 409, message: 'coupon 7 was changed by 运营专员 operator at 2026-11-20 10:05:00', extra: { conflict: { entity: 'coupon', id: 7, version: theirs.updateTime, by: '运营专员 operator', at: theirs.updateTime, record: theirs } } };
};
const updates = () => calls.filter((c) => c.path === '/v1/coupon/update').map((c) => c.body);
const nameInput = () => screen.getByRole('textbox', { name: /Coupon name|couponName/ }) as HTMLInputElement;

/** Edits the name, saves, and waits for the compare dialog. */
async function saveStale() {
  mockApi('/v1/coupon/update', stale);
  render(<ResourceForm resource={res} record={loaded} visible onHide={() => {}} onSaved={() => {}} />);
  fireEvent.change(nameInput(), { target: { value: 'My sale' } });
  fireEvent.click(screen.getByTestId('crud-form-save'));
  return screen.findByTestId('conflict-dialog');
}

describe('a stale save shows their values beside mine', () => {
  test('the save carries the loaded version; the dialog names who and when and shows two values per differing field', async () => {
    const dialog = await saveStale();
    expect(updates()[0]).toEqual({ id: 7, couponName: 'My sale', updateTime: '2026-11-20 10:00:00' });
    expect(within(dialog).getByRole('status').textContent).toBe('运营专员 operator changed this record at 2026-11-20 10:05:00. Your change was not saved.');
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-field'))).toEqual(['couponName', 'couponType', 'amount']);
    const side = (field: string, s: string) => dialog.querySelector(`tr[data-field="${field}"] td[data-side="${s}"]`)!.textContent;
    expect([side('couponName', 'theirs'), side('couponName', 'mine')]).toEqual(['Winter sale', 'My sale']);
    expect([side('amount', 'theirs'), side('amount', 'mine')]).toEqual(['¥8.00', '¥5.00']);
    expect([side('couponType', 'theirs'), side('couponType', 'mine')]).toEqual(['Discount', 'Spend-and-save']);
  });

  test('keep mine saves my change again on their version', async () => {
    await saveStale();
    let saved: unknown;
    mockApi('/v1/coupon/update', (b) => (saved = { ...theirs, ...(b as object) }));
    fireEvent.click(screen.getByTestId('conflict-keep-mine'));
    await waitFor(() => expect(saved).toBeDefined());
    expect(updates()[1]).toEqual({ id: 7, couponName: 'My sale', updateTime: theirs.updateTime });
    await waitFor(() => expect(screen.queryByTestId('conflict-dialog')).toBeNull());
  });

  test('take theirs fills the form with their values and the next save is made on their version', async () => {
    await saveStale();
    fireEvent.click(screen.getByTestId('conflict-take-theirs'));
    await waitFor(() => expect(nameInput().value).toBe('Winter sale'));
    await waitFor(() => expect(screen.queryByTestId('conflict-dialog')).toBeNull());
    mockApi('/v1/coupon/update', (b) => ({ ...theirs, ...(b as object) }));
    fireEvent.change(nameInput(), { target: { value: 'Winter sale 2' } });
    fireEvent.click(screen.getByTestId('crud-form-save'));
    await waitFor(() => expect(updates()[1]).toEqual({ id: 7, couponName: 'Winter sale 2', updateTime: theirs.updateTime }));
  });

  test('reload reads the record again and starts over from it', async () => {
    await saveStale();
    const now = { ...theirs, couponName: 'Newest sale', updateTime: '2026-11-20 10:09:00' };
    mockApi('/v1/coupon/info', () => now);
    fireEvent.click(screen.getByTestId('conflict-reload'));
    await waitFor(() => expect(nameInput().value).toBe('Newest sale'));
    await waitFor(() => expect(screen.queryByTestId('conflict-dialog')).toBeNull());
    mockApi('/v1/coupon/update', (b) => ({ ...now, ...(b as object) }));
    fireEvent.change(nameInput(), { target: { value: 'Mine again' } });
    fireEvent.click(screen.getByTestId('crud-form-save'));
    await waitFor(() => expect(updates()[1]).toEqual({ id: 7, couponName: 'Mine again', updateTime: now.updateTime }));
  });
});

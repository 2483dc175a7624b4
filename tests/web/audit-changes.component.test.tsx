import { afterEach, describe, expect, test } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import i18n from 'i18next';
import { AuditChangesTable, AuditHistory, auditChanges } from '../../web/crud';
import SystemAuditLogPage from '../../web/pages/system/auditLog.page';
import { mockApi, render } from './component/setup';

/**
 * An audit entry's changes read as the record's screens do: each field by its label (a dotted
 * `order.remark` too), each value readable — an enum by its label, money in yuan, a nested
 * activity entry as labelled text — never `[object Object]`, JSON or a raw key; in the entry
 * dialog of /system/auditLog and in a record's history alike.
 */

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** What `order.remark` writes: the remark, and an activity entry appended to the order's log. */
const ACTIVITY = { time: '2026-12-03 02:46:52', action: 'remark', actor: 'admin', note: 'called back' };
const REMARK_CHANGES = JSON.stringify({
  remark: ['', 'called back'],
  activity: [[{ time: '2026-12-01 10:00:00', action: 'risk', actor: 'ops', note: 'watch' }], [{ time: '2026-12-01 10:00:00', action: 'risk', actor: 'ops', note: 'watch' }, ACTIVITY]],
  'order.remark': ['old note', 'new note'],
  status: [1, 2],
  payAmount: [7800, 121300],
});

const entry = (changes: string, over: Record<string, unknown> = {}) => ({
  id: 7, createTime: '2026-12-03 02:46:52', userId: 1, username: 'admin', roles: 'super', ip: '127.0.0.1', operation: 'order.remark', area: 'order', entity: 'order',
  targetIds: '1,O202605060000246', outcome: 1, code: 200, status: 200, message: '', servedBy: 'mock', fields: JSON.stringify({ id: 1, remark: 'called back' }), changes, hash: 'ab'.repeat(32), ...over,
});

const rowOf = (table: HTMLElement, label: string) => within(table).getAllByRole('row').find((r) => r.querySelector('th')?.textContent === label) as HTMLElement;
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('the changes table', () => {
  test('labels, a dotted key, a nested activity entry, an enum and money', () => {
    render(<AuditChangesTable entity="order" changes={auditChanges(REMARK_CHANGES)} />);
    const table = screen.getByTestId('audit-changes');
    expect(table.textContent).not.toMatch(/\[object Object\]|order\.remark|activity|[{}"]/);
    expect(cells(rowOf(table, 'Remark'))).toEqual(['—', 'called back']);
    // The dotted key names the order's own field: its label, its values.
    const dotted = within(table).getAllByRole('row').filter((r) => r.querySelector('th')?.textContent === 'Remark');
    expect(dotted.map(cells)).toEqual([['—', 'called back'], ['old note', 'new note']]);
    // Only the appended entry, each of its keys by label, its action by the order screen's word.
    const activity = rowOf(table, 'Activity');
    expect(cells(activity)[0]).toBe('—1 unchanged');
    expect(cells(activity)[1]).toBe('Time: 2026-12-03 02:46:52Action: RemarkBy: adminNote: called back1 unchanged');
    expect(cells(rowOf(table, 'Status'))).toEqual(['Awaiting delivery', 'Delivered']);
    expect(cells(rowOf(table, 'Paid'))).toEqual([expect.stringMatching(/78\.00/), expect.stringMatching(/1,213\.00/)]);
  });

  test('a dotted key of another entity says whose field it is; zh_CN labels', async () => {
    await i18n.changeLanguage('zh_CN');
    render(<AuditChangesTable entity="refund" changes={auditChanges({ 'order.remark': ['', '电话回访'], lines: [null, [{ itemId: 3, quantity: 2 }]] })} />);
    const table = screen.getByTestId('audit-changes');
    expect(cells(rowOf(table, '订单列表 › 备注'))).toEqual(['—', '电话回访']);
    expect(cells(rowOf(table, '退款明细'))).toEqual(['—', '订单明细： 3数量： 2']);
    expect(table.textContent).not.toMatch(/\[object Object\]|order\.remark|itemId|quantity/);
  });
});

describe('the audit log entry', () => {
  test('opens with the operation by its label and every change by label and value', async () => {
    mockApi('/console/auditLog/list', () => ({ list: [entry(REMARK_CHANGES)], total: 1 }));
    const loc = memoryLocation({ path: '/system/auditLog', record: true });
    render(
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <SystemAuditLogPage />
      </Router>,
    );
    const open = await screen.findByTestId('audit-open');
    expect(screen.getByTestId('crud-table').textContent).toContain('Order · remark');
    fireEvent.click(open);
    const dialog = await screen.findByTestId('audit-entry');
    expect(within(dialog).getByTestId('audit-operation').textContent).toBe('Order · remarkorder.remark');
    const table = within(dialog).getByTestId('audit-changes');
    expect(cells(rowOf(table, 'Activity'))[1]).toContain('Action: Remark');
    expect(table.textContent).not.toMatch(/\[object Object\]|order\.remark/);
    // The request's fields by label too.
    const fields = within(dialog).getByTestId('audit-fields');
    expect(fields.textContent).toContain('Remark');
    expect(fields.textContent).toContain('called back');
    expect(fields.textContent).not.toMatch(/[{}"]/);
  });
});

describe('a record history', () => {
  test('each entry: the operation by its label, each change as label: before → after', async () => {
    mockApi('/console/auditLog/list', () => ({ list: [entry(REMARK_CHANGES)], total: 1 }));
    render(<AuditHistory entity="order" id={1} />);
    const line = await screen.findByTestId('audit-history-entry');
    expect(within(line).getByTestId('audit-history-operation').textContent).toBe('Order · remark');
    const changes = within(line).getAllByTestId('audit-change').map((li) => li.textContent);
    expect(changes).toContain('Remark: — → called back');
    expect(changes).toContain('Activity: —1 unchanged → Time: 2026-12-03 02:46:52Action: RemarkBy: adminNote: called back1 unchanged');
    expect(line.textContent).not.toMatch(/\[object Object\]|order\.remark|[{}"]/);
  });
});

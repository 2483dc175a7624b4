import { afterEach, describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { AuditHistory } from '../../web/crud';
import { diffText } from '../../web/crud/text-diff';
import { calls, holdCodes, mockApi, notices, render } from './component/setup';

/**
 * A record's history with values and "Restore this version": each change of a goods record reads
 * as its screen's cells — money in yuan, an enum by its label, an image as a thumbnail, a rich text
 * as a word diff, a secret as not kept — and restoring asks first, showing each field now and
 * restored, then writes through the revert endpoint; a refusal stays in the dialog.
 */

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const CHANGES = {
  price: [1000, 2550],
  deliveryType: [1, 2],
  cover: ['/uploads/old.png', '/uploads/new.png'],
  description: ['<p>Fast delivery to every region</p>', '<p>Fast delivery to most regions, <b>today</b></p>'],
  remark: ['[redacted]', '[redacted]'],
};
const entry = (over: Record<string, unknown> = {}) => ({
  id: 41, createTime: '2026-12-03 10:00:00', userId: 2, username: 'operator', roles: 'operator', ip: '127.0.0.1', operation: 'goods.update', area: 'goods', entity: 'goods',
  targetIds: '12', outcome: 1, code: 200, status: 200, message: '', servedBy: 'mock', fields: JSON.stringify({ id: 12, price: 2550 }), changes: JSON.stringify(CHANGES), hash: 'ab'.repeat(32), ...over,
});
const PREVIEW = {
  entryId: 41, entity: 'goods', recordId: 12, version: '2026-12-03 10:00:00',
  changes: [{ field: 'price', now: 2550, restored: 1000 }, { field: 'deliveryType', now: 2, restored: 1 }, { field: 'description', now: '<p>Ships today</p>', restored: '<p>Ships tomorrow</p>' }],
  skipped: [{ field: 'remark', reason: 'secret' }],
  unknown: 0,
};

const changeLine = (line: HTMLElement, label: string) => within(line).getAllByTestId('audit-change').find((li) => li.textContent?.startsWith(`${label}:`)) as HTMLElement;

describe('the history of a goods record', () => {
  test('before → after as the record’s cells: money, enum, image, rich text as a word diff, a secret not kept', async () => {
    mockApi('/console/auditLog/list', () => ({ list: [entry()], total: 1 }));
    render(<AuditHistory entity="goods" id={12} permission="GoodsList" />);
    const line = await screen.findByTestId('audit-history-entry');
    expect(changeLine(line, 'Price').textContent).toMatch(/10\.00.*→.*25\.50/);
    expect(changeLine(line, 'Delivery').textContent).toBe('Delivery: Automatic code delivery → Manual delivery');
    const images = changeLine(line, 'Cover').querySelectorAll('img');
    expect([...images].map((i) => i.getAttribute('src'))).toEqual(['/uploads/old.png', '/uploads/new.png']);
    const rich = within(changeLine(line, 'Description')).getByTestId('audit-rich-diff');
    expect([...rich.querySelectorAll('del')].map((d) => d.textContent)).toEqual(['every', 'region']);
    expect([...rich.querySelectorAll('ins')].map((d) => d.textContent)).toEqual(['most', 'regions, today']);
    expect(rich.textContent).toBe('Fast delivery to everymost regionregions, today');
    expect(rich.textContent).not.toMatch(/<p>|<b>/);
    expect(changeLine(line, 'Remark').textContent).toBe('Remark: (secret, not kept) → (secret, not kept)');
  });

  test('a revert entry names the entry it restored the version before; no restore button without the update permission', async () => {
    holdCodes((c) => c !== 'GoodsList:update');
    mockApi('/console/auditLog/list', () => ({ list: [entry({ id: 42, fields: JSON.stringify({ id: 12, price: 1000, revertOf: 41 }) })], total: 1 }));
    render(<AuditHistory entity="goods" id={12} permission="GoodsList" />);
    const line = await screen.findByTestId('audit-history-entry');
    expect(within(line).getByTestId('audit-history-revert-of').textContent).toContain('#41');
    expect(within(line).queryByTestId('audit-history-restore')).toBeNull();
  });

  test('an Undo entry names the entry it set back', async () => {
    mockApi('/console/auditLog/list', () => ({ list: [entry({ id: 51, fields: JSON.stringify({ id: 12, status: 1, undoOf: 'goods.updateStatus:12', undoOfEntry: 50 }) })], total: 1 }));
    render(<AuditHistory entity="goods" id={12} permission="GoodsList" />);
    const line = await screen.findByTestId('audit-history-entry');
    expect(within(line).getByTestId('audit-history-undo-of').textContent).toBe(' undoes entry #50');
  });
});

describe('restore this version', () => {
  test('the confirm dialog shows each field now and restored, what is not restored, and the restore writes the version it was shown', async () => {
    mockApi('/console/auditLog/list', () => ({ list: [entry()], total: 1 }));
    mockApi('/console/auditLog/revertPreview', () => PREVIEW);
    mockApi('/console/auditLog/revert', () => ({ id: 12, price: 1000 }));
    render(<AuditHistory entity="goods" id={12} permission="GoodsList" />);
    fireEvent.click(await screen.findByTestId('audit-history-restore'));
    const dialog = await screen.findByTestId('revert-dialog');
    const table = await within(dialog).findByTestId('revert-changes');
    const price = table.querySelector('tr[data-field="price"]') as HTMLElement;
    expect([...price.querySelectorAll('td')].map((td) => td.textContent)).toEqual([expect.stringMatching(/25\.50/), expect.stringMatching(/10\.00/)]);
    expect(table.querySelector('tr[data-field="deliveryType"] th')?.textContent).toBe('Delivery');
    const description = table.querySelector('tr[data-field="description"]') as HTMLElement;
    expect([...description.querySelectorAll('del, ins')].map((x) => `${x.tagName}:${x.textContent}`)).toEqual(['DEL:today', 'INS:tomorrow']);
    expect(within(dialog).getByTestId('revert-skipped').textContent).toBe('Not restored: Remark (secret, not kept)');
    expect(dialog.textContent).toContain('before the change of 2026-12-03 10:00:00 by operator');
    expect(calls.some((c) => c.path === '/console/auditLog/revert')).toBe(false);

    fireEvent.click(within(dialog).getByTestId('revert-confirm'));
    await waitFor(() => expect(screen.queryByTestId('revert-dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/console/auditLog/revert')?.body).toEqual({ id: 41, recordId: 12, version: '2026-12-03 10:00:00' });
    expect(notices).toContain('Version restored');
  });

  test('a stale restore is refused inside the dialog with who and when, and the preview is read again', async () => {
    await i18n.changeLanguage('zh_CN');
    mockApi('/console/auditLog/list', () => ({ list: [entry()], total: 1 }));
    let previews = 0;
    mockApi('/console/auditLog/revertPreview', () => (previews++, PREVIEW));
    mockApi('/console/auditLog/revert', () => {
      throw { code: 409, message: '商品 12 已被 运营专员 operator 于 2026-12-03 10:05:00 修改，你的修改未保存：请比较后再保存', extra: { key: 'record.stale', conflict: { entity: 'goods', id: 12, version: '2026-12-03 10:05:00', by: 'operator', at: '2026-12-03 10:05:00', record: {} } } };
    });
    render(<AuditHistory entity="goods" id={12} permission="GoodsList" />);
    fireEvent.click(await screen.findByText('恢复此版本', { selector: 'button *, button' }));
    const dialog = await screen.findByTestId('revert-dialog');
    await within(dialog).findByTestId('revert-changes');
    fireEvent.click(within(dialog).getByTestId('revert-confirm'));
    const refusal = await within(dialog).findByTestId('revert-refusal');
    expect(refusal.textContent).toContain('运营专员 operator 于 2026-12-03 10:05:00');
    await waitFor(() => expect(previews).toBe(2));
    expect(screen.getByTestId('revert-dialog')).toBeTruthy();
  });
});

describe('the word diff', () => {
  test('Chinese text is compared character by character; unchanged text stays', () => {
    expect(diffText('发货很快', '发货较快')).toEqual([{ op: 'same', text: '发货' }, { op: 'del', text: '很' }, { op: 'ins', text: '较' }, { op: 'same', text: '快' }]);
    expect(diffText('same', 'same')).toEqual([{ op: 'same', text: 'same' }]);
  });
});

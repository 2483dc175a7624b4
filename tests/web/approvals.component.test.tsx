import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api } from '../../web/api/client';
import { ApprovalDecisionDialog } from '../../web/pages/system/approvals.page';
import { ApprovalReasonPrompt } from '../../web/app/layout/approvals';
import { RefundHarness } from './component/refund-harness';
import { calls, mockApi, notices, render } from './component/setup';

vi.mock('../../web/services/permission', () => ({ usePermission: () => ({ mode: 'route', codes: [], has: () => true }) }));

type Row = Record<string, unknown>;

/*
 * Four eyes in the client: a write the server keeps for a second person (envelope code 202
 * `approval.sent`) is told as "sent for approval", never as done, and its dialog closes; a call that
 * needs a reason asks for one and goes again with it; the approver's dialog asks to confirm again
 * when the record changed since the request.
 */

const SENT = { code: 202, message: 'Sent for approval (#5); it runs once another user with the approver permission approves it', extra: { key: 'approval.sent', field: null, params: { id: 5 } } };

const order: Row = { id: 7, orderNo: 'O2026120200007', memberNickName: 'Lin', status: 2, totalAmount: 350000, payAmount: 350000 };
const items: Row[] = [{ id: 71, orderId: 7, goodsName: 'Point card 1000', price: 350000, quantity: 1, amount: 350000, deliveryStatus: 1, cardIds: [1], cardAccountIds: [] }];

describe('sent for approval', () => {
  test("an operator's large refund: the dialog closes and says it was sent for approval, not that it was done", async () => {
    mockApi('/v1/order/detail', () => ({ order, items, refunds: [], payments: [] }));
    mockApi('/v1/order/refund', () => {
      throw SENT;
    });
    render(<RefundHarness row={order} />);
    fireEvent.click(screen.getByText('refund'));
    await screen.findByTestId('refund-line-71');
    fireEvent.click(screen.getByTestId('refund-line-pick-71').querySelector('input') as HTMLInputElement);
    fireEvent.change(document.getElementById('action-reason')!, { target: { value: 'customer complaint' } });
    fireEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/v1/order/refund')).toHaveLength(1);
    expect(notices).toEqual([SENT.message]);
  });

  test('a call without a reason asks for one and goes again with it; closing the prompt sends nothing more', async () => {
    const reasons: (string | null)[] = [];
    mockApi('/v1/walletRecord/recharge', (_b, init) => {
      const h = new Headers(init.headers);
      const r = h.get('x-approval-reason');
      reasons.push(r === null ? null : decodeURIComponent(r));
      if (r === null) throw { code: 400, message: 'this action needs an approval: give a reason for the approver', extra: { key: 'approval.reasonRequired', field: 'approvalReason', params: {} } };
      throw SENT;
    });
    let outcome: unknown = null;
    render(
      <>
        <ApprovalReasonPrompt />
        <button type="button" onClick={() => void api.walletRecord.recharge({ memberId: 3, amount: 500000, channel: 1 }).catch((e: unknown) => (outcome = e))}>
          recharge
        </button>
      </>,
    );
    fireEvent.click(screen.getByText('recharge'));
    await screen.findByTestId('approval-reason');
    expect(screen.getByTestId('approval-reason').textContent).toContain('give a reason for the approver');
    fireEvent.change(document.getElementById('action-reason')!, { target: { value: 'offline transfer, receipt 118' } });
    fireEvent.click(screen.getByTestId('approval-reason-submit'));
    await waitFor(() => expect(reasons).toEqual([null, 'offline transfer, receipt 118']));
    await waitFor(() => expect((outcome as { kind?: string } | null)?.kind).toBe('approval'));
    expect(notices).toEqual([SENT.message]);
    await waitFor(() => expect(screen.queryByTestId('approval-reason')).toBeNull());

    // Asked again and closed: the call is given up.
    reasons.length = 0;
    outcome = null;
    fireEvent.click(screen.getByText('recharge'));
    await screen.findByTestId('approval-reason');
    fireEvent.click(screen.getByTestId('action-cancel'));
    await waitFor(() => expect((outcome as { kind?: string } | null)?.kind).toBe('canceled'));
    expect(reasons).toEqual([null]);
  });
});

describe("the approver's dialog", () => {
  const row: Row = { id: 9, operation: 'walletRecord.recharge', requesterName: 'operator', requesterRoles: 'operator', reason: 'offline transfer', thresholdKind: 'walletCents', measure: 500000, threshold: 100000, payload: '{"memberId":3,"amount":500000}', status: 0, mine: false };

  test('a changed record is refused beside "confirm"; ticked, the approval goes again and is done', async () => {
    const sent: Row[] = [];
    mockApi('/console/approval/approve', (b) => {
      sent.push(b as Row);
      if (!(b as Row).confirm) throw { code: 409, message: 'the record changed since the request (balance, updateTime); check it and confirm to approve', extra: { key: 'approval.changed', field: 'confirm', params: { fields: 'balance, updateTime' } } };
      return { ...row, status: 1, deciderName: 'admin' };
    });
    const onDone = vi.fn();
    render(<ApprovalDecisionDialog row={row} onHide={() => {}} onDone={onDone} />);
    expect(screen.getByTestId('approval-summary').textContent).toContain('¥5,000.00');
    fireEvent.change(document.getElementById('action-reason')!, { target: { value: 'receipt checked' } });
    fireEvent.click(screen.getByTestId('approval-decide-submit'));
    expect((await screen.findByTestId('action-field-error')).textContent).toContain('the record changed since the request');
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(document.getElementById('action-confirm')!);
    fireEvent.click(screen.getByTestId('approval-decide-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ id: 9, reason: 'receipt checked' }, { id: 9, reason: 'receipt checked', confirm: true }]);
  });
});

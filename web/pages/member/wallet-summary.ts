import { http } from '../../api/http';
import { readQuery } from '../../api/query';

/** `walletRecord.summary`: one member's running wallet figures, in cents (balance, pending withdrawals) and points. */
export interface WalletSummary {
  memberId: number;
  balance: number;
  points: number;
  pendingWithdraw: number;
}

/**
 * The query of one member's wallet summary, keyed `['walletRecord', 'summary', {memberId}]`: another
 * member is another entry (never the previous member's figures), and any wallet write drops it.
 */
export function walletSummaryQuery(memberId: number | null) {
  return {
    ...readQuery('walletRecord', 'summary', { memberId }, ({ signal }) => http.post<WalletSummary>('/v1/walletRecord/summary', { memberId }, { signal, ignoreCancel: true })),
    enabled: memberId !== null,
  };
}

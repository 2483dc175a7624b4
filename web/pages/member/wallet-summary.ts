import { api } from '../../api/client';
import { readQuery } from '../../api/query';

/**
 * The query of one member's wallet summary, keyed `['walletRecord', 'summary', {memberId}]`: another
 * member is another entry (never the previous member's figures), and any wallet write drops it.
 */
export function walletSummaryQuery(memberId: number | null) {
  return {
    ...readQuery('walletRecord', 'summary', { memberId }, ({ signal }) => api.walletRecord.summary({ memberId: memberId! }, { signal, ignoreCancel: true })),
    enabled: memberId !== null,
  };
}

import { member, walletRecord } from '../../../server/contract/member';
import { defineResource } from '../../crud';

/** /member/wallet: the ledger of wallet movements; written by recharge, exchange, withdraw and refunds only. */
export default defineResource({
  entity: walletRecord,
  permission: 'MemberWallet',
  columns: ['tradeNo', 'memberId', 'recordType', 'amount', 'balanceAfter', 'points', 'channel', 'account', 'status', 'auditAdmin', 'remark', 'createTime'],
  filters: ['memberId', 'recordType', 'status', 'channel', 'amount', 'createTime'],
  fields: { memberId: { kind: 'remote', refEntity: member, width: 90 }, tradeNo: { width: 190 }, createTime: { width: 170 }, recordType: { width: 110 }, channel: { width: 110 }, status: { width: 90 } },
});

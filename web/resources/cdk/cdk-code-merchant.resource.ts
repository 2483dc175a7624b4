import { cdkCode } from '../../../server/contract/cdk';
import { member } from '../../../server/contract/member';
import { defineResource } from '../../crud';

/**
 * The codes of one distributor (master-detail): `merchantId` is the page's permanent filter (the kit's
 * `permanentFilter`: always sent, never shown), the owner id kept in the URL and the stored key. Buttons follow the master screen's permission (hidden routes carry no button codes).
 */
export default defineResource({
  entity: cdkCode,
  permission: 'CdkMerchant',
  // Members' personal data or codes: the operator's name and the time over the list.
  watermark: true,
  columns: ['id', 'code', 'batchNo', 'goodsId', 'faceValue', 'status', 'usedMemberId', 'usedTime', 'expireTime', 'createTime'],
  filters: ['code', 'batchNo', 'goodsId', 'status', 'usedTime', 'createTime'],
  fields: { id: { width: 80 }, status: { kind: 'enum', width: 100 }, usedMemberId: { kind: 'remote', refEntity: member, width: 120 }, expireTime: { width: 170 }, createTime: { width: 170 }, usedTime: { width: 170 } },
  actions: { status: false },
});

import { merchant } from '../../../server/contract/merchant';
import { defineResource } from '../../crud';

/** /merchant/index: merchants with the form modal (add/modify) and the accounts modal. */
export default defineResource({
  entity: merchant,
  permission: 'MerchantIndex',
  // Members' personal data or codes: the operator's name and the time over the list.
  watermark: true,
  columns: ['id', 'merchantName', 'contactName', 'phone', 'licenseNo', 'settleRate', 'balance', 'goodsCount', 'status', 'createTime'],
  filters: ['keyword', 'status', 'createTime'],
  form: { mode: 'dialog', columns: 2, fields: ['merchantName', 'contactName', 'phone', 'email', 'licenseNo', 'settleRate', 'status', 'address', 'remark'] },
  fields: { id: { width: 70 }, address: { wide: true }, createTime: { width: 170 } },
});

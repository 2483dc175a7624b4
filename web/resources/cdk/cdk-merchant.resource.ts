import { cdkMerchant } from '../../../server/contract/cdk';
import { defineResource } from '../../crud';

/** /cdk/merchant: distributors with their code quota and settle rate; each row opens its codes (/cdk/merchant/list). */
export default defineResource({
  entity: cdkMerchant,
  permission: 'CdkMerchant',
  columns: ['id', 'merchantName', 'contactName', 'contactPhone', 'quota', 'usedQuota', 'settleRate', 'status', 'createTime'],
  filters: ['keyword', 'status'],
  form: { mode: 'dialog', columns: 2, width: 720, fields: ['merchantName', 'contactName', 'contactPhone', 'quota', 'settleRate', 'status', 'remark'] },
  fields: { id: { width: 80 }, remark: { wide: true }, createTime: { width: 170 } },
});

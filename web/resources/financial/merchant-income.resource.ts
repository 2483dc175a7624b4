import { merchantIncome } from '../../../server/contract/financial';
import { defineResource } from '../../crud';

/** /financial/merchantIncome: daily settlement lines per merchant (read-only; settled through the settle action). */
export default defineResource({
  entity: merchantIncome,
  permission: 'FinancialMerchantIncome',
  columns: ['id', 'settleDate', 'merchantId', 'orderCount', 'orderAmount', 'commission', 'income', 'status', 'settleTime'],
  filters: ['keyword', 'merchantId', 'status', 'settleDate'],
  fields: { id: { width: 80 }, status: { kind: 'enum' }, settleTime: { width: 170 } },
});

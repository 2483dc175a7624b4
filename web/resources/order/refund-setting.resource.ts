import { refundSetting } from '../../../server/contract/order';
import { defineResource } from '../../crud';

/** /order/refundSet: refund rules per goods category (window in hours, auto-approve limit), a settings form per rule. */
export default defineResource({
  entity: refundSetting,
  permission: 'OrderRefundSet',
  columns: ['settingName', 'categoryId', 'allowRefund', 'refundWithinHours', 'autoApprove', 'autoApproveMaxAmount', 'requireUndelivered', 'status', 'remark'],
  filters: ['settingName', 'categoryId', 'status'],
  form: {
    mode: 'drawer',
    width: 560,
    fields: ['settingName', 'categoryId', 'allowRefund', 'refundWithinHours', 'autoApprove', 'autoApproveMaxAmount', 'requireUndelivered', 'status', 'remark'],
  },
});

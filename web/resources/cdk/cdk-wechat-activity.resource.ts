import { cdkWechatActivity } from '../../../server/contract/cdk';
import { defineResource } from '../../crud';

/** /cdk/wechat/activity: WeChat code-giveaway activities (date range, quota); each row opens its codes (/cdk/wechat/list). */
export default defineResource({
  entity: cdkWechatActivity,
  permission: 'CdkWechatActivity',
  columns: ['id', 'activityName', 'replyKeyword', 'startTime', 'endTime', 'totalCount', 'receivedCount', 'perMemberLimit', 'status'],
  filters: ['keyword', 'status', 'startTime'],
  form: { mode: 'dialog', columns: 2, width: 760, fields: ['activityName', 'appId', 'replyKeyword', 'perMemberLimit', 'startTime', 'endTime', 'totalCount', 'status', 'remark'] },
  fields: { id: { width: 80 }, status: { kind: 'enum' }, remark: { wide: true }, startTime: { width: 170 }, endTime: { width: 170 } },
});

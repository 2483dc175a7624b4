import { feedbackAward } from '../../../server/contract/feedback';
import { defineResource } from '../../crud';

/** /feedback/activity: award winners; they arrive by spreadsheet import, so there is no form. */
export default defineResource({
  entity: feedbackAward,
  permission: 'FeedbackActivity',
  columns: ['id', 'activityName', 'memberId', 'nickName', 'phone', 'awardName', 'awardLevel', 'status', 'remark', 'createTime'],
  filters: ['keyword', 'activityName', 'awardLevel', 'status', 'createTime'],
  // Members are too many for a picker (`large`): the id is shown and filtered as a number.
  fields: { id: { width: 80 }, memberId: { kind: 'int', link: false }, nickName: { link: { entity: 'member', by: 'memberId' } }, createTime: { width: 170 } },
});

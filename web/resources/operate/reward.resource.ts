import { reward } from '../../../server/contract/operate';
import { defineResource } from '../../crud';

/** /operate/reward: points, coupons, balance or gifts members claim, with quota and validity; the page adds the receive modal. */
export default defineResource({
  entity: reward,
  route: '/operate/reward',
  columns: ['id', 'rewardName', 'rewardType', 'value', 'couponId', 'total', 'perMemberLimit', 'receivedCount', 'startTime', 'endTime', 'status'],
  filters: ['rewardName', 'rewardType', 'status', 'startTime'],
  form: { mode: 'dialog', columns: 2, fields: ['rewardName', 'rewardType', 'value', 'couponId', 'total', 'perMemberLimit', 'startTime', 'endTime', 'status', 'remark'] },
  fields: { id: { width: 80 }, startTime: { width: 170 }, endTime: { width: 170 } },
});

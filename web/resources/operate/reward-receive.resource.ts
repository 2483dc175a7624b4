import { rewardReceive } from '../../../server/contract/operate';
import { defineResource } from '../../crud';

/** Who claimed a reward (the receive modal of /operate/reward); members are too many for a picker. */
export default defineResource({
  entity: rewardReceive,
  route: '/operate/reward',
  columns: ['id', 'memberId', 'nickName', 'rewardName', 'status', 'createTime'],
  filters: ['keyword', 'status', 'createTime'],
  fields: { id: { width: 80 }, memberId: { kind: 'int', width: 100, link: false }, nickName: { link: { entity: 'member', by: 'memberId' } }, rewardId: { kind: 'int' }, createTime: { width: 170 } },
  actions: { del: false, batchDel: false },
});

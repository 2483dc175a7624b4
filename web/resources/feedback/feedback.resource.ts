import { feedback } from '../../../server/contract/feedback';
import { defineResource } from '../../crud';

/** /feedback/index: members' feedback; replied through the page's reply dialog, never edited as a form. */
export default defineResource({
  entity: feedback,
  permission: 'FeedbackIndex',
  columns: ['id', 'nickName', 'typeId', 'content', 'images', 'source', 'contact', 'status', 'replyContent', 'createTime'],
  filters: ['keyword', 'typeId', 'status', 'source', 'createTime'],
  fields: {
    id: { width: 80 },
    // The member's name opens the member; screenshots open the viewer and stay on a narrow table.
    nickName: { link: { entity: 'member', by: 'memberId' } },
    images: { priority: 1 },
    status: { width: 100 },
    createTime: { width: 170 },
  },
});

import { feedbackWords } from '../../../server/contract/feedback';
import { defineResource } from '../../crud';

/** /feedback/words, second tab: words screened in feedback text, with a status switch. */
export default defineResource({
  entity: feedbackWords,
  permission: 'FeedbackWords',
  columns: ['id', 'word', 'wordType', 'replacement', 'hitCount', 'status', 'createTime'],
  filters: ['word', 'wordType', 'status'],
  form: { mode: 'dialog', fields: ['word', 'wordType', 'replacement', 'status'] },
  fields: { id: { width: 80 }, createTime: { width: 170 } },
});

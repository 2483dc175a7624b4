import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import type { MockStore } from '../store/store.js';
import { defineHooks } from './shared.js';

function recountReplies(store: MockStore, commentId: number) {
  const comment = store.get<AnyRow>('comment', commentId);
  if (!comment) return;
  let n = 0;
  for (const r of store.col('commentReply').values()) if (r.commentId === commentId) n++;
  store.col('comment').replace({ ...comment, replyCount: n });
}

/**
 * Social rules: replies added through the console are official (members reply in the shop, not
 * here); a comment's `replyCount` follows its replies; a comment is hidden only with a reason
 * (`comment.moderate`), and showing it again clears the reason.
 */
export const socialHooks = defineHooks({
  comment: {
    beforeUpdate: (old, patch) => {
      if (patch.status === 2 && old.status !== 2) throw new MockError('status', 'comment.hideViaModerate');
      if (patch.status !== undefined && patch.status !== 2) return { ...patch, hideReason: '' };
    },
  },
  commentReply: {
    beforeAdd: (row) => ({ ...row, replierType: 2, memberId: 0 }),
    afterAdd: (row, h) => recountReplies(h.store, row.commentId),
    afterDel: (rows, h) => new Set(rows.map((r) => r.commentId)).forEach((id) => recountReplies(h.store, id)),
    afterRestore: (rows, h) => new Set(rows.map((r) => r.commentId)).forEach((id) => recountReplies(h.store, id)),
  },
});

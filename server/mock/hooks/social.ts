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

/** Social rules: operators' replies are official; a comment's `replyCount` follows its replies. */
export const socialHooks = defineHooks({
  commentReply: {
    beforeAdd: (row) => ({ ...row, memberId: row.replierType === 2 ? 0 : row.memberId }),
    afterAdd: (row, h) => recountReplies(h.store, row.commentId),
    afterDel: (rows, h) => new Set(rows.map((r) => r.commentId)).forEach((id) => recountReplies(h.store, id)),
  },
});

import { MockError } from '../store/crud.js';
import { defineHooks } from './shared.js';

/**
 * Feedback rules (spec §7 feedback rows). A feedback type still used by feedback or reply templates
 * cannot be deleted: the generic `restrict` reference rule refuses it and names who uses it.
 * A feedback can be marked replied only through `/v1/feedback/replay`, which records the reply.
 */
export const feedbackHooks = defineHooks({
  feedback: {
    beforeUpdate(old, patch) {
      if (patch.status === 1 && old.status !== 1 && !old.replyContent && !patch.replyContent) throw new MockError('status', 'feedback.replyFirst');
    },
  },
});

import { hashPasswordAsync } from '../accounts.js';
import type { TypedHandlers } from '../routes/actions.js';
import { newPassword } from './support/password.js';

/**
 * Merchant actions (spec §2 /merchant/index accounts modal): reset a login account's password. The
 * new password is answered once; the store keeps only its hash, so it can never be read again.
 */
export const merchantHandlers = {
  'merchantAccount.resetPassword': async ({ ctx, body }) => {
    ctx.crud.find('merchantAccount', body.id);
    const password = newPassword();
    // Hashed in the thread pool; the record is read again once it is done (it may have changed meanwhile).
    const hash = await hashPasswordAsync(password);
    const a = ctx.crud.find('merchantAccount', body.id);
    ctx.store.col('merchantAccount').replace({ ...a, password: hash, updateTime: ctx.crud.now() });
    return { id: a.id, username: a.username, password };
  },
} satisfies TypedHandlers;

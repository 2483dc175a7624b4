import { randomInt } from 'node:crypto';
import { hashPassword } from '../accounts.js';
import type { ActionHandlers } from '../routes/actions.js';

/** Letters and digits that cannot be misread (no 0/O, 1/l/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random password of `n` characters with at least one letter and one digit. */
export function newPassword(n = 10): string {
  for (;;) {
    let p = '';
    for (let i = 0; i < n; i++) p += ALPHABET[randomInt(ALPHABET.length)];
    if (/\d/.test(p) && /[A-Za-z]/.test(p)) return p;
  }
}

/**
 * Merchant actions (spec §2 /merchant/index accounts modal): reset a login account's password. The
 * new password is answered once; the store keeps only its hash, so it can never be read again.
 */
export const merchantHandlers: ActionHandlers = {
  'merchantAccount.resetPassword': ({ ctx, body }) => {
    const a = ctx.crud.find('merchantAccount', body.id);
    const password = newPassword();
    ctx.store.col('merchantAccount').replace({ ...a, password: hashPassword(password), updateTime: ctx.crud.now() });
    return { id: a.id, username: a.username, password };
  },
};

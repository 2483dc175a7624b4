import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be misread (no 0/O/o, 1/l/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random password of `n` characters with at least one letter and one digit (the password rule of the contract). */
export function newPassword(n = 10): string {
  for (;;) {
    let p = '';
    for (let i = 0; i < n; i++) p += ALPHABET[randomInt(ALPHABET.length)];
    if (/\d/.test(p) && /[A-Za-z]/.test(p)) return p;
  }
}

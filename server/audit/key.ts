import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The audit chain's HMAC key (server/audit/entries.ts keys every entry's hash with it): `AUDIT_KEY`
 * when set (its UTF-8 bytes); else the key file (`AUDIT_KEY_FILE`, default `audit.key` beside the
 * trail's SQLite file), made at first start with 32 random bytes as hex, mode 0600, and read at later
 * starts; a trail in memory (no file) gets a key of its own per process. The key lives outside the
 * database, so an editor of the database alone cannot re-hash the chain.
 * @throws Error when the key file cannot be read or made, or holds fewer than 32 characters.
 */
export function auditKeyOf(config: { auditKey: string | null; auditKeyFile: string | null }, warn: (msg: string) => void = () => undefined): Buffer {
  if (config.auditKey) return Buffer.from(config.auditKey, 'utf8');
  const file = config.auditKeyFile;
  if (!file) return randomBytes(32);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`audit trail: the key file ${file} cannot be read (${(e as Error).message})`, { cause: e });
    fs.mkdirSync(path.dirname(file), { recursive: true });
    text = randomBytes(32).toString('hex');
    try {
      // `wx`: two consoles starting at once never overwrite each other's key; the loser reads the winner's.
      fs.writeFileSync(file, `${text}\n`, { mode: 0o600, flag: 'wx' });
    } catch (w) {
      if ((w as NodeJS.ErrnoException).code !== 'EEXIST') throw new Error(`audit trail: the key file ${file} cannot be written (${(w as Error).message})`, { cause: w });
      text = fs.readFileSync(file, 'utf8').trim();
    }
  }
  if (text.length < 32) throw new Error(`audit trail: the key file ${file} holds fewer than 32 characters`);
  try {
    if ((fs.statSync(file).mode & 0o077) !== 0) warn(`audit trail: the key file ${file} is readable by others than its owner (chmod 600 it)`);
  } catch {
    // A key that was read is used even when its mode cannot be read.
  }
  return Buffer.from(text, 'utf8');
}

import type { Migration } from '../console-db/index.js';
import type { SqlDriver } from '../console-db/driver.js';
import { wallClock } from '../audit/entries.js';
import { PREFERENCE_LIMITS, type Preference } from '../contract/preferences.js';

/**
 * The preferences' table in the console's database (server/console-db): one row per user and key,
 * the value as JSON text. `owner` names the user as the mode knows them ({@link ownerOf}).
 */
export const PREFERENCE_MIGRATIONS: readonly Migration[] = [
  {
    feature: 'preferences',
    version: 1,
    name: 'preferences per user',
    sql: () => `CREATE TABLE console_preference (
      owner TEXT NOT NULL, pref_key TEXT NOT NULL, value TEXT NOT NULL, update_ms BIGINT NOT NULL,
      PRIMARY KEY (owner, pref_key)
    );`,
  },
];

/**
 * The owner of a user's rows: `u:<userId>` when the mode names the user by id (mock's accounts, the
 * platform's user info), else `n:<username>` (a platform whose user info carries no id).
 */
export function ownerOf(who: { userId: number; username: string }): string {
  return who.userId > 0 ? `u:${who.userId}` : `n:${who.username}`;
}

/** What {@link PreferenceStore.put} answers: the stored preference, or which limit refused it. */
export type PutResult = { ok: true; preference: Preference } | { ok: false; limit: 'maxKeys' };

/** The preferences over a console database driver (migrated by {@link PREFERENCE_MIGRATIONS}). */
export class PreferenceStore {
  constructor(
    private readonly db: SqlDriver,
    private readonly now: () => number = Date.now,
  ) {}

  /** One key of `owner`; value null and updateTime null when unset. @throws the driver's error. */
  async get(owner: string, key: string): Promise<Preference> {
    const rows = await this.db.all('SELECT value, update_ms FROM console_preference WHERE owner = ? AND pref_key = ?', [owner, key]);
    return rows.length ? row(key, rows[0]) : { key, value: null, updateTime: null };
  }

  /** Every key of `owner`, sorted by key. @throws the driver's error. */
  async list(owner: string): Promise<Preference[]> {
    const rows = await this.db.all('SELECT pref_key, value, update_ms FROM console_preference WHERE owner = ? ORDER BY pref_key', [owner]);
    return rows.map((r) => row(String(r.pref_key), r));
  }

  /**
   * Writes `json` (the value's JSON text, already bounded by the caller) under `key`, or deletes
   * the key when `json` is null. A new key beyond {@link PREFERENCE_LIMITS.maxKeys} is refused and
   * nothing changes. @throws the driver's error.
   */
  async put(owner: string, key: string, json: string | null): Promise<PutResult> {
    return this.db.transaction(async (tx) => {
      if (json === null) {
        await tx.run('DELETE FROM console_preference WHERE owner = ? AND pref_key = ?', [owner, key]);
        return { ok: true as const, preference: { key, value: null, updateTime: null } };
      }
      const known = await tx.all('SELECT 1 AS n FROM console_preference WHERE owner = ? AND pref_key = ?', [owner, key]);
      const at = this.now();
      if (known.length) {
        await tx.run('UPDATE console_preference SET value = ?, update_ms = ? WHERE owner = ? AND pref_key = ?', [json, at, owner, key]);
      } else {
        const n = Number((await tx.all('SELECT COUNT(*) AS n FROM console_preference WHERE owner = ?', [owner]))[0].n);
        if (n >= PREFERENCE_LIMITS.maxKeys) return { ok: false as const, limit: 'maxKeys' as const };
        await tx.run('INSERT INTO console_preference (owner, pref_key, value, update_ms) VALUES (?, ?, ?, ?)', [owner, key, json, at]);
      }
      return { ok: true as const, preference: { key, value: JSON.parse(json) as unknown, updateTime: wallClock(at) } };
    });
  }
}

function row(key: string, r: Record<string, unknown>): Preference {
  return { key, value: JSON.parse(String(r.value)) as unknown, updateTime: wallClock(Number(r.update_ms)) };
}

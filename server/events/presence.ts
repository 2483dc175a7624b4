import type { PresenceRecord, PresenceUser } from '../contract/events.js';

/**
 * Who has which record open (contract `presence.update`, `presence.list`), in this replica's memory:
 * a user is on a record from an `open: true` until an `open: false` or `ttlMs` without a renewal, so
 * a closed tab or a lost network never holds a record, and nothing is ever locked. Bounded: at most
 * `maxRecords` records and `maxPerRecord` users each (the oldest renewal leaves first).
 */
export class PresenceBook {
  /** `entity:recordId` → userId → who and until when (ms since the epoch). */
  private records = new Map<string, Map<number, { user: PresenceUser; until: number }>>();

  constructor(
    private readonly ttlMs = 45_000,
    private readonly now: () => number = Date.now,
    private readonly maxRecords = 10_000,
    private readonly maxPerRecord = 20,
  ) {}

  /** Puts `user` on the record (`open`) or takes them off; answers whether who is on it changed, and the record now. */
  update(entity: string, recordId: number, user: PresenceUser, open: boolean): { changed: boolean; record: PresenceRecord } {
    const key = `${entity}:${recordId}`;
    let users = this.records.get(key);
    let changed = false;
    if (open) {
      if (!users) {
        if (this.records.size >= this.maxRecords) this.evictOldest();
        this.records.set(key, (users = new Map()));
      }
      changed = !users.has(user.userId);
      users.delete(user.userId);
      users.set(user.userId, { user: { userId: user.userId, username: user.username }, until: this.now() + this.ttlMs });
      if (users.size > this.maxPerRecord) users.delete(users.keys().next().value as number);
    } else if (users?.delete(user.userId)) {
      changed = true;
      if (!users.size) this.records.delete(key);
    }
    return { changed, record: this.recordOf(entity, recordId) };
  }

  /** Who has the record open now (expired renewals left out). */
  recordOf(entity: string, recordId: number): PresenceRecord {
    const users = this.records.get(`${entity}:${recordId}`);
    const t = this.now();
    return { entity, recordId, users: users ? [...users.values()].filter((u) => u.until > t).map((u) => u.user) : [] };
  }

  /** Takes expired renewals off; answers the records whose users changed. */
  sweep(): PresenceRecord[] {
    const t = this.now();
    const changed: PresenceRecord[] = [];
    for (const [key, users] of this.records) {
      let gone = false;
      for (const [id, u] of users) if (u.until <= t) gone = users.delete(id) || gone;
      if (!gone) continue;
      if (!users.size) this.records.delete(key);
      const at = key.lastIndexOf(':');
      changed.push(this.recordOf(key.slice(0, at), Number(key.slice(at + 1))));
    }
    return changed;
  }

  /** Every record someone has open (a new stream's first picture). */
  all(): PresenceRecord[] {
    return [...this.records.keys()].map((key) => {
      const at = key.lastIndexOf(':');
      return this.recordOf(key.slice(0, at), Number(key.slice(at + 1)));
    }).filter((r) => r.users.length > 0);
  }

  private evictOldest(): void {
    let oldest: [string, number] | null = null;
    for (const [key, users] of this.records) {
      const until = Math.max(...[...users.values()].map((u) => u.until));
      if (!oldest || until < oldest[1]) oldest = [key, until];
    }
    if (oldest) this.records.delete(oldest[0]);
  }
}

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SqlDriver } from '../console-db/driver.js';

/**
 * Stream tickets: what a browser's `EventSource` (which cannot send headers) shows instead of the
 * session token, which never goes in a URL. `POST /console/events/ticket` (with the session's
 * `Authorization`) issues one; `GET /console/events?ticket=` takes it once. A ticket is 32 random
 * bytes (base64url) and lives {@link TICKET_TTL_S} seconds.
 *
 * Kept in the console database (`console_event_tickets`), so a ticket issued by one replica opens a
 * stream on another, and taken with one `DELETE … RETURNING`, so it opens one stream even when two
 * replicas race for it. A row holds no usable secret: its key is a hash of the ticket, and the
 * session's `Authorization` it stands for is sealed (AES-256-GCM) under another hash of the ticket,
 * which only the ticket's holder knows.
 */

/** Seconds a ticket may wait to be used. */
export const TICKET_TTL_S = 30;

const idOf = (ticket: string) => createHash('sha256').update(`id:${ticket}`).digest('base64url');
const keyOf = (ticket: string) => createHash('sha256').update(`key:${ticket}`).digest();

function seal(ticket: string, authorization: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(ticket), iv);
  const body = Buffer.concat([c.update(authorization, 'utf8'), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url');
}

function open(ticket: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const d = createDecipheriv('aes-256-gcm', keyOf(ticket), raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export class TicketBook {
  constructor(
    private readonly db: SqlDriver,
    private readonly now: () => number = Date.now,
    private readonly ttlS = TICKET_TTL_S,
  ) {}

  /**
   * A new ticket for `authorization` (already verified by the caller), expired ones swept first.
   * @throws the database's error (the route answers 503: no live events).
   */
  async issue(authorization: string): Promise<{ ticket: string; expiresIn: number }> {
    const ticket = randomBytes(32).toString('base64url');
    const t = this.now();
    await this.db.run('DELETE FROM console_event_tickets WHERE expires_ms < ?', [t]);
    await this.db.run('INSERT INTO console_event_tickets (id, sealed, expires_ms) VALUES (?, ?, ?)', [idOf(ticket), seal(ticket, authorization), t + this.ttlS * 1000]);
    return { ticket, expiresIn: this.ttlS };
  }

  /**
   * The `Authorization` a ticket stands for, taking it (a second use finds nothing), or null when
   * unknown, used or expired.
   * @throws the database's error.
   */
  async take(ticket: string): Promise<string | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(ticket)) return null;
    const rows = await this.db.all('DELETE FROM console_event_tickets WHERE id = ? RETURNING sealed, expires_ms', [idOf(ticket)]);
    const r = rows[0];
    if (!r || Number(r.expires_ms) < this.now()) return null;
    return open(ticket, String(r.sealed));
  }
}

import { serialIdColumn, type Migration } from '../console-db/index.js';
import type { SqlDriver } from '../console-db/driver.js';
import { wallClock } from '../audit/entries.js';
import type { EntityRecord } from '../contract/entity.js';
import type { approval } from '../contract/approvals.js';

/**
 * The approvals' table in the console's database (server/console-db): one row per call kept for a
 * second person, with who asked, why, the payload, the record's state then, and the decision.
 * Statuses: 0 pending, 1 approved, 2 rejected, 3 expired, 4 approved but refused when run
 * (server/contract/approvals.ts `ApprovalStatus`). A decision is taken with one conditional update
 * (`status = 0`), so of two approvers deciding at once one wins and the other is told it is decided.
 */
export const APPROVAL_MIGRATIONS: readonly Migration[] = [
  {
    feature: 'approval',
    version: 1,
    name: 'approvals',
    sql: (dialect) => `CREATE TABLE console_approval (
      ${serialIdColumn(dialect)}, created_ms BIGINT NOT NULL, create_time TEXT NOT NULL, update_time TEXT NOT NULL,
      operation TEXT NOT NULL, path TEXT NOT NULL, entity TEXT NOT NULL, target_ids TEXT NOT NULL,
      measure BIGINT NOT NULL, threshold BIGINT NOT NULL, threshold_kind TEXT NOT NULL,
      requester_id BIGINT NOT NULL, requester_name TEXT NOT NULL, requester_roles TEXT NOT NULL, reason TEXT NOT NULL,
      payload TEXT NOT NULL, state_before TEXT NOT NULL, status INTEGER NOT NULL, expires_ms BIGINT NOT NULL,
      decider_id BIGINT NOT NULL, decider_name TEXT NOT NULL, decision_reason TEXT NOT NULL, decided_time TEXT NOT NULL,
      result TEXT NOT NULL, grant_used INTEGER NOT NULL
    );
    CREATE INDEX console_approval_status ON console_approval (status, expires_ms);
    CREATE INDEX console_approval_requester ON console_approval (requester_id);`,
  },
];

/** A row as kept (the caller-relative `mine` is added by {@link rowFor}). */
export interface ApprovalRow {
  id: number;
  createdMs: number;
  createTime: string;
  updateTime: string;
  operation: string;
  path: string;
  entity: string;
  targetIds: string;
  measure: number;
  threshold: number;
  thresholdKind: string;
  requesterId: number;
  requesterName: string;
  requesterRoles: string;
  reason: string;
  payload: string;
  stateBefore: string;
  status: 0 | 1 | 2 | 3 | 4;
  expiresMs: number;
  deciderId: number;
  deciderName: string;
  decisionReason: string;
  decidedTime: string;
  result: string;
  grantUsed: boolean;
}

/** What a request keeps when it becomes a pending approval. */
export type NewApproval = Pick<ApprovalRow, 'operation' | 'path' | 'entity' | 'targetIds' | 'measure' | 'threshold' | 'thresholdKind' | 'requesterId' | 'requesterName' | 'requesterRoles' | 'reason' | 'payload' | 'stateBefore' | 'createdMs' | 'expiresMs'>;

/** The list's body: paging, `status`, `operation`/`requesterName` substrings, `mine`, `decided`. */
export interface ApprovalQuery {
  pageNum?: number;
  pageSize?: number;
  status?: number;
  operation?: string;
  requesterName?: string;
  mine?: boolean;
  decided?: boolean;
  sortOrder?: string;
}

/** The record `/console/approval/list|info` answer for a caller. */
export type ApprovalRecord = EntityRecord<typeof approval>;

/** A kept row as the caller reads it. */
export function rowFor(r: ApprovalRow, callerId: number): ApprovalRecord {
  return {
    id: r.id,
    createTime: r.createTime,
    updateTime: r.updateTime,
    operation: r.operation,
    path: r.path,
    entity: r.entity,
    targetIds: r.targetIds,
    measure: r.measure,
    threshold: r.threshold,
    thresholdKind: r.thresholdKind,
    requesterId: r.requesterId,
    requesterName: r.requesterName,
    requesterRoles: r.requesterRoles,
    reason: r.reason,
    payload: r.payload,
    stateBefore: r.stateBefore,
    status: r.status,
    expiresAt: wallClock(r.expiresMs),
    deciderId: r.deciderId,
    deciderName: r.deciderName,
    decisionReason: r.decisionReason,
    decidedTime: r.decidedTime,
    result: r.result,
    mine: r.requesterId === callerId,
    decided: r.status !== 0,
  };
}

const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function fromDb(r: Record<string, unknown>): ApprovalRow {
  return {
    id: Number(r.id),
    createdMs: Number(r.created_ms),
    createTime: String(r.create_time),
    updateTime: String(r.update_time),
    operation: String(r.operation),
    path: String(r.path),
    entity: String(r.entity),
    targetIds: String(r.target_ids),
    measure: Number(r.measure),
    threshold: Number(r.threshold),
    thresholdKind: String(r.threshold_kind),
    requesterId: Number(r.requester_id),
    requesterName: String(r.requester_name),
    requesterRoles: String(r.requester_roles),
    reason: String(r.reason),
    payload: String(r.payload),
    stateBefore: String(r.state_before),
    status: Number(r.status) as ApprovalRow['status'],
    expiresMs: Number(r.expires_ms),
    deciderId: Number(r.decider_id),
    deciderName: String(r.decider_name),
    decisionReason: String(r.decision_reason),
    decidedTime: String(r.decided_time),
    result: String(r.result),
    grantUsed: Number(r.grant_used) === 1,
  };
}

/** The approvals over a console database driver (migrated by {@link APPROVAL_MIGRATIONS}); `now` in ms. */
export class ApprovalStore {
  constructor(
    private readonly db: SqlDriver,
    private readonly now: () => number,
  ) {}

  /** Keeps a new pending approval; answers it. @throws the driver's error when the database refuses it. */
  async add(a: NewApproval): Promise<ApprovalRow> {
    const t = wallClock(a.createdMs);
    const rows = await this.db.all(
      `INSERT INTO console_approval (created_ms, create_time, update_time, operation, path, entity, target_ids, measure, threshold, threshold_kind, requester_id, requester_name, requester_roles, reason, payload, state_before, status, expires_ms, decider_id, decider_name, decision_reason, decided_time, result, grant_used)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0, '', '', '', '', 0) RETURNING id`,
      [a.createdMs, t, t, a.operation, a.path, a.entity, a.targetIds.slice(0, 255), a.measure, a.threshold, a.thresholdKind, a.requesterId, a.requesterName.slice(0, 64), a.requesterRoles.slice(0, 255), a.reason.slice(0, 255), a.payload, a.stateBefore, a.expiresMs],
    );
    return (await this.get(Number(rows[0].id)))!;
  }

  /** Marks pending approvals past their expiry as expired (status 3). */
  async expire(): Promise<void> {
    await this.db.run('UPDATE console_approval SET status = 3, update_time = ? WHERE status = 0 AND expires_ms <= ?', [wallClock(this.now()), this.now()]);
  }

  /** One approval (expiry applied first), or undefined. */
  async get(id: number): Promise<ApprovalRow | undefined> {
    await this.expire();
    const rows = await this.db.all('SELECT * FROM console_approval WHERE id = ?', [id]);
    return rows[0] ? fromDb(rows[0]) : undefined;
  }

  /**
   * A page of approvals, newest first; `onlyOf` limits it to one requester's (a caller without the
   * approver permission); `callerId` is whose `mine` the filter means. `pageSize` 1–1000.
   */
  async list(q: ApprovalQuery, callerId: number, onlyOf: number | null): Promise<{ list: ApprovalRow[]; total: number }> {
    await this.expire();
    const parts: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, ...p: unknown[]) => {
      parts.push(sql);
      params.push(...p);
    };
    if (onlyOf !== null) add('requester_id = ?', onlyOf);
    if (q.mine === true) add('requester_id = ?', callerId);
    if (q.mine === false) add('requester_id <> ?', callerId);
    if (q.decided === true) add('status <> 0');
    if (q.decided === false) add('status = 0');
    if (q.status !== undefined) add('status = ?', q.status);
    if (q.operation) add("LOWER(operation) LIKE ? ESCAPE '\\'", like(q.operation));
    if (q.requesterName) add("LOWER(requester_name) LIKE ? ESCAPE '\\'", like(q.requesterName));
    const where = parts.length ? `WHERE ${parts.join(' AND ')}` : '';
    const pageSize = Math.min(Math.max(q.pageSize ?? 10, 1), 1000);
    const pageNum = Math.max(q.pageNum ?? 1, 1);
    const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const total = Number((await this.db.all(`SELECT COUNT(*) AS n FROM console_approval ${where}`, params))[0].n);
    const rows = await this.db.all(`SELECT * FROM console_approval ${where} ORDER BY id ${dir} LIMIT ? OFFSET ?`, [...params, pageSize, (pageNum - 1) * pageSize]);
    return { total, list: rows.map(fromDb) };
  }

  /**
   * Decides a pending approval: status 1 (approved) or 2 (rejected), with who and why. Answers false
   * when it is no longer pending (decided or expired meanwhile): nothing changes then.
   */
  async decide(id: number, status: 1 | 2, by: { userId: number; username: string }, reason: string): Promise<boolean> {
    const t = wallClock(this.now());
    const rows = await this.db.all('UPDATE console_approval SET status = ?, decider_id = ?, decider_name = ?, decision_reason = ?, decided_time = ?, update_time = ? WHERE id = ? AND status = 0 AND expires_ms > ? RETURNING id', [
      status,
      by.userId,
      by.username.slice(0, 64),
      reason.slice(0, 255),
      t,
      t,
      id,
      this.now(),
    ]);
    return rows.length === 1;
  }

  /** Records an approved write that was refused when run (status 4) with the refusal's message. */
  async failed(id: number, message: string): Promise<void> {
    await this.db.run('UPDATE console_approval SET status = 4, result = ?, update_time = ? WHERE id = ?', [message.slice(0, 255), wallClock(this.now()), id]);
  }

  /**
   * Spends an approved reveal: the requester's approved, unspent, unexpired grant of `operation`
   * with exactly `payload`. Answers its id, or null when there is none.
   */
  async spendGrant(requesterId: number, operation: string, payload: string): Promise<number | null> {
    const rows = await this.db.all('SELECT id FROM console_approval WHERE requester_id = ? AND operation = ? AND payload = ? AND status = 1 AND grant_used = 0 AND expires_ms > ? ORDER BY id LIMIT 1', [requesterId, operation, payload, this.now()]);
    if (!rows[0]) return null;
    const id = Number(rows[0].id);
    const spent = await this.db.all('UPDATE console_approval SET grant_used = 1, update_time = ? WHERE id = ? AND grant_used = 0 RETURNING id', [wallClock(this.now()), id]);
    return spent.length === 1 ? id : null;
  }
}

import { serialIdColumn, type Migration } from '../console-db/index.js';
import type { SqlDriver } from '../console-db/driver.js';
import { wallClock } from '../audit/entries.js';
import type { SavedView } from '../contract/saved-views.js';

/**
 * The saved views' tables in the console's database (server/console-db): one row per view (its
 * screen, name, URL query, columns as JSON, sharing and roles as JSON), and one row per user and
 * screen naming their default view. `owner` names the user as the mode knows them ({@link ownerOf}).
 */
export const SAVED_VIEW_MIGRATIONS: readonly Migration[] = [
  {
    feature: 'savedViews',
    version: 1,
    name: 'saved views and default views',
    sql: (dialect) => `CREATE TABLE console_saved_view (
      ${serialIdColumn(dialect)}, owner TEXT NOT NULL, owner_name TEXT NOT NULL,
      path TEXT NOT NULL, name TEXT NOT NULL, query TEXT NOT NULL, columns TEXT, shared INTEGER NOT NULL, role_ids TEXT NOT NULL,
      create_ms BIGINT NOT NULL, update_ms BIGINT NOT NULL
    );
    CREATE INDEX console_saved_view_path ON console_saved_view (path, owner);
    CREATE TABLE console_saved_view_default (
      owner TEXT NOT NULL, path TEXT NOT NULL, view_id BIGINT NOT NULL, PRIMARY KEY (owner, path)
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

/** A view as stored (before the caller's marks). */
export interface ViewRow {
  id: number;
  owner: string;
  ownerName: string;
  path: string;
  name: string;
  query: string;
  columns: string[] | null;
  shared: boolean;
  roleIds: string[];
  createMs: number;
  updateMs: number;
}

/** What is written of a view: everything but who made it and when. */
export type ViewFields = Pick<ViewRow, 'name' | 'query' | 'columns' | 'shared' | 'roleIds'>;

/** The saved views over a console database driver (migrated by {@link SAVED_VIEW_MIGRATIONS}). Every method throws the driver's error. */
export class SavedViewStore {
  constructor(
    private readonly db: SqlDriver,
    private readonly now: () => number = Date.now,
  ) {}

  /** The views of `path` that are `owner`'s or shared, oldest first. */
  async ofPath(path: string, owner: string, tx: SqlDriver = this.db): Promise<ViewRow[]> {
    const rows = await tx.all('SELECT * FROM console_saved_view WHERE path = ? AND (owner = ? OR shared = 1) ORDER BY id', [path, owner]);
    return rows.map(toRow);
  }

  /** One view by id, or null. */
  async byId(id: number, tx: SqlDriver = this.db): Promise<ViewRow | null> {
    const rows = await tx.all('SELECT * FROM console_saved_view WHERE id = ?', [id]);
    return rows.length ? toRow(rows[0]) : null;
  }

  /** How many views `owner` keeps of `path`. */
  async countOf(owner: string, path: string, tx: SqlDriver = this.db): Promise<number> {
    return Number((await tx.all('SELECT COUNT(*) AS n FROM console_saved_view WHERE owner = ? AND path = ?', [owner, path]))[0].n);
  }

  /** Whether `owner` has a view of `path` named `name` other than `except`. */
  async nameTaken(owner: string, path: string, name: string, except = 0, tx: SqlDriver = this.db): Promise<boolean> {
    return (await tx.all('SELECT 1 AS n FROM console_saved_view WHERE owner = ? AND path = ? AND name = ? AND id <> ?', [owner, path, name, except])).length > 0;
  }

  /** Adds a view; answers it with its id. */
  async insert(owner: string, ownerName: string, path: string, f: ViewFields, tx: SqlDriver = this.db): Promise<ViewRow> {
    const at = this.now();
    const rows = await tx.all(
      'INSERT INTO console_saved_view (owner, owner_name, path, name, query, columns, shared, role_ids, create_ms, update_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
      [owner, ownerName, path, f.name, f.query, f.columns ? JSON.stringify(f.columns) : null, f.shared ? 1 : 0, JSON.stringify(f.roleIds), at, at],
    );
    return { id: Number(rows[0].id), owner, ownerName, path, ...f, createMs: at, updateMs: at };
  }

  /** Writes a view's fields; answers it as stored now. */
  async update(v: ViewRow, f: ViewFields, tx: SqlDriver = this.db): Promise<ViewRow> {
    const at = this.now();
    await tx.run('UPDATE console_saved_view SET name = ?, query = ?, columns = ?, shared = ?, role_ids = ?, update_ms = ? WHERE id = ?', [
      f.name,
      f.query,
      f.columns ? JSON.stringify(f.columns) : null,
      f.shared ? 1 : 0,
      JSON.stringify(f.roleIds),
      at,
      v.id,
    ]);
    return { ...v, ...f, updateMs: at };
  }

  /** Deletes views, and every default naming them. */
  async remove(ids: number[], tx: SqlDriver = this.db): Promise<void> {
    for (const id of ids) {
      await tx.run('DELETE FROM console_saved_view WHERE id = ?', [id]);
      await tx.run('DELETE FROM console_saved_view_default WHERE view_id = ?', [id]);
    }
  }

  /** The id of `owner`'s default view of `path`, or null. */
  async defaultOf(owner: string, path: string, tx: SqlDriver = this.db): Promise<number | null> {
    const rows = await tx.all('SELECT view_id FROM console_saved_view_default WHERE owner = ? AND path = ?', [owner, path]);
    return rows.length ? Number(rows[0].view_id) : null;
  }

  /** Sets (or with null clears) `owner`'s default view of `path`. */
  async setDefault(owner: string, path: string, id: number | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM console_saved_view_default WHERE owner = ? AND path = ?', [owner, path]);
      if (id !== null) await tx.run('INSERT INTO console_saved_view_default (owner, path, view_id) VALUES (?, ?, ?)', [owner, path, id]);
    });
  }

  /** Runs `fn` in one transaction (a check and its write together). */
  transaction<T>(fn: (tx: SqlDriver) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }
}

function toRow(r: Record<string, unknown>): ViewRow {
  return {
    id: Number(r.id),
    owner: String(r.owner),
    ownerName: String(r.owner_name),
    path: String(r.path),
    name: String(r.name),
    query: String(r.query),
    columns: r.columns === null || r.columns === undefined ? null : (JSON.parse(String(r.columns)) as string[]),
    shared: Number(r.shared) === 1,
    roleIds: JSON.parse(String(r.role_ids)) as string[],
    createMs: Number(r.create_ms),
    updateMs: Number(r.update_ms),
  };
}

/** A stored view as the caller sees it: whether it is theirs, whether they may change it, whether it is their default. */
export function viewOut(v: ViewRow, marks: { mine: boolean; canEdit: boolean; isDefault: boolean }): SavedView {
  return {
    id: v.id,
    path: v.path,
    name: v.name,
    query: v.query,
    columns: v.columns,
    shared: v.shared,
    roleIds: v.roleIds,
    ownerName: v.ownerName,
    ...marks,
    createTime: wallClock(v.createMs),
    updateTime: wallClock(v.updateMs),
  };
}

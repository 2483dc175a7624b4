import type { SqlDriver } from './driver.js';
import { openConsoleDriver } from './driver.js';

export { dollarParams, openConsoleDriver, postgresDriver, sqliteDriver, sqliteWorkerDriver, type AppendResult, type SqlDriver } from './driver.js';

/**
 * The console's own database: what the console (not the platform) owns, kept in one SQLite file
 * (`AUDIT_DB`'s, default `data/audit.sqlite`) or one PostgreSQL database shared by every replica
 * (`CONSOLE_DATABASE_URL`, alias `AUDIT_DATABASE_URL`). Each feature owns its tables and declares
 * them as numbered migrations ({@link Migration}); {@link ConsoleDb.open} runs the ones not yet run,
 * in order, at start, recording each in `schema_migrations (feature, version, name, applied_at)`.
 * The audit trail keeps its own versioning (`audit_meta.version`, server/audit/store.ts) on the same
 * connection, as files written before this module have it.
 */

/** One schema step of a feature: `version` counts from 1 within the feature; `sql` is given the dialect. */
export interface Migration {
  feature: string;
  version: number;
  /** What the step does, in a few words (kept in `schema_migrations.name`). */
  name: string;
  sql: (dialect: SqlDriver['dialect']) => string;
}

/** A table's own numeric id column in the dialect: the row id (SQLite), a 64-bit sequence (PostgreSQL). */
export function serialIdColumn(dialect: SqlDriver['dialect']): string {
  return `id ${dialect === 'sqlite' ? 'INTEGER PRIMARY KEY' : 'BIGSERIAL PRIMARY KEY'}`;
}

/** The advisory lock's key on PostgreSQL while migrating (replicas starting together): "consdb" in ASCII. */
const MIGRATION_LOCK = 0x636f6e736462;

/**
 * Runs the migrations of `migrations` that `schema_migrations` does not list yet, per feature in
 * version order, each in one transaction with its record (PostgreSQL: under an advisory lock, so of
 * replicas starting together one migrates and the others find it done). Answers the steps run.
 * @throws Error when a feature's versions are not 1, 2, 3… (a programming error), or a step's SQL fails (nothing of that step stays).
 */
export async function migrate(db: SqlDriver, migrations: readonly Migration[]): Promise<Migration[]> {
  const byFeature = new Map<string, Migration[]>();
  for (const m of migrations) byFeature.set(m.feature, [...(byFeature.get(m.feature) ?? []), m]);
  for (const [feature, steps] of byFeature) {
    steps.sort((a, b) => a.version - b.version);
    steps.forEach((m, i) => {
      if (m.version !== i + 1) throw new Error(`console database: migrations of ${feature} must be numbered 1, 2, 3…, found ${m.version} at place ${i + 1}`);
    });
  }
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (feature TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (feature, version))');
  const ran: Migration[] = [];
  for (const [feature, steps] of byFeature) {
    for (const m of steps) {
      const done = await db.transaction(async (tx) => {
        if (tx.dialect === 'postgres') await tx.all('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
        const known = await tx.all('SELECT 1 AS n FROM schema_migrations WHERE feature = ? AND version = ?', [feature, m.version]);
        if (known.length) return false;
        const sql = m.sql(tx.dialect);
        if (sql) await tx.exec(sql);
        await tx.run('INSERT INTO schema_migrations (feature, version, name, applied_at) VALUES (?, ?, ?, ?)', [feature, m.version, m.name, new Date().toISOString()]);
        return true;
      });
      if (done) ran.push(m);
    }
  }
  return ran;
}

/** The console database of a running console: its driver, opened and migrated. */
export class ConsoleDb {
  private closed = false;

  private constructor(readonly driver: SqlDriver) {}

  get dialect(): SqlDriver['dialect'] {
    return this.driver.dialect;
  }

  /**
   * Opens the database on `driver` and runs `migrations` ({@link migrate}).
   * @throws Error when a migration fails (the driver is closed).
   */
  static async open(driver: SqlDriver, migrations: readonly Migration[]): Promise<ConsoleDb> {
    try {
      await migrate(driver, migrations);
    } catch (e) {
      await driver.close().catch(() => undefined);
      throw e;
    }
    return new ConsoleDb(driver);
  }

  /** {@link open} on the driver the settings name ({@link openConsoleDriver}). */
  static async fromConfig(config: Parameters<typeof openConsoleDriver>[0], migrations: readonly Migration[], onError?: (e: unknown) => void): Promise<ConsoleDb> {
    return ConsoleDb.open(await openConsoleDriver(config, onError), migrations);
  }

  /** Closes the connection(s), once; every feature has written what it keeps before (app.ts orders it). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.driver.close();
  }
}

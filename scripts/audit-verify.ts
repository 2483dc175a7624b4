import { loadConfig, ConfigError } from '../server/config.js';
import { AuditStore, AuditTrail, openAuditDriver } from '../server/audit/index.js';

/**
 * `npm run audit:verify [-- --audit-db <file> | --audit-database-url <postgres://…>]`:
 * re-computes the audit trail's hash chain from its anchor and names the first broken entry. Reads
 * the same settings as the server (`AUDIT_DATABASE_URL` first, else `AUDIT_DB`); exits 0 when the
 * chain holds, 1 when it is broken, 2 on a bad setting or an unreachable store.
 */
try {
  const config = loadConfig(process.argv.slice(2), process.env);
  if (!config.auditDb) {
    console.error('audit:verify: the audit trail is off (AUDIT_DB=off)');
    process.exit(2);
  }
  if (!config.auditDatabaseUrl && config.auditDb === ':memory:') {
    console.error('audit:verify: AUDIT_DB names no file (it is in memory) and AUDIT_DATABASE_URL is not set');
    process.exit(2);
  }
  // Never print the URL itself: it may hold a password.
  const where = config.auditDatabaseUrl ? `PostgreSQL (${new URL(config.auditDatabaseUrl).host})` : config.auditDb;
  const store = await AuditStore.open(await openAuditDriver(config));
  const trail = new AuditTrail(store, { retentionDays: 0 });
  const r = await trail.verify();
  await trail.close();
  await store.close();
  if (r.ok) console.log(`audit:verify: the chain holds (${r.count} entries) in ${where}`);
  else console.error(`audit:verify: broken at entry #${r.firstBroken!.id} (${r.firstBroken!.reason}); ${r.count} entries read in ${where}`);
  process.exit(r.ok ? 0 : 1);
} catch (e) {
  console.error(`audit:verify: ${e instanceof ConfigError ? e.message : String(e)}`);
  process.exit(2);
}

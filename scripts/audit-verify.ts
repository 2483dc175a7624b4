import { loadConfig, ConfigError } from '../server/config.js';
import { AuditStore, AuditTrail, sqliteDriver } from '../server/audit/index.js';

/**
 * `npm run audit:verify [-- --audit-db <file>]` (issue 25): re-computes the audit trail's hash
 * chain from its anchor and names the first broken entry. Reads the same settings as the server
 * (`AUDIT_DB`, `--audit-db`); exits 0 when the chain holds, 1 when it is broken, 2 on a bad setting.
 */
try {
  const config = loadConfig(process.argv.slice(2), process.env);
  if (!config.auditDb || config.auditDb === ':memory:') {
    console.error('audit:verify: AUDIT_DB names no file (it is off or in memory)');
    process.exit(2);
  }
  const store = new AuditStore(sqliteDriver(config.auditDb));
  const trail = new AuditTrail(store, { retentionDays: 0 });
  const r = trail.verify();
  store.close();
  if (r.ok) console.log(`audit:verify: the chain holds (${r.count} entries) in ${config.auditDb}`);
  else console.error(`audit:verify: broken at entry #${r.firstBroken!.id} (${r.firstBroken!.reason}); ${r.count} entries read in ${config.auditDb}`);
  process.exit(r.ok ? 0 : 1);
} catch (e) {
  console.error(`audit:verify: ${e instanceof ConfigError ? e.message : String(e)}`);
  process.exit(2);
}

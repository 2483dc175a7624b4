import { loadConfig, ConfigError } from '../server/config.js';
import { parseHead, verdictOf, verifyConfiguredTrail } from '../server/audit/verify.js';

/**
 * `npm run audit:verify [-- --audit-db <file> | --audit-database-url <postgres://…>] [--expect-head <id>:<hash>]`:
 * re-computes the audit trail's keyed hash chain from its anchor (with the server's key: `AUDIT_KEY`
 * or its key file) and names the first broken entry. `--expect-head` takes a head the server's log
 * named (`auditHead`): the check then also fails when that entry is no longer in the trail as named
 * (entries deleted from the end). Reads the same settings as the server (`AUDIT_DATABASE_URL` first,
 * else `AUDIT_DB`). Exits 0 when the chain holds, 1 when it is broken, 2 on a bad setting, an
 * unreachable store or a key that is not the trail's, 3 when it holds but records gaps (lost entries).
 */
try {
  const args = process.argv.slice(2);
  const at = args.indexOf('--expect-head');
  const expectHead = at >= 0 ? parseHead(args[at + 1]) : undefined;
  if (expectHead === null) throw new ConfigError('--expect-head must be <id>:<hash> as the log names it (auditHead)');
  if (at >= 0) args.splice(at, 2);
  const config = loadConfig(args, process.env);
  if (!config.auditDb) throw new ConfigError('the audit trail is off (AUDIT_DB=off)');
  if (!config.auditDatabaseUrl && config.auditDb === ':memory:') throw new ConfigError('AUDIT_DB names no file (it is in memory) and AUDIT_DATABASE_URL is not set');
  const v = verdictOf(await verifyConfiguredTrail(config, expectHead));
  (v.code === 0 ? console.log : console.error)(v.line);
  process.exit(v.code);
} catch (e) {
  console.error(`audit:verify: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
}

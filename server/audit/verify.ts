import fs from 'node:fs';
import type { Config } from '../config.js';
import { auditKeyOf } from './key.js';
import { AuditStore, openAuditDriver } from './store.js';
import { AuditTrail, type AuditVerifyResult } from './trail.js';

/**
 * What `npm run audit:verify` does (scripts/audit-verify.ts): the trail the settings name opened
 * with its key (`AUDIT_KEY`, or the key file, which is read and never made here: a trail without its
 * key cannot be checked), its chain verified ({@link AuditTrail.verify}, with `expectHead` when
 * given), closed. `where` names the store without any password.
 * @throws Error when the store cannot be read, the key file is missing, or the key is not the trail's.
 */
export async function verifyConfiguredTrail(config: Config, expectHead?: { id: number; hash: string }): Promise<AuditVerifyResult & { where: string }> {
  const where = config.auditDatabaseUrl ? `PostgreSQL (${new URL(config.auditDatabaseUrl).host})` : String(config.auditDb);
  if (!config.auditKey && config.auditKeyFile && !fs.existsSync(config.auditKeyFile)) throw new Error(`the trail's key file ${config.auditKeyFile} does not exist (set AUDIT_KEY or AUDIT_KEY_FILE)`);
  const driver = await openAuditDriver(config);
  let store: AuditStore;
  try {
    store = await AuditStore.open(driver, auditKeyOf(config));
  } catch (e) {
    await driver.close().catch(() => undefined);
    throw e;
  }
  const trail = new AuditTrail(store, { retentionDays: 0 });
  try {
    return { ...(await trail.verify({ expectHead })), where };
  } finally {
    await trail.close();
    await store.close();
  }
}

/** `<id>:<hash>` as the log's `auditHead` names it, or null when it is not that. */
export function parseHead(text: string | undefined): { id: number; hash: string } | null {
  const m = /^(\d+):([0-9a-f]{64})$/.exec(text?.trim() ?? '');
  return m ? { id: Number(m[1]), hash: m[2] } : null;
}

/** The verdict's line and exit code: 0 holds, 1 broken, 3 holds but records gaps (2, unreadable, is the caller's). */
export function verdictOf(r: AuditVerifyResult & { where: string }): { code: 0 | 1 | 3; line: string } {
  if (!r.ok) return { code: 1, line: `audit:verify: broken at entry #${r.firstBroken!.id} (${r.firstBroken!.reason}); ${r.count} entries read in ${r.where}` };
  const head = r.head ? `${r.head.id}:${r.head.hash}` : 'none';
  if (r.gaps.entries > 0) return { code: 3, line: `audit:verify: the chain holds (${r.count} entries, head ${head}) in ${r.where}, but it records ${r.gaps.entries} gap(s): ${r.gaps.lost} entries were lost` };
  return { code: 0, line: `audit:verify: the chain holds (${r.count} entries, head ${head}) in ${r.where}` };
}

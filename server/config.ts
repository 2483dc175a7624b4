import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import net from 'node:net';
import { ENTITIES, type AnyEntity } from './contract/index.js';

/**
 * Which implementation answers `/v1`, `/api/v1` and `/upload` (`hybrid`: the platform
 * with the mock filling its gaps, and `replay`: a recording of the platform served offline).
 */
export type Mode = 'mock' | 'proxy' | 'hybrid' | 'replay';
const MODES: Mode[] = ['mock', 'proxy', 'hybrid', 'replay'];
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * The server's whole configuration, validated once at start (architecture "Config is explicit").
 * Times are in seconds unless the name says ms.
 */
export interface Config {
  mode: Mode;
  host: string;
  /** Listening port; spec §9 port 8899. */
  port: number;
  /** Required in proxy mode: the platform's base URL (http or https). */
  upstreamUrl: string | null;
  /** Faker seed of the mock store: the same seed always gives the same data. */
  seed: number;
  /**
   * The mock data's reference instant, ms since epoch: every seeded time is relative to it, so the
   * newest records are from the hours before it. `SEED_DATE` pins it (an ISO date or date-time, for
   * tests and screenshots); unset, it is the start of the hour the server starts in, so a demo's data
   * lives in today.
   */
  seedDate: number;
  /** Mock store volume multiplier (members, orders, codes…; lookups stay as they are), 0.05 to 100. */
  scale: number;
  /** Session token lifetime in seconds (mock mode). */
  tokenTtl: number;
  /** Mock mode only: every captcha also accepts this code (automated UI tests). */
  mockCaptchaCode: string | null;
  logLevel: LogLevel;
  /** Folder of the built web bundle (`npm run build`). */
  distDir: string;
  /** Proxy: upstream request timeout in ms; spec §9 client timeout is 1,200,000 ms. */
  upstreamTimeoutMs: number;
  /** Proxy: time to establish the upstream connection, in ms (a dead host answers 502 quickly). */
  upstreamConnectTimeoutMs: number;
  /** Graceful shutdown: how long in-flight requests may run after SIGTERM, in ms. */
  shutdownGraceMs: number;
  /** Mock mode: folder where `POST /upload` keeps uploaded images (created at start). */
  uploadDir: string;
  /** Mock mode: uploads received at once; more answer a 503 envelope at once. */
  uploadConcurrency: number;
  /** Mock mode: most MB the upload folder holds (stored files and uploads in flight); beyond it a 507 envelope. */
  uploadQuotaMb: number;
  /** Mock mode: a stored upload no record mentions is removed once it is this many minutes old. */
  uploadOrphanMinutes: number;
  /** Longest time to receive a whole request (headers and body), in ms; answers never count (proxied ones wait upstreamTimeoutMs). */
  requestTimeoutMs: number;
  /** Longest time to receive a request's headers, in ms. */
  headersTimeoutMs: number;
  /** Longest silence while a request body arrives, in ms (a trickling client is cut off with a 408 envelope). */
  bodyTimeoutMs: number;
  /** How long an idle keep-alive connection stays open, in ms. */
  keepAliveTimeoutMs: number;
  /** Most open connections at once; more are refused at accept. */
  maxConnections: number;
  /** Load shedding: above this event-loop delay in ms, requests answer a 503 envelope; 0 turns it off. */
  shedEventLoopDelayMs: number;
  /** Sign-in attempts one client address may make per minute. */
  loginRatePerIp: number;
  /** Failed sign-ins of one username (known or not) from one client address before that pair must wait `loginLockSeconds` (not the username from everywhere). */
  loginFailuresPerAccount: number;
  /** How long an account waits after too many failed sign-ins, in seconds (the window the failures are counted in). */
  loginLockSeconds: number;
  /** Pending captchas one client address may hold; a new one replaces that client's oldest. */
  captchaPerClient: number;
  /**
   * Which reverse proxies' `X-Forwarded-For` is believed when telling clients apart (sign-in
   * limits, captcha quotas, the audit trail and the access log's address), read from the right
   * (server/plugins/client-address.ts). `false` (default): none, every client is its socket's
   * address. A number (`true` reads as 1): that many proxy hops in front, whoever they are. A list:
   * the proxies' addresses or CIDR ranges (and proxy-addr's names `loopback`, `linklocal`,
   * `uniquelocal`), skipped from the right. Handed to Fastify by {@link fastifyTrustProxy} for
   * `request.protocol`.
   */
  trustProxy: TrustProxy;
  /** Mock mode: whether the `/v1/mock/*` QA controls answer (switch off on shared demo servers). */
  qaControls: boolean;
  /**
   * Mock mode: the live demo traffic's rate from the start, events per minute (1–600; server/mock/traffic.ts),
   * or 0 (default) for off until the QA control `/v1/mock/traffic/update` starts it. It runs with
   * `qaControls` off too: a shared demo server moves on its own without anyone's controls.
   */
  demoTraffic: number;
  /** Proxy: the console's public host name, sent upstream as X-Forwarded-Host and used as the Domain of relayed cookies; null sends none. */
  publicHost: string | null;
  /** Whether the web bundle's source maps (`*.map`) are served; off in production. */
  publicSourceMaps: boolean;
  /**
   * `localized` (default) answers error messages in the request's Accept-Language with
   * field labels (plugins/localize.ts); `raw` keeps the mock's developer form `<field key>: <English>`
   * (server tests about other matters, scripts).
   */
  messages: 'localized' | 'raw';
  /** Proxy/hybrid check the platform's answers against the contract (server/platform/drift.ts); off skips it. */
  contractValidation: boolean;
  /**
   * Proxy/hybrid: the platform refuses stale writes itself (contract `VERSION_RULE`), so the console
   * relays a write with its version untouched instead of reading the record's version first.
   */
  platformChecksVersion: boolean;
  /** Largest redacted example kept per contract drift, in bytes of JSON. */
  driftExampleBytes: number;
  /** Proxy/hybrid: seconds between the live-event watcher's rounds of the platform's lists (server/events/watcher.ts); 0 = off. */
  watchIntervalSeconds: number;
  /** Proxy/hybrid: entities (contract names) whose platform-side changes the watcher finds. */
  watchKinds: string[];
  /** Hybrid: endpoints always answered by the mock, as glob patterns (`*` within a segment, `**` across). */
  mockEndpoints: string[];
  /** Hybrid: how long a platform 404/501 for a contract endpoint is remembered (answered by the mock without asking), in seconds. */
  mockFallbackTtl: number;
  /** Whether the console shows its "mock" marker on data the mock served (read by the client from `/healthz`). */
  mockMarker: boolean;
  /** Proxy/hybrid: folder where each distinct exchange with the platform is recorded; replay: folder served. */
  recordDir: string | null;
  /** Largest total size of a recording folder in MB; recording stops (with a warning) beyond it. */
  recordMaxMb: number;
  /** Replay: what answers a request with no recording: the mock store or a 404 envelope. */
  replayFallback: 'mock' | '404';
  /** Mock/hybrid/replay: folder of `<entity>.json` seed fixtures that replace the generated rows of those entities. */
  fixturesDir: string | null;
  /**
   * Mock mode: folder where generated seed data is kept between starts (later boots read
   * it instead of generating); null when turned off. Default {@link defaultCacheDir}.
   */
  cacheDir: string | null;
  /**
   * The audit trail's SQLite file, `:memory:` (kept until the process ends), or null when
   * turned off (`AUDIT_DB=off`). Default {@link defaultAuditDb}. It is the console's own database
   * (server/console-db) unless {@link consoleDatabaseUrl} names a PostgreSQL one; with the trail off
   * that database is kept in memory.
   */
  auditDb: string | null;
  /**
   * The console's own database (server/console-db: the audit trail, live events' tickets and
   * window) as PostgreSQL instead of `auditDb`'s SQLite file (`CONSOLE_DATABASE_URL`, alias
   * `AUDIT_DATABASE_URL`, `postgres://…`; replicas sharing it keep one audit chain and hear each
   * other's events), or null.
   */
  consoleDatabaseUrl: string | null;
  /** The same URL as {@link consoleDatabaseUrl}, under the audit trail's older name. */
  auditDatabaseUrl: string | null;
  /** Audit entries older than this many days are pruned daily; 0 keeps everything. */
  auditRetentionDays: number;
  /** Four eyes (server/approvals): hours a pending approval waits before it expires. */
  approvalHours: number;
  /** Four eyes: the thresholds above which an operation waits for a second person (server/contract/approvals.ts `APPROVAL_RULES`). */
  approvalThresholds: { refundCents: number; walletCents: number; revealCount: number; voidCount: number };
  /** Days a deleted record stays in the trash (server/trash) before it is purged; 1–3650, default 30. */
  trashDays: number;
  /**
   * What an audited write meets while the trail cannot take its entry (the store failing, or full
   * at `auditMaxMb`): `refuse` (default) answers a 503 envelope and carries nothing out;
   * `continue` carries it out and records the gap (how many entries were lost, and when) in the chain.
   */
  auditOnFailure: 'refuse' | 'continue';
  /** Most MB the trail's store holds (live pages of the SQLite file, the tables on PostgreSQL); a warning at 80 %, then {@link auditOnFailure}. 0: no bound. */
  auditMaxMb: number;
  /** The chain's HMAC key (`AUDIT_KEY`, at least 32 characters), or null to use {@link auditKeyFile}. */
  auditKey: string | null;
  /**
   * Where the chain's key is kept when `AUDIT_KEY` is unset: generated there (mode 0600) at first
   * start, outside the database. Default `audit.key` beside `AUDIT_DB`'s file (beside the default
   * file when the trail is on PostgreSQL); null for a trail in memory (a key per process).
   */
  auditKeyFile: string | null;
  /** Export jobs (server/exports): folder of the workbooks, created at start. Default `exports` beside the default console database file. */
  exportDir: string;
  /** Export jobs and their files are deleted this many days after they were made. */
  exportDays: number;
  /** Most rows one export job writes; a list holding more is refused. */
  exportMaxRows: number;
  /** Export jobs one user may have queued or running at once. */
  exportPerUser: number;
  /** Export jobs queued or running at once in all. */
  exportConcurrency: number;
  /** Most MB the export folder holds; a new job is refused and a running one fails beyond it. */
  exportQuotaMb: number;
}

/**
 * Where the audit trail is kept unless `AUDIT_DB` says: `data/audit.sqlite` in the project (the
 * container mounts a volume there), or `<OS temp dir>/game-console-data/audit.sqlite` when the
 * project folder is not writable.
 */
export function defaultAuditDb(): string {
  for (let dir = here; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) {
      try {
        fs.accessSync(dir, fs.constants.W_OK);
        return path.join(dir, 'data', 'audit.sqlite');
      } catch {
        break;
      }
    }
    if (path.dirname(dir) === dir) break;
  }
  return path.join(os.tmpdir(), 'game-console-data', 'audit.sqlite');
}

/**
 * Where the mock keeps its seed snapshots unless `CACHE_DIR` says: `node_modules/.cache/game-console`
 * of the project (the folder build tools use), or `<OS temp dir>/game-console-cache` when the project
 * has no writable node_modules (a read-only image, a deployment without it).
 */
export function defaultCacheDir(): string {
  for (let dir = here; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) {
      const modules = path.join(dir, 'node_modules');
      try {
        fs.accessSync(modules, fs.constants.W_OK);
        return path.join(modules, '.cache', 'game-console');
      } catch {
        break;
      }
    }
    if (path.dirname(dir) === dir) break;
  }
  return path.join(os.tmpdir(), 'game-console-cache');
}

function messagesMode(name: string, v: string | undefined): Config['messages'] {
  const m = (v ?? 'localized').trim();
  if (m !== 'localized' && m !== 'raw') throw new ConfigError(`${name} must be localized or raw, got "${v}"`);
  return m;
}

/** Thrown for a bad setting; the message names the setting and what it accepts. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const here = path.dirname(fileURLToPath(import.meta.url));
// dist/server/main.js and server/config.ts both sit one level under the project root.
const inDist = path.basename(path.dirname(here)) === 'dist';
const defaultDist = path.resolve(here, '..', inDist ? '' : 'dist', 'web');

/** Settings, their environment variable, CLI flag and docs; the README's table is this list. */
export const SETTINGS = [
  { key: 'mode', env: 'MODE', flag: 'mode', doc: '`mock` (default), `proxy`, `hybrid` or `replay`' },
  { key: 'host', env: 'HOST', flag: 'host', doc: 'listen address, default 0.0.0.0' },
  { key: 'port', env: 'PORT', flag: 'port', doc: 'listen port, default 8899' },
  { key: 'upstreamUrl', env: 'UPSTREAM_URL', flag: 'upstream-url', doc: 'platform base URL, required in proxy mode' },
  { key: 'seed', env: 'SEED', flag: 'seed', doc: 'faker seed of the mock data, default 20261121' },
  { key: 'seedDate', env: 'SEED_DATE', flag: 'seed-date', doc: "mock data's \"now\": an ISO date or date-time (`2026-11-01T08:00:00Z`) pinning the seeded timeline; default the start of the hour the server starts in" },
  { key: 'scale', env: 'SCALE', flag: 'scale', doc: 'mock data volume multiplier (0.05-100, e.g. 10 for load tests), default 1' },
  { key: 'tokenTtl', env: 'TOKEN_TTL', flag: 'token-ttl', doc: 'mock session token lifetime in seconds, default 7200' },
  { key: 'mockCaptchaCode', env: 'MOCK_CAPTCHA_CODE', flag: 'mock-captcha-code', doc: 'mock mode: a code every captcha accepts (UI tests)' },
  { key: 'logLevel', env: 'LOG_LEVEL', flag: 'log-level', doc: 'fatal|error|warn|info|debug|trace|silent, default info' },
  { key: 'distDir', env: 'DIST_DIR', flag: 'dist-dir', doc: 'folder of the built web bundle, default dist/web' },
  { key: 'upstreamTimeoutMs', env: 'UPSTREAM_TIMEOUT_MS', flag: 'upstream-timeout-ms', doc: 'proxy: upstream response timeout, default 1200000' },
  { key: 'upstreamConnectTimeoutMs', env: 'UPSTREAM_CONNECT_TIMEOUT_MS', flag: 'upstream-connect-timeout-ms', doc: 'proxy: connect timeout, default 5000' },
  { key: 'shutdownGraceMs', env: 'SHUTDOWN_GRACE_MS', flag: 'shutdown-grace-ms', doc: 'graceful shutdown limit, default 10000' },
  { key: 'uploadDir', env: 'UPLOAD_DIR', flag: 'upload-dir', doc: 'mock mode: folder of uploaded images, default <OS temp dir>/game-console-uploads' },
  { key: 'uploadConcurrency', env: 'UPLOAD_CONCURRENCY', flag: 'upload-concurrency', doc: 'mock mode: uploads received at once (1-1000), default 4' },
  { key: 'uploadQuotaMb', env: 'UPLOAD_QUOTA_MB', flag: 'upload-quota-mb', doc: 'mock mode: most MB the upload folder holds, default 1024' },
  { key: 'uploadOrphanMinutes', env: 'UPLOAD_ORPHAN_MINUTES', flag: 'upload-orphan-minutes', doc: 'mock mode: minutes before a stored upload no record mentions is removed, default 60' },
  { key: 'requestTimeoutMs', env: 'REQUEST_TIMEOUT_MS', flag: 'request-timeout-ms', doc: 'longest time to receive a whole request, default 120000' },
  { key: 'headersTimeoutMs', env: 'HEADERS_TIMEOUT_MS', flag: 'headers-timeout-ms', doc: 'longest time to receive the headers, default 10000' },
  { key: 'bodyTimeoutMs', env: 'BODY_TIMEOUT_MS', flag: 'body-timeout-ms', doc: 'longest silence while a body arrives, default 15000' },
  { key: 'keepAliveTimeoutMs', env: 'KEEP_ALIVE_TIMEOUT_MS', flag: 'keep-alive-timeout-ms', doc: 'idle keep-alive connection lifetime, default 10000' },
  { key: 'maxConnections', env: 'MAX_CONNECTIONS', flag: 'max-connections', doc: 'most open connections, default 1000' },
  { key: 'shedEventLoopDelayMs', env: 'SHED_EVENT_LOOP_DELAY_MS', flag: 'shed-event-loop-delay-ms', doc: 'load shedding threshold (0 = off), default 2000' },
  { key: 'loginRatePerIp', env: 'LOGIN_RATE_PER_IP', flag: 'login-rate-per-ip', doc: 'sign-in attempts per client address per minute, default 60' },
  { key: 'loginFailuresPerAccount', env: 'LOGIN_FAILURES_PER_ACCOUNT', flag: 'login-failures-per-account', doc: 'failed sign-ins of a username from one address before that pair waits, default 10' },
  { key: 'loginLockSeconds', env: 'LOGIN_LOCK_SECONDS', flag: 'login-lock-seconds', doc: 'how long it waits, default 900' },
  { key: 'captchaPerClient', env: 'CAPTCHA_PER_CLIENT', flag: 'captcha-per-client', doc: 'pending captchas per client address, default 20' },
  { key: 'trustProxy', env: 'TRUST_PROXY', flag: 'trust-proxy', doc: 'reverse proxies whose X-Forwarded-For is believed, counted from the right: off (default), a hop count (true = 1), or comma-separated proxy addresses/CIDRs' },
  { key: 'qaControls', env: 'QA_CONTROLS', flag: 'qa-controls', doc: 'mock: on (default) or off' },
  { key: 'demoTraffic', env: 'DEMO_TRAFFIC', flag: 'demo-traffic', doc: 'mock: live demo traffic from the start, events per minute (1-600; `on` = 30), or off (default)' },
  { key: 'publicHost', env: 'PUBLIC_HOST', flag: 'public-host', doc: "proxy: the console's public host name" },
  { key: 'publicSourceMaps', env: 'PUBLIC_SOURCE_MAPS', flag: 'public-source-maps', doc: 'serve *.map files: off (default) or on' },
  { key: 'cacheDir', env: 'CACHE_DIR', flag: 'cache-dir', doc: 'mock mode: folder of seed snapshots kept between starts, or `off`; default node_modules/.cache/game-console (else <OS temp dir>/game-console-cache)' },
  { key: 'auditDb', env: 'AUDIT_DB', flag: 'audit-db', doc: 'audit trail: SQLite file, `:memory:`, or `off`; default data/audit.sqlite in the project (else <OS temp dir>/game-console-data/audit.sqlite)' },
  { key: 'consoleDatabaseUrl', env: 'CONSOLE_DATABASE_URL', flag: 'console-database-url', doc: "the console's own database (audit trail, live events): a PostgreSQL URL (postgres://user:pass@host:5432/db) used instead of the AUDIT_DB SQLite file, for replicas sharing one database" },
  { key: 'auditDatabaseUrl', env: 'AUDIT_DATABASE_URL', flag: 'audit-database-url', doc: 'alias of CONSOLE_DATABASE_URL' },
  { key: 'auditRetentionDays', env: 'AUDIT_RETENTION_DAYS', flag: 'audit-retention-days', doc: 'audit trail: days an entry is kept (0 = for ever), default 180' },
  { key: 'approvalHours', env: 'APPROVAL_HOURS', flag: 'approval-hours', doc: 'four eyes: hours a pending approval waits before it expires, default 24' },
  { key: 'approvalRefundCents', env: 'APPROVAL_REFUND_CENTS', flag: 'approval-refund-cents', doc: 'four eyes: a refund above this many cents waits for a second person, default 100000 (¥1,000)' },
  { key: 'approvalWalletCents', env: 'APPROVAL_WALLET_CENTS', flag: 'approval-wallet-cents', doc: 'four eyes: a wallet recharge or withdrawal above this many cents waits for a second person, default 100000 (¥1,000)' },
  { key: 'approvalRevealCount', env: 'APPROVAL_REVEAL_COUNT', flag: 'approval-reveal-count', doc: 'four eyes: revealing the codes of more than this many order lines at once waits for a second person, default 5' },
  { key: 'approvalVoidCount', env: 'APPROVAL_VOID_COUNT', flag: 'approval-void-count', doc: 'four eyes: a batch void of more than this many codes, cards or accounts waits for a second person, default 20' },
  { key: 'trashDays', env: 'TRASH_DAYS', flag: 'trash-days', doc: 'trash: days a deleted record can be restored before it is purged, default 30' },
  { key: 'auditOnFailure', env: 'AUDIT_ON_FAILURE', flag: 'audit-on-failure', doc: 'audit trail: while it cannot take an entry (store failing or full), `refuse` audited writes (default) or `continue` them and record the gap' },
  { key: 'auditMaxMb', env: 'AUDIT_MAX_MB', flag: 'audit-max-mb', doc: 'audit trail: most MB its store holds (warning at 80 %, then AUDIT_ON_FAILURE; 0 = no bound), default 2048' },
  { key: 'auditKey', env: 'AUDIT_KEY', flag: 'audit-key', doc: "audit trail: the chain's HMAC key, at least 32 characters (replicas on one PostgreSQL trail share it); unset, one is generated into AUDIT_KEY_FILE" },
  { key: 'auditKeyFile', env: 'AUDIT_KEY_FILE', flag: 'audit-key-file', doc: 'audit trail: file of the generated key (mode 0600), default audit.key beside the AUDIT_DB file' },
  { key: 'exportDir', env: 'EXPORT_DIR', flag: 'export-dir', doc: 'export jobs: folder of the workbooks, default exports beside the default AUDIT_DB file (data/exports)' },
  { key: 'exportDays', env: 'EXPORT_DAYS', flag: 'export-days', doc: 'export jobs: days a job and its file are kept (1-3650), default 7' },
  { key: 'exportMaxRows', env: 'EXPORT_MAX_ROWS', flag: 'export-max-rows', doc: 'export jobs: most rows one job writes, default 1000000' },
  { key: 'exportPerUser', env: 'EXPORT_PER_USER', flag: 'export-per-user', doc: 'export jobs: jobs one user may run at once (1-100), default 2' },
  { key: 'exportConcurrency', env: 'EXPORT_CONCURRENCY', flag: 'export-concurrency', doc: 'export jobs: jobs running at once in all (1-100), default 4' },
  { key: 'exportQuotaMb', env: 'EXPORT_QUOTA_MB', flag: 'export-quota-mb', doc: 'export jobs: most MB the export folder holds, default 2048' },
  { key: 'messages', env: 'MESSAGES', flag: 'messages', doc: 'error messages: localized (default; Accept-Language, field labels) or raw (`<field key>: <English>`)' },
  { key: 'contractValidation', env: 'CONTRACT_VALIDATION', flag: 'contract-validation', doc: "proxy/hybrid: check the platform's answers against the contract, on (default) or off" },
  { key: 'platformChecksVersion', env: 'PLATFORM_CHECKS_VERSION', flag: 'platform-checks-version', doc: "proxy/hybrid: the platform refuses stale writes itself (on) or the console checks a write's version through `info` before relaying it (off, default)" },
  { key: 'watchIntervalSeconds', env: 'WATCH_INTERVAL_SECONDS', flag: 'watch-interval-seconds', doc: "proxy/hybrid: seconds between the live-event watcher's reads of the platform's lists (one per watched entity and replica, with an open stream's session; 0 = off), default 15" },
  { key: 'watchKinds', env: 'WATCH_KINDS', flag: 'watch-kinds', doc: 'proxy/hybrid: comma-separated entities the watcher reads, default order,refund,feedback,rentApply' },
  { key: 'driftExampleBytes', env: 'DRIFT_EXAMPLE_BYTES', flag: 'drift-example-bytes', doc: 'largest redacted example kept per contract drift (256-65536), default 8192' },
  { key: 'mockEndpoints', env: 'MOCK_ENDPOINTS', flag: 'mock-endpoints', doc: 'hybrid: comma-separated path globs always answered by the mock (`/v1/feedback/**`)' },
  { key: 'mockFallbackTtl', env: 'MOCK_FALLBACK_TTL', flag: 'mock-fallback-ttl', doc: 'hybrid: seconds a platform 404/501 is remembered per endpoint, default 300' },
  { key: 'mockMarker', env: 'MOCK_MARKER', flag: 'mock-marker', doc: 'show the "mock" marker on mock-served data: on (default) or off' },
  { key: 'recordDir', env: 'RECORD_DIR', flag: 'record-dir', doc: 'proxy/hybrid: record exchanges into this folder; replay: the recording to serve' },
  { key: 'recordMaxMb', env: 'RECORD_MAX_MB', flag: 'record-max-mb', doc: 'proxy/hybrid: size cap of the recording in MB, default 200' },
  { key: 'replayFallback', env: 'REPLAY_FALLBACK', flag: 'replay-fallback', doc: 'replay: mock (default) or 404 for a request with no recording' },
  { key: 'fixturesDir', env: 'FIXTURES_DIR', flag: 'fixtures-dir', doc: 'mock/hybrid/replay: folder of <entity>.json rows replacing the generated ones' },
] as const;

type Raw = Partial<Record<(typeof SETTINGS)[number]['key'], string>>;

/** A `postgres://` or `postgresql://` URL, or null when empty; the error never echoes it (it may hold a password). */
function postgresUrl(name: string, raw: string | undefined): string | null {
  const v = raw?.trim();
  if (!v) return null;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new ConfigError(`${name} must be a postgres:// URL`);
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') throw new ConfigError(`${name} must be a postgres:// URL, got "${u.protocol}"`);
  return v;
}

function int(name: string, raw: string | undefined, dflt: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return dflt;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number between ${min} and ${max}, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** An ISO 8601 date (`2026-11-01`, midnight UTC) or date-time with its zone (`2026-11-01T08:00:00Z`), as ms since epoch. */
function instant(name: string, raw: string | undefined, dflt: number): number {
  const v = raw?.trim();
  if (!v) return dflt;
  const ms = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(v) ? Date.parse(v) : NaN;
  if (!Number.isFinite(ms) || ms < Date.UTC(2000, 0, 1) || ms > Date.UTC(2100, 0, 1)) throw new ConfigError(`${name} must be an ISO date or date-time with its zone between 2000 and 2100 (2026-11-01T08:00:00Z), got "${raw}"`);
  return ms;
}

function decimal(name: string, raw: string | undefined, dflt: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return dflt;
  if (!/^\d+(\.\d+)?$/.test(raw.trim())) throw new ConfigError(`${name} must be a number between ${min} and ${max}, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function onOff(name: string, raw: string | undefined, dflt: boolean): boolean {
  if (raw === undefined || raw.trim() === '') return dflt;
  const v = raw.trim().toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(v)) return true;
  if (['off', 'false', '0', 'no'].includes(v)) return false;
  throw new ConfigError(`${name} must be "on" or "off", got "${raw}"`);
}

/** DEMO_TRAFFIC: `off`/`0`/unset → 0, `on` → 30, else events per minute 1–600; mock mode only (the traffic writes into the mock store). */
function demoTraffic(mode: Mode, name: string, raw: string | undefined): number {
  const v = raw?.trim().toLowerCase();
  if (!v || v === 'off' || v === '0' || v === 'false' || v === 'no') return 0;
  if (mode !== 'mock') throw new ConfigError(`${name} is allowed only in mock mode`);
  if (v === 'on' || v === 'true' || v === 'yes') return 30;
  return int(name, v, 0, 1, 600);
}

/** A host name with an optional port (`console.example.com`, `console.example.com:8443`). */
function publicHost(name: string, raw: string | undefined): string | null {
  const v = raw?.trim();
  if (!v) return null;
  if (!/^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/.test(v)) throw new ConfigError(`${name} must be a host name with an optional port, got "${raw}"`);
  return v.toLowerCase();
}

/** See {@link Config.trustProxy}: `false`, a hop count, or a list of addresses/CIDRs/names. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `off`/`false`/`0`/empty → false, `on`/`true` → 1 (one hop: the nearest proxy's
 * word, never the client's left-most entry), `1`-`16` → hop count, else a
 * comma-separated list whose every item is an IPv4/IPv6 address, such an address with a `/prefix`
 * (0-32 or 0-128), or one of {@link PROXY_RANGE_NAMES}.
 * @throws ConfigError naming the setting and the item it could not read.
 */
function trustProxy(name: string, raw: string | undefined): TrustProxy {
  const v = raw?.trim() ?? '';
  const lower = v.toLowerCase();
  if (v === '' || ['off', 'false', 'no', '0'].includes(lower)) return false;
  if (['on', 'true', 'yes'].includes(lower)) return 1;
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    if (n < 1 || n > 16) throw new ConfigError(`${name} as a hop count must be between 1 and 16, got ${n}`);
    return n;
  }
  const items = v.split(',').map((s) => s.trim()).filter(Boolean);
  for (const item of items) {
    if (PROXY_RANGE_NAMES.has(item.toLowerCase())) continue;
    const [addr, prefix, ...rest] = item.split('/');
    const family = net.isIP(addr);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !prefixOk || rest.length) {
      throw new ConfigError(
        `${name} must be off, true, a hop count (1-16) or comma-separated proxy addresses or CIDR ranges (10.0.0.1, 10.0.0.0/8, ::1, loopback), got "${item}"`,
      );
    }
  }
  return items.map((s) => (PROXY_RANGE_NAMES.has(s.toLowerCase()) ? s.toLowerCase() : s));
}

/**
 * The `trustProxy` option Fastify is built with (server/app.ts) for a {@link TrustProxy} setting;
 * it serves `request.protocol` and `host`, while `request.ip` is server/plugins/client-address.ts's. A hop count becomes a function trusting the `n` nearest hops: Fastify 5 ignores a bare number
 * (it fails closed, trusting nobody), which would silently undo the setting.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Reads the configuration from CLI flags (`--port 9000`) over environment variables (`PORT=9000`).
 * @throws ConfigError naming the bad setting (e.g. "PORT must be between 0 and 65535, got 70000").
 */
export function loadConfig(argv: string[] = [], env: NodeJS.ProcessEnv = {}): Config {
  const options = Object.fromEntries(SETTINGS.map((s) => [s.flag, { type: 'string' as const }]));
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values as Record<string, string | undefined>;
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
  const raw: Raw = {};
  for (const s of SETTINGS) raw[s.key] = values[s.flag] ?? env[s.env];
  const label = (key: keyof Raw) => {
    const s = SETTINGS.find((x) => x.key === key)!;
    return values[s.flag] !== undefined ? `--${s.flag}` : s.env;
  };

  const mode = (raw.mode ?? 'mock').trim() as Mode;
  if (!MODES.includes(mode)) throw new ConfigError(`${label('mode')} must be one of ${MODES.join(', ')}, got "${raw.mode}"`);

  let upstreamUrl: string | null = raw.upstreamUrl?.trim() || null;
  if (upstreamUrl) {
    let u: URL;
    try {
      u = new URL(upstreamUrl);
    } catch {
      throw new ConfigError(`${label('upstreamUrl')} must be an absolute http(s) URL, got "${upstreamUrl}"`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ConfigError(`${label('upstreamUrl')} must use http or https, got "${u.protocol}"`);
    upstreamUrl = u.origin + u.pathname.replace(/\/+$/, '');
  }
  if ((mode === 'proxy' || mode === 'hybrid') && !upstreamUrl) throw new ConfigError(`UPSTREAM_URL is required when MODE is "${mode}"`);

  const logLevel = (raw.logLevel ?? 'info').trim() as LogLevel;
  if (!LEVELS.includes(logLevel)) throw new ConfigError(`${label('logLevel')} must be one of ${LEVELS.join(', ')}, got "${raw.logLevel}"`);

  const mockCaptchaCode = raw.mockCaptchaCode?.trim() || null;
  // Replay signs in against the mock (recordings hold no usable token), so its captcha may be fixed too.
  if (mockCaptchaCode && mode !== 'mock' && mode !== 'replay') throw new ConfigError('MOCK_CAPTCHA_CODE is allowed only in mock and replay modes');
  if (mockCaptchaCode && !/^[A-Za-z0-9]{1,12}$/.test(mockCaptchaCode)) throw new ConfigError(`${label('mockCaptchaCode')} must be 1-12 letters or digits`);

  return {
    mode,
    host: raw.host?.trim() || '0.0.0.0',
    port: int(label('port'), raw.port, 8899, 0, 65535),
    upstreamUrl,
    seed: int(label('seed'), raw.seed, 20261121, 0, 2 ** 31 - 1),
    seedDate: instant(label('seedDate'), raw.seedDate, Math.floor(Date.now() / 3_600_000) * 3_600_000),
    scale: decimal(label('scale'), raw.scale, 1, 0.05, 100),
    tokenTtl: int(label('tokenTtl'), raw.tokenTtl, 7200, 1, 31 * 24 * 3600),
    mockCaptchaCode,
    logLevel,
    distDir: path.resolve(raw.distDir?.trim() || defaultDist),
    upstreamTimeoutMs: int(label('upstreamTimeoutMs'), raw.upstreamTimeoutMs, 1_200_000, 1, 3_600_000),
    upstreamConnectTimeoutMs: int(label('upstreamConnectTimeoutMs'), raw.upstreamConnectTimeoutMs, 5000, 1, 600_000),
    shutdownGraceMs: int(label('shutdownGraceMs'), raw.shutdownGraceMs, 10_000, 0, 600_000),
    uploadDir: path.resolve(raw.uploadDir?.trim() || path.join(os.tmpdir(), 'game-console-uploads')),
    uploadConcurrency: int(label('uploadConcurrency'), raw.uploadConcurrency, 4, 1, 1000),
    uploadQuotaMb: int(label('uploadQuotaMb'), raw.uploadQuotaMb, 1024, 1, 10_000_000),
    uploadOrphanMinutes: int(label('uploadOrphanMinutes'), raw.uploadOrphanMinutes, 60, 1, 366 * 24 * 60),
    cacheDir: raw.cacheDir?.trim().toLowerCase() === 'off' ? null : path.resolve(raw.cacheDir?.trim() || defaultCacheDir()),
    auditDb: raw.auditDb?.trim().toLowerCase() === 'off' ? null : raw.auditDb?.trim() === ':memory:' ? ':memory:' : path.resolve(raw.auditDb?.trim() || defaultAuditDb()),
    ...consoleDatabase(raw, label),
    auditRetentionDays: int(label('auditRetentionDays'), raw.auditRetentionDays, 180, 0, 36_500),
    approvalHours: int(label('approvalHours'), raw.approvalHours, 24, 1, 24 * 366),
    approvalThresholds: {
      refundCents: int(label('approvalRefundCents'), raw.approvalRefundCents, 100_000, 0, 100_000_000_000),
      walletCents: int(label('approvalWalletCents'), raw.approvalWalletCents, 100_000, 0, 100_000_000_000),
      revealCount: int(label('approvalRevealCount'), raw.approvalRevealCount, 5, 0, 100_000),
      voidCount: int(label('approvalVoidCount'), raw.approvalVoidCount, 20, 0, 100_000),
    },
    trashDays: int(label('trashDays'), raw.trashDays, 30, 1, 3650),
    exportDir: path.resolve(raw.exportDir?.trim() || path.join(path.dirname(defaultAuditDb()), 'exports')),
    exportDays: int(label('exportDays'), raw.exportDays, 7, 1, 3650),
    exportMaxRows: int(label('exportMaxRows'), raw.exportMaxRows, 1_000_000, 1, 10_000_000),
    exportPerUser: int(label('exportPerUser'), raw.exportPerUser, 2, 1, 100),
    exportConcurrency: int(label('exportConcurrency'), raw.exportConcurrency, 4, 1, 100),
    exportQuotaMb: int(label('exportQuotaMb'), raw.exportQuotaMb, 2048, 1, 10_000_000),
    ...auditHardening(raw, label),
    requestTimeoutMs: int(label('requestTimeoutMs'), raw.requestTimeoutMs, 120_000, 1000, 3_600_000),
    headersTimeoutMs: int(label('headersTimeoutMs'), raw.headersTimeoutMs, 10_000, 100, 600_000),
    bodyTimeoutMs: int(label('bodyTimeoutMs'), raw.bodyTimeoutMs, 15_000, 100, 3_600_000),
    keepAliveTimeoutMs: int(label('keepAliveTimeoutMs'), raw.keepAliveTimeoutMs, 10_000, 100, 600_000),
    maxConnections: int(label('maxConnections'), raw.maxConnections, 1000, 1, 1_000_000),
    shedEventLoopDelayMs: int(label('shedEventLoopDelayMs'), raw.shedEventLoopDelayMs, 2000, 0, 600_000),
    loginRatePerIp: int(label('loginRatePerIp'), raw.loginRatePerIp, 60, 1, 1_000_000),
    loginFailuresPerAccount: int(label('loginFailuresPerAccount'), raw.loginFailuresPerAccount, 10, 1, 1_000_000),
    loginLockSeconds: int(label('loginLockSeconds'), raw.loginLockSeconds, 900, 1, 31 * 24 * 3600),
    captchaPerClient: int(label('captchaPerClient'), raw.captchaPerClient, 20, 1, 10_000),
    trustProxy: trustProxy(label('trustProxy'), raw.trustProxy),
    qaControls: onOff(label('qaControls'), raw.qaControls, true),
    demoTraffic: demoTraffic(mode, label('demoTraffic'), raw.demoTraffic),
    publicHost: publicHost(label('publicHost'), raw.publicHost),
    publicSourceMaps: onOff(label('publicSourceMaps'), raw.publicSourceMaps, false),
    messages: messagesMode(label('messages'), raw.messages),
    contractValidation: onOff(label('contractValidation'), raw.contractValidation, true),
    platformChecksVersion: onOff(label('platformChecksVersion'), raw.platformChecksVersion, false),
    driftExampleBytes: int(label('driftExampleBytes'), raw.driftExampleBytes, 8192, 256, 65_536),
    watchIntervalSeconds: int(label('watchIntervalSeconds'), raw.watchIntervalSeconds, 15, 0, 86_400),
    watchKinds: watchKinds(label('watchKinds'), raw.watchKinds),
    ...platformTraffic(mode, raw, label),
  };
}

/**
 * CONSOLE_DATABASE_URL and its alias AUDIT_DATABASE_URL: either names the database; both set must
 * name the same one (else which one the console uses would be a guess).
 * @throws ConfigError naming the setting (never echoing the URL, which may hold a password).
 */
function consoleDatabase(raw: Raw, label: (key: keyof Raw) => string): Pick<Config, 'consoleDatabaseUrl' | 'auditDatabaseUrl'> {
  const main = postgresUrl(label('consoleDatabaseUrl'), raw.consoleDatabaseUrl);
  const alias = postgresUrl(label('auditDatabaseUrl'), raw.auditDatabaseUrl);
  if (main && alias && main !== alias) throw new ConfigError(`${label('consoleDatabaseUrl')} and ${label('auditDatabaseUrl')} name different databases; set one (${label('auditDatabaseUrl')} is its alias)`);
  const url = main ?? alias;
  return { consoleDatabaseUrl: url, auditDatabaseUrl: url };
}

/**
 * AUDIT_ON_FAILURE, AUDIT_MAX_MB, AUDIT_KEY and AUDIT_KEY_FILE (see {@link Config}). The key is
 * never echoed in an error.
 */
function auditHardening(raw: Raw, label: (key: keyof Raw) => string): Pick<Config, 'auditOnFailure' | 'auditMaxMb' | 'auditKey' | 'auditKeyFile'> {
  const onFailure = (raw.auditOnFailure ?? '').trim().toLowerCase() || 'refuse';
  if (onFailure !== 'refuse' && onFailure !== 'continue') throw new ConfigError(`${label('auditOnFailure')} must be refuse or continue, got "${raw.auditOnFailure}"`);
  const key = raw.auditKey?.trim() || null;
  if (key !== null && key.length < 32) throw new ConfigError(`${label('auditKey')} must be at least 32 characters (it was ${key.length})`);
  const db = raw.auditDb?.trim();
  const file = raw.auditKeyFile?.trim();
  let keyFile: string | null;
  const pgUrl = raw.consoleDatabaseUrl?.trim() || raw.auditDatabaseUrl?.trim();
  if (file) keyFile = path.resolve(file);
  else if (db === ':memory:' && !pgUrl) keyFile = null;
  else keyFile = path.join(path.dirname(db && db.toLowerCase() !== 'off' && db !== ':memory:' && !pgUrl ? path.resolve(db) : defaultAuditDb()), 'audit.key');
  if (keyFile !== null && db && keyFile === path.resolve(db)) throw new ConfigError(`${label('auditKeyFile')} must not be the trail's database file`);
  return { auditOnFailure: onFailure, auditMaxMb: decimal(label('auditMaxMb'), raw.auditMaxMb, 2048, 0, 10_000_000), auditKey: key, auditKeyFile: keyFile };
}

/** Entities the live-event watcher can read: those with a list endpoint. */
const WATCHABLE = new Set((ENTITIES as readonly AnyEntity[]).filter((e) => e.ops.list).map((e) => e.name));

/** WATCH_KINDS: contract entity names with a list endpoint. @throws ConfigError naming an unknown one. */
function watchKinds(label: string, raw: string | undefined): string[] {
  const names = (raw ?? '').trim() ? raw!.split(',').map((n) => n.trim()).filter(Boolean) : ['order', 'refund', 'feedback', 'rentApply'];
  for (const n of names) if (!WATCHABLE.has(n)) throw new ConfigError(`${label}: "${n}" is not an entity with a list (e.g. order, refund, feedback, rentApply)`);
  return [...new Set(names)];
}

const only = (label: string, modes: Mode[], mode: Mode) => {
  if (!modes.includes(mode)) throw new ConfigError(`${label} is allowed only when MODE is ${modes.join(' or ')}, not "${mode}"`);
};

/** A glob of MOCK_ENDPOINTS: an absolute path of letters, digits, `/`, `-`, `_`, `.` and `*`. */
const ENDPOINT_GLOB = /^\/[A-Za-z0-9/_.*-]{0,200}$/;

/** Settings (hybrid, record and replay, fixtures), each refused in a mode where it means nothing. */
function platformTraffic(mode: Mode, raw: Raw, label: (key: keyof Raw) => string) {
  const set = (v: string | undefined) => v !== undefined && v.trim() !== '';
  const mockEndpoints = set(raw.mockEndpoints)
    ? raw
        .mockEndpoints!.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
  if (set(raw.mockEndpoints)) only(label('mockEndpoints'), ['hybrid'], mode);
  for (const g of mockEndpoints)
    if (!ENDPOINT_GLOB.test(g)) throw new ConfigError(`${label('mockEndpoints')} must list path globs such as /v1/feedback/** separated by commas, got "${g}"`);
  if (set(raw.mockFallbackTtl)) only(label('mockFallbackTtl'), ['hybrid'], mode);
  if (set(raw.recordDir)) only(label('recordDir'), ['proxy', 'hybrid', 'replay'], mode);
  if (mode === 'replay' && !set(raw.recordDir)) throw new ConfigError('RECORD_DIR is required when MODE is "replay" (the recording to serve)');
  if (set(raw.recordMaxMb)) {
    only(label('recordMaxMb'), ['proxy', 'hybrid'], mode);
    if (!set(raw.recordDir)) throw new ConfigError(`${label('recordMaxMb')} needs RECORD_DIR (the folder it caps)`);
  }
  if (set(raw.replayFallback)) only(label('replayFallback'), ['replay'], mode);
  const replayFallback = (raw.replayFallback ?? 'mock').trim() || 'mock';
  if (replayFallback !== 'mock' && replayFallback !== '404') throw new ConfigError(`${label('replayFallback')} must be mock or 404, got "${raw.replayFallback}"`);
  if (set(raw.fixturesDir)) only(label('fixturesDir'), ['mock', 'hybrid', 'replay'], mode);
  return {
    mockEndpoints,
    mockFallbackTtl: int(label('mockFallbackTtl'), raw.mockFallbackTtl, 300, 0, 7 * 24 * 3600),
    mockMarker: onOff(label('mockMarker'), raw.mockMarker, true),
    recordDir: set(raw.recordDir) ? path.resolve(raw.recordDir!.trim()) : null,
    recordMaxMb: int(label('recordMaxMb'), raw.recordMaxMb, 200, 1, 100_000),
    replayFallback: replayFallback as Config['replayFallback'],
    fixturesDir: set(raw.fixturesDir) ? path.resolve(raw.fixturesDir!.trim()) : null,
  };
}

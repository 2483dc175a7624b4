import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import os from 'node:os';

/** Which implementation answers `/v1`, `/api/v1` and `/upload`. */
export type Mode = 'mock' | 'proxy';
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
  /** Mock mode: folder where `POST /upload` keeps uploaded images (created on first upload). */
  uploadDir: string;
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
  { key: 'mode', env: 'MODE', flag: 'mode', doc: '`mock` (default) or `proxy`' },
  { key: 'host', env: 'HOST', flag: 'host', doc: 'listen address, default 0.0.0.0' },
  { key: 'port', env: 'PORT', flag: 'port', doc: 'listen port, default 8899' },
  { key: 'upstreamUrl', env: 'UPSTREAM_URL', flag: 'upstream-url', doc: 'platform base URL, required in proxy mode' },
  { key: 'seed', env: 'SEED', flag: 'seed', doc: 'faker seed of the mock data, default 20261121' },
  { key: 'scale', env: 'SCALE', flag: 'scale', doc: 'mock data volume multiplier (0.05-100, e.g. 10 for load tests), default 1' },
  { key: 'tokenTtl', env: 'TOKEN_TTL', flag: 'token-ttl', doc: 'mock session token lifetime in seconds, default 7200' },
  { key: 'mockCaptchaCode', env: 'MOCK_CAPTCHA_CODE', flag: 'mock-captcha-code', doc: 'mock mode: a code every captcha accepts (UI tests)' },
  { key: 'logLevel', env: 'LOG_LEVEL', flag: 'log-level', doc: 'fatal|error|warn|info|debug|trace|silent, default info' },
  { key: 'distDir', env: 'DIST_DIR', flag: 'dist-dir', doc: 'folder of the built web bundle, default dist/web' },
  { key: 'upstreamTimeoutMs', env: 'UPSTREAM_TIMEOUT_MS', flag: 'upstream-timeout-ms', doc: 'proxy: upstream response timeout, default 1200000' },
  { key: 'upstreamConnectTimeoutMs', env: 'UPSTREAM_CONNECT_TIMEOUT_MS', flag: 'upstream-connect-timeout-ms', doc: 'proxy: connect timeout, default 5000' },
  { key: 'shutdownGraceMs', env: 'SHUTDOWN_GRACE_MS', flag: 'shutdown-grace-ms', doc: 'graceful shutdown limit, default 10000' },
  { key: 'uploadDir', env: 'UPLOAD_DIR', flag: 'upload-dir', doc: 'mock mode: folder of uploaded images, default <OS temp dir>/game-console-uploads' },
] as const;

type Raw = Partial<Record<(typeof SETTINGS)[number]['key'], string>>;

function int(name: string, raw: string | undefined, dflt: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return dflt;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number between ${min} and ${max}, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function decimal(name: string, raw: string | undefined, dflt: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return dflt;
  if (!/^\d+(\.\d+)?$/.test(raw.trim())) throw new ConfigError(`${name} must be a number between ${min} and ${max}, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
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
  if (mode !== 'mock' && mode !== 'proxy') throw new ConfigError(`${label('mode')} must be "mock" or "proxy", got "${raw.mode}"`);

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
  if (mode === 'proxy' && !upstreamUrl) throw new ConfigError('UPSTREAM_URL is required when MODE is "proxy"');

  const logLevel = (raw.logLevel ?? 'info').trim() as LogLevel;
  if (!LEVELS.includes(logLevel)) throw new ConfigError(`${label('logLevel')} must be one of ${LEVELS.join(', ')}, got "${raw.logLevel}"`);

  const mockCaptchaCode = raw.mockCaptchaCode?.trim() || null;
  if (mockCaptchaCode && mode !== 'mock') throw new ConfigError('MOCK_CAPTCHA_CODE is allowed only in mock mode');
  if (mockCaptchaCode && !/^[A-Za-z0-9]{1,12}$/.test(mockCaptchaCode)) throw new ConfigError(`${label('mockCaptchaCode')} must be 1-12 letters or digits`);

  return {
    mode,
    host: raw.host?.trim() || '0.0.0.0',
    port: int(label('port'), raw.port, 8899, 0, 65535),
    upstreamUrl,
    seed: int(label('seed'), raw.seed, 20261121, 0, 2 ** 31 - 1),
    scale: decimal(label('scale'), raw.scale, 1, 0.05, 100),
    tokenTtl: int(label('tokenTtl'), raw.tokenTtl, 7200, 1, 31 * 24 * 3600),
    mockCaptchaCode,
    logLevel,
    distDir: path.resolve(raw.distDir?.trim() || defaultDist),
    upstreamTimeoutMs: int(label('upstreamTimeoutMs'), raw.upstreamTimeoutMs, 1_200_000, 1, 3_600_000),
    upstreamConnectTimeoutMs: int(label('upstreamConnectTimeoutMs'), raw.upstreamConnectTimeoutMs, 5000, 1, 600_000),
    shutdownGraceMs: int(label('shutdownGraceMs'), raw.shutdownGraceMs, 10_000, 0, 600_000),
    uploadDir: path.resolve(raw.uploadDir?.trim() || path.join(os.tmpdir(), 'game-console-uploads')),
  };
}

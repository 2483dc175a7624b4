import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';

test('defaults: mock mode on port 8899 (spec §9)', () => {
  const c = loadConfig([], {});
  expect(c).toMatchObject({ mode: 'mock', port: 8899, host: '0.0.0.0', upstreamUrl: null, tokenTtl: 7200, mockCaptchaCode: null, logLevel: 'info', upstreamTimeoutMs: 1_200_000 });
});

test("the mock data's reference instant: the start of the hour the server starts in, unless SEED_DATE pins it", () => {
  const before = Date.now();
  const { seedDate } = loadConfig([], {});
  expect(seedDate % 3_600_000).toBe(0);
  expect(before - seedDate).toBeLessThan(3_600_000 + 1000);
  expect(seedDate).toBeLessThanOrEqual(Date.now());
  expect(loadConfig([], { SEED_DATE: '2026-11-01T08:00:00Z' }).seedDate).toBe(Date.UTC(2026, 10, 1, 8));
  expect(loadConfig(['--seed-date', '2026-11-01'], {}).seedDate).toBe(Date.UTC(2026, 10, 1));
  expect(loadConfig([], { SEED_DATE: '2026-11-01T16:00:00+08:00' }).seedDate).toBe(Date.UTC(2026, 10, 1, 8));
});

test('flags win over the environment', () => {
  expect(loadConfig(['--port', '9000'], { PORT: '8000' }).port).toBe(9000);
  expect(loadConfig([], { PORT: '8000' }).port).toBe(8000);
});

test.each([
  [[], { MODE: 'live' }, /^MODE must be one of mock, proxy, hybrid, replay/],
  [['--mode', 'x'], {}, /^--mode must be/],
  [[], { PORT: '70000' }, /^PORT must be between 0 and 65535/],
  [[], { PORT: 'abc' }, /^PORT must be a whole number/],
  [[], { MODE: 'proxy' }, /UPSTREAM_URL is required when MODE is "proxy"/],
  [[], { MODE: 'proxy', UPSTREAM_URL: 'not a url' }, /^UPSTREAM_URL must be an absolute http\(s\) URL/],
  [[], { MODE: 'proxy', UPSTREAM_URL: 'ftp://x' }, /^UPSTREAM_URL must use http or https/],
  [[], { MODE: 'proxy', UPSTREAM_URL: 'http://x', MOCK_CAPTCHA_CODE: 'A' }, /MOCK_CAPTCHA_CODE is allowed only in mock and replay modes/],
  [[], { MOCK_CAPTCHA_CODE: 'no spaces' }, /^MOCK_CAPTCHA_CODE must be 1-12 letters or digits/],
  [[], { LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
  [[], { TOKEN_TTL: '0' }, /^TOKEN_TTL must be between/],
  [[], { SEED: '-1' }, /^SEED must be a whole number/],
  [[], { SEED_DATE: 'yesterday' }, /^SEED_DATE must be an ISO date or date-time/],
  [[], { SEED_DATE: '2026-11-01T08:00:00' }, /^SEED_DATE must be an ISO date or date-time with its zone/],
  [[], { SEED_DATE: '1900-01-01' }, /^SEED_DATE must be/],
  [['--nope', '1'], {}, /nope/],
])('bad setting %j %j is refused naming it', (argv, env, message) => {
  expect(() => loadConfig(argv as string[], env as NodeJS.ProcessEnv)).toThrow(ConfigError);
  expect(() => loadConfig(argv as string[], env as NodeJS.ProcessEnv)).toThrow(message);
});

test('the upstream URL keeps its base path without a trailing slash', () => {
  expect(loadConfig([], { MODE: 'proxy', UPSTREAM_URL: 'https://platform.example/api/' }).upstreamUrl).toBe('https://platform.example/api');
});

test('the audit trail hardening settings: AUDIT_ON_FAILURE, AUDIT_MAX_MB, AUDIT_KEY (never echoed) and where the generated key lives', () => {
  const c = loadConfig([], { AUDIT_DB: '/srv/console/data/audit.sqlite' });
  expect(c).toMatchObject({ auditOnFailure: 'refuse', auditMaxMb: 2048, auditKey: null, auditKeyFile: '/srv/console/data/audit.key' });
  expect(loadConfig([], { AUDIT_ON_FAILURE: 'Continue', AUDIT_MAX_MB: '0.5' })).toMatchObject({ auditOnFailure: 'continue', auditMaxMb: 0.5 });
  expect(loadConfig([], { AUDIT_MAX_MB: '0' }).auditMaxMb).toBe(0);
  expect(loadConfig([], { AUDIT_DB: ':memory:' }).auditKeyFile).toBeNull();
  expect(loadConfig([], { AUDIT_DB: ':memory:', AUDIT_KEY_FILE: '/run/secrets/audit.key' }).auditKeyFile).toBe('/run/secrets/audit.key');
  expect(loadConfig([], { AUDIT_DATABASE_URL: 'postgres://db/x' }).auditKeyFile).toMatch(/audit\.key$/);
  expect(loadConfig([], { AUDIT_KEY: 's'.repeat(40) }).auditKey).toBe('s'.repeat(40));
  expect(() => loadConfig([], { AUDIT_ON_FAILURE: 'ignore' })).toThrow(/^AUDIT_ON_FAILURE must be refuse or continue/);
  expect(() => loadConfig([], { AUDIT_MAX_MB: '-1' })).toThrow(/^AUDIT_MAX_MB must be a number/);
  expect(() => loadConfig([], { AUDIT_KEY: 'short-secret' })).toThrow(/^AUDIT_KEY must be at least 32 characters/);
  expect(() => loadConfig([], { AUDIT_KEY: 'short-secret' })).not.toThrow(/short-secret/);
  expect(() => loadConfig([], { AUDIT_DB: '/x/audit.sqlite', AUDIT_KEY_FILE: '/x/audit.sqlite' })).toThrow(/^AUDIT_KEY_FILE must not be the trail's database file/);
});

import { loadConfig } from '../server/config.js';
import { buildApp } from '../server/app.js';
import { cases, firstIdOf, runCase, watchStore } from '../tests/server/fuzz-cases.js';
import { uploadPressure } from '../tests/server/fuzz-uploads.js';
import { runGuardFuzz } from '../tests/server/security/guard-fuzz.js';
import { DocumentValidator, runDocumentFuzz } from '../tests/server/document-fuzz.js';

/**
 * The long contract fuzz run: `npm run fuzz [-- <rounds> [<first seed>]]` runs the
 * generator of tests/server/fuzz-cases.ts for `rounds` seeds (default 20) at 6 cases per endpoint
 * and prints every failure with its seed. Exit code 1 when any request answered 5xx, a non-envelope,
 * or changed the store while refused. Then the guard cases for the same seeds, through real HTTP
 * (tests/server/security/guard-fuzz.ts): percent-escaped spellings of every guarded endpoint and of
 * the QA controls, a replayed administrator recording asked by the operator, and the audit trail's
 * own guard (a stranger's flood counted per address and minute, audited writes refused with nothing
 * changed while its store fails), and the operator's look-up grants (reads outside its screens answer
 * the picker's fields only, hidden filters and sorts refused); and rounds of
 * concurrent uploads of random shapes against a small quota and concurrency cap
 * (tests/server/fuzz-uploads.ts): every answer an envelope, the folder under its quota, no
 * temporary file left. Then the document fuzzer (tests/server/document-fuzz.ts) for the same seeds
 * at 4 cases per operation: every answer checked against the OpenAPI document with ajv, every
 * request the document calls invalid refused; it prints its totals. Last, the process's RSS after
 * a garbage collection (`npm run fuzz` runs with `--expose-gc` and the memory flags of `npm run
 * serve`, so the figure is comparable to the served process's), at start, after the run and after a
 * data reset.
 */
const rounds = Number(process.argv[2] ?? 20);
const first = Number(process.argv[3] ?? 1000);
const watch = watchStore();
const app = await buildApp(loadConfig([], { LOG_LEVEL: 'silent', MOCK_CAPTCHA_CODE: 'FUZZ', SCALE: '0.25', AUDIT_DB: ':memory:' }));
await app.ready();
const rss = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return `${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`;
};
const t = (await app.inject({ url: '/v1/captcha/token' })).json().data.captchaToken;
const login = (await app.inject({ method: 'POST', url: '/v1/admin/login', payload: { username: 'admin', password: 'admin123', captchaToken: t, captchaCode: 'FUZZ' } })).json();
const token = login.data.tokenHead + login.data.token;
console.log(`RSS at start: ${rss()}`);
let total = 0;
let failed = 0;
const started = performance.now();
for (let seed = first; seed < first + rounds; seed++) {
  for (const c of cases(seed, 6, firstIdOf(app), token)) {
    total++;
    const problem = await runCase(app, c, watch.count);
    if (problem) {
      failed++;
      console.log(`seed ${seed}: ${problem}`);
    }
  }
}
// Rounds of concurrent uploads against a small folder quota and concurrency cap.
const uploadProblems = await uploadPressure(Math.max(1, Math.ceil(rounds / 4)), first);
for (const p of uploadProblems) console.log(`uploads: ${p}`);
failed += uploadProblems.length;
console.log(`${total} requests, ${failed} failures, ${((performance.now() - started) / 1000).toFixed(1)} s`);
const signIn = async () => {
  const c = (await app.inject({ url: '/v1/captcha/token' })).json().data.captchaToken;
  const l = (await app.inject({ method: 'POST', url: '/v1/admin/login', payload: { username: 'admin', password: 'admin123', captchaToken: c, captchaCode: 'FUZZ' } })).json();
  return l.data.tokenHead + l.data.token;
};
const docStarted = performance.now();
const seeds = Array.from({ length: rounds }, (_x, i) => first + i);
const doc = await runDocumentFuzz(app, { seeds, perOp: 4, signIn, validator: new DocumentValidator() });
for (const f of doc.findings) console.log(`document: ${f}`);
failed += doc.findings.length;
console.log(
  `document fuzzer: ${doc.operations} operations, ${doc.requests} requests (${doc.invalid} invalid by the document), ${doc.refusals} refusals, ${doc.findings.length} findings, HTTP ${JSON.stringify(doc.statuses)}, ${((performance.now() - docStarted) / 1000).toFixed(1)} s`,
);
console.log(`RSS after the run: ${rss()}`);
await app.inject({ method: 'POST', url: '/v1/mock/reset', payload: {} });
console.log(`RSS after a data reset: ${rss()}`);
await app.close();
const guard = await runGuardFuzz(rounds, first);
console.log(`guard cases: ${guard.seeds} seeds, ${guard.failed} failures`);
process.exit(failed || guard.failed ? 1 : 0);

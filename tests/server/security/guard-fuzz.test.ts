import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeApp, signIn } from '../helpers.js';
import { auditedEndpoints, auditSpellingProblems, auditTrailProblems, guardedEndpoints, httpSender, lookupProjectionProblems, percentEscapeProblems, qaSwitchProblems, replayPermissionProblems, writeAdminRecording } from './guard-fuzz.js';

/** Fuzz cases (tests/server/security/guard-fuzz.ts), one seed; `npm run fuzz` runs more. */

const toClose: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (toClose.length) await toClose.pop()!();
});

async function serve(env: Record<string, string>): Promise<{ app: FastifyInstance; base: string }> {
  const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05', ...env });
  toClose.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

test('guard-fuzz-percent-escape: no escaped spelling of a guarded endpoint answers 5xx or succeeds where the plain path is refused; QA off holds (seed 24)', async () => {
  const { app, base } = await serve({ QA_CONTROLS: 'off' });
  const operator = await signIn(app, 'operator', 'operator123');
  const send = httpSender(base);
  const problems = [...(await qaSwitchProblems(send, operator, 24)), ...(await percentEscapeProblems(send, operator, 24))];
  expect(problems.slice(0, 20)).toEqual([]);
}, 120_000);

test('guard-fuzz-replay-permission: the operator gets none of the administrator\'s recorded answers, under any spelling (seed 24)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-fuzz-'));
  toClose.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  expect(writeAdminRecording(dir)).toBe(guardedEndpoints().length);
  const { app, base } = await serve({ MODE: 'replay', RECORD_DIR: dir });
  const operator = await signIn(app, 'operator', 'operator123');
  // The administrator does get them (the recording is read).
  const admin = await signIn(app);
  expect((await httpSender(base)('POST', '/v1/admin/list', admin, {})).text).toContain('planted-admin-answer');
  const problems = await replayPermissionProblems(httpSender(base), operator, 24);
  expect(problems.slice(0, 20)).toEqual([]);
}, 120_000);

test('guard-fuzz-audit-spelling: every audited endpoint asked under a spelled path (escapes, `;x=1`, a doubled slash) leaves its entry (seeds 24, 25)', async () => {
  const { app, base } = await serve({});
  const operator = await signIn(app, 'operator', 'operator123');
  const send = httpSender(base);
  expect(auditedEndpoints().length).toBeGreaterThan(50);
  const problems = [...(await auditSpellingProblems(send, operator, 24, () => app.auditTrail!.counts.recorded)), ...(await auditSpellingProblems(send, operator, 25, () => app.auditTrail!.counts.recorded))];
  expect(problems.slice(0, 20)).toEqual([]);
}, 120_000);

test('guard-fuzz-audit-trail: a stranger\'s flood is one entry per address and minute; with the store failing every audited endpoint under any spelling is refused with nothing changed; the chain verifies after (seeds 24, 25)', async () => {
  const { app, base } = await serve({});
  const operator = await signIn(app, 'operator', 'operator123');
  const send = httpSender(base);
  const problems = [...(await auditTrailProblems(send, operator, 24, app.auditTrail!)), ...(await auditTrailProblems(send, operator, 25, app.auditTrail!))];
  expect(problems.slice(0, 20)).toEqual([]);
}, 120_000);

test('guard-fuzz-lookup-view: every read the operator reaches without the area\'s screen answers the look-up view only, refuses hidden filters and sorts, and matches keywords by the label (seeds 24, 25)', async () => {
  const { app, base } = await serve({});
  const operator = await signIn(app, 'operator', 'operator123');
  const admin = await signIn(app);
  const send = httpSender(base);
  const problems = [...(await lookupProjectionProblems(send, operator, admin, 24)), ...(await lookupProjectionProblems(send, operator, admin, 25))];
  expect(problems.slice(0, 20)).toEqual([]);
}, 120_000);

import { afterEach, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Value from 'typebox/value';
import { Summary } from '../../server/contract/summary.js';
import { makeSummary } from '../../server/mock/summary.js';
import { call, makeApp, signIn } from './helpers.js';

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

async function summaryOf(seed: string) {
  const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SEED: seed });
  apps.push(app);
  const token = await signIn(app);
  return call(app, 'POST', '/v1/admin/summary', { token });
}

test('a signed-in operator gets the dashboard summary in a success envelope that matches the contract', async () => {
  const r = await summaryOf('7');
  expect(r.status).toBe(200);
  expect(r.json.code).toBe(200);
  const errors = [...Value.Errors(Summary, r.json.data)].map((e) => `${e.instancePath} ${e.message}`);
  expect(errors).toEqual([]);

  const s: Summary = r.json.data;
  // Every series lines up with its labels, so the charts never draw a ragged axis.
  for (const series of [s.visitTrend.daily, s.visitTrend.monthly]) {
    expect(series.visits).toHaveLength(series.labels.length);
    expect(series.visitors).toHaveLength(series.labels.length);
    series.visitors.forEach((v, i) => expect(v).toBeLessThanOrEqual(series.visits[i]));
  }
  expect(s.salesStack.series.every((x) => x.values.length === s.salesStack.months.length)).toBe(true);
  // Month labels are consecutive and oldest first.
  expect(s.visitTrend.monthly.labels).toEqual(s.salesStack.months);
  expect(s.salesStack.months[0] < s.salesStack.months[11]).toBe(true);
  // The sales card is the last month of the stack, in cents.
  expect(s.growCards.sales.value).toBe(s.salesStack.series.reduce((a, x) => a + x.values[11], 0));
  // Dynamic info is newest first.
  const times = s.dynamics.map((d) => d.time);
  expect([...times].sort().reverse()).toEqual(times);
}, 30_000);

test('the same seed gives the identical summary; another seed gives another', async () => {
  const a = await summaryOf('7');
  const b = await summaryOf('7');
  const c = await summaryOf('8');
  expect(b.json.data).toEqual(a.json.data);
  expect(c.json.data).not.toEqual(a.json.data);
  // The HTTP answer is exactly the generator's output (nothing dropped by the response schema),
  // except the pending counters, which are counted from the store.
  expect({ ...a.json.data, pending: null }).toEqual(JSON.parse(JSON.stringify({ ...makeSummary(7), pending: null })));
}, 30_000);

test('without a token the summary answers envelope 401', async () => {
  const { app } = await makeApp();
  apps.push(app);
  const r = await call(app, 'POST', '/v1/admin/summary');
  expect(r.status).toBe(200);
  expect(r.json.code).toBe(401);
  expect(r.json.data).toBeNull();
  const bad = await call(app, 'POST', '/v1/admin/summary', { token: 'Bearer nope' });
  expect(bad.json.code).toBe(401);
});

test('a body sent by mistake is ignored, not an error', async () => {
  const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' });
  apps.push(app);
  const token = await signIn(app);
  const r = await call(app, 'POST', '/v1/admin/summary', { token, body: { anything: 1 } });
  expect(r.json.code).toBe(200);
});

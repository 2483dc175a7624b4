import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, makeApp, signIn } from './helpers.js';

/** Statistics agree with the lists they summarise. */

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.1' }));
  token = await signIn(app);
});
afterAll(() => app.close());
const post = (url: string, body: unknown) => call(app, 'POST', url, { token, body });

test('feedback statistics for a day equal the feedback list filtered to that day', async () => {
  const days = ['2026-11-02', '2026-11-10', '2026-11-18'];
  for (const day of days) {
    const stats = (await post('/v1/statistics/feedback', { startDate: day, endDate: day, granularity: 'day' })).json.data;
    const list = (await post('/v1/feedback/findAll', { pageNum: 1, pageSize: 1, createTime: [`${day} 00:00:00`, `${day} 23:59:59`] })).json.data;
    expect(stats.categories).toEqual([day]);
    expect(stats.summary.received).toBe(list.total);
  }
  const week = (await post('/v1/statistics/feedback', { startDate: '2026-11-02', endDate: '2026-11-08', granularity: 'week' })).json.data;
  const listWeek = (await post('/v1/feedback/findAll', { pageNum: 1, pageSize: 1, createTime: ['2026-11-02 00:00:00', '2026-11-08 23:59:59'] })).json.data;
  expect(week.series.find((s: any) => s.name === 'received').data).toEqual([listWeek.total]);
});

test('ranking screens answer the ten best sellers, largest first', async () => {
  for (const kind of ['game', 'goods']) {
    const r = (await post(`/v1/statistics/${kind}`, { startDate: '2026-08-01', endDate: '2026-11-20', granularity: 'month' })).json.data;
    expect(r.series.length).toBeGreaterThan(0);
    expect(r.series.length).toBeLessThanOrEqual(10);
    const totals = r.series.map((s: any) => r.summary[s.name]);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));
  }
});

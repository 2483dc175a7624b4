import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Exchange, ExchangeObserver } from '../../server/platform/exchange.js';
import { makeApp } from './helpers.js';
import { startUpstream } from './upstream.js';
import { overHttp } from './over-http.js';

/**
 * Observers say before the exchange whether they want it (ExchangeObserver.wants):
 * the proxy copies bodies only for exchanges some observer wants, and the client's answer is the
 * platform's either way.
 */

const toClose: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (toClose.length) await toClose.pop()!();
});

const ANSWER = Buffer.from(JSON.stringify({ code: 200, data: { list: [{ id: 1, title: 'ünïcode ✓' }], total: 1 }, message: 'ok' }));

async function proxyWith(observers: ExchangeObserver[], env: Record<string, string> = {}): Promise<FastifyInstance> {
  const up = await startUpstream((_req, res) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(ANSWER));
  toClose.push(() => up.close());
  const { app } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: up.url, CONTRACT_VALIDATION: 'off', ...env }, { observers });
  toClose.push(() => app.close());
  return app;
}

const findAll = (a: FastifyInstance) => overHttp(a, { method: 'POST', url: '/v1/feedback/findAll?x=1', payload: { pageNum: 1, pageSize: 10 } });

describe('observers that do not want an exchange', () => {
  test('are asked once with method, path and route key, never see it, and the answer is byte-identical', async () => {
    const asked: Array<[string, string, string | null]> = [];
    const seen: Exchange[] = [];
    const a = await proxyWith([
      {
        wants: (method, path, routeKey) => {
          asked.push([method, path, routeKey]);
          return false;
        },
        observe: (e) => seen.push(e),
      },
    ]);
    const res = await findAll(a);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(ANSWER)).toBe(true);
    expect(res.headers['x-served-by']).toBe('platform');
    expect(asked).toEqual([['POST', '/v1/feedback/findAll', 'POST /v1/feedback/findAll']]);
    expect(seen).toEqual([]);
  });

  test('when one observer wants it, every observer that wants it gets both bodies; one that does not gets nothing', async () => {
    const wanting: Exchange[] = [];
    const refusing: Exchange[] = [];
    const always: Exchange[] = [];
    const a = await proxyWith([
      { wants: () => true, observe: (e) => wanting.push(e) },
      { wants: () => false, observe: (e) => refusing.push(e) },
      { observe: (e) => always.push(e) },
    ]);
    const res = await findAll(a);
    expect(res.rawPayload.equals(ANSWER)).toBe(true);
    expect(wanting).toHaveLength(1);
    expect(always).toHaveLength(1);
    expect(refusing).toEqual([]);
    expect(wanting[0].answer.body?.equals(ANSWER)).toBe(true);
    expect(JSON.parse(wanting[0].request.body!.toString())).toEqual({ pageNum: 1, pageSize: 10 });
    expect(wanting[0]).toMatchObject({ path: '/v1/feedback/findAll', query: 'x=1', routeKey: 'POST /v1/feedback/findAll', status: 200 });
  });
});

describe('the drift monitor in proxy mode', () => {
  test('checks at most its per-second sample; the answers it skips are relayed unchanged and counted as sampled out', async () => {
    const a = await proxyWith([], { CONTRACT_VALIDATION: 'on' });
    const n = 30;
    const answers = [];
    // One after another: each answer ends (and is observed) before the next request is asked about.
    for (let i = 0; i < n; i++) answers.push(await findAll(a));
    for (const r of answers) expect(r.rawPayload.equals(ANSWER)).toBe(true);
    const drift = (a as unknown as { driftMonitor: { flush(): Promise<void>; stats(): Record<string, number> } }).driftMonitor;
    await drift.flush();
    const s = drift.stats();
    expect(s.observed).toBe(n);
    expect(s.checked + s.sampledOut).toBe(n);
    // 20 per second at most; 30 requests may straddle a second boundary.
    expect(s.checked).toBeGreaterThanOrEqual(20);
    expect(s.checked).toBeLessThanOrEqual(Math.min(n, 40));
    if (s.checked < n) expect(s.sampledOut).toBeGreaterThan(0);
  });
});

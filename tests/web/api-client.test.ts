import { describe, expect, expectTypeOf, test } from 'vitest';
import { api, buildApi, isRead, type Page } from '../../web/api/client';
import { configureHttp } from '../../web/api/http';
import { queryClient } from '../../web/api/query';
import { ENDPOINTS, type ActionPayload, type ActionResult } from '../../server/contract';

/**
 * The typed action client: every endpoint of the contract is callable by name,
 * at the contract's path, with its payload and result typed from the contract.
 */

interface Sent { url: string; method: string; body: unknown; contentType: string | null }

function fakePlatform(data: unknown = null) {
  const sent: Sent[] = [];
  configureHttp({
    getToken: () => 'Bearer t',
    onUnauthorized: () => {},
    notify: () => {},
    t: (k) => k,
    fetchImpl: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      const text = req.headers.get('content-type')?.includes('json') ? await req.text() : null;
      sent.push({ url: new URL(req.url).pathname, method: req.method, body: text ? JSON.parse(text) : null, contentType: req.headers.get('content-type') });
      return new Response(JSON.stringify({ code: 200, data, message: 'ok' }), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch,
    urlPrefix: 'http://console.test',
  });
  return sent;
}

describe('typed action client', () => {
  test('every endpoint of the contract is a function at its group and op, carrying its declaration', () => {
    const built = buildApi() as unknown as Record<string, Record<string, { endpoint: { path: string } }>>;
    for (const ep of ENDPOINTS) {
      const [group, ...op] = ep.name.split('.');
      expect(typeof built[group]?.[op.join('.')], ep.name).toBe('function');
      expect(built[group][op.join('.')].endpoint.path).toBe(ep.path);
    }
  });

  test('an action posts its payload to the contract path and resolves with the envelope data', async () => {
    const sent = fakePlatform({ id: 7, orderNo: 'O1' });
    const order = await api.order.reissue({ id: 7, reason: 'lost code' });
    expect(order.orderNo).toBe('O1');
    expect(sent).toEqual([expect.objectContaining({ url: '/v1/order/reissue', method: 'POST', body: { id: 7, reason: 'lost code' } })]);
  });

  test('CRUD ops are at the entity paths, renamed ones included (feedback list is findAll)', async () => {
    const sent = fakePlatform({ list: [], total: 0 });
    await api.member.list({ pageNum: 2, pageSize: 10 });
    await api.feedback.list({ pageNum: 1 });
    expect(sent.map((s) => s.url)).toEqual(['/v1/member/list', ENDPOINTS.find((e) => e.name === 'feedback.list')!.path]);
  });

  test('an upload sends the file under the declared field with the text fields', async () => {
    const sent = fakePlatform({ count: 1 });
    await api.card.importExcel(new Blob(['x'], { type: 'application/octet-stream' }), { filename: 'a.xlsx', data: { goodsId: 3 } });
    expect(sent[0].url).toBe('/v1/card/importExcel');
    expect(sent[0].contentType).toMatch(/multipart\/form-data/);
  });

  test('reads and writes are told apart from the contract (writes invalidate cached reads)', () => {
    expect(isRead(api.order.list)).toBe(true);
    expect(isRead(api.order.detail)).toBe(true);
    expect(isRead(api.walletRecord.summary)).toBe(true);
    expect(isRead(api.statistics.pageView)).toBe(true);
    expect(isRead(api.card.reveal)).toBe(false);
    expect(isRead(api.order.reissue)).toBe(false);
    expect(isRead(api.goods.update)).toBe(false);
    expect(isRead(api.card.reveal)).toBe(false);
  });

  test('a successful write drops the cached reads of its group; a read drops nothing', async () => {
    fakePlatform({ id: 7 });
    queryClient.setQueryData(['order', 'list', { pageNum: 1 }], { list: [], total: 0 });
    queryClient.setQueryData(['member', 'list', { pageNum: 1 }], { list: [], total: 0 });
    await api.order.detail({ id: 7 });
    expect(queryClient.getQueryState(['order', 'list', { pageNum: 1 }])?.isInvalidated).toBe(false);
    await api.order.remark({ id: 7, remark: 'called back' });
    expect(queryClient.getQueryState(['order', 'list', { pageNum: 1 }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['member', 'list', { pageNum: 1 }])?.isInvalidated).toBe(false);
  });

  test('payloads and results are typed from the contract', () => {
    expectTypeOf(api.order.reissue).parameter(0).toEqualTypeOf<ActionPayload<'order.reissue'>>();
    expectTypeOf<ActionPayload<'order.reissue'>>().toMatchTypeOf<{ id: number; reason: string; itemId?: number }>();
    expectTypeOf<ActionResult<'walletRecord.summary'>>().toHaveProperty('balance');
    expectTypeOf(api.member.list).returns.resolves.toMatchTypeOf<Page<{ nickName: string; phone: string }>>();
    expectTypeOf(api.card.template).returns.resolves.toEqualTypeOf<Blob>();
    // @ts-expect-error reason is required by the contract
    void (() => api.order.reissue({ id: 1 }));
    // @ts-expect-error the contract declares no such action
    void (() => api.order.nothing());
  });
});

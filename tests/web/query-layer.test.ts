import { afterEach, describe, expect, test, vi } from 'vitest';
import { CancelledError, QueryObserver } from '@tanstack/react-query';
import { ApiError, configureHttp, type Notice } from '../../web/api/http';
import { afterWrite, createQueryClient, isReadOp, isTransient, opKey, queryClient, readQuery } from '../../web/api/query';
import { callOp, readOp } from '../../web/crud/api';
import { feedbackType } from '../../server/contract/feedback';
import { member } from '../../server/contract/member';

/**
 * The query layer's rules: keys from the contract, what a write
 * drops, which failures are retried, and a cancelled query rejecting silently. HTTP goes through the
 * console's real client over a fake fetch, so "silently" means what the user sees: no notice, no
 * error-log entry.
 */

type Answer = (path: string, body: unknown, signal: AbortSignal) => Response | Promise<Response>;
const envelope = (data: unknown, code = 200, message = 'ok') => new Response(JSON.stringify({ code, data, message }), { status: 200, headers: { 'content-type': 'application/json' } });

/** Installs the app-wide HTTP client over `answer`; answers what it saw and showed. */
function serve(answer: Answer) {
  const requests: { path: string; body: unknown }[] = [];
  const notices: Notice[] = [];
  const logged: ApiError[] = [];
  configureHttp({
    getToken: () => 'Bearer t',
    onUnauthorized: () => {},
    notify: (n) => notices.push(n),
    t: (k) => k,
    logError: (e) => logged.push(e),
    fetchImpl: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://test.local');
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      requests.push({ path: url.pathname, body });
      return answer(url.pathname, body, init.signal!);
    }) as typeof fetch,
  });
  return { requests, notices, logged };
}

/** A fetch that answers only when aborted (rejecting like a browser's fetch). */
const hang = (_p: string, _b: unknown, signal: AbortSignal) =>
  new Promise<Response>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

afterEach(() => queryClient.clear());

describe('query keys from the contract', () => {
  test('a read is keyed [group, op, payload]; no payload leaves it out', () => {
    expect(opKey('order', 'list', { pageNum: 1 })).toEqual(['order', 'list', { pageNum: 1 }]);
    expect(opKey('game', 'listAll')).toEqual(['game', 'listAll']);
    expect(readQuery('walletRecord', 'summary', { memberId: 7 }, async () => null).queryKey).toEqual(['walletRecord', 'summary', { memberId: 7 }]);
  });

  test('reads are the CRUD reads, the domain reads (also under a part of the group) and every statistics kind; everything else writes', () => {
    for (const [g, op] of [['order', 'list'], ['game', 'listAll'], ['member', 'info'], ['order', 'detail'], ['walletRecord', 'summary'], ['merchantIncome', 'totals'], ['advert', 'stats'], ['menu', 'tree'], ['systemMessage', 'mine'], ['statistics', 'arpu'], ['mock', 'traffic.info'], ['mock', 'faults.list']]) {
      expect(isReadOp(g, op), `${g}.${op}`).toBe(true);
    }
    for (const [g, op] of [['order', 'reissue'], ['member', 'update'], ['feedbackType', 'del'], ['card', 'reveal'], ['systemMessage', 'read'], ['merchantIncome', 'settle'], ['mock', 'traffic.update'], ['mock', 'faults.clear']]) {
      expect(isReadOp(g, op), `${g}.${op}`).toBe(false);
    }
  });
});

describe('invalidation after a write', () => {
  test('a write drops every cached read of its group and nothing else; a read drops nothing', async () => {
    const client = createQueryClient();
    client.setQueryData(opKey('order', 'list', { pageNum: 1 }), { list: [], total: 0 });
    client.setQueryData(opKey('order', 'detail', { id: 3 }), { id: 3 });
    client.setQueryData(opKey('member', 'list', { pageNum: 1 }), { list: [], total: 0 });
    await afterWrite('order', 'list', client);
    expect(client.getQueryState(opKey('order', 'detail', { id: 3 }))?.isInvalidated).toBe(false);
    await afterWrite('order', 'reissue', client);
    expect(client.getQueryState(opKey('order', 'list', { pageNum: 1 }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(opKey('order', 'detail', { id: 3 }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(opKey('member', 'list', { pageNum: 1 }))?.isInvalidated).toBe(false);
  });

  test('a write of a record drops the audit trail’s reads; saving a preference (never audited) does not', async () => {
    const client = createQueryClient();
    const history = opKey('auditLog', 'list', { entity: 'order', recordId: 3 });
    client.setQueryData(history, { list: [], total: 0 });
    await afterWrite('preference', 'update', client);
    expect(client.getQueryState(history)?.isInvalidated).toBe(false);
    await afterWrite('order', 'reissue', client);
    expect(client.getQueryState(history)?.isInvalidated).toBe(true);
  });

  test("a save through the kit (callOp) refetches the entity's mounted reads: a renamed type shows its new name", async () => {
    let name = 'Payment';
    const { requests } = serve((path, body) => {
      if (path === '/v1/feedbackType/update') name = (body as { typeName: string }).typeName;
      return envelope(path.endsWith('/listAll') ? [{ id: 1, typeName: name }] : { id: 1, typeName: name });
    });
    const key = opKey('feedbackType', 'listAll');
    const seen: unknown[] = [];
    const off = queryClient.getQueryCache().subscribe(() => seen.push(queryClient.getQueryData(key)));
    // A mounted picker: an observer keeps the query active, so invalidation refetches it.
    const observer = new QueryObserver(queryClient, { queryKey: key, queryFn: ({ signal }) => readOp(feedbackType, 'listAll', undefined, signal) });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(queryClient.getQueryData(key)).toEqual([{ id: 1, typeName: 'Payment' }]));
    await callOp(feedbackType, 'update', { id: 1, typeName: 'Refund' });
    await vi.waitFor(() => expect(queryClient.getQueryData(key)).toEqual([{ id: 1, typeName: 'Refund' }]));
    expect(requests.filter((r) => r.path === '/v1/feedbackType/listAll')).toHaveLength(2);
    unsubscribe();
    off();
  });

  test('a mutation that names what it changes (meta.invalidates) drops those groups on success only', async () => {
    const client = createQueryClient();
    client.setQueryData(opKey('systemMessage', 'mine', { limit: 8 }), { unread: 2, list: [] });
    const refused = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(new ApiError('envelope', 'no')), meta: { invalidates: ['systemMessage'] } });
    await expect(refused.execute(undefined)).rejects.toThrow('no');
    expect(client.getQueryState(opKey('systemMessage', 'mine', { limit: 8 }))?.isInvalidated).toBe(false);
    const done = client.getMutationCache().build(client, { mutationFn: () => Promise.resolve(1), meta: { invalidates: ['systemMessage'] } });
    await done.execute(undefined);
    expect(client.getQueryState(opKey('systemMessage', 'mine', { limit: 8 }))?.isInvalidated).toBe(true);
  });
});

describe('retries', () => {
  test('a refusal (envelope code, HTTP 4xx) is asked once: never retried', async () => {
    for (const answer of [() => envelope(null, 500, 'Member not found'), () => new Response('', { status: 404 }), () => new Response('', { status: 400 })]) {
      const { requests } = serve(answer);
      const client = createQueryClient();
      await expect(client.fetchQuery({ queryKey: opKey('member', 'info', { id: 9 }), queryFn: ({ signal }) => readOp(member, 'info', { id: 9 }, signal) })).rejects.toBeInstanceOf(ApiError);
      expect(requests).toHaveLength(1);
    }
  });

  test('a transient failure (network, gateway 502) is retried twice at most; a 503 (load shed) is not', async () => {
    const { requests } = serve(() => new Response('', { status: 502 }));
    const client = createQueryClient();
    client.setQueryDefaults(['member'], { retryDelay: 0 });
    await expect(client.fetchQuery({ queryKey: opKey('member', 'info', { id: 9 }), queryFn: ({ signal }) => readOp(member, 'info', { id: 9 }, signal) })).rejects.toMatchObject({ kind: 'http', code: 502 });
    expect(requests).toHaveLength(3);
    expect(isTransient(new ApiError('http', 'x', 503))).toBe(false);
    expect(isTransient(new ApiError('network', 'x'))).toBe(true);
    expect(isTransient(new ApiError('timeout', 'x'))).toBe(true);
    expect(isTransient(new ApiError('unauthorized', 'x', 401))).toBe(false);
    expect(isTransient(new ApiError('canceled', 'x'))).toBe(false);
  });

  test('a write is never retried, whatever the failure', async () => {
    const { requests } = serve(() => new Response('', { status: 503 }));
    const client = createQueryClient();
    const m = client.getMutationCache().build(client, { mutationFn: () => callOp(member, 'update', { id: 1 }) });
    await expect(m.execute(undefined)).rejects.toMatchObject({ code: 503 });
    expect(requests).toHaveLength(1);
  });
});

describe('cancellation', () => {
  test('a cancelled query rejects silently: no notice, no error-log entry, no error state', async () => {
    const { requests, notices, logged } = serve(hang);
    const key = opKey('member', 'list', { pageNum: 1 });
    const pending = queryClient.fetchQuery({ queryKey: key, queryFn: ({ signal }) => readOp(member, 'list', { pageNum: 1 }, signal) });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await queryClient.cancelQueries({ queryKey: key });
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    expect(notices).toEqual([]);
    expect(logged).toEqual([]);
    expect(queryClient.getQueryState(key)?.status).not.toBe('error');
  });

  test('two identical reads at once are one request (de-duplication is the cache, not the client cancelling one)', async () => {
    const { requests, notices } = serve(() => envelope({ list: [], total: 0 }));
    const q = { queryKey: opKey('member', 'list', { pageNum: 1 }), queryFn: ({ signal }: { signal: AbortSignal }) => readOp(member, 'list', { pageNum: 1 }, signal) };
    const [a, b] = await Promise.all([queryClient.fetchQuery(q), queryClient.fetchQuery(q)]);
    expect(a).toEqual({ list: [], total: 0 });
    expect(b).toBe(a);
    expect(requests).toHaveLength(1);
    expect(notices).toEqual([]);
  });
});

import dayjs from 'dayjs';
import { describe, expect, test, vi } from 'vitest';
import { ApiError, createHttpClient, isCanceled, type HttpDeps, type Notice } from '../../web/api/http';

/**
 * The console's HTTP client against a fake `fetch` (spec §7 calls, §8 error catalogue, §9 timeout;
 * behaviour notes "HTTP client"). `t` is the identity, so a message names its catalogue key.
 */

const NOW = 1_700_000_000_000;
const TOKEN = 'Bearer abc.def';

interface Sent {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

type Responder = (sent: Sent, signal: AbortSignal) => Response | Promise<Response>;

function envelope(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json;charset=UTF-8' } });
}

/** A fetch that never answers, but rejects like the platform's fetch when its signal aborts. */
function hang(_sent: Sent, signal: AbortSignal): Promise<Response> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** Builds a client over a fake fetch; `respond` answers each request. */
function setup(respond: Responder, deps: Partial<HttpDeps> = {}) {
  const sent: Sent[] = [];
  const notices: Notice[] = [];
  const onUnauthorized = vi.fn<(message: string) => void>();
  const logError = vi.fn<NonNullable<HttpDeps['logError']>>();
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const s: Sent = {
      url: new URL(String(input), 'http://console.test'),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body,
    };
    sent.push(s);
    return respond(s, init!.signal!);
  }) as typeof fetch;
  const client = createHttpClient({
    getToken: () => TOKEN,
    onUnauthorized,
    notify: (n) => notices.push(n),
    t: (key) => key,
    logError,
    fetchImpl,
    now: () => NOW,
    ...deps,
  });
  return { client, sent, notices, onUnauthorized, logError };
}

/** The rejection of `p`, which must reject with an ApiError. */
async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => {
      throw new Error('expected the call to reject');
    },
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('envelope codes (§8)', () => {
  test('code 200 resolves with data, and nothing is shown', async () => {
    const { client, notices, logError } = setup(() => envelope({ code: 200, data: { list: [1, 2], total: 2 }, message: 'ok' }));
    await expect(client.post('/v1/feedback/findAll', { pageNum: 1, pageSize: 10 })).resolves.toEqual({ list: [1, 2], total: 2 });
    expect(notices).toEqual([]);
    expect(logError).not.toHaveBeenCalled();
    expect(client.pendingCount()).toBe(0);
  });

  test('code 401 shows the timeout message, signs out and rejects as unauthorized', async () => {
    const { client, notices, onUnauthorized } = setup(() => envelope({ code: 401, data: null, message: 'token expired' }));
    const e = await rejection(client.post('/v1/admin/summary'));
    expect(e.kind).toBe('unauthorized');
    expect(e.message).toBe('errors.timeout');
    expect(e.code).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('errors.timeout');
    expect(notices).toEqual([{ mode: 'toast', message: 'errors.timeout' }]);
  });

  test('code 401 on a silent call (adminInfo) still signs out and tells the user why', async () => {
    const { client, notices, onUnauthorized } = setup(() => envelope({ code: 401, data: null, message: '' }));
    const e = await rejection(client.post('/v1/admin/adminInfo', undefined, { errorMode: 'none' }));
    expect(e.kind).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledWith('errors.timeout');
    expect(notices).toEqual([{ mode: 'toast', message: 'errors.timeout' }]);
  });

  test('another code shows the server message as a toast by default and rejects', async () => {
    const { client, notices, onUnauthorized } = setup(() => envelope({ code: 500, data: null, message: 'Feedback type already exists' }));
    const e = await rejection(client.post('/v1/feedbackType/add', { typeName: 'Bug' }));
    expect(e.kind).toBe('envelope');
    expect(e.code).toBe(500);
    expect(e.message).toBe('Feedback type already exists');
    expect(notices).toEqual([{ mode: 'toast', message: 'Feedback type already exists' }]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('another code with errorMode modal shows a modal (login)', async () => {
    const { client, notices } = setup(() => envelope({ code: 10001, data: null, message: 'Wrong password' }));
    const e = await rejection(client.post('/v1/admin/login', { username: 'a', password: 'b' }, { errorMode: 'modal' }));
    expect(e.message).toBe('Wrong password');
    expect(notices).toEqual([{ mode: 'modal', message: 'Wrong password' }]);
  });

  test('another code with errorMode none shows nothing but still rejects', async () => {
    const { client, notices } = setup(() => envelope({ code: 500, data: null, message: 'boom' }));
    const e = await rejection(client.post('/v1/admin/adminInfo', undefined, { errorMode: 'none' }));
    expect(e.kind).toBe('envelope');
    expect(e.message).toBe('boom');
    expect(notices).toEqual([]);
  });

  test.each([
    ['empty', ''],
    ['blank', '   '],
    ['missing', undefined],
  ])('another code with a %s message shows the generic request-failed message', async (_label, message) => {
    const { client, notices } = setup(() => envelope({ code: 500, data: null, message }));
    const e = await rejection(client.post('/v1/feedback/del', { ids: [1] }));
    expect(e.message).toBe('errors.requestFailed');
    expect(notices).toEqual([{ mode: 'toast', message: 'errors.requestFailed' }]);
  });
});

describe('transport failures (§8, §9)', () => {
  test('a network error shows the network-exception message', async () => {
    const { client, notices } = setup(() => Promise.reject(new TypeError('fetch failed')));
    const e = await rejection(client.post('/v1/admin/summary'));
    expect(e.kind).toBe('network');
    expect(e.message).toBe('errors.networkException');
    expect(notices).toEqual([{ mode: 'toast', message: 'errors.networkException' }]);
  });

  test('a request that outlives the timeout shows the API-timeout message', async () => {
    const { client, notices, onUnauthorized } = setup(hang, { timeout: 20 });
    const e = await rejection(client.post('/v1/admin/summary'));
    expect(e.kind).toBe('timeout');
    expect(e.message).toBe('errors.apiTimeout');
    expect(notices).toEqual([{ mode: 'toast', message: 'errors.apiTimeout' }]);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(client.pendingCount()).toBe(0);
  });

  test('a per-call timeout overrides the client default', async () => {
    const { client } = setup(hang);
    const e = await rejection(client.get('/v1/captcha/token', { timeout: 20 }));
    expect(e.message).toBe('errors.apiTimeout');
  });

  test('a timeout is recognised even when fetch rejects with a plain AbortError', async () => {
    const { client } = setup((_s, signal) => new Promise((_r, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))), {
      timeout: 20,
    });
    const e = await rejection(client.post('/v1/admin/summary'));
    expect(e.kind).toBe('timeout');
    expect(e.message).toBe('errors.apiTimeout');
  });

  test('an empty body where JSON was expected is a request failure', async () => {
    const { client, notices } = setup(() => new Response('', { status: 200 }));
    const e = await rejection(client.post('/v1/admin/summary'));
    expect(e.kind).toBe('badResponse');
    expect(e.message).toBe('errors.requestFailed');
    expect(notices).toEqual([{ mode: 'toast', message: 'errors.requestFailed' }]);
  });

  test.each([
    ['an HTML page', '<!doctype html><p>gateway</p>', 'text/html'],
    ['broken JSON', '{"code": 200, "data": ', 'application/json'],
    ['JSON that is not an envelope', '[1,2,3]', 'application/json'],
  ])('%s where JSON was expected is a request failure', async (_label, text, type) => {
    const { client } = setup(() => new Response(text, { status: 200, headers: { 'content-type': type } }));
    const e = await rejection(client.post('/v1/admin/summary'));
    expect(e.kind).toBe('badResponse');
    expect(e.message).toBe('errors.requestFailed');
  });
});

describe('HTTP statuses (§8)', () => {
  test('400 shows the server message', async () => {
    const { client, notices, onUnauthorized } = setup(() => envelope({ code: 400, data: null, message: 'pageSize must be one of 10, 50, 80, 100' }, 400));
    const e = await rejection(client.post('/v1/feedbackType/list', { pageNum: 1, pageSize: 7 }));
    expect(e.kind).toBe('http');
    expect(e.code).toBe(400);
    expect(e.message).toBe('pageSize must be one of 10, 50, 80, 100');
    expect(notices).toEqual([{ mode: 'toast', message: 'pageSize must be one of 10, 50, 80, 100' }]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('400 without a server message falls back to its own default', async () => {
    const { client } = setup(() => new Response('', { status: 400 }));
    const e = await rejection(client.post('/v1/feedbackType/list'));
    expect(e.message).toBe('errors.http.400');
  });

  test('400 with a blank or non-text server message falls back to its own default', async () => {
    const { client, notices } = setup(() => envelope({ code: 400, data: null, message: { field: 'pageSize' } }, 400));
    expect((await rejection(client.post('/v1/feedbackType/list'))).message).toBe('errors.http.400');
    expect(notices).toEqual([{ mode: 'toast', message: 'errors.http.400' }]);
  });

  test('401 shows the server message, then signs out', async () => {
    const { client, notices, onUnauthorized } = setup(() => envelope({ code: 401, data: null, message: 'Please sign in again' }, 401));
    const e = await rejection(client.post('/v1/admin/summary'));
    expect(e.kind).toBe('unauthorized');
    expect(e.code).toBe(401);
    expect(e.message).toBe('Please sign in again');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('Please sign in again');
    expect(notices).toEqual([{ mode: 'toast', message: 'Please sign in again' }]);
  });

  test('401 without a server message shows its default, then signs out', async () => {
    const { client, onUnauthorized } = setup(() => new Response('Unauthorized', { status: 401 }));
    const e = await rejection(client.get('/v1/captcha/token'));
    expect(e.kind).toBe('unauthorized');
    expect(e.message).toBe('errors.http.401');
    expect(onUnauthorized).toHaveBeenCalledWith('errors.http.401');
  });

  test('403 shows the server message, which names the missing resource; without one, its own default', async () => {
    const message = 'permission: "订单·列表" (/v1/order/list) 不在您角色的资源中，请联系管理员';
    const { client, notices, onUnauthorized } = setup(() => envelope({ code: 403, data: null, message, field: 'permission', key: 'session.forbidden', params: { what: '"订单·列表" (/v1/order/list)' } }, 403));
    const e = await rejection(client.post('/v1/order/list', {}));
    expect(e.kind).toBe('http');
    expect(e.code).toBe(403);
    expect(e.message).toBe(message);
    expect(e.refusal).toEqual({ key: 'session.forbidden', params: { what: '"订单·列表" (/v1/order/list)' } });
    expect(notices).toEqual([{ mode: 'toast', message }]);
    expect(onUnauthorized).not.toHaveBeenCalled();

    const bare = setup(() => new Response('', { status: 403 }));
    expect((await rejection(bare.client.post('/v1/order/list', {}))).message).toBe('errors.http.403');
  });

  test.each([404, 405, 408, 500, 501, 502, 503, 504, 505])('%i shows its own default message, not the server text', async (status) => {
    const { client, notices, onUnauthorized } = setup(() => envelope({ code: status, data: null, message: 'server says no' }, status));
    const e = await rejection(client.post('/v1/feedback/findAll', {}));
    expect(e.kind).toBe('http');
    expect(e.code).toBe(status);
    expect(e.message).toBe(`errors.http.${status}`);
    expect(notices).toEqual([{ mode: 'toast', message: `errors.http.${status}` }]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('a status without its own message shows the generic request-failed message', async () => {
    const { client } = setup(() => new Response('', { status: 418 }));
    const e = await rejection(client.post('/v1/feedback/findAll', {}));
    expect(e.message).toBe('errors.requestFailed');
  });

  test('an HTTP error honours errorMode', async () => {
    const { client, notices } = setup(() => new Response('', { status: 502 }));
    await rejection(client.post('/v1/admin/login', {}, { errorMode: 'modal' }));
    await rejection(client.post('/v1/admin/adminInfo', {}, { errorMode: 'none' }));
    expect(notices).toEqual([{ mode: 'modal', message: 'errors.http.502' }]);
  });
});

describe('what is sent (§5, §7)', () => {
  const ok = () => envelope({ code: 200, data: null });

  test('the token goes in the Authorization header', async () => {
    const { client, sent } = setup(ok);
    await client.post('/v1/admin/summary');
    expect(sent[0]!.headers.get('authorization')).toBe(TOKEN);
  });

  test('withToken false sends no Authorization header; neither does a signed-out session', async () => {
    const a = setup(ok);
    await a.client.post('/v1/admin/login', { username: 'a' }, { withToken: false });
    expect(a.sent[0]!.headers.has('authorization')).toBe(false);

    const b = setup(ok, { getToken: () => null });
    await b.client.post('/v1/admin/summary');
    expect(b.sent[0]!.headers.has('authorization')).toBe(false);
  });

  test('GET adds the _t timestamp next to its params; POST does not', async () => {
    const { client, sent } = setup(ok);
    await client.get('/v1/captcha/token', { params: { scene: ' login ', at: new Date(2024, 0, 2, 3, 4, 5) } });
    await client.post('/v1/admin/summary', { a: 1 });
    const get = sent[0]!;
    expect(get.method).toBe('GET');
    expect(get.url.pathname).toBe('/v1/captcha/token');
    expect(get.url.searchParams.get('_t')).toBe(String(NOW));
    expect(get.url.searchParams.get('scene')).toBe('login');
    expect(get.url.searchParams.get('at')).toBe('2024-01-02 03:04:05');
    expect(sent[1]!.method).toBe('POST');
    expect(sent[1]!.url.searchParams.has('_t')).toBe(false);
  });

  test('a POST body is JSON with dates formatted YYYY-MM-DD HH:mm:ss and strings trimmed, recursively', async () => {
    const { client, sent } = setup(ok);
    const body = {
      title: '  Summer sale  ',
      startTime: new Date(2024, 6, 1, 9, 30, 0),
      endTime: dayjs('2024-07-31T23:59:59'),
      count: 3,
      enabled: false,
      note: null,
      filters: { keyword: ' sword ', ranges: [[new Date(2024, 0, 1, 0, 0, 0), ' x ']] },
    };
    await client.post('/v1/feedback/findAll', body);
    const s = sent[0]!;
    expect(s.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(s.body))).toEqual({
      title: 'Summer sale',
      startTime: '2024-07-01 09:30:00',
      endTime: '2024-07-31 23:59:59',
      count: 3,
      enabled: false,
      note: null,
      filters: { keyword: 'sword', ranges: [['2024-01-01 00:00:00', 'x']] },
    });
    // The caller's object is not rewritten.
    expect(body.title).toBe('  Summer sale  ');
  });

  test('the configured URL prefix is put before every path', async () => {
    const { client, sent } = setup(ok, { urlPrefix: '/basic-api' });
    await client.post('/v1/admin/summary');
    await client.get('/v1/captcha/token');
    expect(sent.map((s) => s.url.pathname)).toEqual(['/basic-api/v1/admin/summary', '/basic-api/v1/captcha/token']);
  });
});

describe('duplicate pending requests (behaviour notes "HTTP client")', () => {
  /** A responder whose first `holdFirst` requests wait until `release()`; later ones answer at once. */
  function gated(holdFirst: number) {
    let n = 0;
    const waiting: Array<() => void> = [];
    const respond: Responder = (sent, signal) => {
      const answer = () => envelope({ code: 200, data: { echo: sent.body ? JSON.parse(String(sent.body)) : null } });
      if (n++ >= holdFirst) return answer();
      return new Promise<Response>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        waiting.push(() => resolve(answer()));
      });
    };
    return { respond, release: () => waiting.splice(0).forEach((go) => go()) };
  }

  test('the older of two identical pending requests is cancelled silently; the newer wins', async () => {
    const g = gated(1);
    const { client, notices, logError } = setup(g.respond);
    const older = client.post('/v1/feedback/findAll', { pageNum: 1, pageSize: 10 });
    const newer = client.post('/v1/feedback/findAll', { pageNum: 1, pageSize: 10 });
    const e = await rejection(older);
    expect(e.kind).toBe('canceled');
    expect(isCanceled(e)).toBe(true);
    await expect(newer).resolves.toEqual({ echo: { pageNum: 1, pageSize: 10 } });
    expect(notices).toEqual([]);
    expect(logError).not.toHaveBeenCalled();
    expect(client.pendingCount()).toBe(0);
  });

  test('identical GETs cancel each other although each carries its own _t', async () => {
    const g = gated(1);
    let tick = NOW;
    const { client } = setup(g.respond, { now: () => tick++ });
    const older = client.get('/v1/captcha/token');
    const newer = client.get('/v1/captcha/token');
    expect((await rejection(older)).kind).toBe('canceled');
    await expect(newer).resolves.toEqual({ echo: null });
  });

  test('two different list queries (different bodies) do not cancel each other', async () => {
    const g = gated(2);
    const { client, notices } = setup(g.respond);
    const page1 = client.post('/v1/feedback/findAll', { pageNum: 1, pageSize: 10 });
    const page2 = client.post('/v1/feedback/findAll', { pageNum: 2, pageSize: 10 });
    await vi.waitFor(() => expect(client.pendingCount()).toBe(2));
    g.release();
    await expect(page1).resolves.toEqual({ echo: { pageNum: 1, pageSize: 10 } });
    await expect(page2).resolves.toEqual({ echo: { pageNum: 2, pageSize: 10 } });
    expect(notices).toEqual([]);
  });

  test('the same body to different URLs does not cancel', async () => {
    const g = gated(2);
    const { client } = setup(g.respond);
    const a = client.post('/v1/feedbackType/listAll');
    const b = client.post('/v1/admin/gameCategory');
    await vi.waitFor(() => expect(client.pendingCount()).toBe(2));
    g.release();
    await expect(Promise.all([a, b])).resolves.toEqual([{ echo: null }, { echo: null }]);
  });

  test('ignoreCancel keeps an identical request alive', async () => {
    const g = gated(1);
    const { client } = setup(g.respond);
    const first = client.post('/v1/admin/summary', undefined, { ignoreCancel: true });
    const second = client.post('/v1/admin/summary', undefined, { ignoreCancel: true });
    await expect(second).resolves.toEqual({ echo: null });
    g.release();
    await expect(first).resolves.toEqual({ echo: null });
  });

  test('a caller abort rejects silently as cancelled', async () => {
    const { client, notices, logError } = setup(hang);
    const ac = new AbortController();
    const p = client.post('/v1/admin/summary', undefined, { signal: ac.signal });
    ac.abort();
    expect((await rejection(p)).kind).toBe('canceled');
    expect(notices).toEqual([]);
    expect(logError).not.toHaveBeenCalled();
  });
});

describe('upload and download (§7)', () => {
  test('upload sends multipart form data, array fields as name[]', async () => {
    const { client, sent } = setup(() => envelope({ code: 200, data: { imported: 2 } }));
    const file = new File(['a,b\n1,2\n'], 'awards.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await expect(client.upload('/api/v1/feedbackAward/importAwardExcel', file, { data: { ids: [3, 4], feedbackId: 9, skip: null } })).resolves.toEqual({ imported: 2 });

    const s = sent[0]!;
    expect(s.method).toBe('POST');
    expect(s.url.pathname).toBe('/api/v1/feedbackAward/importAwardExcel');
    expect(s.headers.get('authorization')).toBe(TOKEN);
    // What goes on the wire: the platform's fetch derives the multipart boundary from the FormData.
    const wire = new Request('http://console.test/', { method: 'POST', body: s.body as FormData });
    expect(wire.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await wire.formData();
    expect(form.getAll('ids[]')).toEqual(['3', '4']);
    expect(form.has('ids')).toBe(false);
    expect(form.get('feedbackId')).toBe('9');
    expect(form.has('skip')).toBe(false);
    const part = form.get('file') as File;
    expect(part.name).toBe('awards.xlsx');
    expect(await part.text()).toBe('a,b\n1,2\n');
  });

  test('upload honours a custom field name and filename', async () => {
    const { client, sent } = setup(() => envelope({ code: 200, data: null }));
    await client.upload('/upload', new Blob(['x']), { name: 'image', filename: 'logo.png' });
    const form = sent[0]!.body as FormData;
    expect((form.get('image') as File).name).toBe('logo.png');
  });

  test('two uploads of different files to the same URL do not cancel each other', async () => {
    const waiting: Array<() => void> = [];
    const { client } = setup(
      (_s, signal) =>
        new Promise<Response>((resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          waiting.push(() => resolve(envelope({ code: 200, data: 'ok' })));
        }),
    );
    const a = client.upload('/upload', new File(['a'], 'a.png'));
    const b = client.upload('/upload', new File(['bb'], 'b.png'));
    await vi.waitFor(() => expect(client.pendingCount()).toBe(2));
    waiting.splice(0).forEach((go) => go());
    await expect(Promise.all([a, b])).resolves.toEqual(['ok', 'ok']);
  });

  test('download resolves the binary body as a Blob', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const { client, sent, notices } = setup(() => new Response(bytes, { status: 200, headers: { 'content-type': type } }));
    const blob = await client.download('/v1/feedbackAward/exportAwardExcel', { feedbackId: 9, name: ' x ' });
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe(type);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(sent[0]!.method).toBe('POST');
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ feedbackId: 9, name: 'x' });
    expect(notices).toEqual([]);
  });

  test('download rejects with the envelope message when the server answers a JSON error', async () => {
    const { client, notices } = setup(() => envelope({ code: 500, data: null, message: 'Nothing to export' }));
    const e = await rejection(client.download('/v1/feedbackAward/exportAwardExcel'));
    expect(e.kind).toBe('envelope');
    expect(e.message).toBe('Nothing to export');
    expect(notices).toEqual([{ mode: 'toast', message: 'Nothing to export' }]);
  });

  test('download of a JSON envelope 401 signs out', async () => {
    const { client, onUnauthorized } = setup(() => envelope({ code: 401, data: null, message: '' }));
    const e = await rejection(client.download('/v1/feedbackAward/exportAwardExcel'));
    expect(e.kind).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledWith('errors.timeout');
  });

  test('download with HTTP 400 shows the server message from the JSON body', async () => {
    const { client } = setup(() => envelope({ code: 400, data: null, message: 'feedbackId is required' }, 400));
    const e = await rejection(client.download('/v1/feedbackAward/exportAwardExcel', {}));
    expect(e.code).toBe(400);
    expect(e.message).toBe('feedbackId is required');
  });
});

describe('error log (§8 "Ajax errors are logged")', () => {
  test('logError receives the ajax error with the Authorization header redacted', async () => {
    const { client, sent, logError } = setup(() => envelope({ code: 500, data: null, message: 'boom' }));
    const e = await rejection(client.post('/v1/feedback/replay', { id: 1, content: ' thanks ' }));
    expect(sent[0]!.headers.get('authorization')).toBe(TOKEN);
    expect(logError).toHaveBeenCalledTimes(1);
    const [err, detail] = logError.mock.calls[0]!;
    expect(err).toBe(e);
    expect(err.url).toBe('/v1/feedback/replay');
    expect(err.method).toBe('POST');
    expect(detail.method).toBe('POST');
    expect(detail.params).toEqual({ id: 1, content: 'thanks' });
    expect(detail.headers).toEqual({ Authorization: '[redacted]' });
    expect(JSON.stringify(detail)).not.toContain('abc.def');
  });

  test('transport and HTTP errors are logged too', async () => {
    const a = setup(() => Promise.reject(new TypeError('fetch failed')));
    await rejection(a.client.get('/v1/captcha/token'));
    expect(a.logError.mock.calls[0]![0].kind).toBe('network');

    const b = setup(() => new Response('', { status: 504 }));
    await rejection(b.client.post('/v1/admin/summary'));
    expect(b.logError.mock.calls[0]![0].code).toBe(504);
  });
});

describe('the language of server messages', () => {
  test("every call sends the console's current language as Accept-Language", async () => {
    let language = 'zh_CN';
    const { client, sent } = setup(() => envelope({ code: 200, data: null, message: 'ok' }), { language: () => language });
    await client.post('/v1/feedbackType/list', {});
    language = 'en';
    await client.get('/v1/admin/info');
    expect(sent.map((s) => s.headers.get('accept-language'))).toEqual(['zh-CN', 'en']);
  });
  test('without a language hook no Accept-Language is sent', async () => {
    const { client, sent } = setup(() => envelope({ code: 200, data: null, message: 'ok' }));
    await client.post('/v1/feedbackType/list', {});
    expect(sent[0].headers.get('accept-language')).toBeNull();
  });
  test('a refusal naming a field carries its key (data.field), in an envelope code or an HTTP 400', async () => {
    const refused = setup(() => envelope({ code: 400, data: { field: 'typeName' }, message: '类型名称：已被使用' }));
    const e = await rejection(refused.client.post('/v1/feedbackType/add', { typeName: 'Bug' }));
    expect([e.kind, e.field, e.message]).toEqual(['envelope', 'typeName', '类型名称：已被使用']);
    const invalid = setup(() => envelope({ code: 400, data: { field: 'sort' }, message: '排序：必须是整数' }, 400));
    const h = await rejection(invalid.client.post('/v1/feedbackType/add', { sort: 'x' }));
    expect([h.kind, h.field, h.message]).toEqual(['http', 'sort', '排序：必须是整数']);
    const plain = setup(() => envelope({ code: 500, data: null, message: 'x' }));
    expect((await rejection(plain.client.post('/v1/a', {}))).field).toBeNull();
  });
  test('a structured refusal carries its field, key and values beside the message the server rendered', async () => {
    const refused = setup(() => envelope({ code: 400, data: null, message: '类型名称：“Bug”已被反馈类型 3 使用', field: 'typeName', key: 'record.duplicate', params: { value: 'Bug', entity: 'feedbackType', id: 3, label: '' } }));
    const e = await rejection(refused.client.post('/v1/feedbackType/add', { typeName: 'Bug' }));
    expect([e.kind, e.field, e.message]).toEqual(['envelope', 'typeName', '类型名称：“Bug”已被反馈类型 3 使用']);
    expect(e.refusal).toEqual({ key: 'record.duplicate', params: { value: 'Bug', entity: 'feedbackType', id: 3, label: '' } });
    const platform = setup(() => envelope({ code: 500, data: null, message: 'as the platform said it' }));
    const p = await rejection(platform.client.post('/v1/a', {}));
    expect([p.message, p.refusal]).toEqual(['as the platform said it', null]);
  });
});

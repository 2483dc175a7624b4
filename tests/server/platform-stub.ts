/**
 * A throwaway platform for hybrid, record/replay and drift tests, reusable by the
 * end-to-end test. It answers like a half-built platform:
 *
 * | endpoint | answer |
 * |---|---|
 * | `GET /v1/captcha/token`, `GET /v1/captcha/image` | a captcha whose code is always {@link STUB_CAPTCHA_CODE} |
 * | `POST /v1/admin/login` | `admin`/`admin123` → {@link STUB_ADMIN_TOKEN}, `operator`/`operator123` → {@link STUB_OPERATOR_TOKEN} |
 * | `POST /v1/admin/logout`, `/v1/admin/adminInfo`, `/v1/getPermCode`, `/v1/admin/gameCategory` | contract-valid (adminInfo: `admin` with role `super`; `platform-ops` with role `operator`) |
 * | `POST /v1/feedbackType/list`, `/listAll`, `/info` | contract-valid envelopes over {@link STUB_FEEDBACK_TYPES} |
 * | `POST /v1/feedbackAward/getAwardList` | contract-valid, rows with phone numbers (for redaction) |
 * | `POST /v1/feedback/findAll` | **drifted**: row 1 `memberId` is a string, row 2 has no `content`, row 3 `status` 7 (not in the enum); rows carry a phone and an e-mail in `contact` |
 * | `POST /v1/feedbackAward/exportAwardExcel` | a binary .xlsx download ({@link STUB_XLSX}) |
 * | `POST /api/v1/feedbackAward/importAwardExcel` | a multipart upload, counted in `uploads` (answers `{count}` with the bytes received) |
 * | `POST /v1/order/list` | HTTP 501 (not implemented) |
 * | `POST /v1/member/info` | {@link STUB_MEMBER} for its id; any other id: HTTP 404 with a Spring-style JSON error (a missing record, as a Spring controller throwing `ResponseStatusException(NOT_FOUND)` answers) |
 * | anything else | HTTP 404 with a Spring-style JSON error (not an envelope) |
 *
 * Every endpoint but captcha and login needs `Authorization: <a stub token>` (else envelope 401,
 * HTTP 200, as the platform answers). Each request is kept in `received` (body in full).
 *
 * In tests: `const stub = await startPlatformStub(); … stub.url … await stub.close()`.
 * Standalone (the e2e spawns it): `node --import tsx tests/server/platform-stub.ts --port 9911`
 * prints `platform stub at http://127.0.0.1:9911` and runs until SIGTERM/SIGINT.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buttonCodes } from '../../server/mock/accounts.js';

export const STUB_CAPTCHA_CODE = 'STUB';
export const STUB_ADMIN_TOKEN = 'Bearer stub-admin-7f3c9a';
export const STUB_OPERATOR_TOKEN = 'Bearer stub-operator-51b2e0';

export interface StubReceived {
  method: string;
  /** Path with query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PlatformStub {
  /** Base URL for UPSTREAM_URL, e.g. `http://127.0.0.1:40123`. */
  url: string;
  port: number;
  /** Every request received, in arrival order. */
  received: StubReceived[];
  /** How many times the upload endpoint received a body (an upload sent twice shows as 2). */
  uploads: () => number;
  /** Requests received for a path (query ignored). */
  count: (path: string) => number;
  close(): Promise<void>;
}

/** The one member the stub's `member/info` knows. */
export const STUB_MEMBER = { id: 1, nickName: 'Platform member', phone: '13800000001', status: 1 };

export const STUB_FEEDBACK_TYPES = [
  { id: 1, typeName: 'Platform bug', description: 'from the platform', sort: 1, status: 1, createTime: '2026-11-01 09:00:00', updateTime: '2026-11-01 09:00:00' },
  { id: 2, typeName: 'Platform payment', description: 'from the platform', sort: 2, status: 1, createTime: '2026-11-02 09:00:00', updateTime: '2026-11-02 09:00:00' },
  { id: 3, typeName: 'Platform account', description: '', sort: 3, status: 0, createTime: '2026-11-03 09:00:00', updateTime: '2026-11-03 09:00:00' },
];

/** The drifted feedback rows of `/v1/feedback/findAll` (see module doc). */
export const STUB_DRIFTED_FEEDBACK = [
  { id: 1, memberId: '12', nickName: 'alice', typeId: 1, content: 'cannot pay', images: [], contact: '13800138000', source: 1, clientVersion: '1.0.0', status: 0, remark: '', createTime: '2026-11-05 10:00:00', updateTime: '2026-11-05 10:00:00' },
  { id: 2, memberId: 13, nickName: 'bob', typeId: 2, images: [], contact: 'bob@example.com', source: 2, clientVersion: '1.0.0', status: 1, remark: '', createTime: '2026-11-05 11:00:00', updateTime: '2026-11-05 11:00:00' },
  { id: 3, memberId: 14, nickName: 'carol', typeId: 1, content: 'slow', images: [], contact: '', source: 1, clientVersion: '1.0.1', status: 7, remark: '', createTime: '2026-11-05 12:00:00', updateTime: '2026-11-05 12:00:00' },
];

/** The award winners of `/v1/feedbackAward/getAwardList` (phone numbers: redaction must mask them). */
export const STUB_AWARDS = [
  { id: 1, activityName: 'November', memberId: 12, nickName: 'alice', phone: '13800138000', awardName: 'Gift card', awardLevel: 1, status: 0, remark: '', createTime: '2026-11-06 10:00:00', updateTime: '2026-11-06 10:00:00' },
];

/** The bytes of the export download: a zip (xlsx) signature and bytes that are not valid UTF-8. */
export const STUB_XLSX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00, 0x81]), Buffer.alloc(2048, 0xa5)]);

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const USERS: Record<string, { userId: number; username: string; nickName: string; roles: { id: string; name: string }[] }> = {
  [STUB_ADMIN_TOKEN]: { userId: 1, username: 'admin', nickName: 'Platform admin', roles: [{ id: 'super', name: 'Super administrator' }] },
  [STUB_OPERATOR_TOKEN]: { userId: 7, username: 'platform-ops', nickName: 'Platform operator', roles: [{ id: 'operator', name: 'Operator' }] },
};

function json(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'content-length': Buffer.byteLength(text), 'x-powered-by': 'stub' });
  res.end(text);
}
const ok = (res: ServerResponse, data: unknown) => json(res, 200, { code: 200, data, message: 'success' });

function parse(body: Buffer): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(body.toString('utf8') || '{}');
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function page<T>(rows: T[], body: Record<string, unknown>) {
  const pageNum = Number(body.pageNum) || 1;
  const pageSize = Number(body.pageSize) || 10;
  return { list: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: rows.length };
}

function handle(r: StubReceived, res: ServerResponse, counters: { uploads: number }) {
  const path = r.url.split('?')[0];
  const key = `${r.method} ${path}`;
  if (key === 'GET /v1/captcha/token') return ok(res, { captchaToken: 'stub-captcha', expireIn: 300 });
  if (key === 'GET /v1/captcha/image') {
    res.writeHead(200, { 'content-type': 'image/svg+xml' });
    return res.end(`<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><text x="10" y="28">${STUB_CAPTCHA_CODE}</text></svg>`);
  }
  if (key === 'POST /v1/admin/login') {
    const b = parse(r.body);
    if (b.captchaCode !== STUB_CAPTCHA_CODE) return json(res, 200, { code: 400, data: null, message: 'captchaCode: wrong captcha' });
    if (b.username === 'admin' && b.password === 'admin123') return ok(res, { token: STUB_ADMIN_TOKEN.slice(7), tokenHead: 'Bearer ' });
    if (b.username === 'operator' && b.password === 'operator123') return ok(res, { token: STUB_OPERATOR_TOKEN.slice(7), tokenHead: 'Bearer ' });
    return json(res, 200, { code: 400, data: null, message: 'password: wrong username or password' });
  }
  const auth = r.headers.authorization ?? '';
  const user = USERS[auth];
  if (!user) return json(res, 200, { code: 401, data: null, message: 'Session expired' });
  const body = parse(r.body);
  switch (key) {
    case 'POST /v1/admin/logout':
      return ok(res, null);
    // Button codes as the mock gives the same roles, so the console shows the same buttons.
    case 'POST /v1/admin/adminInfo':
      return ok(res, { ...user, btnPermission: buttonCodes(user.roles.map((r) => r.id)) });
    case 'POST /v1/getPermCode':
      return ok(res, buttonCodes(user.roles.map((r) => r.id)));
    case 'POST /v1/admin/gameCategory':
      return ok(res, { goodsCategory: [{ id: 1, name: 'Keys' }], goodsBrand: [], gameTag: [], gamePlatform: [{ platformName: 'Steam', platformIdentity: 'steam' }], memberLevel: [{ id: 1, name: 'Bronze' }] });
    case 'POST /v1/feedbackType/list': {
      const rows = STUB_FEEDBACK_TYPES.filter((t) => body.status === undefined || t.status === body.status);
      return ok(res, page(rows, body));
    }
    case 'POST /v1/feedbackType/listAll':
      return ok(res, STUB_FEEDBACK_TYPES.map(({ id, typeName }) => ({ id, typeName })));
    case 'POST /v1/feedbackType/info': {
      const row = STUB_FEEDBACK_TYPES.find((t) => t.id === body.id);
      return row ? ok(res, row) : json(res, 200, { code: 404, data: null, message: 'id: no such feedback type' });
    }
    case 'POST /v1/feedbackAward/getAwardList':
      return ok(res, page(STUB_AWARDS, body));
    case 'POST /v1/feedback/findAll':
      return ok(res, page(STUB_DRIFTED_FEEDBACK, body));
    case 'POST /v1/feedbackAward/exportAwardExcel':
      res.writeHead(200, { 'content-type': XLSX_TYPE, 'content-disposition': 'attachment; filename="awards.xlsx"', 'content-length': STUB_XLSX.length });
      return res.end(STUB_XLSX);
    case 'POST /api/v1/feedbackAward/importAwardExcel':
      counters.uploads++;
      return ok(res, { count: r.body.length });
    case 'POST /v1/member/info':
      if (body.id === STUB_MEMBER.id) return ok(res, STUB_MEMBER);
      return json(res, 404, { timestamp: '2026-11-21T08:00:00.000+00:00', status: 404, error: 'Not Found', message: `member ${String(body.id)} not found`, path });
    case 'POST /v1/order/list':
      return json(res, 501, { timestamp: '2026-11-21T08:00:00.000+00:00', status: 501, error: 'Not Implemented', path });
    default:
      return json(res, 404, { timestamp: '2026-11-21T08:00:00.000+00:00', status: 404, error: 'Not Found', path });
  }
}

/** Starts the stub on 127.0.0.1 (`port` 0 picks a free one). See the module doc for what it answers. */
export async function startPlatformStub(opts: { port?: number } = {}): Promise<PlatformStub> {
  const received: StubReceived[] = [];
  const counters = { uploads: 0 };
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: StubReceived = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(r);
      handle(r, res, counters);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    uploads: () => counters.uploads,
    count: (p) => received.filter((r) => r.url.split('?')[0] === p).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : 9911;
  void startPlatformStub({ port }).then((stub) => {
    console.log(`platform stub at ${stub.url}`);
    const stop = () => void stub.close().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}

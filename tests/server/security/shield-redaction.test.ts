import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { Exchange } from '../../../server/platform/exchange.js';
import { Recorder } from '../../../server/platform/recorder.js';
import { createDriftMonitor } from '../../../server/platform/drift.js';
import { MASK, redactJson, redactPath, redactString } from '../../../server/platform/redact.js';

/**
 * A planted-secrets corpus run through the two keepers of platform traffic,
 * the recorder (RECORD_DIR files: names and contents) and the contract-drift monitor (entries:
 * seen values, examples, queries). Each planted secret has a needle (the part that must never be
 * kept); a kind leaks when its needle appears anywhere in what is kept. Before: 23 of 46 kinds
 * leaked from the recording, 17 from drift entries; after: none.
 */

/** A planted secret: where it goes and the text that must not survive. */
interface Planted {
  kind: string;
  needle: string;
}

/** Secrets planted as fields of one answer row (the drift monitor reports each as an unknown field, with the row as example). */
const ROW: Record<string, unknown> = {
  phone: '13800000101',
  mobile: 13800000102,
  contact: 13800000103,
  telNo: 13800000104,
  qq: 2876543105,
  userQQ: '876543106',
  email: 'e107@corp.example',
  who: 'e108@corp.example',
  remark: 'write to e109@corp.example soon',
  note: 'call 138 0000 0110 after six',
  memo: 'tel +86 138-0000-0111 ok',
  message2: 'phone 13800000112 is busy',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMTMifQ.c2lnMTEz',
  ticket: 'ST-114-aZ9kQ',
  sessionId: 'S115ab12cd',
  sid: 'sid116xyz',
  accessKey: 'AK117LTAIxx',
  appKey: 'APPKEY118zz',
  otp: '119482',
  smsCode: '120739',
  detail: 'retry with Bearer tok121AbCdEf9 please',
  text: 'got eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjIifQ.c2lnMTIy from sso',
  token: 'tok123secret',
  password: 'pw124Secret',
  clientSecret: 'cs125xyz',
  code: 'CDK126AB34CD',
  codes: ['CDK127EF56GH'],
  remark2: 'your code CDK128JK78LM is ready',
  idCard: '110101199001011290',
  bankCard: '6222020000000000131',
  x: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMzIifQ.c2lnMTMy',
  cookieText: 'set JSESSIONID=JS143XYZ for the shop',
  callback: '/pay/notify?sid=SID144abc&x=1',
  qqText: '加我QQ号 2876540145 联系',
  errorBody: '{"token":"tok146json","ok":false}',
};

const CORPUS: Planted[] = [
  { kind: 'phone under its name', needle: '13800000101' },
  { kind: 'phone as a number under `mobile`', needle: '13800000102' },
  { kind: 'phone as a number under `contact`', needle: '13800000103' },
  { kind: 'phone as a number under `telNo`', needle: '13800000104' },
  { kind: 'QQ number under `qq`', needle: '2876543105' },
  { kind: 'QQ number under `userQQ`', needle: '876543106' },
  { kind: 'e-mail under its name', needle: 'e107@' },
  { kind: 'e-mail under another name', needle: 'e108@' },
  { kind: 'e-mail inside text', needle: 'e109@' },
  { kind: 'phone with spaces inside text', needle: '138 0000 0110' },
  { kind: 'phone with +86 and dashes inside text', needle: '0000-0111' },
  { kind: 'phone inside text', needle: '13800000112' },
  { kind: 'value under `jwt`', needle: 'c2lnMTEz' },
  { kind: 'value under `ticket`', needle: 'ST-114-aZ9kQ' },
  { kind: 'value under `sessionId`', needle: 'S115ab12cd' },
  { kind: 'value under `sid`', needle: 'sid116xyz' },
  { kind: 'value under `accessKey`', needle: 'AK117LTAIxx' },
  { kind: 'value under `appKey`', needle: 'APPKEY118zz' },
  { kind: 'value under `otp`', needle: '119482' },
  { kind: 'value under `smsCode`', needle: '120739' },
  { kind: 'Bearer token inside text', needle: 'tok121AbCdEf9' },
  { kind: 'JWT inside text', needle: 'eyJzdWIiOiIxMjIifQ' },
  { kind: 'value under `token`', needle: 'tok123secret' },
  { kind: 'value under `password`', needle: 'pw124Secret' },
  { kind: 'value under `clientSecret`', needle: 'cs125xyz' },
  { kind: 'CDK code under `code`', needle: 'CDK126AB34CD' },
  { kind: 'CDK codes under `codes`', needle: 'CDK127EF56GH' },
  { kind: 'CDK code inside text', needle: 'CDK128JK78LM' },
  { kind: 'id card number', needle: '110101199001011290' },
  { kind: 'bank card number', needle: '6222020000000000131' },
  { kind: 'JWT under an ordinary name', needle: 'eyJzdWIiOiIxMzIifQ' },
  { kind: 'JSESSIONID= inside text', needle: 'JS143XYZ' },
  { kind: 'sid= in a URL inside text', needle: 'SID144abc' },
  { kind: 'QQ号 inside text', needle: '2876540145' },
  { kind: 'token inside JSON text', needle: 'tok146json' },
  { kind: 'ticket in the query', needle: 'ST-133-qq' },
  { kind: 'mobile in the query', needle: '13800000134' },
  { kind: ';jsessionid= in the path', needle: 'JS135ABCDEF' },
  { kind: 'phone in the path', needle: '13800000136' },
  { kind: 'e-mail in the path', needle: 'e137' },
  { kind: 'phone in a download file name', needle: '13800000138' },
  { kind: 'e-mail in a download file name', needle: 'e139' },
  { kind: 'phone glued to a file name in the path', needle: '13800000140' },
  { kind: 'smsCode in the request body', needle: '141555' },
  { kind: 'phone with spaces in the request body', needle: '139 0000 0142' },
  { kind: 'Bearer token in a request field', needle: 'tok147ZyXw8' },
];

const T0 = Date.UTC(2026, 10, 26, 6, 0, 0);
const OK = { code: 200, data: null, message: 'ok' };

/** An exchange as the proxy hands it to its observers: a signed-in caller, a successful JSON answer. */
function exchange(p: string, answer: unknown, opts: { query?: string; routeKey?: string | null; request?: unknown; headers?: Record<string, string> } = {}): Exchange {
  const body = Buffer.from(JSON.stringify(answer));
  const req = Buffer.from(JSON.stringify(opts.request ?? {}));
  return {
    method: 'POST',
    path: p,
    query: opts.query ?? '',
    routeKey: opts.routeKey ?? null,
    requestHeaders: { authorization: 'Bearer caller-token', 'content-type': 'application/json' },
    request: { body: req, contentType: 'application/json', length: req.length, truncated: false, binary: false },
    status: 200,
    answerHeaders: { 'content-type': 'application/json; charset=utf-8', ...opts.headers },
    answer: { body, contentType: 'application/json; charset=utf-8', length: body.length, truncated: false, binary: false },
    servedBy: 'platform',
    at: T0,
  };
}

/** The corpus as exchanges: one answer carrying the row secrets (a drifted member-grade list), then paths, queries, file names, request bodies. */
function corpusExchanges(): Exchange[] {
  const grade = { id: 1, gradeName: 'Gold', level: 1, minGrowth: 100, discount: 95, benefits: '', status: 1, memberCount: 3, createTime: '2026-01-02 03:04:05', updateTime: '2026-01-02 03:04:05' };
  return [
    exchange('/v1/memberGrade/list', { code: 200, data: { list: [{ ...grade, ...ROW }], total: 1 }, message: 'ok' }, {
      routeKey: 'POST /v1/memberGrade/list',
      query: 'ticket=ST-133-qq&mobile=13800000134&pageNum=1',
    }),
    exchange('/v1/member/list;jsessionid=JS135ABCDEF', OK),
    exchange('/v1/member/byPhone/13800000136', OK),
    exchange('/v1/member/byEmail/e137%40corp.example', OK),
    exchange('/v1/member/export', OK, { headers: { 'content-disposition': 'attachment; filename="members-13800000138.xlsx"' } }),
    exchange('/v1/member/export2', OK, { headers: { 'content-disposition': "attachment; filename*=UTF-8''e139%40corp.example.xlsx" } }),
    exchange('/upload/files/zhang13800000140.png', OK),
    exchange('/v1/member/verify', OK, { request: { smsCode: '141555', remark: 'call 139 0000 0142', auth: 'Bearer tok147ZyXw8' } }),
  ];
}

/** The kinds whose needle appears in `kept`. */
const leaked = (kept: string) => CORPUS.filter((p) => kept.includes(p.needle)).map((p) => p.kind);

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});

describe('planted-secrets corpus', () => {
  test(`has at least the issue's 36 kinds, each needle distinct`, () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(36);
    expect(new Set(CORPUS.map((p) => p.needle)).size).toBe(CORPUS.length);
  });

  test('through the recorder: no planted secret in any file name or file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shield-rec-'));
    dirs.push(dir);
    const recorder = new Recorder(dir, 50 * 1024 * 1024);
    for (const ex of corpusExchanges()) recorder.observe(ex);
    await recorder.flush();
    const names = fs.readdirSync(dir);
    expect(names.length).toBe(corpusExchanges().length);
    const kept = names.map((n) => `${n}\n${fs.readFileSync(path.join(dir, n), 'utf8')}`).join('\n');
    const leaks = leaked(kept);
    console.info(`recorder: ${leaks.length} of ${CORPUS.length} planted kinds leaked`, leaks);
    expect(leaks).toEqual([]);
    // Masked, not dropped: the recording still says what was there.
    expect(kept).toContain(MASK);
  });

  test('through the drift monitor: no planted secret in any entry (seen values, examples, queries)', async () => {
    const drift = createDriftMonitor();
    for (const ex of corpusExchanges()) drift.observe(ex);
    await drift.flush();
    const entries = drift.list();
    expect(entries.length).toBeGreaterThan(0);
    // The examples are kept (the row with its ordinary fields), with the secrets masked in them.
    expect(JSON.stringify(entries)).toContain(`"gradeName":"Gold"`);
    const leaks = leaked(JSON.stringify(entries));
    console.info(`drift: ${leaks.length} of ${CORPUS.length} planted kinds leaked`, leaks);
    expect(leaks).toEqual([]);
  });
});

describe('what redaction keeps', () => {
  test('ordinary values survive: ids, amounts, times, dates, order numbers, enums, plain words', () => {
    const row = {
      id: 12345678, total: 9990, createTime: '2026-01-02 03:04:05', birthday: '1990-01-01', orderNo: 'O20260102000001', status: 'SUCCESS',
      code: 200, gradeName: 'Gold basic settings', at: 1764136800000, count: 3, url: 'https://cdn.example.com/a.png', title: 'Time: 12:00',
    };
    expect(redactJson(row)).toEqual(row);
  });

  test('the path keeps its shape with each secret segment masked; a plain path is returned as is', () => {
    expect(redactPath('/v1/member/list')).toBe('/v1/member/list');
    expect(redactPath('/v1/member/byPhone/13800000000')).toBe(`/v1/member/byPhone/${MASK}`);
    expect(redactPath('/v1/x;jsessionid=ABC123')).toBe(`/v1/x;jsessionid=${MASK}`);
    expect(redactPath('/v1/user/a%40b.com/detail')).toBe(`/v1/user/${MASK}/detail`);
    expect(redactPath('/v1/order/O20260102000001')).toBe('/v1/order/O20260102000001');
  });

  test('inside text: the secret goes, the sentence stays', () => {
    expect(redactString('retry with Bearer abc123XYZ please')).toBe(`retry with ${MASK} please`);
    expect(redactString('call 138 0000 0005 after six')).toBe(`call ${MASK} after six`);
    expect(redactString('see /a?sid=S1abc&page=2')).toBe(`see /a?sid=${MASK}&page=2`);
    expect(redactString('basic settings for 3 players')).toBe('basic settings for 3 players');
  });
});

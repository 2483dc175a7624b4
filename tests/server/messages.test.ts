import type { FastifyInstance, InjectOptions } from 'fastify';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AWARD_COLUMNS } from '../../server/contract/feedback.js';
import type { Refusal } from '../../server/contract/messages.js';
import { fieldLabel, langOf, localizedMessage } from '../../server/plugins/localize.js';
import { cases, firstIdOf, watchStore } from './fuzz-cases.js';
import { makeApp, signIn } from './helpers.js';

/**
 * Item 6: error envelopes speak the caller's language (Accept-Language;
 * zh_CN when absent), name the field by its translated label and carry `{field, key, params}` in
 * `data`, the message rendered from the key (server/contract/messages.ts).
 */

let app: FastifyInstance;
let token: string;
const watch = watchStore();
beforeAll(async () => {
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05', MESSAGES: 'localized' }));
  token = await signIn(app);
}, 60_000);
afterAll(async () => {
  watch.restore();
  await app?.close();
});

/** Three or more English words in a row, once quoted values are taken out: an untranslated sentence. */
const ENGLISH_SENTENCE = /\b[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,}){2,}\b/;
const unquoted = (s: string) => s.replace(/"[^"]*"|“[^”]*”|'[^']*'/g, '""');

const LANGS = [
  { name: 'zh-CN', header: 'zh-CN,zh;q=0.9,en;q=0.8', lang: 'zh_CN' },
  { name: 'en', header: 'en-US,en;q=0.9', lang: 'en' },
  { name: 'none', header: undefined, lang: 'zh_CN' },
] as const;

async function send(opts: InjectOptions, header: string | undefined) {
  const headers = { authorization: token, ...(opts.headers ?? {}), ...(header ? { 'accept-language': header } : {}) };
  const res = await app.inject({ ...opts, headers });
  return res.json() as { code: number; data: any; message: string; field?: string | null; key?: string };
}

async function captchaToken(): Promise<string> {
  return (await app.inject({ method: 'GET', url: '/v1/captcha/token' })).json().data.captchaToken;
}

async function notXlsx(): Promise<InjectOptions> {
  const boundary = '----msgs15';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    Buffer.from('PK not really a workbook'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { method: 'POST', url: '/api/v1/feedbackAward/importAwardExcel', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function badRows(): Promise<InjectOptions> {
  const header = AWARD_COLUMNS.map((c) => c.zh_CN);
  const row = AWARD_COLUMNS.map((c) => (c.field === 'phone' ? '123' : c.field === 'awardLevel' ? 99 : c.field === 'memberId' ? 987654321 : 'x'));
  const data = await writeXlsxFile([header, row]).toBuffer();
  const boundary = '----msgs15rows';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { method: 'POST', url: '/api/v1/feedbackAward/importAwardExcel', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const firstOf = (entity: string) => {
  const ctx = (app as unknown as { __mockCtx: { store: { col(n: string): { values(): Iterable<Record<string, any>> } } } }).__mockCtx;
  return [...ctx.store.col(entity).values()][0];
};
const adminId = () => [...(app as any).__mockCtx.store.col('admin').values()].find((a: any) => a.username === 'admin').id as number;

interface Row {
  what: string;
  request: () => Promise<InjectOptions>;
  field: string | null;
  /** The request changes data even when refused (a failed sign-in is counted on the account). */
  changes?: boolean;
  /** Expected text per language (regular expressions over the whole message). */
  zh: RegExp;
  en: RegExp;
}

const ROWS: Row[] = [
  {
    what: 'a sign-in with a wrong password',
    request: async () => ({ method: 'POST', url: '/v1/admin/login', payload: { username: 'admin', password: 'wrong-one', captchaToken: await captchaToken(), captchaCode: 'TEST' } }),
    field: 'username',
    changes: true,
    zh: /^账号：账号或密码错误$/,
    en: /^Account: wrong account or password$/,
  },
  {
    what: 'a wrong captcha',
    request: async () => ({ method: 'POST', url: '/v1/admin/login', payload: { username: 'admin', password: 'admin123', captchaToken: await captchaToken(), captchaCode: 'NOPE' } }),
    field: 'captchaCode',
    zh: /^验证码：验证码错误或已过期/,
    en: /^Captcha: wrong or expired captcha, try the new one$/,
  },
  {
    what: 'a validation error on an add',
    request: async () => ({ method: 'POST', url: '/v1/feedbackType/add', payload: { typeName: '', sort: 0, status: 1 } }),
    field: 'typeName',
    zh: /^类型名称：/,
    en: /^Type name: must not have fewer than 1 characters/,
  },
  {
    what: 'a uniqueness conflict',
    request: async () => ({ method: 'POST', url: '/v1/feedbackType/add', payload: { typeName: firstOf('feedbackType').typeName, sort: 0, status: 1 } }),
    field: 'typeName',
    zh: /^类型名称：“.+”已被反馈类型 \d+（.+）使用$/,
    en: /^Type name: ".+" is already used by feedback type \d+ \(.+\)$/,
  },
  {
    what: 'a missing reference',
    request: async () => ({ method: 'POST', url: '/v1/stock/add', payload: { goodsId: 987654321, warnQty: 1 } }),
    field: 'goodsId',
    zh: /：不存在 ID 为 987654321 的商品$|：商品 987654321/,
    en: /987654321/,
  },
  {
    what: 'a domain refusal of the system area (disabling oneself)',
    request: async () => ({ method: 'POST', url: '/v1/admin/updateStatus', payload: { id: adminId(), status: 0 } }),
    field: 'status',
    zh: /^状态：不能停用当前登录的账号$/,
    en: /^Status: you cannot disable the account you are signed in with$/,
  },
  {
    what: 'a domain refusal of the member area (inviting oneself)',
    request: async () => {
      const m = firstOf('member');
      return { method: 'POST', url: '/v1/member/update', payload: { id: m.id, inviterId: m.id } };
    },
    field: 'inviterId',
    zh: /：会员不能邀请自己$/,
    en: /: a member cannot invite themselves$/,
  },
  {
    what: "an injected HTTP 500 with the QA fault's default text (a list's failed reload shows it)",
    request: async () => {
      await app.inject({ method: 'POST', url: '/v1/mock/faults/add', payload: { path: '/v1/feedbackType/list', httpStatus: 500, times: 1 } });
      return { method: 'POST', url: '/v1/feedbackType/list', payload: { pageNum: 1, pageSize: 1 } };
    },
    field: null,
    zh: /^服务器内部错误（注入）$/,
    en: /^Internal server error \(injected\)$/,
  },
  {
    what: 'a spreadsheet that is not one',
    request: notXlsx,
    field: 'file',
    zh: /^文件：不是 \.xlsx 表格/,
    en: /^File: not an \.xlsx spreadsheet/,
  },
  {
    what: 'a spreadsheet with bad rows',
    request: badRows,
    field: null,
    zh: /^第 2 行：会员ID 987654321 不存在对应的会员；第 2 行：手机号 "123" 不是 11 位手机号码；第 2 行：奖项等级 "99" 必须是 1 到 10 的整数。未导入任何数据。$/,
    en: /^row 2: Member ID \(column "会员ID"\) 987654321: no such member; row 2: Phone \(column "手机号"\) "123" is not an 11-digit mobile number; .*\. Nothing was imported\.$/,
  },
];

describe.each(LANGS)('Accept-Language $name', ({ header, lang }) => {
  test.each(ROWS)('$what', async (row) => {
    const before = watch.count();
    const env = await send(await row.request(), header);
    expect(env.code).not.toBe(200);
    expect(env.message).toMatch(lang === 'en' ? row.en : row.zh);
    if (lang === 'zh_CN') expect(unquoted(env.message)).not.toMatch(ENGLISH_SENTENCE);
    expect(env).toMatchObject({ field: row.field, key: expect.any(String) });
    if (!row.changes) expect(watch.count()).toBe(before);
  }, 30_000);
});

describe('the rules of the layer', () => {
  test('Accept-Language picks zh_CN or en by preference; zh_CN when absent or unknown', () => {
    expect(langOf(undefined)).toBe('zh_CN');
    expect(langOf('zh-CN')).toBe('zh_CN');
    expect(langOf('zh')).toBe('zh_CN');
    expect(langOf('en')).toBe('en');
    expect(langOf('en-GB,zh;q=0.5')).toBe('en');
    expect(langOf('fr-FR,en;q=0.8,zh;q=0.9')).toBe('zh_CN');
    expect(langOf('de')).toBe('zh_CN');
  });
  test("a field's label is the endpoint entity's first, then any entity's, then the key", () => {
    expect(fieldLabel('typeName', 'zh_CN', 'feedbackType')).toBe('类型名称');
    expect(fieldLabel('typeName', 'en', 'feedbackType')).toBe('Type name');
    expect(fieldLabel('noSuchFieldAnywhere', 'zh_CN')).toBe('noSuchFieldAnywhere');
  });
  test('several parts, nested paths and rows are each rendered from their keys', () => {
    const several = { field: 'typeName', key: 'validation.several', params: { errors: [
      { field: 'typeName', key: 'validation.required' }, { field: 'sort', key: 'validation.minimum', params: { limit: 0 } }, { field: 'list.2.url', key: 'validation.notAllowed' },
    ] } } satisfies Refusal;
    expect(localizedMessage(several, 'zh_CN', 'feedbackType')).toBe('类型名称：必填；排序：不能小于 0；列表 第 3 项 ' + fieldLabel('url', 'zh_CN') + '：不是可接受的字段');
  });
  test('an envelope without a key (a platform answer passed through) keeps its message', async () => {
    await app.inject({ method: 'POST', url: '/v1/mock/faults/add', payload: { path: '/v1/feedbackType/list', envelopeCode: 500, message: 'as the platform said it', times: 1 } });
    const env = await send({ method: 'POST', url: '/v1/feedbackType/list', payload: { pageNum: 1, pageSize: 1 } }, 'zh-CN');
    expect(env.message).toBe('as the platform said it');
  });
});

test('coverage: refusals of fuzzed requests (seed 15, one per endpoint) read as zh_CN with no English sentence left', async () => {
  const left: string[] = [];
  let refused = 0;
  for (const c of cases(15, 1, firstIdOf(app), token)) {
    const headers = { ...(c.inject.headers ?? {}) } as Record<string, string>;
    delete headers['accept-language'];
    const res = await app.inject({ ...c.inject, headers });
    let env: { code?: number; message?: string } | null;
    try {
      env = res.json();
    } catch {
      continue;
    }
    if (!env || env.code === 200 || typeof env.message !== 'string') continue;
    refused++;
    if (ENGLISH_SENTENCE.test(unquoted(env.message))) left.push(`${c.op.path} [${c.kind}] ${env.message}`);
  }
  expect(refused).toBeGreaterThan(200);
  expect([...new Set(left)].slice(0, 30)).toEqual([]);
}, 120_000);

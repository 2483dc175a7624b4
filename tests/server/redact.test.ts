import { describe, expect, test } from 'vitest';
import { isSecretField, MASK, redactHeaders, redactJson, redactQuery } from '../../server/platform/redact.js';

/**
 * Redaction of kept platform traffic (drift examples and recordings): whatever is kept
 * can be handed to another team, so tokens, passwords, secrets, phone numbers and e-mails never
 * survive, by field name at any depth or by the shape of the value.
 */

describe('redactJson', () => {
  test('masks secret and contact fields by name, at any depth, case-insensitively', () => {
    const out = redactJson({
      username: 'admin',
      Password: 'hunter2',
      oldPwd: 'x1',
      data: { token: 'abc', tokenHead: 'Bearer ', refresh_token: 'r', apiKey: 'k', clientSecret: 's', captchaCode: 'AB12' },
      list: [{ mobile: '13812345678', EMAIL: 'a@b.cn', idCard: '110101199001011234', bankCard: '6222020000000000000', name: 'Li' }],
    });
    expect(out).toEqual({
      username: 'admin',
      Password: MASK,
      oldPwd: MASK,
      data: { token: MASK, tokenHead: MASK, refresh_token: MASK, apiKey: MASK, clientSecret: MASK, captchaCode: MASK },
      list: [{ mobile: MASK, EMAIL: MASK, idCard: MASK, bankCard: MASK, name: 'Li' }],
    });
  });

  test('masks values that look like a phone, an e-mail or a bearer token whatever the field is called', () => {
    expect(redactJson({ contact: '+86 138-1234-5678', who: 'ops@example.com', h: 'Bearer eyJabc.def', n: 'Basic dXNlcjpwYXNz' })).toEqual({ contact: MASK, who: MASK, h: MASK, n: MASK });
  });

  test('masks phones and e-mails inside longer text, keeps the rest', () => {
    expect(redactJson({ message: 'call 13912345678 or mail li@shop.example.com today' })).toEqual({ message: `call ${MASK} or mail ${MASK} today` });
  });

  test('masks a phone stored as a number under a contact name; keeps ordinary numbers, ids and times', () => {
    expect(redactJson({ phone: 13812345678, id: 12345678, total: 9990, createTime: '2026-01-02 03:04:05', orderNo: 'O20260102000001' })).toEqual({
      phone: MASK, id: 12345678, total: 9990, createTime: '2026-01-02 03:04:05', orderNo: 'O20260102000001',
    });
  });

  test('keeps empty and null secrets as they are (nothing to hide; the shape stays readable)', () => {
    expect(redactJson({ password: '', token: null, phone: '' })).toEqual({ password: '', token: null, phone: '' });
  });

  test('returns a copy and leaves the input unchanged', () => {
    const input = { token: 't', list: [{ email: 'a@b.cn' }] };
    const out = redactJson(input);
    expect(input).toEqual({ token: 't', list: [{ email: 'a@b.cn' }] });
    expect(out).not.toBe(input);
  });

  test('cuts a hostile depth instead of exhausting the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    const out = JSON.stringify(redactJson(deep));
    expect(out).toContain(MASK);
    expect(out).not.toContain('leaf');
  });

  test('primitives pass through', () => {
    expect(redactJson(7)).toBe(7);
    expect(redactJson(true)).toBe(true);
    expect(redactJson(null)).toBe(null);
    expect(redactJson('plain')).toBe('plain');
  });
});

describe('redactHeaders', () => {
  test('drops credentials, masks secret-named headers and contact values, lower-cases names, joins arrays', () => {
    expect(
      redactHeaders({
        Authorization: 'Bearer abc',
        Cookie: 'sid=1',
        'Set-Cookie': ['a=1', 'b=2'],
        'X-Api-Key': 'k',
        'X-Auth-Token': 't',
        'Content-Type': 'application/json',
        'X-Contact': 'ops@example.com',
        Accept: ['a', 'b'],
        'Content-Length': 42,
        'X-None': undefined,
      }),
    ).toEqual({ 'x-auth-token': MASK, 'content-type': 'application/json', 'x-contact': MASK, accept: 'a, b', 'content-length': '42' });
  });
});

describe('redactQuery', () => {
  test('masks secret and contact parameters and contact-looking values, keeps the rest and the order', () => {
    const q = redactQuery('token=abc&pageNum=2&phone=13812345678&keyword=li%40shop.cn&name=Li');
    const p = new URLSearchParams(q);
    expect([...p.keys()]).toEqual(['token', 'pageNum', 'phone', 'keyword', 'name']);
    expect(Object.fromEntries(p)).toEqual({ token: MASK, pageNum: '2', phone: MASK, keyword: MASK, name: 'Li' });
  });

  test('an empty query stays empty', () => {
    expect(redactQuery('')).toBe('');
  });
});

describe('isSecretField', () => {
  test.each(['password', 'newPassword', 'pwd', 'accessToken', 'secret', 'authorization', 'cookie', 'private_key', 'signature', 'salt', 'phone', 'mobile', 'tel', 'email', 'id_card', 'cardNo'])('%s is secret', (n) => {
    expect(isSecretField(n)).toBe(true);
  });
  test.each(['username', 'nickName', 'orderNo', 'status', 'title', 'remark'])('%s is not', (n) => {
    expect(isSecretField(n)).toBe(false);
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { MESSAGES, renderMessage, type Refusal, type RenderNames } from '../../server/contract/messages.js';
import { localizedMessage, rawMessage } from '../../server/plugins/localize.js';

/**
 * One catalogue of keys (server/contract/messages.ts) replaces the regular
 * expressions that translated English sentences back. Every key has both languages, every key is
 * thrown somewhere, no zh_CN template is an English sentence, and the server reads no web file.
 */

const ROOT = path.resolve(import.meta.dirname, '../../server');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}
const SOURCES = files(ROOT).filter((f) => !f.endsWith(`contract${path.sep}messages.ts`)).map((f) => ({ f, src: readFileSync(f, 'utf8') }));

/** Three or more English words in a row, once placeholders, quoted values and paths are taken out. */
const ENGLISH_SENTENCE = /\b[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,}){2,}\b/;

describe('the catalogue', () => {
  const entries = Object.entries(MESSAGES) as [string, { zh_CN: string; en: string }][];

  test('every key has a zh_CN and an English template; no zh_CN template is an English sentence', () => {
    expect(entries.length).toBeGreaterThan(200);
    for (const [key, t] of entries) {
      expect(t.zh_CN, key).toBeTruthy();
      expect(t.en, key).toBeTruthy();
      const zh = t.zh_CN.replace(/\{[^}]+\}/g, '').replace(/"[^"]*"|'[^']*'|\([^)]*\/v1[^)]*\)/g, '');
      if (!key.startsWith('word.') || t.zh_CN !== t.en) expect(zh, key).not.toMatch(ENGLISH_SENTENCE);
    }
  });

  test('every key is thrown somewhere in server/ (words are named by the values that use them)', () => {
    const all = SOURCES.map((s) => s.src).join('\n');
    const unused = entries.map(([k]) => k).filter((k) => !k.startsWith('word.') && !all.includes(`'${k}'`) && !all.includes(`\`${k}\``));
    // Validation keys of a type are named as `validation.type.${type}`.
    expect(unused.filter((k) => !k.startsWith('validation.type.'))).toEqual([]);
  });

  test('the server imports nothing from web/ and keeps no regular-expression catalogue', () => {
    const fromWeb = SOURCES.filter(({ src }) => /from '(?:\.\.\/)+web\//.test(src)).map(({ f }) => path.relative(ROOT, f));
    expect(fromWeb).toEqual([]);
    expect(SOURCES.some(({ f }) => f.endsWith('message-catalogue.ts'))).toBe(false);
  });
});

describe('rendering a refusal', () => {
  const names = (lang: RenderNames['lang']): RenderNames => ({ lang, label: (p) => `<${p}>`, title: (e) => `[${e}]` });

  test('params, labels, titles, words, brackets and nested parts in each language', () => {
    const r: Refusal = { field: 'ids', key: 'record.inUse', params: { entity: 'feedbackType', id: 3, label: '充值', count: 2, from: 'feedback', records: 'records', refField: 'typeId', fromId: 9, fromLabel: '', more: ', …' } };
    expect(renderMessage(r, names('zh_CN'))).toBe('<ids>：[feedbackType] 3（充值）正被 2 条[feedback]使用（[feedback] 9 的<typeId>, …），请先修改或删除它们');
    expect(renderMessage(r, names('raw'))).toBe('<ids>: [feedbackType] 3 (充值) is used by 2 [feedback] records (typeId of [feedback] 9, …); change or delete them first');
    expect(renderMessage({ key: 'order.wrongStatus', field: 'id', params: { orderNo: 'O1', status: 'delivered', doing: 'deliver it' } }, names('zh_CN'))).toBe('<id>：订单 O1 状态为已发货，不能执行此操作');
    const several: Refusal = { field: 'typeName', key: 'validation.several', params: { errors: [{ field: 'typeName', key: 'validation.required' }, { field: 'sort', key: 'validation.minimum', params: { limit: 0 } }] } };
    expect(renderMessage(several, names('zh_CN'))).toBe('<typeName>：必填；<sort>：不能小于 0');
    expect(renderMessage(several, names('raw'))).toBe('<typeName>: is required; <sort>: must be >= 0');
  });

  test('amounts in cents are stated in yuan as the console shows them; raw keeps the cents it always wrote', () => {
    const max: Refusal = { field: 'amount', key: 'refund.max', params: { max: 121300, orderNo: 'O1' } };
    expect(renderMessage(max, names('zh_CN'))).toBe('<amount>：订单 O1 最多可退 ¥1,213.00');
    expect(renderMessage(max, names('en'))).toBe('<amount>: at most ¥1,213.00 can be refunded on order O1');
    expect(renderMessage(max, names('raw'))).toBe('<amount>: at most 121300 cents can be refunded on order O1');
    const short: Refusal = { key: 'wallet.withdrawMax', params: { id: 7, max: 500, balance: 123456, pending: 0 } };
    expect(renderMessage(short, names('zh_CN'))).toBe('会员 7 最多可提现 ¥5.00（余额 ¥1,234.56，待处理 ¥0.00）');
    expect(renderMessage(short, names('raw'))).toBe('member 7 can withdraw at most 500 cents (balance 123456, pending 0)');
    // No template of the catalogue states an amount in cents to a person.
    for (const [key, t] of Object.entries(MESSAGES) as [string, { zh_CN: string }][]) expect(t.zh_CN, key).not.toMatch(/\} ?分/);
  });

  test('the server names fields by their labels and rows by number; raw keeps keys and English', () => {
    const r: Refusal = { field: 'list.2.url', key: 'validation.notAllowed' };
    expect(rawMessage(r)).toBe('list.2.url: is not allowed');
    expect(localizedMessage(r, 'zh_CN')).toMatch(/^列表 第 3 项 .+：不是可接受的字段$/);
    expect(localizedMessage({ field: 'typeName', key: 'validation.required' }, 'en', 'feedbackType')).toBe('Type name: is required');
    expect(localizedMessage({ field: 'row 4', key: 'sheet.cell.empty', params: { col: { header: '卡号', field: 'cardNo' } } }, 'zh_CN')).toBe('第 4 行：卡号 为空');
  });
});

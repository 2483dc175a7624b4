import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, test } from 'vitest';
import { CDK_COLUMNS } from '../../server/contract/cdk.js';
import { CARD_COLUMNS } from '../../server/contract/inventory.js';
import { mockCtx, signedInSuite } from './contract/harness.js';

/**
 * Spreadsheet imports answer every row problem in the request's language (Accept-Language; zh_CN
 * when absent): the preview's per-row problems and the all-or-none refusal's message alike.
 */

const suite = signedInSuite({ SCALE: '0.05', MESSAGES: 'localized' });

function multipart(file: Buffer, fields: Record<string, string>) {
  const boundary = '----langboundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`), file, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), boundary };
}

async function upload(url: string, file: Buffer, fields: Record<string, string>, lang: string | undefined) {
  const { payload, boundary } = multipart(file, fields);
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: suite.token };
  if (lang) headers['accept-language'] = lang;
  const res = await suite.app.inject({ method: 'POST', url, payload, headers });
  return res.json() as { code: number; message: string; data: { rows: { row: number; problems: string[] }[] } | null };
}

const sheet = (cols: readonly { zh_CN: string }[], data: (string | number | null)[][]) => writeXlsxFile([cols.map((c) => c.zh_CN), ...data]).toBuffer();
const rows = (name: 'cdkPlatform') => [...mockCtx(suite.app).store.col(name).values()];

/** A card sheet with a goods cell that is not a number, then a row without goods or secret. */
const badCards = () => sheet(CARD_COLUMNS, [['abc', 'LANG-1', 'S1', null, null], [null, 'LANG-2', null, null, null]]);

describe('card import row problems', () => {
  test('zh_CN (and no header): the preview and the refusal speak Chinese', async () => {
    for (const lang of ['zh-CN,zh;q=0.9', undefined]) {
      const preview = await upload('/v1/card/importExcel', await badCards(), { preview: 'true' }, lang);
      expect(preview.code).toBe(200);
      const problems = preview.data!.rows.flatMap((r) => r.problems);
      expect(problems).toContain('商品ID "abc" 不是整数');
      expect(problems.join('；')).toMatch(/为空/);
      expect(problems.join(' ')).not.toMatch(/whole number|is empty/);
      const refused = await upload('/v1/card/importExcel', await badCards(), {}, lang);
      expect(refused.code).toBe(400);
      expect(refused.message).toContain('商品ID "abc" 不是整数');
      expect(refused.message).toContain('第 3 行');
      expect(refused.message).not.toMatch(/whole number|is empty|row \d/);
    }
  });

  test('en: the preview and the refusal speak English', async () => {
    const preview = await upload('/v1/card/importExcel', await badCards(), { preview: 'true' }, 'en-US,en;q=0.9');
    const problems = preview.data!.rows.flatMap((r) => r.problems);
    expect(problems.join(' ')).toMatch(/"abc" is not a whole number/);
    expect(problems.join(' ')).toMatch(/is empty/);
    expect(problems.join(' ')).not.toMatch(/不是整数|为空/);
    const refused = await upload('/v1/card/importExcel', await badCards(), {}, 'en-US,en;q=0.9');
    expect(refused.message).toMatch(/"abc" is not a whole number/);
    expect(refused.message).not.toMatch(/不是整数|为空/);
  });
});

describe('CDK import row problems', () => {
  const fields = () => ({ ownerType: '1', ownerId: String(rows('cdkPlatform')[0].id), faceValue: '600' });
  const badCodes = () => sheet(CDK_COLUMNS, [['bad code!', null], [null, '2030-01-01'], ['LANGCDK1', 'tomorrow']]);

  test('zh_CN: every row problem in Chinese, in the preview and the refusal', async () => {
    const preview = await upload('/v1/cdkCode/importExcel', await badCodes(), { ...fields(), preview: 'true' }, 'zh-CN');
    const problems = preview.data!.rows.flatMap((r) => r.problems);
    expect(problems).toHaveLength(3);
    for (const p of problems) expect(p).toMatch(/只能包含|为空|不是时间/);
    const refused = await upload('/v1/cdkCode/importExcel', await badCodes(), fields(), 'zh-CN');
    expect(refused.message).toMatch(/第 3 行/);
    expect(refused.message).not.toMatch(/is empty|may hold|not a time/);
  });

  test('en: every row problem in English', async () => {
    const preview = await upload('/v1/cdkCode/importExcel', await badCodes(), { ...fields(), preview: 'true' }, 'en');
    const problems = preview.data!.rows.flatMap((r) => r.problems);
    expect(problems).toHaveLength(3);
    for (const p of problems) expect(p).toMatch(/may hold|is empty|is not a time/);
    const refused = await upload('/v1/cdkCode/importExcel', await badCodes(), fields(), 'en');
    expect(refused.message).toMatch(/row 3/);
    expect(refused.message).not.toMatch(/为空|只能包含|不是时间/);
  });
});

import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, test } from 'vitest';
import { CDK_COLUMNS } from '../../../server/contract/cdk.js';
import type { EntityName } from '../../../server/contract/index.js';
import { CARD_ACCOUNT_COLUMNS, CARD_COLUMNS } from '../../../server/contract/inventory.js';
import type { AnyRow } from '../../../server/mock/store/seed.js';
import { mockCtx, signedInSuite } from '../contract/harness.js';

/**
 * Domain actions of the stock and code-keeping areas: each allowed once and refused once,
 * the store unchanged on refusal. Stock adjust, reveal audit, batch void, code / account / CDK
 * imports from real .xlsx files (preview, good file, bad file), client version rule, crash reports
 * resolved, income totals and settle.
 */

// A quarter of the default volumes: these tests need records of each kind, not thousands.
const suite = signedInSuite({ SCALE: '0.25' });
const p = suite.p;
const rows = (name: EntityName) => [...mockCtx(suite.app).store.col(name).values()];
const snap = (...names: EntityName[]) => JSON.stringify(names.map((n) => rows(n)));
const stockOf = (goodsId: number) => rows('stock').find((s) => s.goodsId === goodsId)!;
const cardGoods = () => rows('goods').find((g) => g.deliveryType === 1 && rows('card').some((c) => c.goodsId === g.id && c.status === 0))!;

function multipart(file: Buffer, fields: Record<string, string>, name = 'codes.xlsx') {
  const boundary = '----v8boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`), file, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: suite.token } };
}
async function upload(url: string, file: Buffer, fields: Record<string, string> = {}) {
  const res = await suite.app.inject({ method: 'POST', url, ...multipart(file, fields) });
  return { status: res.statusCode, json: res.json() };
}
const sheet = (cols: readonly { zh_CN: string }[], data: (string | number | null)[][]) => writeXlsxFile([cols.map((c) => c.zh_CN), ...data]).toBuffer();

describe('stock.adjust', () => {
  test('a negative adjustment voids unsold codes, stock follows and the reason is audited', async () => {
    const g = cardGoods();
    const before = stockOf(g.id);
    const r = await p('/v1/stock/adjust', { goodsId: g.id, delta: -2, reason: '盘点短缺' });
    expect(r.json.code).toBe(200);
    expect(r.json.data.count).toBe(2);
    expect(r.json.data.stock.availableQty).toBe((before.availableQty as number) - 2);
    const available = rows('card').filter((c) => c.goodsId === g.id && c.status === 0).length;
    expect(stockOf(g.id).availableQty).toBe(available);
    expect(rows('goods').find((x) => x.id === g.id)!.stock).toBe(available);
    const log = rows('inventoryAudit').at(-1)!;
    expect(log).toMatchObject({ action: 2, targetType: 5, goodsId: g.id, quantity: 2, reason: '盘点短缺', operator: 'admin' });
    // And back: voided, unexpired codes return to sale.
    const back = await p('/v1/stock/adjust', { goodsId: g.id, delta: 2, reason: '盘点找回' });
    expect(back.json.data.stock.availableQty).toBe(before.availableQty);
  });

  test('refused without a reason, for 0, beyond what is unsold, and for goods without stock; nothing changes', async () => {
    const g = cardGoods();
    const before = snap('card', 'stock', 'goods', 'inventoryAudit');
    expect((await p('/v1/stock/adjust', { goodsId: g.id, delta: -1 })).json.message).toMatch(/reason/);
    expect((await p('/v1/stock/adjust', { goodsId: g.id, delta: 0, reason: 'x' })).json.message).toMatch(/^delta: must not be 0/);
    const r = await p('/v1/stock/adjust', { goodsId: g.id, delta: -100_000, reason: '清空' });
    expect(r.json.code).toBe(400);
    expect(r.json.message).toMatch(/^delta: goods \d+ has \d+ unsold items/);
    const manual = rows('goods').find((x) => x.deliveryType !== 1 && x.deliveryType !== 3)!;
    expect((await p('/v1/stock/adjust', { goodsId: manual.id, delta: -1, reason: 'x' })).json.code).toBe(404);
    expect(snap('card', 'stock', 'goods', 'inventoryAudit')).toBe(before);
  });
});

describe('reveal', () => {
  test('list and info hide the secret; reveal shows it and writes the audit trail the list can show', async () => {
    const list = await p('/v1/card/list', { pageSize: 5 });
    expect(list.json.data.list[0].cardSecret).toBeUndefined();
    const id = list.json.data.list[0].id;
    expect((await p('/v1/card/info', { id })).json.data.cardSecret).toBeUndefined();
    const r = await p('/v1/card/reveal', { id });
    expect(r.json.data.secret).toBe(mockCtx(suite.app).store.get<AnyRow>('card', id)!.cardSecret);
    const log = await p('/v1/inventoryAudit/list', { action: 1, targetType: 1, targetId: id });
    expect(log.json.data.total).toBeGreaterThanOrEqual(1);
    expect(log.json.data.list[0]).toMatchObject({ targetId: id, operator: 'admin' });
    const acc = rows('cardAccount')[0];
    expect((await p('/v1/cardAccount/list', { pageSize: 1 })).json.data.list[0].password).toBeUndefined();
    expect((await p('/v1/cardAccount/reveal', { id: acc.id })).json.data.secret).toBe(acc.password);
    const ga = rows('gameAccount')[0];
    expect((await p('/v1/gameAccount/reveal', { id: ga.id })).json.data.secret).toBe(ga.password);
    expect(rows('inventoryAudit').at(-1)).toMatchObject({ action: 1, targetType: 4, targetId: ga.id });
  });

  test('refused for an unknown id, nothing audited', async () => {
    const before = snap('inventoryAudit');
    expect((await p('/v1/card/reveal', { id: 99_999_999 })).json.code).toBe(404);
    expect(snap('inventoryAudit')).toBe(before);
  });
});

describe('batch void', () => {
  test('voids unsold codes; stock follows', async () => {
    const g = cardGoods();
    const ids = rows('card').filter((c) => c.goodsId === g.id && c.status === 0).slice(0, 3).map((c) => c.id);
    const before = stockOf(g.id).availableQty as number;
    const r = await p('/v1/card/batchVoid', { ids, reason: '批次泄露' });
    expect(r.json.data.count).toBe(3);
    expect(stockOf(g.id).availableQty).toBe(before - 3);
    expect(ids.every((id) => mockCtx(suite.app).store.get<AnyRow>('card', id)!.status === 3)).toBe(true);
  });

  test('a sold code in the batch refuses the whole batch', async () => {
    const sold = rows('card').find((c) => c.status === 2)!;
    const unsold = rows('card').find((c) => c.status === 0)!;
    const before = snap('card', 'stock', 'inventoryAudit');
    const r = await p('/v1/card/batchVoid', { ids: [unsold.id, sold.id], reason: 'x' });
    expect(r.json.code).toBe(400);
    expect(r.json.message).toContain(`${sold.id} is sold`);
    expect(snap('card', 'stock', 'inventoryAudit')).toBe(before);
  });

  test('CDK codes: unused ones are voided, redeemed ones refused', async () => {
    const unused = rows('cdkCode').find((c) => c.status === 0)!;
    const used = rows('cdkCode').find((c) => c.status === 1)!;
    const before = snap('cdkCode');
    expect((await p('/v1/cdkCode/batchVoid', { ids: [unused.id, used.id], reason: 'x' })).json.message).toContain('redeemed');
    expect(snap('cdkCode')).toBe(before);
    expect((await p('/v1/cdkCode/batchVoid', { ids: [unused.id], reason: '渠道终止' })).json.data.count).toBe(1);
    expect(mockCtx(suite.app).store.get<AnyRow>('cdkCode', unused.id)!.status).toBe(3);
  });

  test('status changes through the generic updateStatus keep stock in step too', async () => {
    const g = cardGoods();
    const c = rows('card').find((x) => x.goodsId === g.id && x.status === 0)!;
    const before = stockOf(g.id).availableQty as number;
    await p('/v1/card/updateStatus', { id: c.id, status: 3 });
    expect(stockOf(g.id).availableQty).toBe(before - 1);
  });
});

describe('card import', () => {
  test('the template is a real .xlsx with the import columns', async () => {
    const res = await suite.app.inject({ method: 'POST', url: '/v1/card/template', headers: { authorization: suite.token } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const data = await readSheet(res.rawPayload);
    expect(data[0]).toEqual(CARD_COLUMNS.map((c) => c.zh_CN));
  });

  test('a file with bad rows is refused naming every one (duplicate, unknown goods, empty secret); nothing imported', async () => {
    const g = cardGoods();
    const existing = rows('card')[0].cardNo as string;
    const file = await sheet(CARD_COLUMNS, [
      [g.id, 'NEWCODE-0001', 'SECRET1', null, null],
      [g.id, existing, 'SECRET2', null, null],
      [99_999, 'NEWCODE-0002', 'SECRET3', null, null],
      [g.id, 'NEWCODE-0003', null, null, null],
      [g.id, 'NEWCODE-0001', 'SECRET4', null, null],
    ]);
    const before = snap('card', 'stock', 'goods', 'inventoryAudit');
    const preview = await upload('/v1/card/importExcel', file, { preview: 'true' });
    expect(preview.json.code).toBe(200);
    expect(preview.json.data).toMatchObject({ preview: true, total: 5, bad: 4, count: 1 });
    expect(preview.json.data.rows.map((r: { row: number; problems: string[] }) => [r.row, r.problems.length > 0])).toEqual([[2, false], [3, true], [4, true], [5, true], [6, true]]);
    const r = await upload('/v1/card/importExcel', file);
    expect(r.json.code).toBe(400);
    expect(r.json.message).toMatch(/^file: 4 of 5 rows are bad, nothing was imported/);
    for (const bit of ['row 3:', 'duplicate code', 'row 4:', 'unknown goods', 'row 5:', 'cardSecret) is empty', 'row 6:', 'repeats row 2']) expect(r.json.message).toContain(bit);
    expect(snap('card', 'stock', 'goods', 'inventoryAudit')).toBe(before);
  });

  test('a good file imports every code in one batch and raises stock', async () => {
    const g = cardGoods();
    const before = stockOf(g.id);
    const file = await sheet(CARD_COLUMNS, [[g.id, 'IMPORT-A1', 'S1', 12.5, '2030-01-01 00:00:00'], [null, 'IMPORT-A2', 'S2', null, null]]);
    const r = await upload('/v1/card/importExcel', file, { goodsId: String(g.id) });
    expect(r.json.code).toBe(200);
    expect(r.json.data).toMatchObject({ preview: false, count: 2, total: 2 });
    const added = rows('card').filter((c) => String(c.cardNo).startsWith('IMPORT-A'));
    expect(added.map((c) => [c.batchNo, c.status, c.goodsId])).toEqual([[r.json.data.batchNo, 0, g.id], [r.json.data.batchNo, 0, g.id]]);
    expect(added[0].faceValue).toBe(1250);
    expect(stockOf(g.id)).toMatchObject({ totalQty: (before.totalQty as number) + 2, availableQty: (before.availableQty as number) + 2 });
    expect(rows('inventoryAudit').at(-1)).toMatchObject({ action: 4, quantity: 2, goodsId: g.id });
  });

  test('not a spreadsheet: 400 naming the file', async () => {
    const r = await upload('/v1/card/importExcel', Buffer.from('hello'));
    expect(r.json.code).toBe(400);
    expect(r.json.message).toMatch(/^file:/);
  });
});

describe('card account import', () => {
  test('bad rows refused (duplicate account, unknown goods, empty password); a good file imports', async () => {
    const g = rows('goods').find((x) => x.deliveryType === 3)!;
    const dup = rows('cardAccount').find((a) => a.goodsId === g.id)!;
    const before = snap('cardAccount', 'stock');
    const bad = await sheet(CARD_ACCOUNT_COLUMNS, [[g.id, dup.account as string, 'secret99', null, null, null], [424242, 'newacc1', 'secret99', null, null, null], [g.id, 'newacc2', null, null, null, null]]);
    const r = await upload('/v1/cardAccount/importExcel', bad);
    expect(r.json.message).toMatch(/^file: 3 of 3 rows are bad/);
    expect(snap('cardAccount', 'stock')).toBe(before);
    const avail = stockOf(g.id).availableQty as number;
    const good = await sheet(CARD_ACCOUNT_COLUMNS, [[g.id, 'brandnew01', 'secret99', 'a@b.cn', '国服', null]]);
    expect((await upload('/v1/cardAccount/importExcel', good)).json.data.count).toBe(1);
    expect(stockOf(g.id).availableQty).toBe(avail + 1);
  });
});

describe('CDK import', () => {
  test('codes of one platform: bad file refused, good file imported and counted on the platform', async () => {
    const platform = rows('cdkPlatform')[0];
    const before = snap('cdkCode', 'cdkPlatform');
    const existing = rows('cdkCode')[0].code as string;
    const fields = { ownerType: '1', ownerId: String(platform.id), faceValue: '600' };
    const bad = await upload('/v1/cdkCode/importExcel', await sheet(CDK_COLUMNS, [['CDKNEW1', null], [existing, null], [null, '2030-01-01']]), fields);
    expect(bad.json.message).toMatch(/row 3: .*duplicate code/);
    expect(snap('cdkCode', 'cdkPlatform')).toBe(before);
    const ok = await upload('/v1/cdkCode/importExcel', await sheet(CDK_COLUMNS, [['CDKNEW1', null], ['CDKNEW2', '2030-01-01 00:00:00']]), fields);
    expect(ok.json.data.count).toBe(2);
    expect(mockCtx(suite.app).store.get<AnyRow>('cdkPlatform', platform.id)!.codeCount).toBe((platform.codeCount as number) + 2);
    const listed = await p('/v1/cdkCode/list', { platformId: platform.id, code: 'CDKNEW' });
    expect(listed.json.data.total).toBe(2);
  });

  test('an owner that does not exist is refused before reading the file', async () => {
    const r = await upload('/v1/cdkCode/importExcel', await sheet(CDK_COLUMNS, [['X1', null]]), { ownerType: '2', ownerId: '99999', faceValue: '100' });
    expect(r.json.code).toBe(404);
    expect(r.json.message).toMatch(/^ownerId:/);
  });
});

describe('client', () => {
  test('a release must be newer than the current one of its platform', async () => {
    const current = rows('clientVersion').filter((v) => v.platform === 1 && v.status === 1).sort((a, b) => (b.versionCode as number) - (a.versionCode as number))[0];
    const base = { platform: 1, downloadUrl: 'https://download.example.com/a', fileSize: 1000, status: 1 };
    const before = snap('clientVersion');
    const old = await p('/v1/clientVersion/add', { ...base, versionName: '9.0.0', versionCode: current.versionCode });
    expect(old.json.message).toMatch(/^versionCode: must be above/);
    const oldName = await p('/v1/clientVersion/add', { ...base, versionName: '1.0.0', versionCode: (current.versionCode as number) + 1 });
    expect(oldName.json.message).toMatch(/^versionName: must be newer/);
    expect(snap('clientVersion')).toBe(before);
    expect((await p('/v1/clientVersion/add', { ...base, versionName: '9.0.0', versionCode: (current.versionCode as number) + 5 })).json.code).toBe(200);
    // A draft may hold any number; releasing it applies the rule.
    const revoked = rows('clientVersion').find((v) => v.status === 2)!;
    expect((await p('/v1/clientVersion/updateStatus', { id: revoked.id, status: 1 })).json.code).toBe(400);
  });

  test('crash reports are marked resolved in batch; an already resolved one refuses the batch', async () => {
    const open = rows('clientError').filter((e) => e.status === 0).slice(0, 2);
    const done = rows('clientError').find((e) => e.status === 2)!;
    const before = snap('clientError');
    expect((await p('/v1/clientError/resolve', { ids: [open[0].id, done.id] })).json.message).toMatch(/already resolved/);
    expect(snap('clientError')).toBe(before);
    expect((await p('/v1/clientError/resolve', { ids: open.map((e) => e.id), remark: '已修复 2.9.0' })).json.data.count).toBe(2);
    expect(mockCtx(suite.app).store.get<AnyRow>('clientError', open[0].id)).toMatchObject({ status: 2, remark: '已修复 2.9.0' });
  });
});

describe('financial', () => {
  test('totals follow the list filters; settle credits and the totals move', async () => {
    const all = await p('/v1/merchantIncome/totals', {});
    const lines = rows('merchantIncome');
    expect(all.json.data.count).toBe(lines.length);
    expect(all.json.data.income).toBe(lines.reduce((s, r) => s + (r.income as number), 0));
    const unsettled = await p('/v1/merchantIncome/totals', { status: 0 });
    expect(unsettled.json.data.unsettledCount).toBe(unsettled.json.data.count);
    const two = lines.filter((r) => r.status === 0).slice(0, 2);
    expect((await p('/v1/merchantIncome/settle', { ids: two.map((r) => r.id) })).json.data.count).toBe(2);
    const after = await p('/v1/merchantIncome/totals', { status: 0 });
    expect(after.json.data.income).toBe(unsettled.json.data.income - (two[0].income as number) - (two[1].income as number));
    const r = await p('/v1/rentalIncome/totals', { status: 1 });
    expect(r.json.data.count).toBe(rows('rentalIncome').filter((x) => x.status === 1).length);
  });

  test('settling a settled line refuses the batch', async () => {
    const settled = rows('rentalIncome').find((r) => r.status === 1)!;
    const open = rows('rentalIncome').find((r) => r.status === 0)!;
    const before = snap('rentalIncome');
    expect((await p('/v1/rentalIncome/settle', { ids: [open.id, settled.id] })).json.message).toMatch(/already settled/);
    expect(snap('rentalIncome')).toBe(before);
  });
});

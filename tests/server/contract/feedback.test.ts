import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, test } from 'vitest';
import { AWARD_COLUMNS } from '../../../server/contract/feedback.js';
import type { AnyRow } from '../../../server/mock/store/seed.js';
import { mockCtx, signedInSuite } from './harness.js';

/**
 * The feedback area exactly as spec §7 lists it: feedback findAll/replay/del (and the unused update),
 * feedbackType add/update/updateStatus/list/listAll (and the unused info), replay add/update/list/del,
 * award winners getAwardList/delAwardByIds, the spreadsheet import (multipart, /api/v1 prefix) and
 * the template export.
 */

// A quarter of the default volumes: these tests need records of each kind, not thousands.
const suite = signedInSuite({ SCALE: '0.25' });
const p = suite.p;
const rows = (name: 'feedback' | 'feedbackType' | 'feedbackAward' | 'replay') => [...mockCtx(suite.app).store.col(name).values()];

/** A multipart/form-data body with one file and text fields. */
function multipart(file: { name: string; data: Buffer; type?: string } | null, fields: Record<string, string | string[]> = {}) {
  const boundary = '----mockboundary7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    for (const value of Array.isArray(v) ? v : [v]) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${Array.isArray(v) ? `${k}[]` : k}"\r\n\r\n${value}\r\n`));
    }
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: suite.token } };
}

async function upload(file: { name: string; data: Buffer; type?: string } | null, fields: Record<string, string | string[]> = {}) {
  const res = await suite.app.inject({ method: 'POST', url: '/api/v1/feedbackAward/importAwardExcel', ...multipart(file, fields) });
  return { status: res.statusCode, json: res.json() };
}

const HEADER = AWARD_COLUMNS.map((c) => c.zh_CN);
const sheet = (data: (string | number | null)[][]) => writeXlsxFile([HEADER, ...data]).toBuffer();

describe('feedback', () => {
  test('findAll pages and filters by type, status and keyword', async () => {
    const all = await p('/v1/feedback/findAll', { pageNum: 1, pageSize: 10 });
    expect(all.json.data.total).toBe(rows('feedback').length);
    const byType = await p('/v1/feedback/findAll', { typeId: 2, status: 1, pageSize: 100 });
    expect(byType.json.data.total).toBe(rows('feedback').filter((f) => f.typeId === 2 && f.status === 1).length);
    expect(byType.json.data.list.every((f: AnyRow) => f.typeId === 2 && f.status === 1)).toBe(true);
    const kw = await p('/v1/feedback/findAll', { keyword: '激活码' });
    expect(kw.json.data.total).toBeGreaterThan(0);
    expect(kw.json.data.list.every((f: AnyRow) => String(f.content).includes('激活码') || String(f.nickName).includes('激活码'))).toBe(true);
  });

  test('replay stores the reply, who replied and marks it replied; a closed one needs close', async () => {
    const pending = rows('feedback').find((f) => f.status === 0)!;
    const r = await p('/v1/feedback/replay', { id: pending.id, replyContent: '已为您处理' });
    expect(r.json.code).toBe(200);
    expect(r.json.data).toMatchObject({ id: pending.id, status: 1, replyContent: '已为您处理', replyAdmin: 'admin' });
    expect(r.json.data.replyTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const closed = rows('feedback').find((f) => f.status === 2)!;
    expect((await p('/v1/feedback/replay', { id: closed.id, replyContent: 'x' })).json.message).toMatch(/^id: .*closed/);
    expect((await p('/v1/feedback/replay', { id: closed.id, replyContent: '再次回复', close: true })).json.data.status).toBe(2);
    expect((await p('/v1/feedback/replay', { id: pending.id, replyContent: '   ' })).json.message).toContain('replyContent:');
  });

  test('del removes all the chosen feedback or none', async () => {
    const [a, b] = rows('feedback');
    const before = rows('feedback').length;
    expect((await p('/v1/feedback/del', { ids: [a.id, 999999] })).json).toMatchObject({ code: 404, message: 'ids: no feedback with id 999999' });
    expect(rows('feedback').length).toBe(before);
    expect((await p('/v1/feedback/del', { ids: [a.id, b.id] })).json.data).toEqual({ count: 2, trashIds: [expect.any(Number), expect.any(Number)] });
    expect(rows('feedback').length).toBe(before - 2);
  });

  test('update (defined, unused) changes a remark and cannot mark replied without a reply', async () => {
    const pending = rows('feedback').find((f) => f.status === 0 && !f.replyContent)!;
    expect((await p('/v1/feedback/update', { id: pending.id, remark: '已转技术' })).json.data.remark).toBe('已转技术');
    expect((await p('/v1/feedback/update', { id: pending.id, status: 1 })).json.message).toMatch(/^status: /);
  });
});

describe('feedbackType', () => {
  test('add, update, updateStatus, list, listAll and info', async () => {
    const added = await p('/v1/feedbackType/add', { typeName: '物流问题', sort: 9 });
    expect(added.json.data).toMatchObject({ typeName: '物流问题', sort: 9, status: 1, description: '' });
    const id = added.json.data.id;
    expect((await p('/v1/feedbackType/update', { id, typeName: '配送问题' })).json.data.typeName).toBe('配送问题');
    expect((await p('/v1/feedbackType/updateStatus', { id, status: 0 })).json.data.status).toBe(0);
    expect((await p('/v1/feedbackType/info', { id })).json.data).toMatchObject({ id, typeName: '配送问题', status: 0 });
    const list = await p('/v1/feedbackType/list', { pageNum: 1, pageSize: 10, status: 0 });
    expect(list.json.data.list.map((t: AnyRow) => t.id)).toContain(id);
    const all = await p('/v1/feedbackType/listAll');
    expect(all.json.data).toContainEqual({ id, typeName: '配送问题' });
    expect(all.json.data.every((t: AnyRow) => Object.keys(t).join() === 'id,typeName')).toBe(true);
  });

  test('a duplicate name, a bad status and an unknown id are refused', async () => {
    expect((await p('/v1/feedbackType/add', { typeName: '充值问题' })).json.message).toMatch(/^typeName: "充值问题" is already used by feedback type 1/);
    const bad = await p('/v1/feedbackType/updateStatus', { id: 1, status: 5 });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('status:');
    expect((await p('/v1/feedbackType/info', { id: 4040 })).json).toMatchObject({ code: 404, message: 'id: no feedback type with id 4040' });
  });

  test('deleting a type in use is refused with who uses it; an unused one goes', async () => {
    const inUse = await p('/v1/feedbackType/del', { ids: [1] });
    expect(inUse.json.code).toBe(400);
    expect(inUse.json.message).toMatch(/^ids: feedback type 1 \(充值问题\) is used by \d+ feedback records/);
    expect(rows('feedbackType').length).toBe(8);
    const fresh = (await p('/v1/feedbackType/add', { typeName: '临时类型' })).json.data;
    expect((await p('/v1/feedbackType/del', { ids: [fresh.id] })).json.data).toEqual({ count: 1, trashIds: [expect.any(Number)] });
  });
});

describe('replay (reply templates)', () => {
  test('add, update, list and del', async () => {
    const added = (await p('/v1/replay/add', { title: '节假日延迟', content: '节假日期间处理可能延迟，敬请谅解。', typeId: 2 })).json.data;
    expect(added).toMatchObject({ title: '节假日延迟', typeId: 2, status: 1 });
    expect((await p('/v1/replay/update', { id: added.id, content: '新内容' })).json.data.content).toBe('新内容');
    expect((await p('/v1/replay/list', { title: '节假日' })).json.data.list.map((r: AnyRow) => r.id)).toEqual([added.id]);
    expect((await p('/v1/replay/add', { title: 'x', content: 'y', typeId: 999 })).json.message).toBe('typeId: no feedback type with id 999');
    expect((await p('/v1/replay/del', { ids: [added.id] })).json.data).toEqual({ count: 1, trashIds: [expect.any(Number)] });
  });
});

describe('feedbackAward', () => {
  test('getAwardList pages winners; delAwardByIds deletes them', async () => {
    const level = rows('feedbackAward')[0].awardLevel;
    const list = await p('/v1/feedbackAward/getAwardList', { pageNum: 1, pageSize: 20, awardLevel: level });
    expect(list.json.data.total).toBe(rows('feedbackAward').filter((a) => a.awardLevel === level).length);
    expect(list.json.data.list.every((a: AnyRow) => a.awardLevel === level)).toBe(true);
    const ids = list.json.data.list.slice(0, 3).map((a: AnyRow) => a.id);
    expect(ids.length).toBeGreaterThan(0);
    const before = rows('feedbackAward').length;
    expect((await p('/v1/feedbackAward/delAwardByIds', { ids })).json.data).toEqual({ count: ids.length, trashIds: expect.any(Array) });
    expect(rows('feedbackAward').length).toBe(before - ids.length);
  });

  test('imports a good spreadsheet: every row, numbers or text, activity from the form when the cell is empty', async () => {
    const before = rows('feedbackAward').length;
    const file = await sheet([
      ['双十一反馈有奖', 12, '玩家甲', '13800001234', 'Steam 充值卡 100 元', 3, ''],
      [null, '15', '玩家乙', 13900005678, '京东卡 500 元', '2', '已核实'],
    ]);
    const r = await upload({ name: 'winners.xlsx', data: file }, { activityName: '默认活动' });
    expect(r.json, JSON.stringify(r.json)).toMatchObject({ code: 200, data: { count: 2, activityNames: ['双十一反馈有奖', '默认活动'] } });
    expect(rows('feedbackAward').length).toBe(before + 2);
    const [a, b] = rows('feedbackAward').slice(-2);
    expect(a).toMatchObject({ activityName: '双十一反馈有奖', memberId: 12, nickName: '玩家甲', phone: '13800001234', awardLevel: 3, status: 0 });
    expect(b).toMatchObject({ activityName: '默认活动', memberId: 15, phone: '13900005678', awardLevel: 2, remark: '已核实' });
  });

  test('refuses a file with a bad row, naming the row, and imports nothing', async () => {
    const before = rows('feedbackAward').length;
    const file = await sheet([
      ['周年庆', 12, '玩家甲', '13800001234', 'iPad', 1, ''],
      ['周年庆', 13, '玩家乙', '12345', 'iPad', 1, ''],
      ['周年庆', 99999999, '玩家丙', '13800001235', '', 11, ''],
    ]);
    const r = await upload({ name: 'winners.xlsx', data: file });
    expect(r.json.code).toBe(400);
    expect(r.json.message).toContain('row 3: 手机号 (phone) "12345" is not an 11-digit mobile number');
    expect(r.json.message).toContain('row 4: 会员ID (memberId) 99999999: no such member');
    expect(r.json.message).toContain('row 4: 奖项等级 (awardLevel) "11"');
    expect(r.json.message).toContain('Nothing was imported');
    expect(rows('feedbackAward').length).toBe(before);
  });

  test('refuses what is not a spreadsheet, a missing file, a missing column and unknown form fields', async () => {
    const before = rows('feedbackAward').length;
    const notXlsx = await upload({ name: 'winners.xlsx', data: Buffer.from('name,phone\nx,1\n'), type: 'text/csv' });
    expect(notXlsx.json).toMatchObject({ code: 400, message: expect.stringMatching(/^file: not an \.xlsx spreadsheet/) });
    expect((await upload(null, { activityName: 'x' })).json.message).toMatch(/^file: no file/);
    const json = await p('/api/v1/feedbackAward/importAwardExcel', { file: 'x' });
    expect(json.json.message).toMatch(/^file: send the file as multipart\/form-data/);
    const noPhone = await writeXlsxFile([HEADER.filter((h) => h !== '手机号'), ['a', 12, 'b', 'c', 1, '']]).toBuffer();
    expect((await upload({ name: 'w.xlsx', data: noPhone })).json.message).toMatch(/^file: column "手机号" \(Phone\) is missing/);
    const good = await sheet([['a', 12, 'b', '13800001234', 'c', 1, '']]);
    expect((await upload({ name: 'w.xlsx', data: good }, { tags: ['a', 'b'] })).json.message).toBe('tags: is not allowed');
    expect(rows('feedbackAward').length).toBe(before);
  });

  test('needs a suite.token like every other endpoint', async () => {
    const res = await suite.app.inject({ method: 'POST', url: '/api/v1/feedbackAward/importAwardExcel', ...multipart(null), headers: {} });
    expect(res.json().code).toBe(401);
  });

  test('exports the empty template without payload, and the chosen winners with one', async () => {
    const tpl = await suite.app.inject({ method: 'POST', url: '/v1/feedbackAward/exportAwardExcel', headers: { authorization: suite.token } });
    expect(tpl.statusCode).toBe(200);
    expect(tpl.headers['content-type']).toContain('spreadsheetml');
    expect(tpl.headers['content-disposition']).toContain("filename*=UTF-8''");
    expect(await readSheet(tpl.rawPayload)).toEqual([HEADER]);

    const activity = String(rows('feedbackAward')[0].activityName);
    const expected = rows('feedbackAward').filter((a) => a.activityName === activity);
    const data = await suite.app.inject({ method: 'POST', url: '/v1/feedbackAward/exportAwardExcel', headers: { authorization: suite.token }, payload: { activityName: activity } });
    const sheetRows = await readSheet(data.rawPayload);
    expect(sheetRows).toHaveLength(expected.length + 1);
    expect(sheetRows[1]).toEqual([expected[0].activityName, expected[0].memberId, expected[0].nickName, expected[0].phone, expected[0].awardName, expected[0].awardLevel, null]);

    // What was exported imports back as is.
    const before = rows('feedbackAward').length;
    const again = await upload({ name: 'export.xlsx', data: data.rawPayload });
    expect(again.json.data.count).toBe(expected.length);
    expect(rows('feedbackAward').length).toBe(before + expected.length);
  });
});

import { AWARD_COLUMNS } from '../../contract/feedback.js';
import type { ColumnRef, MessageKey, MessageParams, Refusal } from '../../contract/messages.js';
import { PHONE_PATTERN } from '../../contract/fields.js';
import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import { attachment, inSlices, intCell, readRows, textCell, writeRows, XLSX_TYPE, type SheetColumn } from '../store/sheet.js';
import type { TypedHandlers } from '../routes/actions.js';

/**
 * Feedback actions of spec §7: reply to a feedback (`/v1/feedback/replay`), import award winners from
 * a spreadsheet (`/api/v1/feedbackAward/importAwardExcel`) and download the template or the winners
 * (`/v1/feedbackAward/exportAwardExcel`). CRUD rows of the same table are generic (routes/crud.ts).
 */

const COLUMNS: SheetColumn[] = AWARD_COLUMNS.map((c) => ({ ...c, required: c.field !== 'remark' && c.field !== 'activityName' }));
const PHONE = new RegExp(PHONE_PATTERN);
const MAX_REPORTED = 5;
/** A column of the award sheet as row problems name it (its header in the template, its field). */
const col = (field: string): ColumnRef => ({ header: AWARD_COLUMNS.find((c) => c.field === field)?.zh_CN ?? field, field });

type AwardInput = { activityName: string; memberId: number; nickName: string; phone: string; awardName: string; awardLevel: number; remark: string };

export const feedbackHandlers = {
  'feedback.replay': ({ ctx, body, actor }) => {
    const { id, replyContent, close } = body as { id: number; replyContent: string; close?: boolean };
    const old = ctx.crud.find('feedback', id);
    if (old.status === 2 && !close) throw new MockError('id', 'feedback.closed', { id });
    return ctx.crud.update('feedback', { id, replyContent: replyContent.trim(), replyTime: ctx.crud.now(), replyAdmin: actor ?? 'admin', status: close ? 2 : 1 }, actor);
  },

  /**
   * All rows or none: every row is checked first (activity, member id that exists, nickname, 11-digit
   * phone, award, level 1-10, remark length) and the problems are reported by spreadsheet row.
   */
  'feedbackAward.importAwardExcel': async ({ ctx, upload, actor }) => {
    const defaultActivity = typeof upload!.fields.activityName === 'string' ? upload!.fields.activityName.trim() : '';
    const { rows, rowNumbers } = await readRows(upload!.file.data, COLUMNS, upload!.file);
    const problems: Refusal[] = [];
    const good: AwardInput[] = [];
    await inSlices(rows, (r, i) => {
      const at = `row ${rowNumbers[i]}`;
      const bad = (key: MessageKey, params: MessageParams) => problems.push({ field: at, key, params });
      const before = problems.length;
      const activityName = textCell(r.activityName ?? null) || defaultActivity;
      if (!activityName) bad('sheet.cell.emptyNoDefault', { col: col('activityName'), fallback: 'activityName' });
      else if (activityName.length > 64) bad('sheet.cell.tooLong', { col: col('activityName'), max: 64 });
      const memberId = intCell(r.memberId);
      const member = memberId === null ? undefined : ctx.store.get<AnyRow>('member', memberId);
      if (memberId === null) bad('sheet.cell.notWhole', { col: col('memberId'), value: textCell(r.memberId) });
      else if (!member) bad('sheet.cell.noSuch', { col: col('memberId'), value: memberId, entity: 'member' });
      const nickName = textCell(r.nickName) || String(member?.nickName ?? '');
      if (!nickName) bad('sheet.cell.empty', { col: col('nickName') });
      else if (nickName.length > 64) bad('sheet.cell.tooLong', { col: col('nickName'), max: 64 });
      const phone = textCell(r.phone);
      if (!PHONE.test(phone)) bad('sheet.cell.notPhone', { col: col('phone'), value: phone });
      const awardName = textCell(r.awardName);
      if (!awardName) bad('sheet.cell.empty', { col: col('awardName') });
      else if (awardName.length > 64) bad('sheet.cell.tooLong', { col: col('awardName'), max: 64 });
      const awardLevel = intCell(r.awardLevel);
      if (awardLevel === null || awardLevel < 1 || awardLevel > 10) bad('sheet.cell.range', { col: col('awardLevel'), value: textCell(r.awardLevel), min: 1, max: 10 });
      const remark = textCell(r.remark ?? null);
      if (remark.length > 255) bad('sheet.cell.tooLong', { col: col('remark'), max: 255 });
      if (problems.length === before) good.push({ activityName, memberId: memberId!, nickName, phone, awardName, awardLevel: awardLevel!, remark });
    });
    if (problems.length) {
      const more: Refusal | null = problems.length > MAX_REPORTED ? { key: 'sheet.andMore', params: { count: problems.length - MAX_REPORTED } } : null;
      throw new MockError(null, 'sheet.report', { problems: problems.slice(0, MAX_REPORTED), more });
    }
    // In slices (other requests go on); all or none: a row refused on the way takes back the others.
    const added: number[] = [];
    try {
      await inSlices(good, (g) => added.push(ctx.crud.insert('feedbackAward', { ...g, status: 0 }, actor).id));
    } catch (e) {
      ctx.store.col('feedbackAward').remove(added);
      throw e;
    }
    return { count: good.length, activityNames: [...new Set(good.map((g) => g.activityName))] };
  },

  'feedbackAward.exportAwardExcel': async ({ ctx, body, reply }) => {
    const { template, ids, activityName } = body as { template?: boolean; ids?: number[]; activityName?: string };
    const asTemplate = template === true || (ids === undefined && !activityName);
    let rows: AnyRow[] = [];
    if (!asTemplate) {
      const wanted = ids ? new Set(ids) : null;
      const needle = activityName?.trim().toLowerCase();
      rows = [...ctx.store.col('feedbackAward').values()].filter(
        (r) => (!wanted || wanted.has(r.id)) && (!needle || String(r.activityName).toLowerCase().includes(needle)),
      );
    }
    const file = await writeRows('获奖名单', COLUMNS, rows);
    const name = asTemplate ? '获奖名单导入模板.xlsx' : `获奖名单-${ctx.crud.now().slice(0, 10).replace(/-/g, '')}.xlsx`;
    return reply.type(XLSX_TYPE).header('Content-Disposition', attachment(name)).header('Cache-Control', 'no-store').send(file);
  },
} satisfies TypedHandlers;

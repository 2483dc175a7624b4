import { AWARD_COLUMNS } from '../../contract/feedback.js';
import { PHONE_PATTERN } from '../../contract/fields.js';
import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import { attachment, inSlices, intCell, readRows, textCell, writeRows, XLSX_TYPE, type SheetColumn } from '../store/sheet.js';
import type { ActionHandlers } from '../routes/actions.js';

/**
 * Feedback actions of spec §7: reply to a feedback (`/v1/feedback/replay`), import award winners from
 * a spreadsheet (`/api/v1/feedbackAward/importAwardExcel`) and download the template or the winners
 * (`/v1/feedbackAward/exportAwardExcel`). CRUD rows of the same table are generic (routes/crud.ts).
 */

const COLUMNS: SheetColumn[] = AWARD_COLUMNS.map((c) => ({ ...c, required: c.field !== 'remark' && c.field !== 'activityName' }));
const PHONE = new RegExp(PHONE_PATTERN);
const MAX_REPORTED = 5;

type AwardInput = { activityName: string; memberId: number; nickName: string; phone: string; awardName: string; awardLevel: number; remark: string };

export const feedbackHandlers: ActionHandlers = {
  'feedback.replay': ({ ctx, body, actor }) => {
    const { id, replyContent, close } = body as { id: number; replyContent: string; close?: boolean };
    const old = ctx.crud.find('feedback', id);
    if (old.status === 2 && !close) throw new MockError(`id: feedback ${id} is closed; reopen it before replying`);
    return ctx.crud.update('feedback', { id, replyContent: replyContent.trim(), replyTime: ctx.crud.now(), replyAdmin: actor ?? 'admin', status: close ? 2 : 1 }, actor);
  },

  /**
   * All rows or none: every row is checked first (activity, member id that exists, nickname, 11-digit
   * phone, award, level 1-10, remark length) and the problems are reported by spreadsheet row.
   */
  'feedbackAward.importAwardExcel': async ({ ctx, upload, actor }) => {
    const defaultActivity = typeof upload!.fields.activityName === 'string' ? upload!.fields.activityName.trim() : '';
    const { rows, rowNumbers } = await readRows(upload!.file.data, COLUMNS, upload!.file);
    const problems: string[] = [];
    const good: AwardInput[] = [];
    await inSlices(rows, (r, i) => {
      const at = `row ${rowNumbers[i]}`;
      const bad = (msg: string) => problems.push(`${at}: ${msg}`);
      const before = problems.length;
      const activityName = textCell(r.activityName ?? null) || defaultActivity;
      if (!activityName) bad('活动名称 (activityName) is empty and no activityName was sent with the file');
      else if (activityName.length > 64) bad('活动名称 (activityName) is longer than 64 characters');
      const memberId = intCell(r.memberId);
      const member = memberId === null ? undefined : ctx.store.get<AnyRow>('member', memberId);
      if (memberId === null) bad(`会员ID (memberId) "${textCell(r.memberId)}" is not a whole number`);
      else if (!member) bad(`会员ID (memberId) ${memberId}: no such member`);
      const nickName = textCell(r.nickName) || String(member?.nickName ?? '');
      if (!nickName) bad('会员昵称 (nickName) is empty');
      else if (nickName.length > 64) bad('会员昵称 (nickName) is longer than 64 characters');
      const phone = textCell(r.phone);
      if (!PHONE.test(phone)) bad(`手机号 (phone) "${phone}" is not an 11-digit mobile number`);
      const awardName = textCell(r.awardName);
      if (!awardName) bad('奖品名称 (awardName) is empty');
      else if (awardName.length > 64) bad('奖品名称 (awardName) is longer than 64 characters');
      const awardLevel = intCell(r.awardLevel);
      if (awardLevel === null || awardLevel < 1 || awardLevel > 10) bad(`奖项等级 (awardLevel) "${textCell(r.awardLevel)}" must be a whole number from 1 to 10`);
      const remark = textCell(r.remark ?? null);
      if (remark.length > 255) bad('备注 (remark) is longer than 255 characters');
      if (problems.length === before) good.push({ activityName, memberId: memberId!, nickName, phone, awardName, awardLevel: awardLevel!, remark });
    });
    if (problems.length) {
      const more = problems.length > MAX_REPORTED ? `; and ${problems.length - MAX_REPORTED} more` : '';
      throw new MockError(`${problems.slice(0, MAX_REPORTED).join('; ')}${more}. Nothing was imported.`);
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
};

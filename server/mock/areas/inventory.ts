import { CARD_ACCOUNT_COLUMNS, CARD_COLUMNS } from '../../contract/inventory.js';
import { EMAIL_PATTERN } from '../../contract/fields.js';
import type { ColumnRef, Refusal } from '../../contract/messages.js';
import { recountStock } from '../hooks/inventory.js';
import type { TypedHandlers, ActionInput } from '../routes/actions.js';
import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import { readRows, textCell } from '../store/sheet.js';
import { audit } from './support/audit.js';
import { findAll } from './support/rows.js';
import { CODE, columns, finish, flag, idField, newBatchNo, rowGoods, template, timeCell, yuanCell, type Checked } from './support/sheet-import.js';

/**
 * Stock, activation codes and card accounts (spec §2 /inventory): stock adjustment with a reason,
 * secret and password reveals, batch void, spreadsheet imports with a preview, templates. Every
 * action checks everything first and changes nothing when it refuses; reveals, adjustments, voids and
 * imports are written to the `inventoryAudit` trail.
 */

const EMAIL = new RegExp(EMAIL_PATTERN);
/** Columns named in row problems: the header the template writes and the field. */
const COL = {
  cardNo: { header: '卡号', field: 'cardNo' }, cardSecret: { header: '卡密', field: 'cardSecret' }, faceValue: { header: '面值(元)', field: 'faceValue' },
  expireTime: { header: '过期时间', field: 'expireTime' }, account: { header: '账号', field: 'account' }, password: { header: '密码', field: 'password' },
  email: { header: '邮箱', field: 'email' }, region: { header: '区服', field: 'region' }, remark: { header: '备注', field: 'remark' },
} satisfies Record<string, ColumnRef>;

/** Voids unsold items (status 0 → 3), all or none; held, sold, expired or void ones are refused. */
function batchVoid(kind: 'card' | 'cardAccount', { ctx, body, actor }: ActionInput) {
  const rows = findAll(ctx, kind, body.ids);
  const names = ['unsold', 'locked by an order', 'sold', 'already void', 'expired'];
  const refused = rows.filter((r) => r.status !== 0);
  if (refused.length) {
    const items = refused.slice(0, 10).map((r): Refusal => ({ key: 'item.is', params: { item: r.id, state: names[r.status as number] } }));
    throw new MockError('ids', 'stock.onlyUnsold', { items, more: refused.length > 10 ? { key: 'item.andMore', params: { count: refused.length - 10 } } : null });
  }
  const now = ctx.crud.now();
  const perGoods = new Map<number, number>();
  for (const r of rows) {
    ctx.store.col(kind).replace({ ...r, status: 3, updateTime: now });
    perGoods.set(r.goodsId as number, (perGoods.get(r.goodsId as number) ?? 0) + 1);
  }
  for (const [goodsId, n] of perGoods) {
    recountStock(ctx.store, goodsId);
    const label = rows.length === 1 ? String(rows[0][kind === 'card' ? 'cardNo' : 'account']) : `${n} × ${String(ctx.store.get<AnyRow>('goods', goodsId)?.goodsName ?? goodsId)}`;
    audit(ctx, actor, { action: 3, targetType: kind === 'card' ? 1 : 2, targetId: rows.length === 1 ? rows[0].id : 0, targetLabel: label, goodsId, quantity: n, reason: body.reason });
  }
  return { count: rows.length };
}

export const inventoryHandlers = {
  'stock.adjust': ({ ctx, body, actor }) => {
    const { goodsId, delta, reason } = body as { goodsId: number; delta: number; reason: string };
    if (delta === 0) throw new MockError('delta', 'stock.zero');
    const goods = ctx.crud.find('goods', goodsId, 'goodsId');
    const line = [...ctx.store.col('stock').values()].find((s) => s.goodsId === goodsId);
    if (!line) throw new MockError('goodsId', 'stock.noStock', { id: goodsId }, 404);
    const kind = goods.deliveryType === 1 ? 'card' : 'cardAccount';
    const now = ctx.crud.now();
    const items = [...ctx.store.col(kind).values()].filter((r) => r.goodsId === goodsId);
    let pick: AnyRow[];
    if (delta < 0) {
      // The soonest to expire go first: they are the least likely to sell.
      pick = items.filter((r) => r.status === 0).sort((a, b) => String(a.expireTime ?? '\uffff').localeCompare(String(b.expireTime ?? '\uffff')) || a.id - b.id);
      if (pick.length < -delta) throw new MockError('delta', 'stock.fewUnsold', { id: goodsId, count: pick.length, delta: -delta });
      pick = pick.slice(0, -delta);
    } else {
      pick = items.filter((r) => r.status === 3 && (!r.expireTime || (r.expireTime as string) > now)).sort((a, b) => String(b.updateTime).localeCompare(String(a.updateTime)) || b.id - a.id);
      if (pick.length < delta) throw new MockError('delta', 'stock.fewVoided', { id: goodsId, count: pick.length, delta });
      pick = pick.slice(0, delta);
    }
    for (const r of pick) ctx.store.col(kind).replace({ ...r, status: delta < 0 ? 3 : 0, updateTime: now });
    recountStock(ctx.store, goodsId);
    audit(ctx, actor, { action: 2, targetType: 5, targetId: line.id, targetLabel: `${delta > 0 ? '+' : ''}${delta} ${String(goods.goodsName)}`, goodsId, quantity: pick.length, reason });
    return { count: pick.length, stock: ctx.store.col('stock').view(ctx.store.get<AnyRow>('stock', line.id)!) };
  },

  'card.reveal': ({ ctx, body, actor }) => {
    const c = ctx.crud.find('card', body.id);
    audit(ctx, actor, { action: 1, targetType: 1, targetId: c.id, targetLabel: String(c.cardNo), goodsId: c.goodsId as number });
    return { id: c.id, label: String(c.cardNo), secret: String(c.cardSecret) };
  },

  'cardAccount.reveal': ({ ctx, body, actor }) => {
    const a = ctx.crud.find('cardAccount', body.id);
    audit(ctx, actor, { action: 1, targetType: 2, targetId: a.id, targetLabel: String(a.account), goodsId: a.goodsId as number });
    return { id: a.id, label: String(a.account), secret: String(a.password) };
  },

  'card.batchVoid': (a) => batchVoid('card', a),

  'cardAccount.batchVoid': (a) => batchVoid('cardAccount', a),

  'card.importExcel': async ({ ctx, req, upload, actor }) => {
    const f = upload!.fields;
    const fallback = idField(f.goodsId);
    if (fallback !== undefined && !ctx.store.get('goods', fallback)) throw new MockError('goodsId', 'record.notFound', { entity: 'goods', ids: String(fallback) }, 404);
    const { rows, rowNumbers } = await readRows(upload!.file.data, columns(CARD_COLUMNS));
    const now = ctx.crud.now();
    const existing = new Set<string>();
    for (const c of ctx.store.col('card').values()) existing.add(String(c.cardNo).toLowerCase());
    const seen = new Map<string, number>();
    type Rec = { goodsId: number; cardNo: string; cardSecret: string; faceValue: number; costPrice: number; expireTime?: string };
    const checked: Checked<Rec>[] = rows.map((r, i) => {
      const problems: Refusal[] = [];
      const bad = (m: Refusal) => problems.push(m);
      const goods = rowGoods(ctx, r.goodsId, fallback, 1, 'activation codes', bad);
      const cardNo = textCell(r.cardNo ?? null);
      const key = cardNo.toLowerCase();
      if (!cardNo) bad({ key: 'sheet.cell.empty', params: { col: COL.cardNo } });
      else if (!CODE.test(cardNo)) bad({ key: 'sheet.cell.badCode', params: { col: COL.cardNo, value: cardNo } });
      else if (existing.has(key)) bad({ key: 'sheet.cell.exists', params: { col: COL.cardNo, value: cardNo } });
      else if (seen.has(key)) bad({ key: 'sheet.cell.repeats', params: { col: COL.cardNo, value: cardNo, row: seen.get(key)! } });
      if (cardNo && !seen.has(key)) seen.set(key, rowNumbers[i]);
      const cardSecret = textCell(r.cardSecret ?? null);
      if (!cardSecret) bad({ key: 'sheet.cell.empty', params: { col: COL.cardSecret } });
      else if (cardSecret.length > 128) bad({ key: 'sheet.cell.tooLong', params: { col: COL.cardSecret, max: 128 } });
      let faceValue = goods ? (goods.price as number) : 0;
      if (textCell(r.faceValue ?? null)) {
        const cents = yuanCell(r.faceValue ?? null);
        if (cents === null) bad({ key: 'sheet.cell.notYuan', params: { col: COL.faceValue, value: textCell(r.faceValue ?? null) } });
        else faceValue = cents;
      }
      let expireTime: string | undefined;
      if (textCell(r.expireTime ?? null)) {
        const t = timeCell(r.expireTime ?? null);
        if (!t) bad({ key: 'sheet.cell.notTime', params: { col: COL.expireTime, value: textCell(r.expireTime ?? null) } });
        else if (t <= now) bad({ key: 'sheet.cell.passed', params: { col: COL.expireTime, value: t } });
        else expireTime = t;
      }
      const values = { goodsId: goods?.id ?? textCell(r.goodsId ?? null), goodsName: goods ? String(goods.goodsName) : null, cardNo, faceValue, expireTime: expireTime ?? null };
      const record = problems.length ? null : { goodsId: goods!.id, cardNo, cardSecret, faceValue, costPrice: Math.round(faceValue * 0.8), ...(expireTime ? { expireTime } : {}) };
      return { row: rowNumbers[i], values, problems, record };
    });
    return finish({ ctx, req }, flag(f.preview), checked, (records) => {
      const batchNo = typeof f.batchNo === 'string' && f.batchNo ? f.batchNo : newBatchNo(ctx, 'B', 'card');
      const col = ctx.store.col('card');
      const perGoods = new Map<number, number>();
      // Bulk insert: the checks above cover add's rules, and stock is counted once per goods after.
      for (const rec of records) {
        col.insert({ ...rec, batchNo, status: 0, createTime: now, updateTime: now });
        perGoods.set(rec.goodsId, (perGoods.get(rec.goodsId) ?? 0) + 1);
      }
      for (const [goodsId, n] of perGoods) {
        recountStock(ctx.store, goodsId);
        audit(ctx, actor, { action: 4, targetType: 1, targetId: 0, targetLabel: batchNo, goodsId, quantity: n, reason: upload!.file.filename });
      }
      return { batchNo };
    });
  },

  'card.template': (a) => template(a, columns(CARD_COLUMNS), '卡密', '卡密导入模板.xlsx'),

  'cardAccount.importExcel': async ({ ctx, req, upload, actor }) => {
    const f = upload!.fields;
    const fallback = idField(f.goodsId);
    if (fallback !== undefined && !ctx.store.get('goods', fallback)) throw new MockError('goodsId', 'record.notFound', { entity: 'goods', ids: String(fallback) }, 404);
    const { rows, rowNumbers } = await readRows(upload!.file.data, columns(CARD_ACCOUNT_COLUMNS));
    const now = ctx.crud.now();
    const existing = new Set<string>();
    for (const a of ctx.store.col('cardAccount').values()) existing.add(`${a.goodsId as number}:${String(a.account).toLowerCase()}`);
    const seen = new Map<string, number>();
    type Rec = { goodsId: number; account: string; password: string; email?: string; region: string; remark: string };
    const checked: Checked<Rec>[] = rows.map((r, i) => {
      const problems: Refusal[] = [];
      const bad = (m: Refusal) => problems.push(m);
      const goods = rowGoods(ctx, r.goodsId, fallback, 3, 'accounts', bad);
      const account = textCell(r.account ?? null);
      const key = `${goods?.id ?? '?'}:${account.toLowerCase()}`;
      if (!account) bad({ key: 'sheet.cell.empty', params: { col: COL.account } });
      else if (account.length > 64) bad({ key: 'sheet.cell.tooLong', params: { col: COL.account, max: 64 } });
      else if (goods && existing.has(key)) bad({ key: 'sheet.cell.accountExists', params: { col: COL.account, value: account } });
      else if (goods && seen.has(key)) bad({ key: 'sheet.cell.repeats', params: { col: COL.account, value: account, row: seen.get(key)! } });
      if (account && goods && !seen.has(key)) seen.set(key, rowNumbers[i]);
      const password = textCell(r.password ?? null);
      if (!password) bad({ key: 'sheet.cell.empty', params: { col: COL.password } });
      else if (password.length < 6 || password.length > 64) bad({ key: 'sheet.cell.passwordLength', params: { col: COL.password } });
      const email = textCell(r.email ?? null);
      if (email && (!EMAIL.test(email) || email.length > 128)) bad({ key: 'sheet.cell.notEmail', params: { col: COL.email, value: email } });
      const region = textCell(r.region ?? null);
      if (region.length > 32) bad({ key: 'sheet.cell.tooLong', params: { col: COL.region, max: 32 } });
      const remark = textCell(r.remark ?? null);
      if (remark.length > 255) bad({ key: 'sheet.cell.tooLong', params: { col: COL.remark, max: 255 } });
      const values = { goodsId: goods?.id ?? textCell(r.goodsId ?? null), goodsName: goods ? String(goods.goodsName) : null, account, email: email || null, region: region || null };
      const record = problems.length ? null : { goodsId: goods!.id, account, password, ...(email ? { email } : {}), region, remark };
      return { row: rowNumbers[i], values, problems, record };
    });
    return finish({ ctx, req }, flag(f.preview), checked, (records) => {
      const col = ctx.store.col('cardAccount');
      const perGoods = new Map<number, number>();
      for (const rec of records) {
        col.insert({ ...rec, status: 0, createTime: now, updateTime: now });
        perGoods.set(rec.goodsId, (perGoods.get(rec.goodsId) ?? 0) + 1);
      }
      for (const [goodsId, n] of perGoods) {
        recountStock(ctx.store, goodsId);
        audit(ctx, actor, { action: 4, targetType: 2, targetId: 0, targetLabel: upload!.file.filename || 'import', goodsId, quantity: n, reason: upload!.file.filename });
      }
      return {};
    });
  },

  'cardAccount.template': (a) => template(a, columns(CARD_ACCOUNT_COLUMNS), '卡密账号', '卡密账号导入模板.xlsx'),
} satisfies TypedHandlers;

import { CDK_COLUMNS, CdkOwnerType } from '../../contract/cdk.js';
import { CARD_ACCOUNT_COLUMNS, CARD_COLUMNS } from '../../contract/inventory.js';
import { EMAIL_PATTERN } from '../../contract/fields.js';
import type { EntityName } from '../../contract/index.js';
import type { MockContext } from '../context.js';
import { checkCdkOwner } from '../hooks/cdk.js';
import { recountStock } from '../hooks/inventory.js';
import { MockError, titleOf } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import { attachment, intCell, readRows, textCell, writeRows, XLSX_TYPE, type Cell, type SheetColumn } from '../store/sheet.js';
import type { ActionHandlers, ActionInput } from './actions.js';

/**
 * Domain actions of the stock and code-keeping screens (issue 8; spec §2 /inventory, /cdk, /account,
 * /client, /financial): stock adjustment with a reason, secret and password reveals, batch void,
 * spreadsheet imports of codes and accounts with a preview, crash reports marked resolved, income
 * totals. Every action checks everything first and changes nothing when it refuses; reveals,
 * adjustments, voids and imports are written to the `inventoryAudit` trail.
 */

type Col = EntityName;

const CODE = /^[A-Za-z0-9_-]{1,64}$/;
const EMAIL = new RegExp(EMAIL_PATTERN);
const TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
/** Bad rows described in full in a refusal; the rest are named by number only. */
const DETAILED = 50;
/** Good rows a preview answers beside every bad one. */
const PREVIEW_GOOD = 50;

/** Audit entry: `action` 1 reveal, 2 adjust, 3 void, 4 import; `targetType` 1 card, 2 cardAccount, 3 cdkCode, 4 gameAccount, 5 stock. */
function audit(ctx: MockContext, actor: string | null, e: { action: 1 | 2 | 3 | 4; targetType: 1 | 2 | 3 | 4 | 5; targetId: number; targetLabel: string; goodsId?: number; quantity?: number; reason?: string }) {
  const now = ctx.crud.now();
  ctx.store.col('inventoryAudit').insert({
    action: e.action, targetType: e.targetType, targetId: e.targetId, targetLabel: e.targetLabel.slice(0, 128),
    ...(e.goodsId ? { goodsId: e.goodsId } : {}), quantity: e.quantity ?? 1, reason: (e.reason ?? '').slice(0, 255), operator: actor ?? 'unknown', createTime: now, updateTime: now,
  });
}

/** Every id exists, else a 404 naming the missing ones. */
function findAll(ctx: MockContext, name: Col, ids: number[]): AnyRow[] {
  const missing = ids.filter((id) => !ctx.store.get(name, id));
  if (missing.length) throw new MockError(`ids: no ${titleOf(name)} with id ${missing.slice(0, 10).join(', ')}`, 404);
  return ids.map((id) => ctx.store.get<AnyRow>(name, id)!);
}

/** A cell as 'YYYY-MM-DD HH:mm:ss' (Excel date cells carry the wall time as UTC), or null when it is not a time. */
function timeCell(v: Cell): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 19).replace('T', ' ');
  const s = textCell(v);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return `${s} 23:59:59`;
  return TIME.test(s) ? s : null;
}

/** Yuan in a cell → cents; null when it is not an amount from 0 to 1 000 000 000 with at most 2 decimals. */
function yuanCell(v: Cell): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+(\.\d{1,2})?$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > 1_000_000_000) return null;
  const cents = Math.round(n * 100);
  return Math.abs(cents - n * 100) < 1e-6 ? cents : null;
}

interface Checked<T> {
  row: number;
  values: Record<string, string | number | null>;
  problems: string[];
  record: T | null;
}

/**
 * The common end of an import: a preview answers the rows; a commit with any bad row is refused with
 * every bad row named (nothing changed); otherwise `commit` stores the good ones.
 */
function finish<T>(preview: boolean, checked: Checked<T>[], commit: (records: T[]) => { batchNo?: string }) {
  const bad = checked.filter((c) => c.problems.length);
  const total = checked.length;
  if (preview) {
    const shown = [...bad, ...checked.filter((c) => !c.problems.length).slice(0, PREVIEW_GOOD)].sort((a, b) => a.row - b.row);
    return { preview: true, total, bad: bad.length, count: total - bad.length, rows: shown.map(({ row, values, problems }) => ({ row, values, problems })) };
  }
  if (bad.length) {
    const detail = bad.slice(0, DETAILED).map((c) => `row ${c.row}: ${c.problems.join(', ')}`).join('; ');
    const more = bad.length > DETAILED ? `; also rows ${bad.slice(DETAILED).map((c) => c.row).join(', ')}` : '';
    throw new MockError(`file: ${bad.length} of ${total} rows are bad, nothing was imported. ${detail}${more}`);
  }
  const records = checked.map((c) => c.record!);
  const { batchNo } = commit(records);
  return { preview: false, total, bad: 0, count: records.length, ...(batchNo ? { batchNo } : {}), rows: [] };
}

function flag(v: unknown): boolean {
  return v === 'true';
}

function idField(v: unknown): number | undefined {
  return typeof v === 'string' && v ? Number(v) : undefined;
}

/** Goods of a row: its own cell, else the form's `goodsId`; must exist and be delivered as `deliveryType`. */
function rowGoods(ctx: MockContext, cell: Cell | undefined, fallback: number | undefined, deliveryType: number, what: string, bad: (m: string) => void): AnyRow | undefined {
  const text = textCell(cell ?? null);
  const id = text ? intCell(cell ?? null) : fallback ?? null;
  if (text && id === null) return void bad(`商品ID (goodsId) "${text}" is not a whole number`);
  if (id === null) return void bad('商品ID (goodsId) is empty and no goodsId was sent with the file');
  const goods = ctx.store.get<AnyRow>('goods', id);
  if (!goods) return void bad(`商品ID (goodsId) ${id}: unknown goods`);
  if (goods.deliveryType !== deliveryType) return void bad(`商品ID (goodsId) ${id}: goods "${goods.goodsName as string}" is not delivered as ${what}`);
  return goods;
}

function newBatchNo(ctx: MockContext, prefix: string, col: Col): string {
  return `${prefix}${ctx.crud.now().slice(0, 10).replace(/-/g, '')}${String(ctx.store.col(col).peekNextId()).padStart(6, '0')}`;
}

const columns = (cols: readonly { field: string; zh_CN: string; en: string; required?: boolean }[]): SheetColumn[] => cols.map((c) => ({ ...c }));

async function template({ reply }: ActionInput, cols: SheetColumn[], sheet: string, fileName: string) {
  const file = await writeRows(sheet, cols, []);
  return reply.type(XLSX_TYPE).header('Content-Disposition', attachment(fileName)).header('Cache-Control', 'no-store').send(file);
}

/** Voids unsold items (status 0 → 3), all or none; held, sold, expired or void ones are refused. */
function batchVoid(kind: 'card' | 'cardAccount', { ctx, body, actor }: ActionInput) {
  const rows = findAll(ctx, kind, body.ids);
  const names = ['unsold', 'locked by an order', 'sold', 'already void', 'expired'];
  const refused = rows.filter((r) => r.status !== 0);
  if (refused.length) {
    throw new MockError(`ids: only unsold items can be voided; ${refused.slice(0, 10).map((r) => `${r.id} is ${names[r.status as number]}`).join(', ')}${refused.length > 10 ? ` (and ${refused.length - 10} more)` : ''}; nothing was voided`);
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

/** Sums of the income lines matching the list query. */
function totals(ctx: MockContext, name: 'merchantIncome' | 'rentalIncome', q: Record<string, unknown>) {
  const rows = ctx.store.col(name).filter(q);
  const [amount, fee] = name === 'merchantIncome' ? ['orderAmount', 'commission'] : ['rentAmount', 'platformFee'];
  const out = { count: rows.length, amount: 0, fee: 0, income: 0, unsettledCount: 0, unsettledIncome: 0 };
  for (const r of rows) {
    out.amount += r[amount] as number;
    out.fee += r[fee] as number;
    out.income += r.income as number;
    if (r.status === 0) {
      out.unsettledCount++;
      out.unsettledIncome += r.income as number;
    }
  }
  return out;
}

export const inventoryHandlers: ActionHandlers = {
  'stock.adjust': ({ ctx, body, actor }) => {
    const { goodsId, delta, reason } = body as { goodsId: number; delta: number; reason: string };
    if (delta === 0) throw new MockError('delta: must not be 0');
    const goods = ctx.crud.find('goods', goodsId, 'goodsId');
    const line = [...ctx.store.col('stock').values()].find((s) => s.goodsId === goodsId);
    if (!line) throw new MockError(`goodsId: goods ${goodsId} keeps no stock (delivered by hand or top-up)`, 404);
    const kind = goods.deliveryType === 1 ? 'card' : 'cardAccount';
    const now = ctx.crud.now();
    const items = [...ctx.store.col(kind).values()].filter((r) => r.goodsId === goodsId);
    let pick: AnyRow[];
    if (delta < 0) {
      // The soonest to expire go first: they are the least likely to sell.
      pick = items.filter((r) => r.status === 0).sort((a, b) => String(a.expireTime ?? '\uffff').localeCompare(String(b.expireTime ?? '\uffff')) || a.id - b.id);
      if (pick.length < -delta) throw new MockError(`delta: goods ${goodsId} has ${pick.length} unsold items; cannot take away ${-delta}`);
      pick = pick.slice(0, -delta);
    } else {
      pick = items.filter((r) => r.status === 3 && (!r.expireTime || (r.expireTime as string) > now)).sort((a, b) => String(b.updateTime).localeCompare(String(a.updateTime)) || b.id - a.id);
      if (pick.length < delta) throw new MockError(`delta: goods ${goodsId} has ${pick.length} voided, unexpired items to return to sale; cannot add ${delta} (import new codes instead)`);
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

  'gameAccount.reveal': ({ ctx, body, actor }) => {
    const a = ctx.crud.find('gameAccount', body.id);
    audit(ctx, actor, { action: 1, targetType: 4, targetId: a.id, targetLabel: String(a.account) });
    return { id: a.id, label: String(a.account), secret: String(a.password) };
  },

  'card.batchVoid': (a) => batchVoid('card', a),
  'cardAccount.batchVoid': (a) => batchVoid('cardAccount', a),

  'card.importExcel': async ({ ctx, upload, actor }) => {
    const f = upload!.fields;
    const fallback = idField(f.goodsId);
    if (fallback !== undefined && !ctx.store.get('goods', fallback)) throw new MockError(`goodsId: no goods with id ${fallback}`, 404);
    const { rows, rowNumbers } = await readRows(upload!.file.data, columns(CARD_COLUMNS));
    const now = ctx.crud.now();
    const existing = new Set<string>();
    for (const c of ctx.store.col('card').values()) existing.add(String(c.cardNo).toLowerCase());
    const seen = new Map<string, number>();
    type Rec = { goodsId: number; cardNo: string; cardSecret: string; faceValue: number; costPrice: number; expireTime?: string };
    const checked: Checked<Rec>[] = rows.map((r, i) => {
      const problems: string[] = [];
      const bad = (m: string) => problems.push(m);
      const goods = rowGoods(ctx, r.goodsId, fallback, 1, 'activation codes', bad);
      const cardNo = textCell(r.cardNo ?? null);
      const key = cardNo.toLowerCase();
      if (!cardNo) bad('卡号 (cardNo) is empty');
      else if (!CODE.test(cardNo)) bad(`卡号 (cardNo) "${cardNo}" may hold only letters, digits, - and _ (64 at most)`);
      else if (existing.has(key)) bad(`卡号 (cardNo) "${cardNo}" already exists (duplicate code)`);
      else if (seen.has(key)) bad(`卡号 (cardNo) "${cardNo}" repeats row ${seen.get(key)!}`);
      if (cardNo && !seen.has(key)) seen.set(key, rowNumbers[i]);
      const cardSecret = textCell(r.cardSecret ?? null);
      if (!cardSecret) bad('卡密 (cardSecret) is empty');
      else if (cardSecret.length > 128) bad('卡密 (cardSecret) is longer than 128 characters');
      let faceValue = goods ? (goods.price as number) : 0;
      if (textCell(r.faceValue ?? null)) {
        const cents = yuanCell(r.faceValue ?? null);
        if (cents === null) bad(`面值(元) (faceValue) "${textCell(r.faceValue ?? null)}" is not an amount in yuan`);
        else faceValue = cents;
      }
      let expireTime: string | undefined;
      if (textCell(r.expireTime ?? null)) {
        const t = timeCell(r.expireTime ?? null);
        if (!t) bad(`过期时间 (expireTime) "${textCell(r.expireTime ?? null)}" is not a time (YYYY-MM-DD HH:mm:ss)`);
        else if (t <= now) bad(`过期时间 (expireTime) ${t} has passed`);
        else expireTime = t;
      }
      const values = { goodsId: goods?.id ?? textCell(r.goodsId ?? null), goodsName: goods ? String(goods.goodsName) : null, cardNo, faceValue, expireTime: expireTime ?? null };
      const record = problems.length ? null : { goodsId: goods!.id, cardNo, cardSecret, faceValue, costPrice: Math.round(faceValue * 0.8), ...(expireTime ? { expireTime } : {}) };
      return { row: rowNumbers[i], values, problems, record };
    });
    return finish(flag(f.preview), checked, (records) => {
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

  'cardAccount.importExcel': async ({ ctx, upload, actor }) => {
    const f = upload!.fields;
    const fallback = idField(f.goodsId);
    if (fallback !== undefined && !ctx.store.get('goods', fallback)) throw new MockError(`goodsId: no goods with id ${fallback}`, 404);
    const { rows, rowNumbers } = await readRows(upload!.file.data, columns(CARD_ACCOUNT_COLUMNS));
    const now = ctx.crud.now();
    const existing = new Set<string>();
    for (const a of ctx.store.col('cardAccount').values()) existing.add(`${a.goodsId as number}:${String(a.account).toLowerCase()}`);
    const seen = new Map<string, number>();
    type Rec = { goodsId: number; account: string; password: string; email?: string; region: string; remark: string };
    const checked: Checked<Rec>[] = rows.map((r, i) => {
      const problems: string[] = [];
      const bad = (m: string) => problems.push(m);
      const goods = rowGoods(ctx, r.goodsId, fallback, 3, 'accounts', bad);
      const account = textCell(r.account ?? null);
      const key = `${goods?.id ?? '?'}:${account.toLowerCase()}`;
      if (!account) bad('账号 (account) is empty');
      else if (account.length > 64) bad('账号 (account) is longer than 64 characters');
      else if (goods && existing.has(key)) bad(`账号 (account) "${account}" already exists for this goods (duplicate account)`);
      else if (goods && seen.has(key)) bad(`账号 (account) "${account}" repeats row ${seen.get(key)!}`);
      if (account && goods && !seen.has(key)) seen.set(key, rowNumbers[i]);
      const password = textCell(r.password ?? null);
      if (!password) bad('密码 (password) is empty');
      else if (password.length < 6 || password.length > 64) bad('密码 (password) must be 6 to 64 characters');
      const email = textCell(r.email ?? null);
      if (email && (!EMAIL.test(email) || email.length > 128)) bad(`邮箱 (email) "${email}" is not an email address`);
      const region = textCell(r.region ?? null);
      if (region.length > 32) bad('区服 (region) is longer than 32 characters');
      const remark = textCell(r.remark ?? null);
      if (remark.length > 255) bad('备注 (remark) is longer than 255 characters');
      const values = { goodsId: goods?.id ?? textCell(r.goodsId ?? null), goodsName: goods ? String(goods.goodsName) : null, account, email: email || null, region: region || null };
      const record = problems.length ? null : { goodsId: goods!.id, account, password, ...(email ? { email } : {}), region, remark };
      return { row: rowNumbers[i], values, problems, record };
    });
    return finish(flag(f.preview), checked, (records) => {
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

  'cdkCode.batchVoid': ({ ctx, body, actor }) => {
    const rows = findAll(ctx, 'cdkCode', body.ids);
    const names = ['unused', 'redeemed', 'expired', 'already void'];
    const refused = rows.filter((r) => r.status !== 0);
    if (refused.length) {
      throw new MockError(`ids: only unused codes can be voided; ${refused.slice(0, 10).map((r) => `${r.code as string} is ${names[r.status as number]}`).join(', ')}${refused.length > 10 ? ` (and ${refused.length - 10} more)` : ''}; nothing was voided`);
    }
    const now = ctx.crud.now();
    for (const r of rows) ctx.store.col('cdkCode').replace({ ...r, status: 3, updateTime: now });
    audit(ctx, actor, { action: 3, targetType: 3, targetId: rows.length === 1 ? rows[0].id : 0, targetLabel: rows.length === 1 ? String(rows[0].code) : `${rows.length} CDK`, quantity: rows.length, reason: body.reason });
    return { count: rows.length };
  },

  'cdkCode.importExcel': async ({ ctx, upload, actor }) => {
    const f = upload!.fields as Record<string, string>;
    const ownerType = Number(f.ownerType) as 1 | 2 | 3;
    const ownerField = (['platformId', 'merchantId', 'activityId'] as const)[ownerType - 1];
    const ownerEntity = (['cdkPlatform', 'cdkMerchant', 'cdkWechatActivity'] as const)[ownerType - 1];
    const ownerId = Number(f.ownerId);
    checkCdkOwner({ ownerType, [ownerField]: ownerId } as unknown as AnyRow);
    const owner = ctx.store.get<AnyRow>(ownerEntity, ownerId);
    if (!owner) throw new MockError(`ownerId: no ${CdkOwnerType.label(ownerType, 'en')} with id ${ownerId}`, 404);
    const goodsId = idField(f.goodsId);
    if (goodsId !== undefined && !ctx.store.get('goods', goodsId)) throw new MockError(`goodsId: no goods with id ${goodsId}`, 404);
    const faceValue = Number(f.faceValue);
    if (faceValue > 100_000_000_000) throw new MockError('faceValue: at most 100000000000 cents');
    const now = ctx.crud.now();
    if (f.expireTime && f.expireTime <= now) throw new MockError(`expireTime: ${f.expireTime} has passed`);
    const { rows, rowNumbers } = await readRows(upload!.file.data, columns(CDK_COLUMNS));
    if (ownerType === 2) {
      const room = (owner.quota as number) - (owner.usedQuota as number);
      if (rows.length > room) throw new MockError(`file: distributor ${owner.merchantName as string} may hold ${room} more codes (quota ${owner.quota as number}); the sheet has ${rows.length}`);
    }
    const existing = new Set<string>();
    for (const c of ctx.store.col('cdkCode').values()) existing.add(String(c.code).toLowerCase());
    const seen = new Map<string, number>();
    type Rec = { code: string; expireTime?: string };
    const checked: Checked<Rec>[] = rows.map((r, i) => {
      const problems: string[] = [];
      const bad = (m: string) => problems.push(m);
      const code = textCell(r.code ?? null);
      const key = code.toLowerCase();
      if (!code) bad('兑换码 (code) is empty');
      else if (!CODE.test(code)) bad(`兑换码 (code) "${code}" may hold only letters, digits, - and _ (64 at most)`);
      else if (existing.has(key)) bad(`兑换码 (code) "${code}" already exists (duplicate code)`);
      else if (seen.has(key)) bad(`兑换码 (code) "${code}" repeats row ${seen.get(key)!}`);
      if (code && !seen.has(key)) seen.set(key, rowNumbers[i]);
      let expireTime = f.expireTime || undefined;
      if (textCell(r.expireTime ?? null)) {
        const t = timeCell(r.expireTime ?? null);
        if (!t) bad(`过期时间 (expireTime) "${textCell(r.expireTime ?? null)}" is not a time (YYYY-MM-DD HH:mm:ss)`);
        else if (t <= now) bad(`过期时间 (expireTime) ${t} has passed`);
        else expireTime = t;
      }
      return { row: rowNumbers[i], values: { code, expireTime: expireTime ?? null }, problems, record: problems.length ? null : { code, ...(expireTime ? { expireTime } : {}) } };
    });
    return finish(flag(f.preview), checked, (records) => {
      const batchNo = f.batchNo || newBatchNo(ctx, 'C', 'cdkCode');
      const col = ctx.store.col('cdkCode');
      for (const rec of records) col.insert({ ...rec, batchNo, ownerType, [ownerField]: ownerId, ...(goodsId ? { goodsId } : {}), faceValue, status: 0, createTime: now, updateTime: now });
      const counter = ownerType === 1 ? 'codeCount' : ownerType === 2 ? 'usedQuota' : null;
      if (counter) ctx.store.col(ownerEntity).replace({ ...owner, [counter]: (owner[counter] as number) + records.length, updateTime: now });
      audit(ctx, actor, { action: 4, targetType: 3, targetId: 0, targetLabel: batchNo, quantity: records.length, reason: upload!.file.filename });
      return { batchNo };
    });
  },

  'cdkCode.template': (a) => template(a, columns(CDK_COLUMNS), 'CDK', 'CDK导入模板.xlsx'),

  'clientError.resolve': ({ ctx, body }) => {
    const rows = findAll(ctx, 'clientError', body.ids);
    const done = rows.filter((r) => r.status === 2);
    if (done.length) throw new MockError(`ids: report ${done.slice(0, 10).map((r) => r.id).join(', ')} ${done.length > 1 ? 'are' : 'is'} already resolved; nothing was changed`);
    const now = ctx.crud.now();
    for (const r of rows) ctx.store.col('clientError').replace({ ...r, status: 2, ...(body.remark !== undefined ? { remark: body.remark } : {}), updateTime: now });
    return { count: rows.length };
  },

  'merchantIncome.totals': ({ ctx, body }) => totals(ctx, 'merchantIncome', body),
  'rentalIncome.totals': ({ ctx, body }) => totals(ctx, 'rentalIncome', body),
};

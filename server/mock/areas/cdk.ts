import { CDK_COLUMNS } from '../../contract/cdk.js';
import type { ColumnRef, Refusal } from '../../contract/messages.js';
import { checkCdkOwner } from '../hooks/cdk.js';
import type { TypedHandlers } from '../routes/actions.js';
import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import { readRows, textCell } from '../store/sheet.js';
import { audit } from './support/audit.js';
import { all, findAll } from './support/rows.js';
import { CODE, columns, finish, flag, idField, newBatchNo, template, timeCell, type Checked } from './support/sheet-import.js';

const CODE_COL: ColumnRef = { header: '兑换码', field: 'code' };
const EXPIRE_COL: ColumnRef = { header: '过期时间', field: 'expireTime' };

/**
 * CDK codes (spec §2 /cdk): batch import of typed codes and of a spreadsheet (with a preview), batch
 * void, the import template. Counters of the owner (platform codes, distributor quota) follow.
 */

export const cdkHandlers = {
  'cdkCode.batchImport': ({ ctx, body }) => {
    const owner = { ownerType: body.ownerType, platformId: body.platformId, merchantId: body.merchantId, activityId: body.activityId } as unknown as AnyRow;
    checkCdkOwner(owner);
    if (body.platformId) ctx.crud.find('cdkPlatform', body.platformId, 'platformId');
    if (body.merchantId) ctx.crud.find('cdkMerchant', body.merchantId, 'merchantId');
    if (body.activityId) ctx.crud.find('cdkWechatActivity', body.activityId, 'activityId');
    if (body.goodsId) ctx.crud.find('goods', body.goodsId, 'goodsId');
    const codes = body.codes as string[];
    const existing = new Set(all(ctx, 'cdkCode').map((c) => String(c.code).toLowerCase()));
    const dup = codes.findIndex((c) => existing.has(c.toLowerCase()));
    if (dup >= 0) throw new MockError(`codes.${dup}`, 'cdk.exists', { code: codes[dup] });
    const now = ctx.crud.now();
    const col = ctx.store.col('cdkCode');
    const batchNo = body.batchNo ?? `C${now.slice(0, 10).replace(/-/g, '')}${String(col.peekNextId()).padStart(6, '0')}`;
    const fields = Object.fromEntries(Object.entries({ ownerType: body.ownerType, platformId: body.platformId, merchantId: body.merchantId, activityId: body.activityId, goodsId: body.goodsId, expireTime: body.expireTime }).filter(([, v]) => v !== undefined));
    // Bulk insert straight into the collection: the checks above cover what add's rules would check per row.
    for (const code of codes) col.insert({ code, batchNo, ...fields, faceValue: body.faceValue, status: 0, createTime: now, updateTime: now });
    const bump = (name: 'cdkPlatform' | 'cdkMerchant', id: number | undefined, field: string) => {
      const row = id ? ctx.store.get<AnyRow>(name, id) : undefined;
      if (row) ctx.store.col(name).replace({ ...row, [field]: (row[field] as number) + codes.length, updateTime: now });
    };
    bump('cdkPlatform', body.platformId, 'codeCount');
    bump('cdkMerchant', body.merchantId, 'usedQuota');
    return { count: codes.length, batchNo };
  },

  'cdkCode.batchVoid': ({ ctx, body, actor }) => {
    const rows = findAll(ctx, 'cdkCode', body.ids);
    const names = ['unused', 'redeemed', 'expired', 'already void'];
    const refused = rows.filter((r) => r.status !== 0);
    if (refused.length) {
      const items = refused.slice(0, 10).map((r): Refusal => ({ key: 'item.is', params: { item: r.code as string, state: names[r.status as number] } }));
      throw new MockError('ids', 'cdk.onlyUnused', { items, more: refused.length > 10 ? { key: 'item.andMore', params: { count: refused.length - 10 } } : null });
    }
    const now = ctx.crud.now();
    for (const r of rows) ctx.store.col('cdkCode').replace({ ...r, status: 3, updateTime: now });
    audit(ctx, actor, { action: 3, targetType: 3, targetId: rows.length === 1 ? rows[0].id : 0, targetLabel: rows.length === 1 ? String(rows[0].code) : `${rows.length} CDK`, quantity: rows.length, reason: body.reason });
    return { count: rows.length };
  },

  'cdkCode.importExcel': async ({ ctx, req, upload, actor }) => {
    const f = upload!.fields as Record<string, string>;
    const ownerType = Number(f.ownerType) as 1 | 2 | 3;
    const ownerField = (['platformId', 'merchantId', 'activityId'] as const)[ownerType - 1];
    const ownerEntity = (['cdkPlatform', 'cdkMerchant', 'cdkWechatActivity'] as const)[ownerType - 1];
    const ownerId = Number(f.ownerId);
    checkCdkOwner({ ownerType, [ownerField]: ownerId } as unknown as AnyRow);
    const owner = ctx.store.get<AnyRow>(ownerEntity, ownerId);
    if (!owner) throw new MockError('ownerId', 'record.notFound', { entity: ownerEntity, ids: String(ownerId) }, 404);
    const goodsId = idField(f.goodsId);
    if (goodsId !== undefined && !ctx.store.get('goods', goodsId)) throw new MockError('goodsId', 'record.notFound', { entity: 'goods', ids: String(goodsId) }, 404);
    const faceValue = Number(f.faceValue);
    if (faceValue > 100_000_000_000) throw new MockError('faceValue', 'money.atMost', { max: 100_000_000_000 });
    const now = ctx.crud.now();
    if (f.expireTime && f.expireTime <= now) throw new MockError('expireTime', 'time.passed', { value: f.expireTime });
    const { rows, rowNumbers } = await readRows(upload!.file.data, columns(CDK_COLUMNS));
    if (ownerType === 2) {
      const room = (owner.quota as number) - (owner.usedQuota as number);
      if (rows.length > room) throw new MockError('file', 'cdk.quota', { name: owner.merchantName as string, room, quota: owner.quota as number, rows: rows.length });
    }
    const existing = new Set<string>();
    for (const c of ctx.store.col('cdkCode').values()) existing.add(String(c.code).toLowerCase());
    const seen = new Map<string, number>();
    type Rec = { code: string; expireTime?: string };
    const checked: Checked<Rec>[] = rows.map((r, i) => {
      const problems: Refusal[] = [];
      const bad = (m: Refusal) => problems.push(m);
      const code = textCell(r.code ?? null);
      const key = code.toLowerCase();
      if (!code) bad({ key: 'sheet.cell.empty', params: { col: CODE_COL } });
      else if (!CODE.test(code)) bad({ key: 'sheet.cell.badCode', params: { col: CODE_COL, value: code } });
      else if (existing.has(key)) bad({ key: 'sheet.cell.exists', params: { col: CODE_COL, value: code } });
      else if (seen.has(key)) bad({ key: 'sheet.cell.repeats', params: { col: CODE_COL, value: code, row: seen.get(key)! } });
      if (code && !seen.has(key)) seen.set(key, rowNumbers[i]);
      let expireTime = f.expireTime || undefined;
      if (textCell(r.expireTime ?? null)) {
        const t = timeCell(r.expireTime ?? null);
        if (!t) bad({ key: 'sheet.cell.notTime', params: { col: EXPIRE_COL, value: textCell(r.expireTime ?? null) } });
        else if (t <= now) bad({ key: 'sheet.cell.passed', params: { col: EXPIRE_COL, value: t } });
        else expireTime = t;
      }
      return { row: rowNumbers[i], values: { code, expireTime: expireTime ?? null }, problems, record: problems.length ? null : { code, ...(expireTime ? { expireTime } : {}) } };
    });
    return finish({ ctx, req }, flag(f.preview), checked, (records) => {
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
} satisfies TypedHandlers;

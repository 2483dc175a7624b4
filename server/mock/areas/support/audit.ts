import type { MockContext } from '../../context.js';

/**
 * One entry of the `inventoryAudit` trail (stock, codes and accounts: inventory, cdk and account
 * areas): `action` 1 reveal, 2 adjust, 3 void, 4 import; `targetType` 1 card, 2 cardAccount,
 * 3 cdkCode, 4 gameAccount, 5 stock.
 */
export function audit(ctx: MockContext, actor: string | null, e: { action: 1 | 2 | 3 | 4; targetType: 1 | 2 | 3 | 4 | 5; targetId: number; targetLabel: string; goodsId?: number; quantity?: number; reason?: string }) {
  const now = ctx.crud.now();
  ctx.store.col('inventoryAudit').insert({
    action: e.action, targetType: e.targetType, targetId: e.targetId, targetLabel: e.targetLabel.slice(0, 128),
    ...(e.goodsId ? { goodsId: e.goodsId } : {}), quantity: e.quantity ?? 1, reason: (e.reason ?? '').slice(0, 255), operator: actor ?? 'unknown', createTime: now, updateTime: now,
  });
}

import { CdkOwnerType } from '../../contract/cdk.js';
import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import { chain, defineHooks, period } from './shared.js';

const OWNER_FIELD: Record<number, 'platformId' | 'merchantId' | 'activityId'> = { 1: 'platformId', 2: 'merchantId', 3: 'activityId' };

/** The owner id matching `ownerType` is required and the other two are not allowed. */
export function checkCdkOwner(row: AnyRow): void {
  const field = OWNER_FIELD[row.ownerType as number];
  if (row[field] === undefined) throw new MockError(field, 'record.requiredWhen', { other: 'ownerType', value: row.ownerType as number, valueName: CdkOwnerType.label(row.ownerType as number, 'zh_CN'), valueNameEn: CdkOwnerType.label(row.ownerType as number, 'en') });
  for (const other of Object.values(OWNER_FIELD)) if (other !== field && row[other] !== undefined) throw new MockError(other, 'record.notAllowedWhen', { other: 'ownerType', value: row.ownerType as number });
}

/** CDK rules: one owner per code; a redeemed code cannot change. */
export const cdkHooks = defineHooks({
  cdkCode: {
    beforeAdd: (row) => checkCdkOwner(row as AnyRow),
    beforeUpdate(old, patch) {
      if (old.status === 1) throw new MockError('id', 'cdk.redeemed', { code: old.code as string });
      if (patch.status === 1) throw new MockError('status', 'cdk.noSetRedeemed');
      checkCdkOwner({ ...old, ...patch } as AnyRow);
    },
  },
  cdkWechatActivity: chain(period()),
});

import { cdkMerchant, cdkPlatform, cdkWechatActivity } from '../../../server/contract/cdk';
import codesOfActivity from '../../resources/cdk/cdk-code-activity.resource';
import codesOfMerchant from '../../resources/cdk/cdk-code-merchant.resource';
import codesOfPlatform from '../../resources/cdk/cdk-code-platform.resource';
import type { CdkOwner } from './codes';

/** The three kinds of CDK owner, each a master screen whose rows open a detail list of codes. */
export const OWNERS = {
  platform: { ownerType: 1, field: 'platformId', storageKey: 'cdkPlatformId', master: cdkPlatform, masterPath: '/cdk/platform', detailPath: '/cdk/platform/list', label: 'platformName', meta: ['platformCode', 'contactName', 'codeCount'], resource: codesOfPlatform },
  merchant: { ownerType: 2, field: 'merchantId', storageKey: 'cdkMerchantId', master: cdkMerchant, masterPath: '/cdk/merchant', detailPath: '/cdk/merchant/list', label: 'merchantName', meta: ['contactName', 'quota', 'usedQuota'], resource: codesOfMerchant },
  activity: { ownerType: 3, field: 'activityId', storageKey: 'cdkActivityId', master: cdkWechatActivity, masterPath: '/cdk/wechat/activity', detailPath: '/cdk/wechat/list', label: 'activityName', meta: ['startTime', 'endTime', 'totalCount', 'receivedCount'], resource: codesOfActivity },
} satisfies Record<string, CdkOwner & { detailPath: string }>;

import type { AreaName } from '../../contract/index.js';
import type { ActionHandlers } from '../routes/actions.js';
import { accountHandlers } from './account.js';
import { cdkHandlers } from './cdk.js';
import { clientHandlers } from './client.js';
import { feedbackHandlers } from './feedback.js';
import { financialHandlers } from './financial.js';
import { inventoryHandlers } from './inventory.js';
import { memberHandlers } from './member.js';
import { merchantHandlers } from './merchant.js';
import { mockHandlers } from './mock.js';
import { operateHandlers } from './operate.js';
import { orderHandlers } from './order.js';
import { recommendHandlers } from './recommend.js';
import { rentHandlers } from './rent.js';
import { socialHandlers } from './social.js';
import { statisticsHandlers } from './statistics.js';
import { systemHandlers } from './system.js';

/**
 * The mock's handlers of the contract's non-CRUD endpoints, one file per area of the contract
 * (`AREAS` in server/contract/entity.ts), registered from this one list. Areas whose endpoints are
 * all generic CRUD (games, goods, specialConfig) have no file yet: their rules are hooks
 * (server/mock/hooks). See README.md in this folder for where a new endpoint goes.
 */
export const AREA_HANDLERS: Record<AreaName, ActionHandlers> = {
  account: accountHandlers,
  cdk: cdkHandlers,
  client: clientHandlers,
  feedback: feedbackHandlers,
  financial: financialHandlers,
  games: {},
  goods: {},
  inventory: inventoryHandlers,
  member: memberHandlers,
  merchant: merchantHandlers,
  operate: operateHandlers,
  order: orderHandlers,
  recommend: recommendHandlers,
  rent: rentHandlers,
  social: socialHandlers,
  specialConfig: {},
  statistics: statisticsHandlers,
  system: systemHandlers,
  mock: mockHandlers,
};

import { accountFactories, accountFinish } from '../../../fixtures/account.factory.js';
import { cdkFactories, cdkFinish } from '../../../fixtures/cdk.factory.js';
import { clientFactories } from '../../../fixtures/client.factory.js';
import { feedbackFactories } from '../../../fixtures/feedback.factory.js';
import { financialFinish, merchantIncomeFactory } from '../../../fixtures/financial.factory.js';
import { gamesFactories, gamesFinish } from '../../../fixtures/games.factory.js';
import { goodsFactories, goodsFactory, goodsFinish } from '../../../fixtures/goods.factory.js';
import { inventoryAuditFactory, inventoryFactories, inventoryFinish, stockFactory } from '../../../fixtures/inventory.factory.js';
import { memberConsumeFactory, memberFactories, memberFinish, walletFactory } from '../../../fixtures/member.factory.js';
import { merchantFactories } from '../../../fixtures/merchant.factory.js';
import { operateFactories, operateFinish } from '../../../fixtures/operate.factory.js';
import { orderDelivery, orderFactories, orderTotals, refundFactory, refundSettingFactory } from '../../../fixtures/order.factory.js';
import { keywordFactory, navigationFactory, recommendFactories, recommendFinish, relationFactory } from '../../../fixtures/recommend.factory.js';
import { rentalIncomeFactory, rentFactories, rentFinish } from '../../../fixtures/rent.factory.js';
import { socialFactories } from '../../../fixtures/social.factory.js';
import { specialConfigFactories } from '../../../fixtures/special-config.factory.js';
import { systemFactories } from '../../../fixtures/system.factory.js';
import type { SeedStep } from './seed.js';

/**
 * Generation order: every factory comes after the entities it refers to, and each finishing pass
 * after the tables it reads. Lookups first, then catalogue, people, inventory, orders and what
 * follows from orders, then content.
 */
export const SEED_STEPS: SeedStep[] = [
  ...systemFactories,
  ...gamesFactories,
  ...goodsFactories,
  ...merchantFactories,
  goodsFactory,
  ...memberFactories,
  ...inventoryFactories,
  ...orderFactories,
  orderTotals,
  orderDelivery,
  refundFactory,
  refundSettingFactory,
  memberConsumeFactory,
  walletFactory,
  stockFactory,
  ...inventoryFinish,
  inventoryAuditFactory,
  ...memberFinish,
  ...goodsFinish,
  ...gamesFinish,
  ...cdkFactories,
  ...cdkFinish,
  ...accountFactories,
  ...accountFinish,
  ...rentFactories,
  ...rentFinish,
  rentalIncomeFactory,
  merchantIncomeFactory,
  ...financialFinish,
  ...operateFactories,
  ...operateFinish,
  ...specialConfigFactories,
  ...recommendFactories,
  relationFactory,
  navigationFactory,
  keywordFactory,
  ...recommendFinish,
  ...socialFactories,
  ...clientFactories,
  ...feedbackFactories,
];

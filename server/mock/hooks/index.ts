import type { HookMap } from '../store/crud.js';
import { cdkHooks } from './cdk.js';
import { clientHooks } from './client.js';
import { feedbackHooks } from './feedback.js';
import { goodsHooks } from './goods.js';
import { inventoryHooks } from './inventory.js';
import { memberHooks } from './member.js';
import { miscHooks } from './misc.js';
import { orderHooks } from './order.js';
import { recommendHooks } from './recommend.js';
import { rentHooks } from './rent.js';
import { socialHooks } from './social.js';
import { systemHooks } from './system.js';

/** Every domain's hooks by entity; an entity appears in one area file only. */
export const HOOKS: HookMap = {
  ...cdkHooks, ...feedbackHooks, ...goodsHooks, ...inventoryHooks, ...memberHooks, ...miscHooks,
  ...orderHooks, ...recommendHooks, ...rentHooks, ...socialHooks, ...systemHooks, ...clientHooks,
};

import type { Static, TSchema } from 'typebox';
import type { AnyEntity, EndpointDef } from './entity.js';
import { accountActions, accountUseRecord, gameAccount } from './account.js';
import { cdkActions, cdkCode, cdkMerchant, cdkPlatform, cdkWechatActivity } from './cdk.js';
import { clientActions, clientError, clientVersion } from './client.js';
import { feedback, feedbackActions, feedbackAward, feedbackType, feedbackWords, replay } from './feedback.js';
import { financialActions, merchantIncome, rentalIncome } from './financial.js';
import { game, gamePlatform, gameTag } from './games.js';
import { coupon, goods, goodsArea, goodsCategory, goodsPlatform, goodsTag } from './goods.js';
import { card, cardAccount, cardSetting, costConfig, inventoryActions, inventoryAudit, stock } from './inventory.js';
import { member, memberActions, memberConsume, memberGrade, walletRecord } from './member.js';
import { merchant, merchantAccount, merchantActions } from './merchant.js';
import { mockActions } from './mock-qa.js';
import { advert, link, operateActions, reward, rewardReceive, seoSetting, stationMsg } from './operate.js';
import { order, orderActions, orderItem, refund, refundSetting } from './order.js';
import { navigation, recommendActions, recommendGame, recommendGoods, recommendModule, recommendPage, recommendRelation, searchKeyword } from './recommend.js';
import { rentAccount, rentActions, rentApply, rentListing, rentOrder } from './rent.js';
import { comment, commentReply, socialActions } from './social.js';
import { article, match, product, video } from './special-config.js';
import { statisticsActions } from './statistics.js';
import { admin, menu, resource, resourceCategory, role, systemActions, systemMessage } from './system.js';

/**
 * The whole platform contract: every entity (one `defineEntity` declaration each, grouped by area in
 * this folder) and every endpoint. Pure data and types: the mock, the OpenAPI document and the web
 * client all read it.
 */

export * from './entity.js';
export * from './fields.js';
export * from './upload.js';

/** Every entity of spec §1/§2, by area in spec order. */
export const ENTITIES = [
  gameAccount, accountUseRecord,
  cdkPlatform, cdkMerchant, cdkWechatActivity, cdkCode,
  clientVersion, clientError,
  feedbackType, feedback, replay, feedbackWords, feedbackAward,
  merchantIncome, rentalIncome,
  gamePlatform, gameTag, game,
  goodsCategory, goodsPlatform, goodsTag, goodsArea, coupon, goods,
  stock, cardSetting, card, costConfig, cardAccount, inventoryAudit,
  memberGrade, member, memberConsume, walletRecord,
  merchant, merchantAccount,
  advert, reward, rewardReceive, link, stationMsg, seoSetting,
  order, orderItem, refund, refundSetting,
  recommendGame, recommendGoods, recommendPage, recommendModule, recommendRelation, navigation, searchKeyword,
  rentApply, rentAccount, rentListing, rentOrder,
  comment, commentReply,
  match, article, video, product,
  admin, role, menu, resource, resourceCategory, systemMessage,
] as const satisfies readonly AnyEntity[];

export type EntityName = (typeof ENTITIES)[number]['name'];
/** Entity declaration by name, e.g. `ENTITY.feedbackType`. */
export type EntityMap = { [E in (typeof ENTITIES)[number] as E['name']]: E };
export const ENTITY = Object.fromEntries(ENTITIES.map((e) => [e.name, e])) as EntityMap;

/** Domain actions, uploads, downloads and statistics: every endpoint that is not generic CRUD. */
export const ACTIONS = [
  ...accountActions, ...cdkActions, ...feedbackActions, ...financialActions, ...memberActions, ...operateActions,
  ...orderActions, ...recommendActions, ...rentActions, ...statisticsActions, ...systemActions, ...mockActions,
  ...inventoryActions, ...clientActions,
  ...merchantActions,
  ...socialActions,
];

/** Every endpoint of the contract (CRUD first, by entity; then actions). Session endpoints live in auth.ts. */
export const ENDPOINTS: EndpointDef[] = [...ENTITIES.flatMap((e) => e.endpoints), ...ACTIONS];

export {
  accountUseRecord, admin, advert, article, card, cardAccount, cardSetting, cdkCode, cdkMerchant, cdkPlatform, cdkWechatActivity,
  clientError, clientVersion, comment, commentReply, costConfig, coupon, feedback, feedbackAward, feedbackType, feedbackWords, game,
  gameAccount, gamePlatform, gameTag, goods, goodsArea, goodsCategory, goodsPlatform, goodsTag, link, match, member, memberConsume,
  memberGrade, menu, merchant, merchantAccount, merchantIncome, navigation, order, orderItem, product, recommendGame, recommendGoods,
  recommendModule, recommendPage, recommendRelation, refund, refundSetting, rentAccount, rentalIncome, rentApply, rentListing, rentOrder,
  replay, resource, resourceCategory, reward, rewardReceive, role, searchKeyword, seoSetting, stationMsg, stock, systemMessage, video,
  walletRecord,
};

/** Every declared action with its literal name, kind and schemas (the typed client and the mock's handlers read these). */
export type AnyAction = (typeof ACTIONS)[number];
/** Names of the contract's actions: `'order.reissue'`, `'walletRecord.summary'`, `'statistics.pageView'`… */
export type ActionName = AnyAction['name'];
/** The action declared under a name. */
export type ActionOf<N extends ActionName> = Extract<AnyAction, { name: N }>;
type IoOf<A> = A extends { $io?: infer IO } ? NonNullable<IO> : never;
type StaticOr<S, Else> = [S] extends [undefined] ? Else : S extends TSchema ? Static<S> : Else;
/** The JSON body (or an upload's form fields) of an action; `undefined` when it takes none. */
export type ActionPayload<N extends ActionName> = StaticOr<IoOf<ActionOf<N>> extends { payload: infer P } ? P : undefined, undefined>;
/** The envelope's `data` of an action; `null` for actions that answer nothing; a download answers a Blob (see the client). */
export type ActionResult<N extends ActionName> = StaticOr<IoOf<ActionOf<N>> extends { result: infer R } ? R : undefined, null>;

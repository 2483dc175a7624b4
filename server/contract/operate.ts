import Type from 'typebox';
import { defineAction, defineEntity } from './entity.js';
import { counterField, defineEnum, enabledField, F, readOnly, remarkField, sortField, withDefault } from './fields.js';

/**
 * Operate area (spec §1 "Operate: adverts, rewards, links, station messages, SEO settings"; §2
 * /operate with the advert chart modal, reward receive modal, link drawer and message drawer).
 */

export const AdvertPosition = defineEnum('advertPosition', [
  [1, 'homeBanner', '首页轮播', 'Home banner'],
  [2, 'homePopup', '首页弹窗', 'Home pop-up'],
  [3, 'sidebar', '侧边栏', 'Sidebar'],
  [4, 'goodsDetail', '商品详情页', 'Goods detail'],
  [5, 'splash', '启动页', 'Splash screen'],
]);
export const RewardType = defineEnum('rewardType', [
  [1, 'points', '积分', 'Points'],
  [2, 'coupon', '优惠券', 'Coupon'],
  [3, 'balance', '余额', 'Balance'],
  [4, 'goods', '实物', 'Physical gift'],
]);
export const ReceiveStatus = defineEnum('receiveStatus', [
  [0, 'received', '已领取', 'Received'],
  [1, 'used', '已使用', 'Used'],
  [2, 'expired', '已过期', 'Expired'],
]);
export const MessageTarget = defineEnum('messageTarget', [
  [1, 'all', '全部会员', 'All members'],
  [2, 'grade', '指定等级', 'Member grades'],
  [3, 'member', '指定会员', 'Chosen members'],
]);
export const SendStatus = defineEnum('sendStatus', [
  [0, 'draft', '草稿', 'Draft'],
  [1, 'sent', '已发送', 'Sent'],
  [2, 'revoked', '已撤回', 'Revoked'],
]);

export const advert = defineEntity({
  name: 'advert',
  area: 'operate',
  title: { zh_CN: '广告', en: 'Advert' },
  fields: {
    title: F.name(64),
    position: AdvertPosition.schema(),
    image: F.image(),
    linkUrl: Type.Optional(F.url()),
    startTime: F.datetime(),
    endTime: F.datetime(),
    sort: sortField(),
    views: counterField(),
    clicks: counterField(),
    status: enabledField(),
  },
  label: 'title',
  filters: { title: 'like', position: 'eq', status: 'eq', startTime: 'range' },
  sortable: ['sort', 'views', 'clicks', 'startTime', 'createTime'],
  searchable: ['title'],
  statusField: 'status',
});

/** A reward members can claim; `value` is points, cents (balance) or pieces, by `rewardType`. */
export const reward = defineEntity({
  name: 'reward',
  area: 'operate',
  title: { zh_CN: '奖励', en: 'Reward' },
  fields: {
    rewardName: F.name(64),
    rewardType: RewardType.schema(),
    value: F.int(0, 100_000_000, { description: 'points, cents of balance, or pieces, by rewardType' }),
    couponId: Type.Optional(F.ref('coupon')),
    total: F.int(1, 10_000_000),
    perMemberLimit: withDefault(F.int(1, 100), 1),
    receivedCount: counterField(),
    startTime: F.datetime(),
    endTime: F.datetime(),
    status: enabledField(),
    remark: remarkField(),
  },
  label: 'rewardName',
  filters: { rewardName: 'like', rewardType: 'eq', status: 'eq', startTime: 'range' },
  sortable: ['total', 'receivedCount', 'startTime', 'createTime'],
  searchable: ['rewardName'],
  statusField: 'status',
});

/** Who claimed a reward (receive modal). */
export const rewardReceive = defineEntity({
  name: 'rewardReceive',
  area: 'operate',
  title: { zh_CN: '奖励领取记录', en: 'Reward claim' },
  fields: {
    rewardId: F.ref('reward', { onDelete: 'cascade' }),
    rewardName: readOnly(F.text(64)),
    memberId: F.ref('member', { onDelete: 'cascade' }),
    nickName: readOnly(F.text(64)),
    status: withDefault(ReceiveStatus.schema(), 0),
  },
  label: 'rewardName',
  filters: { rewardId: 'eq', memberId: 'eq', status: 'eq', createTime: 'range' },
  sortable: ['createTime'],
  searchable: ['nickName'],
  ops: { add: false, update: false, listAll: false },
  large: true,
});

/** Friendly links in the shop footer (route /operate/link, modify drawer). */
export const link = defineEntity({
  name: 'link',
  area: 'operate',
  title: { zh_CN: '友情链接', en: 'Link' },
  fields: {
    linkName: F.name(32),
    url: F.url(),
    logo: Type.Optional(F.image()),
    sort: sortField(),
    status: enabledField(),
  },
  label: 'linkName',
  filters: { linkName: 'like', status: 'eq' },
  sortable: ['sort', 'createTime'],
  defaultSort: ['sort', 'asc'],
  statusField: 'status',
  unique: [['url']],
});

/** In-app messages to members (route /operate/stationMsg). `memberIds` is used when `targetType` is member. */
export const stationMsg = defineEntity({
  name: 'stationMsg',
  area: 'operate',
  title: { zh_CN: '站内信', en: 'Station message' },
  fields: {
    title: F.name(128),
    content: F.richText(5000),
    targetType: MessageTarget.schema(),
    gradeIds: withDefault(F.refs('memberGrade'), []),
    memberIds: withDefault(Type.Array(F.id(), { maxItems: 1000, uniqueItems: true }), []),
    sendTime: Type.Optional(F.datetime({ description: 'scheduled time; none = when sent' })),
    status: readOnly(withDefault(SendStatus.schema(), 0)),
    readCount: counterField(),
  },
  label: 'title',
  filters: { title: 'like', targetType: 'eq', status: 'eq', sendTime: 'range', createTime: 'range' },
  sortable: ['sendTime', 'readCount', 'createTime'],
  searchable: ['title'],
});

/** Page title, keywords and description per shop page (route /operate/seoSetting). */
export const seoSetting = defineEntity({
  name: 'seoSetting',
  area: 'operate',
  title: { zh_CN: 'SEO设置', en: 'SEO setting' },
  fields: {
    pageKey: F.code(32),
    pageName: F.name(32),
    title: F.name(128),
    keywords: remarkField(255),
    description: remarkField(500),
    status: enabledField(),
  },
  label: 'pageName',
  filters: { pageName: 'like', status: 'eq' },
  sortable: ['createTime'],
  statusField: 'status',
  unique: [['pageKey']],
});

/** Chart modal: `days` limits the series to the last days of the schedule; without it, the whole schedule so far (at most 90 days). */
export const AdvertStatsPayload = Type.Object({ id: F.id(), days: Type.Optional(F.int(1, 90)) }, { additionalProperties: false });
/** One value per date; `ctr` is clicks / impressions in percent with two decimals (0 when no impressions). */
export const AdvertStats = Type.Object({
  dates: Type.Array(F.date()),
  views: Type.Array(Type.Integer()),
  clicks: Type.Array(Type.Integer()),
  ctr: Type.Array(Type.Number()),
});
/**
 * Send a draft: now (no `sendTime`) or scheduled (`sendTime` in the future; members see it from then).
 * Either way the message is sent (status 1) and can no longer be edited, only revoked.
 */
export const StationMsgSendPayload = Type.Object({ id: F.id(), sendTime: Type.Optional(F.datetime()) }, { additionalProperties: false });
export const StationMsgRevokePayload = Type.Object({ id: F.id() }, { additionalProperties: false });

export const operateActions = [
  defineAction({ name: 'advert.stats', path: '/v1/advert/stats', area: 'operate', summary: 'Daily views and clicks of an advert (chart modal)', payload: AdvertStatsPayload, result: AdvertStats }),
  defineAction({ name: 'stationMsg.send', path: '/v1/stationMsg/send', area: 'operate', summary: 'Send a draft message now or at a scheduled time (draft → sent); a sent message is never edited', payload: StationMsgSendPayload, result: stationMsg.schemas.record }),
  defineAction({ name: 'stationMsg.revoke', path: '/v1/stationMsg/revoke', area: 'operate', summary: 'Withdraw a sent or scheduled message (sent → revoked)', payload: StationMsgRevokePayload, result: stationMsg.schemas.record }),
];

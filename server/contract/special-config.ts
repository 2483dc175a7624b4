import Type from 'typebox';
import { defineEntity } from './entity.js';
import { counterField, defineEnum, enabledField, F, PublishStatus, sortField, withDefault } from './fields.js';

/**
 * Special config area (spec §1 "Special config: match, article, video, product"; §2 /specialConfig,
 * drawers): content of the shop's special pages — e-sports matches, news, videos and featured products.
 */

export const MatchStatus = defineEnum('matchStatus', [
  [0, 'upcoming', '未开始', 'Upcoming'],
  [1, 'live', '进行中', 'Live'],
  [2, 'finished', '已结束', 'Finished'],
  [3, 'cancelled', '已取消', 'Cancelled'],
]);

export const match = defineEntity({
  name: 'match',
  area: 'specialConfig',
  title: { zh_CN: '赛事', en: 'Match' },
  fields: {
    matchName: F.name(64),
    gameId: F.ref('game'),
    teamA: F.name(32),
    teamB: F.name(32),
    scoreA: withDefault(F.int(0, 999), 0),
    scoreB: withDefault(F.int(0, 999), 0),
    startTime: F.datetime(),
    endTime: Type.Optional(F.datetime()),
    streamUrl: Type.Optional(F.url()),
    cover: Type.Optional(F.image()),
    sort: sortField(),
    status: withDefault(MatchStatus.schema(), 0),
  },
  label: 'matchName',
  filters: { matchName: 'like', gameId: 'eq', status: 'eq', startTime: 'range' },
  sortable: ['startTime', 'sort', 'createTime'],
  searchable: ['matchName', 'teamA', 'teamB'],
  statusField: 'status',
});

export const article = defineEntity({
  name: 'article',
  area: 'specialConfig',
  title: { zh_CN: '资讯', en: 'Article' },
  fields: {
    title: F.name(128),
    gameId: Type.Optional(F.ref('game')),
    cover: Type.Optional(F.image()),
    summary: withDefault(F.text(500), ''),
    content: F.richText(),
    author: F.name(32),
    views: counterField(),
    isTop: withDefault(F.bool(), false),
    publishTime: Type.Optional(F.datetime()),
    sort: sortField(),
    status: withDefault(PublishStatus.schema(), 0),
  },
  label: 'title',
  filters: { title: 'like', gameId: 'eq', author: 'like', isTop: 'eq', status: 'eq', publishTime: 'range' },
  sortable: ['views', 'publishTime', 'sort', 'createTime'],
  searchable: ['title', 'summary', 'author'],
  statusField: 'status',
});

export const video = defineEntity({
  name: 'video',
  area: 'specialConfig',
  title: { zh_CN: '视频', en: 'Video' },
  fields: {
    title: F.name(128),
    gameId: Type.Optional(F.ref('game')),
    cover: Type.Optional(F.image()),
    videoUrl: F.url(),
    duration: F.int(1, 86_400, { description: 'seconds' }),
    views: counterField(),
    sort: sortField(),
    status: withDefault(PublishStatus.schema(), 0),
  },
  label: 'title',
  filters: { title: 'like', gameId: 'eq', status: 'eq', createTime: 'range' },
  sortable: ['views', 'duration', 'sort', 'createTime'],
  searchable: ['title'],
  statusField: 'status',
});

/** A goods featured on a special page at a special price for a period. */
export const product = defineEntity({
  name: 'product',
  area: 'specialConfig',
  title: { zh_CN: '专题商品', en: 'Featured product' },
  fields: {
    goodsId: F.ref('goods', { onDelete: 'cascade' }),
    title: F.name(64),
    subtitle: withDefault(F.text(128), ''),
    banner: Type.Optional(F.image()),
    specialPrice: F.money(),
    startTime: F.datetime(),
    endTime: F.datetime(),
    sort: sortField(),
    status: enabledField(),
  },
  label: 'title',
  filters: { goodsId: 'eq', title: 'like', status: 'eq', startTime: 'range' },
  sortable: ['specialPrice', 'startTime', 'sort', 'createTime'],
  searchable: ['title', 'subtitle'],
  statusField: 'status',
});

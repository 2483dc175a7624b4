import Type from 'typebox';
import { defineEntity } from './entity.js';
import { counterField, defineEnum, enabledField, F, platformEntityShape, remarkField, sortField, withDefault } from './fields.js';

/** Games area (spec §1 "Games: games, game tags, game platforms"; §2 /games; §3 stored keys gameId, gameTagId, gamePlatformId). */

export const GameStatus = defineEnum('gameStatus', [
  [0, 'upcoming', '即将上线', 'Coming soon'],
  [1, 'online', '已上线', 'Online'],
  [2, 'offline', '已下线', 'Offline'],
]);

/** Where a game runs (Steam, PlayStation…); also in basic data `gamePlatform` (spec §7 gameCategory). */
export const gamePlatform = defineEntity({
  name: 'gamePlatform',
  area: 'games',
  title: { zh_CN: '游戏平台', en: 'Game platform' },
  ...platformEntityShape(),
});

/** Genre tags of games (RPG, FPS…); also in basic data `gameTag`. */
export const gameTag = defineEntity({
  name: 'gameTag',
  area: 'games',
  title: { zh_CN: '游戏标签', en: 'Game tag' },
  fields: {
    tagName: F.name(32),
    tagIdentity: F.code(32),
    color: withDefault(F.color(), '#0960bd'),
    sort: sortField(),
    status: enabledField(),
  },
  label: 'tagName',
  filters: { tagName: 'like', status: 'eq' },
  sortable: ['sort', 'createTime'],
  defaultSort: ['sort', 'asc'],
  statusField: 'status',
  unique: [['tagName'], ['tagIdentity']],
});

/** A game the shop sells goods, accounts and codes for. `score` is out of 100. */
export const game = defineEntity({
  name: 'game',
  area: 'games',
  title: { zh_CN: '游戏', en: 'Game' },
  fields: {
    gameName: F.name(64),
    gameIdentity: F.code(64),
    cover: Type.Optional(F.image()),
    /** Screenshots shown in the game's gallery, in order. */
    images: withDefault(F.images(9), []),
    platformIds: F.refs('gamePlatform'),
    tagIds: withDefault(F.refs('gameTag'), []),
    developer: remarkField(64),
    publisher: remarkField(64),
    releaseDate: Type.Optional(F.date()),
    score: withDefault(F.int(0, 100, { description: 'rating out of 100' }), 0),
    description: withDefault(F.richText(), ''),
    hot: withDefault(F.bool(), false),
    sort: sortField(),
    status: withDefault(GameStatus.schema(), 0),
    goodsCount: counterField('goods on sale for this game'),
  },
  label: 'gameName',
  filters: { gameName: 'like', platformIds: 'has', tagIds: 'has', status: 'eq', hot: 'eq', releaseDate: 'range', createTime: 'range' },
  sortable: ['sort', 'score', 'releaseDate', 'goodsCount', 'createTime'],
  searchable: ['gameName', 'gameIdentity', 'developer', 'publisher'],
  statusField: 'status',
  unique: [['gameName'], ['gameIdentity']],
});

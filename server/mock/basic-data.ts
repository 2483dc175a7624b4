import type { BasicData } from '../contract/auth.js';
import { seededFaker } from './faker.js';

/** Invented game studios and publishers (no real company): the goods brands of the basic data. */
const BRANDS = ['星辰互娱', '云海游戏', '赤焰工作室', '青鸟网络', '极光互动', '北辰娱乐', '墨韵游戏', '远山数字'] as const;

/**
 * Basic data behind `/v1/admin/gameCategory` (spec §3): goods categories and brands, game tags
 * and platforms, member levels. Deterministic for a seed.
 */
export function makeBasicData(seed: number): BasicData {
  const f = seededFaker(seed, 'basic-data');
  const categories = ['点卡充值', '游戏账号', '道具装备', '激活码', '会员月卡', '周边礼品'];
  const platforms = [
    ['Steam', 'steam'],
    ['Epic Games', 'epic'],
    ['PlayStation', 'psn'],
    ['Xbox', 'xbox'],
    ['Nintendo eShop', 'nintendo'],
    ['WeGame', 'wegame'],
  ];
  const tags = [
    ['角色扮演', 'rpg'],
    ['动作', 'action'],
    ['射击', 'fps'],
    ['策略', 'strategy'],
    ['体育', 'sports'],
    ['独立', 'indie'],
    ['多人在线', 'mmo'],
  ];
  return {
    goodsCategory: categories.map((name, i) => ({ id: i + 1, name })),
    // Brands of a game shop are game studios and publishers (invented names), in the
    // console's default language, not random companies; the seed picks their order.
    goodsBrand: f.helpers.shuffle([...BRANDS]).map((name, i) => ({ id: i + 1, name })),
    gameTag: tags.map(([tagName, tagIdentity]) => ({ tagName, tagIdentity })),
    gamePlatform: platforms.map(([platformName, platformIdentity]) => ({ platformName, platformIdentity })),
    memberLevel: ['普通会员', '白银会员', '黄金会员', '铂金会员', '钻石会员'].map((name, i) => ({ id: i + 1, name })),
  };
}

import type { BasicData } from '../contract/auth.js';
import { seededFaker } from './faker.js';

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
    goodsBrand: Array.from({ length: 8 }, (_, i) => ({ id: i + 1, name: f.company.name() })),
    gameTag: tags.map(([tagName, tagIdentity]) => ({ tagName, tagIdentity })),
    gamePlatform: platforms.map(([platformName, platformIdentity]) => ({ platformName, platformIdentity })),
    memberLevel: ['普通会员', '白银会员', '黄金会员', '铂金会员', '钻石会员'].map((name, i) => ({ id: i + 1, name })),
  };
}

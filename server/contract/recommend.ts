import Type from 'typebox';
import { CountResult, defineAction, defineEntity } from './entity.js';
import { counterField, defineEnum, enabledField, F, readOnly, sortField, withDefault } from './fields.js';

/**
 * Recommend area (spec §1 "Recommend: game, goods, page, module, relation, navigation, keywords";
 * §2 /recommend with the relation weight modal and navigation preview). Higher `weight` shows first.
 */

export const GamePosition = defineEnum('recommendGamePosition', [
  [1, 'home', '首页推荐', 'Home'],
  [2, 'hot', '热门游戏', 'Hot'],
  [3, 'new', '新游推荐', 'New'],
]);
export const GoodsPosition = defineEnum('recommendGoodsPosition', [
  [1, 'home', '首页推荐', 'Home'],
  [2, 'flashSale', '限时特惠', 'Flash sale'],
  [3, 'guessYouLike', '猜你喜欢', 'You may like'],
]);
export const ModuleType = defineEnum('moduleType', [
  [1, 'banner', '轮播', 'Banner'],
  [2, 'goodsGrid', '商品宫格', 'Goods grid'],
  [3, 'gameList', '游戏列表', 'Game list'],
  [4, 'articleList', '资讯列表', 'Article list'],
]);
export const RelationTarget = defineEnum('relationTarget', [
  [1, 'game', '游戏', 'Game'],
  [2, 'goods', '商品', 'Goods'],
  [3, 'article', '资讯', 'Article'],
]);
export const NavLinkType = defineEnum('navLinkType', [
  [1, 'route', '站内页面', 'Shop page'],
  [2, 'url', '外部链接', 'External link'],
  [3, 'game', '游戏', 'Game'],
  [4, 'goods', '商品', 'Goods'],
]);

const weight = () => withDefault(F.int(0, 9999, { description: 'higher shows first' }), 0);

export const recommendGame = defineEntity({
  name: 'recommendGame',
  area: 'recommend',
  title: { zh_CN: '游戏推荐', en: 'Recommended game' },
  fields: {
    gameId: F.ref('game', { onDelete: 'cascade' }),
    gameName: readOnly(F.text(64)),
    position: GamePosition.schema(),
    weight: weight(),
    startTime: Type.Optional(F.datetime()),
    endTime: Type.Optional(F.datetime()),
    status: enabledField(),
  },
  label: 'gameName',
  filters: { gameId: 'eq', position: 'eq', status: 'eq' },
  sortable: ['weight', 'createTime'],
  defaultSort: ['weight', 'desc'],
  searchable: ['gameName'],
  statusField: 'status',
  unique: [['gameId', 'position']],
});

export const recommendGoods = defineEntity({
  name: 'recommendGoods',
  area: 'recommend',
  title: { zh_CN: '商品推荐', en: 'Recommended goods' },
  fields: {
    goodsId: F.ref('goods', { onDelete: 'cascade' }),
    goodsName: readOnly(F.text(128)),
    position: GoodsPosition.schema(),
    weight: weight(),
    startTime: Type.Optional(F.datetime()),
    endTime: Type.Optional(F.datetime()),
    status: enabledField(),
  },
  label: 'goodsName',
  filters: { goodsId: 'eq', position: 'eq', status: 'eq' },
  sortable: ['weight', 'createTime'],
  defaultSort: ['weight', 'desc'],
  searchable: ['goodsName'],
  statusField: 'status',
  unique: [['goodsId', 'position']],
});

/** A page of the shop assembled from modules. */
export const recommendPage = defineEntity({
  name: 'recommendPage',
  area: 'recommend',
  title: { zh_CN: '推荐页面', en: 'Recommend page' },
  fields: {
    pageName: F.name(32),
    pageKey: F.code(32),
    description: withDefault(F.text(255), ''),
    moduleCount: counterField(),
    status: enabledField(),
  },
  label: 'pageName',
  filters: { pageName: 'like', status: 'eq' },
  sortable: ['createTime'],
  statusField: 'status',
  unique: [['pageKey']],
});

export const recommendModule = defineEntity({
  name: 'recommendModule',
  area: 'recommend',
  title: { zh_CN: '推荐模块', en: 'Recommend module' },
  fields: {
    pageId: F.ref('recommendPage', { onDelete: 'cascade' }),
    moduleName: F.name(32),
    moduleType: ModuleType.schema(),
    maxItems: withDefault(F.int(1, 50), 8),
    sort: sortField(),
    status: enabledField(),
  },
  label: 'moduleName',
  filters: { pageId: 'eq', moduleType: 'eq', status: 'eq' },
  sortable: ['sort', 'createTime'],
  defaultSort: ['sort', 'asc'],
  statusField: 'status',
});

/** What a module shows: a game, goods or article with its weight (relation screen, weight modal). */
export const recommendRelation = defineEntity({
  name: 'recommendRelation',
  area: 'recommend',
  title: { zh_CN: '推荐关联', en: 'Recommend relation' },
  fields: {
    moduleId: F.ref('recommendModule', { onDelete: 'cascade' }),
    targetType: RelationTarget.schema(),
    targetId: F.id({ description: 'id of the game, goods or article' }),
    targetName: readOnly(F.text(128)),
    weight: weight(),
    status: enabledField(),
  },
  label: 'targetName',
  filters: { moduleId: 'eq', targetType: 'eq', targetId: 'eq', status: 'eq' },
  sortable: ['weight', 'createTime'],
  defaultSort: ['weight', 'desc'],
  searchable: ['targetName'],
  statusField: 'status',
  unique: [['moduleId', 'targetType', 'targetId']],
});

/** Shop navigation entries, two levels (`parentId` 0 = top); preview with `navigation/tree`. */
export const navigation = defineEntity({
  name: 'navigation',
  area: 'recommend',
  title: { zh_CN: '导航', en: 'Navigation' },
  fields: {
    navName: F.name(32),
    icon: withDefault(F.text(64, { description: 'PrimeIcons class, e.g. pi pi-home' }), ''),
    linkType: NavLinkType.schema(),
    linkValue: F.name(512),
    parentId: withDefault(F.int(0, 2_147_483_647, { description: '0 = top level' }), 0),
    sort: sortField(),
    status: enabledField(),
  },
  label: 'navName',
  filters: { navName: 'like', parentId: 'eq', linkType: 'eq', status: 'eq' },
  sortable: ['sort', 'createTime'],
  defaultSort: ['sort', 'asc'],
  statusField: 'status',
});

/** Search keywords suggested in the shop (route /recommend/keywords). */
export const searchKeyword = defineEntity({
  name: 'searchKeyword',
  area: 'recommend',
  title: { zh_CN: '搜索关键词', en: 'Search keyword' },
  fields: {
    word: F.name(32),
    searchCount: counterField(),
    isHot: withDefault(F.bool(), false),
    sort: sortField(),
    status: enabledField(),
  },
  label: 'word',
  filters: { word: 'like', isHot: 'eq', status: 'eq' },
  sortable: ['searchCount', 'sort', 'createTime'],
  defaultSort: ['sort', 'asc'],
  statusField: 'status',
  unique: [['word']],
});

/** Weight modal: several relations at once; each id once. */
export const WeightPayload = Type.Object(
  { list: Type.Array(Type.Object({ id: F.id(), weight: F.int(0, 9999) }, { additionalProperties: false }), { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
export interface NavNode {
  id: number;
  navName: string;
  icon: string;
  linkType: number;
  linkValue: string;
  /** Present in the editor's tree (`all: true`): 1 shown, 0 hidden. */
  status?: number;
  children: NavNode[];
}
export const NavTree = Type.Array(
  Type.Object({
    id: Type.Integer(),
    navName: Type.String(),
    icon: Type.String(),
    linkType: Type.Integer(),
    linkValue: Type.String(),
    status: Type.Optional(Type.Integer()),
    children: Type.Array(Type.Object({ id: Type.Integer(), navName: Type.String(), icon: Type.String(), linkType: Type.Integer(), linkValue: Type.String(), status: Type.Optional(Type.Integer()), children: Type.Array(Type.Any()) })),
  }),
);

/**
 * Move a navigation entry (drag and drop in the tree editor): under `parentId` (0 = top level) at
 * position `index` among its new siblings (0-based, clamped). The tree keeps two levels: an entry
 * with children stays at the top, a parent must be a top-level entry, and an entry never goes under
 * itself or its own child. Siblings are renumbered `sort` 1, 2, …; answers the whole tree.
 */
export const NavMovePayload = Type.Object({ id: F.id(), parentId: F.int(0, 2_147_483_647), index: F.int(0, 10_000) }, { additionalProperties: false });
/** `all`: hidden entries too, each with its `status` (the tree editor); without it, what members see (the preview). */
export const NavTreePayload = Type.Object({ all: Type.Optional(Type.Boolean()) }, { additionalProperties: false });

export const recommendActions = [
  defineAction({ name: 'recommendRelation.updateWeight', path: '/v1/recommendRelation/updateWeight', area: 'recommend', summary: 'Set the weights of several relations at once (weight modal); all or none', payload: WeightPayload, result: CountResult }),
  defineAction({ name: 'navigation.tree', path: '/v1/navigation/tree', area: 'recommend', summary: 'The enabled navigation as a tree, in display order (preview); `all` adds hidden entries (editor)', payload: NavTreePayload, payloadOptional: true, result: NavTree }),
  defineAction({ name: 'navigation.move', path: '/v1/navigation/move', area: 'recommend', summary: 'Move a navigation entry to a parent and position (drag and drop); refuses cycles and a third level', payload: NavMovePayload, result: NavTree }),
];

import { game } from '../../../server/contract/games';
import { defineResource } from '../../crud';

/**
 * /games/index (spec §2): games with cover, platforms and tags; an online/offline switch; add and
 * modify on the hidden /games/add and /games/modify pages (id under §3 `gameId`).
 */
export default defineResource({
  entity: game,
  route: '/games/index',
  columns: ['id', 'cover', 'gameName', 'platformIds', 'tagIds', 'score', 'releaseDate', 'goodsCount', 'hot', 'status', 'createTime'],
  filters: ['keyword', 'platformIds', 'tagIds', 'status', 'hot', 'releaseDate'],
  form: {
    mode: 'page',
    columns: 2,
    fields: ['gameName', 'gameIdentity', 'platformIds', 'tagIds', 'developer', 'publisher', 'releaseDate', 'score', 'hot', 'sort', 'status', 'cover', 'images', 'description'],
    sections: [
      { title: 'games.sections.basic', fields: ['gameName', 'gameIdentity', 'platformIds', 'tagIds', 'developer', 'publisher', 'releaseDate', 'score', 'hot', 'sort', 'status'] },
      { title: 'games.sections.media', fields: ['cover', 'images'] },
      { title: 'games.sections.description', fields: ['description'] },
    ],
  },
  // Online (1) / offline (2) as the list's switch; the form picks any of the three.
  // The cover is how a game is recognised in its list: kept on a narrow table with the name.
  fields: { status: { kind: 'radio', switchValues: [1, 2] }, cover: { wide: true, priority: 1 } },
});

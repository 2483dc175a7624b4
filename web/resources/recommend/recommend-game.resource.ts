import { recommendGame } from '../../../server/contract/recommend';
import { game } from '../../../server/contract/games';
import { defineResource } from '../../crud';

/** /recommend/game: featured games by position and schedule; higher weight shows first. */
export default defineResource({
  entity: recommendGame,
  route: '/recommend/game',
  columns: ['id', 'gameId', 'position', 'weight', 'startTime', 'endTime', 'status', 'createTime'],
  filters: ['gameId', 'position', 'status'],
  form: { mode: 'dialog', columns: 2, fields: ['gameId', 'position', 'weight', 'status', 'startTime', 'endTime'] },
  fields: { id: { width: 80 }, gameId: { kind: 'remote', refEntity: game, cell: (r) => String(r.gameName ?? '') }, startTime: { width: 170 }, endTime: { width: 170 }, createTime: { width: 170 } },
});

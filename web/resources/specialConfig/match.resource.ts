import { match } from '../../../server/contract/special-config';
import { defineResource } from '../../crud';

/** /specialConfig/match: e-sports matches with teams, time, stream URL and cover (drawer form). */
export default defineResource({
  entity: match,
  route: '/specialConfig/match',
  columns: ['id', 'cover', 'matchName', 'gameId', 'teamA', 'teamB', 'scoreA', 'scoreB', 'startTime', 'status'],
  filters: ['matchName', 'gameId', 'status', 'startTime'],
  form: { mode: 'drawer', width: 640, columns: 2, fields: ['matchName', 'gameId', 'teamA', 'teamB', 'scoreA', 'scoreB', 'startTime', 'endTime', 'streamUrl', 'cover', 'sort', 'status'] },
  fields: { id: { width: 80 }, cover: { width: 100 }, startTime: { width: 170 }, streamUrl: { wide: true } },
});

import { gamePlatform } from '../../../server/contract/games';
import { defineResource } from '../../crud';

/** /games/platform (spec §2): where games run, with an uploaded icon; add/modify on /games/platform/add|modify (§3 `gamePlatformId`). */
export default defineResource({
  entity: gamePlatform,
  route: '/games/platform',
  columns: ['id', 'icon', 'platformName', 'platformIdentity', 'sort', 'status', 'createTime'],
  filters: ['platformName', 'status'],
  form: { mode: 'page', fields: ['platformName', 'platformIdentity', 'icon', 'sort', 'status'] },
});

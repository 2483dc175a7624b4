import { gameTag } from '../../../server/contract/games';
import { defineResource } from '../../crud';

/** /games/tag (spec §2): genre tags with their colour; add/modify on /games/tag/add|modify (§3 `gameTagId`). */
export default defineResource({
  entity: gameTag,
  route: '/games/tag',
  columns: ['id', 'tagName', 'tagIdentity', 'color', 'sort', 'status', 'createTime'],
  filters: ['tagName', 'status'],
  form: { mode: 'page', fields: ['tagName', 'tagIdentity', 'color', 'sort', 'status'] },
});

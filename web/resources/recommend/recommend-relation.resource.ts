import { recommendRelation } from '../../../server/contract/recommend';
import { defineResource } from '../../crud';

/**
 * /recommend/relation: what a module shows (game, goods or article) by weight. The page owns the
 * form (its target picker follows the chosen type) and the weight modal.
 */
export default defineResource({
  entity: recommendRelation,
  route: '/recommend/relation',
  columns: ['id', 'moduleId', 'targetType', 'targetId', 'targetName', 'weight', 'status', 'createTime'],
  filters: ['moduleId', 'targetType', 'status'],
  fields: { id: { width: 80 }, targetId: { width: 90 }, weight: { width: 90 }, createTime: { width: 170 } },
});

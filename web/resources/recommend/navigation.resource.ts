import { navigation } from '../../../server/contract/recommend';
import { defineResource } from '../../crud';

/** /recommend/navigation: the entry form of the navigation tree editor (the page draws the tree itself). */
export default defineResource({
  entity: navigation,
  permission: 'RecommendNavigation',
  columns: ['id', 'navName', 'icon', 'linkType', 'linkValue', 'parentId', 'sort', 'status'],
  filters: ['navName', 'status'],
  form: { mode: 'dialog', columns: 2, fields: ['navName', 'icon', 'linkType', 'linkValue', 'status'] },
  fields: { linkValue: { wide: true } },
});

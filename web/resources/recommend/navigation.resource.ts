import { navigation } from '../../../server/contract/recommend';
import { defineResource } from '../../crud';

/** /recommend/navigation: the entry form of the navigation tree editor (the page draws the tree itself; "add child" presets the parent). */
export default defineResource({
  entity: navigation,
  route: '/recommend/navigation',
  columns: ['id', 'navName', 'icon', 'linkType', 'linkValue', 'parentId', 'sort', 'status'],
  filters: ['navName', 'status'],
  form: { mode: 'dialog', columns: 2, fields: ['navName', 'parentId', 'icon', 'linkType', 'linkValue', 'status'] },
  // The parent is a tree select with "top level"; the server keeps two levels and refuses cycles.
  fields: { linkValue: { wide: true }, parentId: { kind: 'tree', refEntity: navigation } },
});

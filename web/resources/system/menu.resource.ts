import { menu } from '../../../server/contract/system';
import { defineResource } from '../../crud';
import { i18n } from '../../i18n';

/** A menu title: an i18n key (`routes.order.index`) shown translated, or literal text. */
export const menuTitle = (title: unknown) => i18n.t(String(title ?? ''), { defaultValue: String(title ?? '') });

/** /system/menu (spec §2): the menu records behind back-end mode menus; add and modify are pages with the icon picker. */
export default defineResource({
  entity: menu,
  permission: 'SystemMenu',
  columns: ['id', 'title', 'name', 'path', 'icon', 'component', 'sort', 'hidden', 'status'],
  filters: ['title', 'parentId', 'hidden', 'status'],
  form: {
    mode: 'page',
    columns: 2,
    fields: ['title', 'name', 'path', 'component', 'frameSrc', 'sort', 'hidden', 'status'],
    pages: { add: '/system/menu/add', modify: '/system/menu/modify' },
    editIdKey: 'menuId',
  },
  fields: { title: { cell: (r) => menuTitle(r.title) }, parentId: { kind: 'int' } },
});

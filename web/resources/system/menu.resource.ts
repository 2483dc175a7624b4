import { createElement } from 'react';
import { menu } from '../../../server/contract/system';
import { defineResource, IconPicker } from '../../crud';
import { i18n } from '../../i18n';
import { MenuParentInput } from './menu-parent-input';

/** A menu title: an i18n key (`routes.order.index`) shown translated, or literal text. */
export const menuTitle = (title: unknown) => i18n.t(String(title ?? ''), { defaultValue: String(title ?? '') });

/**
 * /system/menu (spec §2): the menu records behind back-end mode menus, as a tree table (groups and
 * their pages, with order number, hidden flag, component path and frame source); add and modify are
 * pages with the parent as a tree select and the icon picker (spec §5, §9).
 */
export default defineResource({
  entity: menu,
  route: '/system/menu',
  tree: { parentField: 'parentId' },
  columns: ['title', 'icon', 'name', 'path', 'component', 'sort', 'hidden', 'status', 'id'],
  filters: ['title', 'hidden', 'status'],
  form: {
    mode: 'page',
    columns: 2,
    fields: ['parentId', 'title', 'name', 'path', 'component', 'frameSrc', 'icon', 'sort', 'hidden', 'status'],
    editIdKey: 'menuId',
  },
  fields: {
    title: { cell: (r) => menuTitle(r.title), width: 220 },
    parentId: { kind: 'int', input: (p) => createElement(MenuParentInput, p) },
    icon: {
      width: 70,
      cell: (r) => (r.icon ? createElement('i', { className: String(r.icon), role: 'img', 'aria-label': String(r.icon) }) : null),
      input: (p) => createElement(IconPicker, { id: p.id, value: String(p.value ?? ''), onChange: p.onChange }),
    },
    name: { width: 170 },
    path: { width: 170 },
    component: { width: 200 },
    sort: { width: 80 },
    hidden: { width: 90 },
    id: { width: 80 },
  },
});

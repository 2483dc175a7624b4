import { createElement } from 'react';
import { role } from '../../../server/contract/system';
import { defineResource } from '../../crud';
import { i18n } from '../../i18n';
import { MenuTreeInput, ResourceGroupsInput } from './role-inputs';

/** Seeded role names are Chinese; their English names are translations (`system.seededRoles.<roleKey>`). */
export function roleName(row: Record<string, unknown>): string {
  const key = `system.seededRoles.${String(row.roleKey)}`;
  return i18n.language !== 'zh_CN' && i18n.exists(`${key}.zh`) && i18n.t(`${key}.zh`) === row.name ? i18n.t(`${key}.name`) : String(row.name ?? '');
}

/**
 * /system/role (spec §2, §3 key `roleId`, §6 "role (menu tree and per-role resources)"): add and
 * modify are pages in three sections: the role, its menu tree with checkboxes, and its API
 * resources grouped by category with select-all per group.
 */
export default defineResource({
  entity: role,
  route: '/system/role',
  columns: ['id', 'name', 'roleKey', 'description', 'adminCount', 'sort', 'status', 'createTime'],
  filters: ['name', 'status'],
  form: {
    mode: 'page',
    columns: 2,
    editIdKey: 'roleId',
    fields: ['name', 'roleKey', 'sort', 'status', 'description', 'menuIds', 'resourceIds'],
    sections: [
      { title: 'system.role.sections.basic', fields: ['name', 'roleKey', 'sort', 'status', 'description'] },
      { title: 'system.role.sections.menus', fields: ['menuIds'] },
      { title: 'system.role.sections.resources', fields: ['resourceIds'] },
    ],
  },
  fields: {
    id: { width: 80 },
    name: { cell: roleName },
    adminCount: { width: 110 },
    sort: { width: 90 },
    createTime: { width: 170 },
    description: { wide: true },
    menuIds: { wide: true, input: (p) => createElement(MenuTreeInput, p) },
    resourceIds: { wide: true, input: (p) => createElement(ResourceGroupsInput, p) },
  },
});

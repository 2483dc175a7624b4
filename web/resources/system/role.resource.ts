import { createElement } from 'react';
import { AREA_TITLES } from '../../../server/contract/resources';
import { role } from '../../../server/contract/system';
import { defineResource } from '../../crud';
import { i18n } from '../../i18n';
import { MenuTreeInput, ResourceGroupsInput } from './role-inputs';

/** Seeded role names are Chinese; their English names are translations (`system.seededRoles.<roleKey>`). */
export function roleName(row: Record<string, unknown>): string {
  const key = `system.seededRoles.${String(row.roleKey)}`;
  return i18n.language !== 'zh_CN' && i18n.exists(`${key}.zh`) && i18n.t(`${key}.zh`) === row.name ? i18n.t(`${key}.name`) : String(row.name ?? '');
}

/** Seeded role descriptions (`负责订单管理、会员管理`, `拥有全部权限`) in English on the English console; other text as written. */
export function roleDescription(text: unknown): string {
  const s = String(text ?? '');
  if (i18n.language === 'zh_CN') return s;
  if (s === '拥有全部权限') return i18n.t('system.role.allPermissions');
  const m = /^负责(.+)$/.exec(s);
  if (!m) return s;
  const titles = Object.values(AREA_TITLES);
  const parts = m[1].split('、').map((p) => titles.find((x) => x.zh_CN === p)?.en);
  return parts.every(Boolean) ? i18n.t('system.role.responsibleFor', { areas: parts.join(', ') }) : s;
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
    description: { wide: true, cell: (r) => roleDescription(r.description) },
    adminCount: { width: 110 },
    sort: { width: 90 },
    createTime: { width: 170 },
    menuIds: { wide: true, input: (p) => createElement(MenuTreeInput, p) },
    // The resources list reads the ticked menus, to offer what their screens need.
    resourceIds: { wide: true, dependsOn: { field: 'menuIds' }, input: (p) => createElement(ResourceGroupsInput, p) },
  },
});

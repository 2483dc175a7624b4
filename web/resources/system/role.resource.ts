import { role } from '../../../server/contract/system';
import { defineResource } from '../../crud';
import { i18n } from '../../i18n';

/** Seeded role names are Chinese; their English names are translations (`system.seededRoles.<roleKey>`). */
export function roleName(row: Record<string, unknown>): string {
  const key = `system.seededRoles.${String(row.roleKey)}`;
  return i18n.language !== 'zh_CN' && i18n.exists(key) && i18n.t(`${key}.zh`) === row.name ? i18n.t(`${key}.name`) : String(row.name ?? '');
}

/** /system/role (spec §2, §3 key `roleId`, §6 menu tree and per-role resources): add and modify are pages. */
export default defineResource({
  entity: role,
  permission: 'SystemRole',
  columns: ['id', 'name', 'roleKey', 'description', 'adminCount', 'sort', 'status', 'createTime'],
  filters: ['name', 'status'],
  form: {
    mode: 'page',
    columns: 2,
    fields: ['name', 'roleKey', 'sort', 'status', 'description'],
    editIdKey: 'roleId',
    pages: { add: '/system/role/add', modify: '/system/role/modify' },
  },
  fields: { id: { width: 80 }, name: { cell: roleName }, adminCount: { width: 110 }, sort: { width: 90 }, createTime: { width: 170 }, description: { wide: true } },
});

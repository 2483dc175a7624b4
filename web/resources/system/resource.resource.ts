import { resource } from '../../../server/contract/system';
import { localizeSystemName } from '../../../server/contract/resources';
import { defineResource } from '../../crud';
import { i18n } from '../../i18n';

const lang = () => (i18n.language === 'en' ? 'en' : 'zh_CN');

/** Category names by id, filled by the resource page once it has loaded them (the cell shows them in the current language). */
export const categoryNames = new Map<number, string>();

/**
 * /system/resource (spec §2, §3 keys `resourceId`, `resourceType`; §6 batch create, modify, export):
 * API resources (Ant-style URL patterns) a role may call. Seeded names and descriptions are Chinese
 * and shown in English on the English console.
 */
export default defineResource({
  entity: resource,
  route: '/system/resource',
  columns: ['id', 'name', 'url', 'categoryId', 'description', 'createTime'],
  filters: ['keyword', 'categoryId', 'url'],
  form: {
    mode: 'page',
    fields: ['name', 'url', 'categoryId', 'description'],
    editIdKey: 'resourceId',
  },
  fields: {
    id: { width: 80 },
    name: { cell: (r) => localizeSystemName('resource', String(r.name), lang(), String(r.url)) },
    description: { cell: (r) => localizeSystemName('description', String(r.description ?? ''), lang(), String(r.url)) },
    url: { width: 260 },
    categoryId: { cell: (r) => localizeSystemName('category', categoryNames.get(r.categoryId as number) ?? String(r.categoryId ?? ''), lang()) },
    createTime: { width: 170 },
  },
});

import { createElement } from 'react';
import { admin } from '../../../server/contract/system';
import { defineResource } from '../../crud';
import { avatarSrc } from '../../parts/avatars';

/**
 * /system/account (spec §2, §3 key `accountId`): console accounts; add and modify are pages
 * (/system/account/add, /modify) with the avatar illustrations and the password reset.
 */
export default defineResource({
  entity: admin,
  permission: 'SystemAccount',
  columns: ['id', 'icon', 'username', 'nickName', 'roleIds', 'status', 'homePath', 'lastLoginTime', 'createTime'],
  filters: ['username', 'nickName', 'roleIds', 'status'],
  form: {
    mode: 'page',
    columns: 2,
    fields: ['username', 'nickName', 'password', 'roleIds', 'status', 'homePath', 'email', 'phone', 'note'],
    editIdKey: 'accountId',
    pages: { add: '/system/account/add', modify: '/system/account/modify' },
  },
  fields: {
    id: { width: 80 },
    icon: { width: 80, cell: (row) => (row.icon ? createElement('img', { src: avatarSrc(row.icon as string), alt: '', className: 'sys-avatar' }) : null) },
    roleIds: { wide: true },
    lastLoginTime: { width: 170 },
    createTime: { width: 170 },
  },
});

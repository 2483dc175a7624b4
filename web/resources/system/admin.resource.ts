import { createElement } from 'react';
import { admin } from '../../../server/contract/system';
import { defineResource, avatarSrc } from '../../crud';
import { AvatarInput } from './avatar-input';

/**
 * /system/account (spec §2, §3 key `accountId`): console accounts with roles (multi-select),
 * status and home path; add and modify are pages with the avatar picked from the illustrations.
 */
export default defineResource({
  entity: admin,
  route: '/system/account',
  columns: ['id', 'icon', 'username', 'nickName', 'roleIds', 'status', 'homePath', 'lastLoginTime', 'createTime'],
  filters: ['username', 'nickName', 'roleIds', 'status'],
  form: {
    mode: 'page',
    columns: 2,
    editIdKey: 'accountId',
    fields: ['icon', 'username', 'nickName', 'password', 'roleIds', 'status', 'homePath', 'email', 'phone', 'note'],
  },
  fields: {
    id: { width: 80 },
    icon: {
      width: 80,
      wide: true,
      cell: (row) => (row.icon ? createElement('img', { src: avatarSrc(row.icon as string), alt: '', className: 'sys-avatar' }) : null),
      input: (p) => createElement(AvatarInput, p),
    },
    roleIds: { wide: true },
    lastLoginTime: { width: 170 },
    createTime: { width: 170 },
  },
});

import { gameAccount } from '../../../server/contract/account';
import { defineResource } from '../../crud';

/** /account/list: game accounts lent out; the login password is write-only (audited reveal). */
export default defineResource({
  entity: gameAccount,
  permission: 'AccountList',
  columns: ['id', 'gameId', 'account', 'serverName', 'level', 'hourlyPrice', 'deposit', 'useCount', 'lastUseTime', 'status', 'createTime'],
  filters: ['keyword', 'gameId', 'status', 'createTime'],
  form: { mode: 'dialog', columns: 2, width: 760, fields: ['gameId', 'account', 'password', 'serverName', 'level', 'hourlyPrice', 'deposit', 'status', 'roleDesc', 'remark'] },
  fields: { id: { width: 80 }, status: { kind: 'enum' }, roleDesc: { wide: true }, remark: { wide: true }, createTime: { width: 170 } },
});

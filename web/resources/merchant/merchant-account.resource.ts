import { merchantAccount } from '../../../server/contract/merchant';
import { defineResource } from '../../crud';

/** A merchant's login accounts (accounts modal of /merchant/index); the password is write-only. */
export default defineResource({
  entity: merchantAccount,
  permission: 'MerchantIndex',
  columns: ['username', 'nickName', 'phone', 'accountRole', 'status', 'lastLoginTime'],
  filters: ['username', 'accountRole', 'status'],
});

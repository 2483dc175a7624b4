import { rentAccount } from '../../../server/contract/rent';
import { member } from '../../../server/contract/member';
import { defineResource } from '../../crud';

/** /rent/account: rentable accounts; the game drawer edits game, region and rank; credentials are write-only. */
export default defineResource({
  entity: rentAccount,
  permission: 'RentAccount',
  columns: ['id', 'account', 'gameId', 'serverName', 'level', 'ownerMemberId', 'hourlyPrice', 'deposit', 'verifyStatus', 'verifyRemark', 'rentCount', 'status'],
  filters: ['keyword', 'gameId', 'verifyStatus', 'status', 'ownerMemberId'],
  form: { mode: 'drawer', width: 520, fields: ['gameId', 'serverName', 'level', 'account', 'password', 'ownerMemberId', 'hourlyPrice', 'deposit', 'status'] },
  fields: { id: { width: 70 }, ownerMemberId: { kind: 'remote', refEntity: member } },
  actions: { status: false },
});

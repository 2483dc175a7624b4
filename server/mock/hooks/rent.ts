import { MockError } from '../store/crud.js';
import { defineHooks, snapshot } from './shared.js';

/** Rent rules: only verified accounts can be listed; a listing belongs to the account's game. */
export const rentHooks = defineHooks({
  rentAccount: {
    beforeUpdate(old, patch) {
      if (patch.status === 1 && old.verifyStatus !== 1) throw new MockError(`status: rental account ${old.id} must be verified before it is listed`);
      if (patch.status === 2 && old.status !== 2) throw new MockError('status: an account is rented out only by a rental order');
    },
    beforeAdd(row) {
      if (row.status === 1 || row.status === 2) throw new MockError('status: a new rental account starts unlisted (0) or frozen (3) until verified');
    },
  },
  rentListing: snapshot('rentAccountId', 'rentAccount', 'gameId', 'gameId'),
});

import { MockError } from '../store/crud.js';
import { chain, defineHooks, snapshot } from './shared.js';
import type { AnyRow } from '../store/seed.js';
import type { EntityHooks } from '../store/crud.js';

/** A listing goes on shelf only for a verified account that is not frozen. */
const listable: EntityHooks<AnyRow> = {
  beforeAdd(row, h) {
    if (row.status === 1) check(row.rentAccountId as number, h.store.get<AnyRow>('rentAccount', row.rentAccountId as number));
  },
  beforeUpdate(old, patch, h) {
    if (patch.status === 1 && old.status !== 1) {
      const id = (patch.rentAccountId ?? old.rentAccountId) as number;
      check(id, h.store.get<AnyRow>('rentAccount', id));
    }
  },
};
function check(id: number, acc: AnyRow | undefined) {
  if (!acc) return;
  if (acc.verifyStatus !== 1) throw new MockError('status', 'rent.notVerified', { id });
  if (acc.status === 3) throw new MockError('status', 'rent.frozen', { id });
}

/**
 * Rent rules: only verified accounts can be listed (account on shelf, and its listings on shelf only
 * while the account is verified and not frozen); a listing belongs to the account's game.
 */
export const rentHooks = defineHooks({
  rentAccount: {
    beforeUpdate(old, patch) {
      if (patch.status === 1 && old.verifyStatus !== 1) throw new MockError('status', 'rent.verifyBeforeList', { id: old.id });
      if (patch.status === 2 && old.status !== 2) throw new MockError('status', 'rent.onlyByOrder');
    },
    beforeAdd(row) {
      if (row.status === 1 || row.status === 2) throw new MockError('status', 'rent.newStatus');
    },
  },
  rentListing: chain(snapshot('rentAccountId', 'rentAccount', 'gameId', 'gameId'), listable) as never,
});

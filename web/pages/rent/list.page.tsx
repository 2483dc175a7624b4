import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { notify } from '../../services/notify';
import { ResourceListPage, GuardedButton } from '../../crud';
import rentListing from '../../resources/rent/rent-listing.resource';

type Row = Record<string, unknown>;

/**
 * /rent/list (spec §2): rental listings (price per hour and per day, game, status) with add/modify in
 * a dialog and on/off shelf; a listing goes on shelf only for a verified account that is not frozen
 * (the mock refuses otherwise and the message says why).
 */
export default function RentListPage() {
  const { t } = useTranslation();
  const shelf = async (row: Row, status: 1 | 2, reload: () => void) => {
    try {
      await api.rentListing.update({ id: Number(row.id), status });
      notify({ mode: 'toast', message: t(status === 1 ? 'rent.onShelfDone' : 'rent.offShelfDone') }, 'success');
      reload();
    } catch {
      // Shown by the HTTP client.
    }
  };
  return (
    <ResourceListPage
      resource={rentListing}
      rowActions={(row, ctx) =>
        ctx.can('update') &&
        (row.status === 1 ? (
          <GuardedButton label={t('rent.offShelf')} link size="small" severity="warning" onClick={() => void shelf(row, 2, ctx.reload)} data-testid="listing-off" />
        ) : (
          <GuardedButton label={t('rent.onShelf')} link size="small" severity="success" onClick={() => void shelf(row, 1, ctx.reload)} data-testid="listing-on" />
        ))
      }
    />
  );
}

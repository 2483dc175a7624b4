import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import { moneyText, platformTimeText } from '../../lib/format';
import { costConfig } from '../../../server/contract/inventory';
import { opKey } from '../../api/query';
import { readOp, type Page } from '../../crud';
import { ResourceListPage } from '../../crud';
import cost from '../../resources/inventory/cost-config.resource';

type Row = Record<string, unknown>;

/**
 * The query of the id of the price in effect for a goods: enabled, effective by now, not expired,
 * the latest effective. One request per goods however many rows show it; stale at once (time moves
 * prices into effect), and dropped by any write to cost prices.
 */
function currentCostQuery(goodsId: number) {
  return {
    queryKey: opKey('costConfig', 'list', { goodsId, status: 1, effectiveAt: 'now' }),
    queryFn: ({ signal }: { signal: AbortSignal }) => {
      // Effective and expiry times are platform time (UTC+8): compare with the platform's now.
      const now = platformTimeText(Date.now());
      return readOp<Page<Row>>(costConfig, 'list', { goodsId, status: 1, effectiveTime: ['1970-01-01 00:00:00', now], sortField: 'effectiveTime', sortOrder: 'desc', pageSize: 10 }, signal).then(
        (r) => (r.list.find((x) => !x.expireTime || String(x.expireTime) > now)?.id as number | undefined) ?? null,
      );
    },
    staleTime: 0,
  };
}

function CostCell({ row }: { row: Row }) {
  const { t } = useTranslation();
  const isCurrent = useQuery(currentCostQuery(row.goodsId as number)).data === row.id;
  return (
    <span>
      <span className="crud-money">{moneyText(row.costPrice as number)}</span>
      {isCurrent && <Tag value={t('inventory.cost.current')} severity="success" style={{ marginLeft: 8 }} data-testid="cost-current" />}
    </span>
  );
}
const resource = { ...cost, fields: { ...cost.fields, costPrice: { cell: (row: Row) => <CostCell row={row} /> } } };

/**
 * /inventory/costConfig (spec §2): supplier cost prices with effective dates. Beyond the
 * declaration: the price in effect for each goods is tagged "current".
 */
export default function CostConfigPage() {
  return <ResourceListPage resource={resource} />;
}

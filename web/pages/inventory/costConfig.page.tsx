import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import { platformTimeText } from '../../lib/format';
import { costConfig } from '../../../server/contract/inventory';
import { callOp, centsToYuan, type Page } from '../../crud';
import { ResourceListPage } from '../../crud';
import cost from '../../resources/inventory/cost-config.resource';

type Row = Record<string, unknown>;

/** Id of the price in effect per goods: enabled, effective by now, not expired, the latest effective; one request per goods, kept per page load. */
const current = new Map<number, Promise<number | null>>();
function currentCostId(goodsId: number): Promise<number | null> {
  let p = current.get(goodsId);
  if (!p) {
    // Effective and expiry times are platform time (UTC+8): compare with the platform's now.
    const now = platformTimeText(Date.now());
    p = callOp<Page<Row>>(costConfig, 'list', { goodsId, status: 1, effectiveTime: ['1970-01-01 00:00:00', now], sortField: 'effectiveTime', sortOrder: 'desc', pageSize: 10 })
      .then((r) => (r.list.find((x) => !x.expireTime || String(x.expireTime) > now)?.id as number | undefined) ?? null)
      .catch(() => null);
    current.set(goodsId, p);
  }
  return p;
}

function CostCell({ row }: { row: Row }) {
  const { t } = useTranslation();
  const [isCurrent, setCurrent] = useState(false);
  useEffect(() => {
    let live = true;
    void currentCostId(row.goodsId as number).then((id) => live && setCurrent(id === row.id));
    return () => {
      live = false;
    };
  }, [row]);
  return (
    <span>
      <span className="crud-money">¥{centsToYuan(row.costPrice)}</span>
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
  const [key, setKey] = useState(0);
  // A fresh visit re-reads which price is current (an edit may have changed it).
  useEffect(() => {
    current.clear();
    setKey((n) => n + 1);
  }, []);
  return <ResourceListPage key={key} resource={resource} />;
}

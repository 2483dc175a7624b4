import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ResourceListPage } from '../../crud';
import reward from '../../resources/operate/reward.resource';
import { ReceiveDialog } from './receive-dialog';

/** /operate/reward (spec §2): rewards (type, value, coupon, quota, validity) and the receive modal (paged, exported). */
export default function OperateRewardPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ row: Record<string, unknown>; canExport: boolean } | null>(null);
  return (
    <>
      <ResourceListPage resource={reward} rowActions={(row, ctx) => <Button label={t('operate.receive.open')} link size="small" onClick={() => setOpen({ row, canExport: ctx.can('export') })} data-testid="reward-receive-open" />} />
      <ReceiveDialog reward={open?.row ?? null} canExport={!!open?.canExport} onHide={() => setOpen(null)} />
    </>
  );
}

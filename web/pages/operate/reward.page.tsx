import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ResourceListPage } from '../../crud';
import reward from '../../resources/operate/reward.resource';
import { ReceiveDialog } from './receive-dialog';

/** /operate/reward (spec §2): rewards (type, value, coupon, quota, validity) and the receive modal (paged, exported). */
export default function OperateRewardPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Record<string, unknown> | null>(null);
  return (
    <>
      <ResourceListPage resource={reward} rowActions={(row) => <Button label={t('operate.receive.open')} link size="small" onClick={() => setOpen(row)} data-testid="reward-receive-open" />} />
      <ReceiveDialog reward={open} onHide={() => setOpen(null)} />
    </>
  );
}

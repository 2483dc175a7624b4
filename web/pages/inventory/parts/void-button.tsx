import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { notify } from '../../../services/notify';
import { BatchVoidPayload } from '../../../../server/contract/inventory';
import { ActionDialog } from '../../../crud';

/**
 * Batch void of the selected rows with a reason (all or none on the server; refused rows are named
 * in the server's message): an action dialog of the kit over the contract's `BatchVoidPayload`.
 */
export function VoidButton({ path, ids, onDone }: { path: string; ids: number[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label={t('inventory.void.button', { count: ids.length })} icon="pi pi-ban" size="small" severity="danger" outlined disabled={!ids.length} onClick={() => setOpen(true)} data-testid="batch-void" />
      <ActionDialog
        visible={open}
        onHide={() => setOpen(false)}
        title={t('inventory.void.title')}
        action={path}
        schema={BatchVoidPayload}
        fixed={{ ids }}
        fields={[{ name: 'reason', label: t('inventory.reason') }]}
        submitLabel={t('inventory.void.confirm', { count: ids.length })}
        severity="danger"
        width={460}
        testIds={{ submit: 'batch-void-confirm' }}
        onDone={(r) => {
          notify({ mode: 'toast', message: t('inventory.void.done', { count: (r as { count: number }).count }) }, 'success');
          setOpen(false);
          onDone();
        }}
      >
        <p>{t('inventory.void.message', { count: ids.length })}</p>
      </ActionDialog>
    </>
  );
}

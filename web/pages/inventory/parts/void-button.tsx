import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { http } from '../../../api/http';
import { notify } from '../../../services/notify';

/**
 * Batch void of the selected rows with a reason (all or none on the server; refused rows are named
 * in the server's message). General part, written to move into web/crud.
 */
export function VoidButton({ path, ids, onDone }: { path: string; ids: number[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!reason.trim()) return setError(true);
    setBusy(true);
    try {
      const r = await http.post<{ count: number }>(path, { ids, reason: reason.trim() });
      notify({ mode: 'toast', message: t('inventory.void.done', { count: r.count }) }, 'success');
      setOpen(false);
      setReason('');
      onDone();
    } catch {
      // Shown by the HTTP client; nothing changed.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label={t('inventory.void.button', { count: ids.length })} icon="pi pi-ban" size="small" severity="danger" outlined disabled={!ids.length} onClick={() => setOpen(true)} data-testid="batch-void" />
      <Dialog
        visible={open}
        onHide={() => setOpen(false)}
        header={t('inventory.void.title')}
        style={{ width: 'min(460px, 94vw)' }}
        modal
        draggable={false}
        footer={
          <div className="crud-form__footer">
            <Button label={t('crud.cancel')} severity="secondary" outlined onClick={() => setOpen(false)} />
            <Button label={t('inventory.void.confirm', { count: ids.length })} severity="danger" loading={busy} disabled={busy} onClick={() => void run()} data-testid="batch-void-confirm" />
          </div>
        }
      >
        <div className="crud-form">
          <p>{t('inventory.void.message', { count: ids.length })}</p>
          <div className="crud-form__field">
            <label htmlFor="void-reason"><span className="crud-required">*</span>{t('inventory.reason')}</label>
            <InputText id="void-reason" value={reason} maxLength={255} onChange={(e) => { setReason(e.target.value); setError(false); }} className={error ? 'p-invalid' : undefined} />
            {error && <small className="p-error">{t('inventory.reasonRequired')}</small>}
          </div>
        </div>
      </Dialog>
    </>
  );
}

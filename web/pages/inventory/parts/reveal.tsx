import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { http } from '../../../api/http';

/**
 * "Show" button for a write-only secret (a code's secret, an account's password): the list never
 * holds it; the reveal action answers it and writes the reveal to the audit trail, which the dialog
 * says. General part, written to move into web/crud.
 */
export function RevealButton({ path, id, testId = 'reveal' }: { path: string; id: number; testId?: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ label: string; secret: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      setShown(await http.post<{ label: string; secret: string }>(path, { id }));
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label={t('inventory.reveal.show')} icon="pi pi-eye" link size="small" loading={busy} onClick={() => void open()} data-testid={testId} />
      <Dialog visible={!!shown} onHide={() => setShown(null)} header={t('inventory.reveal.title')} style={{ width: 'min(440px, 94vw)' }} modal draggable={false} data-testid="reveal-dialog">
        {shown && (
          <div className="inv-reveal">
            <div className="inv-reveal__label">{shown.label}</div>
            <code className="inv-reveal__secret" data-testid="reveal-secret">{shown.secret}</code>
            <Button label={t('inventory.reveal.copy')} icon="pi pi-copy" size="small" text onClick={() => void navigator.clipboard?.writeText(shown.secret)} />
            <small className="inv-reveal__note">{t('inventory.reveal.audited')}</small>
          </div>
        )}
      </Dialog>
    </>
  );
}

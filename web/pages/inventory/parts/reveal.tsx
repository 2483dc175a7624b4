import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { http } from '../../../api/http';

/**
 * "Show" button for a write-only secret (a code's secret, an account's password): the list never
 * holds it; the reveal action answers it and writes the reveal to the audit trail, which the dialog
 * says.
 */
export function RevealButton({ path, id, testId = 'reveal' }: { path: string; id: number; testId?: string }) {
  const { t } = useTranslation();
  // A reveal is a write (audited each time), never a cached read: a mutation holds its answer until the dialog closes.
  const reveal = useMutation({ mutationFn: () => http.post<{ label: string; secret: string }>(path, { id }) });
  const shown = reveal.data ?? null;
  return (
    <>
      <Button label={t('inventory.reveal.show')} icon="pi pi-eye" link size="small" loading={reveal.isPending} onClick={() => reveal.mutate()} data-testid={testId} />
      <Dialog visible={!!shown} onHide={() => reveal.reset()} header={t('inventory.reveal.title')} style={{ width: 'min(440px, 94vw)' }} modal draggable={false} data-testid="reveal-dialog">
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

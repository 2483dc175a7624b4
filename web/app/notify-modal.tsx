import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

/**
 * The error modal of `notify(…, mode 'modal')`: the message with an OK button. Its own lazily loaded
 * chunk (default export for `React.lazy`), so the login route does not download the Dialog.
 */
export default function NotifyModal({ message, onHide }: { message: string; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      header={t('common.errorTip')}
      visible
      onHide={onHide}
      style={{ width: 'min(420px, 92vw)' }}
      modal
      draggable={false}
      footer={<Button label={t('common.ok')} onClick={onHide} autoFocus data-testid="error-modal-ok" />}
    >
      <div className="notify-modal" role="alertdialog" data-testid="error-modal">
        <i className="pi pi-times-circle" aria-hidden />
        <span>{message}</span>
      </div>
    </Dialog>
  );
}

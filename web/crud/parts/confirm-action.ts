import { useTranslation } from 'react-i18next';
import { confirmDialog } from 'primereact/confirmdialog';
import { crudEnv } from '../env';

/** What {@link useConfirmAction}'s function asks and does. */
export interface ConfirmActionOptions<T> {
  header: string;
  message: string;
  /** PrimeIcons class (default the warning triangle). */
  icon?: string;
  /** A destructive action: the accept button is red. */
  danger?: boolean;
  /** Accept button text (default the kit's "OK"). */
  acceptLabel?: string;
  /** The call made once the user accepts (a typed client call: its write invalidates its group). */
  run: () => Promise<T>;
  /** Success toast. */
  doneMessage?: string | ((result: T) => string);
  /** After success, with the call's result. */
  done?: (result: T) => void;
}

/**
 * The kit's "are you sure?" around one call (spec §4's confirm dialogs: warning icon, title,
 * message): asks with PrimeReact's `confirmDialog`, runs the call on accept, toasts on success. A
 * refusal is not handled here: the HTTP client has shown its message, and nothing changed. A hook
 * because the buttons speak the current language.
 */
export function useConfirmAction(): <T>(o: ConfirmActionOptions<T>) => void {
  const { t } = useTranslation();
  return (o) =>
    confirmDialog({
      header: o.header,
      message: o.message,
      icon: o.icon ?? 'pi pi-exclamation-triangle',
      acceptClassName: o.danger ? 'p-button-danger' : undefined,
      acceptLabel: o.acceptLabel ?? t('crud.ok'),
      rejectLabel: t('crud.cancel'),
      accept: async () => {
        let result;
        try {
          result = await o.run();
        } catch {
          return;
        }
        const msg = typeof o.doneMessage === 'function' ? o.doneMessage(result) : o.doneMessage;
        if (msg) crudEnv().notify(msg, 'success');
        o.done?.(result);
      },
    });
}

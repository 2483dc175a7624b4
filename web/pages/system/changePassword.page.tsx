import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { notify } from '../../services/notify';
import { useSession } from '../../services/session';
import { api } from '../../api/client';
import { ActionDialog, FieldInput, type Row } from '../../crud';
import { passwordProblem, passwordStrength } from './password-rule';

import './system.css';

/**
 * /system/changePassword (spec §2): current, new and confirm; the new one needs 6–64 characters
 * with a letter and a digit (strength shown). Success ends every session of the account on the
 * server, so the user is signed out here and signs in again with the new password.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <section className="crud-card sys-password-card">
      <h3>{t('routes.system.changePassword')}</h3>
      <ChangePasswordForm />
    </section>
  );
}

/** The strength meter under the new password (0 weak – 3 strong), shown once something is typed. */
function Strength({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (typeof value !== 'string' || !value) return null;
  const strength = passwordStrength(value);
  return (
    <div className={`sys-strength sys-strength--${strength}`} data-testid="pw-strength">
      <span />
      {t(`system.password.strength.${strength}`)}
    </div>
  );
}

/**
 * The change-password form (the page's, and the user menu's dialog for accounts without the System
 * menu): the kit's action form over the contract's `PasswordPayload` (current and new password),
 * with the confirmation checked here and never sent, the password rule's own messages, and the
 * server's refusal (a wrong current password) beside its field.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { send } = useSession();
  const problem = (v: Row) => passwordProblem(String(v.oldPassword ?? ''), String(v.newPassword ?? ''), String(v.confirm ?? ''));
  return (
    <div className="sys-password-card">
      <ActionDialog
        mode="inline"
        visible
        title={t('routes.system.changePassword')}
        action={api.admin.updatePassword}
        initial={{ oldPassword: '', newPassword: '', confirm: '' }}
        fields={[
          { name: 'oldPassword', id: 'pw-current', label: t('system.password.current'), kind: 'password' },
          { name: 'newPassword', id: 'pw-next', label: t('system.password.next'), kind: 'password', required: true, check: (_v, v) => { const p = problem(v); return p && p !== 'mismatch' ? `system.password.problem.${p}` : null; }, render: (p) => <><FieldInput {...p} /><Strength value={p.value} /></> },
          { name: 'confirm', id: 'pw-confirm', label: t('system.password.confirm'), kind: 'password', required: true, send: false, check: (_v, v) => (problem(v) === 'mismatch' ? 'system.password.problem.mismatch' : null) },
        ]}
        submitLabel={t('system.password.submit')}
        testIds={{ submit: 'pw-submit' }}
        onHide={() => {}}
        onDone={() => {
          notify({ mode: 'toast', message: t('system.password.done') }, 'success');
          send({ type: 'session.logout' });
        }}
      >
        <p className="sys-hint">{t('system.password.rule')}</p>
      </ActionDialog>
    </div>
  );
}

/** The form in a dialog, opened from the user menu (every signed-in account may change its own password). */
export function ChangePasswordDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog visible={visible} onHide={onHide} header={t('routes.system.changePassword')} style={{ width: 'min(480px, 94vw)' }} modal data-testid="change-password-dialog">
      <ChangePasswordForm />
    </Dialog>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Password } from 'primereact/password';
import { ApiError, http } from '../../api/http';
import { notify } from '../../services/notify';
import { useSession } from '../../services/session';
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

/** The change-password form (the page's, and the user menu's dialog for accounts without the System menu). */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { send } = useSession();
  const [form, setForm] = useState({ current: '', next: '', confirm: '' });
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const problem = passwordProblem(form.current, form.next, form.confirm);
  const strength = passwordStrength(form.next);
  const submit = async () => {
    setTried(true);
    setServerError(null);
    if (!form.current || problem) return;
    setSaving(true);
    try {
      await http.post('/v1/admin/updatePassword', { oldPassword: form.current, newPassword: form.next });
      notify({ mode: 'toast', message: t('system.password.done') }, 'success');
      send({ type: 'session.logout' });
    } catch (e) {
      if (e instanceof ApiError) setServerError(e.message.replace(/^\s*\w+\s*[:：]\s*/, ''));
    } finally {
      setSaving(false);
    }
  };
  const field = (key: keyof typeof form, label: string, error: string | null, meter = false) => (
    <div className="crud-form__field">
      <label htmlFor={`pw-${key}`}>
        <span className="crud-required">*</span>
        {label}
      </label>
      <Password inputId={`pw-${key}`} value={form[key]} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))} toggleMask feedback={false} invalid={!!error} data-testid={`pw-${key}`} />
      {meter && form.next && (
        <div className={`sys-strength sys-strength--${strength}`} data-testid="pw-strength">
          <span />
          {t(`system.password.strength.${strength}`)}
        </div>
      )}
      {error && <small className="p-error">{error}</small>}
    </div>
  );
  return (
    <div className="sys-password-card">
      <form
        className="crud-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {field('current', t('system.password.current'), (tried && !form.current ? t('system.password.problem.required') : null) ?? serverError)}
        {field('next', t('system.password.next'), tried && problem && problem !== 'mismatch' ? t(`system.password.problem.${problem}`) : null, true)}
        {field('confirm', t('system.password.confirm'), tried && problem === 'mismatch' ? t('system.password.problem.mismatch') : null)}
        <p className="sys-hint">{t('system.password.rule')}</p>
        <Button type="submit" label={t('system.password.submit')} icon="pi pi-check" loading={saving} data-testid="pw-submit" />
      </form>
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

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { Avatar } from 'primereact/avatar';
import { useSession } from '../../services/session';
import { avatarLetters } from '../../crud/parts/avatars';
import { useLockState } from './lock';
import './lock.css';

/**
 * The "lock screen" dialog of the user menu (behaviour notes "Lock screen": manual lock asks for
 * a lock password). The password is hashed by the lock machine before anything is stored.
 */
export default function LockDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const { send, error, busy } = useLockState();
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setInvalid(true);
      return;
    }
    // On success the console (this dialog included) is replaced by the lock screen; on failure
    // the dialog stays open with the reason.
    send({ type: 'lock.lock', password });
  };

  return (
    <Dialog
      header={t('lock.dialog.title')}
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(400px, 92vw)' }}
      modal
      draggable={false}
      dismissableMask
      data-testid="lock-dialog"
    >
      <form onSubmit={submit} noValidate className="lock-dialog">
        <div className="lock-dialog__user">
          {userInfo?.icon ? <Avatar image={userInfo.icon} shape="circle" size="large" /> : <Avatar label={avatarLetters(userInfo?.nickName || userInfo?.username)} shape="circle" size="large" className="user-avatar" />}
          <span>{userInfo?.nickName || userInfo?.username}</span>
        </div>
        <p className="lock-dialog__desc">{t('lock.dialog.desc')}</p>
        <label htmlFor="lock-new-password">{t('lock.dialog.password')}</label>
        <Password
          inputId="lock-new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setInvalid(false);
          }}
          feedback={false}
          toggleMask
          autoFocus
          autoComplete="new-password"
          invalid={invalid}
          className="w-full"
          inputClassName="w-full"
          aria-describedby={invalid ? 'lock-new-password-error' : undefined}
        />
        {invalid && (
          <small className="p-error" id="lock-new-password-error" role="alert">
            {t('lock.dialog.required')}
          </small>
        )}
        {error === 'lockFailed' && (
          <small className="p-error" role="alert">
            {t('lock.dialog.failed')}
          </small>
        )}
        <Button type="submit" label={t('lock.dialog.submit')} icon="pi pi-lock" loading={busy} className="w-full" data-testid="lock-submit" />
      </form>
    </Dialog>
  );
}

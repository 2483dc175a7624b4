import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useSession } from '../../services/session';
import { avatarLetters } from '../../crud/parts/avatars';
import { useLockState } from './lock';
import { useCaptcha } from '../../services/use-captcha';
import './lock.css';

/** The current time, re-rendering each second (the clock shows minutes; a second keeps it on time). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * The full-screen lock screen (spec §1 shell; behaviour notes "Lock screen"): a big clock with the
 * date, the user's avatar and name, and the unlock form. A manual lock opens with the lock
 * password or, on request, the account password (with a captcha, as the login endpoint needs);
 * after an auto-lock only the account password is offered. "Back to login" logs out.
 * It replaces the console entirely (LockGate), so nothing of it is in the DOM.
 */
export default function LockScreen() {
  const { t } = useTranslation();
  const { userInfo, send: sendSession } = useSession();
  const { mode, error, errorMessage, busy, send } = useLockState();
  const accountOnly = mode !== 'manual';
  const [path, setPath] = useState<'lock' | 'account'>('lock');
  const usingAccount = accountOnly || path === 'account';
  const { captcha, refresh } = useCaptcha(usingAccount);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<{ password?: string; code?: string }>({});
  const now = useNow();
  const wasBusy = useRef(false);

  // A finished, failed attempt: clear what was typed; an account attempt also spent the captcha.
  useEffect(() => {
    if (wasBusy.current && !busy && error) {
      setPassword('');
      if (error === 'accountFailed') {
        setCode('');
        void refresh();
      }
    }
    wasBusy.current = busy;
  }, [busy, error, refresh]);

  const switchPath = () => {
    setPath(path === 'lock' ? 'account' : 'lock');
    setPassword('');
    setFieldError({});
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: typeof fieldError = {};
    if (!password) found.password = 'lock.rules.password';
    if (usingAccount && !code.trim()) found.code = 'lock.rules.captcha';
    setFieldError(found);
    if (found.password || found.code) return;
    if (usingAccount) {
      if (!captcha || !userInfo) return;
      send({ type: 'lock.unlockWithAccount', username: userInfo.username, password, captchaToken: captcha.token, captchaCode: code.trim() });
    } else {
      send({ type: 'lock.unlock', password });
    }
  };

  const name = userInfo?.nickName || userInfo?.username || '';
  const shownError = error === 'accountFailed' ? errorMessage || t('lock.errors.accountFailed') : error && error !== 'lockFailed' ? t(`lock.errors.${error}`) : null;

  return (
    <div className="lock-screen" role="dialog" aria-modal="true" aria-label={t('lock.screen.label')} data-testid="lock-screen" data-lock-mode={mode ?? ''}>
      <div className="lock-screen__glow" aria-hidden />
      <div className="lock-screen__clock" aria-live="off">
        <div className="lock-screen__time" data-testid="lock-clock">
          <span className="lock-screen__digits">{dayjs(now).format('HH')}</span>
          <span className="lock-screen__colon">:</span>
          <span className="lock-screen__digits">{dayjs(now).format('mm')}</span>
        </div>
        <div className="lock-screen__date">{dayjs(now).format(t('lock.screen.dateFormat'))}</div>
      </div>

      <form className="lock-screen__card" onSubmit={submit} noValidate aria-label={t('lock.screen.unlock')}>
        {userInfo?.icon ? (
          <Avatar image={userInfo.icon} shape="circle" size="xlarge" className="lock-screen__avatar" />
        ) : (
          <Avatar label={avatarLetters(userInfo?.nickName || userInfo?.username)} shape="circle" size="xlarge" className="lock-screen__avatar lock-screen__avatar--letters" />
        )}
        <div className="lock-screen__name" data-testid="lock-name">
          {name}
        </div>
        <div className="lock-screen__status">
          <i className="pi pi-lock" aria-hidden /> {t('lock.screen.locked')}
        </div>
        {accountOnly && (
          <p className="lock-screen__hint" data-testid="lock-auto-hint">
            {t('lock.screen.autoHint')}
          </p>
        )}

        <label htmlFor="lock-password" className="lock-screen__label">
          {usingAccount ? t('lock.screen.accountPassword') : t('lock.screen.lockPassword')}
        </label>
        <Password
          key={usingAccount ? 'account' : 'lock'}
          inputId="lock-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (fieldError.password) setFieldError((f) => ({ ...f, password: undefined }));
          }}
          feedback={false}
          toggleMask
          autoFocus
          autoComplete={usingAccount ? 'current-password' : 'off'}
          invalid={!!fieldError.password || error === 'wrongPassword'}
          className="w-full"
          inputClassName="w-full"
          aria-describedby="lock-error"
          data-testid="lock-password"
        />
        {fieldError.password && <small className="p-error">{t(fieldError.password)}</small>}

        {usingAccount && (
          <>
            <label htmlFor="lock-captcha" className="lock-screen__label">
              {t('lock.screen.captcha')}
            </label>
            <div className="lock-screen__captcha">
              <InputText
                id="lock-captcha"
                value={code}
                maxLength={8}
                autoComplete="off"
                onChange={(e) => {
                  setCode(e.target.value);
                  if (fieldError.code) setFieldError((f) => ({ ...f, code: undefined }));
                }}
                invalid={!!fieldError.code}
              />
              <button type="button" className="lock-screen__captcha-image" onClick={() => void refresh()} title={t('lock.screen.captchaRefresh')} aria-label={t('lock.screen.captchaRefresh')}>
                {captcha ? <img src={captcha.url} alt={t('lock.screen.captcha')} width={110} height={38} data-testid="lock-captcha-image" /> : <i className="pi pi-refresh" />}
              </button>
            </div>
            {fieldError.code && <small className="p-error">{t(fieldError.code)}</small>}
          </>
        )}

        <div id="lock-error" className="lock-screen__error" role="alert" data-testid="lock-error">
          {shownError}
        </div>

        <Button type="submit" label={busy ? t('lock.screen.unlocking') : t('lock.screen.unlock')} icon="pi pi-unlock" loading={busy} className="w-full" data-testid="lock-unlock" />
        <div className="lock-screen__links">
          <Button type="button" link label={t('lock.screen.backToLogin')} icon="pi pi-sign-out" onClick={() => sendSession({ type: 'session.logout' })} data-testid="lock-back-login" />
          {!accountOnly && (
            <Button type="button" link label={path === 'lock' ? t('lock.screen.useAccount') : t('lock.screen.useLockPassword')} onClick={switchPath} data-testid="lock-switch-path" />
          )}
        </div>
      </form>
    </div>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { sessionActor } from '../../services/session';
import { useCaptcha } from '../../services/use-captcha';
import './lock.css';

type Field = 'username' | 'password' | 'captchaCode';

/**
 * The login form of the timeout cover. Signing in here sends `session.relogin`: the same user
 * carries on with the page as it was (no navigation, no route rebuild); a different user reloads.
 * Login errors show as a modal (spec §7), as on the login page; a failed attempt fetches a new captcha.
 */
export default function TimeoutLogin() {
  const { t } = useTranslation();
  const actor = sessionActor();
  const previous = useSelector(actor, (s) => s.context.userInfo?.username ?? '');
  const busy = useSelector(actor, (s) => !s.matches({ timedOut: 'idle' }));
  const error = useSelector(actor, (s) => s.context.error);
  const { captcha, refresh } = useCaptcha();
  const [values, setValues] = useState<Record<Field, string>>({ username: previous, password: '', captchaCode: '' });
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  const wasBusy = useRef(false);

  useEffect(() => {
    if (wasBusy.current && !busy && error) {
      setValues((v) => ({ ...v, password: '', captchaCode: '' }));
      void refresh();
    }
    wasBusy.current = busy;
  }, [busy, error, refresh]);

  const set = (f: Field) => (value: string) => {
    setValues((v) => ({ ...v, [f]: value }));
    setInvalid((i) => ({ ...i, [f]: false }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = { username: !values.username.trim(), password: !values.password, captchaCode: !values.captchaCode.trim() };
    setInvalid(found);
    if (found.username || found.password || found.captchaCode || !captcha) return;
    actor.send({
      type: 'session.relogin',
      payload: { username: values.username.trim(), password: values.password, captchaToken: captcha.token, captchaCode: values.captchaCode.trim() },
    });
  };

  return (
    <Dialog
      visible
      onHide={() => {}}
      closable={false}
      closeOnEscape={false}
      draggable={false}
      resizable={false}
      modal
      blockScroll
      maskClassName="timeout-cover__mask"
      className="timeout-cover"
      header={
        <div className="timeout-cover__header">
          <i className="pi pi-clock" aria-hidden />
          <span>{t('lock.cover.title')}</span>
        </div>
      }
      style={{ width: 'min(400px, 94vw)' }}
      data-testid="timeout-cover"
    >
      <form onSubmit={submit} noValidate className="timeout-cover__form" aria-label={t('lock.cover.title')}>
        <p className="timeout-cover__desc">{t('lock.cover.desc')}</p>
        <label htmlFor="cover-username">{t('lock.cover.username')}</label>
        <InputText id="cover-username" value={values.username} onChange={(e) => set('username')(e.target.value)} invalid={invalid.username} autoComplete="username" className="w-full" />
        <label htmlFor="cover-password">{t('lock.cover.password')}</label>
        <Password
          inputId="cover-password"
          value={values.password}
          onChange={(e) => set('password')(e.target.value)}
          feedback={false}
          toggleMask
          autoFocus
          invalid={invalid.password}
          autoComplete="current-password"
          className="w-full"
          inputClassName="w-full"
        />
        <label htmlFor="cover-captcha">{t('lock.cover.captcha')}</label>
        <div className="lock-screen__captcha">
          <InputText id="cover-captcha" value={values.captchaCode} maxLength={8} autoComplete="off" onChange={(e) => set('captchaCode')(e.target.value)} invalid={invalid.captchaCode} />
          <button type="button" className="lock-screen__captcha-image" onClick={() => void refresh()} title={t('lock.screen.captchaRefresh')} aria-label={t('lock.screen.captchaRefresh')}>
            {captcha ? <img src={captcha.url} alt={t('lock.cover.captcha')} width={110} height={38} data-testid="cover-captcha-image" /> : <i className="pi pi-refresh" />}
          </button>
        </div>
        <Button type="submit" label={busy ? t('lock.cover.signingIn') : t('lock.cover.submit')} loading={busy} className="w-full" data-testid="cover-submit" />
        <Button type="button" link label={t('lock.cover.backToLogin')} onClick={() => actor.send({ type: 'session.logout' })} className="timeout-cover__back" data-testid="cover-back-login" />
      </form>
    </Dialog>
  );
}

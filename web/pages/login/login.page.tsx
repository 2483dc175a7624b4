import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useCaptcha } from '../../services/use-captcha';
import { useSession } from '../../services/session';
import { safeRedirect } from '../../services/guard';
import { LOGO } from '../../services/logo';
import { local, StorageKey } from '../../lib/storage';
import { required, validate } from './login-rules';
import { bindField, FormField } from './form-field';
import { LocalePicker } from './locale-picker';
import { PasswordInput } from './password-input';
import { CheckBox, FormButton, TextInput } from './controls';

// Few visits open it: it loads when asked for.
const ForgetPasswordForm = lazy(() => import('./forget-password').then((m) => ({ default: m.ForgetPasswordForm })));

type Field = 'username' | 'password' | 'captchaCode';
const RULES = {
  username: [required('login.rules.username')],
  password: [required('login.rules.password')],
  captchaCode: [required('login.rules.captcha')],
};

/**
 * The login screen (spec §2 /login): account, password, captcha image with refresh, remember-me
 * (remembers the account name only, never the password), errors as a modal (spec §7), and the
 * forgotten-password form.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const { send, signingIn, error, notice } = useSession();
  const remembered = local.get<string>(StorageKey.loginRemember);
  const [values, setValues] = useState<Record<Field, string>>({ username: remembered ?? '', password: '', captchaCode: '' });
  const [remember, setRemember] = useState(!!remembered);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [mode, setMode] = useState<'login' | 'forget'>('login');
  const wasSigningIn = useRef(false);

  const { captcha, refresh: refreshCaptcha } = useCaptcha();

  // A failed attempt spends the captcha: fetch a new one and clear the code.
  useEffect(() => {
    if (wasSigningIn.current && !signingIn && error) {
      setValues((v) => ({ ...v, captchaCode: '' }));
      void refreshCaptcha();
    }
    wasSigningIn.current = signingIn;
  }, [signingIn, error, refreshCaptcha]);

  const set = (f: Field) => (value: string) => {
    setValues((v) => ({ ...v, [f]: value }));
    if (errors[f]) setErrors((e) => ({ ...e, [f]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(values, RULES);
    setErrors(found);
    if (Object.keys(found).length || !captcha) return;
    if (remember) local.set(StorageKey.loginRemember, values.username.trim(), null);
    else local.remove(StorageKey.loginRemember);
    const redirect = safeRedirect(new URLSearchParams(search).get('redirect'));
    send({
      type: 'session.login',
      payload: { username: values.username.trim(), password: values.password, captchaToken: captcha.token, captchaCode: values.captchaCode.trim() },
      redirect,
    });
  };

  const bind = (f: Field) => bindField(f, f, values, errors, set);

  return (
    <div className="login">
      <section className="login-hero" aria-hidden>
        <div className="login-hero-brand">
          <img src={LOGO} alt="" width={44} height={44} />
          <span>{t('common.appTitle')}</span>
        </div>
        <div className="login-hero-art">
          <i className="pi pi-shopping-bag" />
          <i className="pi pi-ticket" />
          <i className="pi pi-chart-line" />
          <i className="pi pi-users" />
        </div>
        <h2>{t('login.slogan')}</h2>
        <p>{t('login.sloganDesc')}</p>
      </section>
      <main className="login-panel">
        <div className="login-panel-top">
          <LocalePicker />
        </div>
        <div className="login-card">
          {mode === 'forget' ? (
            <Suspense fallback={null}>
              <ForgetPasswordForm onBack={() => setMode('login')} />
            </Suspense>
          ) : (
            <form onSubmit={submit} noValidate aria-label={t('login.signInTitle')}>
              {/* Plain markup: PrimeReact's Message would weigh on the login route's budget. */}
              {notice && (
                <p className="login-notice" role="alert" data-testid="login-notice">
                  <i className="pi pi-exclamation-triangle" aria-hidden /> {notice}
                </p>
              )}
              <h1>{t('login.signInTitle')}</h1>
              <p className="login-desc">{t('login.signInDesc')}</p>
              <FormField id="username" label={t('login.username')} error={errors.username}>
                <TextInput id="username" name="username" autoComplete="username" {...bind('username')} className="w-full" autoFocus />
              </FormField>
              <FormField id="password" label={t('login.password')} error={errors.password}>
                <PasswordInput id="password" name="password" autoComplete="current-password" {...bind('password')} />
              </FormField>
              <FormField id="captchaCode" label={t('login.captcha')} error={errors.captchaCode}>
                <div className="captcha-row">
                  <TextInput id="captchaCode" name="captchaCode" autoComplete="off" maxLength={8} {...bind('captchaCode')} />
                  <button type="button" className="captcha-image" onClick={() => void refreshCaptcha()} title={t('login.captchaRefresh')} aria-label={t('login.captchaRefresh')} data-testid="captcha-refresh">
                    {captcha ? <img src={captcha.url} alt={t('login.captcha')} width={120} height={40} data-testid="captcha-image" /> : <i className="pi pi-refresh" />}
                  </button>
                </div>
              </FormField>
              <div className="login-options">
                <div className="remember">
                  <CheckBox inputId="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
                  <label htmlFor="remember">{t('login.rememberMe')}</label>
                </div>
                <FormButton type="button" link label={t('login.forgetPassword')} onClick={() => setMode('forget')} className="p-0" />
              </div>
              <FormButton type="submit" label={signingIn ? t('login.signingIn') : t('login.loginButton')} loading={signingIn} className="w-full" data-testid="login-submit" />
              <p className="login-hint">{t('login.demoHint')}</p>
            </form>
          )}
        </div>
      </main>
    </div>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { mobile, required, smsCode, validate } from './login-rules';
import { bindField, FormField } from './form-field';

type Field = 'account' | 'mobile' | 'sms';
/** Seconds before another SMS code may be asked for. */
export const SMS_COOLDOWN_S = 60;

/**
 * The forgotten-password form (spec §2 /login). The platform's API for it is not in the
 * specification, so the form validates fully and records the request on the page; no SMS is sent.
 */
export function ForgetPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ account: '', mobile: '', sms: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [cooldown, setCooldown] = useState(0);
  const [info, setInfo] = useState<string | null>(null);

  useEffect(() => {
    if (cooldown <= 0) return;
    const id = setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => clearTimeout(id);
  }, [cooldown]);

  const set = (f: Field) => (v: string) => {
    setValues((x) => ({ ...x, [f]: v }));
    if (errors[f]) setErrors((e) => ({ ...e, [f]: undefined }));
  };

  const getSms = () => {
    const found = validate(values, { account: [required('login.rules.username')], mobile: [required('login.rules.mobile'), mobile] });
    setErrors(found);
    if (Object.keys(found).length) return;
    setCooldown(SMS_COOLDOWN_S);
    setInfo(t('login.forget.sent', { mobile: values.mobile.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2') }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(values, { account: [required('login.rules.username')], mobile: [required('login.rules.mobile'), mobile], sms: [smsCode] });
    setErrors(found);
    if (Object.keys(found).length) return;
    setInfo(t('login.forget.done'));
  };

  const field = (f: Field, label: string, extra?: React.ReactNode, props: Record<string, unknown> = {}) => (
    <FormField id={`forget-${f}`} label={label} error={errors[f]}>
      <div className={extra ? 'captcha-row' : undefined}>
        <InputText id={`forget-${f}`} {...bindField(`forget-${f}`, f, values, errors, set)} className="w-full" {...props} />
        {extra}
      </div>
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('login.forget.title')}>
      <h1>{t('login.forget.title')}</h1>
      <p className="login-desc">{t('login.forget.desc')}</p>
      {info && <Message severity="info" text={info} className="w-full mb-3" />}
      {field('account', t('login.forget.account'), undefined, { autoComplete: 'username' })}
      {field('mobile', t('login.forget.mobile'), undefined, { inputMode: 'numeric', maxLength: 11, autoComplete: 'tel' })}
      {field(
        'sms',
        t('login.forget.sms'),
        <Button type="button" outlined label={cooldown > 0 ? t('login.forget.resend', { s: cooldown }) : t('login.forget.getSms')} disabled={cooldown > 0} onClick={getSms} />,
        { inputMode: 'numeric', maxLength: 6, autoComplete: 'one-time-code' },
      )}
      <Button type="submit" label={t('login.forget.submit')} className="w-full" />
      <Button type="button" text label={t('login.forget.backToLogin')} icon="pi pi-arrow-left" className="w-full mt-2" onClick={onBack} />
    </form>
  );
}

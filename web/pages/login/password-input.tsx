import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from './controls';

/**
 * The login form's password field with a show/hide button: a `TextInput` (controls.tsx) of type password and a
 * real `<button>` (focusable, named, `aria-pressed`) instead of PrimeReact's `Password`, whose mask
 * toggle is an icon only a mouse can reach and whose strength overlay the form never shows (it
 * also weighed ~5 KB br of the login route). `id` names the input for its label.
 */
export function PasswordInput(props: {
  id: string;
  name: string;
  autoComplete: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  invalid?: boolean;
  'aria-describedby'?: string;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <span className="password-input">
      <TextInput {...props} type={shown ? 'text' : 'password'} className="w-full" />
      <button type="button" className="password-input__toggle" aria-label={t(shown ? 'login.hidePassword' : 'login.showPassword')} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        <i className={`pi ${shown ? 'pi-eye-slash' : 'pi-eye'}`} aria-hidden="true" />
      </button>
    </span>
  );
}

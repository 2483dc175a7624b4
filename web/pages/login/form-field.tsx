import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A labelled field of the login forms with its validation message beside it (behaviour notes
 * "Tables and forms": messages beside the field, in the current language). `error` is an i18n key;
 * the message's id is `<id>-error`, which the input names in `aria-describedby`.
 */
export function FormField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <small className="p-error" id={`${id}-error`} role="alert">
          {t(error)}
        </small>
      )}
    </div>
  );
}

/** The value, change handler and error state an input of these forms binds to. */
export function bindField<F extends string>(id: string, f: F, values: Record<F, string>, errors: Partial<Record<F, string>>, set: (f: F) => (v: string) => void) {
  return {
    value: values[f],
    onChange: (e: { target: { value: string } }) => set(f)(e.target.value),
    invalid: !!errors[f],
    'aria-describedby': errors[f] ? `${id}-error` : undefined,
  };
}

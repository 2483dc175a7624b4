import type { ButtonHTMLAttributes, ChangeEvent, InputHTMLAttributes } from 'react';

/**
 * The login route's form controls: plain elements drawn by the theme's own PrimeReact classes
 * (`p-inputtext`, `p-button`, `p-checkbox`, `p-selectbutton`), so they look like the kit's, without
 * loading PrimeReact's InputText, Button, Checkbox and SelectButton on the first visit. Those pull
 * in the tooltip, key filter, ripple and portal with them: ~47 KB of JS (~13 KB br), what put the
 * login route over its 150 KB br limit. The signed-in screens keep PrimeReact's.
 * Structural rules PrimeReact injects when one of its components mounts are in `web/styles/app.css`
 * (`.login-page`).
 */

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/** A text input (`p-inputtext`); `invalid` marks it as PrimeReact's `invalid` prop does. */
export function TextInput({ invalid, className, ...rest }: InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }) {
  return <input type="text" {...rest} aria-invalid={invalid || undefined} className={cx('p-inputtext p-component', invalid && 'p-invalid', className)} />;
}

/**
 * A button (`p-button`) with a text `label`; `loading` disables it and shows a spinning icon before
 * the label, `link` draws it as a link (PrimeReact's `link`).
 */
export function FormButton({ label, loading, link, className, disabled, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; loading?: boolean; link?: boolean }) {
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx('p-button p-component', link && 'p-button-link', loading && 'p-button-loading p-disabled', className)}
    >
      {loading && <span className="p-button-icon p-button-icon-left p-button-loading-icon pi pi-spin pi-spinner" aria-hidden="true" />}
      <span className="p-button-label p-c">{label}</span>
    </button>
  );
}

/** A check box (`p-checkbox`): a real checkbox input over the theme's box, labelled by `<label htmlFor={inputId}>`. */
export function CheckBox({ inputId, checked, onChange }: { inputId: string; checked: boolean; onChange: (e: ChangeEvent<HTMLInputElement>) => void }) {
  return (
    <div className={cx('p-checkbox p-component', checked && 'p-highlight')}>
      <input type="checkbox" id={inputId} className="p-checkbox-input" checked={checked} onChange={onChange} />
      <div className="p-checkbox-box">{checked && <span className="p-checkbox-icon pi pi-check" aria-hidden="true" />}</div>
    </div>
  );
}

/** One-of-several buttons (`p-selectbutton`): each a real button with `aria-pressed`; a press of the pressed one does nothing. */
export function ChoiceButtons<V extends string>({
  value,
  options,
  onChange,
  ...rest
}: {
  value: V;
  options: { label: string; value: V }[];
  onChange: (value: V) => void;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <div role="group" className="p-selectbutton p-button-group p-component" {...rest}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          className={cx('p-button p-component', o.value === value && 'p-highlight')}
          onClick={() => o.value !== value && onChange(o.value)}
        >
          <span className="p-button-label p-c">{o.label}</span>
        </button>
      ))}
    </div>
  );
}

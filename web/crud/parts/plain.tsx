import type { MouseEvent, ReactNode } from 'react';

/*
 * Table-cell controls drawn as the plain elements PrimeReact's Button, InputSwitch and Tag render
 * (same tags, classes, `data-pc-*` sections and ARIA, pass-through of web/main.tsx applied), without
 * the component around them (issue 22): a list draws one per row and cell, and each PrimeReact
 * instance merges its props and pass-through options, reads the context and registers its style on
 * every render — the largest share of a list's paint after the table's own cells. The theme draws
 * them; the structure PrimeReact injects on mount is in crud.css (`@layer primereact`).
 */

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * A small link button (PrimeReact `<Button link size="small">`): the label is also its accessible
 * name, as PrimeReact's, unless `ariaLabel` says more; `severity` colours it (`p-button-<severity>`);
 * `icon` (PrimeIcons classes) is drawn before the label, or after it with `iconPos="right"`, where
 * PrimeReact draws it; `hasPopup` marks a button that opens a menu.
 */
export function LinkButton({ label, severity, onClick, disabled, testId, icon, iconPos, ariaLabel, hasPopup }: { label: string; severity?: string; onClick: (e: MouseEvent<HTMLButtonElement>) => void; disabled?: boolean; testId?: string; icon?: string; iconPos?: 'left' | 'right'; ariaLabel?: string; hasPopup?: 'menu' }) {
  return (
    <button
      type="button"
      aria-label={ariaLabel ?? label}
      className={cx('p-button p-component p-button-link p-button-sm', severity && `p-button-${severity}`, disabled && 'p-disabled')}
      aria-haspopup={hasPopup}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      data-pc-name="button"
      data-pc-section="root"
    >
      {icon && <span className={`p-button-icon p-c p-button-icon-${iconPos ?? 'left'} ${icon}`} data-pc-section="icon" />}
      <span className="p-button-label p-c" data-pc-section="label">
        {label}
      </span>
    </button>
  );
}

/**
 * A button (PrimeReact `<Button>` with a label and an icon before it; `outlined`, `small`, a
 * `severity`, `disabled`): the element PrimeReact renders, for the buttons every list page draws on
 * entry (search form's Search and Reset, toolbar's Add, batch delete and Export). `type="submit"`
 * submits its form.
 */
export function PlainButton({ label, icon, severity, outlined, small, disabled, type = 'button', onClick, testId }: { label: string; icon: string; severity?: string; outlined?: boolean; small?: boolean; disabled?: boolean; type?: 'button' | 'submit'; onClick?: (e: MouseEvent<HTMLButtonElement>) => void; testId?: string }) {
  return (
    <button
      aria-label={label}
      className={cx('p-button p-component', disabled && 'p-disabled', outlined && 'p-button-outlined', small && 'p-button-sm', severity && `p-button-${severity}`)}
      type={type}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      data-pc-name="button"
      data-pc-section="root"
    >
      <span className={`p-button-icon p-c p-button-icon-left ${icon}`} data-pc-section="icon" />
      <span className="p-button-label p-c" data-pc-section="label">
        {label}
      </span>
    </button>
  );
}

/**
 * An on/off switch (PrimeReact `InputSwitch` with the console's pass-through: the native
 * `role="switch"` input carries the name and state, the wrapper none). `onChange` gets the new state.
 */
export function Switch({ checked, onChange, label, testId }: { checked: boolean; onChange: (next: boolean) => void; label: string; testId?: string }) {
  return (
    <div className={cx('p-inputswitch p-component', checked && 'p-highlight')} data-p-highlight={checked} data-p-disabled={false} data-testid={testId} data-pc-name="inputswitch" data-pc-section="root">
      <input type="checkbox" role="switch" aria-checked={checked} className="p-inputswitch-input" aria-label={label} data-pc-section="input" checked={checked} onChange={() => onChange(!checked)} />
      <span className="p-inputswitch-slider" data-pc-section="slider" />
    </div>
  );
}

/** A tag (PrimeReact `Tag`): `severity` colours it (`p-tag-<severity>`); extra attributes go on the root. */
export function PlainTag({ value, severity, className, dataValue }: { value: ReactNode; severity?: string; className?: string; dataValue?: string }) {
  return (
    <span className={cx(className, 'p-tag p-component', severity && `p-tag-${severity}`)} data-value={dataValue} data-pc-name="tag" data-pc-section="root">
      <span className="p-tag-value" data-pc-section="value">
        {value}
      </span>
      <span />
    </span>
  );
}

import type { MouseEvent, ReactNode } from 'react';

/*
 * Table-cell controls drawn as the plain elements PrimeReact's Button, InputSwitch and Tag render
 * (same tags, classes, `data-pc-*` sections and ARIA, pass-through of web/main.tsx applied), without
 * the component around them: a list draws one per row and cell, and each PrimeReact
 * instance merges its props and pass-through options, reads the context and registers its style on
 * every render — the largest share of a list's paint after the table's own cells. The theme draws
 * them; the structure PrimeReact injects on mount is in crud.css (`@layer primereact`).
 */

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * A small link button (PrimeReact `<Button link size="small">`): the label is also its accessible
 * name, as PrimeReact's, unless `ariaLabel` says more; `severity` colours it (`p-button-<severity>`);
 * `icon` (PrimeIcons classes) is drawn before the label, or after it with `iconPos="right"`, where
 * PrimeReact draws it; `hasPopup` marks a button that opens a menu; `reason` (why it is disabled) is
 * kept as `data-reason`, as the kit's guarded buttons carry it.
 */
export function LinkButton({ label, severity, onClick, disabled, testId, icon, iconPos, ariaLabel, hasPopup, reason }: { label: string; severity?: string; onClick: (e: MouseEvent<HTMLButtonElement>) => void; disabled?: boolean; testId?: string; icon?: string; iconPos?: 'left' | 'right'; ariaLabel?: string; hasPopup?: 'menu'; reason?: string }) {
  return (
    <button
      type="button"
      aria-label={ariaLabel ?? label}
      className={cx('p-button p-component p-button-link p-button-sm', severity && `p-button-${severity}`, disabled && 'p-disabled')}
      aria-haspopup={hasPopup}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      data-reason={reason}
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
 * entry (search form's Search and Reset, toolbar's Add, batch delete, Export and refresh). `type="submit"`
 * submits its form. `iconOnly` draws the icon alone with `label` as its accessible name (PrimeReact's
 * `<Button icon aria-label>` without a label); `text` and `rounded` as PrimeReact's props.
 */
export function PlainButton({ label, icon, severity, outlined, text, rounded, iconOnly, small, disabled, type = 'button', onClick, testId }: { label: string; icon: string; severity?: string; outlined?: boolean; text?: boolean; rounded?: boolean; iconOnly?: boolean; small?: boolean; disabled?: boolean; type?: 'button' | 'submit'; onClick?: (e: MouseEvent<HTMLButtonElement>) => void; testId?: string }) {
  return (
    <button
      aria-label={label}
      className={cx('p-button p-component', iconOnly && 'p-button-icon-only', disabled && 'p-disabled', outlined && 'p-button-outlined', text && 'p-button-text', rounded && 'p-button-rounded', small && 'p-button-sm', severity && `p-button-${severity}`)}
      type={type}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      data-pc-name="button"
      data-pc-section="root"
    >
      <span className={`p-button-icon p-c ${iconOnly ? '' : 'p-button-icon-left '}${icon}`} data-pc-section="icon" />
      <span className="p-button-label p-c" data-pc-section="label">
        {iconOnly ? '\u00a0' : label}
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
      <input type="checkbox" role="switch" aria-checked={checked} className="p-inputswitch-input" aria-label={label} autoComplete="off" data-pc-section="input" checked={checked} onChange={() => onChange(!checked)} />
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

const STAR_ON = 'M13.9718 5.36453C13.9398 5.26298 13.8798 5.17252 13.7986 5.10356C13.7175 5.0346 13.6186 4.98994 13.5132 4.97472L9.37043 4.37088L7.51307 0.617955C7.46021 0.529271 7.38522 0.455834 7.29545 0.404836C7.20568 0.353838 7.1042 0.327026 7.00096 0.327026C6.89771 0.327026 6.79624 0.353838 6.70647 0.404836C6.6167 0.455834 6.54171 0.529271 6.48885 0.617955L4.63149 4.37088L0.488746 4.97472C0.383363 4.98994 0.284416 5.0346 0.203286 5.10356C0.122157 5.17252 0.0621407 5.26298 0.03014 5.36453C-0.00402286 5.46571 -0.00924428 5.57442 0.0150645 5.67841C0.0393733 5.7824 0.0922457 5.87753 0.167722 5.95308L3.17924 8.87287L2.4684 13.0003C2.45038 13.1066 2.46229 13.2158 2.50278 13.3157C2.54328 13.4156 2.61077 13.5022 2.6977 13.5659C2.78477 13.628 2.88746 13.6644 2.99416 13.6712C3.10087 13.678 3.20733 13.6547 3.30153 13.6042L7.00096 11.6551L10.708 13.6042C10.79 13.6491 10.882 13.6728 10.9755 13.673C11.0958 13.6716 11.2129 13.6343 11.3119 13.5659C11.3988 13.5022 11.4663 13.4156 11.5068 13.3157C11.5473 13.2158 11.5592 13.1066 11.5412 13.0003L10.8227 8.87287L13.8266 5.95308C13.9033 5.87835 13.9577 5.7836 13.9833 5.67957C14.009 5.57554 14.005 5.4664 13.9718 5.36453Z';
const STAR_OFF = 'M10.9741 13.6721C10.8806 13.6719 10.7886 13.6483 10.7066 13.6033L7.00002 11.6545L3.29345 13.6033C3.19926 13.6539 3.09281 13.6771 2.98612 13.6703C2.87943 13.6636 2.77676 13.6271 2.6897 13.5651C2.60277 13.5014 2.53529 13.4147 2.4948 13.3148C2.45431 13.215 2.44241 13.1058 2.46042 12.9995L3.17881 8.87264L0.167699 5.95324C0.0922333 5.8777 0.039368 5.78258 0.0150625 5.67861C-0.00924303 5.57463 -0.00402231 5.46594 0.030136 5.36477C0.0621323 5.26323 0.122141 5.17278 0.203259 5.10383C0.284377 5.03488 0.383311 4.99023 0.488681 4.97501L4.63087 4.37126L6.48797 0.618832C6.54083 0.530159 6.61581 0.456732 6.70556 0.405741C6.79532 0.35475 6.89678 0.327942 7.00002 0.327942C7.10325 0.327942 7.20471 0.35475 7.29447 0.405741C7.38422 0.456732 7.4592 0.530159 7.51206 0.618832L9.36916 4.37126L13.5114 4.97501C13.6167 4.99023 13.7157 5.03488 13.7968 5.10383C13.8779 5.17278 13.9379 5.26323 13.9699 5.36477C14.0041 5.46594 14.0093 5.57463 13.985 5.67861C13.9607 5.78258 13.9078 5.8777 13.8323 5.95324L10.8212 8.87264L11.532 12.9995C11.55 13.1058 11.5381 13.215 11.4976 13.3148C11.4571 13.4147 11.3896 13.5014 11.3027 13.5651C11.2059 13.632 11.0917 13.6692 10.9741 13.6721ZM7.00002 10.4393C7.09251 10.4404 7.18371 10.4613 7.2675 10.5005L10.2098 12.029L9.65193 8.75036C9.6368 8.6584 9.64343 8.56418 9.6713 8.47526C9.69918 8.38633 9.74751 8.30518 9.81242 8.23832L12.1969 5.94559L8.90298 5.45648C8.81188 5.44198 8.72555 5.406 8.65113 5.35152C8.57671 5.29703 8.51633 5.2256 8.475 5.14314L7.00002 2.1626L5.52503 5.15078C5.4837 5.23324 5.42332 5.30467 5.3489 5.35916C5.27448 5.41365 5.18815 5.44963 5.09705 5.46412L1.80318 5.94559L4.18761 8.23832C4.25252 8.30518 4.30085 8.38633 4.32873 8.47526C4.3566 8.56418 4.36323 8.6584 4.3481 8.75036L3.7902 12.0519L6.73253 10.5234C6.81451 10.4762 6.9058 10.4475 7.00002 10.4393Z';

/**
 * A read-only star rating (PrimeReact `<Rating readOnly cancel={false} aria-hidden>`): `stars`
 * items, the first `value` filled; hidden from assistive technology like the component it stands
 * for (its cell names the rating). A list of reviews draws one per row.
 */
export function PlainRating({ value, stars = 5 }: { value: number; stars?: number }) {
  return (
    <div className="p-rating p-readonly" aria-hidden="true" data-pc-name="rating" data-pc-section="root">
      {Array.from({ length: stars }, (_, i) => (
        <div key={i} className={cx('p-rating-item', i < value && 'p-rating-item-active')} data-p-focused={false} data-pc-section="item">
          <svg width="14" height="14" viewBox="0 0 14 14" fill="none" xmlns="http://www.w3.org/2000/svg" className="p-icon p-rating-icon" data-pc-section={i < value ? 'onicon' : 'officon'}>
            <path d={i < value ? STAR_ON : STAR_OFF} fill="currentColor" />
          </svg>
        </div>
      ))}
    </div>
  );
}

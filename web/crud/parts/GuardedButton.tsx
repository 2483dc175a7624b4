import { Button, type ButtonProps } from 'primereact/button';
import './parts.css';

/**
 * A button that explains itself when it cannot be used (issue 9: "the button disabled with a
 * tooltip saying why"): with a `reason` it is disabled and the tooltip gives the reason; otherwise
 * the tooltip is its label. Icon-only buttons keep their label as aria-label.
 *
 * The button sits in a span of its own (`display: contents`, so layouts see the button alone):
 * PrimeReact's Tooltip shows on a disabled button by moving it into a wrapper element React does
 * not know of (`showOnDisabled`). Without a parent React owns, a sibling inserted before that
 * button, or the button removed while wrapped (a row action turning from a plain link button into
 * a guarded one when the row's status changed), made React's commit throw, and the list kept its
 * old rows (issue 22, the stale order list after "confirm delivery").
 */
export function GuardedButton({ reason, label, iconOnly, ...rest }: ButtonProps & { reason?: string | null; label: string; iconOnly?: boolean }) {
  return (
    <span className="part-guarded">
      <Button
        {...rest}
        label={iconOnly ? undefined : label}
        aria-label={label}
        disabled={!!reason || rest.disabled}
        tooltip={reason ? `${label}: ${reason}` : iconOnly ? label : undefined}
        tooltipOptions={{ showOnDisabled: true, position: 'top' }}
        data-reason={reason ?? undefined}
      />
    </span>
  );
}

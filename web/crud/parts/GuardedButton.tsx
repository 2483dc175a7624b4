import { Button, type ButtonProps } from 'primereact/button';

/**
 * A button that explains itself when it cannot be used (issue 9: "the button disabled with a
 * tooltip saying why"): with a `reason` it is disabled and the tooltip gives the reason; otherwise
 * the tooltip is its label. Icon-only buttons keep their label as aria-label.
 */
export function GuardedButton({ reason, label, iconOnly, ...rest }: ButtonProps & { reason?: string | null; label: string; iconOnly?: boolean }) {
  return (
    <Button
      {...rest}
      label={iconOnly ? undefined : label}
      aria-label={label}
      disabled={!!reason || rest.disabled}
      tooltip={reason ? `${label}: ${reason}` : iconOnly ? label : undefined}
      tooltipOptions={{ showOnDisabled: true, position: 'top' }}
      data-reason={reason ?? undefined}
    />
  );
}

import { Button, type ButtonProps } from 'primereact/button';
import { LinkButton } from './plain';
import './parts.css';

/** The props a guarded link button may carry and still be drawn as the plain element (no icon, loading, tooltip or styling). */
const PLAIN_KEYS = new Set(['link', 'size', 'severity', 'onClick', 'data-testid']);

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
 *
 * A small link button that can run (no reason, a label, nothing else) needs no tooltip: it is drawn
 * as the plain element PrimeReact's would render (`LinkButton`, outside the span: the two roots
 * differ, so a change between them replaces the whole element), since lists draw one per row.
 */
export function GuardedButton({ reason, label, iconOnly, ...rest }: ButtonProps & { reason?: string | null; label: string; iconOnly?: boolean }) {
  if (!reason && !iconOnly && rest.link && rest.size === 'small' && !rest.disabled && Object.keys(rest).every((k) => PLAIN_KEYS.has(k)) && rest.onClick) {
    const onClick = rest.onClick;
    // No span here: when the reason comes, React replaces this button with the span above whole.
    return <LinkButton label={label} severity={rest.severity ?? undefined} onClick={(e) => onClick(e)} testId={(rest as Record<string, unknown>)['data-testid'] as string | undefined} />;
  }
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

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'primereact/button';
import { Tooltip, type TooltipProps } from 'primereact/tooltip';
import { LinkButton } from './plain';
import './parts.css';

/** The props a guarded link button may carry and still be drawn as the plain element (no icon, loading or styling). */
const PLAIN_KEYS = new Set(['link', 'size', 'severity', 'onClick', 'data-testid']);

/**
 * A button that explains itself when it cannot be used ("the button disabled with a
 * tooltip saying why"): with a `reason` it is disabled and the tooltip gives the reason; otherwise
 * the tooltip is its label. Icon-only buttons keep their label as aria-label.
 *
 * A small link button (a label, a severity, nothing else) is drawn as the plain element PrimeReact's
 * would render (`LinkButton`), disabled or not, since lists draw one per row; any other is
 * PrimeReact's `Button`. A button with a tooltip sits in the wrapper PrimeReact's Tooltip would put
 * around it (`LazyTooltip`), owned by React: the tooltip mounts on the first hover.
 */
export function GuardedButton({ reason, label, iconOnly, ...rest }: ButtonProps & { reason?: string | null; label: string; iconOnly?: boolean }) {
  const tip = reason ? `${label}: ${reason}` : iconOnly ? label : undefined;
  const disabled = !!reason || !!rest.disabled;
  const onClick = rest.onClick;
  const button =
    !iconOnly && rest.link && rest.size === 'small' && onClick && Object.keys(rest).every((k) => PLAIN_KEYS.has(k)) ? (
      <LinkButton label={label} severity={rest.severity ?? undefined} disabled={disabled} reason={reason ?? undefined} onClick={(e) => onClick(e)} testId={(rest as Record<string, unknown>)['data-testid'] as string | undefined} />
    ) : (
      <Button {...rest} label={iconOnly ? undefined : label} aria-label={label} disabled={disabled} data-reason={reason ?? undefined} />
    );
  // A change between the two roots (the row's status changed) replaces the whole element.
  return tip ? <LazyTooltip content={tip}>{button}</LazyTooltip> : button;
}

/** The event PrimeReact's Tooltip is shown or hidden with: it reads `type` and `currentTarget` (its typings name another shape). */
type TipEvent = Parameters<Tooltip['show']>[0];

/**
 * PrimeReact's `Tooltip` for what it wraps (the same tooltip, look and placement as a `Button`'s
 * `tooltip` with `showOnDisabled`: shown while the pointer is over it, also when the button inside
 * is disabled; `position` top unless given), mounted on the first pointer entering it and kept.
 *
 * A `Button` with a tooltip mounts a `Tooltip` with it, which renders twice (its styles
 * load as state), binds its listeners, and moves a disabled button into a wrapper element React
 * does not own; the order list drew 19 of them with every page, for tooltips rarely shown. Here
 * the wrapper is PrimeReact's own (`p-tooltip-target-wrapper`, its box in parts.css since the
 * Tooltip's styles come with its first mount), drawn by React, and the Tooltip is driven from it.
 */
export function LazyTooltip({ content, position = 'top', children }: { content: string; position?: TooltipProps['position']; children: ReactNode }) {
  const host = useRef<HTMLSpanElement>(null);
  const tip = useRef<Tooltip>(null);
  const [mounted, setMounted] = useState(false);
  // The pointer is over the wrapper: the first hover shows the tooltip once it has mounted.
  const over = useRef(false);
  const show = () => {
    if (host.current) tip.current?.show({ type: 'mouseenter', currentTarget: host.current } as unknown as TipEvent);
  };
  useEffect(() => {
    if (mounted && over.current) show();
  }, [mounted]);
  return (
    <span
      ref={host}
      className="part-tip p-tooltip-target-wrapper"
      onMouseEnter={() => {
        over.current = true;
        if (mounted) show();
        else setMounted(true);
      }}
      onMouseLeave={(e) => {
        over.current = false;
        tip.current?.hide(e.nativeEvent as unknown as TipEvent);
      }}
    >
      {children}
      {mounted && <Tooltip ref={tip} content={content} position={position} />}
    </span>
  );
}

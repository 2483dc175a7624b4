import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DENSITIES, type TableDensity } from '../../services/preferences';
import type { ListController } from '../useListController';
import { PlainButton } from './plain';

/**
 * The list's layout settings (issue "The operator's own workspace" §2, ProTable's column settings):
 * a toolbar button opening a panel with the table's density and, per column in the user's order,
 * move up / down and pin left / right; "Reset" goes back to the declared layout. Every change is
 * the list's layout (`ctl.updateLayout`), shown at once and saved for the user. The panel is
 * mounted when first opened; it closes on Escape or a click outside.
 */
export function ListLayoutButton({ ctl }: { ctl: ListController }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div className="crud-layout" ref={box}>
      <PlainButton label={t('crud.layout.title')} icon="pi pi-sliders-h" iconOnly small text rounded onClick={() => setOpen(!open)} testId="crud-layout" />
      {open && <LayoutPanel ctl={ctl} />}
    </div>
  );
}

function LayoutPanel({ ctl }: { ctl: ListController }) {
  const { t } = useTranslation();
  const { layout, columnOrder, label, updateLayout } = ctl;
  const pinned = layout.pinned ?? {};
  const density = layout.density ?? 'normal';
  const move = (c: string, by: -1 | 1) => {
    const order = [...columnOrder];
    const i = order.indexOf(c);
    const j = i + by;
    if (i < 0 || j < 0 || j >= order.length) return;
    [order[i], order[j]] = [order[j], order[i]];
    updateLayout({ order });
  };
  const pin = (c: string, side: 'left' | 'right') => {
    const next = { ...pinned };
    if (next[c] === side) delete next[c];
    else next[c] = side;
    updateLayout({ pinned: Object.keys(next).length ? next : undefined });
  };
  const densityLabel: Record<TableDensity, string> = { small: t('crud.layout.small'), normal: t('crud.layout.normal'), large: t('crud.layout.large') };
  return (
    <div className="crud-layout__panel" role="dialog" aria-label={t('crud.layout.title')} data-testid="crud-layout-panel">
      <div className="crud-layout__row crud-layout__head">
        <span>{t('crud.layout.density')}</span>
        <span className="crud-layout__density" role="radiogroup" aria-label={t('crud.layout.density')}>
          {DENSITIES.map((d) => (
            <button key={d} type="button" role="radio" aria-checked={density === d} className={density === d ? 'is-on' : undefined} onClick={() => updateLayout({ density: d === 'normal' ? undefined : d })} data-testid={`crud-density-${d}`}>
              {densityLabel[d]}
            </button>
          ))}
        </span>
      </div>
      <ul className="crud-layout__columns">
        {columnOrder.map((c, i) => (
          <li key={c} className="crud-layout__row" data-column={c} data-testid="crud-layout-column">
            <span className="crud-layout__name">{label(c)}</span>
            <PlainButton label={t('crud.layout.up', { name: label(c) })} icon="pi pi-arrow-up" iconOnly small text disabled={i === 0} onClick={() => move(c, -1)} testId="crud-layout-up" />
            <PlainButton label={t('crud.layout.down', { name: label(c) })} icon="pi pi-arrow-down" iconOnly small text disabled={i === columnOrder.length - 1} onClick={() => move(c, 1)} testId="crud-layout-down" />
            <PinButton on={pinned[c] === 'left'} label={t('crud.layout.pinLeft', { name: label(c) })} icon="pi pi-align-left" onClick={() => pin(c, 'left')} testId="crud-layout-pin-left" />
            <PinButton on={pinned[c] === 'right'} label={t('crud.layout.pinRight', { name: label(c) })} icon="pi pi-align-right" onClick={() => pin(c, 'right')} testId="crud-layout-pin-right" />
          </li>
        ))}
      </ul>
      <div className="crud-layout__foot">
        <PlainButton label={t('crud.layout.reset')} icon="pi pi-refresh" small text onClick={ctl.resetLayout} testId="crud-layout-reset" />
      </div>
    </div>
  );
}

function PinButton({ on, label, icon, onClick, testId }: { on: boolean; label: string; icon: string; onClick: () => void; testId: string }) {
  return (
    <button type="button" className={`p-button p-component p-button-icon-only p-button-sm p-button-text${on ? ' is-on' : ''}`} aria-label={label} aria-pressed={on} onClick={onClick} data-testid={testId}>
      <span className={`p-button-icon p-c ${icon}`} />
      <span className="p-button-label p-c">{'\u00a0'}</span>
    </button>
  );
}

/**
 * The full-screen toggle of a list (ProTable's): the list's card (the `.crud-card` around the
 * toolbar) covers the window while on; remembered in the list's layout. Escape leaves it.
 */
export function FullScreenButton({ ctl, toolbar }: { ctl: ListController; toolbar: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const on = !!ctl.layout.fullScreen;
  const leave = useRef(() => {});
  leave.current = () => ctl.updateLayout({ fullScreen: undefined });
  useLayoutEffect(() => {
    const card = toolbar.current?.closest('.crud-card');
    if (!card) return;
    card.classList.toggle('crud-card--full', on);
    return () => card.classList.remove('crud-card--full');
  }, [on, toolbar]);
  useEffect(() => {
    if (!on) return;
    const escape = (e: KeyboardEvent) => {
      // Escape closes a dialog or an overlay first; only a bare Escape on the list leaves full screen.
      if (e.key === 'Escape' && !e.defaultPrevented && !document.querySelector('.p-dialog-mask, .p-sidebar-mask, .crud-layout__panel')) leave.current();
    };
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [on]);
  const text = t(on ? 'crud.layout.exitFullScreen' : 'crud.layout.fullScreen');
  return <PlainButton label={text} icon={on ? 'pi pi-window-minimize' : 'pi pi-window-maximize'} iconOnly small text rounded onClick={() => ctl.updateLayout({ fullScreen: on ? undefined : true })} testId="crud-fullscreen" />;
}

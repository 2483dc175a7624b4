import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { localeOption } from 'primereact/api';
import type { PaginatorRowsPerPageDropdownOptions } from 'primereact/paginator';
import { whenIdle } from '../lib/idle';

/*
 * Parts of a list page drawn after its first rows: a screen entered from the menu paints
 * its search form's pickers (Dropdown, Calendar) and the column chooser (MultiSelect) only once its
 * first answer is on screen and the browser is idle. Until then each shows a look-alike: the same
 * elements, classes and texts PrimeReact renders for it while it is empty, without the component
 * (its pass-through merging, overlay hooks, hidden select and style registration ran on every entry
 * between the click and the rows). A click or focus on a look-alike mounts the real part at once
 * and hands it the click or the focus (it opens), so nothing the user does is lost.
 */

/** A one-way flag (false → true) a list's parts subscribe to without re-rendering the page. */
export interface LaterFlag {
  get: () => boolean;
  set: () => void;
  subscribe: (listener: () => void) => () => void;
}

/** A new {@link LaterFlag}, false. */
export function laterFlag(): LaterFlag {
  let on = false;
  const listeners = new Set<() => void>();
  return {
    get: () => on,
    set: () => {
      if (on) return;
      on = true;
      listeners.forEach((l) => l());
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
}

/** The longest a deferred part waits for the browser to idle once the rows are in (ms). */
const IDLE_TIMEOUT_MS = 400;
/** The longest it waits for the first answer at all (a slow or failing list still gets its form). */
const ANSWER_TIMEOUT_MS = 1500;

/**
 * Sets `flag` once the list's first load has settled (`loading` false) and the browser is idle after
 * it, or after {@link ANSWER_TIMEOUT_MS} whatever happens. Called by the list controller.
 */
export function useSetLater(flag: LaterFlag, loading: boolean): void {
  useEffect(() => {
    if (flag.get()) return;
    const t = setTimeout(flag.set, ANSWER_TIMEOUT_MS);
    return () => clearTimeout(t);
  }, [flag]);
  useEffect(() => {
    if (loading || flag.get()) return;
    // After the frame that shows the rows: an idle period, so the parts mount off the critical path.
    return whenIdle(flag.set, IDLE_TIMEOUT_MS);
  }, [flag, loading]);
}

/** Whether the list's deferred parts may mount now. */
export function useLater(flag: LaterFlag): boolean {
  return useSyncExternalStore(flag.subscribe, flag.get, flag.get);
}

/**
 * Draws `look` until `flag` is set (or the user reaches for it, or `now` is given: a filter already
 * holding a value), then `children` for good, both in a `display: contents` span. A click on the look-alike mounts the real part and clicks it (a picker
 * opens as if clicked); a focus (Tab) mounts it and focuses it.
 */
export function Later({ flag, look, children, now = false }: { flag: LaterFlag; look: ReactNode; children: ReactNode; now?: boolean }) {
  const later = useLater(flag);
  const [forced, setForced] = useState(now);
  // Once drawn, the part stays: a picker whose value empties mid-choice (a range's first click)
  // must not be swapped back for its look-alike, which would close it and lose the choice.
  if (now && !forced) setForced(true);
  const replay = useRef<'click' | 'focus' | null>(null);
  const box = useRef<HTMLSpanElement>(null);
  const shown = later || forced;
  useLayoutEffect(() => {
    const how = replay.current;
    if (!shown || !how || !box.current) return;
    replay.current = null;
    // A date picker opens on focus; a dropdown or the column chooser on a click of its root.
    const calendar = box.current.querySelector<HTMLInputElement>('.p-calendar input');
    if (calendar) calendar.focus();
    else if (how === 'click') box.current.querySelector<HTMLElement>('.p-dropdown, .p-multiselect')?.click();
    else box.current.querySelector<HTMLElement>('.p-hidden-accessible input')?.focus();
  }, [shown]);
  if (shown) return <span ref={box} className="crud-later">{children}</span>;
  const reach = (how: 'click' | 'focus') => {
    replay.current = how;
    setForced(true);
  };
  return (
    // `display: contents`: the look-alike lays out as the part would. The press does not focus the
    // look-alike (its focus would swap it mid-click); the click that completes on it mounts the part and opens it.
    <span ref={box} className="crud-later" onMouseDown={(e) => e.preventDefault()} onClick={() => reach('click')} onFocus={() => reach('focus')}>
      {look}
    </span>
  );
}

const CHEVRON_DOWN = 'M7.01744 10.398C6.91269 10.3985 6.8089 10.378 6.71215 10.3379C6.61541 10.2977 6.52766 10.2386 6.45405 10.1641L1.13907 4.84913C1.03306 4.69404 0.985221 4.5065 1.00399 4.31958C1.02276 4.13266 1.10693 3.95838 1.24166 3.82747C1.37639 3.69655 1.55301 3.61742 1.74039 3.60402C1.92777 3.59062 2.11386 3.64382 2.26584 3.75424L7.01744 8.47394L11.769 3.75424C11.9189 3.65709 12.097 3.61306 12.2748 3.62921C12.4527 3.64535 12.6199 3.72073 12.7498 3.84328C12.8797 3.96582 12.9647 4.12842 12.9912 4.30502C13.0177 4.48162 12.9841 4.662 12.8958 4.81724L7.58083 10.1322C7.50996 10.2125 7.42344 10.2775 7.32656 10.3232C7.22968 10.3689 7.12449 10.3944 7.01744 10.398Z';
const CALENDAR = 'M10.7838 1.51351H9.83783V0.567568C9.83783 0.417039 9.77804 0.272676 9.6716 0.166237C9.56516 0.0597971 9.42079 0 9.27027 0C9.11974 0 8.97538 0.0597971 8.86894 0.166237C8.7625 0.272676 8.7027 0.417039 8.7027 0.567568V1.51351H5.29729V0.567568C5.29729 0.417039 5.2375 0.272676 5.13106 0.166237C5.02462 0.0597971 4.88025 0 4.72973 0C4.5792 0 4.43484 0.0597971 4.3284 0.166237C4.22196 0.272676 4.16216 0.417039 4.16216 0.567568V1.51351H3.21621C2.66428 1.51351 2.13494 1.73277 1.74467 2.12305C1.35439 2.51333 1.13513 3.04266 1.13513 3.59459V11.9189C1.13513 12.4709 1.35439 13.0002 1.74467 13.3905C2.13494 13.7807 2.66428 14 3.21621 14H10.7838C11.3357 14 11.865 13.7807 12.2553 13.3905C12.6456 13.0002 12.8649 12.4709 12.8649 11.9189V3.59459C12.8649 3.04266 12.6456 2.51333 12.2553 2.12305C11.865 1.73277 11.3357 1.51351 10.7838 1.51351ZM3.21621 2.64865H4.16216V3.59459C4.16216 3.74512 4.22196 3.88949 4.3284 3.99593C4.43484 4.10237 4.5792 4.16216 4.72973 4.16216C4.88025 4.16216 5.02462 4.10237 5.13106 3.99593C5.2375 3.88949 5.29729 3.74512 5.29729 3.59459V2.64865H8.7027V3.59459C8.7027 3.74512 8.7625 3.88949 8.86894 3.99593C8.97538 4.10237 9.11974 4.16216 9.27027 4.16216C9.42079 4.16216 9.56516 4.10237 9.6716 3.99593C9.77804 3.88949 9.83783 3.74512 9.83783 3.59459V2.64865H10.7838C11.0347 2.64865 11.2753 2.74831 11.4527 2.92571C11.6301 3.10311 11.7297 3.34371 11.7297 3.59459V5.67568H2.27027V3.59459C2.27027 3.34371 2.36993 3.10311 2.54733 2.92571C2.72473 2.74831 2.96533 2.64865 3.21621 2.64865ZM10.7838 12.8649H3.21621C2.96533 12.8649 2.72473 12.7652 2.54733 12.5878C2.36993 12.4104 2.27027 12.1698 2.27027 11.9189V6.81081H11.7297V11.9189C11.7297 12.1698 11.6301 12.4104 11.4527 12.5878C11.2753 12.7652 11.0347 12.8649 10.7838 12.8649Z';

/** A closed PrimeReact `Dropdown`'s trigger (its chevron), as both dropdown look-alikes draw it. */
function DropdownTriggerLook() {
  return (
    <div className="p-dropdown-trigger" aria-hidden="true" data-pc-section="trigger">
      <svg width="14" height="14" viewBox="0 0 14 14" fill="none" xmlns="http://www.w3.org/2000/svg" className="p-icon p-dropdown-trigger-icon p-clickable" data-pc-section="dropdownicon">
        <path d={CHEVRON_DOWN} fill="currentColor" />
      </svg>
    </div>
  );
}

/** An empty PrimeReact `Dropdown` (`className="w-full"`, clearable) showing its placeholder. */
export function DropdownLook({ id, placeholder }: { id: string; placeholder: string }) {
  return (
    <div className="w-full p-dropdown p-component p-inputwrapper p-dropdown-clearable" data-pc-name="dropdown" data-pc-section="root">
      <div className="p-hidden-accessible" data-pc-section="hiddenselectedmessage">
        <input id={id} type="text" readOnly aria-haspopup="listbox" tabIndex={0} autoComplete="off" data-pc-section="input" />
      </div>
      <span className="p-dropdown-label p-inputtext p-placeholder" tabIndex={-1} data-pc-section="input">
        {placeholder}
      </span>
      <DropdownTriggerLook />
    </div>
  );
}

/** An empty PrimeReact `Calendar` (`className="w-full"`, `showIcon`, read-only input) showing its placeholder; the trigger's name from PrimeReact's current locale, as the Calendar's. */
export function CalendarLook({ id, placeholder }: { id: string; placeholder: string }) {
  return (
    <span className="w-full p-calendar p-component p-inputwrapper p-calendar-w-btn p-calendar-w-btn-right" data-pc-name="calendar" data-pc-section="root">
      <input className="p-inputtext p-component" autoComplete="off" id={id} type="text" role="combobox" readOnly placeholder={placeholder} aria-expanded={false} aria-autocomplete="none" aria-haspopup="dialog" inputMode="none" data-pc-name="inputtext" data-pc-section="root" />
      <button aria-label={localeOption('chooseDate', undefined as unknown as string) as string} className="p-datepicker-trigger p-button p-component p-button-icon-only" type="button" tabIndex={-1} aria-haspopup="dialog" aria-expanded={false} data-pc-name="button" data-pc-section="root">
        <svg width="14" height="14" viewBox="0 0 14 14" fill="none" xmlns="http://www.w3.org/2000/svg" className="p-icon">
          <path d={CALENDAR} fill="currentColor" />
        </svg>
        <span className="p-button-label p-c" data-pc-section="label">
          &nbsp;
        </span>
      </button>
    </span>
  );
}

/** The column chooser's PrimeReact `MultiSelect` (table icon, no label), closed. */
export function ColumnsLook({ label, filled }: { label: string; filled: boolean }) {
  return (
    <div className={`crud-columns p-multiselect p-component p-inputwrapper${filled ? ' p-inputwrapper-filled' : ''}`} data-testid="crud-columns" aria-label={label} data-pc-name="multiselect" data-pc-section="root">
      <div className="p-hidden-accessible" data-p-hidden-accessible="true" data-pc-section="hiddeninputwrapper">
        <input type="text" role="combobox" aria-expanded={false} tabIndex={0} aria-label={label} autoComplete="off" data-pc-section="input" readOnly />
      </div>
      <div className="p-multiselect-label-container" data-pc-section="labelcontainer">
        <div className="p-multiselect-label p-multiselect-items-label" data-pc-section="label" />
      </div>
      <div className="p-multiselect-trigger" data-pc-section="trigger">
        <span className="p-multiselect-trigger-icon p-c pi pi-table" data-pc-section="triggericon" />
      </div>
    </div>
  );
}

/** The paginator's page-size Dropdown (`RowsPerPageDropdown`), closed, showing `value`; disabled while the list is empty. */
export function PageSizeLook({ value, disabled, label }: { value: number; disabled: boolean; label: string }) {
  return (
    <div className={`p-dropdown p-component p-inputwrapper${disabled ? ' p-disabled' : ''} p-inputwrapper-filled`} data-p-disabled={disabled} data-p-focus={false} data-pc-name="dropdown" data-pc-section="root">
      <div className="p-hidden-accessible" data-pc-section="hiddenselectedmessage">
        <input type="text" readOnly aria-haspopup="listbox" disabled={disabled} tabIndex={disabled ? -1 : 0} aria-label={label} autoComplete="off" data-pc-section="input" value={String(value)} />
      </div>
      <span className="p-dropdown-label p-inputtext" tabIndex={-1} data-pc-section="input">
        {value}
      </span>
      <DropdownTriggerLook />
    </div>
  );
}

/**
 * The paginator's page-size picker as a `paginatorTemplate` entry: PrimeReact's own element, drawn
 * after the first rows ({@link PageSizeLook} until then).
 */
export function laterPageSize(flag: LaterFlag) {
  return function PageSize(o: PaginatorRowsPerPageDropdownOptions) {
    const label = (o as PaginatorRowsPerPageDropdownOptions & { ariaLabel?: string }).ariaLabel ?? '';
    return <Later flag={flag} look={<PageSizeLook value={o.value as number} disabled={!!o.disabled} label={label} />}>{o.element}</Later>;
  };
}

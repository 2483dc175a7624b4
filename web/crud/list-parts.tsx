import { Fragment, cloneElement, isValidElement, memo, useLayoutEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactElement, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { createPortal } from 'react-dom';
import { SpinnerIcon } from 'primereact/icons/spinner';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { TreeTable } from 'primereact/treetable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import type { Row } from './types';
import { fieldSpec } from './schema';
import { FieldInput } from './fields';
import { DateRangeInput, KINDS, NumberRangeInput, kindDef, renderCell, widthOf } from './kinds';
import { fitWidth, keyColumnOf, type ListRoom } from './list-fit';
import { PAGE_SIZES } from './query-state';
import { buildTree } from './tree';
import type { ListController } from './useListController';
import { CellEnvProvider } from './cell-env';
import { ViewPicker } from './ViewPicker';
import { LinkButton, PlainButton, Switch } from './parts/plain';
import { LazyTooltip } from './parts/GuardedButton';
import { FullScreenButton, ListLayoutButton } from './parts/ListLayoutPanel';
import { CalendarLook, ColumnsLook, DropdownLook, Later, laterPageSize, type LaterFlag } from './later';
import type { PaginatorRowsPerPageDropdownOptions } from 'primereact/paginator';
import { session } from '../lib/storage';
import './crud.css';

/** What a page's extra buttons get: a reload, the permission check, the applied view and the selection. */
export interface ListContext {
  reload: () => void;
  can: (action: string) => boolean;
  state: ListController['state'];
  selection: Row[];
}

/** The {@link ListContext} of a controller (what `rowActions` / `toolbar` callbacks receive). */
export function listContext(ctl: ListController): ListContext {
  return { reload: ctl.reload, can: ctl.can, state: ctl.state, selection: ctl.selection };
}

/*
 * The search form and the toolbar re-render only when what they show changes: a list
 * page renders several times while its screen mounts (reference lists and the page answering one
 * by one), and each time every filter's Dropdown, Calendar and the column chooser re-rendered with
 * it, and on every page, sort or filter. The controller is a new object on every render; the actions
 * these parts hold (search, reset, delete, export) read the controller's latest view when called,
 * and the rest are closures over the compared values, so an older one kept by a skipped render acts
 * the same.
 */
function sameList(a: ListController, b: ListController, keys: (keyof ListController)[]): boolean {
  return keys.every((k) => a[k] === b[k]);
}
function sameAllow(a: ListController['allow'], b: ListController['allow']): boolean {
  return (Object.keys(a) as (keyof ListController['allow'])[]).every((k) => a[k] === b[k]);
}

/** What a filter's input looks like before it mounts (`later.tsx`): a picker left empty, else none (drawn at once). */
function lookOf(spec: ReturnType<typeof fieldSpec>, filterKind: string | undefined): 'dropdown' | 'calendar' | null {
  if (spec.override.filterInput) return null;
  const def = kindDef(spec);
  if (filterKind === 'range') return (def.range ?? NumberRangeInput) === DateRangeInput ? 'calendar' : null;
  const input = def.filter ?? def.input;
  return spec.override.input ? null : input === KINDS.enum.input || input === KINDS.ref.input ? 'dropdown' : null;
}

/**
 * A text filter: the element PrimeReact's `InputText` renders (same classes, `p-filled` when it
 * holds text, pass-through data attributes), drawn plain since every list's form has one or more.
 */
function FilterText({ id, value, onChange, placeholder }: { id: string; value: unknown; onChange: (v: string) => void; placeholder: string }) {
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  return <input id={id} className={`w-full p-inputtext p-component${text ? ' p-filled' : ''}`} value={text} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} maxLength={64} data-pc-name="inputtext" data-pc-section="root" />;
}

/** One filter of the search form: its label and input (by filter kind, then the field's kind). */
function SearchItem({ ctl, name }: { ctl: ListController; name: string }) {
  const { t } = useTranslation();
  const { resource, draft, setDraft, label } = ctl;
  const entity = resource.entity;
  const spec = fieldSpec(resource, name);
  const id = `crud-filter-${entity.name}-${name}`;
  const lbl = name === 'keyword' ? t('crud.keyword') : label(name);
  const kind = entity.filters[name];
  const props = { spec, value: draft[name], onChange: (v: unknown) => setDraft((d) => ({ ...d, [name]: v })), id, placeholder: lbl, filter: true };
  let input: ReactNode;
  if (spec.override.filterInput) input = <FieldInput {...props} />;
  else if (kind === 'range') {
    const Range = kindDef(spec).range ?? NumberRangeInput;
    input = <Range {...props} />;
  }
  else if (kind === 'like' || name === 'keyword') input = <FilterText id={id} value={draft[name]} onChange={props.onChange} placeholder={lbl} />;
  else input = <FieldInput {...props} />;
  // Pickers left empty are drawn after the list's first rows (look-alikes until then); one holding a
  // value is drawn at once. Always inside `Later`, so a value coming or going mid-choice (a date
  // range's first click) does not remount the picker, which closed it and forgot the first day.
  const look = lookOf(spec, kind);
  const empty = draft[name] === undefined || draft[name] === null || draft[name] === '';
  if (look) input = <Later flag={ctl.later} now={!empty} look={look === 'dropdown' ? <DropdownLook id={id} placeholder={lbl} /> : <CalendarLook id={id} placeholder={lbl} />}>{input}</Later>;
  return (
    <div className="crud-search__item" data-filter={name}>
      <label htmlFor={id}>{lbl}</label>
      {input}
    </div>
  );
}

/** px: the narrowest a filter of the search form is drawn, and the space between two (`.crud-search` in crud.css). */
const FILTER_MIN = 220;
const FILTER_GAP = 16;

/**
 * How the search form lays out in its width: `perRow` filters beside the buttons in the first
 * row (and one more in each row below, under the buttons), the buttons' own width; `under` when
 * not even one filter fits beside them (a phone): one filter a row, the buttons in the second.
 */
interface SearchLayout {
  perRow: number;
  buttons: number;
  under: boolean;
}

/** Measures the form's content width and its buttons (unwrapped) into a {@link SearchLayout}; null while not laid out. */
function measureSearch(form: HTMLFormElement, buttons: HTMLElement | null): SearchLayout | null {
  const css = getComputedStyle(form);
  const width = form.clientWidth - (parseFloat(css.paddingLeft) || 0) - (parseFloat(css.paddingRight) || 0);
  if (width <= 0 || !buttons) return null;
  const own = Math.ceil(buttons.offsetWidth);
  const perRow = Math.floor((width - own) / (FILTER_MIN + FILTER_GAP));
  return perRow < 1 ? { perRow: 1, buttons: own, under: true } : { perRow, buttons: own, under: false };
}

const emptyFilter = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === undefined || x === null || x === ''));

/**
 * The search form of a list: one input per declared filter (range filters as date or number
 * ranges, `like` and `keyword` as text), Search applies (page 1) and Reset restores defaults.
 * `fields` limits or reorders the filters (default: the declaration's).
 *
 * One row by default (the convention of the field's consoles, so a 720 px window still shows rows):
 * the filters that fit beside the buttons, which end the first row; when there are more, an
 * Expand / Collapse toggle (a button with `aria-expanded`) shows the rest below, one more per row
 * (under the buttons). While collapsed the toggle counts the hidden filters that hold a value.
 * Whether it is expanded is kept per list for the session. Until the form is laid out (and where
 * nothing is, as in a test without layout), every filter shows.
 */
export const SearchForm = memo(SearchFormView, (a, b) => a.fields === b.fields && a.extra === b.extra && sameList(a.ctl, b.ctl, ['resource', 'draft']) && a.ctl.state.filters.id === b.ctl.state.filters.id);

function SearchFormView({ ctl, fields, extra }: { ctl: ListController; fields?: string[]; extra?: ReactNode }) {
  const { t } = useTranslation();
  const declared = (ctl.resource.filters ?? []) as string[];
  // A list opened on one record (`?id=123`, a reference followed) says so in its form, where Reset clears it.
  const byId = !fields && !declared.includes('id') && ctl.state.filters.id !== undefined;
  const names = fields ?? (byId ? ['id', ...declared] : declared);
  const openKey = `CRUD__SEARCH_OPEN__${ctl.resource.entity.name}`;
  const [open, setOpen] = useState(() => session.get<boolean>(openKey) === true);
  const [layout, setLayout] = useState<SearchLayout | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const buttonsRef = useRef<HTMLDivElement>(null);
  // Measured after each render (the toggle coming changes the buttons' width) and on every resize.
  const measure = useRef(() => {});
  measure.current = () => {
    const next = formRef.current && measureSearch(formRef.current, buttonsRef.current);
    if (next) setLayout((was) => (was && was.perRow === next.perRow && was.under === next.under && Math.abs(was.buttons - next.buttons) < 2 ? was : next));
  };
  useLayoutEffect(() => measure.current());
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form || typeof ResizeObserver === 'undefined') return;
    const seen = new ResizeObserver(() => measure.current());
    seen.observe(form);
    // The buttons' box follows their labels and icons (the icon font arriving after the first measure widens them).
    if (buttonsRef.current) seen.observe(buttonsRef.current);
    return () => seen.disconnect();
  }, []);
  if (!names.length) return null;
  const perRow = layout?.perRow ?? names.length;
  const folds = names.length > perRow;
  const shown = folds && !open ? names.slice(0, perRow) : names;
  const hiddenSet = folds && !open ? names.slice(perRow).filter((n) => !emptyFilter(ctl.draft[n])).length : 0;
  const toggle = () => {
    setOpen(!open);
    session.set(openKey, !open);
  };
  const toggleLabel = t(open ? 'crud.collapse' : 'crud.expand');
  return (
    <form
      ref={formRef}
      className="crud-card crud-search"
      // The filters' tracks and the buttons' own one, once measured: the buttons end the first row.
      style={layout ? { gridTemplateColumns: layout.under ? 'minmax(0, 1fr)' : `repeat(${layout.perRow}, minmax(0, 1fr)) ${layout.buttons}px` } : undefined}
      // Out of the browser's saved form state (see FORM_STATE_OFF in web/main.tsx): with twenty
      // screens kept alive, every history write serialized every control of every screen.
      autoComplete="off"
      onSubmit={(e) => {
        e.preventDefault();
        ctl.apply();
      }}
      data-testid="crud-search"
    >
      {shown.map((f) => <SearchItem key={f} ctl={ctl} name={f} />)}
      {extra}
      <div ref={buttonsRef} className={layout ? `crud-search__buttons crud-search__buttons--${layout.under ? 'under' : 'end'}` : 'crud-search__buttons'}>
        <PlainButton type="submit" label={t('crud.search')} icon="pi pi-search" testId="crud-search-submit" />
        <PlainButton label={t('crud.reset')} icon="pi pi-refresh" severity="secondary" outlined onClick={ctl.reset} testId="crud-search-reset" />
        {folds && (
          <button
            type="button"
            className="crud-search__toggle"
            aria-expanded={open}
            aria-label={hiddenSet ? `${toggleLabel} (${t('crud.hiddenSet', { count: hiddenSet })})` : undefined}
            onClick={toggle}
            data-testid="crud-search-toggle"
          >
            <span>{toggleLabel}</span>
            {hiddenSet > 0 && (
              <span className="crud-search__count" data-testid="crud-search-hidden-count">
                {hiddenSet}
              </span>
            )}
            <i className={open ? 'pi pi-angle-up' : 'pi pi-angle-down'} aria-hidden />
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * The toolbar above a table: title, Add, batch delete, the page's own buttons, Export, Refresh,
 * the column chooser, the layout settings (density, column order and pinning) and full screen;
 * each kit button only when allowed (§6 codes).
 */
export const ListToolbar = memo(
  ListToolbarView,
  (a, b) => a.title === b.title && a.children === b.children && !a.onAdd === !b.onAdd && sameAllow(a.ctl.allow, b.ctl.allow) && sameList(a.ctl, b.ctl, ['resource', 'selection', 'shown', 'shownChosen', 'layout', 'columnOrder', 'exporting', 'exportProgress']),
);

function ListToolbarView({ ctl, title, onAdd, children }: { ctl: ListController; title?: ReactNode; onAdd?: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const { allow, resource, label } = ctl;
  const columns = resource.columns as string[];
  const toolbar = useRef<HTMLElement>(null);
  return (
    <header className="crud-toolbar" ref={toolbar}>
      <h3 className="crud-toolbar__title">{title ?? t(`resources.${resource.entity.name}.title`)}</h3>
      <div className="crud-toolbar__buttons">
        {/* Saved views of a list whose view is its URL (saved-views.ts). */}
        {ctl.urlSync && <ViewPicker ctl={ctl} />}
        {/* Drawn plain (PlainButton, the same element) on every entry; Export is PrimeReact's while it runs, for its spinner. */}
        {allow.add && onAdd && <PlainButton label={t('crud.add')} icon="pi pi-plus" small onClick={onAdd} testId="crud-add" />}
        {allow.batchDel && !resource.tree && (
          <PlainButton label={t('crud.batchDelete')} icon="pi pi-trash" small severity="danger" outlined disabled={!ctl.selection.length} onClick={() => ctl.del(ctl.selection)} testId="crud-batch-del" />
        )}
        {children}
        {allow.export && !ctl.exporting && <PlainButton label={t('crud.export')} icon="pi pi-download" small severity="secondary" outlined onClick={() => void ctl.exportNow()} testId="crud-export" />}
        {allow.export && ctl.exporting && <Button label={ctl.exportProgress ? t('crud.exporting', ctl.exportProgress) : t('crud.export')} icon="pi pi-download" size="small" severity="secondary" outlined loading disabled onClick={() => void ctl.exportNow()} data-testid="crud-export" />}
        {ctl.exporting && <Button label={t('crud.cancelExport')} icon="pi pi-times" size="small" severity="secondary" text onClick={ctl.cancelExport} data-testid="crud-export-cancel" />}
        {/* Its tooltip mounts on the first hover (a Button's Tooltip rendered twice and bound its listeners on every list entry). */}
        <LazyTooltip content={t('crud.refresh')} position="right">
          <PlainButton label={t('crud.refresh')} icon="pi pi-refresh" iconOnly small text rounded onClick={ctl.reload} testId="crud-refresh" />
        </LazyTooltip>
        <Later flag={ctl.later} look={<ColumnsLook label={t('crud.columns')} filled={ctl.shown.length > 0} />}>
          <MultiSelect
            value={ctl.shown}
            options={columns.map((c) => ({ value: c, label: label(c) }))}
            onChange={(e) => ctl.setShown(e.value as string[])}
            className="crud-columns"
            dropdownIcon="pi pi-table"
            selectedItemTemplate={() => null}
            placeholder=" "
            aria-label={t('crud.columns')}
            panelHeaderTemplate={<div className="crud-columns__head">{t('crud.columns')}</div>}
            // Columns chosen here stay as chosen; this gives the choice back to the window's width.
            panelFooterTemplate={ctl.shownChosen ? <div className="crud-columns__foot"><PlainButton label={t('crud.columnsFit')} icon="pi pi-arrows-h" small text onClick={() => ctl.setShown(null)} testId="crud-columns-fit" /></div> : undefined}
            data-testid="crud-columns"
          />
        </Later>
        {!resource.tree && <ListLayoutButton ctl={ctl} />}
        <FullScreenButton ctl={ctl} toolbar={toolbar} />
      </div>
    </header>
  );
}

/**
 * The selection bar: how many rows are selected, the page's batch actions, switching their status
 * on or off (where the status is a switch the user may change) and batch delete; hidden while
 * nothing is selected.
 */
export function BatchBar({ ctl, children }: { ctl: ListController; children?: ReactNode }) {
  const { t } = useTranslation();
  if (!ctl.selection.length) return null;
  return (
    <div className="crud-batch" role="status" data-testid="crud-batch-bar">
      <span>{t('crud.selected', { count: ctl.selection.length })}</span>
      {children}
      {ctl.setStatusMany && (
        <>
          <Button label={t('crud.batchEnable')} icon="pi pi-check-circle" size="small" text onClick={() => void ctl.setStatusMany?.(ctl.selection, true)} data-testid="crud-batch-on" />
          <Button label={t('crud.batchDisable')} icon="pi pi-ban" size="small" text onClick={() => void ctl.setStatusMany?.(ctl.selection, false)} data-testid="crud-batch-off" />
        </>
      )}
      {ctl.allow.batchDel && <Button label={t('crud.batchDelete')} icon="pi pi-trash" size="small" severity="danger" text onClick={() => ctl.del(ctl.selection)} />}
      <Button label={t('crud.clearSelection')} size="small" text onClick={() => ctl.setSelection([])} />
    </div>
  );
}

export interface ListTableProps {
  ctl: ListController;
  /** Extra buttons per row, before modify/delete. */
  rowActions?: (row: Row) => ReactNode;
  /** Modify of a row (the kit's button shows when allowed and this is given). */
  onModify?: (row: Row) => void;
  /** Selection checkboxes (default: when batch delete is allowed). */
  selectable?: boolean;
  /** Classes of a row (e.g. live marks, live-list.tsx); a new function draws the rows again. Paged lists only. */
  rowClassName?: (row: Row) => string | undefined;
}

/** The actions column's look as PrimeReact draws a right-frozen last column (see ListTable). */
const FROZEN_RIGHT = 'p-frozen-column';
/** The key column's (and the selection's) as PrimeReact draws a left-frozen column, with the offset in its style. */
const FROZEN_LEFT = 'p-frozen-column crud-frozen-left';
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const NOWRAP_FROZEN = { whiteSpace: 'nowrap', right: '0px' } as const;
/** px: the selection checkboxes' column. */
const SELECT_WIDTH = 48;
const SELECT_STYLE = { width: `${SELECT_WIDTH}px`, minWidth: `${SELECT_WIDTH}px` } as const;
const SELECT_FROZEN = { ...SELECT_STYLE, left: '0px' } as const;
/** px: the row actions counted before the table is measured. */
const ACTIONS_WIDTH = 150;
/** The share of the table's width the frozen columns may take together. */
const FROZEN_SHARE = 0.6;

/**
 * The room a DataTable has (`list-fit.ts`): its box's width, and what the selection and the row
 * actions take: the widest row's buttons as drawn (unwrapped) with the cell's padding, or with no
 * rows on screen `actionsBefore` (the last measure's, else {@link ACTIONS_WIDTH}); null while the
 * table is not laid out (a kept-alive screen behind another tab).
 */
function measureRoom(root: HTMLElement, hasActions: boolean, actionsBefore: number): ListRoom | null {
  const width = root.clientWidth;
  if (!width) return null;
  const select = root.querySelector('thead th.p-selection-column') ? SELECT_WIDTH : 0;
  if (!hasActions) return { width, fixed: select };
  const buttons = root.querySelectorAll<HTMLElement>('tbody .crud-row-actions');
  if (!buttons.length) return { width, fixed: select + actionsBefore };
  let actions = 0;
  buttons.forEach((b) => (actions = Math.max(actions, b.scrollWidth)));
  const td = getComputedStyle(buttons[0].closest('td') ?? buttons[0]);
  return { width, fixed: select + Math.ceil(actions + (parseFloat(td.paddingLeft) || 0) + (parseFloat(td.paddingRight) || 0)) + 1 };
}

/*
 * PrimeReact's body cells are memoised on these props: its default list less `rowIndex`.
 * Our cells read only their row (templates below), so a cell whose row moved (a page's rows shifted,
 * an insert above) need not draw again; a row's position changes its `<tr>` (striping), not its
 * cells. The page held under the loading mask is ListTable's `view` below.
 */
const CELL_MEMO_PROPS = ['rowData', 'field', 'allowCellSelection', 'isCellSelected', 'editMode', 'tabIndex', 'editing', 'expanded', 'editingMeta', 'frozenCol', 'alignFrozenCol'];

/*
 * The loading mask PrimeReact's DataTable draws for `loading` (its element with DataTable's classes
 * and pass-through section, holding PrimeReact's own SpinnerIcon), put in and taken out by
 * `TableMask` instead: setting `loading` rendered the whole DataTable — every header cell
 * (new pass-through callbacks each render), row, paginator part and the page-size picker — to add
 * this one element, once more per page, sort and filter. It goes where PrimeReact puts it, first in
 * the table's root, so it stacks under the sticky header row as PrimeReact's does.
 */
function maskElement(): HTMLDivElement {
  const el = document.createElement('div');
  el.className = 'p-datatable-loading-overlay p-component-overlay';
  el.setAttribute('data-pc-section', 'loadingoverlay');
  return el;
}

/**
 * Shows the DataTable's loading mask in `host` (the table's root element) while `on`. The icon is
 * rendered once into the mask's element (a portal); a step only moves that element in and out.
 */
function TableMask({ on, host }: { on: boolean; host: RefObject<HTMLElement | null> }) {
  const [mask] = useState(maskElement);
  useLayoutEffect(() => {
    const root = host.current;
    if (!on || !root) return;
    root.insertBefore(mask, root.firstChild);
    return () => mask.remove();
  }, [on, host, mask]);
  return createPortal(<SpinnerIcon className="p-datatable-loading-icon" spin data-pc-section="loadingicon" />, mask);
}

type PageSizeOptions = PaginatorRowsPerPageDropdownOptions & { ariaLabel?: string };

/**
 * The paginator's page-size picker as a `paginatorTemplate` entry ({@link laterPageSize}), drawn
 * again only when its value, choices or state change: PrimeReact's paginator hands the
 * template a new picker (new options and handler) with every render of the table, once per page,
 * sort and filter, and its Dropdown re-rendered with its panel and transition each time. The picker
 * kept calls the handler of the paginator's latest render.
 */
function usePageSizeTemplate(later: LaterFlag): (o: PaginatorRowsPerPageDropdownOptions) => ReactNode {
  const change = useRef<PaginatorRowsPerPageDropdownOptions['onChange'] | null>(null);
  return useMemo(() => {
    const draw = laterPageSize(later);
    const onChange: PaginatorRowsPerPageDropdownOptions['onChange'] = (e) => change.current?.(e);
    return function PageSizeTemplate(o: PaginatorRowsPerPageDropdownOptions) {
      change.current = o.onChange;
      return <PageSizeSlot o={o} draw={draw} onChange={onChange} />;
    };
  }, [later]);
}

const PageSizeSlot = memo(
  function PageSizeSlot({ o, draw, onChange }: { o: PageSizeOptions; draw: (o: PaginatorRowsPerPageDropdownOptions) => ReactNode; onChange: PaginatorRowsPerPageDropdownOptions['onChange'] }) {
    // PrimeReact's element is its Dropdown in a fragment; anything else is drawn as given.
    const el = o.element as ReactNode;
    const dropdown = isValidElement<{ children?: ReactNode }>(el) && el.type === Fragment && isValidElement(el.props.children) ? cloneElement(el.props.children as ReactElement<{ onChange?: unknown }>, { onChange }) : el;
    return draw({ ...o, element: dropdown as PaginatorRowsPerPageDropdownOptions['element'] });
  },
  (a, b) =>
    a.draw === b.draw &&
    a.o.value === b.o.value &&
    a.o.disabled === b.o.disabled &&
    a.o.ariaLabel === b.o.ariaLabel &&
    a.o.appendTo === b.o.appendTo &&
    a.o.options.length === b.o.options.length &&
    a.o.options.every((x, i) => (x as { value?: unknown }).value === (b.o.options[i] as { value?: unknown }).value),
);

/** A column the user pinned: PrimeReact's frozen look; `crud-pinned--left|right` says the side. */
const PINNED = 'p-frozen-column crud-pinned';

/**
 * Sets the sticky offsets of the columns the user pinned (and of the selection and actions columns
 * beside them) from the widths the header cells are drawn with: a left one sits after the frozen
 * columns before it, a right one before those after it. Set on the header and every body cell of
 * the column after each render and resize, so a column that changed width (a drag, the actions'
 * icon font) never leaves a pinned one at a stale offset. Nothing is done on a table without pins.
 */
function pinOffsets(root: HTMLElement | null | undefined): void {
  if (!root?.querySelector('thead th.crud-pinned')) return;
  const ths = [...root.querySelectorAll<HTMLElement>('thead > tr > th')];
  const rows = [...root.querySelectorAll<HTMLTableRowElement>('tbody > tr')];
  const place = (i: number, side: 'left' | 'right', px: number) => {
    const v = `${px}px`;
    ths[i].style[side] = v;
    for (const r of rows) {
      const td = r.cells[i] as HTMLElement | undefined;
      if (td && td.classList.contains('p-frozen-column')) td.style[side] = v;
    }
  };
  let left = 0;
  ths.forEach((th, i) => {
    if (!th.classList.contains('crud-frozen-left') && !th.classList.contains('crud-pinned--left')) return;
    place(i, 'left', left);
    left += th.offsetWidth;
  });
  let right = 0;
  for (let i = ths.length - 1; i >= 0; i--) {
    const th = ths[i];
    if (!th.classList.contains('p-frozen-column') || th.classList.contains('crud-frozen-left') || th.classList.contains('crud-pinned--left')) continue;
    place(i, 'right', right);
    right += th.offsetWidth;
  }
}

/** px: the narrowest a column is dragged to. */
const MIN_COLUMN_WIDTH = 40;

/**
 * The drag handle at a header's right edge: dragging sets the column's width (px, live on the
 * header cell), and the drag's end hands the width to `onResized` (the list's layout). A click on
 * it never sorts. A pointer affordance, hidden from assistive technology (the header's name stays the label).
 */
function ColumnResizer({ onResized }: { onResized: (px: number) => void }) {
  const start = (e: ReactPointerEvent<HTMLSpanElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const th = e.currentTarget.closest('th');
    if (!th) return;
    const x0 = e.clientX;
    const w0 = th.offsetWidth;
    const widthAt = (x: number) => Math.max(MIN_COLUMN_WIDTH, Math.round(w0 + x - x0));
    const move = (ev: PointerEvent) => {
      const w = `${widthAt(ev.clientX)}px`;
      th.style.width = w;
      th.style.minWidth = w;
    };
    const up = (ev: PointerEvent) => {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      onResized(widthAt(ev.clientX));
    };
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
  };
  return <span className="crud-col-resizer" aria-hidden onPointerDown={start} onClick={(e) => e.stopPropagation()} data-testid="crud-col-resizer" />;
}

/** The view of the rows on screen: their page and sort (the table's paginator and sort arrows). */
interface ShownView {
  pageNum: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}
const sameView = (a: ShownView, b: ShownView) => a.pageNum === b.pageNum && a.pageSize === b.pageSize && a.sortField === b.sortField && a.sortOrder === b.sortOrder;

/** What the table's handlers and templates read when called (the latest render's). */
interface LiveTable {
  ctl: ListController;
  rowActions?: (row: Row) => ReactNode;
  onModify?: (row: Row) => void;
}

/**
 * The table of a list: a lazy DataTable with server paging and sorting, or (declarations with
 * `tree`) a TreeTable of the whole set nested by the parent field; cells from the kind registry,
 * status switches, and the row actions column.
 *
 * Renders only when what it shows changes: the page around it renders several times per
 * entry and per page change (its screen, reference lists, the URL write), and each render of
 * PrimeReact's DataTable re-renders its header cells, rows and paginator with their pass-through
 * merging. While a view loads, the table keeps showing the rows on screen with their page and sort
 * (PrimeReact keys a row's cells by `first` + position, so a `first` moved ahead of its rows rebuilt
 * every old cell before the new rows were drawn); the paginator and the sort arrow move with the new
 * rows, and the loading mask comes and goes without rendering the DataTable (`TableMask`): one
 * DataTable render per page, sort or filter, when its rows arrive. The callbacks it holds
 * (`rowActions`, `onModify`, the controller's `go` and `setStatus`, the applied view) are read from
 * the latest render when called, so a skipped render acts the same.
 */
export const ListTable = memo(
  ListTableFrame,
  (a, b) =>
    a.selectable === b.selectable &&
    a.rowClassName === b.rowClassName &&
    !a.rowActions === !b.rowActions &&
    !a.onModify === !b.onModify &&
    sameAllow(a.ctl.allow, b.ctl.allow) &&
    sameList(a.ctl, b.ctl, ['resource', 'state', 'page', 'loading', 'failed', 'selection', 'shown', 'layout', 'columnOrder', 'room', 'specs', 'refMaps', 'label', 'later', 'reload', 'setSelection', 'placeholder']),
);

function ListTableFrame({ ctl, rowActions, onModify, selectable, rowClassName }: ListTableProps) {
  const { i18n } = useTranslation();
  const live = useRef<LiveTable>({ ctl, rowActions, onModify });
  live.current = { ctl, rowActions, onModify };
  const host = useRef<HTMLElement | null>(null);
  const { pageNum, pageSize, sortField, sortOrder } = ctl.state;
  const view = useRef<ShownView>({ pageNum, pageSize, sortField, sortOrder });
  if (!ctl.placeholder && !sameView(view.current, ctl.state)) view.current = { pageNum, pageSize, sortField, sortOrder };
  const tree = !!ctl.resource.tree;
  // Cells are memoised by row: a language switch must redraw them (and the mask goes into the new table).
  return (
    <>
      <ListTableBody key={`table-${i18n.language}`} ctl={ctl} view={view.current} live={live} host={host} hasRowActions={!!rowActions} hasModify={!!onModify} selectable={selectable} rowClassName={rowClassName} />
      {!tree && <TableMask key={`mask-${i18n.language}`} on={ctl.loading} host={host} />}
    </>
  );
}

interface ListTableBodyProps {
  /** For what it shows; its callbacks are read through `live`. */
  ctl: ListController;
  view: ShownView;
  live: RefObject<LiveTable>;
  /** Set to the DataTable's root element after each render (where `TableMask` draws). */
  host: RefObject<HTMLElement | null>;
  hasRowActions: boolean;
  hasModify: boolean;
  selectable?: boolean;
  rowClassName?: (row: Row) => string | undefined;
}

const ListTableBody = memo(
  ListTableView,
  (a, b) =>
    a.view === b.view &&
    a.selectable === b.selectable &&
    a.rowClassName === b.rowClassName &&
    a.hasRowActions === b.hasRowActions &&
    a.hasModify === b.hasModify &&
    sameAllow(a.ctl.allow, b.ctl.allow) &&
    sameList(a.ctl, b.ctl, ['resource', 'page', 'failed', 'selection', 'shown', 'layout', 'columnOrder', 'room', 'specs', 'refMaps', 'label', 'later', 'reload', 'setSelection']) &&
    // A TreeTable draws its own mask, and an empty body says "no data" only once nothing is loading.
    (a.ctl.loading === b.ctl.loading || (!a.ctl.resource.tree && b.ctl.page.list.length > 0)),
);

function ListTableView({ ctl: ctlNow, view, live, host, hasRowActions, hasModify, selectable, rowClassName }: ListTableBodyProps) {
  const { t } = useTranslation();
  const ctl: ListController = { ...ctlNow, go: (next) => live.current.ctl.go(next), setStatus: (row, on) => live.current.ctl.setStatus(row, on) };
  const rowActions = hasRowActions ? (row: Row) => live.current.rowActions?.(row) : undefined;
  const onModify = hasModify ? (row: Row) => live.current.onModify?.(row) : undefined;
  const { resource, page, allow, specs, refMaps, label } = ctl;
  const entity = resource.entity;
  const canSelect = selectable ?? allow.batchDel;
  const actionsCol = (allow.update && !!onModify) || allow.del || !!rowActions;
  // The user's order (layout), the columns pinned left first and those pinned right last (before the actions).
  const pinned = (!resource.tree && ctl.layout.pinned) || {};
  const ordered = ctl.columnOrder.filter((c) => ctl.shown.includes(c));
  const cols = [...ordered.filter((c) => pinned[c] === 'left'), ...ordered.filter((c) => !pinned[c]), ...ordered.filter((c) => pinned[c] === 'right')];
  const pinsLeft = cols.some((c) => pinned[c] === 'left');
  const widthFor = (c: string) => ctl.layout.widths?.[c] ?? widthOf(specs[c]);
  const cell = (c: string, row: Row) => {
    const s = specs[c];
    if (c === entity.statusField && allow.status && (s.kind === 'status' || s.override.switchValues)) {
      const on = s.override.switchValues?.[0] ?? 1;
      return <Switch checked={row[c] === on} onChange={(next) => void ctl.setStatus(row, next)} testId="crud-status" label={label(c)} />;
    }
    return renderCell(s, row, s.ref ? refMaps[s.ref] : undefined);
  };
  // Frozen on the sides only while they leave most of the table to scroll (a phone's table is all key and actions otherwise).
  const { width: roomWidth, fixed } = ctl.room;
  const tree = !!resource.tree;
  const actionsWidth = roomWidth ? fixed - (canSelect ? SELECT_WIDTH : 0) : ACTIONS_WIDTH;
  const freezeActions = !tree && actionsCol && (!roomWidth || actionsWidth <= roomWidth * FROZEN_SHARE);
  // Columns the user pinned replace the key column's own freezing (the user chose what stays in view).
  const key = tree || Object.keys(pinned).length ? undefined : keyColumnOf(resource, cols);
  const freezeKey = !!key && roomWidth > 0 && (canSelect ? SELECT_WIDTH : 0) + fitWidth(specs[key]) + (freezeActions ? actionsWidth : 0) <= roomWidth * FROZEN_SHARE;
  const freezeSelect = freezeKey || pinsLeft;
  const columnEls = cols.map((c, i) => {
    const s = specs[c];
    const w = widthFor(c);
    const frozen = freezeKey && c === key;
    // Frozen the way the actions column is (PrimeReact's class and offset, without its `frozen` prop): after the selection column.
    const style = frozen ? { width: w, left: `${canSelect ? SELECT_WIDTH : 0}px` } : w ? { width: w } : undefined;
    const wrap = KINDS[s.kind]?.wrap ? 'crud-cell--wrap' : undefined;
    // A column the user pinned: PrimeReact's frozen look, its offset set from the drawn widths (`pinOffsets`).
    const pin = pinned[c];
    return (
      <Column
        key={c}
        field={c}
        columnKey={c}
        header={
          tree ? (
            label(c)
          ) : (
            <>
              {label(c)}
              <ColumnResizer onResized={(px) => live.current.ctl.updateLayout({ widths: { ...live.current.ctl.layout.widths, [c]: px } })} />
            </>
          )
        }
        expander={tree && i === 0}
        sortable={!tree && entity.sortable.includes(c)}
        style={style}
        headerClassName={frozen ? FROZEN_LEFT : pin ? `${PINNED} crud-pinned--${pin}` : undefined}
        bodyClassName={frozen ? (wrap ? `${FROZEN_LEFT} ${wrap}` : FROZEN_LEFT) : pin ? `${PINNED} crud-pinned--${pin}${wrap ? ` ${wrap}` : ''}` : wrap}
        body={(row: Row | { data: Row }) => cell(c, tree ? (row as { data: Row }).data : (row as Row))}
      />
    );
  });
  const actions = actionsCol && (
    <Column
      header={t('crud.actions')}
      // Frozen to the right by PrimeReact's own class and the offset it would compute (the last
      // column: 0), without its `frozen` prop: each frozen cell measured itself after mounting and
      // set that offset as state, a second render of the column's cells and header on every entry
      // and page. Same classes and inline style, so the same sticky column.
      headerClassName={freezeActions ? FROZEN_RIGHT : undefined}
      bodyClassName={freezeActions ? FROZEN_RIGHT : undefined}
      style={freezeActions ? NOWRAP_FROZEN : NOWRAP}
      body={(r: Row | { data: Row }) => {
        const row = tree ? (r as { data: Row }).data : (r as Row);
        return (
          <span className="crud-row-actions">
            {rowActions?.(row)}
            {allow.update && onModify && <LinkButton label={t('crud.modify')} onClick={() => onModify(row)} testId="crud-modify" />}
            {allow.del && <LinkButton label={t('crud.delete')} severity="danger" onClick={() => ctl.del([row])} testId="crud-del" />}
          </span>
        );
      }}
    />
  );
  const failedNote = ctl.failed && (
    <div className="crud-failed" role="alert" data-testid="crud-failed">
      <i className="pi pi-exclamation-triangle" aria-hidden />
      <span>{t(page.list.length ? 'crud.failedKept' : 'crud.failed')}</span>
      <Button label={t('crud.retry')} icon="pi pi-refresh" size="small" outlined onClick={ctl.reload} data-testid="crud-retry" />
    </div>
  );
  // "No data" is an answer: while the first rows are on their way the body stays blank under the mask.
  const empty = failedNote || (ctl.loading ? <div className="crud-empty" aria-hidden /> : <div className="crud-empty" data-testid="crud-empty"><i className="pi pi-inbox" />{t('crud.empty')}</div>);
  const nodes = useMemo(() => (resource.tree ? buildTree(page.list, { parentField: resource.tree.parentField, labelField: entity.label, rootValue: resource.tree.rootValue }) : []), [page.list, resource.tree, entity.label]);

  // The page-size picker is drawn after the first rows, like the search form's pickers (later.tsx).
  const pageSize = usePageSizeTemplate(ctl.later);
  const pageTemplate = useMemo(() => ({ layout: 'RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport', RowsPerPageDropdown: pageSize }), [pageSize]);

  // Where TableMask draws: the DataTable's root, after every render (a new table on a language switch).
  const table = useRef<DataTable<Row[]>>(null);
  useLayoutEffect(() => {
    host.current = table.current?.getElement() ?? null;
  });
  // The room the table has, after each render (the row actions drawn) and on every resize: its columns are fitted to it.
  const measure = useRef(() => {});
  measure.current = () => {
    const root = table.current?.getElement();
    const now = live.current.ctl;
    const room = root && measureRoom(root, actionsCol, now.room.width ? now.room.fixed - (canSelect ? SELECT_WIDTH : 0) : ACTIONS_WIDTH);
    if (room) now.setRoom(room);
  };
  useLayoutEffect(() => {
    measure.current();
    pinOffsets(table.current?.getElement());
  });
  useLayoutEffect(() => {
    const root = table.current?.getElement();
    if (!root || typeof ResizeObserver === 'undefined') return;
    const seen = new ResizeObserver(() => {
      measure.current();
      pinOffsets(table.current?.getElement());
    });
    seen.observe(root);
    // The row actions widen when the icon font arrives, which resizes nothing observed here.
    let on = true;
    void document.fonts?.ready.then(() => {
      if (!on) return;
      measure.current();
      pinOffsets(table.current?.getElement());
    });
    return () => {
      on = false;
      seen.disconnect();
    };
  }, []);

  if (tree) {
    return (
      <CellEnvProvider>
        {page.list.length > 0 && failedNote}
        {/* One <table> (not `scrollable`, which splits header and body into two tables): the tree's
            rows and their column headers are one treegrid (web/main.tsx pass-through); the wrapper
            still scrolls sideways on a narrow screen. */}
        <TreeTable value={nodes} loading={ctl.loading} emptyMessage={empty} data-testid="crud-table" className="crud-tree-table">
          {columnEls}
          {actions}
        </TreeTable>
        {/* The whole set is shown (no pages): say how many records it holds, like a paged list's report. */}
        {page.total > 0 && (
          <div className="crud-tree-footer">
            <span className="p-paginator-current">{t('crud.total', { total: page.total })}</span>
          </div>
        )}
      </CellEnvProvider>
    );
  }
  const sortOrder = view.sortOrder === 'asc' ? 1 : view.sortOrder === 'desc' ? -1 : 0;
  // What does not fit scrolls sideways instead of squeezing every column (widths from the kind registry).
  const minWidth = cols.reduce((n, c) => n + (ctl.layout.widths?.[c] ?? fitWidth(specs[c])), (canSelect ? SELECT_WIDTH : 0) + (actionsCol ? actionsWidth : 0));
  return (
    <CellEnvProvider>
    {page.list.length > 0 && failedNote}
    <DataTable
      ref={table}
      value={page.list}
      dataKey="id"
      lazy
      paginator
      first={(view.pageNum - 1) * view.pageSize}
      rows={view.pageSize}
      totalRecords={page.total}
      rowsPerPageOptions={[...PAGE_SIZES]}
      // The applied view when called (this render may be older than the latest filters).
      onPage={(e: DataTableStateEvent) => {
        const { ctl: now } = live.current;
        now.go({ ...now.state, pageNum: (e.page ?? 0) + 1, pageSize: e.rows });
      }}
      sortField={view.sortField}
      sortOrder={sortOrder as 1 | -1 | 0}
      onSort={(e: DataTableStateEvent) => {
        const { ctl: now } = live.current;
        now.go({ ...now.state, pageNum: 1, sortField: e.sortOrder ? e.sortField : undefined, sortOrder: e.sortOrder === 1 ? 'asc' : e.sortOrder === -1 ? 'desc' : undefined });
      }}
      removableSort
      cellMemoProps={CELL_MEMO_PROPS}
      emptyMessage={empty}
      paginatorTemplate={pageTemplate}
      currentPageReportTemplate={t('crud.total', { total: '{totalRecords}' })}
      selectionMode="checkbox"
      selection={ctl.selection}
      onSelectionChange={(e) => ctl.setSelection(e.value as Row[])}
      size={ctl.layout.density ?? 'normal'}
      stripedRows
      rowClassName={rowClassName}
      scrollable
      tableStyle={{ minWidth }}
      data-testid="crud-table"
    >
      {canSelect && <Column selectionMode="multiple" headerStyle={freezeSelect ? SELECT_FROZEN : SELECT_STYLE} headerClassName={freezeSelect ? FROZEN_LEFT : undefined} bodyClassName={freezeSelect ? FROZEN_LEFT : undefined} bodyStyle={freezeSelect ? SELECT_FROZEN : undefined} />}
      {columnEls}
      {actions}
    </DataTable>
    </CellEnvProvider>
  );
}

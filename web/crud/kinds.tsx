import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { InputNumber } from 'primereact/inputnumber';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { InputSwitch } from 'primereact/inputswitch';
import { RadioButton } from 'primereact/radiobutton';
import { Calendar } from 'primereact/calendar';
import { Password } from 'primereact/password';
import type { FieldKind, FieldSpec, InputProps, Row } from './types';
import { enumLabel, enumOptions, yuanToCents } from './values';
import { ENUMS } from '../../server/contract/fields';
import type { RefOption } from './api';
import { useRemoteLabels } from './queries';
import { ImageInput } from './inputs/image';
import { RichTextInput } from './inputs/rich-text';
import { RemoteInput } from './inputs/remote';
import { TreeInput } from './inputs/tree';
import { ColorInput } from './inputs/color';
import { htmlText } from './safe-html';
import { ImageThumbs } from './parts/ImageViewer';
import { RecordLink } from './parts/RecordLink';
import { PlainTag } from './parts/plain';
import { useCellText } from './cell-env';
import { cellTarget, fieldLink } from './record-links';
import { listEveryQuery } from './api';
import type { AnyEntity } from '../../server/contract/entity';
import { formatMoney, platformInstant } from '../lib/format';
import { centsToYuanNumber, MONEY_CELL_FORMAT } from '../../server/contract/money';

/** Spec §5/§9 wire time format. */
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const RANGE_START = 'YYYY-MM-DD 00:00:00';
const RANGE_END = 'YYYY-MM-DD 23:59:59';

/** A datetime text 'YYYY-MM-DD HH:mm:ss' as a Date for the Calendar; null when empty or invalid. */
export function parseDatetime(v: unknown): Date | null {
  if (typeof v !== 'string' || !v) return null;
  const d = dayjs(v);
  return d.isValid() ? d.toDate() : null;
}

/** What a cell gets: the field, the row, and (ref kinds) the cached options to show labels. */
export interface CellProps {
  spec: FieldSpec;
  row: Row;
  value: unknown;
  refs?: RefOption[];
}

/** What a kind's value hooks get besides the value: the language, and (ref kinds) the cached options. */
export interface KindContext {
  locale: string;
  refs?: RefOption[];
}

/**
 * One entry of the kind registry: a field kind's whole behaviour, in one place.
 * Only `cell` and `input` are needed; every other hook has a default that suits plain text.
 */
export interface KindDef {
  cell: ComponentType<CellProps>;
  input: ComponentType<InputProps>;
  /** Search-form input (default: `input` with `filter` set). */
  filter?: ComponentType<InputProps>;
  /** Search-form input of a `range` filter, value `[from, to]` (default: two number boxes in the kind's form values). */
  range?: ComponentType<InputProps>;
  /** Default column width in px. */
  width?: number;
  /**
   * How much a list needs the column when the table is narrow (`list-fit.ts`): 1 essential (never
   * given up: amounts, times, statuses), 2 ordinary (the default), 3 secondary (long texts, links,
   * images, lists of values), given up first.
   */
  priority?: 1 | 2 | 3;
  /** Forms: the field spans both columns. */
  wide?: boolean;
  /** List cells wrap (long text). */
  wrap?: boolean;
  /** Wire value → form value (money: integer cents → yuan). Default: as is. */
  toForm?: (wire: unknown, spec: FieldSpec) => unknown;
  /** Form value → wire value (money: yuan → integer cents). Default: texts trimmed, the rest as is. */
  toWire?: (value: unknown, spec: FieldSpec) => unknown;
  /**
   * What an emptied field is sent as on modify, so the old value does not silently stay: `''` for
   * texts, `[]` for lists. Default: `null` where the update schema allows it.
   */
  blank?: '' | [];
  /**
   * A filter's text in the URL query (or one side of a `range`) → its value; `undefined` drops a
   * hand-edited value the server would refuse. Default: the text. Values are written with `String()`.
   */
  fromUrl?: (raw: string, spec: FieldSpec) => unknown;
  /** The cell of an exported spreadsheet: text or number (a number is a numeric cell). Default: lists joined with ', ', the rest as is. */
  exportValue?: (value: unknown, spec: FieldSpec, ctx: KindContext) => string | number | null;
  /** The spreadsheet number format of the kind's numeric cells (money: `#,##0.00`). Default: none (General). */
  exportFormat?: string;
}

type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';
/**
 * The colour of a status tag follows what the value means, not its position in the enumeration
 * (an "enabled" tag was orange): good and finished states green, waiting ones amber,
 * refused, blocked and broken ones red, switched-off and closed ones grey; kinds and channels blue.
 */
const KEY_SEVERITY: Record<string, Severity> = Object.fromEntries(
  ([
    ['success', 'enabled active approved completed delivered finished normal onShelf online published received replied resolved settled success verified issued sent used released inUse sold'],
    ['warning', 'pending pendingPay processing refunding unverified unsettled draft notStarted upcoming warning low suspicious urgent ongoing renting locked unused'],
    ['danger', 'abnormal blocked failed frozen rejected void crash anr expired out revoked'],
    ['secondary', 'disabled offline offShelf closed cancelled ended hidden ignored refunded idle unsold unknown'],
  ] as const).flatMap(([sev, keys]) => keys.split(' ').map((k) => [k, sev])),
);

/** The tag colour of an enumeration value: by its key's meaning; kinds without one are blue. */
export function enumSeverity(enumName: string, value: unknown): Severity {
  const key = ENUMS[enumName]?.entries.find((e) => e.value === value)?.key;
  return (key && KEY_SEVERITY[key]) || 'info';
}
const cls = (invalid?: boolean) => (invalid ? 'p-invalid w-full' : 'w-full');

// ── cells ───────────────────────────────────────────────────────────────────────────────────

function TextCell({ value }: CellProps) {
  return <>{value == null ? '' : Array.isArray(value) ? value.join(', ') : String(value)}</>;
}
/**
 * A record time (`YYYY-MM-DD HH:mm:ss`, written in the platform's zone, UTC+8) as the platform
 * wrote it, with the zone in the tooltip and, when the browser's zone differs, the same instant in
 * the browser's time (one rule, the zone shown where it matters).
 */
function DateTimeCell({ value }: CellProps) {
  const { t, lang } = useCellText();
  if (typeof value !== 'string' || !value) return null;
  const shown = recordTime(value, t, lang);
  if (!shown) return <>{value}</>;
  return (
    <time dateTime={shown.dateTime} title={shown.title}>
      {value}
    </time>
  );
}
/**
 * What {@link DateTimeCell} draws for a record time, kept per language and value (parsing
 * the time, two translations and a dayjs format per cell, per render); null for a value that is no
 * time. A title read before its text was loaded (the key itself) is not kept; the map is cleared
 * past 2,000 entries.
 */
const recordTimes = new Map<string, { dateTime: string; title: string } | null>();
function recordTime(value: string, t: TFunction, lang: string): { dateTime: string; title: string } | null {
  const key = `${lang}\u0000${value}`;
  const kept = recordTimes.get(key);
  if (kept !== undefined) return kept;
  const at = platformInstant(value);
  let shown: { dateTime: string; title: string } | null = null;
  if (!Number.isNaN(at)) {
    const elsewhere = new Date(at).getTimezoneOffset() !== -480;
    const zone = t('crud.platformZone');
    shown = { dateTime: `${value.replace(' ', 'T')}+08:00`, title: zone + (elsewhere ? ` · ${t('crud.localTime', { time: dayjs(at).format('YYYY-MM-DD HH:mm:ss') })}` : '') };
    if (zone === 'crud.platformZone') return shown;
  }
  if (recordTimes.size >= 2000) recordTimes.clear();
  recordTimes.set(key, shown);
  return shown;
}
function EnumCell({ spec, value }: CellProps) {
  const { lang } = useCellText();
  // No value, no tag (an unpaid order showed an empty pay-type tag, a blue dot).
  if (value === null || value === undefined || value === '') return null;
  return <PlainTag value={enumLabel(spec.enumName!, value, lang)} severity={enumSeverity(spec.enumName!, value)} dataValue={String(value)} className="crud-tag" />;
}
function BoolCell({ value }: CellProps) {
  const { t } = useCellText();
  return <i className={value ? 'pi pi-check' : 'pi pi-minus'} role="img" aria-label={value ? t('crud.yes') : t('crud.no')} />;
}
/** Money in the console's one money text (`formatMoney`: `¥1,213.00`), the cents kept in `data-cents`. */
function MoneyCell({ value }: CellProps) {
  const { lang } = useCellText();
  if (typeof value !== 'number') return null;
  return <span className="crud-money" data-cents={value}>{formatMoney(value, lang)}</span>;
}
function PercentCell({ value }: CellProps) {
  return <>{typeof value === 'number' ? `${value}%` : ''}</>;
}
function RefCell({ value, refs }: CellProps) {
  return <>{refs?.find((o) => o.value === value)?.label ?? (value == null ? '' : `#${String(value)}`)}</>;
}
/** Multi-references (tags, platforms) as chips with their labels. */
function RefsCell({ value, refs }: CellProps) {
  if (!Array.isArray(value) || !value.length) return null;
  return (
    <span className="crud-chips">
      {(value as number[]).map((v) => (
        <PlainTag key={v} value={refs?.find((o) => o.value === v)?.label ?? `#${v}`} severity="secondary" className="crud-chip" />
      ))}
    </span>
  );
}
/**
 * A reference to a large entity (member, goods, comment…) by its label, resolved per id through
 * the kit's shared label cache (`remoteLabel`); `#id` while it loads or when the record is gone,
 * with the id kept in the tooltip so operators can still search by it.
 */
function RemoteCell({ value, spec }: CellProps) {
  const entity = spec.override.refEntity;
  const ids = value == null ? [] : (Array.isArray(value) ? value : [value]).map(Number).filter((n) => Number.isInteger(n));
  const labels = useRemoteLabels(entity, ids);
  if (!ids.length) return null;
  return <span title={ids.map((id) => `#${id}`).join(', ')}>{(labels ?? ids.map((id) => `#${id}`)).join(', ')}</span>;
}
/** An image as a thumbnail that opens the viewer (screenshots could not be seen). */
function ImageCell({ value }: CellProps) {
  return typeof value === 'string' && value ? <ImageThumbs srcs={[value]} /> : null;
}
/** Up to three thumbnails, the rest counted; each opens the viewer on its image. */
function ImagesCell({ value }: CellProps) {
  if (!Array.isArray(value)) return null;
  return <ImageThumbs srcs={(value as unknown[]).filter((v): v is string => typeof v === 'string' && !!v)} />;
}
function ColorCell({ value }: CellProps) {
  return typeof value === 'string' ? (
    <span className="crud-color-cell">
      <span className="crud-color" style={{ background: value }} />
      <code>{value}</code>
    </span>
  ) : null;
}
function RichCell({ value }: CellProps) {
  const text = htmlText(value);
  return <span title={text.slice(0, 300)}>{text.length > 60 ? `${text.slice(0, 60)}…` : text}</span>;
}

// ── inputs ──────────────────────────────────────────────────────────────────────────────────

function StringInput({ spec, value, onChange, invalid, id, placeholder, describedBy, filter }: InputProps) {
  return <InputText id={id} className={cls(invalid)} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} maxLength={filter ? 64 : (spec.schema.maxLength as number | undefined)} aria-invalid={invalid || undefined} aria-describedby={describedBy} />;
}
function TextInput(p: InputProps) {
  if (p.filter) return <StringInput {...p} />;
  return <InputTextarea id={p.id} className={cls(p.invalid)} value={(p.value as string) ?? ''} onChange={(e) => p.onChange(e.target.value)} rows={4} autoResize maxLength={p.spec.schema.maxLength as number | undefined} aria-invalid={p.invalid || undefined} aria-describedby={p.describedBy} />;
}
function NumberInput({ spec, value, onChange, invalid, id, placeholder }: InputProps) {
  const s = spec.schema;
  return <InputNumber inputId={id} className={cls(invalid)} value={typeof value === 'number' ? value : null} onValueChange={(e) => onChange(e.value ?? null)} useGrouping={false} min={s.minimum as number | undefined} max={s.maximum as number | undefined} placeholder={placeholder} suffix={spec.kind === 'percent' ? '%' : undefined} />;
}
/** Money: typed in yuan with 2 decimals (the form converts to cents on save). */
function MoneyInput({ value, onChange, invalid, id, placeholder }: InputProps) {
  return <InputNumber inputId={id} className={cls(invalid)} value={typeof value === 'number' ? value : null} onValueChange={(e) => onChange(e.value ?? null)} mode="decimal" minFractionDigits={2} maxFractionDigits={2} prefix="¥" placeholder={placeholder} />;
}
function EnumInput({ spec, value, onChange, invalid, id, placeholder, filter }: InputProps) {
  const { i18n, t } = useTranslation();
  const options = spec.kind === 'boolean' ? [{ value: true, label: t('crud.yes') }, { value: false, label: t('crud.no') }] : enumOptions(spec.enumName!, i18n.language);
  return <Dropdown inputId={id} className={cls(invalid)} value={value ?? null} options={options} onChange={(e) => onChange(e.value ?? null)} showClear={filter || !spec.required} placeholder={placeholder ?? t('crud.choose')} />;
}
/** Enum as radio buttons (few values, all visible). */
function RadioInput({ spec, value, onChange, id }: InputProps) {
  const { i18n } = useTranslation();
  return (
    <div className="crud-radios" role="radiogroup" id={id}>
      {enumOptions(spec.enumName!, i18n.language).map((o) => (
        <label key={o.value} className="crud-radio">
          <RadioButton inputId={`${id}-${o.value}`} value={o.value} checked={value === o.value} onChange={(e) => onChange(e.value)} />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}
/** Status/boolean/two-valued enum as a switch: on = 1 (status), true (boolean), the first value (switch). */
function SwitchInput({ spec, value, onChange, invalid, id }: InputProps) {
  if (spec.kind === 'boolean') return <InputSwitch inputId={id} checked={value === true} onChange={(e) => onChange(!!e.value)} invalid={invalid} />;
  if (spec.kind === 'switch') {
    const [on, off] = enumOptions(spec.enumName!, 'en').map((o) => o.value);
    return <InputSwitch inputId={id} checked={value === on} onChange={(e) => onChange(e.value ? on : off)} invalid={invalid} />;
  }
  return <InputSwitch inputId={id} checked={value === 1} onChange={(e) => onChange(e.value ? 1 : 0)} invalid={invalid} />;
}
function DateInput({ spec, value, onChange, invalid, id, placeholder }: InputProps) {
  const date = spec.kind === 'date';
  return (
    <Calendar
      inputId={id}
      className={cls(invalid)}
      value={parseDatetime(value)}
      onChange={(e) => onChange(e.value ? dayjs(e.value as Date).format(date ? 'YYYY-MM-DD' : DATETIME_FORMAT) : null)}
      showTime={!date}
      hourFormat="24"
      showSeconds={!date}
      dateFormat="yy-mm-dd"
      showIcon
      showButtonBar
      placeholder={placeholder}
    />
  );
}
/**
 * Date range: `value` is `[from, to]` ('YYYY-MM-DD HH:mm:ss', whole days) — the filter of a
 * `range` field; in a form the override `rangeEnd` names the field that takes `to`
 * (coupon `startTime` + `endTime`), see ResourceForm. The first day clicked is already a range (that
 * one day); the second click ends it there.
 */
function DateRangeInput({ value, onChange, invalid, id, placeholder }: InputProps) {
  const [from, to] = Array.isArray(value) ? (value as (string | null)[]) : [];
  // The same days, the same Dates: to the Calendar a new array is a value set from outside, and it
  // moved its view to the range's end on every render (the popup opens on the start, as PrimeReact's own).
  const dates = useMemo(() => (from || to ? [parseDatetime(from), parseDatetime(to)] : null), [from, to]);
  // The day the range starts on while its end is being picked. Shown to the Calendar as an open range:
  // given the one-day range sent, its next click started a new range (two days could not be picked).
  const [picking, setPicking] = useState<Date | null>(null);
  const open = picking && from === dayjs(picking).format(RANGE_START) && to === dayjs(picking).format(RANGE_END);
  return (
    <Calendar
      inputId={id}
      className={cls(invalid)}
      selectionMode="range"
      readOnlyInput
      showIcon
      showButtonBar
      dateFormat="yy-mm-dd"
      value={open ? [picking, null] : dates}
      onChange={(e) => {
        const [a, b] = (e.value as (Date | null)[] | null) ?? [];
        setPicking(a && !b ? a : null);
        onChange(a ? [dayjs(a).format(RANGE_START), dayjs(b ?? a).format(RANGE_END)] : null);
      }}
      onHide={() => setPicking(null)}
      placeholder={placeholder}
    />
  );
}
/** A reference over the cached `listAll` (spec §3 cached lists); refreshed when that entity changes. */
function RefInput(p: InputProps) {
  if (p.where && p.spec.override.refEntity) return <ScopedRefInput {...p} entity={p.spec.override.refEntity} where={p.where} />;
  return <CachedRefInput {...p} />;
}
function CachedRefInput({ spec, value, onChange, invalid, id, placeholder, filter }: InputProps) {
  const { t } = useTranslation();
  const refs = useRefOptionsLazy(spec);
  return <Dropdown inputId={id} className={cls(invalid)} value={value ?? null} options={refs} onChange={(e) => onChange(e.value ?? null)} filter showClear={filter || !spec.required} placeholder={placeholder ?? t('crud.choose')} emptyMessage={t('crud.empty')} />;
}
/**
 * A reference whose options depend on another field (`dependsOn`: areas of the chosen platform):
 * the records of `entity` matching `where`, read through the cached `listEvery`. Once they are known,
 * a value not among them (the platform changed) is cleared; with nothing to match on, nothing is offered.
 */
function ScopedRefInput({ spec, value, onChange, invalid, id, placeholder, filter, entity, where }: InputProps & { entity: AnyEntity; where: Record<string, unknown> }) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabelLazy(entity.name);
  const ready = Object.values(where).every((v) => v !== null && v !== undefined && v !== '');
  const q = useQuery({ ...listEveryQuery(entity, where, true), enabled: ready });
  const options = useMemo(() => (ready && q.data ? q.data.map((r) => ({ value: Number(r.id), label: String(r[entity.label] ?? r.id) })) : []), [ready, q.data, entity.label]);
  const known = !ready || q.isSuccess;
  // Not disabled (a disabled placeholder fails contrast): it says what to choose first, and offers nothing.
  const first = t('crud.chooseFirst', { field: fieldLabel(Object.keys(where)[0]) });
  useEffect(() => {
    if (known && value !== null && value !== undefined && !options.some((o) => o.value === value)) onChange(null);
  }, [known, options, value, onChange]);
  return (
    <Dropdown
      inputId={id}
      className={cls(invalid)}
      value={value ?? null}
      options={options}
      onChange={(e) => onChange(e.value ?? null)}
      filter
      showClear={filter || !spec.required}
      placeholder={ready ? (placeholder ?? t('crud.choose')) : first}
      emptyMessage={ready ? t('crud.empty') : first}
      data-testid={`crud-scoped-${spec.name}`}
    />
  );
}
/** Tags / multi-references as chips over the cached `listAll`; a filter of a `has` field takes one id. */
function RefsInput(p: InputProps) {
  const { t } = useTranslation();
  const refs = useRefOptionsLazy(p.spec);
  if (p.filter) return <RefInput {...p} />;
  return <MultiSelect inputId={p.id} className={cls(p.invalid)} value={(p.value as number[]) ?? []} options={refs} onChange={(e) => p.onChange(e.value)} filter display="chip" placeholder={p.placeholder ?? t('crud.choose')} maxSelectedLabels={20} />;
}
function RemoteFilter(p: InputProps) {
  return <RemoteInput {...p} spec={{ ...p.spec, kind: 'remote' }} />;
}
function PasswordInput({ value, onChange, invalid, id }: InputProps) {
  return <Password inputId={id} className={cls(invalid)} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} feedback={false} toggleMask />;
}
function StringsInput({ value, onChange, invalid, id, placeholder }: InputProps) {
  return <InputText id={id} className={cls(invalid)} value={Array.isArray(value) ? value.join(', ') : ''} onChange={(e) => onChange(e.target.value.split(/[,，]/).map((x) => x.trim()).filter(Boolean))} placeholder={placeholder} />;
}
/**
 * A numeric `range` filter (`[from, to]` as on the wire): two number boxes holding the kind's form
 * values (`toForm`/`toWire`: money typed in yuan, kept in cents).
 */
export function NumberRangeInput({ spec, value, onChange, id }: InputProps) {
  const { t } = useTranslation();
  const money = spec.kind === 'money';
  const v = Array.isArray(value) ? (value as (number | null)[]) : [null, null];
  const shown = (x: number | null | undefined) => (typeof x === 'number' ? (formValue(spec, x) as number) : null);
  const set = (i: 0 | 1, x: number | null | undefined) => {
    const next = [...v];
    next[i] = typeof x === 'number' ? (wireValue(spec, x) as number) : null;
    onChange(next[0] === null && next[1] === null ? null : next);
  };
  const opts = money ? { mode: 'decimal' as const, minFractionDigits: 0, maxFractionDigits: 2, prefix: '¥' } : { useGrouping: false };
  return (
    <div className="crud-num-range">
      <InputNumber inputId={id} value={shown(v[0])} onValueChange={(e) => set(0, e.value)} placeholder={t('crud.from')} {...opts} />
      <span>~</span>
      <InputNumber value={shown(v[1])} onValueChange={(e) => set(1, e.value)} placeholder={t('crud.to')} aria-label={t('crud.to')} {...opts} />
    </div>
  );
}
export { DateRangeInput, StringInput };
function NoFilter() {
  return null;
}

// Late-bound to avoid a cycle (fields.tsx owns the cached-options and label hooks).
let useRefOptionsLazy: (spec: FieldSpec) => RefOption[] = () => [];
let useFieldLabelLazy: (entity: string) => (field: string) => string = () => (f) => f;
/** @internal fields.tsx hands the registry its cached-options and field-label hooks. */
export function bindRefOptions(hook: (spec: FieldSpec) => RefOption[], label?: (entity: string) => (field: string) => string): void {
  useRefOptionsLazy = hook;
  if (label) useFieldLabelLazy = label;
}

// ── values: wire, URL, export ──────────────────────────────────────────────────────────────

const asIs = (v: unknown) => v;
/** Whole numbers in the URL (ids, enumeration values, cents); anything else is dropped. */
const intFromUrl = (raw: string) => (/^-?\d+$/.test(raw) ? Number(raw) : undefined);
const numFromUrl = (raw: string) => (/^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : undefined);
const boolFromUrl = (raw: string) => (raw === 'true' || raw === 'false' ? raw === 'true' : undefined);
const enumText = (v: unknown, spec: FieldSpec, { locale }: KindContext) => (spec.enumName && typeof v === 'number' ? enumLabel(spec.enumName, v, locale) : (v as number | null) ?? null);
const refText = (v: unknown, _s: FieldSpec, { refs }: KindContext) => refs?.find((o) => o.value === v)?.label ?? (v as number | null) ?? null;
const refsText = (v: unknown, _s: FieldSpec, { refs }: KindContext) => (Array.isArray(v) ? v.map((x) => refs?.find((o) => o.value === x)?.label ?? `#${String(x)}`).join(', ') : null);
const money = {
  toForm: (v: unknown) => (typeof v === 'number' ? v / 100 : v),
  toWire: (v: unknown) => yuanToCents(v),
  fromUrl: intFromUrl,
  exportValue: (v: unknown) => centsToYuanNumber(v),
  exportFormat: MONEY_CELL_FORMAT,
};
const enumish = { fromUrl: intFromUrl, exportValue: enumText };
/** A day on the wire ('YYYY-MM-DD'): a range picker's whole days ('YYYY-MM-DD 00:00:00', `rangeEnd`) cut to the day. */
const dayOf = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 10) : v);

/**
 * The kind registry: one place maps a field kind to its cell, input, search-form filter and
 * default width. A declaration overrides any of them per field (`fields: { x: { cell, input,
 * filterInput, width } }`); {@link registerKind} adds or replaces a kind for the whole console.
 */
export const KINDS: Record<FieldKind, KindDef> = {
  string: { cell: TextCell, input: StringInput, range: DateRangeInput, blank: '' },
  url: { cell: TextCell, input: StringInput, width: 220, priority: 3, blank: '' },
  text: { cell: TextCell, input: TextInput, wide: true, wrap: true, priority: 3, blank: '' },
  richText: { cell: RichCell, input: RichTextInput, filter: StringInput, wide: true, wrap: true, priority: 3, blank: '', toWire: asIs, exportValue: (v) => htmlText(v) },
  int: { cell: TextCell, input: NumberInput, width: 100, fromUrl: numFromUrl },
  percent: { cell: PercentCell, input: NumberInput, width: 100, fromUrl: numFromUrl },
  money: { cell: MoneyCell, input: MoneyInput, width: 120, priority: 1, ...money },
  enum: { cell: EnumCell, input: EnumInput, width: 120, ...enumish },
  radio: { cell: EnumCell, input: RadioInput, filter: EnumInput, width: 120, ...enumish },
  switch: { cell: EnumCell, input: SwitchInput, filter: EnumInput, width: 110, ...enumish },
  status: { cell: EnumCell, input: SwitchInput, filter: EnumInput, width: 100, priority: 1, ...enumish },
  boolean: { cell: BoolCell, input: SwitchInput, filter: EnumInput, width: 90, fromUrl: boolFromUrl },
  datetime: { cell: DateTimeCell, input: DateInput, range: DateRangeInput, width: 170, priority: 1 },
  date: { cell: TextCell, input: DateInput, range: DateRangeInput, width: 120, toWire: dayOf },
  dateRange: { cell: TextCell, input: DateRangeInput, width: 170 },
  ref: { cell: RefCell, input: RefInput, fromUrl: intFromUrl, exportValue: refText },
  refs: { cell: RefsCell, input: RefsInput, wide: true, priority: 3, blank: [], fromUrl: intFromUrl, exportValue: refsText },
  remote: { cell: RemoteCell, input: RemoteInput, fromUrl: intFromUrl },
  remotes: { cell: RemoteCell, input: RemoteInput, filter: RemoteFilter, wide: true, blank: [], fromUrl: intFromUrl },
  tree: { cell: RefCell, input: TreeInput, fromUrl: intFromUrl, exportValue: refText },
  image: { cell: ImageCell, input: ImageInput, filter: NoFilter, width: 80, priority: 3 },
  images: { cell: ImagesCell, input: ImageInput, filter: NoFilter, width: 160, wide: true, priority: 3, blank: [] },
  color: { cell: ColorCell, input: ColorInput, width: 130, priority: 3 },
  password: { cell: () => null, input: PasswordInput, filter: NoFilter, priority: 3, blank: '', toWire: asIs },
  strings: { cell: TextCell, input: StringsInput, priority: 3, blank: [] },
};

/** Adds or replaces a kind for every screen (e.g. an area's special widget used by several screens). */
export function registerKind(kind: FieldKind, def: Partial<KindDef> & Pick<KindDef, 'input'>): void {
  KINDS[kind] = { ...(KINDS[kind] ?? { cell: TextCell }), ...def };
}

/** The registry entry of a field (its kind's; plain text for an unknown kind). */
export function kindDef(spec: Pick<FieldSpec, 'kind'>): KindDef {
  return KINDS[spec.kind] ?? KINDS.string;
}

/** A wire value (a record's, an action's initial value) as its input holds it (money: cents → yuan). */
export function formValue(spec: FieldSpec, wire: unknown): unknown {
  return (kindDef(spec).toForm ?? asIs)(wire, spec);
}

/** A form value as the wire takes it (money: yuan → cents, texts trimmed). */
export function wireValue(spec: FieldSpec, value: unknown): unknown {
  const to = kindDef(spec).toWire;
  if (to) return to(value, spec);
  return typeof value === 'string' ? value.trim() : value;
}

/** A filter's URL text as its value (see {@link KindDef.fromUrl}); `undefined` when it is not one. */
export function urlValue(spec: FieldSpec, raw: string): unknown {
  const from = kindDef(spec).fromUrl;
  return from ? from(raw, spec) : raw;
}

/** A field's cell in an exported spreadsheet (see {@link KindDef.exportValue}). */
export function exportValue(spec: FieldSpec, value: unknown, ctx: KindContext): string | number | null {
  const ex = kindDef(spec).exportValue;
  if (ex) return ex(value, spec, ctx);
  if (Array.isArray(value)) return value.join(', ');
  if (value === undefined || value === null) return null;
  return typeof value === 'number' || typeof value === 'string' ? value : String(value);
}

/** The default width of a field's column: the override, then its kind's, then none (the table decides). */
export function widthOf(spec: FieldSpec): number | undefined {
  if (spec.override.width) return spec.override.width;
  if (spec.name === 'id') return 80;
  if (spec.name === 'sort') return 90;
  return KINDS[spec.kind]?.width;
}

/**
 * How much a list needs a field's column (see {@link KindDef.priority}): the override, then the
 * field's role (`updateTime` is an ordinary time), then its kind's, else 2.
 */
export function priorityOf(spec: FieldSpec): 1 | 2 | 3 {
  if (spec.override.priority) return spec.override.priority;
  if (spec.name === 'updateTime') return 2;
  return KINDS[spec.kind]?.priority ?? 2;
}

/**
 * A field's cell element: override first, then its kind's; a field that names another record
 * (`record-links.ts` `fieldLink`: its reference, or the override's `link`) is drawn as a link to it.
 */
export function renderCell(spec: FieldSpec, row: Row, refs?: RefOption[]): ReactNode {
  const Cell = (KINDS[spec.kind] ?? KINDS.string).cell;
  const el = spec.override.cell ? spec.override.cell(row) : <Cell spec={spec} row={row} value={row[spec.name]} refs={refs} />;
  const value = row[spec.name];
  if (value === null || value === undefined || value === '') return el;
  const target = cellTarget(spec, row);
  return target ? <RecordLink target={target} entity={fieldLink(spec)?.entity}>{el}</RecordLink> : el;
}

import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { InputNumber } from 'primereact/inputnumber';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { InputSwitch } from 'primereact/inputswitch';
import { Calendar } from 'primereact/calendar';
import { Tag } from 'primereact/tag';
import { Password } from 'primereact/password';
import type { FieldSpec } from './types';
import { centsToYuan, enumLabel, enumOptions } from './schema';
import { refOptions, type RefOption } from './api';

/** Spec §5/§9 wire time format. */
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The i18n label of a field: `resources.<entity>.fields.<field>`, then the kit's common fields, then the name. */
export function useFieldLabel(entity: string): (field: string) => string {
  const { t } = useTranslation();
  return (field) => t([`resources.${entity}.fields.${field}`, `crud.fields.${field}`], { defaultValue: field });
}

/** Options of a ref field from the cached `listAll` (spec §3 cached lists); empty while loading or on error. */
export function useRefOptions(spec: FieldSpec | null): RefOption[] {
  const [opts, setOpts] = useState<RefOption[]>([]);
  const entity = spec?.ref;
  const path = spec?.override.refPath;
  useEffect(() => {
    if (!entity) return;
    let live = true;
    refOptions(entity, path).then((o) => live && setOpts(o), () => {});
    return () => {
      live = false;
    };
  }, [entity, path]);
  return opts;
}

const SEVERITY = ['warning', 'success', 'secondary', 'info', 'danger', 'contrast'] as const;

/** A table cell by kind: enum as a tag with its label in the current language, money as yuan, images as thumbnails. */
export function CellValue({ spec, row, refs }: { spec: FieldSpec; row: Record<string, unknown>; refs?: RefOption[] }): ReactNode {
  const { i18n } = useTranslation();
  const v = row[spec.name];
  if (spec.override.cell) return spec.override.cell(row);
  switch (spec.kind) {
    case 'enum':
    case 'status': {
      const idx = enumOptions(spec.enumName!, 'zh_CN').findIndex((o) => o.value === v);
      return <Tag value={enumLabel(spec.enumName!, v, i18n.language)} severity={SEVERITY[idx % SEVERITY.length] ?? undefined} data-value={String(v)} />;
    }
    case 'money':
      return <span className="crud-money">¥{centsToYuan(v)}</span>;
    case 'percent':
      return typeof v === 'number' ? `${v}%` : '';
    case 'boolean':
      return <i className={v ? 'pi pi-check' : 'pi pi-minus'} aria-label={String(v)} />;
    case 'ref':
      return refs?.find((o) => o.value === v)?.label ?? (v == null ? '' : `#${String(v)}`);
    case 'image':
      return typeof v === 'string' && v ? <img className="crud-thumb" src={v} alt="" loading="lazy" /> : null;
    case 'images':
      return Array.isArray(v) ? <span className="crud-thumbs">{(v as string[]).slice(0, 3).map((src) => <img key={src} className="crud-thumb" src={src} alt="" loading="lazy" />)}{v.length > 3 ? `+${v.length - 3}` : ''}</span> : null;
    case 'color':
      return typeof v === 'string' ? <span className="crud-color" style={{ background: v }} title={v} /> : null;
    case 'strings':
    case 'refs':
      return Array.isArray(v) ? v.join(', ') : '';
    default:
      return v == null ? '' : String(v);
  }
}

/** A datetime text 'YYYY-MM-DD HH:mm:ss' as a Date for the Calendar; null when empty or invalid. */
export function parseDatetime(v: unknown): Date | null {
  if (typeof v !== 'string' || !v) return null;
  const d = dayjs(v);
  return d.isValid() ? d.toDate() : null;
}

interface InputProps {
  spec: FieldSpec;
  value: unknown;
  onChange: (v: unknown) => void;
  invalid?: boolean;
  id: string;
  placeholder?: string;
  /** Search-form variant: enums and refs can be cleared, texts are one line. */
  filter?: boolean;
}

/**
 * The form or filter input of a field by kind (design: string, text, int, money in yuan, enum →
 * Dropdown with labels in the current language, status/boolean → InputSwitch, datetime → Calendar
 * 'YYYY-MM-DD HH:mm:ss', ref → Dropdown over the cached list, image URL).
 */
export function FieldInput({ spec, value, onChange, invalid, id, placeholder, filter }: InputProps) {
  const { i18n, t } = useTranslation();
  const refs = useRefOptions(spec.kind === 'ref' || spec.kind === 'refs' ? spec : null);
  const cls = invalid ? 'p-invalid w-full' : 'w-full';
  const s = spec.schema;
  switch (spec.kind) {
    case 'text':
      return filter ? (
        <InputText id={id} className={cls} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} />
      ) : (
        <InputTextarea id={id} className={cls} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} rows={4} autoResize maxLength={s.maxLength as number | undefined} />
      );
    case 'int':
    case 'percent':
      return (
        <InputNumber inputId={id} className={cls} value={typeof value === 'number' ? value : null} onValueChange={(e) => onChange(e.value ?? null)} useGrouping={false} min={s.minimum as number | undefined} max={s.maximum as number | undefined} placeholder={placeholder} suffix={spec.kind === 'percent' ? '%' : undefined} />
      );
    case 'money':
      return <InputNumber inputId={id} className={cls} value={typeof value === 'number' ? value : null} onValueChange={(e) => onChange(e.value ?? null)} mode="decimal" minFractionDigits={2} maxFractionDigits={2} prefix="¥" placeholder={placeholder} />;
    case 'status':
    case 'boolean':
      if (filter) break;
      return (
        <InputSwitch
          inputId={id}
          checked={spec.kind === 'boolean' ? value === true : value === 1}
          onChange={(e) => onChange(spec.kind === 'boolean' ? e.value : e.value ? 1 : 0)}
          invalid={invalid}
        />
      );
    case 'datetime':
    case 'date':
      return (
        <Calendar
          inputId={id}
          className={cls}
          value={parseDatetime(value)}
          onChange={(e) => onChange(e.value ? dayjs(e.value as Date).format(spec.kind === 'date' ? 'YYYY-MM-DD' : DATETIME_FORMAT) : null)}
          showTime={spec.kind === 'datetime'}
          hourFormat="24"
          showSeconds={spec.kind === 'datetime'}
          dateFormat="yy-mm-dd"
          showIcon
          placeholder={placeholder}
        />
      );
    case 'ref':
      return <Dropdown inputId={id} className={cls} value={value ?? null} options={refs} onChange={(e) => onChange(e.value ?? null)} filter showClear={filter || !spec.required} placeholder={placeholder ?? t('crud.choose')} emptyMessage={t('crud.empty')} />;
    case 'refs':
      return <MultiSelect inputId={id} className={cls} value={(value as number[]) ?? []} options={refs} onChange={(e) => onChange(e.value)} filter display="chip" placeholder={placeholder ?? t('crud.choose')} />;
    case 'password':
      return <Password inputId={id} className={cls} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} feedback={false} toggleMask />;
    case 'images':
    case 'strings':
      return <InputText id={id} className={cls} value={Array.isArray(value) ? value.join(', ') : ''} onChange={(e) => onChange(e.target.value.split(',').map((x) => x.trim()).filter(Boolean))} placeholder={placeholder} />;
  }
  if (spec.kind === 'enum' || spec.kind === 'status' || spec.kind === 'boolean') {
    const options = spec.kind === 'boolean' ? [{ value: true, label: t('crud.yes') }, { value: false, label: t('crud.no') }] : enumOptions(spec.enumName!, i18n.language);
    return <Dropdown inputId={id} className={cls} value={value ?? null} options={options} onChange={(e) => onChange(e.value ?? null)} showClear={filter || !spec.required} placeholder={placeholder ?? t('crud.choose')} />;
  }
  // string, url, image, color: a line of text (image/url fields hold a URL).
  return <InputText id={id} className={cls} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} maxLength={s.maxLength as number | undefined} />;
}

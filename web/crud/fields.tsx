import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSpec, InputProps, Row } from './types';
import { onRefsChanged, refOptions, type RefOption } from './api';
import { KINDS, bindRefOptions, renderCell } from './kinds';

export { DATETIME_FORMAT, parseDatetime } from './kinds';
export type { InputProps } from './types';

/** The i18n label of a field: `resources.<entity>.fields.<field>`, then the kit's common fields, then the name. */
export function useFieldLabel(entity: string): (field: string) => string {
  const { t } = useTranslation();
  return (field) => t([`resources.${entity}.fields.${field}`, `crud.fields.${field}`], { defaultValue: field });
}

/**
 * Options of a ref field from the cached `listAll` (spec §3 cached lists); empty while loading or on
 * error. Loads again when that entity changes anywhere in the console (`invalidateRefs`), so a tag
 * added in one tab appears in the pickers of another without a reload.
 */
export function useRefOptions(spec: FieldSpec | null): RefOption[] {
  const [opts, setOpts] = useState<RefOption[]>([]);
  const [tick, setTick] = useState(0);
  const entity = spec?.ref;
  const path = spec?.override.refPath;
  useEffect(() => (entity ? onRefsChanged((e) => e === entity && setTick((n) => n + 1)) : undefined), [entity]);
  useEffect(() => {
    if (!entity) return;
    let live = true;
    refOptions(entity, path).then((o) => live && setOpts(o), () => {});
    return () => {
      live = false;
    };
  }, [entity, path, tick]);
  return opts;
}
bindRefOptions(useRefOptions);

/**
 * Cached options of several entities at once (a list's ref columns show labels, not ids), each
 * reloaded when its entity changes.
 */
export function useRefMaps(entities: readonly string[]): Record<string, RefOption[]> {
  const [maps, setMaps] = useState<Record<string, RefOption[]>>({});
  const [tick, setTick] = useState(0);
  const key = [...new Set(entities)].sort().join(',');
  useEffect(() => onRefsChanged((e) => key.split(',').includes(e) && setTick((n) => n + 1)), [key]);
  useEffect(() => {
    let live = true;
    for (const e of key ? key.split(',') : []) refOptions(e).then((o) => live && setMaps((m) => ({ ...m, [e]: o })), () => {});
    return () => {
      live = false;
    };
  }, [key, tick]);
  return maps;
}

/** A table cell by kind (registry `KINDS`): enum as a tag in the current language, money as currency, images as thumbnails… */
export function CellValue({ spec, row, refs }: { spec: FieldSpec; row: Row; refs?: RefOption[] }): ReactNode {
  return renderCell(spec, row, refs);
}

/**
 * The form or filter input of a field: the declaration's override (`input` / `filterInput`), else
 * its kind's entry in the registry (`KINDS`).
 */
export function FieldInput(props: InputProps) {
  const { spec, filter } = props;
  const kind = KINDS[spec.kind] ?? KINDS.string;
  const Custom = filter ? (spec.override.filterInput ?? spec.override.input) : spec.override.input;
  if (Custom) {
    const C = Custom as ComponentType<InputProps>;
    return <C {...props} />;
  }
  const Input = filter ? (kind.filter ?? kind.input) : kind.input;
  return <Input {...props} />;
}

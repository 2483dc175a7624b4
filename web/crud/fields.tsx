import { useCallback, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSpec, InputProps, Row } from './types';
import type { RefOption } from './api';
import { useRefOptionsOf } from './queries';
import { KINDS, bindRefOptions, renderCell } from './kinds';
import { CellEnvProvider, useCellEnvOrNull } from './cell-env';

export { useRefMaps } from './queries';

export { DATETIME_FORMAT, parseDatetime } from './kinds';
export type { InputProps } from './types';

/** The i18n label of a field: `resources.<entity>.fields.<field>`, then the kit's common fields, then the name. */
export function useFieldLabel(entity: string): (field: string) => string {
  const { t } = useTranslation();
  // One function while the language holds: the list's memoised parts compare it.
  return useCallback((field: string) => t([`resources.${entity}.fields.${field}`, `crud.fields.${field}`], { defaultValue: field }), [t, entity]);
}

/**
 * Options of a ref field from the cached `listAll` (spec §3 cached lists); empty while loading or on
 * error. A query keyed `[entity, 'listAll']`: a write to that entity anywhere in the console refetches
 * it, so a tag added in one tab appears in the pickers of another without a reload.
 */
export function useRefOptions(spec: FieldSpec | null): RefOption[] {
  return useRefOptionsOf(spec?.ref);
}
bindRefOptions(useRefOptions, useFieldLabel);

/** A table cell by kind (registry `KINDS`): enum as a tag in the current language, money as currency, images as thumbnails… */
export function CellValue({ spec, row, refs }: { spec: FieldSpec; row: Row; refs?: RefOption[] }): ReactNode {
  const cell = renderCell(spec, row, refs);
  // Inside a table the table's environment serves; alone (a detail screen) the cell reads its own.
  return useCellEnvOrNull() ? cell : <CellEnvProvider>{cell}</CellEnvProvider>;
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

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoComplete } from 'primereact/autocomplete';
import type { InputProps } from '../types';
import { searchOptions, type RefOption } from '../api';
import { useRemoteLabels } from '../queries';

/**
 * Remote-search picker for large entities (kinds `remote`, single id, and `remotes`, ids): typing
 * searches the entity's `list` with its keyword (20 matches, never `listAll` or the whole table);
 * on edit the current value's label comes from `info`. The entity is the field override's
 * `refEntity` (the contract entity), which `defineResource` requires for these kinds.
 */
export function RemoteInput({ spec, value, onChange, invalid, id, placeholder, describedBy }: InputProps) {
  const { t } = useTranslation();
  const entity = spec.override.refEntity!;
  const many = spec.kind === 'remotes';
  const ids: number[] = many ? (Array.isArray(value) ? (value as number[]) : []) : typeof value === 'number' ? [value] : [];
  // Options picked in this session carry their label; others (on edit, after a reset from outside)
  // come from `info` through the label cache, keyed by id, so a changed value never shows an old label.
  const [picked, setPicked] = useState<RefOption[]>([]);
  const known = new Map(picked.map((o) => [o.value, o.label]));
  const missing = ids.filter((i) => !known.has(i));
  const labels = useRemoteLabels(entity, missing);
  const chosen: RefOption[] = ids.map((i) => ({ value: i, label: known.get(i) ?? labels?.[missing.indexOf(i)] ?? `#${i}` }));
  const [suggestions, setSuggestions] = useState<RefOption[]>([]);

  return (
    <AutoComplete
      inputId={id}
      className={invalid ? 'p-invalid w-full' : 'w-full'}
      inputClassName="w-full"
      field="label"
      multiple={many}
      dropdown
      forceSelection
      delay={200}
      value={many ? chosen : (chosen[0] ?? null)}
      suggestions={suggestions}
      completeMethod={(e) => void searchOptions(entity, e.query).then(setSuggestions, () => setSuggestions([]))}
      onChange={(e) => {
        const v = e.value as RefOption | RefOption[] | string | null;
        if (typeof v === 'string') {
          if (!v && !many) onChange(null);
          return;
        }
        const list = Array.isArray(v) ? v : v ? [v] : [];
        setPicked((p) => [...p.filter((o) => !list.some((l) => l.value === o.value)), ...list]);
        onChange(many ? list.map((o) => o.value) : (list[0]?.value ?? null));
      }}
      placeholder={placeholder ?? t('crud.typeToSearch')}
      emptyMessage={t('crud.empty')}
      showEmptyMessage
      aria-describedby={describedBy}
      data-testid="crud-remote"
    />
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoComplete } from 'primereact/autocomplete';
import type { InputProps } from '../types';
import { labelOf, searchOptions, type RefOption } from '../api';

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
  const [chosen, setChosen] = useState<RefOption[]>([]);
  const [suggestions, setSuggestions] = useState<RefOption[]>([]);
  const idsKey = ids.join(',');

  // Labels of the current value (on edit, or after a reset from outside).
  useEffect(() => {
    let live = true;
    const known = new Map(chosen.map((o) => [o.value, o]));
    const missing = ids.filter((i) => !known.has(i));
    if (!missing.length) {
      if (chosen.length !== ids.length) setChosen(ids.map((i) => known.get(i)!));
      return;
    }
    void Promise.all(missing.map((i) => labelOf(entity, i))).then((found) => {
      if (!live) return;
      const all = new Map([...known, ...found.map((o) => [o.value, o] as const)]);
      setChosen(ids.map((i) => all.get(i)!).filter(Boolean));
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idsKey, entity]);

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
          if (!v && !many) {
            setChosen([]);
            onChange(null);
          }
          return;
        }
        const list = Array.isArray(v) ? v : v ? [v] : [];
        setChosen(list);
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

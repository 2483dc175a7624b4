import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { opKey } from '../../api/query';
import type { InputProps } from '../types';
import { searchOptions, type RefOption } from '../api';
import { useRemoteLabels } from '../queries';

/**
 * Remote-search picker for large entities (kinds `remote`, single id, and `remotes`, ids): typing
 * searches the entity's `list` with its keyword (20 matches, never `listAll` or the whole table);
 * on edit the current value's label comes from `info`. The entity is the field override's
 * `refEntity` (the contract entity), which `defineResource` requires for these kinds.
 *
 * The text being typed is the input's own until an option is chosen (it vanished when the
 * matches arrived, and a click on a match could be lost to PrimeReact's `forceSelection` clearing the
 * field on blur); leaving the box without choosing shows the chosen record's label again. The
 * matches are a query keyed by the text (`[entity, 'search', {keyword}]`), so an older answer never
 * replaces a newer one.
 *
 * A search PrimeReact still had pending from typing (its `delay` timer outlives a choice made within
 * it) is dropped when the box no longer shows the text it was for: otherwise it reopened the matches
 * over the next field after the operator had already chosen one.
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
  // Typed, not yet chosen (single picker); null shows the chosen record's label.
  const [text, setText] = useState<string | null>(null);
  const panelOpen = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Each search (even of the same text) hands the picker a new array: it opens its panel on a change.
  const [search, setSearch] = useState<{ keyword: string; n: number } | null>(null);
  const found = useQuery({
    queryKey: opKey(entity.name, 'search', { keyword: search?.keyword ?? '' }),
    queryFn: () => searchOptions(entity, search?.keyword ?? ''),
    enabled: search !== null,
    staleTime: 30_000,
  });
  const suggestions = useMemo<RefOption[]>(() => (found.data ? [...found.data] : []), [found.data, search?.n]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <AutoComplete
      inputId={id}
      className={invalid ? 'p-invalid w-full' : 'w-full'}
      inputClassName="w-full"
      field="label"
      multiple={many}
      dropdown
      delay={200}
      value={many ? chosen : (text ?? chosen[0] ?? null)}
      suggestions={suggestions}
      inputRef={inputRef}
      completeMethod={(e) => {
        // Typed searches only (the dropdown button searches '' whatever the box shows).
        const typed = e.originalEvent?.type === 'change' || e.originalEvent?.type === 'input';
        if (typed && inputRef.current && inputRef.current.value !== e.query) return;
        setSearch((s) => ({ keyword: e.query, n: (s?.n ?? 0) + 1 }));
      }}
      // Leaving the box restores the chosen label, but not while the matches are open: a click on
      // one blurs the input first, and re-drawing it then could lose the click.
      onShow={() => void (panelOpen.current = true)}
      onHide={() => {
        panelOpen.current = false;
        setText(null);
      }}
      onBlur={() => {
        if (!panelOpen.current) setText(null);
      }}
      onChange={(e) => {
        const v = e.value as RefOption | RefOption[] | string | null;
        if (typeof v === 'string') {
          if (!many) setText(v);
          if (!v && !many) onChange(null);
          return;
        }
        setText(null);
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

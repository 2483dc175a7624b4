import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoComplete } from 'primereact/autocomplete';
import { http } from '../api/http';

export interface PickerItem {
  id: number;
  label: string;
  /** A second line (phone, code…), optional. */
  hint?: string;
}

export interface RemoteMultiPickerProps {
  /** The entity's `list` path (`/v1/member/list`): searched with `keyword`, 20 a page; never the whole table. */
  listPath: string;
  /** The entity's `info` path, to show the labels of ids already chosen (on modify). */
  infoPath: string;
  /** Record field shown as the chip and option label (the entity's label, e.g. `nickName`). */
  labelField: string;
  /** Record field shown beside the label in the options (e.g. `phone`), optional. */
  hintField?: string;
  value: number[];
  onChange: (ids: number[]) => void;
  inputId?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Most ids that may be chosen (the contract's `maxItems`). */
  max?: number;
  placeholder?: string;
}

/**
 * A multi-picker for large entities (members, goods): type to search the entity's `list` by
 * keyword (debounced by the AutoComplete, spec §9 search debounce 200 ms), pick several, remove with
 * the chip's ×. Ids chosen before are shown by their label, fetched once through `info`.
 * Generic (no area imports) so the kit can take it over.
 */
export function RemoteMultiPicker({ listPath, infoPath, labelField, hintField, value, onChange, inputId, invalid, disabled, max, placeholder }: RemoteMultiPickerProps) {
  const { t } = useTranslation();
  const [suggestions, setSuggestions] = useState<PickerItem[]>([]);
  const known = useRef(new Map<number, PickerItem>());
  const [, setTick] = useState(0);
  const toItem = (r: Record<string, unknown>): PickerItem => ({ id: Number(r.id), label: String(r[labelField] ?? r.id), ...(hintField && r[hintField] ? { hint: String(r[hintField]) } : {}) });

  // Labels of ids chosen before this picker opened (a draft being modified).
  const missing = value.filter((id) => !known.current.has(id));
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!missingKey) return;
    let live = true;
    Promise.all(missingKey.split(',').map((id) => http.post<Record<string, unknown>>(infoPath, { id: Number(id) }, { errorMode: 'none' }).then(toItem, () => ({ id: Number(id), label: `#${id}` }))))
      .then((items) => {
        if (!live) return;
        for (const it of items) known.current.set(it.id, it);
        setTick((n) => n + 1);
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missingKey, infoPath]);

  const search = (q: string) => {
    http.post<{ list: Record<string, unknown>[] }>(listPath, { pageNum: 1, pageSize: 20, ...(q.trim() ? { keyword: q.trim() } : {}) }).then(
      (p) => {
        const items = p.list.map(toItem);
        for (const it of items) known.current.set(it.id, it);
        setSuggestions(items.filter((it) => !value.includes(it.id)));
      },
      () => setSuggestions([]),
    );
  };

  const selected = value.map((id) => known.current.get(id) ?? { id, label: `#${id}` });
  return (
    <AutoComplete
      inputId={inputId}
      multiple
      value={selected}
      suggestions={suggestions}
      completeMethod={(e) => search(e.query)}
      field="label"
      delay={200}
      dropdown
      disabled={disabled}
      className={invalid ? 'p-invalid w-full' : 'w-full'}
      placeholder={selected.length ? undefined : placeholder ?? t('crud.choose')}
      itemTemplate={(it: PickerItem) => (
        <span data-testid="picker-option">
          {it.label}
          {it.hint && <small style={{ marginLeft: 8, opacity: 0.7 }}>{it.hint}</small>}
        </span>
      )}
      onChange={(e) => {
        const items = (e.value as PickerItem[]) ?? [];
        for (const it of items) if (typeof it === 'object') known.current.set(it.id, it);
        const ids = items.filter((it) => typeof it === 'object').map((it) => it.id);
        onChange(max ? ids.slice(0, max) : ids);
      }}
      emptyMessage={t('crud.empty')}
      showEmptyMessage
      data-testid="remote-multi-picker"
    />
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoComplete } from 'primereact/autocomplete';
import { http } from '../api/http';

type Row = Record<string, unknown>;

/** Spec §9: search debounce 200 ms. */
const DEBOUNCE_MS = 200;

export interface RemotePickerProps {
  id?: string;
  /** The entity's `list` endpoint: searched with `keyword`, 20 at a time; never the whole table. */
  listPath: string;
  /** The entity's `info` endpoint, to show the label of a value set from outside (edit, URL). */
  infoPath: string;
  /** The text of a record in the input and the suggestions. */
  labelOf: (row: Row) => string;
  value: number | null | undefined;
  onChange: (id: number | null, row: Row | null) => void;
  placeholder?: string;
  invalid?: boolean;
}

/**
 * A picker for large entities (members): type to search through the entity's `list` with a keyword
 * (debounced 200 ms, spec §9), pick a suggestion; shows the label of the current value. Clearing the
 * text clears the value.
 */
export function RemotePicker({ id, listPath, infoPath, labelOf, value, onChange, placeholder, invalid }: RemotePickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | Row>('');
  const [items, setItems] = useState<Row[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const known = useRef<Row | null>(null);

  useEffect(() => {
    if (value == null) {
      if (known.current) setText('');
      known.current = null;
      return;
    }
    if (known.current?.id === value) return;
    let live = true;
    http.post<Row>(infoPath, { id: value }).then((r) => {
      if (!live) return;
      known.current = r;
      setText(r);
    }, () => {});
    return () => {
      live = false;
    };
  }, [value, infoPath]);

  const search = (q: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      http.post<{ list: Row[] }>(listPath, { pageNum: 1, pageSize: 20, ...(q.trim() ? { keyword: q.trim() } : {}) }).then((p) => setItems(p.list), () => setItems([]));
    }, DEBOUNCE_MS);
  };

  return (
    <AutoComplete
      inputId={id}
      className={invalid ? 'p-invalid w-full' : 'w-full'}
      inputClassName="w-full"
      value={text}
      suggestions={items}
      field="__label"
      completeMethod={(e) => search(e.query)}
      itemTemplate={(r: Row) => <span data-testid="picker-option">{labelOf(r)}</span>}
      selectedItemTemplate={(r: Row) => labelOf(r)}
      onChange={(e) => {
        const v = e.value as string | Row;
        if (typeof v === 'string') {
          setText(v);
          if (!v && value != null) onChange(null, null);
        } else {
          known.current = v;
          setText(v);
          onChange(v.id as number, v);
        }
      }}
      placeholder={placeholder ?? t('crud.choose')}
      dropdown
      forceSelection={false}
      emptyMessage={t('crud.empty')}
      showEmptyMessage
      delay={0}
    />
  );
}

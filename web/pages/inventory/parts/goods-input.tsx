import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { api } from '../../../api/client';
import { readQuery } from '../../../api/query';
import type { InputProps, Page, Row } from '../../../crud';

/**
 * Goods picker offering only goods delivered a given way (1 codes, 3 accounts): a code can only be
 * loaded for goods delivered as codes, so the other goods are not offered. Up to 100 goods, the
 * newest first, narrowed by typing (the goods list's keyword). General part: a ref input with a
 * fixed filter, written to move into web/crud.
 */
export function GoodsByDeliveryInput({ value, onChange, invalid, id, placeholder, describedBy, deliveryType, filter }: InputProps & { deliveryType: 1 | 2 | 3 | 4 }) {
  const [keyword, setKeyword] = useState('');
  // Typing waits 200 ms before asking; stale answers and de-duplication are the query cache's.
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTyped(keyword.trim()), keyword ? 200 : 0);
    return () => clearTimeout(timer);
  }, [keyword]);
  const payload = { pageNum: 1, pageSize: 100, deliveryType, ...(typed ? { keyword: typed } : {}) };
  const { data: options = [] } = useQuery({
    ...readQuery('goods', 'list', payload, ({ signal }) => api.goods.list(payload, { signal, ignoreCancel: true }) as Promise<Page<Row>>),
    select: (p) => p.list.map((g) => ({ value: g.id as number, label: String(g.goodsName) })),
    placeholderData: keepPreviousData,
  });
  return (
    <Dropdown
      inputId={id}
      value={typeof value === 'number' ? value : null}
      options={options}
      onChange={(e) => onChange((e.value as number | null) ?? null)}
      filter
      onFilter={(e) => setKeyword(e.filter)}
      showClear={!!filter}
      placeholder={placeholder}
      className={invalid ? 'p-invalid w-full' : 'w-full'}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
    />
  );
}

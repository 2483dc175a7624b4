import { useEffect, useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { goods } from '../../../../server/contract/goods';
import { callOp, type InputProps, type Page, type RefOption, type Row } from '../../../crud';

/**
 * Goods picker offering only goods delivered a given way (1 codes, 3 accounts): a code can only be
 * loaded for goods delivered as codes, so the other goods are not offered. Up to 100 goods, the
 * newest first, narrowed by typing (the goods list's keyword). General part: a ref input with a
 * fixed filter, written to move into web/crud.
 */
export function GoodsByDeliveryInput({ value, onChange, invalid, id, placeholder, describedBy, deliveryType, filter }: InputProps & { deliveryType: number }) {
  const [options, setOptions] = useState<RefOption[]>([]);
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    let live = true;
    const t = setTimeout(() => {
      callOp<Page<Row>>(goods, 'list', { pageNum: 1, pageSize: 100, deliveryType, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) }).then(
        (p) => live && setOptions(p.list.map((g) => ({ value: g.id as number, label: String(g.goodsName) }))),
        () => {},
      );
    }, keyword ? 200 : 0);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [deliveryType, keyword]);
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

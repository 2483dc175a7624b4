import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { InputNumber } from 'primereact/inputnumber';
import { listQueryString, type ListContext } from '../crud';

/**
 * A money range bound to one `range` filter of a kit list page (amounts, prices): two inputs in
 * yuan, sent in cents; Enter or leaving an input applies it (both ends needed, an empty end clears
 * the filter). The kit's own range filter is a date range.
 */
export function ListMoneyRange({ ctx, field, label, id }: { ctx: ListContext; field: string; label: string; id: string }) {
  const [path, navigate] = useLocation();
  const cur = ctx.state.filters[field] as number[] | undefined;
  const [min, setMin] = useState<number | null>(cur ? cur[0] / 100 : null);
  const [max, setMax] = useState<number | null>(cur ? cur[1] / 100 : null);
  const key = JSON.stringify(cur ?? null);
  useEffect(() => {
    setMin(cur ? cur[0] / 100 : null);
    setMax(cur ? cur[1] / 100 : null);
    // Follow the URL (reset, back/forward).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const apply = (a: number | null, b: number | null) => {
    const filters = { ...ctx.state.filters };
    if (a === null || b === null) delete filters[field];
    else filters[field] = [Math.round(Math.min(a, b) * 100), Math.round(Math.max(a, b) * 100)];
    if (JSON.stringify(filters[field] ?? null) === key) return;
    navigate(`${path}${listQueryString({ ...ctx.state, pageNum: 1, filters })}`);
  };
  const input = (which: 'min' | 'max') => (
    <InputNumber
      inputId={`${id}-${which}`}
      value={which === 'min' ? min : max}
      onValueChange={(e) => (which === 'min' ? setMin(e.value ?? null) : setMax(e.value ?? null))}
      onBlur={() => apply(min, max)}
      onKeyDown={(e) => e.key === 'Enter' && apply(min, max)}
      mode="decimal"
      minFractionDigits={0}
      maxFractionDigits={2}
      min={0}
      prefix="¥"
      placeholder={which === 'min' ? `${label} ≥` : '≤'}
      inputClassName="part-range__input"
      aria-label={`${label} ${which}`}
    />
  );
  return (
    <span className="part-range" data-testid={`range-filter-${field}`}>
      {input('min')}
      <span>–</span>
      {input('max')}
    </span>
  );
}

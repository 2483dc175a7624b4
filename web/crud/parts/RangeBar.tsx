import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import dayjs from 'dayjs';
import { Calendar } from 'primereact/calendar';
import { SelectButton } from 'primereact/selectbutton';
import { GRANULARITIES, QUICK_RANGES, readRange, writeRange, type Granularity, type QuickRange, type RangeState } from './date-range';
import './parts.css';

/**
 * The report range kept in the URL query (see date-range.ts): returns the current range and a
 * setter that replaces the query in place (a range change is view state, not a new history entry).
 * `today` is read once per render day.
 */
export function useUrlRange(fallbackRange: Exclude<QuickRange, 'custom'> = '30d'): [RangeState, (next: RangeState) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const today = dayjs().format('YYYY-MM-DD');
  const state = useMemo(() => readRange(new URLSearchParams(search), today, fallbackRange), [search, today, fallbackRange]);
  const set = useCallback(
    (next: RangeState) => navigate(`${path}?${writeRange(next, new URLSearchParams(search)).toString()}`, { replace: true }),
    [navigate, path, search],
  );
  return [state, set];
}

/**
 * Range toolbar of a report: quick ranges (today, 7 days, 30 days, this month, custom),
 * a date-range calendar for custom, and the granularity (day, week, month). Texts `parts.range.*`.
 */
export function RangeBar({ value, onChange, granularities = GRANULARITIES }: { value: RangeState; onChange: (next: RangeState) => void; granularities?: readonly Granularity[] }) {
  const { t, i18n } = useTranslation();
  const [custom, setCustom] = useState<(Date | null)[] | null>(null);
  const quick = QUICK_RANGES.map((r) => ({ value: r, label: t(`parts.range.quick.${r}`) }));
  const grans = granularities.map((g) => ({ value: g, label: t(`parts.range.granularity.${g}`) }));
  const today = dayjs().format('YYYY-MM-DD');
  const pickQuick = (r: QuickRange | null) => {
    if (!r) return;
    if (r === 'custom') onChange({ ...value, range: 'custom' });
    else onChange({ ...readRange(new URLSearchParams({ range: r }), today), granularity: value.granularity });
  };
  const dates = custom ?? [dayjs(value.start).toDate(), dayjs(value.end).toDate()];
  return (
    <div className="parts-range" data-testid="range-bar">
      <SelectButton value={value.range} options={quick} onChange={(e) => pickQuick(e.value as QuickRange | null)} allowEmpty={false} aria-label={t('parts.range.label')} data-testid="range-quick" />
      {value.range === 'custom' && (
        <Calendar
          value={dates as Date[]}
          selectionMode="range"
          readOnlyInput
          dateFormat={i18n.language === 'en' ? 'mm/dd/yy' : 'yy-mm-dd'}
          maxDate={new Date()}
          showIcon
          aria-label={t('parts.range.custom')}
          data-testid="range-custom"
          onChange={(e) => {
            const v = (e.value ?? []) as (Date | null)[];
            setCustom(v);
            if (v[0] && v[1]) {
              setCustom(null);
              onChange({ ...value, range: 'custom', start: dayjs(v[0]).format('YYYY-MM-DD'), end: dayjs(v[1]).format('YYYY-MM-DD') });
            }
          }}
        />
      )}
      <span className="parts-range-dates" data-testid="range-dates">
        {value.start === value.end ? value.start : `${value.start} ~ ${value.end}`}
      </span>
      <SelectButton
        className="parts-range-gran"
        value={value.granularity}
        options={grans}
        onChange={(e) => e.value && onChange({ ...value, granularity: e.value as Granularity })}
        allowEmpty={false}
        aria-label={t('parts.range.granularityLabel')}
        data-testid="range-granularity"
      />
    </div>
  );
}

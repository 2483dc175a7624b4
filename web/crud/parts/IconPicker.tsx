import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrimeIcons } from 'primereact/api';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { OverlayPanel } from 'primereact/overlaypanel';
import { Paginator } from 'primereact/paginator';
import { filterIcons, ICON_PAGE_SIZE, ICON_SEARCH_DEBOUNCE_MS, iconPage } from './icon-filter';
import './parts.css';

const ALL_ICONS: readonly string[] = Object.values(PrimeIcons as unknown as Record<string, string>);

/**
 * Icon picker (spec §5, §9): the chosen icon and its class name; a button opens a panel with a
 * free-text filter (debounced 100 ms), the icons 140 a page, and a pager once the matching icons
 * reach a page. Texts `parts.icon.*`.
 */
export function IconPicker({ value, onChange, id }: { value: string; onChange: (icon: string) => void; id?: string }) {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(text);
      setPage(0);
    }, ICON_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const matching = useMemo(() => filterIcons(ALL_ICONS, query), [query]);
  const shown = iconPage(matching, page);
  return (
    <div className="parts-icon" data-testid="icon-picker">
      <span className="p-inputgroup">
        <span className="p-inputgroup-addon">{value ? <i className={value} aria-hidden /> : <i className="pi pi-image" style={{ opacity: 0.3 }} aria-hidden />}</span>
        <InputText id={id} value={value} onChange={(e) => onChange(e.target.value)} placeholder="pi pi-..." data-testid="icon-value" />
        <Button type="button" icon="pi pi-th-large" aria-label={t('parts.icon.choose')} onClick={(e) => panel.current?.toggle(e)} data-testid="icon-open" />
      </span>
      <OverlayPanel ref={panel} className="parts-icon-panel" aria-label={t('parts.icon.choose')}>
        <InputText value={text} onChange={(e) => setText(e.target.value)} placeholder={t('parts.icon.search')} aria-label={t('parts.icon.search')} className="parts-icon-search" data-testid="icon-search" autoFocus />
        <div className="parts-icon-count">{t('parts.icon.count', { count: matching.length })}</div>
        {shown.items.length ? (
          <div className="parts-icon-grid" role="listbox" aria-label={t('parts.icon.choose')}>
            {shown.items.map((icon) => (
              <button
                key={icon}
                type="button"
                role="option"
                aria-selected={icon === value}
                title={icon.replace('pi pi-', '')}
                className={icon === value ? 'is-chosen' : ''}
                onClick={() => {
                  onChange(icon);
                  panel.current?.hide();
                }}
                data-testid="icon-option"
                data-icon={icon}
              >
                <i className={icon} aria-hidden />
              </button>
            ))}
          </div>
        ) : (
          <div className="parts-icon-empty">{t('parts.icon.none')}</div>
        )}
        {shown.paged && <Paginator first={page * ICON_PAGE_SIZE} rows={ICON_PAGE_SIZE} totalRecords={matching.length} onPageChange={(e) => setPage(e.page)} template="PrevPageLink CurrentPageReport NextPageLink" data-testid="icon-pager" />}
      </OverlayPanel>
    </div>
  );
}

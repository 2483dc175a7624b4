import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { api, apiQuery } from '../../api/client';
import { EnableStatus } from '../../../server/contract/fields';
import { usePermission } from '../../services/permission';
import { ActionDialog, DescList, FieldInput, ResourceForm, enumLabel, useConfirmAction, useFieldLabel, type InputProps } from '../../crud';
import seoSetting from '../../resources/operate/seo-setting.resource';
import '../storefront.css';

type Row = Record<string, unknown>;
const entity = seoSetting.entity;
/**
 * What search engines show before cutting: about 60 characters of title and 160 of description
 * (common SEO guidance; CJK characters count double in the width a result line gives them).
 */
export const SEO_LIMITS = { title: 60, keywords: 100, description: 160 } as const;
const FIELDS = ['title', 'keywords', 'description'] as const;
/** Every shop page (a few dozen), in the order they were made. */
const PAGES = { pageNum: 1, pageSize: 100, sortField: 'createTime', sortOrder: 'asc' } as const;
const NO_PAGES: never[] = [];

/** Display width of a text: CJK and full-width characters count 2, others 1 (how result lines are cut). */
export function displayWidth(s: string): number {
  let n = 0;
  for (const ch of s) n += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return n;
}

/** The text cut to a display width, with an ellipsis when cut (the snippet preview). */
function cut(s: string, width: number): string {
  let n = 0;
  let out = '';
  for (const ch of s) {
    n += displayWidth(ch);
    if (n > width) return `${out}…`;
    out += ch;
  }
  return out;
}

/**
 * /operate/seoSetting (spec §2): the shop's pages on the left; the chosen page's title, keywords
 * and description as a settings form with length counters (display width against what a search
 * result shows) and a live preview of the search-result snippet. A page is added through the
 * resource's form (its key, name and texts) and deleted after a confirmation.
 */
export default function OperateSeoSettingPage() {
  const { t, i18n } = useTranslation();
  const label = useFieldLabel(entity.name);
  const can = usePermission().has;
  const pages = useQuery(apiQuery(api.seoSetting.list, PAGES)).data?.list ?? NO_PAGES;
  const [picked, setPicked] = useState<number | null>(null);
  const chosen = picked ?? pages[0]?.id ?? null;
  const record = pages.find((p) => p.id === chosen) ?? null;
  const editable = can('OperateSeoSetting:update');
  const [adding, setAdding] = useState(false);
  const confirm = useConfirmAction();
  const del = (r: Row) =>
    confirm({
      header: t('crud.deleteTitle'),
      message: t('operate.seo.deleteConfirm', { name: String(r.pageName) }),
      danger: true,
      run: () => api.seoSetting.del({ ids: [r.id as number] }),
      doneMessage: t('crud.deleted', { count: 1 }),
      // The list reloads by itself (the write drops seoSetting's reads); the first page is chosen.
      done: () => setPicked(null),
    });

  const counter = (f: (typeof FIELDS)[number], value: unknown) => {
    const w = displayWidth(String(value ?? ''));
    return <small className={`storefront-counter${w > SEO_LIMITS[f] ? ' storefront-counter--over' : ''}`} data-testid={`seo-count-${f}`}>{t('operate.seo.counter', { n: w, max: SEO_LIMITS[f] })}</small>;
  };
  const preview = (values: Row) => (
    <div>
      <label>{t('operate.seo.preview')}</label>
      <div className="storefront-snippet" data-testid="seo-preview">
        <div className="storefront-snippet__url">shop.example.com › {String(record?.pageKey)}</div>
        <div className="storefront-snippet__title" data-testid="seo-preview-title">{cut(String(values.title ?? ''), SEO_LIMITS.title) || t('operate.seo.noTitle')}</div>
        <div className="storefront-snippet__desc">{cut(String(values.description ?? ''), SEO_LIMITS.description)}</div>
      </div>
    </div>
  );
  return (
    <div className="storefront-split" style={{ gridTemplateColumns: '220px minmax(0, 1fr)' }} data-testid="seo-page">
      <section className="crud-card">
        <header className="crud-toolbar">
          <h3 className="crud-toolbar__title">{t('operate.seo.pages')}</h3>
          {can('OperateSeoSetting:add') && <Button label={t('crud.add')} icon="pi pi-plus" size="small" text onClick={() => setAdding(true)} data-testid="seo-add" />}
        </header>
        <ul className="storefront-list" data-testid="seo-pages">
          {pages.map((p) => (
            <li key={p.id}>
              <Button label={String(p.pageName)} text={p.id !== chosen} size="small" onClick={() => setPicked(p.id)} badge={p.status === 1 ? undefined : t('operate.seo.off')} badgeClassName="p-badge-secondary" />
            </li>
          ))}
        </ul>
      </section>
      {record && (
        <section className="crud-card" data-testid="seo-form">
          <header className="crud-toolbar">
            <h3 className="crud-toolbar__title">{String(record.pageName)} <small>({String(record.pageKey)})</small></h3>
            {can('OperateSeoSetting:del') && <Button label={t('crud.delete')} icon="pi pi-trash" size="small" text severity="danger" onClick={() => del(record)} data-testid="seo-delete" />}
          </header>
          {editable ? (
            // One form per page (key): choosing another page starts from its saved values.
            <ActionDialog
              key={record.id}
              visible
              mode="inline"
              title={String(record.pageName)}
              action={api.seoSetting.update}
              fixed={{ id: record.id }}
              record={record}
              initial={record}
              fields={[
                ...FIELDS.map((f) => ({ name: f, label: label(f), id: `seo-${f}`, required: f === 'title', render: (ip: InputProps) => <>{<FieldInput {...ip} />}{counter(f, ip.value)}</> })),
                { name: 'status', label: label('status'), id: 'seo-status', kind: 'switch' },
              ]}
              submitLabel={t('crud.save')}
              doneMessage={t('crud.updated')}
              onHide={() => {}}
              onDone={() => {}}
              testIds={{ submit: 'seo-save' }}
            >
              {({ values }) => preview(values)}
            </ActionDialog>
          ) : (
            <>
              {preview(record)}
              <DescList items={[...FIELDS, 'status' as const].map((f) => ({ label: label(f), value: f === 'status' ? enumLabel(EnableStatus.name, record.status, i18n.language) : String(record[f] ?? '—'), wide: true }))} />
            </>
          )}
        </section>
      )}
      <ResourceForm resource={seoSetting} record={null} visible={adding} onHide={() => setAdding(false)} onSaved={(saved) => {
        setAdding(false);
        setPicked(saved.id as number);
      }} />
    </div>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSchema } from 'typebox';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { InputSwitch } from 'primereact/inputswitch';
import { ApiError } from '../../api/http';
import { notify } from '../../services/notify';
import { usePermission } from '../../services/permission';
import { callOp, fieldOfServerMessage, serverFieldText, invalidateRefs, useFieldLabel, validatePayload, type Page } from '../../crud';
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
 * result shows) and a live preview of the search-result snippet.
 */
export default function OperateSeoSettingPage() {
  const { t } = useTranslation();
  const label = useFieldLabel(entity.name);
  const can = usePermission().has;
  const [pages, setPages] = useState<Row[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [values, setValues] = useState<Row>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const record = useMemo(() => pages.find((p) => p.id === chosen) ?? null, [pages, chosen]);
  const editable = can('OperateSeoSetting:update');

  useEffect(() => {
    callOp<Page<Row>>(entity, 'list', { pageNum: 1, pageSize: 100, sortField: 'createTime', sortOrder: 'asc' }).then((p) => {
      setPages(p.list);
      setChosen((c) => c ?? (p.list[0]?.id as number | undefined) ?? null);
    }, () => setPages([]));
  }, []);
  useEffect(() => {
    if (record) setValues({ title: record.title, keywords: record.keywords, description: record.description, status: record.status });
    setErrors({});
  }, [record]);

  async function save() {
    if (!record) return;
    const changed: Row = { id: record.id };
    for (const f of [...FIELDS, 'status']) if (values[f] !== record[f]) changed[f] = typeof values[f] === 'string' ? (values[f] as string).trim() : values[f];
    const found = validatePayload(entity.schemas.update as TSchema, changed);
    setErrors(Object.fromEntries(Object.entries(found).map(([f, e]) => [f, t(`crud.validation.${e.key}`, { ...e.values, field: label(f) })])));
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const saved = await callOp<Row>(entity, 'update', changed);
      invalidateRefs(entity.name);
      setPages((list) => list.map((p) => (p.id === saved.id ? saved : p)));
      notify({ mode: 'toast', message: t('crud.updated') }, 'success');
    } catch (e) {
      if (e instanceof ApiError) {
        const f = fieldOfServerMessage(e, [...FIELDS]);
        if (f) setErrors({ [f]: serverFieldText(e) });
      }
    } finally {
      setSaving(false);
    }
  }

  const counter = (f: (typeof FIELDS)[number]) => {
    const w = displayWidth(String(values[f] ?? ''));
    return <small className={`storefront-counter${w > SEO_LIMITS[f] ? ' storefront-counter--over' : ''}`} data-testid={`seo-count-${f}`}>{t('operate.seo.counter', { n: w, max: SEO_LIMITS[f] })}</small>;
  };
  const title = String(values.title ?? '');
  const description = String(values.description ?? '');
  return (
    <div className="storefront-split" style={{ gridTemplateColumns: '220px minmax(0, 1fr)' }} data-testid="seo-page">
      <section className="crud-card">
        <h3 className="crud-toolbar__title">{t('operate.seo.pages')}</h3>
        <ul className="storefront-list" data-testid="seo-pages">
          {pages.map((p) => (
            <li key={p.id as number}>
              <Button label={String(p.pageName)} text={p.id !== chosen} size="small" onClick={() => setChosen(p.id as number)} badge={p.status === 1 ? undefined : t('operate.seo.off')} badgeClassName="p-badge-secondary" />
            </li>
          ))}
        </ul>
      </section>
      {record && (
        <section className="crud-card storefront-split">
          <form className="crud-form" onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate data-testid="seo-form">
            <h3 style={{ margin: 0 }}>{String(record.pageName)} <small>({String(record.pageKey)})</small></h3>
            {FIELDS.map((f) => (
              <div key={f} className="crud-form__field crud-form__field--wide" data-field={f}>
                <label htmlFor={`seo-${f}`}>{f === 'title' && <span className="crud-required">*</span>}{label(f)}</label>
                {f === 'description' ? (
                  <InputTextarea id={`seo-${f}`} rows={4} autoResize value={String(values[f] ?? '')} maxLength={500} disabled={!editable} onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))} className={errors[f] ? 'p-invalid w-full' : 'w-full'} />
                ) : (
                  <InputText id={`seo-${f}`} value={String(values[f] ?? '')} maxLength={f === 'title' ? 128 : 255} disabled={!editable} onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))} className={errors[f] ? 'p-invalid w-full' : 'w-full'} />
                )}
                {counter(f)}
                {errors[f] && <small className="p-error" data-testid="crud-field-error">{errors[f]}</small>}
              </div>
            ))}
            <div className="crud-form__field">
              <label htmlFor="seo-status">{label('status')}</label>
              <InputSwitch inputId="seo-status" checked={values.status === 1} disabled={!editable} onChange={(e) => setValues((v) => ({ ...v, status: e.value ? 1 : 0 }))} />
            </div>
            {editable && (
              <div className="crud-form__footer">
                <Button type="button" label={t('crud.reset')} severity="secondary" outlined onClick={() => setValues({ title: record.title, keywords: record.keywords, description: record.description, status: record.status })} />
                <Button type="submit" label={t('crud.save')} icon="pi pi-check" loading={saving} data-testid="seo-save" />
              </div>
            )}
          </form>
          <div>
            <label>{t('operate.seo.preview')}</label>
            <div className="storefront-snippet" data-testid="seo-preview">
              <div className="storefront-snippet__url">shop.example.com › {String(record.pageKey)}</div>
              <div className="storefront-snippet__title" data-testid="seo-preview-title">{cut(title, SEO_LIMITS.title) || t('operate.seo.noTitle')}</div>
              <div className="storefront-snippet__desc">{cut(description, SEO_LIMITS.description)}</div>
            </div>
          </div>
        </section>
      )}
    </div>
  );
}

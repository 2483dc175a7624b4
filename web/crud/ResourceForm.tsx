import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Sidebar } from 'primereact/sidebar';
import { Button } from 'primereact/button';
import { TabView, TabPanel } from 'primereact/tabview';
import { confirmDialog } from 'primereact/confirmdialog';
import type { TSchema } from 'typebox';
import { ApiError } from '../api/http';
import { local } from '../lib/storage';
import type { FieldSpec, FormSection, Resource, Row } from './types';
import { defaultValues, fieldOfServerMessage, fieldSpec, serverFieldText, toFormValues, toPayload, validatePayload, type FieldError } from './schema';
import { FieldInput, useFieldLabel } from './fields';
import { KINDS } from './kinds';
import { callOp, editId, invalidateRefs } from './api';
import { crudEnv } from './env';
import { useLeaveGuard } from './leave-guard';

export interface ResourceFormProps {
  resource: Resource;
  /** The record being modified; null/undefined to add. */
  record?: Record<string, unknown> | null;
  visible: boolean;
  onHide: () => void;
  /** Called with the saved record after a successful add or update. */
  onSaved: (saved: Record<string, unknown>) => void;
  /** Force a variant (default: the declaration's `form.mode`). */
  mode?: 'dialog' | 'drawer' | 'page';
  /** Values a new record starts with, over the schema's defaults (a tree's "add child": `{ parentId }`). */
  defaults?: Row;
  /** Title (default: "Add/Edit <entity title>"). */
  title?: string;
}

type ErrorEntry = FieldError | { text: string };

/**
 * One labelled field: label, input (by kind or override), and its error tied to the input with
 * `aria-invalid` and `aria-describedby` (set on the real focusable element, whatever widget).
 */
function FormField({ spec, label, value, onChange, error, errorText, id, wide, values, setValues, tab }: {
  spec: FieldSpec; label: string; value: unknown; onChange: (v: unknown) => void; error?: ErrorEntry; errorText?: string; id: string; wide: boolean;
  values: Row; setValues: (patch: Row) => void; tab?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const errId = `${id}-error`;
  useLayoutEffect(() => {
    const el = box.current?.querySelector<HTMLElement>(`#${CSS.escape(id)}`) ?? box.current?.querySelector<HTMLElement>('input:not([type=hidden]):not([type=file]),textarea,[contenteditable=true],button');
    if (!el) return;
    if (error) {
      el.setAttribute('aria-invalid', 'true');
      el.setAttribute('aria-describedby', errId);
    } else {
      el.removeAttribute('aria-invalid');
      el.removeAttribute('aria-describedby');
    }
  });
  const rangeEnd = spec.override.rangeEnd;
  const inputValue = rangeEnd ? (values[spec.name] || values[rangeEnd] ? [values[spec.name], values[rangeEnd]] : null) : value;
  const inputChange = rangeEnd
    ? (v: unknown) => {
        const [a, b] = Array.isArray(v) ? (v as string[]) : [null, null];
        setValues({ [spec.name]: a ?? null, [rangeEnd]: b ?? null });
      }
    : onChange;
  return (
    <div ref={box} className={`crud-form__field${wide ? ' crud-form__field--wide' : ''}`} data-field={spec.name} data-tab={tab}>
      <label htmlFor={id}>
        {spec.required && <span className="crud-required">*</span>}
        {label}
      </label>
      <FieldInput spec={rangeEnd ? { ...spec, kind: 'dateRange' } : spec} value={inputValue} onChange={inputChange} invalid={!!error} id={id} describedBy={error ? errId : undefined} />
      {spec.override.hint && <small className="crud-hint">{spec.override.hint}</small>}
      {error && (
        <small className="p-error" id={errId} data-testid="crud-field-error" role="alert">
          {errorText}
        </small>
      )}
    </div>
  );
}

/**
 * The add/modify form of a resource (issue: "add and modify as a page, dialog or drawer"): inputs
 * from the kind registry, optional sections or tabs (`form.sections`, `form.layout`; the open tab
 * kept under `form.tabKey`), client validation against the contract's add/update schema with
 * messages beside each field in the current language (tied with aria-describedby), the server's
 * field-named refusal mapped to its field, emptied optional fields cleared on modify, the submit
 * disabled while saving, and (page mode) a prompt before leaving with unsaved changes.
 */
export function ResourceForm({ resource, record, visible, onHide, onSaved, mode, defaults, title: titleProp }: ResourceFormProps) {
  const { t } = useTranslation();
  const label = useFieldLabel(resource.entity.name);
  const fields = useMemo(() => (resource.form?.fields ?? []) as string[], [resource]);
  const [values, setValuesState] = useState<Row>({});
  const [initial, setInitial] = useState<string>('{}');
  const [errors, setErrors] = useState<Record<string, ErrorEntry>>({});
  const [saving, setSaving] = useState(false);
  const variant = mode ?? resource.form?.mode ?? 'dialog';
  const sections: FormSection[] = useMemo(() => (resource.form?.sections as FormSection[] | undefined) ?? [{ title: '', fields }], [resource, fields]);
  const tabs = resource.form?.layout === 'tabs' && sections.length > 1;
  const tabKey = resource.form?.tabKey;
  const [tab, setTabState] = useState<number>(() => Math.min(Math.max(0, (tabKey && local.get<number>(tabKey)) || 0), sections.length - 1));
  const setTab = (i: number) => {
    setTabState(i);
    if (tabKey) local.set(tabKey, i);
  };
  const isEdit = !!record;
  const ends = useMemo(() => new Set(fields.map((f) => fieldSpec(resource, f).override.rangeEnd).filter(Boolean) as string[]), [resource, fields]);

  useEffect(() => {
    if (!visible) return;
    const v = record ? toFormValues(resource, fields, record) : { ...defaultValues(resource, fields), ...defaults };
    setValuesState(v);
    setInitial(JSON.stringify(v));
    setErrors({});
  }, [visible, record, resource, fields, defaults]);

  const setValues = (patch: Row) => {
    setValuesState((old) => ({ ...old, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k];
      return next;
    });
  };
  const dirty = visible && JSON.stringify(values) !== initial;
  const guard = useLeaveGuard(variant === 'page' && dirty && !saving, t('crud.leaveUnsaved'));

  const errorText = (f: string, err: ErrorEntry | undefined) => (!err ? '' : 'text' in err ? err.text : t(`crud.validation.${err.key}`, { ...err.values, field: label(f) }));

  async function submit() {
    const payload = toPayload(resource, fields, values, record ?? undefined);
    const schema = (isEdit ? resource.entity.schemas.update : resource.entity.schemas.add) as TSchema;
    const found = validatePayload(schema, payload);
    // The end of a date range is shown on its start's input.
    for (const f of ends) {
      const start = fields.find((x) => fieldSpec(resource, x).override.rangeEnd === f);
      if (found[f] && start && !found[start]) found[start] = found[f];
    }
    setErrors(found);
    if (Object.keys(found).length) {
      if (tabs) {
        const i = sections.findIndex((s) => s.fields.some((f) => found[f]));
        if (i >= 0 && i !== tab) setTab(i);
      }
      return;
    }
    setSaving(true);
    try {
      const saved = await callOp<Record<string, unknown>>(resource.entity, isEdit ? 'update' : 'add', payload);
      invalidateRefs(resource.entity.name);
      crudEnv().notify(t(isEdit ? 'crud.updated' : 'crud.added'), 'success');
      setInitial(JSON.stringify(values));
      guard.release();
      onSaved(saved);
    } catch (e) {
      // The client already showed the message as a toast; also put it beside its field.
      if (e instanceof ApiError) {
        const f = fieldOfServerMessage(e, fields);
        // A reference the server refuses: the cached options may be stale, load them again.
        const ref = f ? fieldSpec(resource, f).ref : undefined;
        if (ref) invalidateRefs(ref);
        if (f) {
          const start = ends.has(f) ? fields.find((x) => fieldSpec(resource, x).override.rangeEnd === f) : undefined;
          setErrors({ [start ?? f]: { text: serverFieldText(e) } });
          if (tabs) {
            const i = sections.findIndex((s) => s.fields.includes((start ?? f) as never));
            if (i >= 0) setTab(i);
          }
        }
      }
    } finally {
      setSaving(false);
    }
  }

  const cancel = () => {
    if (variant === 'page' && dirty) {
      confirmDialog({
        message: t('crud.leaveUnsaved'),
        header: t('crud.leaveTitle'),
        icon: 'pi pi-exclamation-triangle',
        acceptLabel: t('crud.leave'),
        rejectLabel: t('crud.stay'),
        accept: () => {
          guard.release();
          onHide();
        },
      });
    } else onHide();
  };

  const cols = resource.form?.columns ?? 1;
  const renderFields = (list: readonly string[], tabIndex?: number) =>
    list
      .filter((f) => !ends.has(f))
      .map((f) => {
        const spec = fieldSpec(resource, f);
        return (
          <FormField
            key={f}
            spec={spec}
            label={label(f)}
            value={values[f]}
            onChange={(v) => setValues({ [f]: v })}
            error={errors[f]}
            errorText={errorText(f, errors[f])}
            id={`crud-${resource.entity.name}-${f}`}
            wide={!!(spec.override.wide ?? KINDS[spec.kind]?.wide)}
            values={values}
            setValues={setValues}
            tab={tabIndex}
          />
        );
      });
  const grid = (children: ReactNode) => <div className={`crud-form crud-form--cols-${cols}`}>{children}</div>;
  const sectionTitle = (s: FormSection) => t(s.title, { defaultValue: s.title });
  let content: ReactNode;
  if (tabs) {
    content = (
      // Every tab stays rendered (hidden when not open), so a field's error and value survive tab switches.
      <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)} renderActiveOnly={false} data-testid="crud-form-tabs">
        {sections.map((s, i) => (
          <TabPanel key={s.title} header={sectionTitle(s)} headerClassName={s.fields.some((f) => errors[f]) ? 'crud-tab--invalid' : undefined} pt={{ headerAction: { 'data-testid': `crud-form-tab-${i}` } as never }}>
            {grid(renderFields(s.fields, i))}
          </TabPanel>
        ))}
      </TabView>
    );
  } else if (sections.length > 1) {
    content = sections.map((s) => (
      <fieldset key={s.title} className="crud-form__section">
        <legend>{sectionTitle(s)}</legend>
        {grid(renderFields(s.fields))}
      </fieldset>
    ));
  } else content = grid(renderFields(fields));

  const body = (
    <form
      className="crud-form-body"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="crud-form"
      noValidate
    >
      {content}
      {errors._ && <small className="p-error">{errorText('_', errors._)}</small>}
      <button type="submit" hidden />
    </form>
  );
  const footer = (
    <div className="crud-form__footer">
      <Button type="button" label={t('crud.cancel')} severity="secondary" outlined onClick={cancel} data-testid="crud-form-cancel" />
      <Button type="button" label={t('crud.save')} icon="pi pi-check" loading={saving} disabled={saving} onClick={() => void submit()} data-testid="crud-form-save" />
    </div>
  );
  const title = titleProp ?? t(isEdit ? 'crud.modifyTitle' : 'crud.addTitle', { name: t(`resources.${resource.entity.name}.title`) });
  if (variant === 'page') {
    return (
      <section className="crud-card crud-form-page" data-testid="crud-form-page">
        <h3>{title}</h3>
        {body}
        {footer}
      </section>
    );
  }
  if (variant === 'drawer') {
    return (
      <Sidebar visible={visible} onHide={onHide} position="right" header={title} style={{ width: resource.form?.width ?? 520 }} data-testid="crud-drawer">
        {body}
        {footer}
      </Sidebar>
    );
  }
  return (
    <Dialog visible={visible} onHide={onHide} header={title} footer={footer} style={{ width: `min(${resource.form?.width ?? (cols === 2 ? 760 : 520)}px, 94vw)` }} modal draggable={false} data-testid="crud-dialog">
      {body}
    </Dialog>
  );
}

/**
 * The add or modify page of a resource whose §2 screen is a page (`/games/modify`…): the record id
 * comes from the declaration's §3 stored edit-id key (never the route), so a reload keeps the record.
 * `onDone` runs after save or cancel (usually: back to the list). A modify page with no stored id
 * (opened directly) says so and offers the way back.
 */
export function ResourceFormPage({ resource, modify, onDone }: { resource: Resource; modify: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const key = resource.form?.editIdKey;
  const [record, setRecord] = useState<Record<string, unknown> | null | undefined>(modify ? undefined : null);
  const [missing, setMissing] = useState(false);
  // The list sets the key again when another record (or a new one) is opened while this page is
  // kept alive in its tab: load that one, and start a fresh add form.
  const [generation, setGeneration] = useState(0);
  useEffect(() => (key ? editId.onChange((k) => k === key && setGeneration((n) => n + 1)) : undefined), [key]);
  useEffect(() => {
    if (!modify) return;
    const id = key ? editId.get(key) : null;
    setMissing(false);
    if (id === null) {
      setMissing(true);
      return;
    }
    setRecord(undefined);
    callOp<Record<string, unknown>>(resource.entity, 'info', { id }).then(setRecord, () => setMissing(true));
  }, [modify, key, resource, generation]);
  if (missing) {
    return (
      <section className="crud-card crud-form-page" data-testid="crud-form-missing">
        <p>{t('crud.noRecord')}</p>
        <Button label={t('crud.backToList')} icon="pi pi-arrow-left" onClick={onDone} />
      </section>
    );
  }
  if (record === undefined) return <div className="crud-card" aria-busy="true" />;
  return <ResourceForm key={generation} resource={resource} record={record} visible onHide={onDone} onSaved={onDone} mode="page" />;
}

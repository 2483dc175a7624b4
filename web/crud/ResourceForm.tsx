import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Sidebar } from 'primereact/sidebar';
import { Button } from 'primereact/button';
import type { TSchema } from 'typebox';
import { ApiError } from '../api/http';
import type { Resource } from './types';
import { defaultValues, fieldOfServerMessage, fieldSpec, toFormValues, toPayload, validatePayload, type FieldError } from './schema';
import { FieldInput, useFieldLabel } from './fields';
import { callOp, editId, invalidateRefs } from './api';
import { crudEnv } from './env';

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
}

/**
 * The add/modify form of a resource (issue: "add and modify as a page, dialog or drawer"):
 * inputs by field kind, client validation against the contract's add/update schema with messages
 * beside each field in the current language, the server's field-named refusal mapped to its field,
 * the submit button disabled while saving (behaviour notes "Tables and forms").
 */
export function ResourceForm({ resource, record, visible, onHide, onSaved, mode }: ResourceFormProps) {
  const { t } = useTranslation();
  const label = useFieldLabel(resource.entity.name);
  const fields = useMemo(() => resource.form?.fields ?? [], [resource]);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, FieldError | { text: string }>>({});
  const [saving, setSaving] = useState(false);
  const isEdit = !!record;

  useEffect(() => {
    if (!visible) return;
    setValues(record ? toFormValues(resource, fields, record) : defaultValues(resource, fields));
    setErrors({});
  }, [visible, record, resource, fields]);

  async function submit() {
    const payload = toPayload(resource, fields, values, record ?? undefined);
    const schema = (isEdit ? resource.entity.schemas.update : resource.entity.schemas.add) as TSchema;
    const found = validatePayload(schema, payload);
    // A required field left empty is missing from the payload: map it back to its input.
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const saved = await callOp<Record<string, unknown>>(resource.entity, isEdit ? 'update' : 'add', payload);
      invalidateRefs(resource.entity.name);
      crudEnv().notify(t(isEdit ? 'crud.updated' : 'crud.added'), 'success');
      onSaved(saved);
    } catch (e) {
      // The client already showed the message as a toast; also put it beside its field.
      if (e instanceof ApiError) {
        const f = fieldOfServerMessage(e.message, fields);
        if (f) setErrors({ [f]: { text: e.message.replace(/^\s*\w+\s*[:：]\s*/, '') } });
      }
    } finally {
      setSaving(false);
    }
  }

  const cols = resource.form?.columns ?? 1;
  const body = (
    <form
      className={`crud-form crud-form--cols-${cols}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="crud-form"
      noValidate
    >
      {fields.map((f) => {
        const spec = fieldSpec(resource, f);
        const err = errors[f];
        const id = `crud-${resource.entity.name}-${f}`;
        return (
          <div key={f} className={`crud-form__field${spec.override.wide || spec.kind === 'text' ? ' crud-form__field--wide' : ''}`} data-field={f}>
            <label htmlFor={id}>
              {spec.required && <span className="crud-required">*</span>}
              {label(f)}
            </label>
            <FieldInput spec={spec} value={values[f]} onChange={(v) => setValues((old) => ({ ...old, [f]: v }))} invalid={!!err} id={id} />
            {err && (
              <small className="p-error" id={`${id}-error`} data-testid="crud-field-error">
                {'text' in err ? err.text : t(`crud.validation.${err.key}`, { ...err.values, field: label(f) })}
              </small>
            )}
          </div>
        );
      })}
      {errors._ && !('text' in errors._) && <small className="p-error">{t(`crud.validation.${errors._.key}`)}</small>}
      <button type="submit" hidden />
    </form>
  );
  const footer = (
    <div className="crud-form__footer">
      <Button type="button" label={t('crud.cancel')} severity="secondary" outlined onClick={onHide} data-testid="crud-form-cancel" />
      <Button type="button" label={t('crud.save')} icon="pi pi-check" loading={saving} disabled={saving} onClick={() => void submit()} data-testid="crud-form-save" />
    </div>
  );
  const title = t(isEdit ? 'crud.modifyTitle' : 'crud.addTitle', { name: t(`resources.${resource.entity.name}.title`) });
  const variant = mode ?? resource.form?.mode ?? 'dialog';
  if (variant === 'page') {
    return (
      <section className="crud-card crud-form-page">
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
 * `onDone` runs after save or cancel (usually: back to the list).
 */
export function ResourceFormPage({ resource, modify, onDone }: { resource: Resource; modify: boolean; onDone: () => void }) {
  const key = resource.form?.editIdKey;
  const [record, setRecord] = useState<Record<string, unknown> | null | undefined>(modify ? undefined : null);
  useEffect(() => {
    if (!modify) return;
    const id = key ? editId.get(key) : null;
    if (id === null) return setRecord(null);
    callOp<Record<string, unknown>>(resource.entity, 'info', { id }).then(setRecord, () => setRecord(null));
  }, [modify, key, resource]);
  if (record === undefined) return <div className="crud-card" aria-busy="true" />;
  return <ResourceForm resource={resource} record={record} visible onHide={onDone} onSaved={onDone} mode="page" />;
}

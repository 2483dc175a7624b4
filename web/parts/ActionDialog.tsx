import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Sidebar } from 'primereact/sidebar';
import { Button } from 'primereact/button';
import type { TSchema } from 'typebox';
import { ApiError, http } from '../api/http';
import { FieldInput, fieldOfServerMessage, serverFieldText, kindOf, validatePayload, yuanToCents, type FieldKind, type FieldOverride } from '../crud';
import { crudEnv } from '../crud/env';
import type { FieldSpec } from '../crud/types';
import './parts.css';

/** One input of an action form: a property of the payload schema, its label and (optionally) its widget. */
export interface ActionField {
  name: string;
  label: string;
  /** Widget kind (default: from the payload schema, as the kit derives it). */
  kind?: FieldKind;
  /** The kit's per-field overrides (`refEntity` of a remote picker, `accept` of an image…). */
  override?: FieldOverride;
  placeholder?: string;
  /** Required in this form even when the schema leaves it optional (e.g. a refusal's reason). */
  required?: boolean | ((values: Record<string, unknown>) => boolean);
  /** Shown only when this answers true (e.g. the amount only when approving). */
  when?: (values: Record<string, unknown>) => boolean;
  /** A custom input (a remote picker…). */
  render?: (p: { id: string; value: unknown; onChange: (v: unknown) => void; invalid: boolean }) => ReactNode;
  /** Options of an enum/boolean shown as a dropdown (default: the schema's enumeration). */
  options?: { value: unknown; label: string }[];
  hint?: string;
}

export interface ActionDialogProps {
  /** Open when true. */
  visible: boolean;
  title: string;
  /** The endpoint the payload is posted to (a contract action or CRUD op). */
  path: string;
  /** The contract's payload schema: the same check the server makes, run in the browser first. */
  schema: TSchema;
  fields: ActionField[];
  /** Values when the dialog opens (money in cents, as on the wire). */
  initial?: Record<string, unknown>;
  /** Sent with the payload but not shown (the record id, the merchant of a new account). */
  fixed?: Record<string, unknown>;
  /** Shown above the form (what the action is about). */
  children?: ReactNode;
  submitLabel?: string;
  severity?: 'danger' | 'warning';
  mode?: 'dialog' | 'drawer';
  width?: number;
  onHide: () => void;
  /** After success, with the call's `data`. */
  onDone: (data: unknown) => void;
  /** Success toast (default: none). */
  doneMessage?: string;
}

/**
 * A dialog (or drawer) that runs one action through a small form (issue 9: "action dialog with a
 * form"): inputs by kind as the CRUD kit draws them, the payload checked against the contract's
 * schema in the browser with messages beside each field in the current language, per-form required
 * fields, the server's field-named refusal shown beside its field, the submit button disabled while
 * the call is in flight. Money fields are typed in yuan and sent in cents.
 */
export function ActionDialog(p: ActionDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const props = ((p.schema as unknown as { properties?: Record<string, Record<string, unknown>> }).properties ?? {}) as Record<string, Record<string, unknown>>;
  const schemaRequired = new Set((p.schema as unknown as { required?: string[] }).required ?? []);

  const specOf = (f: ActionField): FieldSpec => {
    const schema = props[f.name] ?? { type: 'string' };
    return {
      name: f.name,
      kind: f.kind ?? kindOf(schema),
      schema,
      override: f.override ?? {},
      enumName: typeof schema['x-enum'] === 'string' ? (schema['x-enum'] as string) : undefined,
      ref: typeof schema['x-ref'] === 'string' ? (schema['x-ref'] as string) : undefined,
      required: isRequired(f, values),
    };
  };
  const isRequired = (f: ActionField, v: Record<string, unknown>) => (typeof f.required === 'function' ? f.required(v) : f.required ?? schemaRequired.has(f.name));
  const shown = p.fields.filter((f) => !f.when || f.when(values));

  useEffect(() => {
    if (!p.visible) return;
    const v: Record<string, unknown> = {};
    for (const f of p.fields) {
      const init = p.initial?.[f.name] ?? props[f.name]?.default;
      v[f.name] = specOfKind(f) === 'money' && typeof init === 'number' ? init / 100 : init;
    }
    setValues(v);
    setErrors({});
    // Opening again starts from the initial values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.visible]);

  function specOfKind(f: ActionField): FieldKind {
    return f.kind ?? kindOf(props[f.name] ?? { type: 'string' });
  }

  async function submit() {
    const payload: Record<string, unknown> = { ...p.fixed };
    const found: Record<string, string> = {};
    for (const f of shown) {
      let v = values[f.name];
      if (specOfKind(f) === 'money') v = yuanToCents(v);
      if (typeof v === 'string') v = v.trim();
      const empty = v === null || v === undefined || v === '';
      if (empty && isRequired(f, values)) found[f.name] = t('crud.validation.required', { field: f.label });
      if (!empty) payload[f.name] = v;
    }
    for (const [k, e] of Object.entries(validatePayload(p.schema, payload))) {
      const f = p.fields.find((x) => x.name === k);
      if (f && !found[k]) found[k] = t(`crud.validation.${e.key}`, { ...e.values, field: f.label });
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const data = await http.post<unknown>(p.path, payload);
      if (p.doneMessage) crudEnv().notify(p.doneMessage, 'success');
      p.onDone(data);
    } catch (e) {
      // The HTTP client showed the message; put it beside its field too.
      if (e instanceof ApiError) {
        const f = fieldOfServerMessage(e, p.fields.map((x) => x.name));
        if (f) setErrors({ [f]: serverFieldText(e) });
      }
    } finally {
      setSaving(false);
    }
  }

  const body = (
    <form
      className="crud-form part-action-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="action-form"
    >
      {p.children}
      {shown.map((f) => {
        const spec = specOf(f);
        const id = `action-${f.name}`;
        const err = errors[f.name];
        const set = (v: unknown) => {
          setValues((old) => ({ ...old, [f.name]: v }));
          setErrors((old) => ({ ...old, [f.name]: '' }));
        };
        return (
          <div key={f.name} className="crud-form__field" data-field={f.name}>
            <label htmlFor={id}>
              {spec.required && <span className="crud-required">*</span>}
              {f.label}
            </label>
            {f.render ? f.render({ id, value: values[f.name], onChange: set, invalid: !!err }) : f.options ? (
              <OptionButtons id={id} value={values[f.name]} options={f.options} onChange={set} />
            ) : (
              <FieldInput spec={spec} value={values[f.name]} onChange={set} invalid={!!err} id={id} placeholder={f.placeholder} />
            )}
            {f.hint && !err && <small className="part-hint">{f.hint}</small>}
            {err && <small className="p-error" data-testid="action-field-error">{err}</small>}
          </div>
        );
      })}
      <button type="submit" hidden />
    </form>
  );
  const footer = (
    <div className="crud-form__footer">
      <Button type="button" label={t('crud.cancel')} severity="secondary" outlined onClick={p.onHide} data-testid="action-cancel" />
      <Button type="button" label={p.submitLabel ?? t('crud.ok')} icon="pi pi-check" severity={p.severity} loading={saving} disabled={saving} onClick={() => void submit()} data-testid="action-submit" />
    </div>
  );
  if (p.mode === 'drawer') {
    return (
      <Sidebar visible={p.visible} onHide={p.onHide} position="right" header={p.title} style={{ width: p.width ?? 480 }} data-testid="action-drawer">
        {body}
        {footer}
      </Sidebar>
    );
  }
  return (
    <Dialog visible={p.visible} onHide={p.onHide} header={p.title} footer={footer} style={{ width: `min(${p.width ?? 520}px, 94vw)` }} modal draggable={false} data-testid="action-dialog">
      {body}
    </Dialog>
  );
}

/** A choice among a few options as a row of toggle buttons (approve / refuse…). */
function OptionButtons({ id, value, options, onChange }: { id: string; value: unknown; options: { value: unknown; label: string }[]; onChange: (v: unknown) => void }) {
  return (
    <div className="part-options" id={id} role="radiogroup">
      {options.map((o) => (
        <Button
          key={String(o.value)}
          type="button"
          size="small"
          label={o.label}
          outlined={value !== o.value}
          role="radio"
          aria-checked={value === o.value}
          onClick={() => onChange(o.value)}
          data-testid={`action-option-${String(o.value)}`}
        />
      ))}
    </div>
  );
}

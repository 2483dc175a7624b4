import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog } from 'primereact/dialog';
import { Sidebar } from 'primereact/sidebar';
import { Button } from 'primereact/button';
import { Type, type TSchema } from 'typebox';
import type { InputProps, Row } from './types';
import { isBlank, validationKey, validationValues } from './schema';
import { formValue, wireValue } from './kinds';
import { conflictOf, isSentForApproval } from '../api/http';
import type { Conflict } from '../../server/contract/envelope';
import { ConflictDialog, conflictFields, type ConflictField } from './parts/ConflictDialog';
import { invalidateRefs } from './api';
import { FormField, payloadFieldSpecs, payloadFormValues, payloadOf, schemaResolver, serverErrorOnField, type PayloadField } from './form-engine';
import { crudEnv } from './env';
import type { FieldError } from './schema';
import './crud.css';

/** No declared payload: anything goes (the server still checks). */
const EMPTY = Type.Object({});

/** One input of an action form: a property of the payload schema, its label and (optionally) its widget. */
export interface ActionField extends PayloadField {
  label: string;
  placeholder?: string;
  /** Required in this form even when the schema leaves it optional (e.g. a refusal's reason). */
  required?: boolean | ((values: Row) => boolean);
  /**
   * The most the field takes, as on the wire (money in cents; e.g. what is left to refund): a larger
   * value is refused beside the field with the limit as the field shows it (`不能大于 ¥1,213.00`)
   * rather than cut to it silently, so a mistyped amount is seen.
   */
  max?: number;
  /** A rule the schema cannot say (a quantity that may not be 0): answers an i18n key of the message, or null. */
  check?: (value: unknown, values: Row) => string | null;
  /** Shown (and sent) only when this answers true (e.g. the amount only when approving). */
  when?: (values: Row) => boolean;
  /** A custom input (a page's own picker, or the kind's `FieldInput` with something beside it). */
  render?: (p: InputProps) => ReactNode;
  /** A choice among a few values shown as toggle buttons (approve / refuse…), instead of the kind's input. */
  options?: { value: unknown; label: string }[];
  hint?: string;
  /** The input's element id (default `action-<name>`). */
  id?: string;
}

/**
 * The call an action dialog makes: a typed client function (`api.order.reissue`, which carries its
 * contract endpoint and so its payload schema) or any function of the payload.
 */
export type ActionCall = ((payload: never) => Promise<unknown>) & { endpoint?: { payload?: TSchema; record?: { versionField: string } } };

export interface ActionDialogProps {
  /** Open when true. */
  visible: boolean;
  title: string;
  /** What the dialog calls with the payload: the typed client's function (`api.order.reissue`). */
  action: ActionCall;
  /**
   * The contract's payload schema: the same check the server makes, run in the browser first.
   * Default: the typed client function's own (`action.endpoint.payload`).
   */
  schema?: TSchema;
  fields: ActionField[];
  /** Values when the dialog opens, as on the wire (money in cents). */
  initial?: Row;
  /** Sent with the payload but not shown (the record id, the merchant of a new account). */
  fixed?: Row;
  /**
   * The record the action changes, as the screen loaded it (an order row): when the contract
   * declares the action's record (`record` of `defineAction`, or a CRUD update), its version goes
   * with the payload (contract `VERSION_RULE`) and a call refused as stale shows their values
   * beside the form's ({@link ConflictDialog}).
   */
  record?: Row;
  /**
   * Shown above the fields (what the action is about); as a function it gets the form's values and
   * `setValue`, for helpers that fill a field (a reply's quick picks).
   */
  children?: ReactNode | ((form: { values: Row; setValue: (name: string, value: unknown) => void }) => ReactNode);
  submitLabel?: string;
  severity?: 'danger' | 'warning';
  /** `inline`: the form and its submit button in the page (a page's own form, e.g. change password). */
  mode?: 'dialog' | 'drawer' | 'inline';
  width?: number;
  onHide: () => void;
  /** After success, with the call's `data`. */
  onDone: (data: unknown) => void;
  /** Success toast (default: none). */
  doneMessage?: string;
  /** `data-testid`s of the dialog and its submit button (default `action-dialog`/`action-drawer`, `action-submit`). */
  testIds?: { root?: string; submit?: string };
}

/**
 * A dialog (or drawer) that runs one action through a small form (on the kit's form
 * engine): declared by the action it calls, its contract
 * payload schema, fixed values and the fields shown. Each field is resolved like a resource's
 * (`schemaFieldSpec`), so its input, parsing and money (typed in yuan, sent in cents) are the kind
 * registry's; the payload is checked against the schema in the browser with messages beside each
 * field in the current language, per-form required fields too; the server's field-named refusal is
 * set on its field; the submit button is disabled while the call is in flight. With `record` the
 * call carries the record's version, and a stale refusal offers keep mine (call again on their
 * version), take theirs (their values in the form's fields) and reload (the screen's data loaded
 * again, the form started over from the record as it is now).
 */
export function ActionDialog(p: ActionDialogProps) {
  const { t } = useTranslation();
  const schema = p.schema ?? p.action.endpoint?.payload ?? EMPTY;
  const schemaRequired = useMemo(() => new Set((schema as unknown as { required?: string[] }).required ?? []), [schema]);
  const specs = payloadFieldSpecs(schema, p.fields);
  const isRequired = (f: ActionField, v: Row) => (typeof f.required === 'function' ? f.required(v) : f.required ?? schemaRequired.has(f.name));
  const shownOf = (v: Row) => p.fields.filter((f) => !f.when || f.when(v));
  const labelOf = (name: string) => p.fields.find((f) => f.name === name)?.label ?? name;
  const versionField = p.action.endpoint?.record?.versionField;
  // The version the call is made on (the record's as loaded, or theirs after a stale refusal).
  const version = useRef<unknown>(undefined);
  const [stale, setStale] = useState<{ conflict: Conflict; fields: ConflictField[] } | null>(null);
  const versioned = (): Row => (versionField && version.current !== undefined && version.current !== null ? { [versionField]: version.current } : {});

  const form = useForm<Row, unknown, Row>({
    reValidateMode: 'onChange',
    resolver: schemaResolver({
      schema,
      toPayload: (values) => payloadOf(shownOf(values), specs, values, { ...p.fixed, ...versioned() }),
      extra: (values, payload) => {
        const out: Record<string, FieldError> = {};
        for (const f of shownOf(values)) {
          const v = f.send === false ? wireValue(specs[f.name], values[f.name]) : payload[f.name];
          const own = f.check?.(v, values);
          if (isRequired(f, values) && isBlank(v)) out[f.name] = { key: 'required' };
          else if (own) out[f.name] = { key: own };
          else if (f.max !== undefined && typeof v === 'number' && v > f.max) out[f.name] = { key: 'maximum', values: { n: f.max } };
        }
        return out;
      },
      // The kit's messages by keyword (`required`…), a field's own rule by its full key.
      message: (name, e) => t(e.key.includes('.') ? e.key : `crud.validation.${validationKey(e.key, specs[name]?.kind)}`, { ...validationValues(e.values, specs[name]?.kind), field: labelOf(name) }),
      // Errors on what the form does not show (the fixed id…) are the server's to answer.
      fieldOf: (key) => (p.fields.some((f) => f.name === key) ? key : null),
    }),
  });
  const { control, reset, handleSubmit, setError, formState } = form;
  const values = useWatch({ control }) as Row;

  useEffect(() => {
    if (!p.visible) return;
    // Opening again starts from the initial values (wire → input by kind: cents → yuan).
    reset(payloadFormValues(schema, specs, p.initial));
    version.current = versionField ? p.record?.[versionField] : undefined;
    setStale(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening
  }, [p.visible]);

  const submit = handleSubmit(async (payload) => {
    try {
      const data = await (p.action as (x: Row) => Promise<unknown>)(payload);
      if (p.doneMessage) crudEnv().notify(p.doneMessage, 'success');
      p.onDone(data);
    } catch (e) {
      // Sent for a second person's approval: the client said so; the dialog closes, nothing was written.
      if (isSentForApproval(e)) return p.onHide();
      const conflict = conflictOf(e);
      if (conflict) {
        // Stale: the form's fields the record also has, theirs beside the ones sent.
        const shared = shownOf(form.getValues()).filter((f) => f.send !== false && Object.hasOwn(conflict.record, f.name));
        setStale({ conflict, fields: conflictFields(shared.map((f) => ({ spec: specs[f.name], label: f.label })), conflict.record, payload) });
        return;
      }
      // The HTTP client showed the message; put it beside its field too.
      serverErrorOnField(e, p.fields.map((x) => x.name), setError);
    }
  });

  /** Their values in the fields both have, and their version for the next call. */
  const takeTheirs = (c: Conflict, fields: readonly { name: string }[]) => {
    version.current = c.version;
    for (const f of fields) form.setValue(f.name, formValue(specs[f.name], c.record[f.name]), { shouldDirty: true });
    setStale(null);
  };
  const conflictDialog = (
    <ConflictDialog
      conflict={stale?.conflict ?? null}
      fields={stale?.fields ?? []}
      onKeepMine={() => {
        if (!stale) return;
        version.current = stale.conflict.version;
        setStale(null);
        void submit();
      }}
      onTakeTheirs={() => stale && takeTheirs(stale.conflict, stale.fields.map((f) => f.spec))}
      onReload={() => {
        if (!stale) return;
        // The screen's lists and details of the record load again; the form starts from the record now.
        invalidateRefs(stale.conflict.entity);
        reset(payloadFormValues(schema, specs, p.initial));
        takeTheirs(stale.conflict, p.fields.filter((f) => Object.hasOwn(stale.conflict.record, f.name)));
      }}
      onHide={() => setStale(null)}
    />
  );

  const body = (
    <form className="crud-form crud-action-form" autoComplete="off" noValidate onSubmit={(e) => void submit(e)} data-testid="action-form">
      {typeof p.children === 'function' ? p.children({ values, setValue: (name, v) => form.setValue(name, v, { shouldDirty: true, shouldValidate: formState.isSubmitted }) }) : p.children}
      {shownOf(values).map((f) => (
        <FormField
          key={f.name}
          control={control}
          spec={specs[f.name]}
          label={f.label}
          id={f.id ?? `action-${f.name}`}
          required={isRequired(f, values)}
          hint={f.hint}
          placeholder={f.placeholder}
          errorTestId="action-field-error"
          render={f.render ?? (f.options ? (ip) => <OptionButtons id={ip.id} value={ip.value} options={f.options!} onChange={ip.onChange} /> : undefined)}
        />
      ))}
      <button type="submit" hidden />
      {conflictDialog}
    </form>
  );
  const saving = formState.isSubmitting;
  const footer = (
    <div className="crud-form__footer">
      <Button type="button" label={t('crud.cancel')} severity="secondary" outlined onClick={p.onHide} data-testid="action-cancel" />
      <Button type="button" label={p.submitLabel ?? t('crud.ok')} icon="pi pi-check" severity={p.severity} loading={saving} disabled={saving} onClick={() => void submit()} data-testid={p.testIds?.submit ?? 'action-submit'} />
    </div>
  );
  if (p.mode === 'inline') {
    return (
      <div className="crud-action-inline" data-testid={p.testIds?.root}>
        {body}
        <Button type="button" label={p.submitLabel ?? t('crud.ok')} icon="pi pi-check" severity={p.severity} loading={saving} disabled={saving} onClick={() => void submit()} data-testid={p.testIds?.submit ?? 'action-submit'} />
      </div>
    );
  }
  if (p.mode === 'drawer') {
    return (
      <Sidebar visible={p.visible} onHide={p.onHide} position="right" header={p.title} style={{ width: p.width ?? 480 }} data-testid={p.testIds?.root ?? 'action-drawer'}>
        {body}
        {footer}
      </Sidebar>
    );
  }
  return (
    <Dialog visible={p.visible} onHide={p.onHide} header={p.title} footer={footer} style={{ width: `min(${p.width ?? 520}px, 94vw)` }} modal draggable={false} data-testid={p.testIds?.root ?? 'action-dialog'}>
      {body}
    </Dialog>
  );
}

/** A choice among a few options as a row of toggle buttons (approve / refuse…). */
function OptionButtons({ id, value, options, onChange }: { id: string; value: unknown; options: { value: unknown; label: string }[]; onChange: (v: unknown) => void }) {
  return (
    <div className="crud-options" id={id} role="radiogroup">
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

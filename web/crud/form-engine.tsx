import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useController, useWatch, type Control, type FieldError as FieldErrorOf, type FieldPath, type Resolver, type UseFormSetError } from 'react-hook-form';
import type { TSchema } from 'typebox';
import { ApiError } from '../api/http';
import type { FieldKind, FieldOverride, FieldSpec, InputProps, Row } from './types';
import { fieldOfServerMessage, schemaFieldSpec, serverFieldText, validatePayload, type FieldError } from './schema';
import { formValue, wireValue } from './kinds';
import { FieldInput } from './fields';

/**
 * The kit's one form engine: react-hook-form holds the values, dirty state and
 * errors; the contract's TypeBox schema validates (through this resolver); the kind registry draws
 * and converts each field. `ResourceForm` and `ActionDialog` (and every action form built on them)
 * are this engine with a layout around it.
 */

/** Options of {@link schemaResolver}. */
export interface SchemaResolverOptions {
  /** The contract schema the server checks the payload with (add, update or an action's payload). */
  schema: TSchema;
  /** Form values → the payload the server gets (wire formats by kind, only changed fields…). */
  toPayload: (values: Row) => Row;
  /** A validation message's text beside `field` (translated; `crud.validation.*`). */
  message: (field: string, e: FieldError) => string;
  /** Checks the schema cannot make (a field this form requires although the schema leaves it optional). */
  extra?: (values: Row, payload: Row) => Record<string, FieldError>;
  /**
   * The field whose input shows a payload key's error (a date range's end shows on its start;
   * `root` for the form as a whole), or null to leave it to the server. Default: the key itself, `_` → `root`.
   */
  fieldOf?: (key: string) => string | null;
}

/**
 * A react-hook-form resolver validating with a contract TypeBox schema (the resolver pattern:
 * the schema validates, the form only binds). It builds the payload from the form values, checks
 * it with {@link validatePayload} (the server's own schema) and answers either the payload as the
 * form's submitted data or one error per field; errors not tied to a field go to `root`.
 * (`@hookform/resolvers`' typebox resolver targets `@sinclair/typebox`; the contract uses `typebox` 1.x.)
 */
export function schemaResolver(o: SchemaResolverOptions): Resolver<Row, unknown, Row> {
  return (values) => {
    const payload = o.toPayload(values);
    const found = { ...validatePayload(o.schema, payload), ...o.extra?.(values, payload) };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [key, e] of Object.entries(found)) {
      const field = o.fieldOf ? o.fieldOf(key) : key === '_' ? 'root' : key;
      if (field && !errors[field]) errors[field] = { type: e.key, message: o.message(key, e) };
    }
    return Object.keys(errors).length ? { values: {}, errors: errors as never } : { values: payload, errors: {} };
  };
}

/**
 * Puts a server refusal that names a field (`ApiError.field`, or a message starting with the field
 * key) beside that field with `setError`; answers the field, or null when it names none of `fields`
 * (the HTTP client already showed the message as a toast either way).
 * @param fieldOf maps the named key to the field showing it (a range's end → its start).
 */
export function serverErrorOnField(e: unknown, fields: readonly string[], setError: UseFormSetError<Row>, fieldOf: (key: string) => string = (k) => k): string | null {
  if (!(e instanceof ApiError)) return null;
  const key = fieldOfServerMessage(e, fields);
  if (!key) return null;
  const field = fieldOf(key);
  setError(field as FieldPath<Row>, { type: 'server', message: serverFieldText(e) }, { shouldFocus: true });
  return field;
}

/** A field of a form built over a payload schema (an action's, a query's): its name and what the schema cannot say. */
export interface PayloadField {
  name: string;
  /** Widget kind (default: from the payload schema, as the kit derives it). */
  kind?: FieldKind;
  /** The kit's per-field overrides (`refEntity` of a remote picker, `rangeEnd` of a date range…). */
  override?: FieldOverride;
  /** Checked but not sent (a password's confirmation). */
  send?: false;
}

/** The properties of an object schema by name (none for a schema that declares none). */
export function schemaProperties(schema: TSchema): Record<string, Record<string, unknown>> {
  return (schema as unknown as { properties?: Record<string, Record<string, unknown>> }).properties ?? {};
}

/**
 * The specs of a payload form's fields, resolved like a resource's (`schemaFieldSpec`): the kind from
 * the schema's property (a string when the schema does not name it) unless the field says.
 */
export function payloadFieldSpecs(schema: TSchema, fields: readonly PayloadField[]): Record<string, FieldSpec> {
  const props = schemaProperties(schema);
  return Object.fromEntries(fields.map((f) => [f.name, schemaFieldSpec(f.name, props[f.name] ?? { type: 'string' }, { ...f.override, ...(f.kind ? { kind: f.kind } : {}) })]));
}

/** The form keys of a field: its own, and the end of its range (`override.rangeEnd`), which its picker also writes. */
function keysOf(spec: FieldSpec): string[] {
  return spec.override.rangeEnd ? [spec.name, spec.override.rangeEnd] : [spec.name];
}

/**
 * Wire values (an action's initial values, a query asked) as a payload form's inputs hold them (money:
 * cents → yuan); a value left out takes the schema's default.
 */
export function payloadFormValues(schema: TSchema, specs: Record<string, FieldSpec>, wire: Row = {}): Row {
  const props = schemaProperties(schema);
  return Object.fromEntries(Object.values(specs).flatMap((spec) => keysOf(spec).map((k) => [k, formValue(spec, wire[k] ?? props[k]?.default)])));
}

/**
 * A payload form's values as the wire takes them, over `base` (fixed values): each field's by its
 * kind (money: yuan → cents, texts trimmed; a range's end by its start's kind); empty ones left out,
 * fields marked `send: false` too.
 */
export function payloadOf(fields: readonly PayloadField[], specs: Record<string, FieldSpec>, values: Row, base: Row = {}): Row {
  const payload: Row = { ...base };
  for (const f of fields) {
    if (f.send === false) continue;
    for (const k of keysOf(specs[f.name])) {
      const v = wireValue(specs[f.name], values[k]);
      if (v !== null && v !== undefined && v !== '') payload[k] = v;
    }
  }
  return payload;
}

/** What {@link useFieldInput} binds: the form, the field and its input's element id and placeholder. */
export interface FieldInputBinding {
  control: Control<Row, unknown, Row>;
  spec: FieldSpec;
  /** The focusable element's id (labels point at it). */
  id: string;
  placeholder?: string;
  /** The search-form variant of the kind's input (pickers can be cleared, texts are one line). */
  filter?: boolean;
}

/**
 * One field bound to the form (react-hook-form `useController`), as the kind's input takes it: the
 * input's props, the field's error and the element id of the error's text. The error is tied to the
 * real focusable element inside `box` with `aria-invalid` and `aria-describedby` (whatever the widget).
 * A field with `override.rangeEnd` is one range picker writing both its own value and the end field.
 * {@link FormField} draws it with a label; the kit's filter bar draws it bare.
 */
export function useFieldInput({ control, spec, id, placeholder, filter }: FieldInputBinding): { box: RefObject<HTMLDivElement | null>; props: InputProps; error?: FieldErrorOf; errId: string } {
  const box = useRef<HTMLDivElement>(null);
  const errId = `${id}-error`;
  const rangeEnd = spec.override.rangeEnd;
  const { field, fieldState } = useController({ control, name: spec.name });
  // The end of a range is its own form value; without one this binds the field itself again (hooks run unconditionally).
  const end = useController({ control, name: rangeEnd ?? spec.name });
  // A ref narrowed by another field (`dependsOn`: areas of the chosen platform) gets that field's value.
  const dep = spec.override.dependsOn;
  const depValue = useWatch({ control, name: dep?.field ?? spec.name });
  const where = dep ? { [dep.by ?? dep.field]: depValue } : undefined;
  const error = fieldState.error;
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
  const value = rangeEnd ? (field.value || end.field.value ? [field.value, end.field.value] : null) : field.value;
  const onChange = rangeEnd
    ? (v: unknown) => {
        const [a, b] = Array.isArray(v) ? (v as string[]) : [null, null];
        field.onChange(a ?? null);
        end.field.onChange(b ?? null);
      }
    : (v: unknown) => field.onChange(v);
  const props: InputProps = { spec: rangeEnd ? { ...spec, kind: 'dateRange' } : spec, value, onChange, invalid: !!error, id, placeholder, describedBy: error ? errId : undefined, ...(filter ? { filter } : {}), ...(where ? { where } : {}) };
  return { box, props, error, errId };
}

/** What {@link FormField} draws besides the field itself. */
export interface FormFieldProps {
  control: Control<Row, unknown, Row>;
  spec: FieldSpec;
  label: string;
  /** The focusable element's id (labels point at it). */
  id: string;
  /** Required mark (the add schema's, or the form's own rule). */
  required?: boolean;
  wide?: boolean;
  /** Tab index of the field in a tabbed form (`data-tab`, tests). */
  tab?: number;
  hint?: string;
  placeholder?: string;
  /** A custom input instead of the kind's (action forms' option buttons, a page's own picker). */
  render?: (p: InputProps) => ReactNode;
  /** `data-testid` of the error message. */
  errorTestId?: string;
}

/**
 * One labelled field bound to the form ({@link useFieldInput}): label, input (the kind's from the
 * registry, or `render`), hint, and its error tied to the input.
 */
export function FormField({ control, spec, label, id, required, wide, tab, hint, placeholder, render, errorTestId = 'crud-field-error' }: FormFieldProps) {
  const { box, props: inputProps, error, errId } = useFieldInput({ control, spec, id, placeholder });
  return (
    <div ref={box} className={`crud-form__field${wide ? ' crud-form__field--wide' : ''}`} data-field={spec.name} data-tab={tab}>
      <label htmlFor={id}>
        {required && <span className="crud-required">*</span>}
        {label}
      </label>
      {render ? render(inputProps) : <FieldInput {...inputProps} />}
      {hint && !error && <small className="crud-hint">{hint}</small>}
      {error && (
        <small className="p-error" id={errId} data-testid={errorTestId} role="alert">
          {error.message}
        </small>
      )}
    </div>
  );
}

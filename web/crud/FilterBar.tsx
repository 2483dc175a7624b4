import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { Button } from 'primereact/button';
import { Type, type TSchema } from 'typebox';
import type { FieldSpec, InputProps, Row } from './types';
import { FieldInput } from './fields';
import { payloadFieldSpecs, payloadFormValues, payloadOf, schemaResolver, useFieldInput, type PayloadField } from './form-engine';
import './crud.css';

/** No declared query: anything goes (the server still checks). */
const ANY = Type.Object({});

/** A text of the bar that may follow the values (the search box's hint follows what is searched). */
type Text = string | ((values: Row) => string);
const textOf = (x: Text | undefined, values: Row) => (typeof x === 'function' ? x(values) : x);

/** One input of a {@link FilterBar}: a property of the query schema and what the schema cannot say. */
export interface FilterField extends PayloadField {
  /** Its accessible name (the bar draws no visible labels: a hidden `<label>` tied to the input). */
  label?: Text;
  placeholder?: Text;
  /** A custom input instead of the kind's (a SelectButton choosing what to search). */
  render?: (p: InputProps) => ReactNode;
  /** The input's minimum width in px. */
  width?: number;
  /** The input's element id (default `filter-<name>`). */
  id?: string;
}

export interface FilterBarProps<Q extends Row = Row> {
  fields: FilterField[];
  /** The contract's schema of the query (`AccountStatisticsPayload`): checked before submitting. Default: anything. */
  schema?: TSchema;
  /**
   * The query the bar shows, as on the wire (money in cents, days 'YYYY-MM-DD'): its start, and
   * whenever it changes (in content) the bar is reset to it (the query asked, one seeded by the URL).
   */
  values: Q;
  /** Submit (the button, or Enter in an input) with the valid query, as on the wire; empty fields left out. */
  onSubmit: (query: Q) => void;
  /** The answer is loading: the submit button spins. */
  busy?: boolean;
  /** Default `crud.search`. */
  submitLabel?: string;
  /** `data-testid`s of the form and its submit button. */
  testIds?: { root?: string; submit?: string };
}

/**
 * A filter bar over a query that is not a list's (statistics of a game and a period, a lookup by
 * code or account): one row of inputs and a submit button in a card, on the kit's one form engine.
 * Each field is resolved like an action's (`payloadFieldSpecs`), so its input and wire format are
 * the kind registry's (the search-form variant: pickers can be cleared, texts are one line; a date
 * range is one picker over two fields, `override.rangeEnd`); react-hook-form holds the values; the
 * query is checked with the contract's schema, errors beside their input; a valid submit hands the
 * query to `onSubmit`. The screen keeps the query asked and its answer (a query key); the bar shows
 * `values` and follows them when they change. No visible labels: inputs say what they take by their
 * placeholder, and carry their label for assistive technology. A list's filters are `SearchForm`'s.
 */
export function FilterBar<Q extends Row = Row>({ fields, schema = ANY, values, onSubmit, busy, submitLabel, testIds }: FilterBarProps<Q>) {
  const { t } = useTranslation();
  const specs = payloadFieldSpecs(schema, fields);
  // Each form key's field (a range's end is its start's).
  const names = new Map(fields.flatMap((f): [string, string][] => [[f.name, f.name], ...(f.override?.rangeEnd ? [[f.override.rangeEnd, f.name] as [string, string]] : [])]));
  const form = useForm<Row, unknown, Row>({
    // Reactive values: react-hook-form resets the form when they differ (deeply) from the last ones.
    values: payloadFormValues(schema, specs, values),
    reValidateMode: 'onChange',
    resolver: schemaResolver({
      schema,
      toPayload: (v) => payloadOf(fields, specs, v),
      message: (key, e): string => t(`crud.validation.${e.key}`, { ...e.values, field: textOf(fields.find((f) => f.name === names.get(key))?.label, now) ?? key }),
      // A range's end shows on its picker; errors on what the bar does not show are the server's to answer.
      fieldOf: (key) => names.get(key) ?? null,
    }),
  });
  const now = useWatch({ control: form.control }) as Row;
  return (
    <form
      className="crud-card crud-filter-bar"
      // Out of the browser's saved form state, as the kit's other forms (see FORM_STATE_OFF in web/main.tsx).
      autoComplete="off"
      noValidate
      onSubmit={(e) => void form.handleSubmit((q) => onSubmit(q as Q))(e)}
      data-testid={testIds?.root}
    >
      {fields.map((f) => (
        <FilterItem key={f.name} control={form.control} spec={specs[f.name]} id={f.id ?? `filter-${f.name}`} label={textOf(f.label, now)} placeholder={textOf(f.placeholder, now)} width={f.width} render={f.render} />
      ))}
      <Button type="submit" label={submitLabel ?? t('crud.search')} icon="pi pi-search" loading={busy} data-testid={testIds?.submit} />
    </form>
  );
}

/** px: a date range's two days and its separator, in either language's digits. */
const RANGE_MIN_WIDTH = 260;

/** One input of the bar with its hidden label and its error. */
function FilterItem({ control, spec, id, label, placeholder, width, render }: { control: Control<Row, unknown, Row>; spec: FieldSpec; id: string; label?: string; placeholder?: string; width?: number; render?: (p: InputProps) => ReactNode }) {
  const { box, props, error, errId } = useFieldInput({ control, spec, id, placeholder, filter: true });
  // A range shows both days ("2026-08-30 - 2026-11-28"): the picker's own width cut the end off.
  const minWidth = width ?? (spec.override.rangeEnd ? RANGE_MIN_WIDTH : undefined);
  return (
    <div ref={box} className="crud-filter-bar__item" data-filter={spec.name} style={minWidth ? { minWidth } : undefined}>
      {label && (
        <label htmlFor={id} className="p-hidden-accessible">
          {label}
        </label>
      )}
      {render ? render(props) : <FieldInput {...props} />}
      {error && (
        <small className="p-error" id={errId} role="alert">
          {error.message}
        </small>
      )}
    </div>
  );
}

import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, ENTITY } from '../../../server/contract';
import { endpointLabel } from '../../../server/contract/resources';
import { CellValue } from '../fields';
import { schemaFieldSpec } from '../schema';
import { htmlText } from '../safe-html';
import { diffText, shortenSame, type DiffPart } from '../text-diff';
import './parts.css';

/**
 * The changes of an audit entry as an operator reads them (spec §6 system area, docs/audit-trail.md):
 * each changed field by its label, each value as the record's own screens show it (an enum as its
 * label, money in yuan, a time in the console's format), nested values (an order's activity, a
 * refund's lines) as labelled text, never as JSON or `[object Object]`. Shared by the audit log's
 * entry dialog and the record history (`AuditHistory`).
 */

/** One changed field: the record id when the write named several records (else null), the field key, before and after. */
export interface AuditChange {
  id: string | null;
  field: string;
  before: unknown;
  after: unknown;
}

type Schema = Record<string, unknown>;
type Json = Record<string, unknown>;

/**
 * An entry's `changes` (its JSON text, or the parsed value): `{field: [before, after]}`, or by record
 * id `{id: {field: [before, after]}}` when the write named several. Text that is not JSON, and
 * anything else, answers no change.
 */
export function auditChanges(changes: unknown): AuditChange[] {
  let c = changes;
  if (typeof c === 'string') {
    if (!c) return [];
    try {
      c = JSON.parse(c);
    } catch {
      return [];
    }
  }
  if (!c || typeof c !== 'object' || Array.isArray(c)) return [];
  const out: AuditChange[] = [];
  for (const [k, v] of Object.entries(c as Json)) {
    if (Array.isArray(v) && v.length === 2) out.push({ id: null, field: k, before: v[0], after: v[1] });
    else if (v && typeof v === 'object' && !Array.isArray(v)) for (const [f, pair] of Object.entries(v as Json)) if (Array.isArray(pair) && pair.length === 2) out.push({ id: k, field: f, before: pair[0], after: pair[1] });
  }
  return out;
}

/** The contract schema of `field` of `entity`'s records, or undefined. */
function fieldSchema(entity: string, field: string): Schema | undefined {
  const e = (ENTITY as Record<string, { schemas: { record: unknown } } | undefined>)[entity];
  return (e?.schemas.record as { properties?: Record<string, Schema> } | undefined)?.properties?.[field];
}

/** A dotted key whose first segment names another entity (`order.remark`): that entity and the rest of the key; else null. */
function ownerOf(key: string): { entity: string; rest: string } | null {
  const dot = key.indexOf('.');
  if (dot <= 0) return null;
  const head = key.slice(0, dot);
  return head in ENTITY ? { entity: head, rest: key.slice(dot + 1) } : null;
}

/**
 * Labels of change keys on `entity`'s records, in the current language: a field's label (the
 * resource's, the screen's `<entity>.fields`, the kit's generic ones); a dotted key naming an entity
 * (`order.remark`) that entity's field, after its title when it is not `entity`; a nested path
 * (`lines.0.quantity`) each segment's label, items numbered from 1, joined by ` › `. A key without
 * any label is shown as it is.
 */
export function useChangeLabel(entity: string): (key: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (key: string) => {
      const word = (e: string, f: string) => t([`resources.${e}.fields.${f}`, `${e}.fields.${f}`, `parts.history.nested.${f}`, `crud.fields.${f}`], { defaultValue: f });
      const path = (e: string, p: string) =>
        p
          .split('.')
          .map((s) => (/^\d+$/.test(s) ? t('parts.history.item', { n: Number(s) + 1 }) : word(e, s)))
          .join(' › ');
      const owner = ownerOf(key);
      if (owner && owner.rest) return owner.entity === entity ? path(entity, owner.rest) : `${t(`resources.${owner.entity}.title`, { defaultValue: owner.entity })} › ${path(owner.entity, owner.rest)}`;
      return path(entity, key);
    },
    [t, entity],
  );
}

/**
 * Label of an audited operation (`order.remark` → `订单·备注` / `Order · remark`): the name of the
 * resource seeded for its endpoint in the current language; an operation no endpoint has keeps its name.
 */
export function useOperationLabel(): (operation: string) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh_CN';
  return useCallback(
    (operation: string) => {
      const ep = ENDPOINTS.find((e) => e.name === operation);
      return ep ? endpointLabel(ep, lang) : operation;
    },
    [lang],
  );
}

/**
 * An audited operation by its label (`useOperationLabel`), with its name beside it in small type:
 * the name is what the audit log's operation filter matches.
 */
export function OperationName({ operation }: { operation: string }) {
  const label = useOperationLabel();
  const text = label(operation);
  return (
    <span className="part-audit-operation" data-testid="audit-operation">
      {text}
      {text !== operation && <code className="part-hint">{operation}</code>}
    </span>
  );
}

const blank = (v: unknown) => v === null || v === undefined || v === '';
const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
/** Items of a nested array shown before the rest are counted only. */
const MAX_ITEMS = 20;

/**
 * A value of a nested object (an order activity's `time`, a refund line's `quantity`): by its own
 * schema when the contract has one; an operator action's name (`action`) as the screen's
 * `<entity>.actions.<name>` text; deeper values as labelled text.
 */
function NestedValue({ entity, name, schema, value }: { entity: string; name: string; schema: Schema | undefined; value: unknown }) {
  const { t } = useTranslation();
  if (blank(value)) return <>—</>;
  if (!scalar(value)) return <Readable entity={entity} schema={schema} value={value} />;
  if (name === 'action' && typeof value === 'string') return <>{t(`${entity}.actions.${value}`, { defaultValue: value })}</>;
  if (schema) return <CellValue spec={schemaFieldSpec(name, schema)} row={{ [name]: value }} />;
  return <>{String(value)}</>;
}

/** An object as `label: value` pairs, labels from `useChangeLabel`, values from its schema's properties. */
function ObjectText({ entity, schema, value }: { entity: string; schema: Schema | undefined; value: Json }) {
  const { t } = useTranslation();
  const label = useChangeLabel(entity);
  const props = (schema?.properties ?? {}) as Record<string, Schema>;
  const entries = Object.entries(value).filter(([, v]) => !blank(v));
  if (!entries.length) return <>—</>;
  return (
    <span className="part-audit-object">
      {entries.map(([k, v]) => (
        <span key={k} className="part-audit-pair">
          <span className="part-audit-key">{t('parts.history.labelled', { label: label(k) })}</span> <NestedValue entity={entity} name={k} schema={props[k]} value={v} />
        </span>
      ))}
    </span>
  );
}

/** A non-scalar value as text: an array item by item (objects as labelled pairs), an object as labelled pairs. */
function Readable({ entity, schema, value }: { entity: string; schema: Schema | undefined; value: unknown }) {
  const { t } = useTranslation();
  if (Array.isArray(value)) {
    if (!value.length) return <>—</>;
    const items = schema?.type === 'array' ? (schema.items as Schema | undefined) : undefined;
    if (value.every(scalar)) return <>{value.map((v) => (blank(v) ? '—' : String(v))).join(', ')}</>;
    return (
      <ul className="part-audit-items">
        {value.slice(0, MAX_ITEMS).map((v, i) => (
          <li key={i}>{v && typeof v === 'object' && !Array.isArray(v) ? <ObjectText entity={entity} schema={items} value={v as Json} /> : <Readable entity={entity} schema={items} value={v} />}</li>
        ))}
        {value.length > MAX_ITEMS && <li className="part-hint">{t('parts.history.more', { count: value.length - MAX_ITEMS })}</li>}
      </ul>
    );
  }
  if (value && typeof value === 'object') return <ObjectText entity={entity} schema={schema} value={value as Json} />;
  return <>{blank(value) ? '—' : String(value)}</>;
}

/**
 * One changed value of `field` (a key of `entity`'s records, or a dotted `entity.field`) as the
 * record's screens show it: a scalar or a list of ids through the field's kind (`CellValue`: enum
 * label, money, time, references), objects and lists of objects as labelled text; `—` when empty.
 */
export function AuditValue({ entity, field, value }: { entity: string; field: string; value: unknown }) {
  const { t } = useTranslation();
  // What the trail keeps instead of a secret or an over-long value (server/audit/entries.ts).
  if (value === REDACTED) return <span className="part-hint" data-testid="audit-redacted">{t('parts.history.redacted')}</span>;
  if (value === TOO_LARGE) return <span className="part-hint" data-testid="audit-too-large">{t('parts.history.tooLarge')}</span>;
  const owner = ownerOf(field);
  const e = owner?.entity ?? entity;
  const f = owner?.rest ?? field;
  const schema = fieldSchema(e, f);
  if (blank(value)) return <>—</>;
  const cellable = scalar(value) || (Array.isArray(value) && value.every(scalar) && schema?.type === 'array');
  if (schema && cellable) return <CellValue spec={schemaFieldSpec(f, schema)} row={{ [f]: value }} />;
  return <Readable entity={e} schema={schema} value={value} />;
}

/** What the trail keeps instead of a secret value, and of a value too long to keep (server/audit/entries.ts `MASK`, `TOO_LARGE`). */
export const REDACTED = '[redacted]';
export const TOO_LARGE = '[too large to keep]';

/** Plain text of a rich text for comparing: block ends and line breaks keep a space between the blocks' words. */
const richWords = (html: unknown) => htmlText(typeof html === 'string' ? html.replace(/<\/(p|div|li|h\d|blockquote|tr)>|<br\s*\/?>/gi, '$& ') : html);

/** Whether `field` of `entity` is a rich text (the contract's `x-kind`). */
export function isRichText(entity: string, field: string): boolean {
  const owner = ownerOf(field);
  return fieldSchema(owner?.entity ?? entity, owner?.rest ?? field)?.['x-kind'] === 'richText';
}

/**
 * A rich text's change as one text: the words it lost struck through, the words it gained
 * underlined, long unchanged stretches shortened around an ellipsis; `side` shows only what the
 * before (`del`) or after (`ins`) text holds.
 */
export function RichTextDiff({ before, after, side }: { before: unknown; after: unknown; side?: 'del' | 'ins' }) {
  const parts: DiffPart[] = diffText(richWords(before), richWords(after));
  if (!parts.length) return <>—</>;
  return (
    <span className="part-audit-diff" data-testid="audit-rich-diff">
      {parts.map((p, i) =>
        p.op === 'same' ? <span key={i}>{shortenSame(p.text)}</span>
        : p.op === side || side === undefined ? (p.op === 'del' ? <del key={i}>{p.text}</del> : <ins key={i}>{p.text}</ins>)
        : null,
      )}
    </span>
  );
}

/**
 * Before and after of one change, ready to show. Two lists of objects (an order's activity) show
 * only the items that left and the items that came, with how many stayed; a rich text changed on
 * both sides shows as one word diff (`inline`, and each side marked); anything else shows whole.
 */
function useSides(entity: string, c: AuditChange): { before: ReactNode; after: ReactNode; inline?: ReactNode } {
  const { t } = useTranslation();
  const { before, after } = c;
  const text = (v: unknown) => typeof v === 'string' && v !== REDACTED && v !== TOO_LARGE;
  if (isRichText(entity, c.field) && (text(before) || text(after)) && (text(before) || before === null || before === '') && (text(after) || after === null || after === '')) {
    return {
      before: <RichTextDiff before={before} after={after} side="del" />,
      after: <RichTextDiff before={before} after={after} side="ins" />,
      inline: <RichTextDiff before={before} after={after} />,
    };
  }
  if (Array.isArray(before) && Array.isArray(after) && [...before, ...after].some((v) => v !== null && typeof v === 'object')) {
    const key = (v: unknown) => JSON.stringify(v);
    const afterKeys = new Set(after.map(key));
    const beforeKeys = new Set(before.map(key));
    const gone = before.filter((v) => !afterKeys.has(key(v)));
    const came = after.filter((v) => !beforeKeys.has(key(v)));
    const kept = after.length - came.length;
    const stayed = kept > 0 ? <span className="part-hint part-audit-kept">{t('parts.history.unchanged', { count: kept })}</span> : null;
    return {
      before: <>{gone.length ? <AuditValue entity={entity} field={c.field} value={gone} /> : '—'}{stayed}</>,
      after: <>{came.length ? <AuditValue entity={entity} field={c.field} value={came} /> : '—'}{stayed}</>,
    };
  }
  return { before: <AuditValue entity={entity} field={c.field} value={before} />, after: <AuditValue entity={entity} field={c.field} value={after} /> };
}

/** One row of the changes table. */
function ChangeRow({ entity, change, label }: { entity: string; change: AuditChange; label: (k: string) => string }) {
  const { before, after, inline } = useSides(entity, change);
  // A word diff marks its own deletions and insertions; the words both sides share stay plain.
  return (
    <tr>
      <th scope="row">{change.id ? `#${change.id} ` : ''}{label(change.field)}</th>
      <td>{inline ? before : <del>{before}</del>}</td>
      <td>{inline ? after : <ins>{after}</ins>}</td>
    </tr>
  );
}

/**
 * The changes of an entry on `entity`'s records as a table: field label, before, after (see the
 * module comment for how values read). Renders nothing when there is no change.
 */
export function AuditChangesTable({ entity, changes }: { entity: string; changes: AuditChange[] }) {
  const { t } = useTranslation();
  const label = useChangeLabel(entity);
  if (!changes.length) return null;
  return (
    <table className="part-audit-changes" data-testid="audit-changes">
      <thead>
        <tr>
          <th scope="col">{t('parts.history.field')}</th>
          <th scope="col">{t('parts.history.before')}</th>
          <th scope="col">{t('parts.history.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <ChangeRow key={`${c.id ?? ''}\u0000${c.field}`} entity={entity} change={c} label={label} />
        ))}
      </tbody>
    </table>
  );
}

/** One change in a line: `label: before → after`. */
function ChangeLine({ entity, change, label }: { entity: string; change: AuditChange; label: (k: string) => string }) {
  const { t } = useTranslation();
  const { before, after, inline } = useSides(entity, change);
  return (
    <li data-testid="audit-change">
      <span className="part-audit-key">{t('parts.history.labelled', { label: `${change.id ? `#${change.id} ` : ''}${label(change.field)}` })}</span>{' '}
      {inline ?? (
        <>
          <del>{before}</del> → <ins>{after}</ins>
        </>
      )}
    </li>
  );
}

/** The changes of an entry as a compact list (`label: before → after` per field), for the record history. */
export function AuditChangeList({ entity, changes }: { entity: string; changes: AuditChange[] }) {
  const label = useChangeLabel(entity);
  if (!changes.length) return null;
  return (
    <ul className="part-audit-lines" data-testid="audit-change-list">
      {changes.map((c) => (
        <ChangeLine key={`${c.id ?? ''}\u0000${c.field}`} entity={entity} change={c} label={label} />
      ))}
    </ul>
  );
}

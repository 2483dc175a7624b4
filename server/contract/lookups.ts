import { ENTITIES, type AnyEntity } from './index.js';
import type { Refusal } from './messages.js';
import { ROUTE_TABLE } from './route-table.js';

/**
 * Look-up views (spec §6 "per-role resources"): a role that lists goods reads the merchants its
 * goods name through the merchant's `list`, `listAll` and `info` (server/contract/resources.ts
 * `lookupPaths`), so its lists show labels and its pickers work. Those grants answer what a picker
 * needs and nothing more: a caller whose roles hold no screen (menu) of an entity's area and are
 * not the super administrator's gets each record as `id`, its label, `parentId` of a tree, and the
 * fields the entity declares its pickers show (`pickerFields`); the full record stays behind the
 * area's own screen. Filters and sorts reach the shown fields only, and `keyword` searches the
 * label alone, so a hidden field cannot be probed through what a query matches. Mock mode
 * (server/mock/permissions.ts, routes/crud.ts), its raw list road and the relay of proxy and
 * hybrid mode (server/platform/lookup-answer.ts) apply the same view.
 */

/** A read a look-up grant reaches. */
export type LookupOp = 'list' | 'listAll' | 'info';

/** One read of one entity as a look-up caller sees it. */
export interface LookupView {
  entity: AnyEntity;
  op: LookupOp;
  /** The fields a look-up answer holds, in order: `id`, the label, `parentId` of a tree, the picker's fields. */
  fields: readonly string[];
}

/** The fields of an entity a look-up answer holds (see the module comment). */
export function lookupFieldsOf(e: Pick<AnyEntity, 'label' | 'fields' | 'pickerFields'>): string[] {
  const tree = Object.hasOwn(e.fields, 'parentId') ? ['parentId'] : [];
  return [...new Set(['id', e.label, ...tree, ...e.pickerFields])];
}

/** Every entity's `list`, `listAll` and `info` by path. */
const READS: ReadonlyMap<string, LookupView> = new Map(
  (ENTITIES as readonly AnyEntity[]).flatMap((e) => {
    const fields = lookupFieldsOf(e);
    return (['list', 'listAll', 'info'] as const).flatMap((op) => (e.ops[op] ? [[e.ops[op], { entity: e, op, fields }] as const] : []));
  }),
);

/** The look-up view of a canonical path when it is an entity's `list`, `listAll` or `info`, else undefined. */
export function lookupReadOf(path: string): LookupView | undefined {
  return READS.get(path);
}

/** Route names (menu records, button codes' `<name>:`) → the area of their group (`Merchant`, `MerchantIndex` → `merchant`). */
const AREA_OF_ROUTE: ReadonlyMap<string, string> = new Map(
  ROUTE_TABLE.flatMap((g) => {
    const area = g.path.replace(/^\//, '');
    return [[g.name, area] as const, ...(g.children ?? []).map((c) => [c.name, area] as const)];
  }),
);

/**
 * The areas whose screens a user holds, from route names: its menu records' names (user info
 * `menus`) and its button codes (`btnPermission`, `<route name>:<action>`). Names outside the
 * route table hold no area.
 */
export function screenAreasOfNames(names: Iterable<string>): Set<string> {
  const areas = new Set<string>();
  for (const n of names) {
    if (typeof n !== 'string') continue;
    const colon = n.indexOf(':');
    const area = AREA_OF_ROUTE.get(colon < 0 ? n : n.slice(0, colon));
    if (area !== undefined) areas.add(area);
  }
  return areas;
}

/** Paging and order: what any look-up query may carry besides filters of the shown fields. */
const PAGING = new Set(['pageNum', 'pageSize', 'sortOrder']);

/**
 * A look-up caller's `list` query as it is answered, or the refusal that names the field:
 * - a filter of a field the view does not show → refused, naming that field;
 * - `sortField` naming a field the view does not show → refused, naming `sortField`;
 * - `keyword` searches the label alone: it becomes the label's substring filter (every look-up
 *   entity declares one), refused naming `keyword` when the query filters the label as well;
 * - any other member (one the contract does not know) → refused, naming it.
 * Paging and `sortOrder` pass as they are. `body` is a parsed JSON object; it is not changed.
 */
export function lookupQuery(view: LookupView, body: Record<string, unknown>): { body: Record<string, unknown> } | { refusal: Refusal } {
  const { entity, fields } = view;
  const allowed = fields.filter((f) => entity.filters[f] !== undefined).join(', ');
  const hidden = (field: string): { refusal: Refusal } => ({ refusal: { field, key: 'lookup.hiddenField', params: { allowed } } });
  let out: Record<string, unknown> | null = null;
  for (const key of Object.keys(body)) {
    if (PAGING.has(key)) continue;
    if (key === 'sortField') {
      if (body.sortField !== undefined && !fields.includes(String(body.sortField))) return hidden('sortField');
      continue;
    }
    if (key === 'keyword') {
      if (body.keyword === undefined) continue;
      if (entity.filters[entity.label] !== 'like') return hidden('keyword');
      if (body[entity.label] !== undefined) return { refusal: { field: 'keyword', key: 'lookup.keywordAndLabel', params: { label: entity.label } } };
      out ??= { ...body };
      delete out.keyword;
      out[entity.label] = body.keyword;
      continue;
    }
    if (!fields.includes(key) || entity.filters[key] === undefined) return hidden(key);
  }
  return { body: out ?? body };
}

/** One record as a look-up answer holds it: the view's fields it has, in the view's order. */
function projectRow(fields: readonly string[], row: unknown): Record<string, unknown> | null {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return null;
  const out: Record<string, unknown> = {};
  for (const f of fields) if (Object.hasOwn(row, f)) out[f] = (row as Record<string, unknown>)[f];
  return out;
}

/**
 * The `data` of a read as a look-up caller receives it: a page `{list, total}` with each row
 * projected (and no `summary`: totals over hidden fields), an array (`listAll`) row by row, one
 * record (`info`) projected; `null` and anything else that holds no record stays as it is
 * (a refusal's `data`). Rows that are not objects are dropped.
 */
export function projectLookup(view: LookupView, data: unknown): unknown {
  const { fields } = view;
  if (Array.isArray(data)) return data.map((r) => projectRow(fields, r)).filter((r) => r !== null);
  if (data === null || typeof data !== 'object') return data;
  const d = data as Record<string, unknown>;
  if (Array.isArray(d.list)) return { list: d.list.map((r) => projectRow(fields, r)).filter((r) => r !== null), total: d.total };
  return projectRow(fields, d);
}

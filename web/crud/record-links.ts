import type { FieldSpec, Row } from './types';

/**
 * Where a record opens ("a cell naming another record shows its label and opens that
 * record"), declared once per entity for the whole console. Pure: no React, no router, so the
 * resolution is tested as plain functions (`tests/web/record-links.test.ts`).
 *
 * A record opens its detail screen where one exists (the order detail, in a tab of its own: the id in
 * its query, `/order/detail?id=123`, and under the stored key `orderId` beside), else its list filtered to it by id
 * (`/member/index?id=123`: every contract list takes an `id` filter and the kit reads it from the URL).
 */
export interface RecordRoute {
  /** The entity's list screen (route table path): the link is drawn only when the user may open it. */
  list: string;
  /** A detail screen reading the record's id from a stored key (spec §3 edit-id keys). */
  detail?: { path: string; idKey: string };
}

/** The query name a record screen reads its record from (`/order/detail?id=123`). */
export const RECORD_QUERY = 'id';

/** `path?id=<id>`: where record `id` of a record screen opens (its own tab, spec §3 key kept beside). */
export function recordPath(path: string, id: number): string {
  return `${path}?${new URLSearchParams({ [RECORD_QUERY]: String(id) })}`;
}

/** The record id a query names (`id=123`), or null when it names none (absent, zero, not a whole number). */
export function recordIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get(RECORD_QUERY);
  return raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** Stored key the order detail reads its order from (web/pages/order: ORDER_ID_KEY). */
export const ORDER_DETAIL_ID_KEY = 'orderId';

/**
 * The entities a reference may open, by contract entity name. An entity missing here is shown as its
 * label only (small lookups such as tags and categories, which have no screen of their own worth
 * opening from a cell).
 */
export const RECORD_ROUTES: Readonly<Record<string, RecordRoute>> = {
  order: { list: '/order/index', detail: { path: '/order/detail', idKey: ORDER_DETAIL_ID_KEY } },
  refund: { list: '/order/back' },
  member: { list: '/member/index' },
  walletRecord: { list: '/member/wallet' },
  feedback: { list: '/feedback/index' },
  goods: { list: '/goods/index' },
  merchant: { list: '/merchant/index' },
  game: { list: '/games/index' },
  gameAccount: { list: '/account/list' },
  card: { list: '/inventory/cardManage' },
  cardAccount: { list: '/inventory/cardAccount' },
  stock: { list: '/inventory/manage' },
  rentAccount: { list: '/rent/account' },
  rentListing: { list: '/rent/list' },
  rentOrder: { list: '/rent/order' },
};

/** Where one record opens: the path to go to, the list screen that guards it, and an id to store first. */
export interface RecordTarget {
  /** The path with its query (`/member/index?id=123`, `/order/detail?id=123`). */
  path: string;
  /** The list screen of the entity: the user may follow the link only when this route is theirs. */
  route: string;
  /** `[stored key, id]` for a detail screen that reads its record from storage. */
  editId?: [string, number];
}

/**
 * Where record `id` of `entity` opens, or null when the entity has no screen to open or the id is
 * not a record id (empty, zero, not a whole number).
 */
export function recordTarget(entity: string | undefined, id: unknown): RecordTarget | null {
  const r = entity ? RECORD_ROUTES[entity] : undefined;
  const n = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  if (!r || typeof n !== 'number' || !Number.isInteger(n) || n < 1) return null;
  if (r.detail) return { path: recordPath(r.detail.path, n), route: r.list, editId: [r.detail.idKey, n] };
  return { path: `${r.list}?${new URLSearchParams({ id: String(n) })}`, route: r.list };
}

/** What a field links to: the entity and the row field holding the record's id. */
export interface FieldLink {
  entity: string;
  by: string;
}

/**
 * The link of a field, declared once: the override's `link` (`false` turns it off; `{ entity, by }`
 * for a text naming a record held in another field, e.g. an order's `memberNickName` by `memberId`),
 * else the reference the field itself is (a contract `x-ref`, or a remote/tree picker's `refEntity`),
 * by its own value. Multi-references (tags, goods ids) link nowhere: a cell holds one link at most.
 */
export function fieldLink(spec: FieldSpec): FieldLink | null {
  const o = spec.override.link;
  if (o === false) return null;
  if (o) return { entity: o.entity, by: o.by ?? spec.name };
  if (spec.kind === 'refs' || spec.kind === 'remotes' || Array.isArray(spec.schema.type)) return null;
  const entity = spec.override.refEntity?.name ?? spec.ref;
  return entity && RECORD_ROUTES[entity] ? { entity, by: spec.name } : null;
}

/** The target of a field's link in a row ({@link fieldLink} then {@link recordTarget}); null when it links nowhere. */
export function cellTarget(spec: FieldSpec, row: Row): RecordTarget | null {
  const link = fieldLink(spec);
  return link ? recordTarget(link.entity, row[link.by]) : null;
}

import type { AnyEntity } from '../../server/contract/entity';
import type { FieldSpec } from './types';
import { fieldSchema, schemaFieldSpec } from './schema';
import { urlValue } from './kinds';

/** Spec §9: table page sizes and the default. */
export const PAGE_SIZES = [10, 50, 80, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** A list page's view: page, size, sort and applied filters (behaviour notes "Tables and forms"). */
export interface ListState {
  pageNum: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
  filters: Record<string, unknown>;
}

export const RANGE_SEP = '~';

/**
 * Reads a list state from a URL query (`?pageNum=2&pageSize=50&sortField=sort&sortOrder=asc&status=1&createTime=a~b`).
 * Each filter's text is read by its field kind (`KINDS[kind].fromUrl`: numbers for ids, enumerations
 * and cents, booleans…). Unknown keys, values the kind refuses, page sizes outside §9 and sorts on
 * unsortable fields are ignored, so a hand-edited URL never makes a request the server refuses.
 * @param specOf the resolved field of a filter (a declaration's overrides); default: from the contract schema.
 */
export function parseListQuery(search: string, entity: AnyEntity, filterNames: readonly string[], specOf?: (name: string) => FieldSpec): ListState {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const int = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : null);
  const pageNum = Math.max(1, int(q.get('pageNum')) ?? 1);
  const size = int(q.get('pageSize'));
  const pageSize = size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  const state: ListState = { pageNum, pageSize, filters: {} };
  const sf = q.get('sortField');
  const so = q.get('sortOrder');
  if (sf && entity.sortable.includes(sf) && (so === 'asc' || so === 'desc')) {
    state.sortField = sf;
    state.sortOrder = so;
  }
  for (const name of filterNames) {
    const raw = q.get(name);
    if (raw === null || raw === '') continue;
    if (entity.filters[name] === 'like' || name === 'keyword') {
      state.filters[name] = raw;
      continue;
    }
    const spec = specOf?.(name) ?? schemaFieldSpec(name, fieldSchema(entity, name));
    if (entity.filters[name] === 'range') {
      const parts = raw.split(RANGE_SEP).map((p) => (p ? urlValue(spec, p) : undefined));
      if (parts.length === 2 && parts.every((p) => p !== undefined && p !== '')) state.filters[name] = parts;
    } else {
      const v = urlValue(spec, raw);
      if (v !== undefined) state.filters[name] = v;
    }
  }
  return state;
}

/**
 * A URL query (with or without its `?`) in the one spelling {@link listQueryString} writes
 * (URLSearchParams': `?typeName=%E7%B1%BB%E5%9E%8B`), with its `?`, or '' when empty. wouter hands a
 * page its query decoded (`typeName=类型`) while the list writes it encoded: a list compares the
 * query it reads with the one it wrote in this spelling, or a filter of non-ASCII text read as
 * another view than its own (a Reset before the filter's URL is written would keep the filter).
 */
export function canonicalQuery(search: string): string {
  const s = new URLSearchParams(search).toString();
  return s ? `?${s}` : '';
}

/** Writes a list state as a URL query ('' for the default view); defaults are left out to keep URLs short. */
export function listQueryString(state: ListState, keep: Record<string, string> = {}): string {
  const q = new URLSearchParams(keep);
  for (const [k, v] of Object.entries(state.filters)) {
    if (isEmpty(v)) continue;
    q.set(k, Array.isArray(v) ? v.join(RANGE_SEP) : String(v));
  }
  if (state.pageNum > 1) q.set('pageNum', String(state.pageNum));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) q.set('pageSize', String(state.pageSize));
  if (state.sortField && state.sortOrder) {
    q.set('sortField', state.sortField);
    q.set('sortOrder', state.sortOrder);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** True for a filter value that means "no filter" (empty text, null, a half-filled range). */
export function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length !== 2 || v.some((x) => x === null || x === undefined || x === '');
  return false;
}

/** The `list` request body of a state (spec §7 paging: pageNum, pageSize; filters; optional sort). */
export function listRequest(state: ListState): Record<string, unknown> {
  const body: Record<string, unknown> = { pageNum: state.pageNum, pageSize: state.pageSize };
  for (const [k, v] of Object.entries(state.filters)) if (!isEmpty(v)) body[k] = typeof v === 'string' ? v.trim() : v;
  if (state.sortField && state.sortOrder) {
    body.sortField = state.sortField;
    body.sortOrder = state.sortOrder;
  }
  return body;
}

/** The page to show after deleting `removed` rows of the current page, so the view never lands past the end. */
export function pageAfterDelete(state: ListState, total: number, removed: number): number {
  const last = Math.max(1, Math.ceil(Math.max(0, total - removed) / state.pageSize));
  return Math.min(state.pageNum, last);
}

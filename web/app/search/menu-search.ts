/**
 * Menu search (spec §2 "Menu search modal", behaviour notes "Menu search"): the searchable entries
 * of the user's menu, the in-order character matcher, highlight segments and the keyboard
 * reducer. Pure: no React, no i18next (titles are translated by the caller's function).
 */
import type { RouteMeta } from '../../../server/contract/route-table';

/** One searchable menu entry: where it goes and its names from the top group down. */
export interface MenuEntry {
  /** Full path (`/order/index`), or an http(s) URL that opens in a new window. */
  path: string;
  /** Translated names of the entry and its ancestors, top first. */
  names: string[];
  /** The entry's icon, else its nearest ancestor's. */
  icon?: string;
}

/** A search hit: the entry, its label (names joined by " > ") and the matched character positions. */
export interface SearchResult extends MenuEntry {
  label: string;
  /** Indices (in UTF-16 units) of `label` to highlight. */
  hits: number[];
}

/** Spec §2: nested names are joined by this separator. */
export const LABEL_SEPARATOR = ' > ';
/** Spec §9: search debounce. */
export const SEARCH_DEBOUNCE_MS = 200;

/** Whether a menu path leaves the console (opens in a new window). */
export function isExternalPath(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

function fullPath(parent: string, path: string): string {
  if (isExternalPath(path) || path.startsWith('/')) return path;
  if (!path) return parent || '/';
  return `${parent.replace(/\/+$/, '')}/${path}`;
}

/**
 * What the search reads of a menu: the shape shared by the route table (`RouteDecl`, relative child
 * paths) and the built menu (`MenuItem` of web/app/routing, absolute paths, `single` wrappers
 * already replaced). Route-building flags (spec §2/§3) are optional.
 */
export interface MenuSource {
  path: string;
  redirect?: string;
  hideMenu?: boolean;
  icon?: string;
  meta: RouteMeta & { single?: boolean; hidePathForChildren?: boolean };
  children?: readonly MenuSource[];
}

/**
 * The searchable entries of a menu, in menu order (behaviour notes: "a visible entry with no
 * visible children, or whose children are hidden in the menu"). An entry hidden from the menu
 * (`hideMenu`) hides its subtree. A group with `hideChildrenInMenu` (Home, Dashboard) is one
 * entry that opens its redirect target. A `single` wrapper (spec §2: a top-level route wrapped in a
 * single-child parent) stands for its child alone; a parent with `hidePathForChildren` passes its own
 * parent's path on (spec §2 "Route building"). `title` turns an entry into the text shown.
 */
export function menuEntries<T extends MenuSource>(menu: readonly T[], title: (entry: T) => string): MenuEntry[] {
  const out: MenuEntry[] = [];
  const hidden = (r: MenuSource) => r.hideMenu === true || r.meta.hideMenu === true;
  const walk = (list: readonly MenuSource[], parentPath: string, names: string[], parentIcon?: string) => {
    for (const r of list) {
      if (hidden(r)) continue;
      const path = fullPath(parentPath, r.path);
      if (r.meta.single && r.children?.length) {
        walk(r.children.slice(0, 1), path, names, r.icon ?? r.meta.icon ?? parentIcon);
        continue;
      }
      const chain = [...names, title(r as T)];
      const visibleChildren = r.meta.hideChildrenInMenu ? [] : (r.children ?? []).filter((c) => !hidden(c));
      const icon = r.icon ?? r.meta.icon ?? parentIcon;
      if (visibleChildren.length) walk(visibleChildren, r.meta.hidePathForChildren ? parentPath : path, chain, icon);
      else out.push({ path: r.meta.hideChildrenInMenu && r.redirect ? r.redirect : path, names: chain, ...(icon ? { icon } : {}) });
    }
  };
  walk(menu, '', []);
  return out;
}

/**
 * In-order, case-insensitive character match: every non-space character of `query` must appear in
 * `text` in the same order, with anything in between. Returns the matched positions in `text`
 * (leftmost choice for each character) or null. A blank query matches nothing.
 */
export function matchInOrder(query: string, text: string): number[] | null {
  const wanted = Array.from(query.replace(/\s+/g, '').toLocaleLowerCase());
  if (!wanted.length) return null;
  const hits: number[] = [];
  let w = 0;
  let offset = 0;
  for (const ch of text) {
    if (w < wanted.length && ch.toLocaleLowerCase() === wanted[w]) {
      hits.push(offset);
      w++;
    }
    offset += ch.length;
  }
  return w === wanted.length ? hits : null;
}

/**
 * Filters entries by name (spec §2: the entry's own name is matched), keeping menu order. The label
 * is the whole chain; hits point into the label (only the last name's characters light up).
 */
export function searchMenu(entries: readonly MenuEntry[], query: string): SearchResult[] {
  const out: SearchResult[] = [];
  for (const e of entries) {
    const name = e.names[e.names.length - 1] ?? '';
    const found = matchInOrder(query, name);
    if (!found) continue;
    const label = e.names.join(LABEL_SEPARATOR);
    const start = label.length - name.length;
    out.push({ ...e, label, hits: found.map((i) => i + start) });
  }
  return out;
}

/** A run of label text, highlighted or not. */
export interface Segment {
  text: string;
  hit: boolean;
}

/** Splits a label into plain and highlighted runs (adjacent hits merge into one run). */
export function highlightSegments(label: string, hits: readonly number[]): Segment[] {
  const marked = new Set(hits);
  const out: Segment[] = [];
  let offset = 0;
  for (const ch of label) {
    const hit = marked.has(offset);
    const last = out[out.length - 1];
    if (last && last.hit === hit) last.text += ch;
    else out.push({ text: ch, hit });
    offset += ch.length;
  }
  return out;
}

/** Keyboard and pointer state of the result list: which row is highlighted (-1 = none). */
export interface SearchListState {
  count: number;
  active: number;
}

export type SearchListEvent =
  | { type: 'search.results'; count: number }
  | { type: 'search.next' }
  | { type: 'search.prev' }
  | { type: 'search.hover'; index: number };

/**
 * The highlight reducer: new results highlight the first row (none when empty); Down/Up move one
 * row and wrap around at either end (spec §2); hovering a row highlights it (out-of-range ignored).
 */
export function searchListReducer(state: SearchListState, event: SearchListEvent): SearchListState {
  switch (event.type) {
    case 'search.results':
      return { count: event.count, active: event.count > 0 ? 0 : -1 };
    case 'search.next':
      if (!state.count) return state;
      return { ...state, active: state.active < 0 ? 0 : (state.active + 1) % state.count };
    case 'search.prev':
      if (!state.count) return state;
      return { ...state, active: state.active <= 0 ? state.count - 1 : state.active - 1 };
    case 'search.hover':
      return event.index >= 0 && event.index < state.count ? { ...state, active: event.index } : state;
  }
}

import type { RouteDecl, RouteMeta } from '../../../server/contract/route-table';

/**
 * Route meta on the web side (spec §3 "Route meta": title, hideMenu, orderNo, roles, ignoreRoute,
 * single, affix, frameSrc, hideChildrenInMenu, hidePathForChildren), extending the shared table's
 * `RouteMeta` with what route building adds.
 */
export interface AppRouteMeta extends RouteMeta {
  /** Set on the empty-path parent that wraps a top-level route (spec §2 "Route building"). */
  single?: boolean;
  /** URL shown in an embedded frame when the route has no component (spec §2). */
  frameSrc?: string;
  /** Children join their paths to this route's parent instead of to this route (spec §2). */
  hidePathForChildren?: boolean;
  /** Multi-tab: the page is not kept alive while another tab shows (spec §3 "Tab"). */
  ignoreKeepAlive?: boolean;
  /** Multi-tab: at most this many tabs share the route's real path (spec §4). */
  dynamicLevel?: number;
  /** The declared path before `:param` substitution (spec §3 "Tab" meta.realPath). */
  realPath?: string;
}

/** A route as declared by the table or mapped from a server menu entry, before building. */
export interface RawRoute {
  name: string;
  /** Absolute (`/order`) or relative to the parent (`index`, `tag/add`). */
  path: string;
  /** A view file name (`order/index`), `LAYOUT`, `IFRAME`, or none. */
  component?: string;
  redirect?: string;
  meta: AppRouteMeta;
  children?: RawRoute[];
}

/** What a built route renders (data only, so it can live in the session machine's context). */
export type RouteView =
  /** The shared layout around the children (top-level groups). */
  | { kind: 'layout' }
  /** A named route without a component: an empty parent for its children. */
  | { kind: 'placeholder' }
  /** A page module, by its view file in `web/pages/registry.ts`. */
  | { kind: 'page'; file: string }
  /** An embedded frame of `src` (web/pages/frame/frame.page.tsx). */
  | { kind: 'frame'; src: string }
  /** No single view file matches the component: the exception page (404). */
  | { kind: 'exception'; status: 404; reason: 'missing' | 'ambiguous' };

/**
 * A built route: full absolute path (`/order/index`; `''` for a single-child wrapper; `:param`
 * segments kept for matching), its view and its children. Structurally a `RouteDecl`, so code that
 * reads the shared table's shape (path, name, meta.title, children) reads built routes too.
 */
export interface AppRoute extends RouteDecl {
  meta: AppRouteMeta;
  view: RouteView;
  children?: AppRoute[];
}

/**
 * A menu item (spec §3 "Menu item": name, path, icon, children, hideMenu, meta.hideChildrenInMenu).
 * As in the specification, `name` is the entry's title: an i18n key (`routes.order.index`), or
 * literal text when `meta.literalTitle` is set. `path` is absolute; `:param` segments are
 * substituted from the current route's parameters when the menu renders.
 */
export interface MenuItem {
  name: string;
  path: string;
  icon?: string;
  hideMenu?: boolean;
  redirect?: string;
  meta: AppRouteMeta;
  children?: MenuItem[];
}

/** A developer warning found while building routes (spec §8 "Developer warnings"). */
export type RouteIssue =
  | { kind: 'missing-view'; route: string; component: string }
  | { kind: 'ambiguous-view'; route: string; component: string; files: string[] }
  | { kind: 'missing-component'; route: string }
  | { kind: 'duplicate-name'; route: string };

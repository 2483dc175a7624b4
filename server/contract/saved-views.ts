import { Type, type Static } from 'typebox';
import { defineAction } from './entity.js';

/**
 * Saved views: the console's own endpoints (never relayed to the platform), served by
 * server/saved-views in every mode under `/console/savedView/*`. A view is a list screen's URL
 * query (filters, sort, page size) and its visible columns in their order, kept by name in the
 * console's database, so an operator opens "refunds pending over 24 h" in one click.
 *
 * - Personal (`shared` false): seen by its maker only. Shared: seen by every user holding one of
 *   its `roleIds` (the role ids of the user info, `roles[].id`), and by administrators, who curate
 *   every shared view. A non-administrator shares only with roles they hold.
 * - Only a view's maker changes or deletes it; an administrator also any shared view.
 * - A default view per user and screen (`savedView.setDefault`): the screen's menu entry opens it
 *   when its URL has no query. Any view the user sees may be their default.
 * - `query` is the URL query as the list writes it, without the `?`: the view opens as that URL, so
 *   the URL stays the one source of what a list shows.
 */

/** The bounds every view is held to; past one, the write is refused naming the field. */
export const SAVED_VIEW_LIMITS = {
  /** Most characters of a view's name. */
  nameMax: 40,
  /** Most views one user keeps per screen (`path`). */
  perUserPerPath: 30,
  /** Most characters of a view's URL query. */
  queryMax: 2000,
  /** Most roles a view is shared with. */
  rolesMax: 20,
  /** Most columns a view names. */
  columnsMax: 60,
} as const;

/** A screen's route: `/order/index`, `/feedback/type` (a path of the route table). */
const ViewPath = Type.String({ minLength: 2, maxLength: 200, pattern: '^(/[A-Za-z0-9_-]+)+$', description: "the screen's route, e.g. `/order/index`" });
const ViewName = Type.String({ minLength: 1, maxLength: SAVED_VIEW_LIMITS.nameMax, pattern: '\\S', description: `the view's name (1–${SAVED_VIEW_LIMITS.nameMax} characters, unique among the maker's views of the screen)` });
const ViewQuery = Type.String({ maxLength: SAVED_VIEW_LIMITS.queryMax, pattern: '^[^?#\\s]*$', description: 'the URL query without its `?`, as the list writes it (`status=1&pageSize=50`); empty for the default view' });
const RoleId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$', description: "a role id of the user info (`roles[].id`)" });
const RoleIds = Type.Array(RoleId, { maxItems: SAVED_VIEW_LIMITS.rolesMax, uniqueItems: true, description: 'the roles a shared view is shown to' });
const ColumnName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$' });
const Columns = Type.Union([Type.Null(), Type.Array(ColumnName, { maxItems: SAVED_VIEW_LIMITS.columnsMax, uniqueItems: true })], {
  description: 'the visible columns in their order; null: the columns that fit the window',
});
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** One view as the endpoints answer it. */
export const SavedView = Type.Object({
  id: Id,
  path: ViewPath,
  name: ViewName,
  query: ViewQuery,
  columns: Columns,
  shared: Type.Boolean(),
  roleIds: RoleIds,
  /** Who made it (a username). */
  ownerName: Type.String({ description: 'the username of its maker' }),
  mine: Type.Boolean({ description: 'the caller made it' }),
  canEdit: Type.Boolean({ description: 'the caller may change and delete it (its maker; an administrator for a shared view)' }),
  isDefault: Type.Boolean({ description: "the caller's default view of the screen" }),
  createTime: Type.String({ description: 'yyyy-MM-dd HH:mm:ss' }),
  updateTime: Type.String({ description: 'yyyy-MM-dd HH:mm:ss' }),
});
export type SavedView = Static<typeof SavedView>;

export const SavedViewPage = Type.Object({ list: Type.Array(SavedView), total: Type.Integer({ minimum: 0 }) });

const ListPayload = Type.Object(
  {
    path: ViewPath,
    pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'default 100' })),
  },
  { additionalProperties: false },
);
const AddPayload = Type.Object(
  {
    path: ViewPath,
    name: ViewName,
    query: ViewQuery,
    columns: Type.Optional(Columns),
    shared: Type.Optional(Type.Boolean({ default: false })),
    roleIds: Type.Optional(RoleIds),
  },
  { additionalProperties: false },
);
const UpdatePayload = Type.Object(
  {
    id: Id,
    name: Type.Optional(ViewName),
    query: Type.Optional(ViewQuery),
    columns: Type.Optional(Columns),
    shared: Type.Optional(Type.Boolean()),
    roleIds: Type.Optional(RoleIds),
  },
  { additionalProperties: false },
);
const DefaultPayload = Type.Object({ path: ViewPath, id: Type.Union([Id, Type.Null()]) }, { additionalProperties: false });

export const savedViewList = defineAction({
  name: 'savedView.list',
  path: '/console/savedView/list',
  area: 'system',
  summary: "The views of a screen the caller sees: their own, then those shared with their roles (administrators: every shared view), with the caller's default marked",
  payload: ListPayload,
  result: SavedViewPage,
});

export const savedViewAdd = defineAction({
  name: 'savedView.add',
  path: '/console/savedView/add',
  area: 'system',
  summary: `Saves a view of a screen by name (at most ${SAVED_VIEW_LIMITS.perUserPerPath} per user and screen); shared: shown to the roles named`,
  payload: AddPayload,
  result: SavedView,
});

export const savedViewUpdate = defineAction({
  name: 'savedView.update',
  path: '/console/savedView/update',
  area: 'system',
  summary: 'Changes a view (its maker; an administrator for a shared view): rename, save the current query over it, share',
  payload: UpdatePayload,
  result: SavedView,
});

export const savedViewDel = defineAction({
  name: 'savedView.del',
  path: '/console/savedView/del',
  area: 'system',
  summary: 'Deletes views (all or none; each its maker, or an administrator for a shared view)',
  payload: Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true }) }, { additionalProperties: false }),
  result: Type.Object({ count: Type.Integer({ minimum: 0 }) }),
});

export const savedViewSetDefault = defineAction({
  name: 'savedView.setDefault',
  path: '/console/savedView/setDefault',
  area: 'system',
  summary: "Sets the caller's default view of a screen (any view they see), or none with id null",
  payload: DefaultPayload,
  result: Type.Object({ path: ViewPath, id: Type.Union([Id, Type.Null()]) }),
});

/** The payloads as the typed client takes them. */
export type SavedViewListPayload = Static<typeof ListPayload>;
export type SavedViewAddPayload = Static<typeof AddPayload>;
export type SavedViewUpdatePayload = Static<typeof UpdatePayload>;
export type SavedViewDefault = Static<typeof DefaultPayload>;

/** The saved-view endpoints as the contract lists them (/docs, the typed client). */
export const SAVED_VIEW_ENDPOINTS = [savedViewList, savedViewAdd, savedViewUpdate, savedViewDel, savedViewSetDefault] as const;

import Type from 'typebox';
import { CountResult, defineAction, defineEntity, IdPayload, writeOnly } from './entity.js';
import { counterField, defineEnum, enabledField, F, PublishStatus, readOnly, remarkField, sortField, withDefault } from './fields.js';

/**
 * System area (spec §1 "System: account, role, menu, resource, resource category, change password,
 * system message"; §6 role with menu tree and per-role resources, resource batch create, modify and
 * export; §3 stored keys accountId, roleId, resourceId, resourceType). The console's own users are
 * `admin` records, as the platform's `/v1/admin/*` session endpoints name them.
 */

export const MessageLevel = defineEnum('messageLevel', [
  [1, 'info', '通知', 'Notice'],
  [2, 'warning', '警告', 'Warning'],
  [3, 'urgent', '紧急', 'Urgent'],
]);

export const admin = defineEntity({
  name: 'admin',
  area: 'system',
  title: { zh_CN: '系统账号', en: 'Console account' },
  fields: {
    username: F.code(32),
    nickName: F.name(32),
    password: writeOnly(F.password()),
    email: Type.Optional(F.email()),
    phone: Type.Optional(F.phone()),
    icon: Type.Optional(F.image()),
    roleIds: F.refs('role', { maxItems: 20 }),
    homePath: Type.Optional(Type.String({ maxLength: 128, pattern: '^/[A-Za-z0-9/_-]*$', description: 'personal home path (spec §2)' })),
    status: enabledField(),
    lastLoginTime: Type.Optional(readOnly(F.datetime())),
    /** Failed sign-ins since the last successful one, for administrators to see. */
    failedLoginCount: Type.Optional(readOnly(F.int(0, 2_147_483_647, { description: 'failed sign-ins since the last successful one' }))),
    lastFailedLoginTime: Type.Optional(readOnly(F.datetime({ description: 'time of the last failed sign-in' }))),
    note: remarkField(),
  },
  label: 'username',
  filters: { username: 'like', nickName: 'like', roleIds: 'has', status: 'eq', createTime: 'range' },
  sortable: ['lastLoginTime', 'createTime'],
  searchable: ['username', 'nickName', 'email', 'phone'],
  statusField: 'status',
  unique: [['username']],
});

/** A role: the menus it opens (menu tree) and the API resources it may call. `roleKey` is what route meta `roles` lists. */
export const role = defineEntity({
  name: 'role',
  area: 'system',
  title: { zh_CN: '角色', en: 'Role' },
  fields: {
    name: F.name(32),
    roleKey: F.code(32),
    description: remarkField(),
    menuIds: withDefault(F.refs('menu', { maxItems: 1000 }), []),
    resourceIds: withDefault(F.refs('resource', { maxItems: 2000 }), []),
    adminCount: counterField(),
    sort: sortField(),
    status: enabledField(),
  },
  label: 'name',
  filters: { name: 'like', status: 'eq' },
  sortable: ['sort', 'adminCount', 'createTime'],
  defaultSort: ['sort', 'asc'],
  statusField: 'status',
  unique: [['name'], ['roleKey']],
});

/** A menu entry (the route table as records; `parentId` 0 = a group). `title` is an i18n key or literal text. */
export const menu = defineEntity({
  name: 'menu',
  area: 'system',
  title: { zh_CN: '菜单', en: 'Menu' },
  fields: {
    parentId: withDefault(F.int(0, 2_147_483_647, { description: '0 = top level' }), 0),
    title: F.name(64),
    name: F.name(64, { pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'route name' }),
    path: F.name(128, { pattern: '^/?[A-Za-z0-9/_:-]*$' }),
    icon: withDefault(F.text(64), ''),
    /** The page module under web/pages (e.g. `order/index`); empty for a group (layout) or a frame. */
    component: Type.Optional(F.text(128, { pattern: '^[A-Za-z0-9/_-]*$' })),
    /** An embedded page's address (spec §2 "a route with a frame source and no component becomes an embedded frame"). */
    frameSrc: Type.Optional(F.url()),
    level: readOnly(withDefault(F.int(0, 9), 0)),
    sort: sortField(),
    hidden: withDefault(F.bool(), false),
    status: enabledField(),
  },
  label: 'title',
  filters: { title: 'like', parentId: 'eq', hidden: 'eq', status: 'eq' },
  sortable: ['sort', 'createTime'],
  defaultSort: ['sort', 'asc'],
  statusField: 'status',
  unique: [['name']],
});

/** An API resource a role may call; `url` is an Ant-style pattern (`/v1/order/**`). */
export const resource = defineEntity({
  name: 'resource',
  area: 'system',
  title: { zh_CN: '资源', en: 'Resource' },
  fields: {
    name: F.name(64),
    url: F.name(200, { pattern: '^/[A-Za-z0-9/_*{}.-]*$' }),
    description: remarkField(),
    categoryId: F.ref('resourceCategory'),
  },
  label: 'name',
  filters: { name: 'like', url: 'like', categoryId: 'eq', createTime: 'range' },
  sortable: ['createTime'],
  searchable: ['name', 'url', 'description'],
  unique: [['url']],
});

export const resourceCategory = defineEntity({
  name: 'resourceCategory',
  area: 'system',
  title: { zh_CN: '资源分类', en: 'Resource category' },
  fields: {
    name: F.name(32),
    sort: sortField(),
  },
  label: 'name',
  filters: { name: 'like' },
  sortable: ['sort', 'createTime'],
  defaultSort: ['sort', 'asc'],
  unique: [['name']],
});

/** Messages to console users (route /system/systemMessage); no target roles = everyone. */
export const systemMessage = defineEntity({
  name: 'systemMessage',
  area: 'system',
  title: { zh_CN: '系统消息', en: 'System message' },
  fields: {
    title: F.name(128),
    content: F.richText(5000),
    level: withDefault(MessageLevel.schema(), 1),
    targetRoleIds: withDefault(F.refs('role'), []),
    publishTime: Type.Optional(readOnly(F.datetime())),
    readCount: counterField(),
    status: withDefault(PublishStatus.schema(), 0),
  },
  label: 'title',
  filters: { title: 'like', level: 'eq', status: 'eq', publishTime: 'range' },
  sortable: ['publishTime', 'readCount', 'createTime'],
  searchable: ['title'],
  statusField: 'status',
});

export const ResourceBatchAdd = Type.Object({ list: Type.Array(resource.schemas.add, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false });
export const ResourceBatchUpdate = Type.Object({ list: Type.Array(resource.schemas.update, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false });
export const ResourceExportPayload = Type.Object(
  { ids: Type.Optional(Type.Array(F.id(), { maxItems: 10000, uniqueItems: true })), categoryId: Type.Optional(F.id()) },
  { additionalProperties: false },
);
/** One of the avatar illustrations (spec §3 "pick one of at least six avatar illustrations"), stored as its path. */
export const IconPayload = Type.Object({ icon: Type.String({ pattern: '^/avatars/[a-z]+\\.svg$', maxLength: 64, description: 'an avatar illustration, /avatars/<name>.svg' }) }, { additionalProperties: false });
export const PasswordPayload = Type.Object(
  { oldPassword: Type.String({ minLength: 1, maxLength: 64 }), newPassword: F.password({ pattern: '^(?=.*[A-Za-z])(?=.*\\d).+$', description: '6-64 characters with a letter and a digit' }) },
  { additionalProperties: false },
);
export const ResetPasswordResult = Type.Object({ password: Type.String({ description: 'the new password, shown once' }) });
export const MyMessage = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  level: Type.Integer(),
  publishTime: Type.String(),
  read: Type.Boolean(),
});
export const MyMessages = Type.Object({ unread: Type.Integer({ minimum: 0 }), list: Type.Array(MyMessage) });
export const MyMessagesQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 8 })) }, { additionalProperties: false });
export const ReadMessagesPayload = Type.Object(
  { ids: Type.Optional(Type.Array(F.id(), { maxItems: 1000, uniqueItems: true, description: 'leave out to mark all as read' })) },
  { additionalProperties: false },
);
export const MenuTreeNode = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  name: Type.String(),
  path: Type.String(),
  sort: Type.Integer(),
  hidden: Type.Boolean(),
  children: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), name: Type.String(), path: Type.String(), sort: Type.Integer(), hidden: Type.Boolean() })),
});

export const systemActions = [
  defineAction({ name: 'resource.batchAdd', path: '/v1/resource/batchAdd', area: 'system', summary: 'Create several resources at once (all or none; a bad row is named by its index)', payload: ResourceBatchAdd, result: CountResult }),
  defineAction({ name: 'resource.batchUpdate', path: '/v1/resource/batchUpdate', area: 'system', summary: 'Change several resources at once (all or none)', payload: ResourceBatchUpdate, result: CountResult }),
  defineAction({
    name: 'resource.export',
    path: '/v1/resource/export',
    kind: 'download',
    area: 'system',
    summary: 'Resources as an .xlsx sheet (batch export), all or those chosen by ids or category',
    payload: ResourceExportPayload,
    payloadOptional: true,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }),
  defineAction({ name: 'menu.tree', path: '/v1/menu/tree', area: 'system', summary: 'Menus as a two-level tree in display order (role menu tree)', payloadOptional: true, result: Type.Array(MenuTreeNode) }),
  defineAction({ name: 'admin.resetPassword', path: '/v1/admin/resetPassword', area: 'system', summary: "Give another console account a new random password (answered once, never stored in clear); its sessions end", payload: IdPayload, result: ResetPasswordResult }),
  defineAction({ name: 'systemMessage.mine', path: '/v1/systemMessage/mine', area: 'system', summary: "The signed-in user's published messages, latest first, with the unread count (header bell)", payload: MyMessagesQuery, payloadOptional: true, result: MyMessages }),
  defineAction({ name: 'systemMessage.read', path: '/v1/systemMessage/read', area: 'system', summary: 'Mark messages (or all) as read for the signed-in user', payload: ReadMessagesPayload, payloadOptional: true, result: CountResult }),
  defineAction({ name: 'admin.updateIcon', path: '/v1/admin/updateIcon', area: 'system', summary: "Set the signed-in user's own avatar to one of the illustrations (spec §3; user menu)", payload: IconPayload, result: Type.Object({ icon: Type.String() }) }),
  defineAction({ name: 'admin.updatePassword', path: '/v1/admin/updatePassword', area: 'system', summary: "Change the signed-in user's password (route /system/changePassword)", payload: PasswordPayload, result: Type.Null() }),
];

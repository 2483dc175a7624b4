import Type, { type Static } from 'typebox';

/**
 * Session endpoints (spec §7 rows /v1/admin/login … /v1/admin/gameCategory, §3 structures).
 * The login payload's field names are ours (the spec does not show them); the result is the spec's.
 */
export const LoginPayload = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
    captchaToken: Type.String({ minLength: 1, maxLength: 128 }),
    captchaCode: Type.String({ minLength: 1, maxLength: 16 }),
  },
  { additionalProperties: false },
);
export type LoginPayload = Static<typeof LoginPayload>;

/** Login result: stored joined as `tokenHead + token` and sent as the Authorization header. */
export const LoginResult = Type.Object({ token: Type.String(), tokenHead: Type.String() });
export type LoginResult = Static<typeof LoginResult>;

/** A role; `id` is the stable key that route meta `roles` lists (spec §6 role mode). */
export const RoleRef = Type.Object({ id: Type.String(), name: Type.String() });

/** User info (spec §3): icon defaults to a placeholder built from the username on the client. */
export const UserInfo = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  nickName: Type.String(),
  icon: Type.Optional(Type.String()),
  homePath: Type.Optional(Type.String()),
  roles: Type.Array(RoleRef),
  btnPermission: Type.Array(Type.String()),
  /**
   * Names of the menu records the user's roles grant (groups and pages, route names such as
   * `Order`, `OrderIndex`). The route-mapping and role modes keep only these routes, so a role's
   * menus govern what its accounts see; absent (a platform that does not send it), those modes
   * filter by role ids alone.
   */
  menus: Type.Optional(Type.Array(Type.String())),
});
export type UserInfo = Static<typeof UserInfo>;

/** Permission codes for back-end permission mode (spec §6). */
export const PermCodes = Type.Array(Type.String());

/** GET /v1/captcha/token: a one-time token; the image is GET /v1/captcha/image?token=… */
export const CaptchaToken = Type.Object({ captchaToken: Type.String(), expireIn: Type.Integer({ description: 'seconds' }) });
export type CaptchaToken = Static<typeof CaptchaToken>;
export const CaptchaImageQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 128 }) });

/** Server menu entry (spec §2 "Route building", §3). `sort` is the orderNo. */
export interface MenuEntry {
  name: string;
  path: string;
  componentPath?: string;
  redirect?: string;
  hidden?: boolean;
  sort?: number;
  icon?: string;
  /** An i18n key (routes.<group>.<page>) or literal text. */
  title: string;
  hideChildrenInMenu?: boolean;
  /** An embedded page's URL (spec §2: a route with a frame source becomes an embedded frame). */
  frameSrc?: string;
  children?: MenuEntry[];
}
export const MenuEntry = Type.Cyclic(
  {
    MenuEntry: Type.Object({
      name: Type.String(),
      path: Type.String(),
      componentPath: Type.Optional(Type.String()),
      redirect: Type.Optional(Type.String()),
      hidden: Type.Optional(Type.Boolean()),
      sort: Type.Optional(Type.Integer()),
      icon: Type.Optional(Type.String()),
      title: Type.String(),
      hideChildrenInMenu: Type.Optional(Type.Boolean()),
      frameSrc: Type.Optional(Type.String()),
      children: Type.Optional(Type.Array(Type.Ref('MenuEntry'))),
    }),
  },
  'MenuEntry',
);

/** Basic data (spec §3 "Basic data response"), loaded once after login. */
export const BasicData = Type.Object({
  goodsCategory: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  goodsBrand: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  gameTag: Type.Array(Type.Object({ tagName: Type.String(), tagIdentity: Type.String() })),
  gamePlatform: Type.Array(Type.Object({ platformName: Type.String(), platformIdentity: Type.String() })),
  memberLevel: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type BasicData = Static<typeof BasicData>;

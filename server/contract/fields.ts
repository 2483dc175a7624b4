import Type, { type Static, type TArray, type TBoolean, type TEnum, type TInteger, type TSchema, type TString } from 'typebox';

/**
 * Field builders of the contract. Every field of every entity is made here, so the same kinds
 * look and validate the same everywhere (spec §5: times are 'YYYY-MM-DD HH:mm:ss', hex colours
 * are 3 or 6 digits; the issue: money is an integer number of cents).
 *
 * Each builder returns plain JSON Schema. Two OpenAPI extension keywords carry what JSON Schema
 * cannot say and what the web kit needs to pick a widget: `x-kind` (money, datetime, date, image,
 * url, textarea, color, password, richText) and `x-ref` (the entity an id points at, with
 * `x-on-delete`). Fastify's ajv runs in strict mode and refuses unknown keywords, so the mock strips
 * `x-*` keys before giving a schema to ajv (server/mock/routes/crud.ts `forAjv`).
 *
 * Two type-level marks drive the add/update payloads of `defineEntity`:
 * `readOnly(…)` (JSON Schema `readOnly: true`: set by the server, absent from add/update) and
 * `withDefault(…)` (JSON Schema `default`: optional on add, filled by the server).
 */

/**
 * A real calendar day 'YYYY-MM-DD': 30-day months stop at 30, February at 28, or 29 in a leap year
 * (divisible by 4, centuries only when divisible by 400), so '2025-02-31' is refused.
 */
const CALENDAR_DAY =
  '(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)';
/** 'YYYY-MM-DD HH:mm:ss' of a real day, the only time format on the wire (spec §5, §9). */
export const DATETIME_PATTERN = `^${CALENDAR_DAY} ([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$`;
/** 'YYYY-MM-DD' of a real day (spec §9 captcha date formats; calendar days such as a release date). */
export const DATE_PATTERN = `^${CALENDAR_DAY}$`;
/** Spec §5: '#' then 3 or 6 hex digits. */
export const HEX_COLOR_PATTERN = '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$';
/**
 * An absolute http(s) URL or a path on this host (uploads answer `/upload/...`). A path may not
 * start with `//` or a slash and a backslash, which browsers read as another host (`//evil.example/x.png`), and no
 * backslash is allowed anywhere (browsers turn it into `/`).
 */
export const URL_PATTERN = '^(https?://[^\\s/$.?#\\\\][^\\s\\\\]*|/(?![/\\\\])[^\\s\\\\]*)$';
/** Mainland mobile number, 11 digits starting with 1. */
export const PHONE_PATTERN = '^1[3-9]\\d{9}$';
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** At least one non-space character: names may not be blank (the client trims, spec §5). */
const NOT_BLANK = '\\S';

/**
 * The text every request string must be (server/plugins/input.ts refuses anything else): no C0
 * control character but tab and newline, no DEL or C1 character, no lone UTF-16 surrogate. An
 * ECMAScript pattern read with the `u` flag (as JSON Schema validators such as ajv do), where a
 * surrogate pair is one code point and only a lone surrogate falls in `\uD800-\uDFFF`.
 */
export const TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]*$';

/** JSON Schema options passed through to a builder (description, examples, extra bounds). */
export type Opts = Record<string, unknown>;

/** Widget hint for the web kit and OpenAPI readers. */
export type FieldKind = 'money' | 'datetime' | 'date' | 'image' | 'url' | 'textarea' | 'richText' | 'color' | 'password' | 'percent';

export type ReadOnly<T extends TSchema> = T & { readOnly: true };
export type Defaulted<T extends TSchema, V> = T & { default: V };

/** Marks a field the server computes (counters, totals, numbers it issues): shown, never sent. */
export function readOnly<T extends TSchema>(schema: T): ReadOnly<T> {
  return Object.assign(schema, { readOnly: true as const });
}

/** Gives a field a default: optional in the add payload, where the server fills it in. */
export function withDefault<T extends TSchema, const V extends Static<T>>(schema: T, value: V): Defaulted<T, V> {
  return Object.assign(schema, { default: value });
}

/** Options of a reference field: what happens to the referring record when the target is deleted. */
export interface RefOptions {
  /** `restrict` (default): the target cannot be deleted while referenced; `cascade`: referring records go with it. */
  onDelete?: 'restrict' | 'cascade';
  description?: string;
}

/** Builders; each takes JSON Schema options last (description, examples…). */
export const F = {
  /** A record id, 1 and up. */
  id: (o: Opts = {}): TInteger => Type.Integer({ minimum: 1, ...o }),
  /** Id of a record of `entity`; checked to exist on add and update. */
  ref: (entity: string, o: RefOptions = {}): TInteger =>
    Type.Integer({ minimum: 1, 'x-ref': entity, ...(o.onDelete === 'cascade' ? { 'x-on-delete': 'cascade' } : {}), ...(o.description ? { description: o.description } : {}) }),
  /** Ids of records of `entity` (tags of a game, roles of an admin). */
  refs: (entity: string, o: { maxItems?: number; description?: string } = {}): TArray<TInteger> =>
    Type.Array(Type.Integer({ minimum: 1 }), { uniqueItems: true, maxItems: o.maxItems ?? 50, 'x-ref': entity, ...(o.description ? { description: o.description } : {}) }),
  /** A required one-line name: 1..max characters, not blank. */
  name: (maxLength = 64, o: Opts = {}): TString => Type.String({ minLength: 1, maxLength, pattern: NOT_BLANK, ...o }),
  /** Free text that may be empty (remarks, descriptions). */
  text: (maxLength = 255, o: Opts = {}): TString => Type.String({ maxLength, ...o }),
  /** Multi-line text. */
  longText: (maxLength = 2000, o: Opts = {}): TString => Type.String({ maxLength, 'x-kind': 'textarea', ...o }),
  /** HTML of a rich-text editor (articles, messages). */
  richText: (maxLength = 20000, o: Opts = {}): TString => Type.String({ maxLength, 'x-kind': 'richText', ...o }),
  /** A code of letters, digits, '-' and '_' (identities, keys). */
  code: (maxLength = 32, o: Opts = {}): TString => Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+$', ...o }),
  int: (minimum = 0, maximum = 2_147_483_647, o: Opts = {}): TInteger => Type.Integer({ minimum, maximum, ...o }),
  /** Money as an integer number of cents (分); 100 = ¥1.00. */
  money: (o: Opts = {}): TInteger => Type.Integer({ minimum: 0, maximum: 100_000_000_000, 'x-kind': 'money', description: 'amount in cents', ...o }),
  /** Signed money (wallet movements: negative is money out). */
  signedMoney: (o: Opts = {}): TInteger =>
    Type.Integer({ minimum: -100_000_000_000, maximum: 100_000_000_000, 'x-kind': 'money', description: 'signed amount in cents', ...o }),
  /** A whole percentage 0..100 (discounts, rates). */
  percent: (o: Opts = {}): TInteger => Type.Integer({ minimum: 0, maximum: 100, 'x-kind': 'percent', ...o }),
  bool: (o: Opts = {}): TBoolean => Type.Boolean(o),
  datetime: (o: Opts = {}): TString => Type.String({ pattern: DATETIME_PATTERN, 'x-kind': 'datetime', description: 'YYYY-MM-DD HH:mm:ss', ...o }),
  date: (o: Opts = {}): TString => Type.String({ pattern: DATE_PATTERN, 'x-kind': 'date', description: 'YYYY-MM-DD', ...o }),
  image: (o: Opts = {}): TString => Type.String({ maxLength: 512, pattern: URL_PATTERN, 'x-kind': 'image', ...o }),
  images: (maxItems = 9): TArray<TString> => Type.Array(Type.String({ maxLength: 512, pattern: URL_PATTERN }), { maxItems, 'x-kind': 'image' }),
  url: (o: Opts = {}): TString => Type.String({ maxLength: 512, pattern: URL_PATTERN, 'x-kind': 'url', ...o }),
  phone: (o: Opts = {}): TString => Type.String({ pattern: PHONE_PATTERN, description: '11-digit mobile number', ...o }),
  email: (o: Opts = {}): TString => Type.String({ maxLength: 128, pattern: EMAIL_PATTERN, ...o }),
  color: (o: Opts = {}): TString => Type.String({ pattern: HEX_COLOR_PATTERN, 'x-kind': 'color', ...o }),
  password: (o: Opts = {}): TString => Type.String({ minLength: 6, maxLength: 64, 'x-kind': 'password', ...o }),
  /** Short free-form labels. */
  strings: (maxItems = 20, maxLength = 32): TArray<TString> => Type.Array(Type.String({ minLength: 1, maxLength }), { maxItems }),
} as const;

/** A label in both languages of the console (zh_CN is the default and fallback, spec §9). */
export interface I18nText {
  zh_CN: string;
  en: string;
}

/** One value of an enumeration: the wire value, a stable key for code and i18n, and its labels. */
export interface EnumEntry<V extends number = number> {
  value: V;
  key: string;
  label: I18nText;
}

export interface EnumDef<V extends number = number> {
  /** i18n key stem: labels also live at `enums.<name>.<key>`. */
  name: string;
  entries: EnumEntry<V>[];
  values: V[];
  /** Value by key, e.g. `OrderStatus.of.paid === 1`. */
  of: Record<string, V>;
  /** The label of a value in a language; the raw value as text when unknown. */
  label(value: number, locale?: keyof I18nText): string;
  /** A fresh JSON Schema for a field of this enumeration. */
  schema(o?: Opts): TEnum<V[]>;
}

type EntryTuple = readonly [value: number, key: string, zh_CN: string, en: string];

/** Every enumeration of the contract by name (a schema's `x-enum` names its entry): the web's labels come from here. */
export const ENUMS: Record<string, EnumDef> = {};

/**
 * An enumeration with translated labels. Statuses are integers on the wire (the platform's
 * convention); the labels travel with the contract so the web shows the same words as the docs.
 * @example defineEnum('feedbackStatus', [[0, 'pending', '待处理', 'Pending'], [1, 'replied', '已回复', 'Replied']])
 */
export function defineEnum<const E extends readonly EntryTuple[]>(name: string, tuples: E): EnumDef<E[number][0]> & { of: { [T in E[number] as T[1]]: T[0] } } {
  type V = E[number][0];
  const entries = tuples.map(([value, key, zh_CN, en]) => ({ value, key, label: { zh_CN, en } })) as EnumEntry<V>[];
  const values = entries.map((e) => e.value);
  const of = Object.fromEntries(entries.map((e) => [e.key, e.value]));
  const description = entries.map((e) => `${e.value}=${e.key} (${e.label.en} / ${e.label.zh_CN})`).join(', ');
  if (ENUMS[name]) throw new Error(`defineEnum: ${name} is defined twice`);
  const def: EnumDef<V> = {
    name,
    entries,
    values,
    of: of as never,
    label(value, locale = 'zh_CN') {
      return entries.find((e) => e.value === value)?.label[locale] ?? String(value);
    },
    schema: (o = {}) => Type.Enum(values, { 'x-enum': name, description, ...o }),
  };
  ENUMS[name] = def as unknown as EnumDef;
  return def as never;
}

/** The usual on/off switch of lookup records. */
export const EnableStatus = defineEnum('enableStatus', [
  [1, 'enabled', '启用', 'Enabled'],
  [0, 'disabled', '禁用', 'Disabled'],
]);

/** Listing state of things shown to buyers. */
export const ShelfStatus = defineEnum('shelfStatus', [
  [0, 'draft', '草稿', 'Draft'],
  [1, 'onShelf', '已上架', 'On shelf'],
  [2, 'offShelf', '已下架', 'Off shelf'],
]);

/** Review of something submitted by a member or merchant. */
export const AuditStatus = defineEnum('auditStatus', [
  [0, 'pending', '待审核', 'Pending'],
  [1, 'approved', '已通过', 'Approved'],
  [2, 'rejected', '已驳回', 'Rejected'],
]);

/** Publishing state of content. */
export const PublishStatus = defineEnum('publishStatus', [
  [0, 'draft', '草稿', 'Draft'],
  [1, 'published', '已发布', 'Published'],
  [2, 'revoked', '已撤回', 'Revoked'],
]);

/** Payment channels. */
export const PayType = defineEnum('payType', [
  [1, 'alipay', '支付宝', 'Alipay'],
  [2, 'wechat', '微信支付', 'WeChat Pay'],
  [3, 'balance', '余额', 'Wallet balance'],
  [4, 'bank', '银行卡', 'Bank card'],
]);

/** Display order, 0..9999, ascending. */
export const sortField = () => withDefault(F.int(0, 9999, { description: 'display order, ascending' }), 0);
/** The enable switch, enabled unless said otherwise. */
export const enabledField = () => withDefault(EnableStatus.schema(), 1);
/** A remark that may stay empty. */
export const remarkField = (maxLength = 255) => withDefault(F.text(maxLength), '');
/** A server-maintained counter. */
export const counterField = (description?: string) => readOnly(withDefault(F.int(0, 2_147_483_647, description ? { description } : {}), 0));

/**
 * The one shape of a "platform" record (game platforms and goods platforms: where a game runs or
 * a code redeems): name, identity, icon, order, status; names and identities unique.
 */
export function platformEntityShape() {
  return {
    fields: {
      platformName: F.name(32),
      platformIdentity: F.code(32),
      icon: Type.Optional(F.image()),
      sort: sortField(),
      status: enabledField(),
    },
    label: 'platformName',
    filters: { platformName: 'like', status: 'eq' },
    sortable: ['sort', 'createTime'],
    defaultSort: ['sort', 'asc'],
    statusField: 'status',
    unique: [['platformName'], ['platformIdentity']],
  } as const;
}

/**
 * A copy of `schema` in which every integer is a safe integer (within ±(2^53 − 1)) unless the
 * schema bounds it tighter. JSON.parse rounds a longer integer to the nearest double (`9007199254740993`
 * reads as `…992`, `1e300` is an "integer" too), so a request could name a record it did not spell or
 * page past what any store can count; bounded, such a value is refused naming its field.
 */
export function withSafeIntegers<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withSafeIntegers) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(schema)) out[k] = withSafeIntegers((schema as Record<string, unknown>)[k]);
  const type = out.type;
  if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) {
    out.maximum = Math.min(typeof out.maximum === 'number' ? out.maximum : Infinity, Number.MAX_SAFE_INTEGER);
    out.minimum = Math.max(typeof out.minimum === 'number' ? out.minimum : -Infinity, Number.MIN_SAFE_INTEGER);
  }
  return out as T;
}

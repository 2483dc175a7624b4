import type { ReactNode } from 'react';
import type { AnyEntity } from '../../server/contract/entity';

/**
 * Widget kinds of the kit, derived from a contract field schema (`x-kind`, `x-enum`, `x-ref`, JSON
 * type) unless a declaration overrides them. `status` is an enumeration shown as a switch (the
 * entity's `statusField`). Each kind has one entry in the kind registry (`kinds.tsx` `KINDS`): cell,
 * input, filter, width, wire format, URL state and export text.
 */
export type FieldKind = BuiltinKind | (string & {});
/** The kinds the kit ships; `registerKind('rating', …)` (or an entry in `KINDS`) adds another. */
export type BuiltinKind =
  | 'string' | 'text' | 'richText' | 'int' | 'money' | 'percent' | 'enum' | 'radio' | 'switch' | 'status' | 'boolean'
  | 'datetime' | 'date' | 'dateRange' | 'ref' | 'refs' | 'remote' | 'remotes' | 'tree' | 'image' | 'images' | 'url' | 'color'
  | 'password' | 'strings';

/** A table row / record as the list and `info` answer it. */
export type Row = Record<string, unknown>;

/** What a kind's (or an override's) input gets. */
export interface InputProps {
  spec: FieldSpec;
  value: unknown;
  onChange: (v: unknown) => void;
  invalid?: boolean;
  id: string;
  placeholder?: string;
  /** Search-form variant: enums and refs can be cleared, texts are one line. */
  filter?: boolean;
  /** Id of the element describing the input (its error message), for `aria-describedby`. */
  describedBy?: string;
  /** Ref inputs: only records matching these values (a `dependsOn` field's current value); see {@link FieldOverride.dependsOn}. */
  where?: Record<string, unknown>;
}

/** Per-field overrides of a declaration (anything the schema cannot say). */
export interface FieldOverride {
  kind?: FieldKind;
  /** Column width in px (list page); default from the kind registry. */
  width?: number;
  /**
   * How much the list needs the column on a narrow table (1 essential: never given up; 2 ordinary;
   * 3 secondary: given up first); default from the field's role and kind (`kinds.tsx` `priorityOf`).
   */
  priority?: 1 | 2 | 3;
  /** Entity a ref/remote/tree field points at when the schema has no `x-ref` (e.g. `parentId`). */
  ref?: string;
  /** Custom table cell. */
  cell?: (row: Row) => ReactNode;
  /** Custom form input (replaces the kind's). */
  input?: (props: InputProps) => ReactNode;
  /** Custom search-form input (replaces the kind's filter). */
  filterInput?: (props: InputProps) => ReactNode;
  /** Form field spans both grid columns. */
  wide?: boolean;
  /** Image fields: accepted types (default png, jpeg, webp, gif) and max size in bytes (default 5 MB). */
  accept?: string;
  maxSize?: number;
  /** Remote-search and tree kinds: the contract entity searched or nested (its `list`, `info`, `label`). */
  refEntity?: AnyEntity;
  /** Date-range input in a form: the field that takes the end of the range (`startTime` → `endTime`). */
  rangeEnd?: string;
  /** Tree fields: the value meaning "no parent" (default 0), offered as the top-level choice. */
  rootValue?: number;
  /** The entity's status field as a list switch when it is not a 1/0 status: the [on, off] values (game: online 1 / offline 2). */
  switchValues?: [number, number];
  /** A hint under the input (i18n key or text). */
  hint?: string;
  /**
   * Where the cell links (every reference is a link, declared once on the field). Default:
   * a reference field (`x-ref`, `refEntity`) opens its record by its own value (`record-links.ts`
   * `RECORD_ROUTES`). `{ entity, by }`: a text naming a record whose id is in field `by` (an order's
   * `memberNickName` by `memberId`); `false`: no link.
   */
  link?: { entity: string; by?: string } | false;
  /**
   * Ref options that depend on another field of the form (the goods area picker narrowed
   * to the chosen platform): only records of `refEntity` whose `by` (default: `field`) equals the
   * form's value of `field`; a value no longer among them is cleared. Needs `refEntity`. A custom
   * `input` gets the value as `where` (`{ [by ?? field]: value }`) and does with it what it needs.
   */
  dependsOn?: { field: string; by?: string };
}

/** How add/modify opens (spec §2 table: most lookups a dialog, big records a page, some a drawer). */
export type FormMode = 'dialog' | 'drawer' | 'page';

/** Field names of an entity: its declared fields plus `id`, `createTime`, `updateTime`. */
export type FieldKey<E extends AnyEntity> = (keyof E['fields'] & string) | 'id' | 'createTime' | 'updateTime';
/** Filter names of an entity: its fields and `keyword`. */
export type FilterKey<E extends AnyEntity> = FieldKey<E> | 'keyword';

/** A section (or tab, with `form.layout: 'tabs'`) of a long form: an i18n title key and its fields. */
export interface FormSection<K extends string = string> {
  /** i18n key of the title (`games.sections.basic`) or plain text. */
  title: string;
  fields: K[];
}

/** The add/modify form of a declaration. */
export interface FormDecl<K extends string = string> {
  mode: FormMode;
  fields: K[];
  columns?: 1 | 2;
  width?: number;
  /** Page mode: the §3 stored edit-id key (`gameId`) the list writes and the form page reads. */
  editIdKey?: string;
  /** Page mode: the add and modify routes (`/games/add`, `/games/modify`). Default: `<route>/add|modify`. */
  pages?: { add: string; modify: string };
  /** Long forms: fields grouped in sections (one card each) or tabs; `fields` stays the full list. */
  sections?: FormSection<K>[];
  layout?: 'sections' | 'tabs';
  /** Tabs: the §3 stored key of the open tab's index (goods tab index), so a reload keeps the tab. */
  tabKey?: string;
  /**
   * The success toast after a save, as an i18n key, when the saved record calls for more than
   * "Added"/"Saved" (a new goods item saved as a draft); null or absent: the usual one. `added`:
   * the save was an add.
   */
  savedMessage?: (saved: Row, added: boolean) => string | null;
}

/** What a resource declaration says; the kit derives the rest from the contract entity. */
export interface ResourceDecl<E extends AnyEntity = AnyEntity> {
  /** The contract entity (`server/contract/<area>.ts`). */
  entity: E;
  /**
   * Route name of the screen: button codes are `<permission>:<action>` (spec §6), e.g. `FeedbackType`.
   * Optional when `route` is given: then it is the route table's name of that path (`/games/tag` → `GamesTag`).
   */
  permission?: string;
  /** The list screen's path in the route table (`/games/tag`); the form pages are `<route>/add|modify` when they exist. */
  route?: string;
  /** Columns in order (record fields, `id`, `createTime`, `updateTime`). */
  columns: FieldKey<E>[];
  /** Search-form filters in order: filter fields of the entity, or `keyword` when it is searchable. */
  filters?: FilterKey<E>[];
  /** Add/modify form; absent when the screen has none. */
  form?: FormDecl<FieldKey<E>>;
  fields?: Partial<Record<FilterKey<E>, FieldOverride>>;
  /**
   * `false`: the list's delete and status switch offer no Undo on their toast (a list whose writes
   * move money); by default they do (web/crud/undo.ts).
   */
  undo?: boolean;
  /** Turn off kit actions the entity would allow (e.g. `{ export: false }`). */
  actions?: Partial<Record<'add' | 'update' | 'del' | 'export' | 'status' | 'batchDel', boolean>>;
  /** A list shown as a tree (parent/child entities): the field holding the parent id; the whole set is loaded. */
  tree?: { parentField: FieldKey<E>; rootValue?: number };
  /**
   * Why a row may not be deleted, as an i18n key (values: the row), or null: checked before asking,
   * so the user reads the reason in their language (a category still holding goods). Trees also
   * refuse a node with children (`crud.hasChildren`).
   */
  deleteBlock?: (row: Row) => string | null;
  /** Filters always sent with the list (not shown, not in the URL), e.g. `{ status: 1 }`. */
  permanentFilter?: Record<string, unknown>;
  /**
   * Records of other entities that name this one (a goods record shows its stock
   * and recent orders): each row gets a "Related" action opening them as the kit's `SubList`s, one
   * per entry the user may open (its resource's `route`).
   */
  related?: RelatedList[];
  /**
   * The list shows members' personal data or codes: a faint watermark with the operator's name and
   * the time covers it while it is shown (`parts/Watermark.tsx`). Default false.
   */
  watermark?: boolean;
}

/** One list of related records: the other entity's resource, the filter naming this record, the columns shown. */
export interface RelatedList {
  /** i18n key (or text) of the section title. */
  title: string;
  resource: Resource;
  /** The other list's filter that takes this record's id (`goodsId`, `goodsIds`, `memberId`). */
  by: string;
  columns?: string[];
  /** Rows a page (default 5). */
  pageSize?: number;
}

/** A resolved field: its name, widget kind and schema. */
export interface FieldSpec {
  name: string;
  kind: FieldKind;
  schema: Record<string, unknown>;
  override: FieldOverride;
  /** Enumeration name (`x-enum`) for enum/status. */
  enumName?: string;
  /** Entity a ref points at. */
  ref?: string;
  required: boolean;
  /** Whether the update schema lets the field be cleared with `null` (optional without a default). */
  nullable?: boolean;
}

export type Resource<E extends AnyEntity = AnyEntity> = ResourceDecl<E> & { readonly kind: 'resource'; readonly permission: string };

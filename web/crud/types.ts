import type { ReactNode } from 'react';
import type { AnyEntity } from '../../server/contract/entity';

/**
 * Widget kinds of the kit, derived from a contract field schema (`x-kind`, `x-enum`, `x-ref`, JSON
 * type) unless a declaration overrides them. `status` is an enumeration shown as a switch (the
 * entity's `statusField`).
 */
export type FieldKind =
  | 'string' | 'text' | 'int' | 'money' | 'percent' | 'enum' | 'status' | 'boolean' | 'datetime' | 'date'
  | 'ref' | 'refs' | 'image' | 'images' | 'url' | 'color' | 'password' | 'strings';

/** Per-field overrides of a declaration (anything the schema cannot say). */
export interface FieldOverride {
  kind?: FieldKind;
  /** Column width in px (list page). */
  width?: number;
  /** `listAll` path of a ref field when it is not `/v1/<entity>/listAll`. */
  refPath?: string;
  /** Custom table cell. */
  cell?: (row: Record<string, unknown>) => ReactNode;
  /** Form field spans both grid columns. */
  wide?: boolean;
}

/** How add/modify opens (spec §2 table: most lookups a dialog, big records a page, some a drawer). */
export type FormMode = 'dialog' | 'drawer' | 'page';

/** What a resource declaration says; the kit derives the rest from the contract entity. */
export interface ResourceDecl<E extends AnyEntity = AnyEntity> {
  /** The contract entity (`server/contract/<area>.ts`). */
  entity: E;
  /** Route name of the screen: button codes are `<permission>:<action>` (spec §6), e.g. `FeedbackType`. */
  permission: string;
  /** Columns in order (record fields, `id`, `createTime`, `updateTime`). */
  columns: string[];
  /** Search-form filters in order: filter fields of the entity, or `keyword` when it is searchable. */
  filters?: string[];
  /** Add/modify form; absent when the screen has none. */
  form?: { mode: FormMode; fields: string[]; columns?: 1 | 2; width?: number; editIdKey?: string; pages?: { add: string; modify: string } };
  fields?: Record<string, FieldOverride>;
  /** Turn off kit actions the entity would allow (e.g. `{ export: false }`). */
  actions?: Partial<Record<'add' | 'update' | 'del' | 'export' | 'status' | 'batchDel', boolean>>;
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
}

export type Resource<E extends AnyEntity = AnyEntity> = ResourceDecl<E> & { readonly kind: 'resource' };

import type { FieldSpec, Resource } from './types';
import { kindDef, priorityOf, widthOf } from './kinds';

/** px a column without a width hint is counted for when fitting (a short value and its header). */
export const DEFAULT_COLUMN_WIDTH = 140;
/** px a wrapping column (long text) is counted for: a narrower column of paragraphs is read a word a line (crud.css gives it 220 on a phone). */
export const WRAP_COLUMN_WIDTH = 240;

/**
 * The room a list's table has, measured on screen: `width` is the table's box (px), `fixed` the
 * columns that are always there (selection checkboxes and row actions, px). `width` 0: not measured yet.
 */
export interface ListRoom {
  width: number;
  fixed: number;
}

/** A column's width as the fit counts it: its hint (`widthOf`), else {@link WRAP_COLUMN_WIDTH} for a wrapping kind, else {@link DEFAULT_COLUMN_WIDTH}. */
export function fitWidth(spec: FieldSpec): number {
  return widthOf(spec) ?? (kindDef(spec).wrap ? WRAP_COLUMN_WIDTH : DEFAULT_COLUMN_WIDTH);
}

/**
 * The key column of a list: the entity's label field (the goods name, the order number) when it is
 * one of the columns; it stays on screen and, when there is room, frozen on the left.
 */
export function keyColumnOf(resource: Resource, columns: readonly string[]): string | undefined {
  const key = resource.entity.label;
  return columns.includes(key) ? key : undefined;
}

/**
 * Whether a column is never given up by the fit: the key column, the record's status (the
 * entity's status field, or a field named `status` where the status is moved by actions, as an
 * order's), and every priority-1 column unless its declaration says otherwise.
 */
function essential(resource: Resource, spec: FieldSpec, key: string | undefined): boolean {
  if (spec.override.priority) return spec.override.priority === 1 || spec.name === key;
  return spec.name === key || spec.name === resource.entity.statusField || spec.name === 'status' || priorityOf(spec) === 1;
}

/**
 * The columns a list shows by default in `room` (a wide list at 1280 px keeps its amounts,
 * statuses and times on screen instead of pushing them past a horizontal scroll): every essential
 * column (key, status, priority 1), then the others by priority (2 before 3) and, within one
 * priority, in declared order, each while its width still fits; once a column does not fit, no
 * column of a lower priority is added (a narrower secondary column does not jump an ordinary one).
 * Answers the columns in declared order; all of them while the room is not measured (`width` 0).
 * What the fit leaves out stays in the column chooser; a choice made there is shown as chosen.
 */
export function fitColumns(resource: Resource, columns: readonly string[], specs: Record<string, FieldSpec>, room: ListRoom): string[] {
  if (room.width <= 0) return [...columns];
  const key = keyColumnOf(resource, columns);
  const keep = new Set(columns.filter((c) => essential(resource, specs[c], key)));
  let left = room.width - room.fixed - [...keep].reduce((n, c) => n + fitWidth(specs[c]), 0);
  const rest = columns
    .filter((c) => !keep.has(c))
    .map((c, i) => ({ c, i, p: priorityOf(specs[c]) }))
    .sort((a, b) => a.p - b.p || a.i - b.i);
  let stopAt = Infinity;
  for (const { c, p } of rest) {
    if (p > stopAt) break;
    const w = fitWidth(specs[c]);
    if (w <= left) {
      keep.add(c);
      left -= w;
    } else stopAt = p;
  }
  return columns.filter((c) => keep.has(c));
}

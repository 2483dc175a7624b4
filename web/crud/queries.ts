import { useQueries, useQuery } from '@tanstack/react-query';
import type { AnyEntity } from '../../server/contract/entity';
import { labelQuery, listEveryQuery, refOptionsQuery, type RefOption } from './api';

/**
 * The kit's cached reads as hooks: each is a TanStack query keyed
 * `[entity, op, payload]`, so a write to the entity (`afterWrite`) refetches every mounted one and
 * a switch of entity or id never shows the previous answer.
 */

const NO_OPTIONS: RefOption[] = [];

/** Options of a reference picker ({@link refOptionsQuery}); empty while loading, on error or without an entity. */
export function useRefOptionsOf(entity: string | undefined): RefOption[] {
  const q = useQuery({ ...refOptionsQuery(entity ?? ''), enabled: !!entity });
  return (entity && q.data) || NO_OPTIONS;
}

/** Options of several entities at once (a list's ref columns show labels, not ids), by entity name. */
export function useRefMaps(entities: readonly string[]): Record<string, RefOption[]> {
  const names = [...new Set(entities)].sort();
  return useQueries({
    queries: names.map((e) => refOptionsQuery(e)),
    combine: (results) => Object.fromEntries(results.flatMap((r, i) => (r.data ? [[names[i], r.data] as const] : []))),
  });
}

/** Every record of a small entity ({@link listEveryQuery}); empty while loading or on error. */
export function useListEvery(entity: AnyEntity, body: Record<string, unknown> = {}, cached = false): Record<string, unknown>[] {
  return useQuery(listEveryQuery(entity, body, cached)).data ?? EMPTY_ROWS;
}
const EMPTY_ROWS: Record<string, unknown>[] = [];

/**
 * Labels of records of a large entity shown in a cell ({@link labelQuery}), in the order of `ids`;
 * null until all are known (the cell shows `#id` meanwhile).
 */
export function useRemoteLabels(entity: AnyEntity | undefined, ids: readonly number[]): string[] | null {
  return useQueries({
    queries: entity ? ids.map((id) => labelQuery(entity, id)) : [],
    combine: (results) => (results.length && results.every((r) => r.data !== undefined || r.isError) ? results.map((r, i) => r.data ?? `#${ids[i]}`) : null),
  });
}

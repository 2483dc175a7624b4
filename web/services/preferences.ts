import { useSyncExternalStore } from 'react';
import { api, apiQuery } from '../api/client';
import { queryClient } from '../api/query';
import type { Preference } from '../../server/contract/preferences';
import { local } from '../lib/storage';
import { applySavedProjectConfig, configDiff, onProjectConfigSaved, type ConfigPatch } from './project-config';

/**
 * Preferences that follow the account: the settings drawer's project config and each list's chosen
 * columns are kept per user on the server (`api.preference`, server/contract/preferences.ts);
 * local storage is a cache of them (docs/browser-storage.md).
 *
 * - After sign-in (and on a reload that restores the session) {@link loadPreferences} reads every
 *   key of the user in one request and applies it over the local copy: the server's copy is the
 *   user's layout, so a key it does not have means the defaults (the project config's, the fit of
 *   the columns to the room), whatever an earlier user of this browser left in its storage.
 * - Each change the user makes is written {@link SAVE_DELAY_MS} after the last one of a burst
 *   (the latest value per key); a reset writes null (the server's copy is deleted).
 * - Failures are silent: the local copy keeps working, and the next change writes again.
 *
 * Keys: {@link PROJECT_CONFIG_KEY}, and `columns:<entity>` per list ({@link columnsKey}). The
 * project config is saved as its differences from the defaults ({@link configDiff}).
 */

/** The key of the project config. */
export const PROJECT_CONFIG_KEY = 'projectConfig';
/** The key of one list's chosen columns (per entity, as the list remembers them). */
export const columnsKey = (entity: string): string => `columns:${entity}`;
/** Milliseconds after the last change of a burst before it is written. */
export const SAVE_DELAY_MS = 500;

/** The local storage key of an entity's chosen columns (the list's cache). */
const localColumnsKey = (entity: string) => `CRUD__COLS__${entity}`;

// ── Chosen columns: a small store over local storage, so a list re-renders when the server's copy lands.

const chosen = new Map<string, string[] | null>();
const columnListeners = new Set<() => void>();
/** Once the server's copy is loaded: the entities it has columns for (a local copy of another is stale). */
let serverColumns: Set<string> | null = null;

/** The columns chosen for an entity's list (local copy), or null when none were chosen (the fit to the room). */
export function getChosenColumns(entity: string): string[] | null {
  if (!chosen.has(entity)) {
    if (serverColumns && !serverColumns.has(entity)) keepColumns(entity, null, false);
    else chosen.set(entity, local.get<string[]>(localColumnsKey(entity)));
  }
  return chosen.get(entity) ?? null;
}

function keepColumns(entity: string, cols: string[] | null, notify = true): void {
  chosen.set(entity, cols);
  if (cols) local.set(localColumnsKey(entity), cols);
  else local.remove(localColumnsKey(entity));
  if (cols) serverColumns?.add(entity);
  else serverColumns?.delete(entity);
  if (notify) columnListeners.forEach((l) => l());
}

/** Chooses an entity's columns (null: back to the fit), kept locally at once and saved for the user. */
export function setChosenColumns(entity: string, cols: string[] | null): void {
  keepColumns(entity, cols);
  save(columnsKey(entity), cols);
}

/** The chosen columns of an entity's list, re-rendering when they change (the user's choice or the server's copy). */
export function useChosenColumns(entity: string): string[] | null {
  return useSyncExternalStore(
    (l) => {
      columnListeners.add(l);
      return () => void columnListeners.delete(l);
    },
    () => getChosenColumns(entity),
  );
}

// ── Saving: debounced, latest value per key, silent on failure.

const pending = new Map<string, unknown>();
let timer: ReturnType<typeof setTimeout> | null = null;
let syncing = false;
let stopConfig: (() => void) | null = null;

function save(key: string, value: unknown): void {
  if (!syncing) return;
  pending.set(key, value);
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void flushPreferences(), SAVE_DELAY_MS);
}

/** Writes every waiting change now (one request per key); failures are dropped silently. */
export async function flushPreferences(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const batch = [...pending];
  pending.clear();
  await Promise.all(batch.map(([key, value]) => api.preference.update({ key, value }, { errorMode: 'none' }).catch(() => undefined)));
}

/**
 * Applies every preference of the user (the server's whole list) over the local copies, not saved
 * again: a key missing from `list` goes back to its default (project config: the §9 defaults;
 * columns: none chosen). Values of an unexpected shape are skipped as missing.
 */
export function applyPreferences(list: readonly Preference[]): void {
  const isColumns = (v: unknown): v is string[] => Array.isArray(v) && v.every((c) => typeof c === 'string');
  const config = list.find((p) => p.key === PROJECT_CONFIG_KEY)?.value;
  applySavedProjectConfig(config && typeof config === 'object' && !Array.isArray(config) ? (config as ConfigPatch) : {});
  const columns = new Map(list.filter((p) => p.key.startsWith('columns:') && isColumns(p.value)).map((p) => [p.key.slice('columns:'.length), p.value as string[]]));
  // Lists read before: each takes the server's choice or none; the others are read against `serverColumns` when they open.
  const known = [...chosen.keys()];
  serverColumns = new Set();
  for (const [entity, cols] of columns) keepColumns(entity, cols, false);
  for (const entity of known) if (!columns.has(entity)) keepColumns(entity, null, false);
  columnListeners.forEach((l) => l());
}

/**
 * Starts saving the signed-in user's changes and loads their preferences (one request, through
 * the query layer), applying them over the local copies. Never rejects: when the server cannot
 * answer, the local copies stay and changes are still saved.
 */
export async function loadPreferences(): Promise<void> {
  syncing = true;
  stopConfig ??= onProjectConfigSaved((config) => save(PROJECT_CONFIG_KEY, config ? configDiff(config) : null));
  try {
    const list = await queryClient.fetchQuery({ ...apiQuery(api.preference.list, undefined, { errorMode: 'none' }), staleTime: 0, retry: false });
    applyPreferences(list);
  } catch {
    // The local copies keep working.
  }
}

/** Stops saving (sign-out): changes waiting are dropped, the local copies stay as the next sign-in's start. */
export function stopPreferences(): void {
  syncing = false;
  if (timer) clearTimeout(timer);
  timer = null;
  pending.clear();
  stopConfig?.();
  stopConfig = null;
  serverColumns = null;
  // Read from local storage again when next asked.
  chosen.clear();
  queryClient.removeQueries({ queryKey: ['preference'] });
}

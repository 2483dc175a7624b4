import { useSyncExternalStore } from 'react';
import { api, apiQuery } from '../api/client';
import { queryClient } from '../api/query';
import type { Preference } from '../../server/contract/preferences';
import { local, StorageKey } from '../lib/storage';
import { applySavedProjectConfig, configDiff, DEFAULT_PROJECT_CONFIG, mergeConfig, onProjectConfigSaved, type ConfigPatch } from './project-config';

/**
 * Preferences that follow the account (issue "The operator's own workspace" §2): the settings
 * drawer's project config and each list's layout (columns shown, their order, pinning and widths,
 * the table's density, full screen) are kept per user on the server (`api.preference`,
 * server/contract/preferences.ts); local storage is a cache of them (docs/browser-storage.md).
 *
 * Sync rules, per key, when the user's preferences arrive after sign-in (one request,
 * {@link loadPreferences}):
 * - the server has the key: its copy wins and replaces this browser's, unless this browser's copy
 *   was changed here since it last agreed with the server (an edit made just before a reload, or
 *   while the server could not answer) and the server's copy is still the one this browser last
 *   knew or sent: then this browser's copy stays and is saved;
 * - the server does not have the key yet: this browser's copy (a layout chosen before the account
 *   had one, a list opened later) is taken and saved for the account;
 * - copies another account left in this browser are dropped, never taken.
 *
 * Each edit is written {@link SAVE_DELAY_MS} after the last one of a burst (the latest value per
 * key), and at once when the page is left. A reset saves the declared defaults (`{}`), so no older
 * copy of another browser can come back. Failures are silent: the local copy keeps working and is
 * saved at the next sign-in.
 */

/** The key of the project config (saved as its differences from the defaults, {@link configDiff}). */
export const PROJECT_CONFIG_KEY = 'projectConfig';
/** The key of one list's layout (per entity, as the list remembers it). */
export const columnsKey = (entity: string): string => `columns:${entity}`;
/** Milliseconds after the last change of a burst before it is written. */
export const SAVE_DELAY_MS = 500;

/** Row height of a list's table (PrimeReact DataTable `size`). */
export type TableDensity = 'small' | 'normal' | 'large';
export const DENSITIES: readonly TableDensity[] = ['small', 'normal', 'large'];

/**
 * One list's layout as the user left it; every field absent means the declaration's default:
 * `shown` the visible columns (else those that fit the room), `order` the columns' order (else
 * declared), `pinned` columns kept in view on the left or right side, `widths` in px per column,
 * `density` the rows' height, `fullScreen` the table over the whole window.
 */
export interface ListLayout {
  shown?: string[];
  order?: string[];
  pinned?: Record<string, 'left' | 'right'>;
  widths?: Record<string, number>;
  density?: TableDensity;
  fullScreen?: boolean;
}

const EMPTY_LAYOUT: ListLayout = Object.freeze({});
const MAX_WIDTH = 2000;
const MIN_WIDTH = 40;

const isNames = (v: unknown): v is string[] => Array.isArray(v) && v.every((c) => typeof c === 'string');

/**
 * A stored value read as a {@link ListLayout}: unknown fields and fields of the wrong shape are
 * dropped (a hand-edited or older copy never breaks a list); a bare array is the shown columns.
 * Answers null for anything that is not a layout.
 */
export function toListLayout(v: unknown): ListLayout | null {
  if (isNames(v)) return { shown: v };
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const out: ListLayout = {};
  if (isNames(o.shown)) out.shown = o.shown;
  if (isNames(o.order)) out.order = o.order;
  if (o.pinned && typeof o.pinned === 'object' && !Array.isArray(o.pinned)) {
    const pinned = Object.entries(o.pinned as Record<string, unknown>).filter((e): e is [string, 'left' | 'right'] => e[1] === 'left' || e[1] === 'right');
    if (pinned.length) out.pinned = Object.fromEntries(pinned);
  }
  if (o.widths && typeof o.widths === 'object' && !Array.isArray(o.widths)) {
    const widths = Object.entries(o.widths as Record<string, unknown>).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]));
    if (widths.length) out.widths = Object.fromEntries(widths.map(([c, w]) => [c, Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(w)))]));
  }
  if (DENSITIES.includes(o.density as TableDensity)) out.density = o.density as TableDensity;
  if (o.fullScreen === true) out.fullScreen = true;
  return out;
}

/** JSON text with object keys sorted: two copies of one value compare equal whatever their key order. */
function stable(v: unknown): string {
  return JSON.stringify(v, (_, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x));
}

// ── What this browser knows of the server's copies (local storage, beside the caches).

/**
 * `owner`: whose copies the caches hold (null: not known, as a browser from before preferences
 * followed the account); `base`: per key, the value this browser last agreed on with the server;
 * `sent`: the value last sent and not acknowledged; `keys`: every key this browser keeps a local
 * copy of. Values as {@link stable} JSON text.
 */
interface SyncState {
  owner: string | null;
  base: Record<string, string>;
  sent: Record<string, string>;
  keys: string[];
}
const SYNC_KEY = 'PREFS__SYNC__';
const freshSync = (owner: string | null): SyncState => ({ owner, base: {}, sent: {}, keys: [] });

function readSync(): SyncState {
  const s = local.get<Partial<SyncState>>(SYNC_KEY);
  if (!s || typeof s !== 'object') return freshSync(null);
  const texts = (o: unknown) => (o && typeof o === 'object' && !Array.isArray(o) ? Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'string')) : {}) as Record<string, string>;
  return { owner: typeof s.owner === 'string' ? s.owner : null, base: texts(s.base), sent: texts(s.sent), keys: isNames(s.keys) ? s.keys : [] };
}

function writeSync(change: (s: SyncState) => void): void {
  const s = readSync();
  change(s);
  local.set(SYNC_KEY, s, null);
}

const addTo = (list: string[], key: string) => {
  if (!list.includes(key)) list.push(key);
};

// ── The local copies, per key.

const localLayoutKey = (entity: string) => `CRUD__COLS__${entity}`;
const entityOf = (key: string): string | null => (key.startsWith('columns:') ? key.slice('columns:'.length) : null);
const knownKey = (key: string) => key === PROJECT_CONFIG_KEY || entityOf(key) !== null;

/** This browser's copy of a key as it would be saved, or undefined when it has none. */
function readLocal(key: string): unknown {
  if (key === PROJECT_CONFIG_KEY) {
    const cached = local.get<ConfigPatch>(StorageKey.projectConfig);
    return cached == null ? undefined : configDiff(mergeConfig(DEFAULT_PROJECT_CONFIG, cached));
  }
  const entity = entityOf(key);
  if (!entity) return undefined;
  return toListLayout(local.get(localLayoutKey(entity))) ?? undefined;
}

/** Takes `value` as this browser's copy of a key (undefined: none, the defaults), shown at once, not saved. */
function applyLocal(key: string, value: unknown): void {
  if (key === PROJECT_CONFIG_KEY) {
    applySavedProjectConfig(value && typeof value === 'object' && !Array.isArray(value) ? (value as ConfigPatch) : {});
    if (value === undefined) local.remove(StorageKey.projectConfig);
    return;
  }
  const entity = entityOf(key);
  if (entity) keepLayout(entity, value === undefined ? null : toListLayout(value) ?? EMPTY_LAYOUT);
}

// ── List layouts: a small store over local storage, so a list re-renders when the server's copy lands.

const layouts = new Map<string, ListLayout>();
const layoutListeners = new Set<() => void>();

function keepLayout(entity: string, layout: ListLayout | null): void {
  layouts.set(entity, layout ?? EMPTY_LAYOUT);
  if (layout) local.set(localLayoutKey(entity), layout);
  else local.remove(localLayoutKey(entity));
  layoutListeners.forEach((l) => l());
}

/**
 * The layout of an entity's list (this browser's copy; `{}` when the user chose nothing). The first
 * read after sign-in of a list the server has nothing for takes this browser's copy for the account.
 */
export function getListLayout(entity: string): ListLayout {
  let layout = layouts.get(entity);
  if (!layout) {
    layout = toListLayout(local.get(localLayoutKey(entity))) ?? EMPTY_LAYOUT;
    layouts.set(entity, layout);
  }
  const key = columnsKey(entity);
  if (server && !resolved.has(key)) {
    resolved.add(key);
    resolveKey(key, server.get(key));
    layout = layouts.get(entity) ?? EMPTY_LAYOUT;
  }
  return layout;
}

/**
 * Sets an entity's list layout (null: back to the declared defaults, `{}`), kept locally at once
 * and saved for the user. A field given as undefined in `layout` is dropped.
 */
export function setListLayout(entity: string, layout: ListLayout | null): void {
  const next = toListLayout(layout ? JSON.parse(JSON.stringify(layout)) : {}) ?? {};
  keepLayout(entity, next);
  edited(columnsKey(entity), next);
}

/** The layout of an entity's list, re-rendering when it changes (the user's choice or the server's copy). */
export function useListLayout(entity: string): ListLayout {
  return useSyncExternalStore(
    (l) => {
      layoutListeners.add(l);
      return () => void layoutListeners.delete(l);
    },
    () => getListLayout(entity),
  );
}

// ── Saving: debounced, latest value per key, silent on failure.

const pending = new Map<string, unknown>();
let timer: ReturnType<typeof setTimeout> | null = null;
let syncing = false;
/** The server's copies once loaded (key → value); null before (or after sign-out). */
let server: Map<string, unknown> | null = null;
/** Keys already reconciled with the server's copy since it was loaded. */
const resolved = new Set<string>();

/** An edit of the user: written once the burst settles. */
function edited(key: string, value: unknown): void {
  writeSync((s) => addTo(s.keys, key));
  queue(key, value);
}

function queue(key: string, value: unknown): void {
  if (!syncing) return;
  pending.set(key, value);
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void flushPreferences(), SAVE_DELAY_MS);
}

onProjectConfigSaved((config) => edited(PROJECT_CONFIG_KEY, config ? configDiff(config) : {}));

/**
 * Writes every waiting change now (one request per key). `keepalive` lets the requests outlive the
 * page (leaving it). Failures are dropped silently; the next sign-in saves the local copies.
 */
export async function flushPreferences(opts: { keepalive?: boolean } = {}): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const batch = [...pending].map(([key, value]) => ({ key, value, text: stable(value) }));
  pending.clear();
  if (!batch.length) return;
  writeSync((s) => batch.forEach((b) => (s.sent[b.key] = b.text)));
  await Promise.all(
    batch.map(async ({ key, value, text }) => {
      try {
        await api.preference.update({ key, value }, { errorMode: 'none', keepalive: opts.keepalive });
      } catch {
        return;
      }
      if (!syncing) return;
      writeSync((s) => {
        s.base[key] = text;
        if (s.sent[key] === text) delete s.sent[key];
      });
    }),
  );
}

/** Reconciles one key with the server's copy (`value` undefined: it has none), by the rules of the module comment. */
function resolveKey(key: string, value: unknown): void {
  const mine = readLocal(key);
  const l = mine === undefined ? undefined : stable(mine);
  const v = value === undefined || value === null ? undefined : stable(value);
  const s = readSync();
  if (v === undefined) {
    if (l !== undefined) {
      // Shown as the cache holds it (the shell read it at start), and saved for the account.
      if (key === PROJECT_CONFIG_KEY) applyLocal(key, mine);
      writeSync((w) => addTo(w.keys, key));
      queue(key, mine);
    }
    return;
  }
  // Changed here since this browser last agreed with the server, which has not changed since.
  const known = [s.base[key], s.sent[key]].filter((x) => x !== undefined);
  const unsent = l !== undefined && l !== v && known.length > 0 && !known.includes(l) && known.includes(v);
  if (unsent) {
    queue(key, mine);
    return;
  }
  if (l !== v) applyLocal(key, value);
  writeSync((w) => {
    w.base[key] = v;
    delete w.sent[key];
    addTo(w.keys, key);
  });
}

/**
 * Applies the user's preferences (the server's whole list) over the local copies by the rules of
 * the module comment. `owner` names the signed-in user: copies another user left are dropped first.
 * Values of an unexpected shape are read as missing.
 */
export function applyPreferences(list: readonly Preference[], owner: string | null = null): void {
  const s = readSync();
  if (owner && s.owner && s.owner !== owner) {
    for (const key of s.keys) applyLocal(key, undefined);
    writeSync((w) => Object.assign(w, freshSync(owner)));
  } else if (owner && !s.owner) writeSync((w) => (w.owner = owner));
  const valid = (p: Preference) => (p.key === PROJECT_CONFIG_KEY ? !!p.value && typeof p.value === 'object' && !Array.isArray(p.value) : toListLayout(p.value) !== null);
  server = new Map(list.filter((p) => knownKey(p.key) && p.value !== null && valid(p)).map((p) => [p.key, p.value]));
  resolved.clear();
  // Every key the server, this browser's marks or an open list knows; a list opened later is read when it opens.
  const keys = new Set([PROJECT_CONFIG_KEY, ...server.keys(), ...readSync().keys.filter(knownKey), ...[...layouts.keys()].map(columnsKey)]);
  for (const key of keys) {
    resolved.add(key);
    resolveKey(key, server.get(key));
  }
}

let leaving: (() => void) | null = null;

/**
 * Starts saving the signed-in user's changes and loads their preferences (one request, through
 * the query layer, beside `owner`: the user's id once their info is read), applying them over the
 * local copies. Never rejects: when the server cannot answer, the local copies stay and changes are
 * still saved.
 */
export async function loadPreferences(owner?: Promise<string | number | null | undefined>): Promise<void> {
  syncing = true;
  if (!leaving && typeof window !== 'undefined') {
    leaving = () => void flushPreferences({ keepalive: true });
    window.addEventListener('pagehide', leaving);
  }
  try {
    const [list, who] = await Promise.all([
      queryClient.fetchQuery({ ...apiQuery(api.preference.list, undefined, { errorMode: 'none' }), staleTime: 0, retry: false }),
      (owner ?? Promise.resolve(null)).catch(() => null),
    ]);
    if (!syncing) return;
    applyPreferences(list, who === null || who === undefined ? null : String(who));
  } catch {
    // The local copies keep working.
  }
}

/** Stops saving (sign-out): changes waiting are saved at the next sign-in; the local copies stay as its start. */
export function stopPreferences(): void {
  syncing = false;
  if (timer) clearTimeout(timer);
  timer = null;
  pending.clear();
  server = null;
  resolved.clear();
  if (leaving && typeof window !== 'undefined') window.removeEventListener('pagehide', leaving);
  leaving = null;
  // Read from local storage again when next asked.
  layouts.clear();
  queryClient.removeQueries({ queryKey: ['preference'] });
}

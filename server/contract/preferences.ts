import { Type, type Static } from 'typebox';
import { defineAction } from './entity.js';

/**
 * Preferences that follow the account: the console's own endpoints (never relayed to the platform),
 * served by server/preferences in every mode under `/console/preference/*`. Each signed-in user
 * keeps named JSON values (the settings drawer's project config, each list's chosen columns) in the
 * console's database, keyed by the user (mock: the account; proxy and hybrid: the platform user the
 * token names). A user reads and writes only their own keys. The browser's storage is a cache of
 * these values (docs/browser-storage.md).
 *
 * - Keys: a name (a letter, then up to 39 letters or digits), optionally `:` and a scope of up to
 *   120 characters of letters, digits and `_ . / -` — `projectConfig`, `columns:order`,
 *   `columns:/order/index`. At most {@link PREFERENCE_LIMITS.maxKeys} per user.
 * - Values: any JSON up to {@link PREFERENCE_LIMITS.maxValueBytes} bytes as UTF-8 JSON text;
 *   `null` deletes the key.
 */

/** The bounds the server holds every user's preferences to. */
export const PREFERENCE_LIMITS = {
  /** Most keys one user keeps; a new key beyond it is refused (field `key`). */
  maxKeys: 100,
  /** Most bytes of one value as JSON text (UTF-8); a larger one is refused (field `value`). */
  maxValueBytes: 16 * 1024,
} as const;

/** The pattern of a preference key (see the module comment). */
export const PREFERENCE_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9]{0,39}(:[A-Za-z0-9_./-]{1,120})?$';

const PreferenceKey = Type.String({ pattern: PREFERENCE_KEY_PATTERN, maxLength: 161, description: 'e.g. `projectConfig`, `columns:order`' });

/** One preference as the endpoints answer it. */
export const Preference = Type.Object({
  key: PreferenceKey,
  value: Type.Unknown({ description: 'the stored JSON value; null when the key is unset' }),
  updateTime: Type.Union([Type.Null(), Type.String({ description: 'yyyy-MM-dd HH:mm:ss' })], { description: 'when the value was last written; null when unset' }),
});
export type Preference = Static<typeof Preference>;

export const preferenceInfo = defineAction({
  name: 'preference.info',
  path: '/console/preference/info',
  area: 'system',
  summary: "One of the caller's preferences (value null when unset)",
  payload: Type.Object({ key: PreferenceKey }, { additionalProperties: false }),
  result: Preference,
});

export const preferenceUpdate = defineAction({
  name: 'preference.update',
  path: '/console/preference/update',
  area: 'system',
  summary: `Writes one of the caller's preferences (any JSON up to ${PREFERENCE_LIMITS.maxValueBytes / 1024} KB, at most ${PREFERENCE_LIMITS.maxKeys} keys); value null deletes it`,
  payload: Type.Object({ key: PreferenceKey, value: Type.Unknown({ description: 'any JSON; null deletes the key' }) }, { additionalProperties: false }),
  result: Preference,
});

export const preferenceList = defineAction({
  name: 'preference.list',
  path: '/console/preference/list',
  area: 'system',
  summary: "Every preference of the caller (one request at sign-in), by key",
  payloadOptional: true,
  result: Type.Array(Preference),
});

/** The preference endpoints as the contract lists them (/docs, the typed client). */
export const PREFERENCE_ENDPOINTS = [preferenceInfo, preferenceUpdate, preferenceList] as const;

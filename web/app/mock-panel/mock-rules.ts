import { FAULT_HTTP_STATUSES, TRAFFIC_KINDS, TRAFFIC_RATE, type Fault, type FaultRule, type TrafficKind, type TrafficUpdate } from '../../../server/contract/mock-qa';
import { SESSION } from '../../../server/contract/openapi';
import { REQUEST_TIMEOUT_MS } from '../../api/http';
import { API_ROOT_PATTERNS, MOCK_QA_PREFIX, SUMMARY_PATH } from '../../api/mock';

/**
 * Pure rules of the Mock panel: the fault form and its validation, the
 * presets that show each row of the spec §8 error catalogue, path suggestions and fault summaries.
 * Messages are i18n keys of the `mock` namespace with their parameters, so the panel translates
 * them in the current language and the tests need no i18n.
 */

export type FaultHttpStatus = (typeof FAULT_HTTP_STATUSES)[number];
export type FaultMethod = 'ANY' | 'POST' | 'GET';
/** What a fault does: delay, answer an HTTP status, answer HTTP 200 with an envelope code, or close the connection. */
export type FaultKind = 'latency' | 'http' | 'envelope' | 'drop';

export const FAULT_KINDS: readonly FaultKind[] = ['latency', 'http', 'envelope', 'drop'];
export const FAULT_METHODS: readonly FaultMethod[] = ['ANY', 'POST', 'GET'];
export { FAULT_HTTP_STATUSES, TRAFFIC_KINDS };

/** Limits of server/contract/mock-qa.ts (FaultRule, ResetPayload). */
export const LIMITS = {
  pathMax: 200,
  latencyMax: 1_500_000,
  envelopeMin: 201,
  envelopeMax: 99_999,
  messageMax: 200,
  timesMax: 100_000,
  seedMax: 2 ** 31 - 1,
} as const;

/** Spec §9: the client's request timeout, in ms; a latency above it shows the API-timeout message. */
export const CLIENT_TIMEOUT_MS = REQUEST_TIMEOUT_MS;

/**
 * The session endpoints of spec §7 (login, user info, menus, summary, basic data): not entity
 * endpoints, so the contract lists them apart (openapi.ts SESSION), yet they are the first targets
 * of a demo: a fault on the summary shows on the home page.
 */
export const SESSION_PATHS: readonly string[] = SESSION.map((e) => e.path);


/** The fault form's state; `null` is an empty number input. */
export interface FaultForm {
  /** An endpoint's exact path, or a prefix of them ending in `*` (the order group's). */
  path: string;
  method: FaultMethod;
  kind: FaultKind;
  latencyMs: number | null;
  httpStatus: FaultHttpStatus | null;
  envelopeCode: number | null;
  /** Envelope message of an injected error (HTTP status or envelope code); blank = the server's default. */
  message: string;
  /** Matching requests the fault applies to; null = until cleared. */
  times: number | null;
}

/** The form a panel opens with: a session timeout (envelope 401) on the next dashboard summary call. */
export const DEFAULT_FAULT_FORM: FaultForm = {
  path: SUMMARY_PATH,
  method: 'ANY',
  kind: 'envelope',
  latencyMs: 3000,
  httpStatus: 500,
  envelopeCode: 401,
  message: '',
  times: 1,
};

/** A validation message: an i18n key under `mock.` and its parameters. */
export interface FieldError {
  key: string;
  params?: Record<string, string | number>;
}
export type FaultFormErrors = Partial<Record<keyof FaultForm, FieldError>>;

export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: FaultFormErrors };

const isInt = (n: number | null): n is number => n !== null && Number.isInteger(n);

/** Checks the path of a rule; null when it is acceptable. */
export function pathError(raw: string): FieldError | null {
  const path = raw.trim();
  if (!path) return { key: 'errors.pathRequired' };
  if (!path.startsWith('/')) return { key: 'errors.pathSlash' };
  if (/\s/.test(path)) return { key: 'errors.pathSpace' };
  if (path.length < 2 || path.length > LIMITS.pathMax) return { key: 'errors.pathLength', params: { max: LIMITS.pathMax } };
  if (path.startsWith(MOCK_QA_PREFIX)) return { key: 'errors.pathQa', params: { prefix: MOCK_QA_PREFIX } };
  return null;
}

/** Checks the "next N calls" count; null (empty) means until cleared. */
export function timesError(times: number | null): FieldError | null {
  if (times === null) return null;
  if (!isInt(times) || times < 1 || times > LIMITS.timesMax) return { key: 'errors.times', params: { max: LIMITS.timesMax } };
  return null;
}

/** The part of a rule every fault shares: where it applies and how often. */
export function targetOf(form: Pick<FaultForm, 'path' | 'method' | 'times'>): FormResult<Pick<FaultRule, 'path' | 'method' | 'times'>> {
  const errors: FaultFormErrors = {};
  const p = pathError(form.path);
  if (p) errors.path = p;
  const tm = timesError(form.times);
  if (tm) errors.times = tm;
  if (p || tm) return { ok: false, errors };
  return { ok: true, value: { path: form.path.trim(), method: form.method, ...(form.times !== null ? { times: form.times } : {}) } };
}

/**
 * The fault form as a `mock.faults.add` payload (FaultRule), or the messages to show beside
 * each field. Only the chosen kind's fields are sent: one effect per fault (the server refuses two).
 */
export function faultFormToRule(form: FaultForm): FormResult<FaultRule> {
  const target = targetOf(form);
  const errors: FaultFormErrors = target.ok ? {} : { ...target.errors };
  const effect: Partial<FaultRule> = {};
  const message = form.message.trim();
  if (message.length > LIMITS.messageMax) errors.message = { key: 'errors.message', params: { max: LIMITS.messageMax } };
  switch (form.kind) {
    case 'latency':
      if (!isInt(form.latencyMs) || form.latencyMs < 1 || form.latencyMs > LIMITS.latencyMax) errors.latencyMs = { key: 'errors.latency', params: { max: LIMITS.latencyMax } };
      else effect.latencyMs = form.latencyMs;
      break;
    case 'http':
      if (form.httpStatus === null || !(FAULT_HTTP_STATUSES as readonly number[]).includes(form.httpStatus)) errors.httpStatus = { key: 'errors.httpStatus' };
      else effect.httpStatus = form.httpStatus;
      if (message) effect.message = message;
      break;
    case 'envelope':
      if (!isInt(form.envelopeCode) || form.envelopeCode < LIMITS.envelopeMin || form.envelopeCode > LIMITS.envelopeMax) {
        errors.envelopeCode = { key: 'errors.envelopeCode', params: { min: LIMITS.envelopeMin, max: LIMITS.envelopeMax } };
      } else effect.envelopeCode = form.envelopeCode;
      if (message) effect.message = message;
      break;
    case 'drop':
      effect.drop = true;
      break;
  }
  if (!target.ok || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { ...target.value, ...effect } };
}

/** A one-click fault for one row of the spec §8 catalogue, applied to the form's path, method and count. */
export interface FaultPreset {
  id: string;
  /** i18n key of the button label (under `mock.`) and its parameters. */
  label: FieldError;
  /** The §8 row it shows: i18n key of the expected client message (under `mock.`), for the tooltip. */
  shows: FieldError;
  effect: Pick<FaultRule, 'latencyMs' | 'httpStatus' | 'envelopeCode' | 'drop'> & { messageKey?: string };
}

/**
 * Presets for every row of the §8 catalogue that a fault can produce: envelope 401 (session
 * timeout), another envelope code (server message), network error (dropped connection), a slow
 * answer (page loading; the real API timeout needs a latency above the client's 1,200,000 ms, so
 * HTTP 408 and 504 stand in for it), and each HTTP status with its own message.
 */
export const FAULT_PRESETS: readonly FaultPreset[] = [
  { id: 'envelope401', label: { key: 'presets.envelope401' }, shows: { key: 'shows.timeout' }, effect: { envelopeCode: 401 } },
  { id: 'envelopeError', label: { key: 'presets.envelopeError' }, shows: { key: 'shows.serverMessage' }, effect: { envelopeCode: 500, messageKey: 'presets.envelopeErrorMessage' } },
  { id: 'drop', label: { key: 'presets.drop' }, shows: { key: 'shows.network' }, effect: { drop: true } },
  { id: 'slow', label: { key: 'presets.slow', params: { seconds: 5 } }, shows: { key: 'shows.slow' }, effect: { latencyMs: 5000 } },
  ...FAULT_HTTP_STATUSES.map<FaultPreset>((s) => ({
    id: `http${s}`,
    label: { key: 'presets.http', params: { status: s } },
    shows: { key: s === 400 || s === 401 ? 'shows.httpServerMessage' : 'shows.httpMessage', params: { status: s } },
    effect: { httpStatus: s },
  })),
];

/**
 * The rule a preset adds: its effect on the form's path, method and count. `t` translates a
 * `mock.` key (the injected envelope message is written in the current language).
 */
export function presetToRule(preset: FaultPreset, target: Pick<FaultForm, 'path' | 'method' | 'times'>, t: (key: string) => string): FormResult<FaultRule> {
  const base = targetOf(target);
  if (!base.ok) return base;
  const { messageKey, ...effect } = preset.effect;
  return { ok: true, value: { ...base.value, ...effect, ...(messageKey ? { message: t(messageKey) } : {}) } };
}

/**
 * What a fault does, as i18n keys and parameters (the active-faults list joins them): the delay
 * first, then the answer. A rule with neither reads as "no effect" (the server refuses those).
 */
export function faultEffect(f: Pick<Fault, 'latencyMs' | 'httpStatus' | 'envelopeCode' | 'drop'>): FieldError[] {
  const parts: FieldError[] = [];
  if (f.latencyMs) parts.push({ key: 'effect.latency', params: { ms: f.latencyMs } });
  if (f.drop) parts.push({ key: 'effect.drop' });
  else if (f.httpStatus) parts.push({ key: 'effect.http', params: { status: f.httpStatus } });
  else if (f.envelopeCode) parts.push({ key: 'effect.envelope', params: { code: f.envelopeCode } });
  return parts.length ? parts : [{ key: 'effect.none' }];
}

/**
 * Paths offered by the path field: every contract endpoint (but the QA controls, which are never
 * faulted), each endpoint group as a prefix ending in `*` and the API roots. Sorted, unique.
 */
export function faultPathOptions(endpointPaths: readonly string[]): string[] {
  const out = new Set<string>(API_ROOT_PATTERNS);
  for (const p of endpointPaths) {
    if (p.startsWith(MOCK_QA_PREFIX)) continue;
    out.add(p);
    const cut = p.lastIndexOf('/');
    if (cut > 0) out.add(`${p.slice(0, cut)}/*`);
  }
  return [...out].sort();
}

/**
 * The suggestions for what was typed: case-insensitive, paths starting with it first, then paths
 * containing it; at most `limit`. A blank query offers the first `limit` options.
 */
export function suggestPaths(query: string, options: readonly string[], limit = 30): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return options.slice(0, limit);
  const starts: string[] = [];
  const contains: string[] = [];
  for (const o of options) {
    const l = o.toLowerCase();
    if (l.startsWith(q)) starts.push(o);
    else if (l.includes(q)) contains.push(o);
  }
  return [...starts, ...contains].slice(0, limit);
}

/**
 * The reset form's seed: blank → keep the current seed (undefined); otherwise an integer
 * 0 … 2^31−1, or the message to show.
 */
export function seedOf(seed: number | null): { ok: true; value: number | undefined } | { ok: false; error: FieldError } {
  if (seed === null) return { ok: true, value: undefined };
  if (!isInt(seed) || seed < 0 || seed > LIMITS.seedMax) return { ok: false, error: { key: 'errors.seed', params: { max: LIMITS.seedMax } } };
  return { ok: true, value: seed };
}

/** The store's record counts for the info table: entities with their counts, largest first, then by name. */
export function countRows(counts: Record<string, number>): { name: string; count: number }[] {
  return Object.entries(counts)
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** The demo traffic's form: whether it runs, its rate (events per minute) and the kinds of event it makes. */
export interface TrafficForm {
  enabled: boolean;
  perMinute: number | null;
  kinds: readonly TrafficKind[];
}
export type TrafficFormErrors = Partial<Record<'perMinute' | 'kinds', FieldError>>;

/**
 * The demo traffic's form → the `/v1/mock/traffic/update` payload: a whole rate of
 * {@link TRAFFIC_RATE} (1–600 a minute) and at least one kind, in the contract's order; otherwise
 * the message of each field.
 */
export function trafficFormToUpdate(form: TrafficForm): { ok: true; value: TrafficUpdate } | { ok: false; errors: TrafficFormErrors } {
  const errors: TrafficFormErrors = {};
  if (!isInt(form.perMinute) || form.perMinute < TRAFFIC_RATE.min || form.perMinute > TRAFFIC_RATE.max) errors.perMinute = { key: 'errors.trafficRate', params: { min: TRAFFIC_RATE.min, max: TRAFFIC_RATE.max } };
  const kinds = TRAFFIC_KINDS.filter((k) => form.kinds.includes(k));
  if (!kinds.length) errors.kinds = { key: 'errors.trafficKinds' };
  if (errors.perMinute || errors.kinds) return { ok: false, errors };
  return { ok: true, value: { enabled: form.enabled, perMinute: form.perMinute!, kinds } };
}

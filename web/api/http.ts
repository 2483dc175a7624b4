import { ofetch, FetchError, type $Fetch } from 'ofetch';
import { formatRequestBody } from '../lib/request-body';
// Types only: the catalogue itself stays out of the login route's bundle.
import type { MessageKey, MessageParams } from '../../server/contract/messages';
import type { Conflict } from '../../server/contract/envelope';

/** Spec §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 1_200_000;

/** How a failed call tells the user (behaviour notes "HTTP client"): toast by default, modal for login, none for adminInfo. */
export type ErrorMode = 'toast' | 'modal' | 'none';

export interface RequestOptions {
  errorMode?: ErrorMode;
  /** Send the Authorization header (default true). */
  withToken?: boolean;
  /** Query parameters (GET adds `_t` itself). */
  params?: Record<string, unknown>;
  /** Never cancel this call as a duplicate (default false). */
  ignoreCancel?: boolean;
  /** Override the timeout in ms. */
  timeout?: number;
  signal?: AbortSignal;
  /**
   * An answer the shell reads for itself, not for the screen showing (the side menu's queue
   * counts): the answer listener ({@link onAnswers}) is not told of it (default false).
   */
  shell?: boolean;
  /** Let the request outlive the page (fetch `keepalive`), for a write made while the page is left. */
  keepalive?: boolean;
  /** Why the call is asked, for the second person who approves it (the `X-Approval-Reason` header; server/approvals). */
  approvalReason?: string;
}

/** The envelope code of a call kept for a second person's approval (contract `APPROVAL_SENT_CODE`): nothing was written. */
export const APPROVAL_SENT_CODE = 202;

/** Why a call failed; `kind` says which row of the §8 catalogue applied. */
export type ApiErrorKind = 'envelope' | 'unauthorized' | 'http' | 'network' | 'timeout' | 'badResponse' | 'canceled' | 'approval';

/** The rejection of every failed call. `message` is the translated text shown to the user. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** Envelope code or HTTP status, when there is one. */
    readonly code: number | null = null,
    readonly url = '',
    readonly method = '',
    /** The field key a refused request names (the envelope's `field`), so a form can show it beside the field. */
    readonly field: string | null = null,
    /**
     * The refusal's key in the server's catalogue and its values (
     * server/contract/messages.ts), for callers that act on what was refused; null for other failures
     * and for answers of a platform that sends none. `message` is already in the console's language:
     * the server renders it from the key for the `Accept-Language` this client sends.
     */
    readonly refusal: { key: MessageKey; params: MessageParams } | null = null,
    /**
     * A stale write (envelope code 409): the record as it is now, who changed it and when (contract
     * `Conflict`, `VERSION_RULE`), so a form can show their values beside the user's; else null.
     */
    readonly conflict: Conflict | null = null,
  ) {
    super(message);
  }
}

/**
 * Whether a call was sent for approval instead of being carried out (envelope code 202
 * `approval.sent`, `refusal.params.id` the approval): the client has told the user; a dialog closes
 * as after a success, but nothing was written.
 */
export function isSentForApproval(e: unknown): e is ApiError {
  return e instanceof ApiError && e.kind === 'approval';
}

/** Thrown inside the client when a call waits for a reason the user is asked for ({@link HttpDeps.askApprovalReason}). */
class ReasonNeeded extends Error {}

/** The conflict of a stale write's rejection (envelope code 409 with `conflict`), else null. */
export function conflictOf(e: unknown): Conflict | null {
  return e instanceof ApiError && e.code === 409 ? e.conflict : null;
}

/** True for a duplicate request that a newer identical one replaced (rejects silently). */
export function isCanceled(e: unknown): boolean {
  return e instanceof ApiError && e.kind === 'canceled';
}

export interface Notice {
  mode: Exclude<ErrorMode, 'none'>;
  /** Translated message. */
  message: string;
  /** `info` for a call sent for approval; an error otherwise. */
  tone?: 'info';
}

/** What the client needs from the rest of the app; machines and UI provide it at boot. */
export interface HttpDeps {
  /** `tokenHead + token`, or null when signed out. */
  getToken: () => string | null;
  /** Spec §8 401: called once the token is cleared; the session logs out (or shows the timeout cover). */
  onUnauthorized: (message: string) => void;
  /** Shows a message as toast or modal. */
  notify: (notice: Notice) => void;
  /** Translates a key of the `errors` namespace. */
  t: (key: string) => string;
  /**
   * The console's current language (`zh_CN`, `en`), sent as `Accept-Language` so the server's
   * messages come in it; none sent when absent.
   */
  language?: () => string;
  /**
   * A call that waits for a second person needs the requester's reason (refusal
   * `approval.reasonRequired`): asks the user for it (the message says why); the call is sent again
   * with it, or given up (a `canceled` rejection) on null. Without it the refusal is shown as any other.
   */
  askApprovalReason?: (message: string) => Promise<string | null>;
  /** Records an ajax error in the error log (only when error handling is on; the log decides). */
  logError?: (e: ApiError, detail: { params?: unknown; method: string; headers: Record<string, string> }) => void;
  /** URL prefix of every path (spec §7 "configured URL prefix"); default ''. */
  urlPrefix?: string;
  fetchImpl?: typeof globalThis.fetch;
  timeout?: number;
  now?: () => number;
}

let answerListener: ((url: string, headers: Headers) => void) | null = null;

/**
 * Sets who sees the headers of every answer that arrives (`x-served-by` says whether the
 * platform, the mock or a recording answered; the signed-in shell's marker sets it, so the login
 * route carries none of it).
 */
export function onAnswers(listener: ((url: string, headers: Headers) => void) | null): void {
  answerListener = listener;
}

/** HTTP statuses with their own §8 message. */
const HTTP_MESSAGES = new Set([400, 401, 403, 404, 405, 408, 500, 501, 502, 503, 504, 505]);

/**
 * The console's single HTTP client (spec §7, §8; behaviour notes "HTTP client"):
 * - prefixes URLs, sends `Authorization: tokenHead+token`, adds `_t` to GET;
 * - formats dates as `YYYY-MM-DD HH:mm:ss` and trims strings in bodies (§5);
 * - cancels the older of two identical pending requests (method + URL + params/body);
 * - times out after 1,200,000 ms;
 * - unwraps `{code, data, message}`: 200 → data; 401 → timeout message, token cleared, logout;
 *   other codes → the server's message (or the generic one) as toast/modal and a rejected ApiError;
 * - maps HTTP 400/401/403/404/405/408/500–505, network errors and timeouts to their own messages
 *   (400, 401 and 403 show the server's message when it sends one).
 */
export function createHttpClient(deps: HttpDeps) {
  const prefix = deps.urlPrefix ?? '';
  const timeout = deps.timeout ?? REQUEST_TIMEOUT_MS;
  const now = deps.now ?? Date.now;
  const pending = new Map<string, AbortController>();
  // ofetch.create(defaults, globalOptions): the fetch implementation is a *global* option; put in
  // the first argument it would only be a request default that ofetch ignores.
  const base: $Fetch = ofetch.create({ retry: 0 }, deps.fetchImpl ? { fetch: deps.fetchImpl } : {});

  function fail(e: ApiError, mode: ErrorMode, detail: { params?: unknown; method: string; headers: Record<string, string> }): never {
    if (e.kind !== 'canceled') {
      deps.logError?.(e, detail);
      if (e.kind === 'unauthorized') deps.onUnauthorized(e.message);
      // A 401 always tells the user, whatever the call's mode: they are being signed out.
      const shown: ErrorMode = e.kind === 'unauthorized' ? (mode === 'none' ? 'toast' : mode) : mode;
      if (shown !== 'none') deps.notify({ mode: shown, message: e.message });
    }
    throw e;
  }

  /**
   * The text of an HTTP failure: the server's message for 400, 401, 403 and 413 (a refused call names
   * the resource the user's roles lack, a refused file the limit it passes, which a generic sentence
   * would hide), else, and when the server sends none, the status's own default (spec §8).
   */
  function httpMessage(status: number, serverMessage: string | undefined): string {
    if ((status === 400 || status === 401 || status === 403 || status === 413) && typeof serverMessage === 'string' && serverMessage.trim()) return serverMessage;
    return HTTP_MESSAGES.has(status) ? deps.t(`errors.http.${status}`) : deps.t('errors.requestFailed');
  }

  async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, opts: RequestOptions & { raw?: boolean } = {}): Promise<T> {
    try {
      return await requestOnce<T>(method, url, body, opts);
    } catch (e) {
      if (!(e instanceof ReasonNeeded)) throw e;
      const reason = (await deps.askApprovalReason!(e.message))?.trim();
      if (!reason) throw new ApiError('canceled', 'canceled', null, url, method);
      return requestOnce<T>(method, url, body, { ...opts, approvalReason: reason });
    }
  }

  async function requestOnce<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, opts: RequestOptions & { raw?: boolean } = {}): Promise<T> {
    const mode = opts.errorMode ?? 'toast';
    const headers: Record<string, string> = {};
    if (opts.approvalReason) headers['X-Approval-Reason'] = encodeURIComponent(opts.approvalReason);
    const token = opts.withToken === false ? null : deps.getToken();
    if (token) headers.Authorization = token;
    const language = deps.language?.();
    if (language) headers['Accept-Language'] = httpLanguage(language);
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    const payload = body === undefined || isForm ? body : formatRequestBody(body);
    const params = method === 'GET' ? { ...(opts.params ? (formatRequestBody(opts.params) as object) : {}), _t: now() } : opts.params;
    const key = `${method} ${url} ${safeJson(opts.params)} ${isForm ? formKey(body as FormData) : safeJson(payload)}`;
    const detail = { params: payload ?? opts.params, method, headers: token ? { ...headers, Authorization: '[redacted]' } : headers };

    const controller = new AbortController();
    if (!opts.ignoreCancel) {
      pending.get(key)?.abort(new ApiError('canceled', 'canceled', null, url, method));
      pending.set(key, controller);
    }
    const timer = AbortSignal.timeout(opts.timeout ?? timeout);
    const signals = [controller.signal, timer, ...(opts.signal ? [opts.signal] : [])];
    let response;
    try {
      response = await base.raw(prefix + url, {
        method,
        headers,
        params,
        body: payload as BodyInit | Record<string, unknown> | undefined,
        signal: AbortSignal.any(signals),
        responseType: opts.raw ? 'blob' : 'json',
        ignoreResponseError: true,
        ...(opts.keepalive ? { keepalive: true } : {}),
      });
    } catch (err) {
      if (controller.signal.aborted) fail(new ApiError('canceled', 'canceled', null, url, method), mode, detail);
      const cause = err instanceof FetchError ? (err.cause as { name?: string } | undefined) : (err as { name?: string });
      // Some fetch implementations reject with a plain AbortError whatever the signal's reason, so
      // the timer itself says whether this was the timeout.
      if (timer.aborted || cause?.name === 'TimeoutError' || (err as Error)?.name === 'TimeoutError') {
        fail(new ApiError('timeout', deps.t('errors.apiTimeout'), null, url, method), mode, detail);
      }
      if (opts.signal?.aborted) fail(new ApiError('canceled', 'canceled', null, url, method), mode, detail);
      fail(new ApiError('network', deps.t('errors.networkException'), null, url, method), mode, detail);
    } finally {
      if (pending.get(key) === controller) pending.delete(key);
    }

    if (!opts.shell) answerListener?.(url, response.headers);
    const status = response.status;
    const data = response._data as unknown;
    // A download answers the file; a JSON body there is an envelope (an error report), read it so
    // HTTP 400/401 can show the server's message as for any other call.
    const env = isEnvelope(data) ? data : opts.raw ? await blobEnvelope(data) : null;
    if (status < 200 || status >= 300) {
      if (status === 401) fail(new ApiError('unauthorized', httpMessage(401, env?.message), 401, url, method), mode, detail);
      fail(new ApiError('http', httpMessage(status, env?.message), status, url, method, status === 400 ? fieldOf(env) : null, refusalOf(env)), mode, detail);
    }
    if (opts.raw) return env ? unwrap<T>(env, mode, url, method, detail, !!opts.approvalReason) : (data as T);
    if (!env) fail(new ApiError('badResponse', deps.t('errors.requestFailed'), status, url, method), mode, detail);
    return unwrap<T>(env, mode, url, method, detail, !!opts.approvalReason);
  }

  function unwrap<T>(env: Envelope, mode: ErrorMode, url: string, method: string, detail: { params?: unknown; method: string; headers: Record<string, string> }, reasonGiven = false): T {
    if (env.code === 200) return env.data as T;
    if (env.code === 401) fail(new ApiError('unauthorized', deps.t('errors.timeout'), 401, url, method), mode, detail);
    const message = typeof env.message === 'string' && env.message.trim() ? env.message : deps.t('errors.requestFailed');
    if (env.code === APPROVAL_SENT_CODE) {
      // Not a failure: the call waits for a second person. Told as a notice, never logged as an error.
      if (mode !== 'none') deps.notify({ mode: 'toast', message, tone: 'info' });
      throw new ApiError('approval', message, env.code, url, method, null, refusalOf(env));
    }
    if (env.key === 'approval.reasonRequired' && deps.askApprovalReason && !reasonGiven) throw new ReasonNeeded(message);
    fail(new ApiError('envelope', message, env.code, url, method, fieldOf(env), refusalOf(env), envelopeConflict(env)), mode, detail);
  }

  return {
    request,
    get: <T>(url: string, opts?: RequestOptions) => request<T>('GET', url, undefined, opts),
    post: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', url, body, opts),
    /**
     * Multipart upload (spec §7): files go under `name` (default `file`), other fields as
     * `key` or, for arrays, repeated `key[]` entries.
     */
    upload: <T>(url: string, file: Blob, opts: RequestOptions & { name?: string; filename?: string; data?: Record<string, unknown> } = {}) => {
      const form = new FormData();
      form.append(opts.name ?? 'file', file, opts.filename ?? (file as File).name ?? 'file');
      for (const [k, v] of Object.entries(opts.data ?? {})) {
        if (Array.isArray(v)) for (const item of v) form.append(`${k}[]`, String(item));
        else if (v !== undefined && v !== null) form.append(k, String(v));
      }
      return request<T>('POST', url, form, opts);
    },
    /** POST that answers a binary file (e.g. an Excel export); resolves with the Blob. */
    download: (url: string, body?: unknown, opts?: RequestOptions) => request<Blob>('POST', url, body, { ...opts, raw: true }),
    /** Pending request count (tests, page loading indicator). */
    pendingCount: () => pending.size,
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

interface Envelope {
  code: number;
  data: unknown;
  message?: string;
  /** A refusal of this server: the field, the catalogue key and its values. */
  field?: string | null;
  key?: string;
  params?: MessageParams;
  /** A stale write's record as it is now (code 409). */
  conflict?: unknown;
}

function isEnvelope(v: unknown): v is Envelope {
  return typeof v === 'object' && v !== null && typeof (v as Envelope).code === 'number';
}

/** The field key an error envelope names (`field`; `data.field` from older servers), else null. */
function fieldOf(env: Envelope | null): string | null {
  const f = env?.field ?? (env && typeof env.data === 'object' && env.data !== null ? (env.data as { field?: unknown }).field : null);
  return typeof f === 'string' && f ? f : null;
}

/** The catalogue key and values an error envelope carries, else null. */
function refusalOf(env: Envelope | null): ApiError['refusal'] {
  return env && typeof env.key === 'string' && env.key ? { key: env.key as MessageKey, params: env.params ?? {} } : null;
}

/** The `conflict` of a stale write's envelope when it has the contract's shape (a record and its version), else null. */
function envelopeConflict(env: Envelope): Conflict | null {
  const c = env.conflict as Partial<Conflict> | undefined;
  return env.code === 409 && c && typeof c === 'object' && c.record && typeof c.record === 'object' && (typeof c.version === 'string' || typeof c.version === 'number')
    ? { entity: String(c.entity ?? ''), id: Number(c.id), version: c.version, by: typeof c.by === 'string' ? c.by : null, at: typeof c.at === 'string' ? c.at : null, record: c.record }
    : null;
}

/** i18next language → Accept-Language tag: `zh_CN` → `zh-CN`. */
export function httpLanguage(language: string): string {
  return language.replace(/_/g, '-');
}

/** The envelope inside a JSON-typed Blob (a download's error report), else null. */
async function blobEnvelope(data: unknown): Promise<Envelope | null> {
  if (!(data instanceof Blob) || !/json/i.test(data.type)) return null;
  try {
    const parsed: unknown = JSON.parse(await data.text());
    return isEnvelope(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Duplicate-request key of a multipart body: field names and values, files by name, size and type,
 * so two uploads of different files to the same URL never cancel each other.
 */
function formKey(form: FormData): string {
  const parts: string[] = [];
  form.forEach((v, k) => parts.push(`${k}=${typeof v === 'string' ? v : `file:${v.name}:${v.size}:${v.type}`}`));
  return `[form ${parts.join('&')}]`;
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return String(v);
  }
}

let current: HttpClient | null = null;

/** Installs the app-wide client (called once at boot with the session's and UI's hooks). */
export function configureHttp(deps: HttpDeps): HttpClient {
  current = createHttpClient(deps);
  return current;
}

/** The app-wide client; `configureHttp` must have run (web/main.tsx does it before rendering). */
export const http: HttpClient = new Proxy({} as HttpClient, {
  get(_t, prop: keyof HttpClient) {
    if (!current) throw new Error('http client used before configureHttp()');
    return current[prop];
  },
});

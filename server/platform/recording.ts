import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { redactHeaders, redactJson, redactQuery } from './redact.js';

/**
 * The recording format shared by the recorder (proxy/hybrid `RECORD_DIR`), replay mode and
 * `npm run fixtures:from-recording`. One JSON file per distinct request:
 * `<RECORD_DIR>/<METHOD>-<path with / as .>-<key16>.json`, e.g. `POST-v1.feedbackType.list-3f2a….json`.
 *
 * A request's identity is its method, path, normalized query and normalized body:
 * - JSON and form bodies are parsed, redacted (server/platform/redact.ts), stripped of volatile
 *   fields ({@link VOLATILE}: timestamps, nonces, request ids, captcha answers) at any depth, and
 *   their object keys sorted, so `{"b":1,"a":2}` and `{"a":2,"b":1,"_t":123}` are the same request;
 * - other bodies (uploads, binary) count as `null`: they are matched by path alone;
 * - the query is normalized the same way (parameters sorted, volatile ones dropped).
 * `key` is the SHA-256 of that identity; a request with the same key overwrites the earlier file
 * (the latest answer wins), so a recording holds one answer per distinct request.
 */

/** Format version written into every file. */
export const RECORDING_VERSION = 1;

/** Field and parameter names that change on every call and say nothing about what was asked. */
export const VOLATILE = /^(_|_t|t|ts|timestamp|time_?stamp|nonce|request_?id|trace_?id|x-request-id|rand(om)?|captcha_?token|captcha_?code|sign(ature)?)$/i;

/** Answer headers worth replaying (content type, download name, caching); the rest describe one connection or one server. */
export const KEPT_ANSWER_HEADERS = ['content-type', 'content-disposition', 'cache-control', 'content-language', 'retry-after', 'etag', 'last-modified'];

export interface RecordedExchange {
  version: number;
  /**
   * Who asked: the role set of the platform user whose token made the request
   * (role ids sorted, joined with `,`, e.g. `super`). Replay answers a session only with recordings
   * of its own role set. Absent in recordings made before: those are replayed to `super` only.
   */
  roles?: string;
  /** SHA-256 hex of the normalized request (see module doc). */
  key: string;
  method: string;
  path: string;
  /** Normalized, redacted query without `?`. */
  query: string;
  request: {
    contentType: string;
    /** Normalized, redacted JSON/form body; null for none, binary, multipart or too large. */
    body: unknown;
    length: number;
  };
  status: number;
  /** {@link KEPT_ANSWER_HEADERS}, redacted. */
  headers: Record<string, string>;
  /** The answer body as replayed, byte for byte: UTF-8 text, or base64 when not valid UTF-8. */
  body: string;
  bodyEncoding: 'utf8' | 'base64';
  /** ISO time the answer was recorded. */
  recordedAt: string;
}

/** Deletes volatile keys and sorts object keys, at any depth (arrays keep their order). */
export function normalizeValue(v: unknown, depth = 0): unknown {
  if (depth > 64) return null;
  if (Array.isArray(v)) return v.map((x) => normalizeValue(x, depth + 1));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object).sort()) {
      if (VOLATILE.test(k)) continue;
      out[k] = normalizeValue((v as Record<string, unknown>)[k], depth + 1);
    }
    return out;
  }
  return v;
}

/** The normalized, redacted form of a request body (null when it cannot be read as data). */
export function normalizeRequestBody(contentType: string, body: Buffer | null): unknown {
  if (!body || body.length === 0) return null;
  const type = contentType.split(';')[0].trim();
  try {
    if (type === '' || type === 'application/json' || type.endsWith('+json')) return normalizeValue(redactJson(JSON.parse(body.toString('utf8'))));
    if (type === 'application/x-www-form-urlencoded') return normalizeValue(redactJson(Object.fromEntries(new URLSearchParams(body.toString('utf8')))));
  } catch {
    return null;
  }
  return null;
}

/** The normalized, redacted query (sorted parameters, volatile ones dropped). */
export function normalizeQuery(query: string): string {
  if (!query) return '';
  const params = new URLSearchParams(redactQuery(query));
  const kept = [...params].filter(([k]) => !VOLATILE.test(k)).sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return new URLSearchParams(kept).toString();
}

/** The identity key of a normalized request, asked by `roles` (a role set; none for recordings made before role sets). */
export function requestKey(method: string, path: string, query: string, body: unknown, roles?: string): string {
  return createHash('sha256')
    .update(`${method} ${path}?${query}\n${JSON.stringify(body)}${roles === undefined ? '' : `\nroles ${roles}`}`)
    .digest('hex');
}

/** The role set recordings without `roles` (made before recordings named their roles) are replayed to: administrators only. */
export const LEGACY_ROLES = 'super';

/** File name of a recorded exchange inside RECORD_DIR. */
export function fileNameOf(method: string, p: string, key: string): string {
  const slug = p.replace(/^\/+/, '').replace(/[^A-Za-z0-9_-]+/g, '.').slice(0, 120) || 'root';
  return `${method}-${slug}-${key.slice(0, 16)}.json`;
}

/** The bytes a recorded answer replays. */
export function answerBytes(r: RecordedExchange): Buffer {
  return Buffer.from(r.body, r.bodyEncoding === 'base64' ? 'base64' : 'utf8');
}

/** Answer bytes as stored: UTF-8 text when they round-trip exactly, else base64. */
export function encodeBody(bytes: Buffer): { body: string; bodyEncoding: 'utf8' | 'base64' } {
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? { body: text, bodyEncoding: 'utf8' } : { body: bytes.toString('base64'), bodyEncoding: 'base64' };
}

/**
 * The answer body as kept: a JSON answer is redacted, and re-serialized only when redaction
 * changed something (so an answer without secrets is kept byte for byte); text is redacted the
 * same way (embedded phones, e-mails); binary is kept as is.
 */
export function redactAnswer(contentType: string, bytes: Buffer): Buffer {
  const type = contentType.split(';')[0].trim();
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      const parsed: unknown = JSON.parse(bytes.toString('utf8'));
      const redacted = redactJson(parsed);
      const out = JSON.stringify(redacted);
      return out === JSON.stringify(parsed) ? bytes : Buffer.from(out);
    } catch {
      return Buffer.from(String(redactJson(bytes.toString('utf8'))));
    }
  }
  if (type.startsWith('text/')) {
    const text = bytes.toString('utf8');
    const out = String(redactJson(text));
    return out === text ? bytes : Buffer.from(out);
  }
  return bytes;
}

/** Answer headers kept in a recording: {@link KEPT_ANSWER_HEADERS}, redacted. */
export function keptHeaders(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const picked: Record<string, string | string[] | number | undefined> = {};
  for (const [k, v] of Object.entries(headers)) if (KEPT_ANSWER_HEADERS.includes(k.toLowerCase())) picked[k] = v;
  return redactHeaders(picked);
}

/** Whether a parsed file looks like a recorded exchange of this format. */
function isRecorded(v: unknown): v is RecordedExchange {
  const r = v as RecordedExchange;
  return !!r && typeof r === 'object' && r.version === RECORDING_VERSION && typeof r.method === 'string' && typeof r.path === 'string' && typeof r.status === 'number' && typeof r.body === 'string';
}

/**
 * Reads every recorded exchange of a folder (files that are not recordings are skipped; a missing
 * folder is an empty recording).
 */
export function readRecording(dir: string): RecordedExchange[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const out: RecordedExchange[] = [];
  for (const name of names.sort()) {
    if (!name.endsWith('.json')) continue;
    try {
      const v: unknown = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
      if (isRecorded(v)) out.push(v);
    } catch {
      /* not a recording */
    }
  }
  return out;
}

/** Leaves of a normalized value as `pointer → JSON`, for the distance. */
function leaves(v: unknown, prefix: string, out: Map<string, string>): Map<string, string> {
  if (Array.isArray(v)) v.forEach((x, i) => leaves(x, `${prefix}/${i}`, out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) leaves(x, `${prefix}/${k}`, out);
  else out.set(prefix, JSON.stringify(v));
  return out;
}

/**
 * Distance between two normalized requests of the same endpoint: the number of leaves (body fields
 * at any depth, array items by position, query parameters) present in only one of them, plus the
 * number present in both with different values. `{pageNum:1,status:1}` vs `{pageNum:2}` is 2.
 */
export function requestDistance(a: { query: string; body: unknown }, b: { query: string; body: unknown }): number {
  const la = leaves(a.body, '', new Map());
  const lb = leaves(b.body, '', new Map());
  for (const [k, v] of new URLSearchParams(a.query)) la.set(`?${k}`, v);
  for (const [k, v] of new URLSearchParams(b.query)) lb.set(`?${k}`, v);
  let d = 0;
  for (const [k, v] of la) if (!lb.has(k) || lb.get(k) !== v) d++;
  for (const k of lb.keys()) if (!la.has(k)) d++;
  return d;
}

/**
 * The recordings of a folder, indexed for replay by who asked: {@link find} answers the exact
 * request of the same role set when recorded, else the closest recording of the same role set,
 * method and path by {@link requestDistance} (ties: the most recently recorded), else null. A
 * recording is never answered to another role set.
 */
export class RecordingIndex {
  private byKey = new Map<string, RecordedExchange>();
  private byEndpoint = new Map<string, RecordedExchange[]>();

  constructor(recordings: RecordedExchange[]) {
    for (const r of recordings) {
      const roles = r.roles ?? LEGACY_ROLES;
      this.byKey.set(`${roles}\n${r.key}`, r);
      const endpoint = `${roles}\n${r.method} ${r.path}`;
      const list = this.byEndpoint.get(endpoint) ?? [];
      list.push(r);
      this.byEndpoint.set(endpoint, list);
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The recording answering `method p` for a session of role set `roles` (see the class doc), or null. */
  find(method: string, p: string, rawQuery: string, contentType: string, body: Buffer | null, roles: string): { recording: RecordedExchange; exact: boolean } | null {
    const query = normalizeQuery(rawQuery);
    const normalized = normalizeRequestBody(contentType, body);
    const exact =
      this.byKey.get(`${roles}\n${requestKey(method, p, query, normalized, roles)}`) ??
      (roles === LEGACY_ROLES ? this.byKey.get(`${roles}\n${requestKey(method, p, query, normalized)}`) : undefined);
    if (exact) return { recording: exact, exact: true };
    const candidates = this.byEndpoint.get(`${roles}\n${method} ${p}`);
    if (!candidates?.length) return null;
    let best: RecordedExchange | null = null;
    let bestD = Infinity;
    for (const c of candidates) {
      const d = requestDistance({ query, body: normalized }, { query: c.query, body: c.request.body });
      if (d < bestD || (d === bestD && best && c.recordedAt > best.recordedAt)) {
        best = c;
        bestD = d;
      }
    }
    return best ? { recording: best, exact: false } : null;
  }
}

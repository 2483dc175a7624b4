import { createHash, hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { Exchange, ExchangeObserver } from './exchange.js';
import { canonicalPath } from '../plugins/canonical-path.js';
import { redactPath } from './redact.js';
import {
  encodeBody,
  fileNameOf,
  keptHeaders,
  normalizeQuery,
  normalizeRequestBody,
  RECORDING_VERSION,
  redactAnswer,
  requestKey,
  type RecordedExchange,
} from './recording.js';

/**
 * Paths never recorded: the sign-in exchange carries a password, a captcha and a fresh token, none
 * of which a replay could use (replay signs in against the mock), and the captcha image is random.
 */
const NOT_RECORDED = new Set(['/v1/admin/login', '/v1/admin/logout', '/v1/captcha/token', '/v1/captcha/image']);

/** Most exchanges waiting to be written; beyond it new ones are dropped (and counted) rather than held in memory. */
const MAX_PENDING = 1000;

export interface RecorderStats {
  written: number;
  /** Same request and same answer as already on disk. */
  unchanged: number;
  /** Not recordable: answer not kept (too large or cut), session paths, not served by the platform. */
  skipped: number;
  /** Dropped because the size cap was reached or too many were waiting. */
  dropped: number;
  bytes: number;
}

/** Who asked: the role set of an Authorization value (server/platform/sessions.ts `roleSetOfInfo`), or null when the platform does not know the token. */
export type RoleSetOf = (authorization: string) => Promise<string | null>;
/**
 * The role set of an Authorization value when it is known now, without asking anyone: the role
 * set, null for a token known to be refused, undefined when not known (then {@link RoleSetOf} asks).
 */
export type KnownRoleSetOf = (authorization: string) => string | null | undefined;

/** Most requests whose normalized key is remembered ({@link Recorder} `keyMemo`). */
const MAX_MEMO = 1000;
/** Largest request body whose key is remembered, in bytes. */
const MEMO_BODY_BYTES = 2048;
/** Largest answer kept whole to tell a repeat by comparing bytes ({@link Recorder} `seen`); a larger one by its digest. */
const SEEN_ANSWER_BYTES = 16 * 1024;
/** Answer bytes {@link Recorder} `seen` holds at most (cleared beyond it, like at {@link MAX_MEMO} entries). */
const SEEN_TOTAL_BYTES = 4 * 1024 * 1024;

/**
 * What the last recording of a request as it came answered: the request's
 * key and the digest of the answer recorded for it ({@link Recorder} `rawSeen`), the answer's status,
 * head (content type, disposition, encoding) and bytes (or, when large, their digest).
 */
interface Seen {
  key: string;
  rawDigest: string;
  status: number;
  head: string;
  bytes: Buffer | null;
  bodyDigest: string | null;
}

/**
 * `RECORD_DIR` in proxy and hybrid modes: an {@link ExchangeObserver} that writes each
 * distinct exchange the platform answered as one file (format: server/platform/recording.ts),
 * redacted (no token, password, secret, phone or e-mail in any file), deduplicated by request
 * key (same request, same answer: not written again; same request, new answer: overwritten), and
 * capped at `maxBytes` in total (further exchanges are dropped with one warning).
 *
 * Only successful answers of a signed-in user are kept: HTTP 2xx and, for an
 * envelope, code 200. A request without a token, a token `roleSetOf` does not know, a refusal
 * (401, 403), a missing record or route (404) or any other failure is skipped, so it can neither
 * overwrite a good answer nor fill `RECORD_MAX_MB`. The key holds who asked (`roleSetOf`): the
 * operator's answer never replaces the administrator's, and replay gives each role set its own.
 * Without `roleSetOf` (tests) a signed-in request is recorded with no role set.
 *
 * `observe` only queues: normalizing, redacting, hashing and writing happen later, one file at a
 * time, so an answer is never delayed by its recording.
 */
export class Recorder implements ExchangeObserver {
  readonly binaryAnswers = true;
  private queue: Exchange[] = [];
  private running: Promise<void> | null = null;
  /** Request key → digest of what its file holds ('' when written by an earlier run: unknown). */
  private files = new Map<string, string>();
  /** Request key → digest of the raw answer last recorded for it (skips the work for a repeat). */
  private rawSeen = new Map<string, string>();
  /**
   * The request as it came (method, path, query, role set, content type, body bytes) → its
   * normalized body and key: a repeated request skips parsing, redacting and hashing its body
   *. Cleared when it reaches {@link MAX_MEMO} entries.
   */
  private keyMemo = new Map<string, { key: string; body: unknown; query: string }>();
  /**
   * The request as it came (method, raw path, query, role set, content type, body bytes) → what was
   * last recorded for it ({@link Seen}): a repeat answered with the same bytes is counted unchanged
   * in `observe` itself, without queueing, copying headers, normalizing or hashing.
   */
  private seen = new Map<string, Seen>();
  private seenBytes = 0;
  private sizes = new Map<string, number>();
  private warnedFull = false;
  readonly stats: RecorderStats = { written: 0, unchanged: 0, skipped: 0, dropped: 0, bytes: 0 };

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly log?: FastifyBaseLogger,
    private readonly roleSetOf?: RoleSetOf,
    /** The role set when known without asking (the cache behind `roleSetOf`): lets a repeat be told at once. */
    private readonly knownRoleSetOf?: KnownRoleSetOf,
  ) {
    fs.mkdirSync(dir, { recursive: true });
    for (const name of fs.readdirSync(dir)) {
      if (!name.endsWith('.json')) continue;
      const size = fs.statSync(path.join(dir, name)).size;
      this.sizes.set(name, size);
      this.stats.bytes += size;
    }
  }

  observe(exchange: Exchange): void {
    const auth = exchange.requestHeaders.authorization;
    if (exchange.servedBy !== 'platform' || exchange.answer.body === null || exchange.status < 200 || exchange.status > 299 || typeof auth !== 'string' || !auth.trim()) {
      this.stats.skipped++;
      return;
    }
    // A repeat of a request whose answer is already recorded, answered with the same bytes: told
    // here, at the cost of a lookup and a byte comparison (what is on disk is what it would write).
    // Only while nothing waits to be written: a queued new answer for the same request must not be
    // overtaken by a repeat of the old one (the latest answer wins).
    if (this.running === null && this.seen.size > 0 && this.isRepeat(exchange, auth)) {
      this.stats.unchanged++;
      return;
    }
    if (NOT_RECORDED.has(canonicalPath(exchange.path))) {
      this.stats.skipped++;
      return;
    }
    if (this.queue.length >= MAX_PENDING) {
      this.stats.dropped++;
      return;
    }
    this.queue.push(exchange);
    if (!this.running) this.running = new Promise<void>((r) => setImmediate(r)).then(() => this.drain());
  }

  /** Whether `ex` asks what a recorded request asked, as it came, and is answered as recorded ({@link Seen}). */
  private isRepeat(ex: Exchange, auth: string): boolean {
    let roles: string | undefined;
    if (this.roleSetOf) {
      const known = this.knownRoleSetOf?.(auth);
      if (typeof known !== 'string') return false;
      roles = known;
    }
    const id = asCameOf(ex, ex.path, roles);
    const s = id === null ? undefined : this.seen.get(id);
    if (s === undefined || s.status !== ex.status || this.rawSeen.get(s.key) !== s.rawDigest) return false;
    const body = ex.answer.body!;
    if (s.bytes !== null ? !s.bytes.equals(body) : s.bodyDigest !== hash('sha1', body, 'hex')) return false;
    return s.head === answerHead(ex);
  }

  /** Remembers what was recorded (or found unchanged) for a request as it came (see {@link seen}). */
  private remember(id: string | null, key: string, rawDigest: string, ex: Exchange, head: string): void {
    if (id === null) return;
    const body = ex.answer.body!;
    const small = body.length <= SEEN_ANSWER_BYTES;
    if (this.seen.size >= MAX_MEMO || this.seenBytes + (small ? body.length : 0) > SEEN_TOTAL_BYTES) {
      this.seen.clear();
      this.seenBytes = 0;
    }
    const had = this.seen.get(id);
    if (had?.bytes) this.seenBytes -= had.bytes.length;
    // A copy: the relayed chunk may be a view of a larger buffer, which must not be kept alive.
    const bytes = small ? Buffer.from(body) : null;
    if (bytes) this.seenBytes += bytes.length;
    this.seen.set(id, { key, rawDigest, status: ex.status, head, bytes, bodyDigest: small ? null : hash('sha1', body, 'hex') });
  }

  /** Resolves when every queued exchange is written (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const ex = this.queue.shift()!;
        try {
          // The path is kept (in the file and its name) redacted like every value; (3)
          // canonical first, so replay finds it under the path it decides on and no escape hides a value.
          await this.write(ex, redactPath(canonicalPath(ex.path)));
        } catch (err) {
          this.log?.warn({ err }, 'recorder: could not write an exchange');
        }
      }
    } finally {
      this.running = null;
    }
  }

  /** Records `ex` (its path as kept: `p`, canonical and redacted) unless its file already holds the same. */
  private async write(ex: Exchange, p: string): Promise<void> {
    let roles: string | undefined;
    if (this.roleSetOf) {
      const set = await this.roleSetOf(String(ex.requestHeaders.authorization));
      if (set === null) {
        this.stats.skipped++;
        return;
      }
      roles = set;
    }
    const kept = ex.request.truncated || ex.request.binary ? null : ex.request.body;
    // Only small requests are remembered (lists, details): the memo stays under MAX_MEMO × MEMO_BODY_BYTES.
    const asCame = asCameOf(ex, p, roles);
    let memo = asCame === null ? undefined : this.keyMemo.get(asCame);
    if (memo === undefined) {
      const q = normalizeQuery(ex.query);
      const b = normalizeRequestBody(ex.request.contentType, kept);
      memo = { key: requestKey(ex.method, p, q, b, roles), body: b, query: q };
      if (asCame !== null) {
        if (this.keyMemo.size >= MAX_MEMO) this.keyMemo.clear();
        this.keyMemo.set(asCame, memo);
      }
    }
    const { key, query, body: reqBody } = memo;
    // The same request answered with the same bytes as last time: nothing to parse, redact or write.
    const head = answerHead(ex);
    const rawDigest = createHash('sha1').update(`${ex.status}\n${head}\n`).update(ex.answer.body!).digest('hex');
    const id = asCameOf(ex, ex.path, roles);
    if (this.rawSeen.get(key) === rawDigest) {
      this.remember(id, key, rawDigest, ex, head);
      this.stats.unchanged++;
      return;
    }
    const headers: Record<string, string | string[] | number | undefined> = { ...ex.answerHeaders };
    const raw = decoded(ex.answer.body!, String(headers['content-encoding'] ?? ''));
    if (raw === null || refusedEnvelope(ex.answer.contentType, raw)) {
      this.stats.skipped++;
      return;
    }
    const bytes = redactAnswer(ex.answer.contentType, raw);
    const record: RecordedExchange = {
      version: RECORDING_VERSION,
      ...(roles !== undefined ? { roles } : {}),
      key,
      method: ex.method,
      path: p,
      query,
      request: { contentType: ex.request.contentType, body: reqBody, length: ex.request.length },
      status: ex.status,
      headers: keptHeaders(headers),
      ...encodeBody(bytes),
      recordedAt: new Date(ex.at).toISOString(),
    };
    const digest = createHash('sha1').update(`${record.status}\n${JSON.stringify(record.headers)}\n${record.body}`).digest('hex');
    if (this.files.get(key) === digest) {
      this.rawSeen.set(key, rawDigest);
      this.remember(id, key, rawDigest, ex, head);
      this.stats.unchanged++;
      return;
    }
    const name = fileNameOf(ex.method, p, key);
    const text = JSON.stringify(record, null, 1) + '\n';
    const size = Buffer.byteLength(text);
    const before = this.sizes.get(name) ?? 0;
    if (this.stats.bytes - before + size > this.maxBytes) {
      this.stats.dropped++;
      if (!this.warnedFull) {
        this.warnedFull = true;
        this.log?.warn(`recorder: ${this.dir} reached RECORD_MAX_MB; further exchanges are not recorded`);
      }
      return;
    }
    await fs.promises.writeFile(path.join(this.dir, name), text);
    this.files.set(key, digest);
    this.rawSeen.set(key, rawDigest);
    this.remember(id, key, rawDigest, ex, head);
    this.sizes.set(name, size);
    this.stats.bytes += size - before;
    this.stats.written++;
  }
}

/**
 * A request as it came, for the memos: method, `p`, query, role set, content type and body bytes;
 * null when its body is too large to remember ({@link MEMO_BODY_BYTES}).
 */
function asCameOf(ex: Exchange, p: string, roles: string | undefined): string | null {
  const kept = ex.request.truncated || ex.request.binary ? null : ex.request.body;
  if (kept !== null && kept.length > MEMO_BODY_BYTES) return null;
  return `${ex.method} ${p}?${ex.query}\n${roles ?? ''}\n${ex.request.contentType}\n${kept === null ? '' : kept.toString('latin1')}`;
}

/**
 * What of an answer's head a recording depends on beyond its bytes: its content type, disposition
 * and encoding, each '' when absent. From the relay's raw headers in one pass when the exchange has
 * them (a name of another length is passed over unread), else from the header object.
 */
function answerHead(ex: Exchange): string {
  const raw = ex.rawAnswerHeaders;
  if (raw === undefined) {
    const h = ex.answerHeaders;
    const v = (name: string) => (h[name] === undefined ? '' : String(h[name]));
    return `${v('content-type')}\n${v('content-disposition')}\n${v('content-encoding')}`;
  }
  let type: string | undefined;
  let disposition: string | undefined;
  let encoding: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const n = raw[i].length;
    if (n !== 12 && n !== 16 && n !== 19) continue;
    const name = (typeof raw[i] === 'string' ? (raw[i] as string) : raw[i].toString('latin1')).toLowerCase();
    const v = raw[i + 1];
    const value = typeof v === 'string' ? v : v.toString('latin1');
    if (name === 'content-type') type ??= value;
    else if (name === 'content-encoding') encoding ??= value;
    else if (name === 'content-disposition') disposition ??= value;
  }
  return `${type ?? ''}\n${disposition ?? ''}\n${encoding ?? ''}`;
}

/**
 * Whether a JSON answer is an envelope refusing (code other than 200: 401, 403, 404, 400…). Only
 * the start is parsed when it is large: the code comes first in the platform's envelopes.
 */
function refusedEnvelope(contentType: string, body: Buffer): boolean {
  const type = contentType.split(';')[0].trim();
  if (type !== 'application/json' && !type.endsWith('+json')) return false;
  const head = body.subarray(0, 256).toString('utf8');
  const m = /^\s*\{\s*"code"\s*:\s*(-?\d+)/.exec(head);
  if (m) return Number(m[1]) !== 200;
  try {
    const v = JSON.parse(body.toString('utf8')) as { code?: unknown } | null;
    return !!v && typeof v === 'object' && typeof v.code === 'number' && v.code !== 200;
  } catch {
    return false;
  }
}

/** The identity bytes of a body sent with `encoding` (gzip, deflate, br), or null when it cannot be decoded. */
function decoded(body: Buffer, encoding: string): Buffer | null {
  const e = encoding.trim().toLowerCase();
  try {
    if (e === '' || e === 'identity') return body;
    if (e === 'gzip' || e === 'x-gzip') return zlib.gunzipSync(body);
    if (e === 'deflate') return zlib.inflateSync(body);
    if (e === 'br') return zlib.brotliDecompressSync(body);
  } catch {
    return null;
  }
  return null;
}

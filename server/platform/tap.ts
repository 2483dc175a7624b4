import type { FastifyBaseLogger } from 'fastify';
import { ENDPOINTS, type EndpointDef } from '../contract/index.js';
import { SESSION } from '../contract/openapi.js';
import type { Exchange, ExchangeBody, ExchangeObserver } from './exchange.js';

/**
 * Bounded copies of bodies as they stream through the proxy, for the observers of
 * {@link Exchange}s. A tap only listens to chunks that pass anyway: it never buffers, pauses or
 * delays the relayed stream, and once a body exceeds the cap it keeps counting but drops its copy.
 */

/** Default copy limit per body: 256 KB (list pages are a few KB; an export page of 1,000 rows ~300 KB). */
export const DEFAULT_BODY_CAP = 256 * 1024;

/** Content types whose bodies are text an observer can read (JSON, text, XML, form-encoded). */
const TEXTUAL = /^(application\/(json|[\w.+-]*\+json|xml|[\w.+-]*\+xml|x-www-form-urlencoded|javascript)|text\/)/;

/** Whether a body of this content type is binary (uploads, Excel downloads, images); '' (none) counts as text. */
export function isBinaryType(contentType: string): boolean {
  return contentType !== '' && !TEXTUAL.test(contentType);
}

/**
 * Copies a body chunk by chunk up to `cap` bytes. `keepBinary` copies binary bodies too (the
 * recorder keeps downloads); multipart bodies are never copied (an upload is not replayable and
 * holds the user's file), only counted.
 */
export class BodyTap {
  private chunks: Buffer[] = [];
  length = 0;
  truncated = false;
  /** Set when the body's stream ended (every byte was seen). */
  ended = false;
  readonly binary: boolean;
  private readonly keep: boolean;

  constructor(
    readonly contentType: string,
    private readonly cap: number,
    keepBinary = false,
  ) {
    this.binary = isBinaryType(contentType);
    this.keep = (!this.binary || keepBinary) && !contentType.startsWith('multipart/');
  }

  /** Counts a chunk and, while under the cap, keeps a reference to it (chunks are not reused by node). */
  push(chunk: Buffer | string): void {
    const n = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    this.length += n;
    if (!this.keep || this.truncated) return;
    if (this.length > this.cap) {
      this.truncated = true;
      this.chunks = [];
      return;
    }
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }

  /** Whether the whole body is held (not truncated, not skipped). */
  get complete(): boolean {
    return this.keep && !this.truncated;
  }

  /** The kept bytes (one concatenation, done once when the exchange is built). */
  bytes(): Buffer | null {
    if (!this.complete) return null;
    return this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.length);
  }

  result(): ExchangeBody {
    return { body: this.bytes(), contentType: this.contentType, length: this.length, truncated: this.truncated, binary: this.binary };
  }
}

/** The lower-cased content type of a header value, '' when absent. */
export function contentTypeOf(value: string | string[] | number | undefined): string {
  if (value === undefined) return '';
  return String(Array.isArray(value) ? value[0] : value).toLowerCase();
}

/** An empty body (no request body, or an answer without one). */
export function noBody(contentType = ''): ExchangeBody {
  return { body: Buffer.alloc(0), contentType, length: 0, truncated: false, binary: isBinaryType(contentType) };
}

/** Every endpoint of the contract (session endpoints included) by `METHOD path`. */
const BY_KEY = new Map<string, EndpointDef>([...SESSION, ...ENDPOINTS].map((e) => [`${e.method} ${e.path}`, e]));
/** Contract paths (any method): a platform 404 for one of these is "not built yet", not "no such thing". */
const PATHS = new Set([...SESSION, ...ENDPOINTS].map((e) => e.path));

/** The contract's route key (`POST /v1/member/list`) of a request, or null when the contract does not define it. */
export function routeKeyOf(method: string, path: string): string | null {
  const key = `${method} ${path}`;
  return BY_KEY.has(key) ? key : null;
}

/** The contract endpoint of a method and path, if any. */
export function endpointOf(method: string, path: string): EndpointDef | undefined {
  return BY_KEY.get(`${method} ${path}`);
}

/** Whether the contract defines `path` under some method. */
export function isContractPath(path: string): boolean {
  return PATHS.has(path);
}

/**
 * Hands an exchange to every observer, each guarded: an observer that throws is logged and the
 * others still see the exchange (observers must not throw, but one bug must not hide traffic).
 */
export function notifyObservers(observers: readonly ExchangeObserver[], exchange: Exchange, log?: FastifyBaseLogger): void {
  for (const o of observers) {
    try {
      o.observe(exchange);
    } catch (err) {
      log?.warn({ err }, 'exchange observer failed');
    }
  }
}

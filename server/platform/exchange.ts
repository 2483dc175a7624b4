import type { ServerResponse } from 'node:http';
import type { Refusal } from '../contract/messages.js';
/**
 * One request/answer pair between the console and the platform, as seen by the proxy after the
 * answer has been relayed to the client. Observers (contract-drift monitor, recorder)
 * receive it after the fact, so they never delay or change what the client gets.
 *
 * Bodies are bounded copies: when a body is larger than the observer's limit (or binary and not
 * wanted), `body` is null and `truncated`/`binary` say why.
 */
export interface ExchangeBody {
  /** The copied bytes, or null when not kept (too large, binary, or streamed multipart). */
  body: Buffer | null;
  /** Content type as sent (lower-cased, parameters kept), '' when absent. */
  contentType: string;
  /** Total length seen on the wire in bytes (counted even when not kept). */
  length: number;
  /** True when the body was larger than the copy limit. */
  truncated: boolean;
  /** True when the content type is not JSON/text (uploads, Excel downloads, images). */
  binary: boolean;
}

export interface Exchange {
  method: string;
  /** Path as the client sent it, without the query (`/v1/member/list`, `/api/v1/member/list`). */
  path: string;
  /** The query string without `?`, '' when none. */
  query: string;
  /** The contract's route key for the path (`POST /v1/member/list`) when the contract defines it, else null. */
  routeKey: string | null;
  requestHeaders: Record<string, string | string[] | undefined>;
  request: ExchangeBody;
  /** HTTP status the platform answered. */
  status: number;
  answerHeaders: Record<string, string | string[] | number | undefined>;
  /**
   * The answer's headers as received, flat (`[name, value, …]`, names in the platform's spelling,
   * Buffers or strings), when the relay has them: read without making {@link answerHeaders}
   * (the recorder reads three of them per exchange).
   */
  rawAnswerHeaders?: readonly (Buffer | string)[];
  answer: ExchangeBody;
  /**
   * Which side served the answer (header `x-served-by`). Proxy and hybrid modes hand observers only
   * the exchanges the platform answered (`platform`); answers of the mock, and the platform's
   * 404/501 that hybrid replaced with the mock's answer, are not observed.
   */
  servedBy: 'platform' | 'mock' | 'replay';
  /** The client's address as the console sees it (honouring TRUST_PROXY). */
  clientIp?: string;
  /** When the answer ended, ms since epoch. */
  at: number;
  /**
   * A write of one record the version check let through: the platform's `info` answer read just
   * before it was relayed (server/platform/version-check.ts); absent otherwise.
   */
  recordBefore?: Buffer | null;
}

/** Something that wants to see exchanges; must not throw and must return quickly (defer heavy work). */
export interface ExchangeObserver {
  observe(exchange: Exchange): void;
  /**
   * Whether this observer wants binary answer bodies copied too (the recorder keeps downloads);
   * by default binary answers are counted, not copied. Multipart request bodies are never copied.
   */
  binaryAnswers?: boolean;
  /**
   * Asked once per request before any body is copied: whether this observer wants the exchange.
   * When no observer wants it, the proxy relays the plain streams (no copy, no extra stream); an
   * observer that answers false is not handed the exchange. Absent means "always" (the recorder keeps every exchange). An observer
   * that answers false accounts for the skipped exchange itself (the drift monitor counts it as
   * sampled out). `path` is without the query; `routeKey` as in {@link Exchange.routeKey}.
   */
  wants?(method: string, path: string, routeKey: string | null): boolean;
  /**
   * Asked before an exchange this observer wants is relayed: null lets it go (the observer may hold
   * a place for it until `res` closes); a refusal stops it — nothing reaches the platform and the
   * client is answered the refusal's envelope (the audit trail when it cannot take the entry).
   */
  admit?(method: string, path: string, routeKey: string | null, res: ServerResponse): ObserverRefusal | null;
}

/** What {@link ExchangeObserver.admit} refuses an exchange with: the HTTP status, the envelope code and the catalogue's refusal. */
export interface ObserverRefusal {
  status: number;
  code: number;
  refusal: Refusal;
}

/**
 * The observers of `observers` that want the exchange of `method path` (see {@link ExchangeObserver.wants}),
 * in order; only these are handed the exchange. Every observer is asked (each keeps its own counts).
 */
export function wantingObservers(observers: readonly ExchangeObserver[], method: string, path: string, routeKey: string | null): ExchangeObserver[] {
  const out: ExchangeObserver[] = [];
  for (const o of observers) if (!o.wants || o.wants(method, path, routeKey)) out.push(o);
  return out;
}

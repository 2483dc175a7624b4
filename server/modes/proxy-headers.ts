import type { IncomingHttpHeaders } from 'node:http';
import { SECURITY_HEADERS } from '../plugins/security.js';
import type { Exchange, ExchangeBody } from '../platform/exchange.js';
import { REVERT_HEADER } from '../audit/revert-mark.js';

/**
 * The headers of proxy mode's relay (server/modes/proxy.ts), both ways: what a request keeps on its
 * way to the platform, what a platform answer keeps on its way back (and the console's own headers
 * it ends with), read from undici's raw headers without building header objects per answer; and
 * the exchange the relay hands its observers.
 */

/** Header naming the side that served an answer (`platform`, `mock`, `replay`). */
export const SERVED_BY = 'x-served-by';

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection, never the end-to-end message,
 * so they are dropped in both directions. `proxy-connection` is the non-standard cousin some
 * clients still send. Names listed in a `Connection` header are dropped as well.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Client-sent forwarding headers are lies until proven otherwise: the console is the edge
 * (`trustProxy: false`), so whatever a browser claims about its address is dropped and our own
 * view of the connection is sent instead. `x-real-ip` is the same claim under another name.
 */
const isForwardingHeader = (name: string) => name === 'forwarded' || name === 'x-real-ip' || name.startsWith('x-forwarded-');

/** Answer headers that describe the platform's bytes, dropped from a projected answer (which gets its own length). */
const PROJECTED_DROPS = new Set(['content-length', 'content-encoding', 'etag', 'content-md5', 'digest']);

/** A relayed head (flat) for a projected body of `length` bytes. */
export function projectedHead(head: readonly string[], length: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < head.length; i += 2) if (!PROJECTED_DROPS.has(head[i])) out.push(head[i], head[i + 1]);
  out.push('content-length', String(length));
  return out;
}

/** The client's request headers without `Accept-Encoding`: a look-up answer is projected, so the platform sends it plain. */
export function plainAnswerHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const name in headers) if (name !== 'accept-encoding') out[name] = headers[name];
  return out;
}



function connectionListed(c: string | string[] | undefined): string[] {
  const value = Array.isArray(c) ? c.join(',') : c;
  return value ? value.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) : [];
}

/** `Connection` values that name only hop-by-hop headers (dropped anyway): no set of listed names is needed then. */
const PLAIN_CONNECTION = /^\s*(?:keep-alive|close)\s*$/i;

/** The names a `Connection` header lists beyond the hop-by-hop ones, or null when it lists none (the usual `keep-alive`/`close`). */
function listedNames(connection: string | string[] | undefined): Set<string> | null {
  if (connection === undefined || (typeof connection === 'string' && PLAIN_CONNECTION.test(connection))) return null;
  return new Set(connectionListed(connection));
}

/**
 * Copies `headers` without hop-by-hop headers, those named in `Connection` and those `drop`
 * names (one pass, no `delete`: deleting keys turns the copy into a slow dictionary object).
 */
function withoutHopByHop(headers: IncomingHttpHeaders, drop?: (lowerName: string) => boolean): IncomingHttpHeaders {
  const listed = listedNames(headers.connection);
  const out: IncomingHttpHeaders = {};
  for (const name in headers) {
    const n = name.toLowerCase();
    if (HOP_BY_HOP.has(n) || (listed !== null && listed.has(n)) || (drop !== undefined && drop(n))) continue;
    out[n] = headers[name];
  }
  return out;
}

/**
 * The headers sent to the platform, flat (`[name, value, …]`, as undici takes them without walking
 * an object): the client's headers (Authorization included, untouched) minus hop-by-hop and
 * client-claimed forwarding headers, `Host` set to the upstream's (`host`), plus
 * X-Forwarded-For/-Proto describing the connection the console actually saw and X-Forwarded-Host
 * from PUBLIC_HOST (never the client's Host header, which anyone can set; none when PUBLIC_HOST is
 * unset). `contentLength`: undefined sends the client's `Content-Length` as it came, null drops it
 * (a request without a body), a string replaces it (a body the relay re-encoded).
 */
export function upstreamRequestHeadersFor(
  publicHost: string | null,
): (ip: string, protocol: string, headers: IncomingHttpHeaders, host: string, contentLength?: string | null) => (string | string[])[] {
  return (ip, protocol, headers, host, contentLength) => {
    const listed = listedNames(headers.connection);
    const out: (string | string[])[] = ['host', host];
    for (const name in headers) {
      // node:http's header names are lower-case already.
      const value = headers[name];
      if (value === undefined || name === 'host' || HOP_BY_HOP.has(name) || isForwardingHeader(name) || name === REVERT_HEADER || (listed !== null && listed.has(name))) continue;
      if (name === 'content-length' && contentLength !== undefined) continue;
      out.push(name, value);
    }
    if (contentLength != null) out.push('content-length', contentLength);
    out.push('x-forwarded-for', ip, 'x-forwarded-proto', protocol);
    if (publicHost) out.push('x-forwarded-host', publicHost);
    return out;
  };
}

/** Answer headers of the platform never relayed: they describe the platform's software (`Server`, `X-Powered-By`) or set its cookies. */
const DROPPED_ANSWER_HEADERS = new Set(['server', 'x-powered-by', 'set-cookie']);
const isDroppedAnswerHeader = (name: string) => DROPPED_ANSWER_HEADERS.has(name);

/**
 * The platform's answer headers as relayed: hop-by-hop ones dropped, and `Server`, `X-Powered-By`
 * and `Set-Cookie` dropped. Cookies are dropped rather than rewritten because the console never
 * uses them (the session is the Authorization header, spec §3), and a platform cookie with the
 * platform's Domain would either be ignored by the browser or, rewritten, be sent to every path of
 * the console.
 */
export function relayedAnswerHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return withoutHopByHop(headers, isDroppedAnswerHeader);
}

/** A raw header name or value of undici's as text (header bytes are Latin-1: one byte, one character). */
const headerText = (x: Buffer | string): string => (typeof x === 'string' ? x : x.toString('latin1'));

/** Header names seen in answers, lower-cased, by {@link nameKey}: most answers carry the same dozen or two. */
const NAMES = new Map<number, string>();
/** Most names {@link NAMES} keeps (a platform sending ever new names gets them decoded each time). */
const MAX_NAMES = 512;
const lowerByte = (b: number) => (b >= 65 && b <= 90 ? b + 32 : b) & 127;
/** A name's length and three of its bytes (lower-cased) in one small integer. */
const nameKey = (x: Buffer) => x.length | (lowerByte(x[0]) << 6) | (lowerByte(x[x.length - 1]) << 13) | (lowerByte(x[x.length >> 1]) << 20);
function sameName(x: Buffer, name: string): boolean {
  for (let i = 0; i < x.length; i++) if (lowerByte(x[i]) !== name.charCodeAt(i) || x[i] > 127) return false;
  return true;
}

/**
 * A raw answer header name, lower-cased. A name seen before comes back as the same string,
 * compared byte by byte rather than decoded (decoding each name of each answer, and
 * hashing each new string to look it up, was most of what relaying the head cost).
 */
function headerName(x: Buffer | string): string {
  if (typeof x === 'string') return x.toLowerCase();
  const n = x.length;
  if (n === 0 || n > 63) return x.toString('latin1').toLowerCase();
  const key = nameKey(x);
  const known = NAMES.get(key);
  if (known !== undefined && known.length === n && sameName(x, known)) return known;
  const name = x.toString('latin1').toLowerCase();
  if (known === undefined && NAMES.size < MAX_NAMES) NAMES.set(key, name);
  return name;
}

/**
 * undici's raw answer headers (`[name, value, …]`, Buffers or strings) as a header object with
 * lower-cased names; a repeated header becomes an array of its values.
 */
function parseRawHeaders(raw: Buffer[] | string[]): IncomingHttpHeaders {
  const out: Record<string, string | string[]> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = headerName(raw[i]);
    const value = headerText(raw[i + 1]);
    const had = out[name];
    if (had === undefined) out[name] = value;
    else if (Array.isArray(had)) had.push(value);
    else out[name] = [had, value];
  }
  return out as IncomingHttpHeaders;
}

/**
 * An exchange as the relay hands it to its observers (server/platform/exchange.ts). A class, so
 * every exchange has one shape (an object literal with a getter was built property by
 * property at run time, and its readers' lookups went megamorphic); the header object is made only
 * when an observer reads `answerHeaders` (the recorder when it writes; the audit trail never).
 */
export class RelayedExchange implements Exchange {
  readonly servedBy = 'platform' as const;
  private headers: IncomingHttpHeaders | null = null;
  constructor(
    readonly method: string,
    readonly path: string,
    readonly query: string,
    readonly routeKey: string | null,
    readonly requestHeaders: IncomingHttpHeaders,
    readonly request: ExchangeBody,
    readonly status: number,
    readonly rawAnswerHeaders: Buffer[] | string[],
    readonly answer: ExchangeBody,
    readonly clientIp: string,
    readonly at: number,
    readonly recordBefore: Buffer | null = null,
  ) {}

  get answerHeaders(): IncomingHttpHeaders {
    return (this.headers ??= parseRawHeaders(this.rawAnswerHeaders));
  }
}

/** The first value of header `name` (lower-case) in undici's raw headers, or undefined. */
export function rawHeaderValue(raw: readonly (Buffer | string)[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) if (headerName(raw[i]) === name) return headerText(raw[i + 1]);
  return undefined;
}

/** Answer headers the relay never copies from the platform's: hop-by-hop, dropped ({@link relayedAnswerHeaders}), and those it sets itself. */
const NOT_COPIED = new Set([...HOP_BY_HOP, ...DROPPED_ANSWER_HEADERS, ...Object.keys(SECURITY_HEADERS), 'x-served-by']);
/** What every relayed platform answer ends with, flat: the console's security headers and `x-served-by: platform`. */
const OWN_ANSWER_HEADERS: readonly string[] = [...Object.entries(SECURITY_HEADERS).flat(), 'x-served-by', 'platform'];

/**
 * The head of a relayed answer as `res.writeHead` takes it flat (`[name, value, …]`), made once
 * from undici's raw headers: {@link relayedAnswerHeaders}' rules, then the console's security
 * headers (replacing the platform's own) and `x-served-by: platform` (no header object
 * built, copied and merged per answer, and the values of headers the console replaces never
 * decoded). A platform redirect's `Location` loses the upstream's base path (`/platform/v1/x` →
 * `/v1/x`; `path` is the request's canonical path).
 */
export function relayedAnswerHead(raw: readonly (Buffer | string)[], basePath: string, path: string): string[] {
  const n = raw.length;
  const names = new Array<string>(n >> 1);
  let connection: string | string[] | undefined;
  for (let i = 0; i < n; i += 2) {
    const name = headerName(raw[i]);
    names[i >> 1] = name;
    if (name === 'connection') {
      const v = headerText(raw[i + 1]);
      connection = connection === undefined ? v : [connection, v].flat();
    }
  }
  const listed = listedNames(connection);
  const out: string[] = [];
  for (let i = 0; i < n; i += 2) {
    const name = names[i >> 1];
    if (NOT_COPIED.has(name) || (listed !== null && listed.has(name))) continue;
    let value = headerText(raw[i + 1]);
    if (name === 'location' && basePath !== '') {
      const prefix = routePrefixOf(path);
      value = value.replace(basePath + prefix, prefix);
    }
    out.push(name, value);
  }
  for (let i = 0; i < OWN_ANSWER_HEADERS.length; i++) out.push(OWN_ANSWER_HEADERS[i]);
  return out;
}

/** The proxied prefix of a canonical path, for redirects coming back: `/api/v1`, `/upload` or `/v1`. */
function routePrefixOf(path: string): string {
  if (path.startsWith('/api/v1')) return '/api/v1';
  if (path.startsWith('/upload')) return '/upload';
  return '/v1';
}

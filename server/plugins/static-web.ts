import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { IncomingMessage, ServerResponse, validateHeaderName, validateHeaderValue, type Server } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../contract/envelope.js';
import { documentedMethods } from '../contract/openapi.js';
import { pathOf } from './canonical-path.js';
import { isApiPath, sendEnvelope } from './envelope.js';
import { MAX_URL_LENGTH } from './limits.js';
import { SECURITY_HEADERS } from './security.js';

/** Hashed build outputs look like `name-ABCD1234.js`; they never change, so they are cached for a year. */
const HASHED = /-[A-Z0-9]{8}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
};

/**
 * A response's header table in Node's own shape (`ServerResponse[kOutHeaders]`: lower-case name →
 * `[name, value]`), which `writeHead` turns into the header block without validating each name and
 * value again. See {@link precomputedHead}.
 */
type HeadTable = Record<string, [string, string]>;

/** One encoding of one file, with every header it is sent with computed once. */
interface Variant {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
  /** `headers` plus the security headers: the whole answer of the fast path (see installFastPath). */
  full: Record<string, string>;
  /** `full` without `content-length`: the 304 answer. */
  notModified: Record<string, string>;
  /** `full` and `notModified` as precomputed header tables, or null where Node's table is not known (see {@link precomputedHead}). */
  fullHead: HeadTable | null;
  notModifiedHead: HeadTable | null;
}

/**
 * Header names Node's `writeHead` reads as well as writes (it decides the framing and the
 * connection from them): each keeps an entry of its own in a {@link HeadTable}.
 */
const FRAMING_HEADERS = new Set(['connection', 'content-length', 'transfer-encoding', 'date', 'expect', 'trailer', 'keep-alive']);

/**
 * The symbol under which a Node `ServerResponse` keeps its header table, found on a response
 * made here; undefined when this Node keeps none (then every answer goes through `writeHead(status, headers)`).
 */
const OUT_HEADERS = Object.getOwnPropertySymbols(new ServerResponse(new IncomingMessage(null as never))).find((s) => s.description === 'kOutHeaders');

/**
 * `headers` (validated once, here) as a header table that Node's `writeHead(status)` writes as is:
 * the headers in their order, runs of ordinary headers folded into one entry whose value carries
 * the following lines, and the {@link FRAMING_HEADERS} each on their own so Node still sees the
 * length. `writeHead(status, headers)` checks and joins the console's eighteen headers one by one
 * on every answer; the table is checked once and written as a few strings. Null when Node's table is unknown or does not
 * give back exactly the block `writeHead(status, headers)` writes ({@link HEAD_TABLES_WORK}).
 */
function precomputedHead(headers: Record<string, string>): HeadTable | null {
  if (!HEAD_TABLES_WORK) return null;
  return headTable(headers);
}

function headTable(headers: Record<string, string>): HeadTable {
  const table: HeadTable = {};
  let run: [string, string] | null = null;
  for (const [name, value] of Object.entries(headers)) {
    // writeHead(status, headers) checks every name and value on each answer; checked once here instead.
    validateHeaderName(name);
    validateHeaderValue(name, value);
    if (FRAMING_HEADERS.has(name.toLowerCase())) {
      table[name.toLowerCase()] = [name, value];
      run = null;
    } else if (run) run[1] += `\r\n${name}: ${value}`;
    else table[name.toLowerCase()] = run = [name, value];
  }
  return table;
}

/** The header block Node writes for `status` and `head` (a table, or headers for writeHead), without its Date line. */
function headerBlock(status: number, head: { table: HeadTable } | { headers: Record<string, string> }): string | null {
  const res = new ServerResponse(Object.assign(new IncomingMessage(null as never), { httpVersionMajor: 1, httpVersionMinor: 1, method: 'GET' }));
  if ('table' in head) {
    (res as unknown as Record<symbol, unknown>)[OUT_HEADERS!] = head.table;
    res.writeHead(status);
  } else res.writeHead(status, head.headers);
  const block = (res as unknown as { _header?: unknown })._header;
  return typeof block === 'string' ? block.replace(/\r\nDate: [^\r]*/, '') : null;
}

/**
 * Whether this Node writes a precomputed table exactly as it writes the same headers handed to
 * `writeHead`, checked once at start on a sample answer (200 with a length, 304 without): the
 * table is Node's internal shape, so a Node that changes it falls back to the public call.
 */
const HEAD_TABLES_WORK: boolean = (() => {
  if (!OUT_HEADERS) return false;
  try {
    const sample = { 'content-type': 'text/html; charset=utf-8', 'content-length': '4', 'cache-control': 'no-cache', etag: '"x"', vary: 'accept-encoding', 'x-frame-options': 'SAMEORIGIN' };
    const { 'content-length': _length, ...noLength } = sample;
    return [
      [200, sample],
      [304, noLength],
    ].every(([status, headers]) => {
      const plain = headerBlock(status as number, { headers: headers as Record<string, string> });
      return plain !== null && plain === headerBlock(status as number, { table: headTable(headers as Record<string, string>) });
    });
  } catch {
    return false;
  }
})();

/** Writes the status and headers of a fast-path answer: the precomputed table when there is one. */
function writeHead(res: ServerResponse, status: number, table: HeadTable | null, headers: Record<string, string>): void {
  if (table) {
    (res as unknown as Record<symbol, unknown>)[OUT_HEADERS!] = table;
    res.writeHead(status);
  } else res.writeHead(status, headers);
}

/** A file of the bundle: its plain bytes and, when the build wrote them, the `.br`/`.gz` siblings. */
interface Entry {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

/**
 * Which precompressed variants a request accepts (`br`, `gzip`; `*` counts as both), unless the
 * header refuses one with `q=0`. No header means identity only.
 */
function accepted(header: string | undefined): { br: boolean; gzip: boolean } {
  const out = { br: false, gzip: false };
  if (!header) return out;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    if (q && Number(q.trim().slice(2)) === 0) continue;
    if (name === 'br' || name === '*') out.br = true;
    if (name === 'gzip' || name === '*') out.gzip = true;
  }
  return out;
}

/** Reads the bundle into memory (source maps stay on disk: only developers fetch them). */
function loadBundle(distDir: string): Map<string, Entry> {
  const files = new Map<string, Entry>();
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return files;
  const all = fs.readdirSync(distDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  const names = new Set(all.map((e) => path.join(e.parentPath, e.name)));
  for (const abs of names) {
    if (/\.(br|gz|map)$/.test(abs) || abs.endsWith('.tmp')) continue;
    const url = '/' + path.relative(distDir, abs).split(path.sep).join('/');
    const ext = path.extname(abs).toLowerCase();
    const cacheControl = HASHED.test(abs) ? IMMUTABLE : 'no-cache';
    const hasVariants = names.has(`${abs}.br`) || names.has(`${abs}.gz`);
    const variant = (file: string, encoding: string | null): Variant => {
      const body = fs.readFileSync(file);
      const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}${encoding ? `-${encoding}` : ''}"`;
      const headers: Record<string, string> = {
        'content-type': TYPES[ext] ?? 'application/octet-stream',
        'content-length': String(body.length),
        'cache-control': cacheControl,
        etag,
      };
      if (encoding) headers['content-encoding'] = encoding;
      if (hasVariants) headers.vary = 'accept-encoding';
      const full = { ...headers, ...SECURITY_HEADERS };
      const { 'content-length': _length, ...notModified } = full;
      return { body, etag, headers, full, notModified, fullHead: precomputedHead(full), notModifiedHead: precomputedHead(notModified) };
    };
    const entry: Entry = { identity: variant(abs, null) };
    if (names.has(`${abs}.br`)) entry.br = variant(`${abs}.br`, 'br');
    if (names.has(`${abs}.gz`)) entry.gzip = variant(`${abs}.gz`, 'gzip');
    files.set(url, entry);
  }
  return files;
}

/**
 * Serves the built web bundle (`dist/web`) from memory with headers computed once at start:
 * `Cache-Control: immutable` for hashed assets and `no-cache` for `index.html`, the precompressed
 * `.br`/`.gz` siblings to browsers that accept them, strong ETags (304 on `If-None-Match`), and
 * `index.html` for client routes (e.g. `/order/index`). Unknown API paths answer an envelope 404,
 * never the HTML page; a missing asset is a plain 404. Without a build, pages answer 503 with a
 * hint to run `npm run build`.
 *
 * Why from memory: a file read, a stat and per-request header work cost 95% of the
 * shell's throughput. The bundle is a few MB; source maps are read from disk when asked for. The
 * folder is watched, so `npm run dev` rebuilding it is picked up on the next request. Static
 * answers are not access-logged (`logLevel: warn` on the route): a page load fetches dozens.
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string, options: { publicSourceMaps?: boolean } = {}) {
  const root = path.resolve(distDir);
  let files = loadBundle(root);
  let stale = false;
  try {
    const watcher = fs.watch(root, { recursive: true, persistent: false }, () => (stale = true));
    watcher.on('error', () => (stale = true));
    app.addHook('onClose', async () => watcher.close());
  } catch {
    // No folder yet (no build) or no watch support: look again when a page finds nothing.
  }
  const current = () => {
    if (stale || !files.size) {
      stale = false;
      files = loadBundle(root);
    }
    return files;
  };

  const send = (req: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    const chosen = choose(entry, req.headers['accept-encoding']);
    reply.headers(chosen.headers);
    if (req.headers['if-none-match'] === chosen.etag) {
      reply.removeHeader('content-length');
      return reply.code(304).send();
    }
    return reply.send(req.method === 'HEAD' ? null : chosen.body);
  };

  const notFound = (req: FastifyRequest, reply: FastifyReply) => {
    const p = req.url.split('?')[0];
    // The console's own endpoints (`/console/…`) are API paths too: never the app shell.
    if (isApiPath(req.url) || pathOf(req).startsWith('/console/')) {
      // A documented path asked with another method: 405 naming the methods it takes (RFC 9110 §15.5.6).
      const allow = documentedMethods(pathOf(req));
      if (allow.length) return sendEnvelope(reply.header('allow', allow.join(', ')), 405, 405, { key: 'request.wrongMethod', params: { method: req.method, path: pathOf(req), allow: allow.join(', ') } });
      return sendEnvelope(reply, 404, ResultCode.notFound, { key: 'request.noEndpoint', params: { method: req.method, path: p } });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendEnvelope(reply, 404, ResultCode.notFound, { key: 'request.notFound' });
    // A missing asset (a path with a file extension) is a real 404, not the app shell.
    if (/\.[a-z0-9]+$/i.test(p)) return reply.code(404).type('text/plain').send('Not found');
    const index = current().get('/index.html');
    if (!index) return reply.code(503).type('text/plain').send('The web bundle is not built: run `npm run build`.');
    return send(req, reply, index);
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    logLevel: 'warn',
    exposeHeadRoute: false,
    // The same answers as the fast path (installFastPath) for what reaches Fastify: `inject` in the
    // tests, `%`-encoded paths, and requests while the server is closing or shedding load.
    handler: async (req, reply) => {
      const q = req.url.indexOf('?');
      let p = q < 0 ? req.url : req.url.slice(0, q);
      if (p.includes('%')) {
        try {
          p = decodeURIComponent(p);
        } catch {
          return reply.code(400).type('text/plain').send('Bad path');
        }
      }
      if (p === '/') p = '/index.html';
      const entry = current().get(p);
      if (entry) return send(req, reply, entry);
      // Source maps give the whole source away: served only with PUBLIC_SOURCE_MAPS=on.
      if (options.publicSourceMaps === true && p.endsWith('.map') && !p.includes('..')) {
        // Source maps are read from disk: only names the bundle holds (the .js beside it exists).
        const js = current().get(p.slice(0, -4));
        if (js) {
          const body = await fs.promises.readFile(path.join(root, p.slice(1))).catch(() => null);
          if (body) return reply.header('content-type', TYPES['.map']).header('cache-control', IMMUTABLE).send(body);
        }
      }
      return notFound(req, reply);
    },
  });
  app.setNotFoundHandler(notFound);
  installFastPath(app, current);
}

/** {@link accepted} per header value: browsers send a handful of them, parsing each time allocates. */
const acceptedCache = new Map<string, { br: boolean; gzip: boolean }>();
/** Most distinct values kept (a client sending a new one per request must not grow the map). */
const ACCEPTED_CACHE_MAX = 64;

/** The variant of `entry` for an `Accept-Encoding` header: brotli, else gzip, else the plain bytes. */
function choose(entry: Entry, acceptEncoding: string | undefined): Variant {
  if (!entry.br && !entry.gzip) return entry.identity;
  let ok = acceptEncoding === undefined ? undefined : acceptedCache.get(acceptEncoding);
  if (!ok) {
    ok = accepted(acceptEncoding);
    if (acceptEncoding !== undefined && acceptedCache.size < ACCEPTED_CACHE_MAX) acceptedCache.set(acceptEncoding, ok);
  }
  return (ok.br && entry.br) || (ok.gzip && entry.gzip) || entry.identity;
}

/** Paths whose fast-path decision is kept (see installFastPath). */
const CLIENT_ROUTES_KEPT = 1024;

/**
 * The static fast path: a `GET`/`HEAD` of a bundle file or
 * of a client route is answered straight from the HTTP server's `request` event with the
 * precomputed bytes and headers (the file's, then the security headers of security.ts; written from
 * a precomputed header table, {@link precomputedHead}), before
 * Fastify builds a request, a reply, a child logger and runs a dozen hooks for it. Everything
 * else goes to Fastify unchanged, and so do the cases whose answer Fastify decides: URLs over the
 * length limit (414), `%`-encoded paths (decoded and checked by the route), paths some other
 * route owns (`/healthz`, `/docs`, API prefixes), a bundle being rebuilt, and a server that is
 * closing (503) or shedding load (503 envelope). Static answers are not access-logged either way.
 * `inject` never reaches the server, so tests of the route see the same answers through Fastify.
 */
function installFastPath(app: FastifyInstance, files: () => Map<string, Entry>): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  const underPressure = () => (app as FastifyInstance & { isUnderPressure?: () => boolean }).isUnderPressure?.() === true;
  // Fallback only where the router would pick the catch-all `/*`: its wildcard then spans the whole
  // path. Routes are fixed once the server listens, so the answer is kept per path (up to a bound:
  // the client routes a browser asks for are few; made-up paths beyond it are looked up each time).
  const decided = new Map<string, boolean>();
  const isClientRoute = (p: string) => {
    const known = decided.get(p);
    if (known !== undefined) return known;
    let yes = false;
    if (!/\.[a-z0-9]+$/i.test(p) && !isApiPath(p)) {
      const found = app.findRoute({ method: 'GET', url: p }) as { params?: Record<string, string> } | null;
      yes = found?.params?.['*'] === p.slice(1);
    }
    if (decided.size < CLIENT_ROUTES_KEPT) decided.set(p, yes);
    return yes;
  };

  const serve = (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method;
    const url = req.url;
    if ((method !== 'GET' && method !== 'HEAD') || !url || url.length > MAX_URL_LENGTH || closing) return false;
    const q = url.indexOf('?');
    const p = q < 0 ? url : url.slice(0, q);
    if (p.includes('%')) return false;
    const bundle = files();
    let entry = bundle.get(p === '/' ? '/index.html' : p);
    if (!entry) {
      if (!isClientRoute(p)) return false;
      entry = bundle.get('/index.html');
      if (!entry) return false;
    }
    if (underPressure()) return false;
    const v = choose(entry, req.headers['accept-encoding']);
    if (req.headers['if-none-match'] === v.etag) {
      writeHead(res, 304, v.notModifiedHead, v.notModified);
      res.end();
    } else {
      writeHead(res, 200, v.fullHead, v.full);
      res.end(method === 'HEAD' ? undefined : v.body);
    }
    return true;
  };

  const server = app.server as Server;
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (serve(req, res)) return;
    for (const h of handlers) h.call(server, req, res);
  });
}

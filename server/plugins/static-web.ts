import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../contract/envelope.js';
import { isApiPath, sendEnvelope } from './envelope.js';

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

/** One encoding of one file, with every header it is sent with computed once. */
interface Variant {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
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
      return { body, etag, headers };
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
 * Why from memory (issue 13): a file read, a stat and per-request header work cost 95% of the
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
    let chosen = entry.identity;
    if (entry.br || entry.gzip) {
      const ok = accepted(req.headers['accept-encoding']);
      chosen = (ok.br && entry.br) || (ok.gzip && entry.gzip) || entry.identity;
    }
    reply.headers(chosen.headers);
    if (req.headers['if-none-match'] === chosen.etag) {
      reply.removeHeader('content-length');
      return reply.code(304).send();
    }
    return reply.send(req.method === 'HEAD' ? null : chosen.body);
  };

  const notFound = (req: FastifyRequest, reply: FastifyReply) => {
    const p = req.url.split('?')[0];
    if (isApiPath(req.url)) return sendEnvelope(reply, 404, ResultCode.notFound, `No such endpoint: ${req.method} ${p}`);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendEnvelope(reply, 404, ResultCode.notFound, 'Not found');
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
      // Source maps give the whole source away: served only with PUBLIC_SOURCE_MAPS=on (issue 12).
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
}

import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ResultCode } from '../contract/envelope.js';
import { isApiPath, sendEnvelope } from './envelope.js';

/** Hashed build outputs look like `name-ABCD1234.js`; they never change, so they are cached for a year. */
const HASHED = /-[A-Z0-9]{8}\.[a-z0-9]+$/i;

/**
 * Serves the built web bundle (`dist/web`) with its precompressed `.br`/`.gz` siblings,
 * `Cache-Control: immutable` for hashed assets and `no-cache` for `index.html`, and falls back to
 * `index.html` for client routes (e.g. `/order/index`). Unknown API paths answer an envelope 404,
 * never the HTML page. Without a build, pages answer 503 with a hint to run `npm run build`.
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string, options: { publicSourceMaps?: boolean } = {}) {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Source maps give the whole source away: served only with PUBLIC_SOURCE_MAPS=on (issue 12).
      allowedPath: (pathName) => options.publicSourceMaps === true || !/\.map$/i.test(pathName),
      preCompressed: true,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', HASHED.test(filePath.replace(/\.(?:br|gz)$/, '')) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url)) return sendEnvelope(reply, 404, ResultCode.notFound, `No such endpoint: ${req.method} ${req.url.split('?')[0]}`);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendEnvelope(reply, 404, ResultCode.notFound, 'Not found');
    // A missing asset (a path with a file extension) is a real 404, not the app shell.
    if (/\.[a-z0-9]+$/i.test(req.url.split('?')[0])) return reply.code(404).type('text/plain').send('Not found');
    if (!hasBuild) return reply.code(503).type('text/plain').send('The web bundle is not built: run `npm run build`.');
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', { cacheControl: false });
  });
}

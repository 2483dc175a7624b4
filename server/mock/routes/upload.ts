import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_FIELD, UPLOAD_FILES_PATH, UPLOAD_LIMITS } from '../../contract/upload.js';
import type { MockContext } from '../context.js';
import { MockError } from '../store/crud.js';
import { answer } from './crud.js';

/**
 * Mock mode's `/upload` (spec §7 upload base /upload; contract server/contract/upload.ts):
 * - `POST /upload` stores 1-9 images sent as multipart `name[]` in `config.uploadDir` under the
 *   SHA-256 of their bytes and answers their URLs in order;
 * - `GET /upload/files/<sha256>.<ext>` serves a stored image (no token: `<img>` sends none; the
 *   name is the content hash, so it is as unguessable as the content);
 * - `GET /upload/mock/<kind>/<name>.svg` draws the placeholder images of the seeded data.
 */

const PALETTE = ['#0960bd', '#e74c3c', '#27ae60', '#8e44ad', '#f39c12', '#16a085', '#d35400', '#2c3e50', '#c0392b', '#2980b9'];

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small SVG whose colour and caption follow the path, so seeded covers, avatars and banners render without any external host (the CSP allows images from 'self' only). */
export function placeholderSvg(kind: string, name: string): string {
  const color = PALETTE[hash(`${kind}/${name}`) % PALETTE.length];
  const caption = escapeXml(`${kind} ${name}`.slice(0, 24));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200"><rect width="320" height="200" fill="${color}"/><circle cx="260" cy="50" r="70" fill="#fff" opacity=".12"/><text x="20" y="180" font-family="sans-serif" font-size="22" fill="#fff">${caption}</text></svg>`;
}

/** Accepted media type (as detected from the bytes) → file extension of the stored name. */
const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };
const MEDIA_TYPES: Record<string, string> = Object.fromEntries(Object.entries(EXTENSIONS).map(([t, e]) => [e, t]));
/** Declared types that mean the same as the detected one (old browsers send `image/pjpeg` or `image/jpg`). */
const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'image/x-png': 'image/png' };
const STORED_NAME = /^([0-9a-f]{64})\.(png|jpg|webp|gif)$/;
const MB = 1024 * 1024;

interface Part {
  data: Buffer;
  filename: string;
  mimetype: string;
}

/**
 * Reads the file parts of a multipart request, refusing on the first limit crossed.
 * @throws MockError 400 (not multipart, no file, too many files, a file under another field) or
 * 413 (a file over `maxFileBytes`), each naming the part.
 */
async function readParts(req: FastifyRequest): Promise<Part[]> {
  const field = `${UPLOAD_FIELD}[]`;
  if (!req.isMultipart()) throw new MockError(field, 'upload.imagesNotMultipart', { name: field }, 400, 400);
  const parts: Part[] = [];
  try {
    const limits = { fileSize: UPLOAD_LIMITS.maxFileBytes, files: UPLOAD_LIMITS.maxFiles, fields: 20, fieldSize: 1000, parts: UPLOAD_LIMITS.maxFiles + 20 };
    for await (const part of req.parts({ limits })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field && part.fieldname !== UPLOAD_FIELD) {
        await part.toBuffer().catch(() => undefined);
        throw new MockError(part.fieldname, 'upload.wrongPart', { name: field }, 400, 400);
      }
      const data = await part.toBuffer();
      parts.push({ data, filename: part.filename, mimetype: part.mimetype });
    }
  } catch (e) {
    if (e instanceof MockError) throw e;
    const code = (e as { code?: string }).code;
    const n = parts.length + 1;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new MockError(`${field} #${n}`, 'upload.tooLarge', { mb: UPLOAD_LIMITS.maxFileBytes / MB }, 413, 413);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new MockError(field, 'upload.tooMany', { max: UPLOAD_LIMITS.maxFiles }, 400, 400);
    throw new MockError(field, 'upload.unreadable', { detail: (e as Error).message }, 400, 400);
  }
  if (parts.length === 0) throw new MockError(field, 'upload.noFiles', {}, 400, 400);
  return parts;
}

/**
 * The extension an image is stored under, from its bytes.
 * @throws MockError 400 naming the part when the bytes are not PNG, JPEG, WebP or GIF (SVG and
 * everything else are refused, not sanitized) or the declared type disagrees with them.
 */
async function checkedExtension(part: Part, n: number): Promise<string> {
  const label = `${UPLOAD_FIELD}[] #${n} (${part.filename || 'unnamed'})`;
  if (part.data.length === 0) throw new MockError(label, 'upload.empty', {}, 400, 400);
  const detected = await fileTypeFromBuffer(part.data);
  const ext = detected ? EXTENSIONS[detected.mime] : undefined;
  if (!detected || !ext) {
    const what = detected ? detected.mime : /<svg[\s>]/i.test(part.data.subarray(0, 4096).toString('utf8')) ? 'SVG' : 'not an image';
    throw new MockError(label, 'upload.notImage', { what }, 400, 400);
  }
  const declared = part.mimetype.toLowerCase();
  if ((ALIASES[declared] ?? declared) !== detected.mime) {
    throw new MockError(label, 'upload.mismatch', { declared: part.mimetype || 'nothing', actual: detected.mime }, 400, 400);
  }
  return ext;
}

/** Registers `POST /upload`, `GET /upload/files/:file` and the placeholder images. */
export function registerUploadRoutes(app: FastifyInstance, ctx: MockContext): void {
  const dir = ctx.config.uploadDir;

  app.post('/upload', (req, reply) =>
    answer(reply, async () => {
      const parts = await readParts(req);
      // Check every file before storing any, so a refused request changes nothing.
      const names: string[] = [];
      for (const [i, part] of parts.entries()) {
        const ext = await checkedExtension(part, i + 1);
        names.push(`${createHash('sha256').update(part.data).digest('hex')}.${ext}`);
      }
      await fs.mkdir(dir, { recursive: true });
      for (const [i, name] of names.entries()) {
        const target = path.join(dir, name);
        // Same bytes, same name: an existing file is already this one.
        await fs.writeFile(target, parts[i].data, { flag: 'wx' }).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'EEXIST') throw e;
        });
      }
      return names.map((name) => `${UPLOAD_FILES_PATH}${name}`);
    }),
  );

  app.get('/upload/files/:file', async (req, reply) => {
    const m = STORED_NAME.exec((req.params as { file: string }).file);
    const data = m ? await fs.readFile(path.join(dir, m[0])).catch(() => null) : null;
    if (!m || !data) return reply.code(404).type('text/plain').send('Not found');
    return reply
      .type(MEDIA_TYPES[m[2]])
      .header('X-Content-Type-Options', 'nosniff')
      // The name is the content's hash: the bytes behind a URL never change.
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(data);
  });

  app.get('/upload/mock/:kind/:file', async (req, reply) => {
    const { kind, file } = req.params as { kind: string; file: string };
    const m = /^([A-Za-z0-9_-]{1,40})\.svg$/.exec(file);
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(kind) || !m) return reply.code(404).type('text/plain').send('Not found');
    return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(placeholderSvg(kind, m[1]));
  });
}

import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ENTITIES } from '../../contract/index.js';
import { UPLOAD_FIELD, UPLOAD_FILES_PATH, UPLOAD_LIMITS } from '../../contract/upload.js';
import { sendEnvelope } from '../../plugins/envelope.js';
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
 *
 * Bounded on every axis:
 * - each file is streamed to a temporary file in the folder while it is hashed and counted (never
 *   held whole in memory), checked by its first bytes, then renamed to its hash name, or deleted
 *   when any file of the request is refused (a refused request stores nothing);
 * - at most `UPLOAD_LIMITS.maxFileBytes` per file (413), `uploadConcurrency` uploads at once (more
 *   answer a 503 envelope with `Retry-After` at once, before their body is read: never queued);
 * - `uploadQuotaMb` for the folder: an upload whose declared length (or, without one, the largest
 *   request possible) does not fit beside what is stored and what uploads in flight reserved
 *   answers a 507 envelope before its body is read;
 * - stored files nothing refers to are removed: at start and every few minutes, a file older than
 *   `uploadOrphanMinutes` that no record of the store mentions (any string holding its URL: image
 *   fields, galleries, rich text) is deleted, and left-over temporary files with it;
 * - stored files are served by `@fastify/static` (streamed, ETag, ranges) with
 *   `Content-Disposition: inline` and their hash name for images (`attachment` for anything else),
 *   `nosniff`, and a CSP of `sandbox; default-src 'none'` (opened on their own, they can run nothing).
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


/** What uploading needs beyond the contract's per-request limits (config UPLOAD_*; see the module doc). */
export interface UploadPolicy {
  dir: string;
  /** Uploads at once; more answer 503. */
  concurrency: number;
  /** Bytes the folder may hold, stored files and uploads in flight together. */
  quotaBytes: number;
  /** A stored file nothing refers to is removed once it is this old, in ms. */
  orphanMs: number;
}

/** Largest multipart request possible: every file at its cap, plus room for part headers and text fields. */
const MAX_REQUEST_BYTES = UPLOAD_LIMITS.maxFiles * UPLOAD_LIMITS.maxFileBytes + 64 * 1024;
/** Bytes of a file's start read to tell its type (file-type needs at most 4,100 for these formats). */
const HEAD_BYTES = 4100;
/** Temporary files are named so; a stored name never starts with a dot. */
const TEMP_PREFIX = '.part-';
/** Longest pause between two sweeps, in ms. */
const SWEEP_EVERY_MS = 10 * 60_000;
/** Rows read between two yields while the store is searched for references (keeps requests flowing). */
const SWEEP_SLICE_ROWS = 2000;
/** The CSP of a stored file: opened on its own it is a sandboxed document that may load nothing but itself. */
const STORED_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'";

/** A file part as streamed to its temporary file. */
interface Part {
  temp: string;
  bytes: number;
  sha256: string;
  /** The first {@link HEAD_BYTES} bytes (the type check reads them). */
  head: Buffer;
  filename: string;
  mimetype: string;
}

/** Hashes, counts and keeps the head of what flows through it, unchanged. */
class Tap extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  private headParts: Buffer[] = [];
  private headBytes = 0;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (this.headBytes < HEAD_BYTES) {
      const take = chunk.subarray(0, HEAD_BYTES - this.headBytes);
      this.headParts.push(Buffer.from(take));
      this.headBytes += take.length;
    }
    done(null, chunk);
  }

  get head(): Buffer {
    return Buffer.concat(this.headParts);
  }
}

/**
 * Streams the file parts of a multipart request to temporary files in `dir`, refusing on the
 * first limit crossed; the caller deletes `parts[i].temp` whatever happens.
 * @throws MockError 400 (not multipart, no file, too many files, a file under another field) or
 * 413 (a file over `maxFileBytes`), each naming the part.
 */
async function streamParts(req: FastifyRequest, dir: string, parts: Part[]): Promise<void> {
  const field = `${UPLOAD_FIELD}[]`;
  try {
    const limits = { fileSize: UPLOAD_LIMITS.maxFileBytes, files: UPLOAD_LIMITS.maxFiles, fields: 20, fieldSize: 1000, parts: UPLOAD_LIMITS.maxFiles + 20 };
    for await (const part of req.parts({ limits })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field && part.fieldname !== UPLOAD_FIELD) {
        part.file.resume();
        throw new MockError(part.fieldname, 'upload.wrongPart', { name: field }, 400, 400);
      }
      const tap = new Tap();
      const temp = path.join(dir, `${TEMP_PREFIX}${randomUUID()}`);
      parts.push({ temp, bytes: 0, sha256: '', head: Buffer.alloc(0), filename: part.filename, mimetype: part.mimetype });
      await pipeline(part.file, tap, fs.createWriteStream(temp, { flags: 'wx' }));
      if (part.file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
      Object.assign(parts[parts.length - 1], { bytes: tap.bytes, sha256: tap.hash.digest('hex'), head: tap.head });
    }
  } catch (e) {
    if (e instanceof MockError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new MockError(`${field} #${Math.max(1, parts.length)}`, 'upload.tooLarge', { mb: UPLOAD_LIMITS.maxFileBytes / MB }, 413, 413);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new MockError(field, 'upload.tooMany', { max: UPLOAD_LIMITS.maxFiles }, 400, 400);
    throw new MockError(field, 'upload.unreadable', { detail: (e as Error).message }, 400, 400);
  }
  if (parts.length === 0) throw new MockError(field, 'upload.noFiles', {}, 400, 400);
}

/**
 * The extension an image is stored under, from its first bytes.
 * @throws MockError 400 naming the part when the bytes are not PNG, JPEG, WebP or GIF (SVG and
 * everything else are refused, not sanitized) or the declared type disagrees with them.
 */
async function checkedExtension(part: Part, n: number): Promise<string> {
  const label = `${UPLOAD_FIELD}[] #${n} (${part.filename || 'unnamed'})`;
  if (part.bytes === 0) throw new MockError(label, 'upload.empty', {}, 400, 400);
  const detected = await fileTypeFromBuffer(part.head);
  const ext = detected ? EXTENSIONS[detected.mime] : undefined;
  if (!detected || !ext) {
    const what = detected ? detected.mime : /<svg[\s>]/i.test(part.head.toString('utf8')) ? 'SVG' : 'not an image';
    throw new MockError(label, 'upload.notImage', { what }, 400, 400);
  }
  const declared = part.mimetype.toLowerCase();
  if ((ALIASES[declared] ?? declared) !== detected.mime) {
    throw new MockError(label, 'upload.mismatch', { declared: part.mimetype || 'nothing', actual: detected.mime }, 400, 400);
  }
  return ext;
}

/** `inline` with the (safe: hash and extension) stored name for an image, `attachment` otherwise. */
export function dispositionOf(name: string): string {
  const m = STORED_NAME.exec(name);
  return m ? `inline; filename="${m[0]}"` : 'attachment; filename="download"';
}

/**
 * The upload folder's accounting: bytes stored (counted at start, then kept up to date) and bytes
 * reserved by uploads in flight, against the quota; and the sweep of files nothing refers to.
 */
export class UploadFolder {
  stored = 0;
  reserved = 0;
  active = 0;
  private sweeping: Promise<number> | null = null;

  constructor(
    readonly policy: UploadPolicy,
    private readonly referenced: () => AsyncIterable<string>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts what the folder holds and drops temporary files left by a previous run (none can be in flight yet). */
  init(): void {
    fs.mkdirSync(this.policy.dir, { recursive: true });
    this.stored = 0;
    for (const name of fs.readdirSync(this.policy.dir)) {
      const file = path.join(this.policy.dir, name);
      if (name.startsWith(TEMP_PREFIX)) fs.rmSync(file, { force: true });
      else if (STORED_NAME.test(name)) this.stored += fs.statSync(file).size;
    }
  }

  /** Reserves `bytes` for an upload, or answers false when they do not fit under the quota. */
  reserve(bytes: number): boolean {
    if (this.stored + this.reserved + bytes > this.policy.quotaBytes) return false;
    this.reserved += bytes;
    return true;
  }

  release(bytes: number): void {
    this.reserved = Math.max(0, this.reserved - bytes);
  }

  /**
   * Removes stored files older than `orphanMs` that no record mentions, and temporary files that old
   * (an upload cut off mid-way). Reads the store only when some file is old enough; one sweep at a
   * time. Answers how many files were removed.
   */
  sweep(): Promise<number> {
    this.sweeping ??= this.runSweep().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async runSweep(): Promise<number> {
    const limit = this.now() - this.policy.orphanMs;
    const old: { name: string; file: string; size: number }[] = [];
    for (const name of await fsp.readdir(this.policy.dir).catch(() => [] as string[])) {
      if (!STORED_NAME.test(name) && !name.startsWith(TEMP_PREFIX)) continue;
      const file = path.join(this.policy.dir, name);
      const st = await fsp.stat(file).catch(() => null);
      if (st && st.mtimeMs <= limit) old.push({ name, file, size: st.size });
    }
    if (!old.length) return 0;
    const inUse = new Set<string>();
    for await (const name of this.referenced()) inUse.add(name);
    let removed = 0;
    for (const f of old) {
      if (inUse.has(f.name)) continue;
      // Stored again since it was listed (same bytes uploaded anew): its age restarted.
      const st = await fsp.stat(f.file).catch(() => null);
      if (!st || st.mtimeMs > limit) continue;
      await fsp.rm(f.file, { force: true });
      if (!f.name.startsWith(TEMP_PREFIX)) this.stored = Math.max(0, this.stored - f.size);
      removed++;
    }
    return removed;
  }
}

const UPLOAD_URL = /\/upload\/files\/([0-9a-f]{64}\.(?:png|jpg|webp|gif))/g;

/**
 * The stored names every record of the store mentions (any string value holding an upload URL, at
 * any depth), read in slices that yield to the event loop so requests go on during a sweep.
 */
export async function* referencedUploads(ctx: MockContext): AsyncIterable<string> {
  let n = 0;
  const found: string[] = [];
  const visit = (v: unknown, depth: number) => {
    if (typeof v === 'string') {
      if (v.includes(UPLOAD_FILES_PATH)) for (const m of v.matchAll(UPLOAD_URL)) found.push(m[1]);
    } else if (v && typeof v === 'object' && depth < 4) for (const x of Object.values(v)) visit(x, depth + 1);
  };
  for (const entity of ENTITIES) {
    for (const row of ctx.store.col(entity.name).values()) {
      for (const v of Object.values(row)) visit(v, 1);
      if (++n % SWEEP_SLICE_ROWS === 0) {
        yield* found.splice(0);
        await new Promise<void>((r) => setImmediate(r));
      }
    }
  }
  yield* found;
}

/**
 * Refuses a record save naming an upload whose file is not stored (the sweep removed it, or it was
 * never uploaded here): the record would show an image that answers 404. Every string of the body
 * (and of its arrays) holding an upload URL is checked; the refusal names the first such field.
 * @throws MockError naming the field (`images.1` for an array item).
 */
export async function refuseMissingUploads(ctx: MockContext, body: Record<string, unknown>): Promise<void> {
  const folder = folders.get(ctx);
  if (!folder) return;
  const check = async (field: string, v: unknown) => {
    if (typeof v !== 'string' || !v.includes(UPLOAD_FILES_PATH)) return;
    for (const m of v.matchAll(UPLOAD_URL)) {
      const st = await fsp.stat(path.join(folder.policy.dir, m[1])).catch(() => null);
      if (!st?.isFile()) throw new MockError(field, 'upload.fileGone', { url: `${UPLOAD_FILES_PATH}${m[1]}` });
    }
  };
  for (const [k, v] of Object.entries(body)) {
    if (Array.isArray(v)) for (const [i, x] of v.entries()) await check(`${k}.${i}`, x);
    else await check(k, v);
  }
}

const folders = new WeakMap<MockContext, UploadFolder>();

/** The upload folder of a mock context (tests, scripts: its accounting and `sweep`), once its routes are registered. */
export function uploadFolderOf(ctx: MockContext): UploadFolder | undefined {
  return folders.get(ctx);
}

/** The upload policy of a config. */
export function uploadPolicyOf(config: MockContext['config']): UploadPolicy {
  return { dir: config.uploadDir, concurrency: config.uploadConcurrency, quotaBytes: config.uploadQuotaMb * MB, orphanMs: config.uploadOrphanMinutes * 60_000 };
}

/** Registers `POST /upload`, `GET /upload/files/:file` and the placeholder images. */
export function registerUploadRoutes(app: FastifyInstance, ctx: MockContext): void {
  const folder = new UploadFolder(uploadPolicyOf(ctx.config), () => referencedUploads(ctx));
  const dir = folder.policy.dir;
  folder.init();
  folders.set(ctx, folder);

  // Sweep once the server is up, then every few minutes (never more often than files can age).
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    const sweep = () => void folder.sweep().catch((err: unknown) => app.log.warn({ err }, 'upload sweep failed'));
    setImmediate(sweep);
    timer = setInterval(sweep, Math.max(1000, Math.min(SWEEP_EVERY_MS, folder.policy.orphanMs))).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

  const refuse = (reply: FastifyReply, status: 503 | 507) => {
    const field = `${UPLOAD_FIELD}[]`;
    if (status === 503) {
      reply.header('Retry-After', '5');
      return sendEnvelope(reply, 503, 503, { field, key: 'upload.busy', params: { max: folder.policy.concurrency, wait: 5 } });
    }
    return sendEnvelope(reply, 507, 507, { field, key: 'upload.quotaFull', params: { mb: Math.round(folder.policy.quotaBytes / MB) } });
  };

  app.post('/upload', (req, reply) => {
    if (!req.isMultipart()) {
      return answer(reply, () => {
        throw new MockError(`${UPLOAD_FIELD}[]`, 'upload.imagesNotMultipart', { name: `${UPLOAD_FIELD}[]` }, 400, 400);
      });
    }
    // Refused before a byte of the body is read: the client learns at once, nothing is queued.
    if (folder.active >= folder.policy.concurrency) return refuse(reply, 503);
    const declared = Number(req.headers['content-length']);
    const want = Number.isFinite(declared) && declared > 0 ? Math.min(declared, MAX_REQUEST_BYTES) : MAX_REQUEST_BYTES;
    if (!folder.reserve(want)) return refuse(reply, 507);
    folder.active++;
    const parts: Part[] = [];
    return answer(reply, async () => {
      try {
        await streamParts(req, dir, parts);
        // Check every file before storing any, so a refused request changes nothing.
        const names: string[] = [];
        for (const [i, part] of parts.entries()) names.push(`${part.sha256}.${await checkedExtension(part, i + 1)}`);
        for (const [i, name] of names.entries()) {
          const target = path.join(dir, name);
          const existing = await fsp.stat(target).catch(() => null);
          if (existing) {
            // Same bytes, same name: already stored. Its age restarts (the sweep counts from the last upload).
            const t = new Date();
            await fsp.utimes(target, t, t).catch(() => undefined);
          } else {
            await fsp.rename(parts[i].temp, target);
            folder.stored += parts[i].bytes;
          }
        }
        return names.map((name) => `${UPLOAD_FILES_PATH}${name}`);
      } finally {
        folder.active--;
        folder.release(want);
        await Promise.all(parts.map((p) => fsp.rm(p.temp, { force: true })));
      }
    });
  });

  void app.register(fastifyStatic, {
    root: dir,
    serve: false,
    decorateReply: true,
    // Set below: the name is the content's hash, so the bytes behind a URL never change.
    cacheControl: false,
    index: false,
    dotfiles: 'deny',
    setHeaders: (res, file) => {
      const name = path.basename(file);
      const m = STORED_NAME.exec(name);
      res.header('content-type', m ? MEDIA_TYPES[m[2]] : 'application/octet-stream');
      res.header('content-disposition', dispositionOf(name));
      res.header('x-content-type-options', 'nosniff');
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  app.get(
    '/upload/files/:file',
    {
      // After the app's security headers (route hooks run last): a stored file gets its own, stricter CSP.
      onSend: (_req, reply, payload, done) => {
        reply.header('content-security-policy', STORED_CSP);
        done(null, payload);
      },
    },
    async (req, reply) => {
      const m = STORED_NAME.exec((req.params as { file: string }).file);
      const st = m ? await fsp.stat(path.join(dir, m[0])).catch(() => null) : null;
      if (!m || !st?.isFile()) return reply.code(404).type('text/plain').send('Not found');
      return reply.sendFile(m[0]);
    },
  );

  app.get('/upload/mock/:kind/:file', async (req, reply) => {
    const { kind, file } = req.params as { kind: string; file: string };
    const m = /^([A-Za-z0-9_-]{1,40})\.svg$/.exec(file);
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(kind) || !m) return reply.code(404).type('text/plain').send('Not found');
    return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(placeholderSvg(kind, m[1]));
  });
}


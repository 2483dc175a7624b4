import Type, { type Static } from 'typebox';
import { defineAction } from './entity.js';

/**
 * Image upload (spec §7 "File upload uses multipart form data with array fields named name[]";
 * upload path base /upload). Forms with an image field (game cover, gallery, platform icon…) send
 * the chosen files here first and store the URLs answered.
 *
 * Wire: `POST /upload`, `multipart/form-data`, one to {@link UPLOAD_LIMITS.maxFiles} file parts named
 * `name[]` (a single `name` part is accepted too). Answers the envelope whose `data` is the stored
 * files' URLs in the order the parts were sent, e.g. `['/upload/files/<sha256>.png']`; the same bytes
 * always get the same URL. Signed-in callers only.
 *
 * Refused with a 400 envelope naming the file part and the reason: not multipart, no file, a type
 * other than PNG, JPEG, WebP or GIF as detected from the bytes (SVG is refused, not sanitized: it can
 * carry script), a declared type that disagrees with the bytes, more than `maxFiles` files. A file
 * larger than `maxFileBytes` answers a 413 envelope. The mock server also answers a 503 envelope
 * (with `Retry-After`) while `UPLOAD_CONCURRENCY` uploads are running and a 507 envelope when its
 * upload folder's quota (`UPLOAD_QUOTA_MB`) would be exceeded, both before the body is read.
 */

/** Limits of `POST /upload`; the web client reads them to refuse early with the same numbers. */
export const UPLOAD_LIMITS = {
  /** Largest file accepted, in bytes (5 MB). */
  maxFileBytes: 5 * 1024 * 1024,
  /** Most files in one request. */
  maxFiles: 9,
  /** Media types accepted, as detected from the content. */
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
} as const;

/** The multipart file field of `POST /upload` (sent as `name[]`). */
export const UPLOAD_FIELD = 'name';

/** Where stored uploads are served: `GET /upload/files/<sha256 hex>.<png|jpg|webp|gif>`. */
export const UPLOAD_FILES_PATH = '/upload/files/';

export const UploadResult = Type.Array(Type.String({ pattern: '^/upload/files/[0-9a-f]{64}\\.(png|jpg|webp|gif)$' }), {
  minItems: 1,
  maxItems: UPLOAD_LIMITS.maxFiles,
  description: "URLs of the stored files, in the order the parts were sent (e.g. '/upload/files/<sha256>.png')",
});
export type UploadResult = Static<typeof UploadResult>;

/** `POST /upload` (kind `upload`, file field `name[]`); not in `ACTIONS`: it takes many files, so mock mode registers it itself (server/mock/routes/upload.ts). */
export const fileUpload = defineAction({
  name: 'upload.images',
  path: '/upload',
  kind: 'upload',
  area: 'system',
  fileField: UPLOAD_FIELD,
  summary: 'Upload 1-9 images (PNG, JPEG, WebP, GIF; 5 MB each) as multipart `name[]`; answers their URLs in order',
  result: UploadResult,
});

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACTIONS, type ActionName, type ActionPayload, type AreaName, type EndpointDef, type EntityName } from '../../contract/index.js';
import type { MockContext } from '../context.js';
import { MockError } from '../store/crud.js';
import { actorOf, answer, routeOptions, schemaErrors } from './crud.js';

/**
 * Non-CRUD endpoints of the contract (domain actions, uploads, downloads, statistics, QA controls):
 * each contract endpoint is bound to a handler by its name; the registrar validates JSON bodies
 * (ajv, from the contract) and multipart form fields (from the contract too) before the handler runs.
 */

/** A parsed multipart upload: the file's bytes and name, and the text fields (`name[]` fields as arrays, spec §7). */
export interface UploadForm {
  file: { data: Buffer; filename: string; mimetype: string };
  fields: Record<string, string | string[]>;
}

export interface ActionInput<B = any> {
  body: B;
  req: FastifyRequest;
  reply: FastifyReply;
  ctx: MockContext;
  actor: string | null;
  /** Set for `upload` endpoints. */
  upload?: UploadForm;
}

/** Answers the envelope's `data`; a download sends the file itself through `reply`. */
export type ActionHandler = (a: ActionInput) => unknown;
export type ActionHandlers = Record<string, ActionHandler>;
/**
 * An area's handlers typed by the contract: the key is an action's name and its
 * `body` is that action's payload (`ActionPayload<'order.reissue'>`), checked by `satisfies` in each
 * area file, so a handler never re-declares what the contract already says.
 */
export type TypedHandlers = { [N in ActionName]?: (a: ActionInput<ActionPayload<N>>) => unknown };

/** Largest upload accepted (spreadsheets of 10 000 rows are well under it). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * Reads a multipart request: the first file part named `fileField` (or `fileField[]`) and the text
 * fields. @throws MockError naming `file` when the request is not multipart, has no file or the file
 * is too large; its HTTP status is its code (400, 413), as `POST /upload` answers (server/mock/routes/upload.ts).
 */
async function readUpload(req: FastifyRequest, ep: EndpointDef): Promise<UploadForm> {
  const fileField = ep.fileField ?? 'file';
  if (!req.isMultipart()) throw new MockError(fileField, 'upload.notMultipart', { name: fileField }, 400, 400);
  let file: UploadForm['file'] | null = null;
  const fields: Record<string, string | string[]> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 50, fieldSize: 10_000 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!file && (part.fieldname === fileField || part.fieldname === `${fileField}[]`)) file = { data, filename: part.filename, mimetype: part.mimetype };
      } else if (part.fieldname.endsWith('[]')) {
        const k = part.fieldname.slice(0, -2);
        const list = (fields[k] as string[] | undefined) ?? [];
        list.push(String(part.value));
        fields[k] = list;
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new MockError(fileField, 'upload.tooLarge', { mb: MAX_UPLOAD_BYTES / 1024 / 1024 }, 413, 413);
    if (code === 'FST_FILES_LIMIT') throw new MockError(fileField, 'upload.oneFile', {}, 400, 400);
    throw new MockError(fileField, 'upload.unreadable', { detail: (e as Error).message }, 400, 400);
  }
  if (!file) throw new MockError(fileField, 'upload.noFile', { name: fileField }, 400, 400);
  return { file, fields };
}

/**
 * Registers every action endpoint of the contract with its handler, taken from the handlers of the
 * endpoint's area (server/mock/areas).
 * @throws Error at start-up when a contract action has no handler (so none is forgotten), when a
 * handler names no contract action, or when it is filed under another area than the contract's.
 */
export function registerActionRoutes(app: FastifyInstance, ctx: MockContext, byArea: Record<AreaName, ActionHandlers>): void {
  const declared = new Map<string, EndpointDef>(ACTIONS.map((ep) => [ep.name, ep]));
  for (const [area, handlers] of Object.entries(byArea)) {
    for (const name of Object.keys(handlers)) {
      const ep = declared.get(name);
      if (!ep) throw new Error(`mock: handler ${name} (server/mock/areas/${area}.ts) names no contract action`);
      if (ep.area !== area) throw new Error(`mock: handler ${name} belongs in server/mock/areas/${ep.area}.ts (the contract files it under ${ep.area}), not ${area}.ts`);
    }
  }
  for (const ep of ACTIONS) {
    const handler = byArea[ep.area][ep.name];
    if (!handler) throw new Error(`mock: no handler for contract action ${ep.name} (${ep.path}) in server/mock/areas/${ep.area}.ts`);
    if (ep.kind === 'upload') {
      app.post(ep.path, (req, reply) =>
        answer(reply, async () => {
          const upload = await readUpload(req, ep);
          const problem = ep.payload ? schemaErrors(ep.payload, upload.fields) : null;
          if (problem) throw new MockError(problem.field ?? null, problem.key, problem.params, 400, 400);
          return handler({ body: upload.fields, req, reply, ctx, actor: actorOf(req), upload });
        }),
      );
    } else {
      const record = ep.record;
      app.route({
        method: ep.method,
        url: ep.path,
        ...routeOptions(ep),
        handler: (req, reply) =>
          answer(reply, async () => {
            const actor = actorOf(req);
            if (!record) return handler({ body: req.body ?? {}, req, reply, ctx, actor });
            // The one record the action changes: the version it was made on is checked first
            // (contract VERSION_RULE) and never reaches the handler; the change gets a new version.
            const { [record.versionField]: sent, ...body } = (req.body ?? {}) as Record<string, unknown>;
            const entity = record.entity as EntityName;
            const before = ctx.store.col(entity).get(body[record.idField] as number);
            if (before) ctx.crud.checkVersion(entity, before, sent);
            const data = await handler({ body, req, reply, ctx, actor });
            const stamped = before ? ctx.crud.afterRecordWrite(entity, before, actor) : null;
            // An answer that is the record itself carries its new version.
            const same = stamped && data && typeof data === 'object' && (data as { id?: unknown }).id === before!.id && 'updateTime' in data;
            return same ? { ...data, updateTime: stamped.updateTime, [record.versionField]: stamped[record.versionField] } : data;
          }),
      });
    }
  }
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditLog, auditActions } from '../contract/audit.js';
import { ok, sendEnvelope } from '../plugins/envelope.js';
import type { AdminVerifier } from '../platform/drift-routes.js';
import type { AuditQuery } from './store.js';
import type { AuditTrail } from './trail.js';
import { contractValidatorCompiler } from '../mock/routes/validator.js';
import { registerRevertRoutes } from './revert.js';

const [verifyAction, previewAction, revertAction] = auditActions;

/**
 * The audit trail's endpoints (contract `auditLog.list|info|verify`), served by the
 * console in every mode under `/console/auditLog/*` (never relayed): administrators only, checked
 * as the drift report's are (the mock's roles in mock mode, the platform's user info otherwise).
 * Bodies are checked against the contract (a bad filter answers 400 naming the field).
 */
export function registerAuditRoutes(root: FastifyInstance, trail: AuditTrail, verifyAdmin: AdminVerifier): void {
  // Its own scope: the contract's validator (TypeBox, field-naming errors) for these routes only.
  void root.register(async (app) => {
  app.setValidatorCompiler(contractValidatorCompiler);
  async function guard(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const v = await verifyAdmin(req.headers.authorization);
    if (v.ok) return true;
    // The check is the drift report's; a refused non-administrator is told what it is refused here.
    void sendEnvelope(reply, v.status, v.status, v.status === 403 ? { key: 'audit.adminsOnly' } : v.message);
    return false;
  }
  const gate = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!(await guard(req, reply))) return reply;
  };
  // A store that cannot be read (a table gone, the database away) is a refusal the caller can
  // act on (try again later), never a 500.
  const reading = async <T>(reply: FastifyReply, read: () => Promise<T>): Promise<T | FastifyReply> => {
    try {
      return await read();
    } catch (err) {
      reply.log.warn({ err }, 'audit trail unreadable');
      return sendEnvelope(reply, 503, 503, { key: 'audit.unreadable' });
    }
  };
  const optionalBody = async (req: FastifyRequest) => {
    if (req.body === undefined || req.body === null) req.body = {};
  };
  // Checked before the body (an anonymous caller learns nothing about the schema), written before read.
  app.post(auditLog.ops.list!, { schema: { body: auditLog.schemas.query }, preValidation: optionalBody, onRequest: gate }, async (req, reply) =>
    reading(reply, async () => {
      await trail.flush();
      return ok(await trail.store.list(req.body as AuditQuery));
    }));
  app.post(auditLog.ops.info!, { schema: { body: auditLog.schemas.id }, onRequest: gate }, async (req, reply) =>
    reading(reply, async () => {
      await trail.flush();
      const row = await trail.store.info((req.body as { id: number }).id);
      if (!row) return sendEnvelope(reply, 200, 404, { field: 'id', key: 'record.notFound', params: { entity: auditLog.name, ids: String((req.body as { id: number }).id) } });
      return ok(row);
    }));
  app.post(verifyAction.path, { onRequest: gate }, async (_req, reply) => reading(reply, async () => ok(await trail.verify())));
  registerRevertRoutes(app, root, trail, gate, { preview: previewAction.path, revert: revertAction.path }, { preview: previewAction.payload!, revert: revertAction.payload! });
  });
}

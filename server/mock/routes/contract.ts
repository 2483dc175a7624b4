import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../context.js';
import { AREA_HANDLERS } from '../areas/index.js';
import { MAX_UPLOAD_BYTES, registerActionRoutes } from './actions.js';
import { registerCrudRoutes } from './crud.js';
import { refuseMissingUploads, registerUploadRoutes } from './upload.js';
import { contractValidatorCompiler } from './validator.js';

/**
 * Mock mode's implementation of the whole contract (server/contract): generic CRUD of every entity,
 * the domain actions, uploads and downloads, statistics and QA controls (handlers by area in
 * server/mock/areas) and placeholder images.
 * Registered in its own plugin scope so multipart parsing exists only here (proxy mode must never
 * parse bodies).
 */
export async function registerContractRoutes(app: FastifyInstance, ctx: MockContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    scope.setValidatorCompiler(contractValidatorCompiler);
    // A record save naming an upload whose file is gone (swept, never stored) is refused.
    registerCrudRoutes(scope, ctx, refuseMissingUploads);
    registerActionRoutes(scope, ctx, AREA_HANDLERS);
    registerUploadRoutes(scope, ctx);
  });
}

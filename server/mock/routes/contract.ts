import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../context.js';
import { registerActionRoutes } from './actions.js';
import { registerCrudRoutes } from './crud.js';
import { domainHandlers } from './domain.js';
import { inventoryHandlers } from './inventory-actions.js';
import { feedbackHandlers } from './feedback.js';
import { memberHandlers } from './member.js';
import { merchantHandlers } from './merchant.js';
import { orderHandlers } from './order.js';
import { qaHandlers } from './qa.js';
import { statisticsHandlers } from './statistics.js';
import { storefrontHandlers } from './storefront-actions.js';
import { systemHandlers } from './system.js';
import { registerUploadRoutes } from './upload.js';
import { contractValidatorCompiler } from './validator.js';
import { MAX_UPLOAD_BYTES } from './actions.js';

/**
 * Mock mode's implementation of the whole contract (server/contract): generic CRUD of every entity,
 * the domain actions, uploads and downloads, statistics, the QA controls and placeholder images.
 * Registered in its own plugin scope so multipart parsing exists only here (proxy mode must never
 * parse bodies).
 */
export async function registerContractRoutes(app: FastifyInstance, ctx: MockContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    scope.setValidatorCompiler(contractValidatorCompiler);
    registerCrudRoutes(scope, ctx);
    registerActionRoutes(scope, ctx, {
      ...feedbackHandlers,
      ...orderHandlers,
      ...memberHandlers,
      ...domainHandlers,
      ...statisticsHandlers,
      ...qaHandlers,
      ...inventoryHandlers,
      ...merchantHandlers,
      ...storefrontHandlers,
      ...systemHandlers,
    });
    registerUploadRoutes(scope, ctx);
  });
}

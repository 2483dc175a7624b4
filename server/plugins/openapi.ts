import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import pkg from '../../package.json' with { type: 'json' };
import { buildOpenApiDocument } from '../contract/openapi.js';

/**
 * `/docs`: a readable reference of the platform contract (Swagger UI) and its OpenAPI 3.1 document
 * at `/docs/json` and `/docs/yaml`, in both modes. The document is built from server/contract, not
 * from the routes, so proxy mode documents the platform it forwards to.
 *
 * CSP: Swagger UI's page loads its scripts from files under /docs/static (no inline script), so the
 * console's policy (script-src 'self', server/plugins/security.ts) applies unchanged; the online
 * validator badge is off because images may come from 'self' and data: only.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApiDocument(pkg.version) as never } });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: false,
    // The browser tab names the product, not the viewer.
    theme: { title: 'Game Commerce Console · API contract' },
    uiConfig: { validatorUrl: null, docExpansion: 'none', deepLinking: true, persistAuthorization: false, defaultModelsExpandDepth: 0, filter: true },
  });
}

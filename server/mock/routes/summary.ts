import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../context.js';

/** `/v1/admin/summary` (spec §7): the numbers behind the home workbench and the dashboard. Being written. */
export async function registerSummaryRoutes(_app: FastifyInstance, _ctx: MockContext) {}

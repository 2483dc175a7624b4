import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** Proxy mode: forwards /v1, /api/v1 and /upload to the platform (being written; see tests/server/proxy.test.ts). */
export async function registerProxyMode(_app: FastifyInstance, _config: Config): Promise<void> {
  throw new Error('proxy mode is not built yet');
}

import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ResultCode } from '../contract/envelope.js';

/** Prefixes the platform answers with envelopes; anything else unknown gets the web app's HTML. */
export const API_PREFIXES = ['/v1/', '/api/v1/', '/upload/'] as const;

export function isApiPath(url: string): boolean {
  const p = url.split('?')[0];
  return API_PREFIXES.some((pre) => p === pre.slice(0, -1) || p.startsWith(pre));
}

/** Sends `{code, data, message}` with the given HTTP status (spec §3 envelope). */
export function sendEnvelope(reply: FastifyReply, status: number, code: number, message: string, data: unknown = null) {
  return reply.code(status).type('application/json; charset=utf-8').send({ code, data, message });
}

/** Success envelope: HTTP 200, code 200. */
export function ok<T>(data: T) {
  return { code: ResultCode.success, data, message: 'ok' };
}

/**
 * Formats fastify/ajv validation errors so the message names the field:
 * "username: must NOT have fewer than 1 characters; captchaCode: is required".
 */
export function validationMessage(err: FastifyError): string {
  const parts = (err.validation ?? []).map((v) => {
    const params = v.params as Record<string, unknown>;
    const base = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (v.keyword === 'required') return `${[base, params.missingProperty].filter(Boolean).join('.')}: is required`;
    if (v.keyword === 'additionalProperties') return `${[base, params.additionalProperty].filter(Boolean).join('.')}: is not allowed`;
    return `${base || err.validationContext || 'body'}: ${v.message}`;
  });
  return parts.length ? [...new Set(parts)].join('; ') : err.message;
}

/**
 * Turns every error into an envelope so no input can make the server answer an HTML error page
 * or crash. Validation errors → HTTP 400 / code 400 naming the field; client errors keep their
 * status; anything else → 500 with a generic message (the detail goes to the log only).
 */
export function registerEnvelopeErrors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err.validation) {
      return sendEnvelope(reply, 400, ResultCode.badRequest, validationMessage(err));
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    const message = status >= 500 ? 'Internal server error' : err.message;
    return sendEnvelope(reply, status, status, message);
  });
}

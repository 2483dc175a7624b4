import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ResultCode } from '../contract/envelope.js';
import type { MessageKey, Refusal } from '../contract/messages.js';
import { DATE_PATTERN, DATETIME_PATTERN, EMAIL_PATTERN, HEX_COLOR_PATTERN, PHONE_PATTERN, URL_PATTERN } from '../contract/fields.js';
import { rawMessage } from './localize.js';

/** Prefixes the platform answers with envelopes; anything else unknown gets the web app's HTML. */
export const API_PREFIXES = ['/v1/', '/api/v1/', '/upload/'] as const;

export function isApiPath(url: string): boolean {
  const p = url.split('?')[0];
  return API_PREFIXES.some((pre) => p === pre.slice(0, -1) || p.startsWith(pre));
}

/**
 * Sends `{code, data, message}` with the given HTTP status (spec §3 envelope). A refusal
 * adds `field`, `key` and `params` beside them (`data` keeps its meaning: null, or details
 * such as `retryAfter`), with the raw message; the localize hook renders the message in the request's
 * language from the key. `extra` adds members of the envelope itself (a stale write's `conflict`).
 */
export function sendEnvelope(reply: FastifyReply, status: number, code: number, message: string | Refusal, data: unknown = null, extra: Record<string, unknown> = {}) {
  if (typeof message === 'string') return reply.code(status).type('application/json; charset=utf-8').send({ code, data, message, ...extra });
  const refusal = { field: message.field ?? null, key: message.key, params: message.params ?? {} };
  return reply.code(status).type('application/json; charset=utf-8').send({ code, data, message: rawMessage(refusal), ...refusal, ...extra });
}

/** Success envelope: HTTP 200, code 200. */
export function ok<T>(data: T) {
  return { code: ResultCode.success, data, message: 'ok' };
}

/** The catalogue key of one ajv/TypeBox error (keyword and params; pattern texts were put in `message` by the validator). */
function oneValidation(v: NonNullable<FastifyError['validation']>[number], field: string): Refusal {
  const p = v.params as Record<string, unknown>;
  const key = (k: MessageKey, params: Refusal['params'] = {}): Refusal => ({ field, key: k, params });
  switch (v.keyword) {
    case 'required': return key('validation.required');
    case 'additionalProperties': return key('validation.notAllowed');
    case 'minLength': return p.limit === 1 ? key('validation.notEmpty') : key('validation.minLength', { limit: p.limit as number });
    case 'maxLength': return key('validation.maxLength', { limit: p.limit as number });
    case 'minItems': return key('validation.minItems', { limit: p.limit as number });
    case 'maxItems': return key('validation.maxItems', { limit: p.limit as number });
    case 'minProperties': return key('validation.minProperties', { limit: p.limit as number });
    case 'maxProperties': return key('validation.maxProperties', { limit: p.limit as number });
    case 'uniqueItems': return key('validation.uniqueItems');
    case 'minimum': return key('validation.minimum', { limit: p.limit as number });
    case 'maximum': return key('validation.maximum', { limit: p.limit as number });
    case 'exclusiveMinimum': return key('validation.exclusiveMinimum', { limit: p.limit as number });
    case 'exclusiveMaximum': return key('validation.exclusiveMaximum', { limit: p.limit as number });
    case 'multipleOf': return key('validation.multipleOf', { limit: p.multipleOf as number });
    case 'type': {
      const t = String(p.type);
      const one = `validation.type.${t}`;
      return one in TYPE_KEYS ? key(one as MessageKey) : key('validation.type', { type: t });
    }
    case 'enum': case 'const': case 'anyOf': case 'oneOf': return key('validation.enum');
    case 'format': return key('validation.format', { format: String(p.format) });
    case 'pattern': {
      const k = PATTERN_KEYS[String(p.pattern)];
      return k ? key(k) : key('validation.pattern', { pattern: String(p.pattern) });
    }
    default: return key('validation.invalid', { detail: v.message ?? v.keyword });
  }
}
const TYPE_KEYS = { 'validation.type.integer': 1, 'validation.type.number': 1, 'validation.type.string': 1, 'validation.type.boolean': 1, 'validation.type.object': 1, 'validation.type.array': 1, 'validation.type.null': 1 };
/** The contract's patterns (server/contract/fields.ts) by their key. */
const PATTERN_KEYS: Record<string, MessageKey> = {
  [DATETIME_PATTERN]: 'validation.datetime',
  [DATE_PATTERN]: 'validation.date',
  [PHONE_PATTERN]: 'validation.phone',
  [HEX_COLOR_PATTERN]: 'validation.hexColor',
  [URL_PATTERN]: 'validation.url',
  [EMAIL_PATTERN]: 'validation.email',
  '\\S': 'validation.notBlank',
  '^[A-Za-z0-9_-]+$': 'validation.code',
};

/**
 * Fastify/ajv validation errors as one refusal naming the field: the first error's field and key,
 * and with several errors `validation.several` holding each (rendered "typeName: is required; sort: must be >= 0").
 */
export function validationErrors(err: FastifyError): Refusal {
  const parts = new Map<string, Refusal>();
  for (const v of err.validation ?? []) {
    const p = v.params as Record<string, unknown>;
    const base = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const field =
      v.keyword === 'required' ? [base, p.missingProperty].filter(Boolean).join('.')
      : v.keyword === 'additionalProperties' ? [base, p.additionalProperty].filter(Boolean).join('.')
      : base || err.validationContext || 'body';
    const r = oneValidation(v, field);
    parts.set(`${r.field} ${r.key} ${JSON.stringify(r.params)}`, r);
  }
  const list = [...parts.values()];
  if (list.length === 0) return { field: null, key: 'request.failed', params: { detail: err.message } };
  if (list.length === 1) return list[0];
  return { field: list[0].field, key: 'validation.several', params: { errors: list.map((r) => ({ ...r })) } };
}

/** The validation refusal's raw text ("username: must NOT have fewer than 1 characters; captchaCode: is required"). */
export function validationMessage(err: FastifyError): string {
  return rawMessage(validationErrors(err));
}

/** Fastify's own client errors (body parsing, media type, size) by their code; the English text is fastify's. */
function clientErrorRefusal(err: FastifyError): Refusal {
  const detail = { detail: err.message };
  switch (err.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY': return { key: 'request.emptyJson' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY': return { key: 'request.badJson', params: detail };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': return { key: 'request.unsupportedMediaType', params: detail };
    case 'FST_ERR_CTP_BODY_TOO_LARGE': return { key: 'request.tooLarge', params: detail };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH': return { key: 'request.lengthMismatch', params: detail };
    default: return err instanceof SyntaxError ? { key: 'request.badJson', params: detail } : { key: 'request.failed', params: detail };
  }
}

/**
 * Turns every error into an envelope so no input can make the server answer an HTML error page
 * or crash. Validation errors → HTTP 400 / code 400 naming the field; client errors keep their
 * status; anything else → 500 with a generic message (the detail goes to the log only).
 */
export function registerEnvelopeErrors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err.validation) {
      return sendEnvelope(reply, 400, ResultCode.badRequest, validationErrors(err));
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    return sendEnvelope(reply, status, status, status >= 500 ? { key: 'request.internal' } : clientErrorRefusal(err));
  });
}

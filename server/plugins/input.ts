import type { FastifyInstance } from 'fastify';
import type { MessageKey, Refusal } from '../contract/messages.js';
import { sendEnvelope } from './envelope.js';

/**
 * Text hygiene of every parsed body and query, before the contract's schemas
 * run: no control characters but tab and newline (C0, DEL and C1), no lone UTF-16 surrogates (they
 * cannot be stored or shown as text), in values and in keys, and no nesting deeper than MAX_DEPTH.
 * A refusal is the 400 envelope naming the field (`items.0.name: must not contain control characters`).
 * A JSON body that is `null` is refused too (`body: must be object`): every JSON endpoint takes an
 * object, and a body left out is the way to send none.
 * Proxy mode never parses bodies, so there it checks nothing: the platform decides.
 */

/** Deepest nesting of objects and arrays accepted (contract payloads are at most three levels deep). */
export const MAX_DEPTH = 32;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a string may not be stored (`fieldName`: the string is a field's name), or null. */
export function textProblem(s: string, fieldName = false): MessageKey | null {
  if (CONTROL.test(s)) return fieldName ? 'request.fieldNameControlChars' : 'request.controlChars';
  if (LONE_SURROGATE.test(s)) return fieldName ? 'request.fieldNameLoneSurrogate' : 'request.loneSurrogate';
  return null;
}

/** The first problem in a parsed value as a refusal naming its path, or null. */
export function inputProblem(value: unknown, path = '', depth = 0): Refusal | null {
  if (typeof value === 'string') {
    const p = textProblem(value);
    return p ? { field: path || 'body', key: p } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return { field: path || 'body', key: 'request.tooDeep', params: { max: MAX_DEPTH } };
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [k, v] of entries) {
    const at = path ? `${path}.${k}` : String(k);
    if (typeof k === 'string') {
      const p = textProblem(k, true);
      if (p) return { field: path || 'body', key: p };
    }
    const p = inputProblem(v, at, depth + 1);
    if (p) return p;
  }
  return null;
}

export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (req, reply) => {
    if (req.body === null) return sendEnvelope(reply, 400, 400, { field: 'body', key: 'validation.type.object' });
    const problem = inputProblem(req.query, '', 0) ?? inputProblem(req.body, '', 0);
    if (problem) return sendEnvelope(reply, 400, 400, problem);
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SqlDriver } from '../console-db/driver.js';
import { ResultCode } from '../contract/envelope.js';
import { PREFERENCE_LIMITS, preferenceInfo, preferenceList, preferenceUpdate } from '../contract/preferences.js';
import { contractValidatorCompiler } from '../mock/routes/validator.js';
import { ok, sendEnvelope } from '../plugins/envelope.js';
import type { ConsoleSessions } from '../sessions/index.js';
import { ownerOf, PreferenceStore } from './store.js';

export { PREFERENCE_MIGRATIONS } from './store.js';

/**
 * Preferences that follow the account (contract server/contract/preferences.ts), served by the
 * console in every mode under `/console/preference/*`, never relayed. The caller is the one the
 * sessions feature names ({@link ConsoleSessions.identify}: mock — the account of the session;
 * proxy and hybrid — the platform user of the token), and only their own keys are read or written.
 *
 * - Bodies are checked against the contract (a bad `key` answers HTTP 400 naming `key`); a value over
 *   {@link PREFERENCE_LIMITS.maxValueBytes} answers envelope code 400 naming `value`, a new key beyond
 *   {@link PREFERENCE_LIMITS.maxKeys} code 400 naming `key` (HTTP 200, as the sessions' refusals); nothing is written then.
 * - Without a console database (null driver) or while it refuses, the endpoints answer 503: the
 *   browser keeps its own copy and works on.
 */
export function registerPreferences(root: FastifyInstance, db: SqlDriver | null, sessions: Pick<ConsoleSessions, 'identify'>, now: () => number = Date.now): void {
  const store = db ? new PreferenceStore(db, now) : null;

  void root.register(async (app) => {
    app.setValidatorCompiler(contractValidatorCompiler);
    const owners = new WeakMap<FastifyRequest, string>();
    // Checked before the body: an anonymous caller learns nothing about the schema.
    const signedIn = async (req: FastifyRequest, reply: FastifyReply) => {
      const who = await sessions.identify(req.headers.authorization);
      if ('refusal' in who) return sendEnvelope(reply, who.status, who.status === 503 ? 503 : ResultCode.unauthorized, who.refusal);
      owners.set(req, ownerOf(who));
    };
    const optionalBody = async (req: FastifyRequest) => {
      if (req.body === undefined || req.body === null) req.body = {};
    };
    /** Runs a read or write of the store, answering 503 when there is none or it refuses. */
    const withStore = async <T>(reply: FastifyReply, fn: (s: PreferenceStore) => Promise<T>): Promise<T | FastifyReply> => {
      if (!store) return sendEnvelope(reply, 503, 503, { key: 'preference.unavailable' });
      try {
        return await fn(store);
      } catch (err) {
        reply.log.warn({ err }, 'preferences: the console database refused');
        return sendEnvelope(reply, 503, 503, { key: 'preference.unavailable' });
      }
    };

    app.post(preferenceInfo.path, { schema: { body: preferenceInfo.payload }, onRequest: signedIn }, async (req, reply) => {
      const { key } = req.body as { key: string };
      return withStore(reply, async (s) => ok(await s.get(owners.get(req)!, key)));
    });

    app.post(preferenceList.path, { preValidation: optionalBody, onRequest: signedIn }, async (req, reply) => withStore(reply, async (s) => ok(await s.list(owners.get(req)!))));

    app.post(preferenceUpdate.path, { schema: { body: preferenceUpdate.payload }, onRequest: signedIn }, async (req, reply) => {
      const { key, value } = req.body as { key: string; value: unknown };
      const json = value === null ? null : JSON.stringify(value);
      if (json !== null && Buffer.byteLength(json) > PREFERENCE_LIMITS.maxValueBytes) {
        return sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'value', key: 'preference.tooLarge', params: { max: PREFERENCE_LIMITS.maxValueBytes } });
      }
      return withStore(reply, async (s) => {
        const out = await s.put(owners.get(req)!, key, json);
        if (!out.ok) return sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'key', key: 'preference.tooMany', params: { max: PREFERENCE_LIMITS.maxKeys } });
        return ok(out.preference);
      });
    });
  });
}

import { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Fault, FaultRule } from '../contract/mock-qa.js';
import type { Refusal } from '../contract/messages.js';
import { isApiPath, sendEnvelope } from '../plugins/envelope.js';
import { pathOf } from '../plugins/canonical-path.js';
import type { Config } from '../config.js';
import { MockError } from './store/crud.js';

/**
 * QA controls of mock mode (the "QA controls"; spec §8 error catalogue): faults injected on
 * chosen endpoints and the data reset. Every catalogue row can be produced:
 * envelope 401 (`envelopeCode: 401`), another envelope code (`envelopeCode` + `message`), a network
 * error (`drop`), a timeout (`latencyMs` beyond the client's timeout) and each HTTP status of §8
 * (`httpStatus`). The controls live under `/v1/mock/` and are never themselves faulted, so a demo can
 * always clear what it set.
 */

/** The QA controls under either API prefix (matched on the canonical path, any case). */
const QA_PATH = /^\/(?:api\/)?v1\/mock(?:\/|$)/i;

/** Paths of mock mode reachable without a token: the QA controls, the placeholder images and uploaded images (`<img>` sends no token). */
export function isPublicMockPath(path: string): boolean {
  return path.startsWith('/v1/mock/') || path.startsWith('/upload/mock/') || path.startsWith('/upload/files/');
}

/** What an injected fault says by default per status (`word.<text>` in the catalogue, rendered with "(injected)"). */
const DEFAULT_MESSAGES: Record<number, string> = {
  401: 'Session expired, please sign in again',
  400: 'Bad request',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  500: 'Internal server error',
  501: 'Not implemented',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
  505: 'HTTP version not supported',
};

/** The refusal of an injected fault: the tester's own text, the status's default, else `fallback`. */
function injected(message: string | undefined, status: number, fallback: Refusal): Refusal {
  if (message !== undefined) return { key: 'qa.custom', params: { text: message } };
  return DEFAULT_MESSAGES[status] ? { key: 'qa.injected', params: { what: DEFAULT_MESSAGES[status] } } : fallback;
}

/** Active faults; the most recently added matching one applies. */
export class FaultStore {
  private faults: Fault[] = [];
  private nextId = 1;

  get size(): number {
    return this.faults.length;
  }

  /**
   * Adds a fault. @throws MockError when it would do nothing, or combines a dropped connection with
   * an answer, or an HTTP status with an envelope code.
   */
  add(rule: FaultRule): Fault {
    const effects = [rule.httpStatus !== undefined, rule.envelopeCode !== undefined, rule.drop === true].filter(Boolean).length;
    if (effects > 1) throw new MockError('httpStatus', 'qa.oneEffect');
    if (effects === 0 && !rule.latencyMs) throw new MockError('latencyMs', 'qa.noEffect');
    const fault: Fault = { ...rule, method: rule.method ?? 'ANY', id: this.nextId++, hits: 0 };
    this.faults.push(fault);
    return { ...fault };
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /** Removes the faults with these ids (all when none given); answers how many went. */
  clear(ids?: number[]): number {
    const before = this.faults.length;
    this.faults = ids ? this.faults.filter((f) => !ids.includes(f.id)) : [];
    return before - this.faults.length;
  }

  /** The fault for a request, counting the hit (and retiring a fault whose `times` are used up). */
  take(method: string, path: string): Fault | null {
    for (let i = this.faults.length - 1; i >= 0; i--) {
      const f = this.faults[i];
      if (f.method !== 'ANY' && f.method !== method) continue;
      if (f.path.endsWith('*') ? !path.startsWith(f.path.slice(0, -1)) : path !== f.path) continue;
      f.hits++;
      if (f.times !== undefined && f.hits >= f.times) this.faults.splice(i, 1);
      return { ...f };
    }
    return null;
  }
}

/**
 * The `onRequest` hook applying faults to API requests (before the auth hook, so a fault can target
 * the login itself). Latency first, then the dropped connection or the injected answer. `ctx` is the
 * mock context's part it reads (the `MockContext` satisfies it; typed structurally so that
 * context.ts, which creates the FaultStore, and this module do not import each other).
 */
export function registerFaultInjection(app: FastifyInstance, ctx: { config: Pick<Config, 'qaControls'>; faults: FaultStore }): void {
  if (!ctx.config.qaControls) {
    // QA_CONTROLS=off (shared demo servers): nobody can reset the data or inject faults, however
    // the path is spelled: the canonical path is at least as decoded as the router reads it
    // (`/v1/%6dock/faults/add` is `/v1/mock/faults/add`), and compared in any case.
    app.addHook('onRequest', async (req, reply) => {
      if (QA_PATH.test(pathOf(req))) return sendEnvelope(reply, 404, 404, { key: 'qa.off' });
    });
  }
  app.addHook('onRequest', async (req, reply) => {
    if (!ctx.faults.size) return;
    const path = pathOf(req);
    if (!isApiPath(path) || isPublicMockPath(path)) return;
    const f = ctx.faults.take(req.method, path);
    if (!f) return;
    req.log.info({ fault: f.id, path }, 'injected fault');
    if (f.latencyMs) await sleep(f.latencyMs);
    if (f.drop) {
      reply.hijack();
      const socket = req.raw.socket;
      if (socket instanceof Socket && !socket.destroyed) {
        // A socket closed before any answer makes browsers silently retry the request on another
        // connection (a safe retry of an idempotent-looking failure), so one fault would be spent
        // several times and the user would see nothing. An answer cut off mid-body is not retried:
        // the client sees a network error exactly once.
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{', () => socket.destroy());
      } else {
        // In-process (inject) callers have no real socket: fail the response instead.
        reply.raw.destroy(new Error('connection dropped by an injected fault'));
      }
      return reply;
    }
    if (f.httpStatus) return sendEnvelope(reply, f.httpStatus, f.httpStatus, injected(f.message, f.httpStatus, { key: 'qa.injectedFault' }));
    if (f.envelopeCode) return sendEnvelope(reply, 200, f.envelopeCode, injected(f.message, f.envelopeCode, { key: 'qa.injectedCode', params: { code: f.envelopeCode } }));
  });
}

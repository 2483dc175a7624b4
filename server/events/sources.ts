import type { EndpointDef } from '../contract/index.js';
import type { LiveEventOp } from '../contract/events.js';
import type { Exchange, ExchangeObserver } from '../platform/exchange.js';
import { auditedEndpoint, envelopeOf, targetIdsOf, type IdentityOf } from '../audit/capture.js';
import type { EventHub } from './hub.js';

const CRUD_OPS = new Set<LiveEventOp>(['add', 'update', 'updateStatus', 'del']);

/** The write an endpoint makes, when it names an entity: its CRUD op, or `update` for an action on the entity. */
function writeOf(ep: EndpointDef): { entity: string; op: LiveEventOp } | null {
  if (!ep.entity) return null;
  const op = ep.op && CRUD_OPS.has(ep.op as LiveEventOp) ? (ep.op as LiveEventOp) : ep.op ? null : 'update';
  return op ? { entity: ep.entity, op } : null;
}

/** A JSON body as an object, or null (binary, cut, not JSON). */
function jsonOf(b: Exchange['request']): Record<string, unknown> | null {
  if (!b.body || b.binary || b.truncated) return null;
  try {
    const v = JSON.parse(b.body.toString('utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Proxy and hybrid modes: the writes the platform answered with success (envelope code 200),
 * relayed through this console, as events: the entity and op from the contract's endpoint of the
 * canonical path (the audit trail's rule, {@link auditedEndpoint}), the record ids from the request
 * (`id`, `ids`) or, for an add, the answer's `data.id`; the changed fields are the request's field
 * names; who, from the platform's user info of the token (kept a minute). Never delays the answer:
 * it is observed after it was relayed. Writes answered by hybrid's mock are its store's events instead.
 */
export function relayedWrites(hub: EventHub, identityOf: IdentityOf): ExchangeObserver {
  return {
    wants: (method, path) => {
      const ep = auditedEndpoint(method, path);
      return ep !== null && writeOf(ep) !== null;
    },
    observe(x) {
      if (x.status !== 200 || x.servedBy !== 'platform') return;
      const ep = auditedEndpoint(x.method, x.path);
      const w = ep && writeOf(ep);
      if (!w) return;
      const answer = x.answer.body && !x.answer.binary ? x.answer.body : null;
      if (!answer || envelopeOf(answer)?.code !== 200) return;
      const body = jsonOf(x.request);
      let ids = targetIdsOf(body);
      if (!ids.length && w.op === 'add') {
        try {
          const id = (JSON.parse(answer.toString('utf8')) as { data?: { id?: unknown } }).data?.id;
          if (Number.isInteger(id)) ids = [id as number];
        } catch {
          ids = [];
        }
      }
      if (!ids.length) return;
      const fields = w.op === 'update' || w.op === 'updateStatus' ? Object.keys(body ?? {}).filter((k) => k !== 'id' && k !== 'ids') : [];
      const auth = x.requestHeaders.authorization;
      const send = (who: { userId: number; username: string } | null) =>
        hub.publish(ids.map((recordId) => ({ entity: w.entity, recordId, op: w.op, by: who ? { userId: who.userId, username: who.username } : null, fields, at: x.at })));
      const who = identityOf(Array.isArray(auth) ? auth[0] : auth);
      if (who instanceof Promise) void who.then(send, () => send(null));
      else send(who);
    },
  };
}

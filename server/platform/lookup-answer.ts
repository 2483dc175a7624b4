import type { UserInfo } from '../contract/auth.js';
import { lookupQuery, lookupReadOf, projectLookup, screenAreasOfNames, type LookupView } from '../contract/lookups.js';
import type { Refusal } from '../contract/messages.js';
import { roleIdsOf, type PlatformIdentity } from './sessions.js';

/**
 * Look-up views of platform answers (proxy, hybrid and replay; server/contract/lookups.ts): a
 * caller whose only right to an entity's reads is a look-up grant gets the platform's records
 * projected to what a picker needs, and its list queries narrowed to the shown fields, before
 * anything reaches the platform or the client. Who the caller is comes from the platform's user
 * info for its token ({@link PlatformIdentity}, asked once per token per minute): the `super`
 * role reads everything; any other user reads the full records of the areas whose screens its
 * menus (`menus`) or button codes (`btnPermission`) name, and look-up views of the rest. A token
 * the platform does not know gets no view: the platform refuses its reads itself.
 */

/** The role key of the super administrator (as server/mock/permissions.ts `SUPER_ROLE`). */
const SUPER_ROLE = 'super';

/** The areas whose screens a platform user holds, or null for the super administrator (every area). */
function screensOfInfo(info: UserInfo): Set<string> | null {
  if (roleIdsOf(info).includes(SUPER_ROLE)) return null;
  const names = [...(Array.isArray(info.menus) ? info.menus : []), ...(Array.isArray(info.btnPermission) ? info.btnPermission : [])];
  return screenAreasOfNames(names);
}

/** Who reads through look-up views in proxy and hybrid mode (see the module comment). */
export class PlatformLookups {
  /** The screens of each kept user info (the identity keeps one object per token until it expires). */
  private screens = new WeakMap<UserInfo, Set<string> | null>();

  constructor(private readonly identity: PlatformIdentity) {}

  /**
   * The look-up view of a request: the view when `path` (canonical) is an entity's `list`,
   * `listAll` or `info` and the token's user holds no screen of its area; null when it reads the
   * full record (or `path` is no such read, or there is no token or user). Answers at once when the
   * token's user is known, else a promise (the platform is asked). Never rejects.
   */
  viewOf(authorization: string | undefined, path: string): LookupView | null | Promise<LookupView | null> {
    const view = lookupReadOf(path);
    if (view === undefined || !authorization) return null;
    const kept = this.identity.keptInfo(authorization);
    if (kept !== undefined) return this.decide(view, kept);
    return this.identity.userInfo(authorization).then((info) => this.decide(view, info));
  }

  private decide(view: LookupView, info: UserInfo | null): LookupView | null {
    if (info === null) return null;
    let screens = this.screens.get(info);
    if (screens === undefined) this.screens.set(info, (screens = screensOfInfo(info)));
    return screens === null || screens.has(view.entity.area) ? null : view;
  }
}

/**
 * The request body a look-up caller's read sends on, from the bytes it came with (null or empty:
 * none): `list` queries go through {@link lookupQuery} (a filter or sort of a hidden field refused,
 * naming it; `keyword` re-encoded as the label's filter), and must be a JSON object; `listAll` and
 * `info` bodies go on unchanged (they name no field to filter by). `bytes` unchanged when nothing
 * needs changing.
 */
export function lookupRequestBody(view: LookupView, bytes: Buffer | null): { bytes: Buffer | null } | { refusal: Refusal } {
  if (view.op !== 'list' || bytes === null || bytes.length === 0) return { bytes };
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    return { refusal: { field: 'body', key: 'request.badJson', params: { detail: (e as Error).message } } };
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { refusal: { field: 'body', key: 'validation.type.object' } };
  const q = lookupQuery(view, body as Record<string, unknown>);
  if ('refusal' in q) return q;
  return { bytes: q.body === body ? bytes : Buffer.from(JSON.stringify(q.body)) };
}

/** The envelope's members a look-up answer keeps (spec §7 envelope, and a refusal's catalogue key). */
const ENVELOPE_KEYS = ['code', 'data', 'message', 'field', 'key', 'params'] as const;

/**
 * A platform answer (the JSON envelope's bytes) as a look-up caller receives it: the envelope's
 * members with its `data` projected ({@link projectLookup}) and no other member, or null when the
 * bytes are not a JSON object (then nothing of them may be relayed).
 */
export function projectedAnswerBytes(view: LookupView, bytes: Buffer): Buffer | null {
  let env: unknown;
  try {
    env = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  if (env === null || typeof env !== 'object' || Array.isArray(env)) return null;
  const e = env as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of ENVELOPE_KEYS) if (Object.hasOwn(e, k)) out[k] = k === 'data' ? projectLookup(view, e.data) : e[k];
  return Buffer.from(JSON.stringify(out));
}

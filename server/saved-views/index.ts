import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SqlDriver } from '../console-db/driver.js';
import { ResultCode } from '../contract/envelope.js';
import type { Refusal } from '../contract/messages.js';
import { SAVED_VIEW_LIMITS, savedViewAdd, savedViewDel, savedViewList, savedViewSetDefault, savedViewUpdate } from '../contract/saved-views.js';
import { contractValidatorCompiler } from '../mock/routes/validator.js';
import { ok, sendEnvelope } from '../plugins/envelope.js';
import type { CallerRoles, ConsoleSessions } from '../sessions/index.js';
import { ownerOf, SavedViewStore, viewOut, type ViewFields, type ViewRow } from './store.js';

export { SAVED_VIEW_MIGRATIONS } from './store.js';

/**
 * Saved views (contract server/contract/saved-views.ts), served by the console in every mode under
 * `/console/savedView/*`, never relayed. The caller is the one the sessions feature names
 * ({@link ConsoleSessions.whoCalls}: mock — the account of the session and its enabled roles' keys;
 * proxy and hybrid — the platform user of the token and its role ids).
 *
 * Rules (each refusal is an envelope naming the field, and nothing changes):
 * - A user sees their own views and the shared views naming one of their roles; an administrator
 *   every shared view. A view the caller does not see is unknown to them (code 404 naming `id`/`ids`).
 * - Only a view's maker changes or deletes it, and an administrator a shared one (code 403 naming `id`/`ids`).
 * - A shared view names at least one role; a non-administrator shares only with roles they hold (code 400 naming `roleIds`).
 * - Names are unique per maker and screen (code 400 naming `name`); a maker keeps at most
 *   {@link SAVED_VIEW_LIMITS.perUserPerPath} views per screen (code 400 naming `name`). Lengths and sizes are the contract's (HTTP 400 naming the field).
 * - A default view is any view the caller sees of that screen (code 404 naming `id`; another screen's code 400 naming `id`).
 * - Without a console database (null driver) or while it refuses, the endpoints answer 503.
 */
export function registerSavedViews(root: FastifyInstance, db: SqlDriver | null, sessions: Pick<ConsoleSessions, 'whoCalls'>, now: () => number = Date.now): void {
  const store = db ? new SavedViewStore(db, now) : null;

  /** Whether the caller sees a view. */
  const sees = (v: ViewRow, c: CallerRoles, owner: string) => v.owner === owner || (v.shared && (c.admin || v.roleIds.some((r) => c.roleIds.includes(r))));
  /** Whether the caller may change or delete a view. */
  const mayEdit = (v: ViewRow, c: CallerRoles, owner: string) => v.owner === owner || (v.shared && c.admin);

  /** The sharing of a write as kept (roles dropped from a personal view), or the refusal. */
  function sharing(c: CallerRoles, shared: boolean, roleIds: string[]): { shared: boolean; roleIds: string[] } | Refusal {
    if (!shared) return { shared: false, roleIds: [] };
    if (!roleIds.length) return { field: 'roleIds', key: 'savedView.noRoles' };
    if (!c.admin && roleIds.some((r) => !c.roleIds.includes(r))) return { field: 'roleIds', key: 'savedView.notYourRole', params: { roles: c.roleIds.join(', ') } };
    return { shared: true, roleIds };
  }

  void root.register(async (app) => {
    app.setValidatorCompiler(contractValidatorCompiler);
    const callers = new WeakMap<FastifyRequest, CallerRoles>();
    // Checked before the body: an anonymous caller learns nothing about the schema.
    const signedIn = async (req: FastifyRequest, reply: FastifyReply) => {
      const who = await sessions.whoCalls(req.headers.authorization);
      if ('refusal' in who) return sendEnvelope(reply, who.status, who.status === 503 ? 503 : ResultCode.unauthorized, who.refusal);
      callers.set(req, who);
    };
    /** Runs a read or write of the store, answering 503 when there is none or it refuses. */
    const withStore = async (reply: FastifyReply, fn: (s: SavedViewStore) => Promise<unknown>): Promise<unknown> => {
      if (!store) return sendEnvelope(reply, 503, 503, { key: 'savedView.unavailable' });
      try {
        return await fn(store);
      } catch (err) {
        reply.log.warn({ err }, 'saved views: the console database refused');
        return sendEnvelope(reply, 503, 503, { key: 'savedView.unavailable' });
      }
    };
    const refuse = (reply: FastifyReply, code: number, r: Refusal) => sendEnvelope(reply, 200, code, r);

    app.post(savedViewList.path, { schema: { body: savedViewList.payload }, onRequest: signedIn }, async (req, reply) => {
      const c = callers.get(req)!;
      const owner = ownerOf(c);
      const q = req.body as { path: string; pageNum?: number; pageSize?: number };
      return withStore(reply, async (s) => {
        const seen = (await s.ofPath(q.path, owner)).filter((v) => sees(v, c, owner));
        const def = await s.defaultOf(owner, q.path);
        // The caller's own first (by name), then the shared ones of others (by name).
        seen.sort((a, b) => Number(b.owner === owner) - Number(a.owner === owner) || a.name.localeCompare(b.name) || a.id - b.id);
        const pageSize = q.pageSize ?? 100;
        const pageNum = q.pageNum ?? 1;
        const page = seen.slice((pageNum - 1) * pageSize, pageNum * pageSize);
        return ok({ total: seen.length, list: page.map((v) => viewOut(v, { mine: v.owner === owner, canEdit: mayEdit(v, c, owner), isDefault: v.id === def })) });
      });
    });

    app.post(savedViewAdd.path, { schema: { body: savedViewAdd.payload }, onRequest: signedIn }, async (req, reply) => {
      const c = callers.get(req)!;
      const owner = ownerOf(c);
      const b = req.body as { path: string; name: string; query: string; columns?: string[] | null; shared?: boolean; roleIds?: string[] };
      const share = sharing(c, !!b.shared, b.roleIds ?? []);
      if ('key' in share) return refuse(reply, ResultCode.badRequest, share);
      const name = b.name.trim();
      return withStore(reply, (s) =>
        s.transaction(async (tx) => {
          if (await s.nameTaken(owner, b.path, name, 0, tx)) return refuse(reply, ResultCode.badRequest, { field: 'name', key: 'savedView.duplicateName', params: { name } });
          if ((await s.countOf(owner, b.path, tx)) >= SAVED_VIEW_LIMITS.perUserPerPath) return refuse(reply, ResultCode.badRequest, { field: 'name', key: 'savedView.tooMany', params: { max: SAVED_VIEW_LIMITS.perUserPerPath } });
          const v = await s.insert(owner, c.username, b.path, { name, query: b.query, columns: b.columns ?? null, ...share }, tx);
          return ok(viewOut(v, { mine: true, canEdit: true, isDefault: false }));
        }),
      );
    });

    app.post(savedViewUpdate.path, { schema: { body: savedViewUpdate.payload }, onRequest: signedIn }, async (req, reply) => {
      const c = callers.get(req)!;
      const owner = ownerOf(c);
      const b = req.body as { id: number; name?: string; query?: string; columns?: string[] | null; shared?: boolean; roleIds?: string[] };
      return withStore(reply, (s) =>
        s.transaction(async (tx) => {
          const v = await s.byId(b.id, tx);
          if (!v || !sees(v, c, owner)) return refuse(reply, ResultCode.notFound, { field: 'id', key: 'savedView.unknown', params: { id: b.id } });
          if (!mayEdit(v, c, owner)) return refuse(reply, ResultCode.forbidden, { field: 'id', key: 'savedView.notYours' });
          const shared = b.shared ?? v.shared;
          // A view that stays shared keeps its roles unless new ones are named (only those are checked against the caller's).
          const share = sharing(b.roleIds === undefined ? { ...c, admin: true } : c, shared, b.roleIds ?? v.roleIds);
          if ('key' in share) return refuse(reply, ResultCode.badRequest, share);
          const name = b.name?.trim() ?? v.name;
          if (name !== v.name && (await s.nameTaken(v.owner, v.path, name, v.id, tx))) return refuse(reply, ResultCode.badRequest, { field: 'name', key: 'savedView.duplicateName', params: { name } });
          const next: ViewFields = { name, query: b.query ?? v.query, columns: b.columns === undefined ? v.columns : b.columns, ...share };
          const out = await s.update(v, next, tx);
          const def = await s.defaultOf(owner, v.path, tx);
          return ok(viewOut(out, { mine: v.owner === owner, canEdit: true, isDefault: def === v.id }));
        }),
      );
    });

    app.post(savedViewDel.path, { schema: { body: savedViewDel.payload }, onRequest: signedIn }, async (req, reply) => {
      const c = callers.get(req)!;
      const owner = ownerOf(c);
      const { ids } = req.body as { ids: number[] };
      return withStore(reply, (s) =>
        s.transaction(async (tx) => {
          // All or none: every view must be one the caller may delete.
          for (const id of ids) {
            const v = await s.byId(id, tx);
            if (!v || !sees(v, c, owner)) return refuse(reply, ResultCode.notFound, { field: 'ids', key: 'savedView.unknown', params: { id } });
            if (!mayEdit(v, c, owner)) return refuse(reply, ResultCode.forbidden, { field: 'ids', key: 'savedView.notYours' });
          }
          await s.remove(ids, tx);
          return ok({ count: ids.length });
        }),
      );
    });

    app.post(savedViewSetDefault.path, { schema: { body: savedViewSetDefault.payload }, onRequest: signedIn }, async (req, reply) => {
      const c = callers.get(req)!;
      const owner = ownerOf(c);
      const { path, id } = req.body as { path: string; id: number | null };
      return withStore(reply, async (s) => {
        if (id !== null) {
          const v = await s.byId(id);
          if (!v || !sees(v, c, owner)) return refuse(reply, ResultCode.notFound, { field: 'id', key: 'savedView.unknown', params: { id } });
          if (v.path !== path) return refuse(reply, ResultCode.badRequest, { field: 'id', key: 'savedView.otherPath', params: { id } });
        }
        await s.setDefault(owner, path, id);
        return ok({ path, id });
      });
    });
  });
}

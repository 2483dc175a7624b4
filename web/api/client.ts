import { fileUpload } from '../../server/contract/upload';
import { CONSOLE_ENDPOINTS, type auditLog, type AuditRevertPayload, type AuditRevertPreview, type AuditRevertPreviewPayload, type AuditVerifyResult } from '../../server/contract/audit';
import type { consoleSession, signInLog } from '../../server/contract/sessions';
import type { SavedView, SavedViewAddPayload, SavedViewDefault, SavedViewListPayload, SavedViewUpdatePayload } from '../../server/contract/saved-views';
import type { Preference } from '../../server/contract/preferences';
import type { approval, ApprovalRuleRow } from '../../server/contract/approvals';
import type { trash, TrashRestoreResult } from '../../server/contract/trash';
import type { PresenceRecord, presenceList, presenceUpdate } from '../../server/contract/events';
import type { ExportJob, ExportJobAddPayload } from '../../server/contract/exports';
import type { Static } from 'typebox';
import { ENDPOINTS, type ActionName, type ActionOf, type ActionPayload, type ActionResult, type EntityMap, type EntityName } from '../../server/contract';
import type { EndpointDef, EntityAdd, EntityQuery, EntityRecord, EntityUpdate } from '../../server/contract/entity';
import { http, type RequestOptions } from './http';
import { queryOptions } from '@tanstack/react-query';
import { afterWrite, isReadOp, opKey, type OpKey } from './query';

/**
 * The typed action client: every endpoint the contract declares is callable by
 * name with its payload and result types, derived from the contract, never written by hand:
 *
 * ```ts
 * await api.order.reissue({ id: 7, reason: '…' });          // → the order record
 * const page = await api.member.list({ pageNum: 1, phone: '138' }); // → { list: Member[], total }
 * const blob = await api.card.template();                  // a download answers a Blob
 * await api.card.importExcel(file, { data: { goodsId: 3 } }); // an upload takes the file and its form fields
 * ```
 *
 * Groups are the part of an endpoint's name before the first dot (`order.reissue` → `api.order`),
 * entities' CRUD ops included (`api.goods.update`). Each function carries its `endpoint` (path,
 * name, kind, schemas) so the query layer keys and invalidates by it and dialogs name their action.
 * Calls go through the one HTTP client (`./http.ts`): spec §7/§8 rules, error display and the
 * duplicate-request cancelling of the behaviour notes apply; rejections are its `ApiError`.
 * This module (and `web/api`) is the only place in `web/` that names an API path (lint rule
 * `no-restricted-syntax` in eslint.config.js).
 */

/** `{list, total}` of every `list` endpoint (spec §7 paging convention). */
export interface Page<T = Record<string, unknown>> {
  list: T[];
  total: number;
}

/** What every typed call function carries besides being callable. */
export interface Endpoint {
  /** The contract's declaration: `name` (`order.reissue`), `path`, `kind`, schemas. */
  readonly endpoint: EndpointDef;
}

type Opts = RequestOptions;
/** A JSON call: payload required unless the action takes none. */
type JsonCall<P, R> = ([P] extends [undefined] ? (payload?: undefined, opts?: Opts) => Promise<R> : (payload: P, opts?: Opts) => Promise<R>) & Endpoint;
/** An upload: the file, and the action's text fields as `data` (multipart, spec §7). */
type UploadCall<P, R> = ((file: Blob, opts?: Opts & { name?: string; filename?: string; data?: FormFields<P> }) => Promise<R>) & Endpoint;
/** Multipart text fields travel as text: numbers and booleans are written with `String()`. */
type FormFields<P> = { [K in keyof P]?: P[K] | number | boolean };
/** A download: resolves with the file. */
type DownloadCall<P> = ((payload?: P, opts?: Opts) => Promise<Blob>) & Endpoint;

type CallOf<N extends ActionName> =
  ActionOf<N> extends { kind: 'upload' } ? UploadCall<NonNullable<ActionPayload<N>>, ActionResult<N>>
  : ActionOf<N> extends { kind: 'download' } ? DownloadCall<ActionPayload<N>>
  : ActionOf<N> extends { payloadOptional: true } ? JsonCall<ActionPayload<N> | undefined, ActionResult<N>>
  : JsonCall<ActionPayload<N>, ActionResult<N>>;

type GroupOf<N> = N extends `${infer G}.${string}` ? G : never;
type OpsOf<G extends string> = { [N in ActionName as N extends `${G}.${infer Op}` ? Op : never]: CallOf<N> };

/** The CRUD functions of an entity (only the ops its declaration enables exist at run time). */
export interface CrudCalls<E> {
  list: ((query?: EntityQuery<E>, opts?: Opts) => Promise<Page<EntityRecord<E>>>) & Endpoint;
  listAll: ((payload?: undefined, opts?: Opts) => Promise<({ id: number } & Record<string, unknown>)[]>) & Endpoint;
  info: ((payload: { id: number }, opts?: Opts) => Promise<EntityRecord<E>>) & Endpoint;
  add: ((payload: EntityAdd<E>, opts?: Opts) => Promise<EntityRecord<E>>) & Endpoint;
  update: ((payload: EntityUpdate<E>, opts?: Opts) => Promise<EntityRecord<E>>) & Endpoint;
  del: ((payload: { ids: number[] }, opts?: Opts) => Promise<{ count: number; trashIds?: number[] }>) & Endpoint;
  updateStatus: ((payload: { id: number } & Partial<EntityRecord<E>>, opts?: Opts) => Promise<EntityRecord<E>>) & Endpoint;
}

type Group<G extends string> = (G extends EntityName ? CrudCalls<EntityMap[G]> : unknown) & OpsOf<G>;
/** The whole typed client: `api.<group>.<op>`; the console's own audit log, sessions, sign-in log, saved views, preferences, approvals, trash and presence beside the platform's groups. */
export type Api = { [G in GroupOf<ActionName> | EntityName]: Group<G> } & {
  auditLog: CrudCalls<typeof auditLog> & {
    verify: JsonCall<undefined, Static<typeof AuditVerifyResult>>;
    revertPreview: JsonCall<Static<typeof AuditRevertPreviewPayload>, Static<typeof AuditRevertPreview>>;
    revert: JsonCall<Static<typeof AuditRevertPayload>, Record<string, unknown>>;
  };
  consoleSession: CrudCalls<typeof consoleSession> & { revoke: JsonCall<{ id: number }, null> };
  signInLog: CrudCalls<typeof signInLog>;
  /** The caller's saved views of a screen and those shared with their roles (server/contract/saved-views.ts). */
  savedView: {
    list: JsonCall<SavedViewListPayload, Page<SavedView>>;
    add: JsonCall<SavedViewAddPayload, SavedView>;
    update: JsonCall<SavedViewUpdatePayload, SavedView>;
    del: JsonCall<{ ids: number[] }, { count: number }>;
    setDefault: JsonCall<SavedViewDefault, SavedViewDefault>;
  };
  /** The caller's own preferences (server/contract/preferences.ts): `value` null when unset; writing null deletes. */
  preference: {
    info: JsonCall<{ key: string }, Preference>;
    update: JsonCall<{ key: string; value: unknown }, Preference>;
    list: JsonCall<undefined, Preference[]>;
  };
  approval: CrudCalls<typeof approval> & {
    approve: JsonCall<{ id: number; reason: string; confirm?: boolean }, EntityRecord<typeof approval>>;
    reject: JsonCall<{ id: number; reason: string }, EntityRecord<typeof approval>>;
    rules: JsonCall<undefined, { hours: number; rules: Static<typeof ApprovalRuleRow>[] }>;
  };
  trash: CrudCalls<typeof trash> & { restore: JsonCall<{ id: number }, Static<typeof TrashRestoreResult>>; purge: JsonCall<{ ids: number[] }, { count: number }> };
  presence: {
    update: JsonCall<Static<NonNullable<typeof presenceUpdate.payload>>, PresenceRecord>;
    list: JsonCall<Static<NonNullable<typeof presenceList.payload>>, PresenceRecord[]>;
  };
  /** The caller's own export jobs (server/contract/exports.ts); `download` answers the workbook (`GET ?id=`). */
  exportJob: {
    add: JsonCall<ExportJobAddPayload, ExportJob>;
    list: JsonCall<{ pageNum?: number; pageSize?: number; running?: boolean } | undefined, Page<ExportJob>>;
    info: JsonCall<{ id: number }, ExportJob>;
    cancel: JsonCall<{ id: number }, ExportJob>;
    retry: JsonCall<{ id: number }, ExportJob>;
    download: DownloadCall<{ id: number }>;
  };
};

/** Any typed call function, when only its endpoint and a loose signature matter (query keys, dialogs). */
export type AnyCall = ((payload?: any, opts?: any) => Promise<any>) & Endpoint;

function callFor(ep: EndpointDef): AnyCall {
  let fn: (payload?: unknown, opts?: any) => Promise<unknown>;
  if (ep.kind === 'upload') {
    fn = (file, opts: Opts & { name?: string; filename?: string; data?: Record<string, unknown> } = {}) =>
      http.upload(ep.path, file as Blob, { name: ep.fileField ?? 'file', ...opts });
  } else if (ep.kind === 'download' && ep.method === 'GET') {
    // A GET download takes its payload as the query (`?id=`).
    fn = (payload, opts?: Opts) => http.request<Blob>('GET', ep.path, undefined, { ...opts, raw: true, params: { ...(opts?.params ?? {}), ...(payload as object | undefined) } });
  } else if (ep.kind === 'download') {
    fn = (payload, opts?: Opts) => http.download(ep.path, payload, opts);
  } else if (ep.method === 'GET') {
    fn = (payload, opts?: Opts) => http.get(ep.path, { ...opts, params: { ...(opts?.params ?? {}), ...(payload as object | undefined) } });
  } else {
    fn = (payload, opts?: Opts) => http.post(ep.path, payload, opts);
  }
  const dot = ep.name.indexOf('.');
  const group = ep.name.slice(0, dot);
  const op = ep.name.slice(dot + 1);
  // A successful write drops the cached reads of its group (lists, pickers, labels load again).
  const call = isReadOp(group, op) ? fn : (payload?: unknown, opts?: unknown) => fn(payload, opts).then(async (data) => {
    await afterWrite(group, op);
    return data;
  });
  return Object.assign(call, { endpoint: ep });
}

/** Builds the client over a list of endpoints (the contract's by default; tests may pass their own). */
export function buildApi(endpoints: readonly EndpointDef[] = [...ENDPOINTS, ...CONSOLE_ENDPOINTS]): Api {
  const groups: Record<string, Record<string, AnyCall>> = {};
  for (const ep of endpoints) {
    const dot = ep.name.indexOf('.');
    const group = ep.name.slice(0, dot);
    (groups[group] ??= {})[ep.name.slice(dot + 1)] = callFor(ep);
  }
  return groups as unknown as Api;
}

/** The app-wide typed client over the contract's endpoints and the app-wide HTTP client. */
export const api: Api = buildApi();

/**
 * `POST /upload` of one image (spec §7, contract `upload.images`: multipart `name[]`); answers the
 * stored file's URL(s); the array field is sent as `name[]`, as the platform reads it. Not among `api`'s groups: the contract keeps it apart from ACTIONS because it
 * takes many files. Rejects with the client's ApiError (type, size, count shown by the client).
 */
export const uploadImage = (file: Blob): Promise<string[] | string> => http.upload<string[] | string>(fileUpload.path, file, { name: `${fileUpload.fileField}[]` });

/** The `<group>.<op>` name of a call (`api.order.reissue` → `order.reissue`). */
export const callName = (call: Endpoint): string => call.endpoint.name;

/** True when a call only reads (the query layer's rule, `isReadOp`): it is cached and never invalidates. */
export function isRead(call: Endpoint): boolean {
  const { name } = call.endpoint;
  const dot = name.indexOf('.');
  return isReadOp(name.slice(0, dot), name.slice(dot + 1));
}

type ResultOf<C> = C extends (...args: any[]) => Promise<infer R> ? R : never;
type PayloadOf<C> = C extends (payload: infer P, ...rest: any[]) => Promise<any> ? P : never;

/**
 * `useQuery` options of one typed read: key `[group, op, payload]` (the query
 * layer's `opKey`, so a write to the group invalidates it), the call given TanStack's AbortSignal
 * (de-duplication and cancellation are TanStack's, not the client's duplicate cancelling) and its
 * errors shown as the call's `errorMode` says (toast by default).
 *
 * ```ts
 * const tree = useQuery(apiQuery(api.menu.tree));
 * const wallet = useQuery({ ...apiQuery(api.walletRecord.summary, { memberId }), enabled: !!memberId });
 * ```
 */
export function apiQuery<C extends AnyCall>(call: C, payload?: PayloadOf<C>, opts: Omit<RequestOptions, 'signal' | 'ignoreCancel'> = {}) {
  const { name } = call.endpoint;
  const dot = name.indexOf('.');
  return queryOptions<ResultOf<C>, Error, ResultOf<C>, OpKey>({
    queryKey: opKey(name.slice(0, dot), name.slice(dot + 1), payload),
    queryFn: ({ signal }) => call(payload, { ...opts, signal, ignoreCancel: true }) as Promise<ResultOf<C>>,
  });
}

/** The payload type of a typed call (`ActionPayloadOf<typeof api.order.reissue>`). */
export type ActionPayloadOf<C> = NonNullable<PayloadOf<C>>;
/** The result type of a typed call (`ActionResultOf<typeof api.order.detail>`). */
export type ActionResultOf<C> = ResultOf<C>;

import type { TSchema } from 'typebox';
import { BasicData, CaptchaImageQuery, CaptchaToken, LoginPayload, LoginResult, PermCodes, UserInfo } from './auth.js';
import { AREAS, type AnyEntity, type AreaName, type EndpointDef } from './entity.js';
import { TEXT_PATTERN, withSafeIntegers } from './fields.js';
import { ACTIONS, ENTITIES } from './index.js';
import { fileUpload, UPLOAD_FIELD, UPLOAD_LIMITS } from './upload.js';
import { EVENT_ENDPOINTS } from './events.js';
import { SESSION_ENDPOINTS, SESSION_ENTITIES } from './sessions.js';
import { SAVED_VIEW_ENDPOINTS } from './saved-views.js';
import { PREFERENCE_ENDPOINTS } from './preferences.js';
import { APPROVAL_ENDPOINTS, APPROVAL_ENTITIES } from './approvals.js';
import { TRASH_ENDPOINTS, TRASH_ENTITIES } from './trash.js';
import { EXPORT_ENDPOINTS } from './exports.js';
import { auditActions, auditLog } from './audit.js';

/**
 * The OpenAPI 3.1 document of the platform contract, built from the entity declarations and the
 * endpoints registry (never from the mock's routes), so both modes serve the same `/docs`.
 * Entity schemas go to `components.schemas` under their titles (`FeedbackType`, `FeedbackTypeAdd`,
 * `FeedbackTypeQuery`…) and every body and result refers to them; each answer is the `{code, data,
 * message}` envelope of spec §3/§8. Schemas keep the contract's `x-kind`, `x-ref`, `x-enum` extensions.
 */

type Json = Record<string, unknown>;

const AREA_TITLES: Record<AreaName, string> = {
  account: 'Game accounts and use records', cdk: 'CDK platforms, distributors, WeChat activities, codes', client: 'Client versions and error reports',
  feedback: 'Feedback, types, reply templates, words, award winners (spec §7)', financial: 'Merchant and rental income', games: 'Games, tags, platforms',
  goods: 'Goods, categories, platforms, tags, regions, coupons', inventory: 'Stock, card settings, activation codes, costs, card accounts',
  member: 'Members, grades, consumption, wallet', merchant: 'Merchants and their accounts', operate: 'Adverts, rewards, links, station messages, SEO',
  order: 'Orders, items, refunds, refund settings', recommend: 'Recommendations, pages, modules, navigation, keywords', rent: 'Rental applications, accounts, listings, orders',
  social: 'Comments and replies', specialConfig: 'Matches, articles, videos, featured products', statistics: 'Statistics series',
  system: 'Console accounts, roles, menus, resources, system messages', mock: 'QA controls (mock mode only, no token)',
};

/** Plain JSON of a TypeBox schema (drops TypeBox's hidden `~kind` markers). */
const plain = (s: TSchema): Json => JSON.parse(JSON.stringify(s)) as Json;

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/** Replaces every nested schema whose `title` is a component by a reference to it. */
function refer(schema: Json, components: Record<string, Json>, root = true): Json {
  if (!root && typeof schema.title === 'string' && components[schema.title]) return ref(schema.title);
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (Array.isArray(v)) out[k] = v.map((x) => (x && typeof x === 'object' ? refer(x as Json, components, false) : x));
    else if (v && typeof v === 'object') out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v).map(([p, s]) => [p, refer(s as Json, components, false)])) : refer(v as Json, components, false);
    else out[k] = v;
  }
  return out;
}

/** The success envelope around an operation's `data`. */
const success = (data: Json): Json => ({
  type: 'object',
  required: ['code', 'data', 'message'],
  properties: { code: { const: 200, description: '200: success, `data` holds the answer' }, data, message: { type: 'string' } },
});

/**
 * The refusal envelope (spec §8): `code` other than 200, `data` null (`{retryAfter}` on code 429),
 * `message` for the user; this console adds the field at fault, the message's catalogue key and its values.
 */
const REFUSAL: Json = {
  title: 'Refusal',
  type: 'object',
  required: ['code', 'data', 'message'],
  description:
    'A refusal: `code` says which (400 invalid input or a rule of the data, 401 session expired or not signed in, 403 missing permission, 404 no such record or endpoint, 409 a conflict, 413 too large, 429 too many attempts, 503 busy…), `message` is for the user (in the language of `Accept-Language`). `field`, `key` and `params` are this console\'s additions.',
  properties: {
    code: { type: 'integer', not: { const: 200 } },
    data: { anyOf: [{ type: 'null' }, { type: 'object', properties: { retryAfter: { type: 'integer', minimum: 0, description: 'seconds before the next attempt (code 429)' } } }], description: 'null; `{retryAfter}` on code 429' },
    message: { type: 'string' },
    field: { type: ['string', 'null'], description: 'the field at fault (`body` for the body as a whole, `permission` for a missing permission), or null' },
    key: { type: 'string', description: 'the message\'s key in the catalogue (server/contract/messages.ts)' },
    params: { type: 'object', description: 'the values the message names' },
  },
};

/** A refusal whose code is `code` (and whose `field` is present, when `withField`). */
const refusal = (code: number, withField = false): Json => ({
  allOf: [ref('Refusal'), { type: 'object', required: withField ? ['code', 'field'] : ['code'], properties: { code: { const: code } } }],
});

const json = (schema: Json): Json => ({ 'application/json': { schema } });

/**
 * The refusals every operation may answer as an HTTP status (spec §8): invalid input is HTTP 400;
 * the security scheme's 401 and a missing permission's 403; the rest as described. Refusals by the
 * platform's rules come in HTTP 200 (see the `200` answer).
 */
function refusals(ep: Pick<EndpointDef, 'public' | 'kind'>): Json {
  const out: Json = {
    '400': { description: 'Invalid input, naming the field in `field` and `message`: a value against the schema (type, bounds, pattern, a missing or unknown property), control characters or lone surrogates in any string, a body that is not JSON or is JSON `null`' + (ep.kind === 'upload' ? '; for a form: not multipart, no file part, a file of the wrong type' : ''), content: json(refusal(400, true)) },
  };
  if (!ep.public) {
    out['401'] = { description: 'The security scheme refuses: no token, or an unknown or expired one. This console answers it as HTTP 200 with envelope code 401; a gateway before the platform may answer HTTP 401 with the same envelope. Either way the client signs out (spec §8)', content: json(refusal(401)) };
    out['403'] = { description: 'The signed-in account\'s roles do not hold this endpoint\'s permission (`field: "permission"`, the message names it)', content: json(refusal(403)) };
  }
  out['404'] = { description: 'Not served here: the QA controls outside mock mode, or a replay without a recording', content: json(refusal(404)) };
  out['413'] = { description: ep.kind === 'upload' ? 'A file larger than the limit' : 'A body larger than the limit', content: json(refusal(413)) };
  out['415'] = { description: 'A content type other than the one documented', content: json(ref('Refusal')) };
  out['503'] = { description: 'Busy: load shedding or too many uploads at once (`Retry-After` in seconds)', headers: { 'Retry-After': { schema: { type: 'integer' } } }, content: json(refusal(503)) };
  out.default = { description: 'Any other refusal, in the same envelope (a fault set through the QA controls; in proxy mode the platform\'s 502/504)', content: json(ref('Refusal')) };
  return out;
}

/**
 * A request schema as the server checks it: every string is text (TEXT_PATTERN: no control
 * characters, no lone surrogates; beside a pattern of its own, through `allOf`), every integer a safe
 * integer (`withSafeIntegers`). References and records' own schemas are left as they are.
 */
export function requestSchema(schema: Json): Json {
  const walk = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(walk);
    if (!s || typeof s !== 'object') return s;
    const out: Json = {};
    for (const [k, v] of Object.entries(s)) out[k] = k === 'enum' || k === 'const' || k === 'default' || k === 'examples' ? v : walk(v);
    const type = out.type;
    if ((type === 'string' || (Array.isArray(type) && type.includes('string'))) && out.enum === undefined && out.const === undefined) {
      if (out.pattern === undefined) out.pattern = TEXT_PATTERN;
      else if (out.pattern !== TEXT_PATTERN) out.allOf = [...((out.allOf as Json[] | undefined) ?? []), { pattern: TEXT_PATTERN }];
    }
    return out;
  };
  return withSafeIntegers(walk(schema) as Json);
}

/** Session endpoints (server/contract/auth.ts) in the same registry shape. */
export const SESSION: EndpointDef[] = [
  { method: 'POST', path: '/v1/admin/login', kind: 'action', name: 'admin.login', area: 'system', summary: 'Sign in with a one-time captcha; the token is sent back as `tokenHead + token` in Authorization', payload: LoginPayload, result: LoginResult, public: true },
  { method: 'POST', path: '/v1/admin/logout', kind: 'action', name: 'admin.logout', area: 'system', summary: 'Sign out (revokes the token)', payloadOptional: true, public: true },
  { method: 'POST', path: '/v1/admin/adminInfo', kind: 'action', name: 'admin.adminInfo', area: 'system', summary: 'The signed-in user (spec §3 user info)', payloadOptional: true, result: UserInfo },
  { method: 'POST', path: '/v1/getPermCode', kind: 'action', name: 'admin.getPermCode', area: 'system', summary: 'Permission codes (back-end permission mode, spec §6)', payloadOptional: true, result: PermCodes },
  { method: 'GET', path: '/v1/captcha/token', kind: 'action', name: 'captcha.token', area: 'system', summary: 'A one-time captcha token', result: CaptchaToken, public: true },
  { method: 'POST', path: '/v1/admin/adminMenus', kind: 'action', name: 'admin.adminMenus', area: 'system', summary: 'Menu entries for back-end mode (spec §2 route building)', payloadOptional: true },
  { method: 'POST', path: '/v1/admin/summary', kind: 'action', name: 'admin.summary', area: 'statistics', summary: 'Dashboard summary (home workbench and analysis)', payloadOptional: true },
  { method: 'POST', path: '/v1/admin/gameCategory', kind: 'action', name: 'admin.gameCategory', area: 'goods', summary: 'Basic data: goods categories and brands, game tags and platforms, member levels', payloadOptional: true, result: BasicData },
];

function operation(ep: EndpointDef, components: Record<string, Json>, entity?: AnyEntity): Json {
  const t = entity ? ((entity.schemas.record as { title?: string }).title ?? '') : '';
  const crudBody: Partial<Record<string, Json>> = entity
    ? { list: ref(`${t}Query`), add: ref(`${t}Add`), update: ref(`${t}Update`), ...(entity.schemas.status ? { updateStatus: ref(`${t}Status`) } : {}) }
    : {};
  const crudResult: Partial<Record<string, Json>> = entity
    ? { list: ref(`${t}Page`), listAll: { type: 'array', items: ref(`${t}Option`) }, info: ref(t), add: ref(t), update: ref(t), updateStatus: ref(t) }
    : {};
  const body = (ep.op && crudBody[ep.op]) ?? (ep.payload ? requestSchema(refer(plain(ep.payload), components)) : null);
  const result = (ep.op && crudResult[ep.op]) ?? (ep.result ? refer(plain(ep.result), components) : {});
  const op: Json = {
    tags: [ep.area],
    operationId: ep.name,
    summary: ep.summary,
    ...(ep.public ? { security: [] } : {}),
  };
  if (ep.kind === 'upload') {
    const fields = ep.payload ? (requestSchema(plain(ep.payload)).properties as Json) : {};
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: [ep.fileField ?? 'file'], properties: { [ep.fileField ?? 'file']: { type: 'string', contentMediaType: 'application/octet-stream', description: '.xlsx file' }, ...fields } },
          encoding: { [ep.fileField ?? 'file']: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } },
        },
      },
    };
  } else if (body) {
    op.requestBody = { required: !ep.payloadOptional, content: { 'application/json': { schema: body } } };
  }
  op.responses =
    ep.kind === 'download'
      ? {
          '200': {
            description: 'The file; a refusal by the platform\'s rules (session expired: 401, no such record: 404…) is the JSON refusal envelope instead, in HTTP 200',
            content: { [ep.produces ?? 'application/octet-stream']: { schema: { type: 'string', contentMediaType: ep.produces } }, ...json(ref('Refusal')) },
          },
          ...refusals(ep),
        }
      : {
          '200': {
            description: 'The envelope: code 200 with `data`, or a refusal by the platform\'s rules in HTTP 200 (`data: null`): 400 a rule of the data (a duplicate, a reference to nothing, a wrong captcha), 401 session expired or not signed in, 404 no such record, 409 a conflict, 429 too many attempts (`data.retryAfter`)',
            content: json({ oneOf: [success(result), ref('Refusal')] }),
          },
          ...refusals(ep),
        };
  return op;
}

const built = new Map<string, Json>();

/** The OpenAPI 3.1 document of the whole contract; `version` is the console's package version. Built once per version. */
export function buildOpenApiDocument(version = '0.0.0'): Json {
  let doc = built.get(version);
  if (!doc) built.set(version, (doc = build(version)));
  return doc;
}

let methods: Map<string, string[]> | null = null;

/**
 * The methods the document gives a path (`GET` with `HEAD`, as the server answers HEAD for every
 * GET), for the `Allow` of a 405; empty for a path it does not document.
 */
export function documentedMethods(path: string): string[] {
  if (!methods) {
    methods = new Map();
    for (const [p, ops] of Object.entries(buildOpenApiDocument().paths as Record<string, Json>)) {
      const m = Object.keys(ops).map((k) => k.toUpperCase());
      methods.set(p, m.includes('GET') ? [...m, 'HEAD'] : m);
    }
  }
  return methods.get(path) ?? [];
}

function build(version: string): Json {
  const components: Record<string, Json> = {};
  // Components that are request bodies (entity payloads and queries); the others are answers.
  const requests = new Set<string>();
  const titleOf = (schema: TSchema) => (schema as { title?: string }).title!;
  // The platform's entities and the console's own that the document lists (audit trail, sessions, sign-in log, approvals, trash).
  const documented = [...ENTITIES, auditLog, ...SESSION_ENTITIES, ...APPROVAL_ENTITIES, ...TRASH_ENTITIES] as readonly AnyEntity[];
  for (const e of documented) {
    const s = e.schemas;
    for (const schema of [s.record, s.add, s.update, s.query, s.page, s.option, ...(s.status ? [s.status] : [])]) components[titleOf(schema)] = plain(schema);
    for (const schema of [s.add, s.update, s.query, ...(s.status ? [s.status] : [])]) requests.add(titleOf(schema));
  }
  // Pages refer to their record; everything else is self-contained.
  for (const [name, schema] of Object.entries(components)) components[name] = refer(schema, components);
  // What the server checks on the way in (text, safe integers) is part of the request schemas.
  for (const [name, schema] of Object.entries(components)) if (requests.has(name)) components[name] = requestSchema(schema);
  components.Refusal = REFUSAL;
  const paths: Record<string, Json> = {};
  const byName = new Map(documented.map((e) => [e.name, e]));
  for (const ep of [...SESSION, ...(ENTITIES as readonly AnyEntity[]).flatMap((e) => e.endpoints), ...ACTIONS, ...auditLog.endpoints, ...auditActions, ...EVENT_ENDPOINTS, ...SESSION_ENDPOINTS, ...SAVED_VIEW_ENDPOINTS, ...PREFERENCE_ENDPOINTS, ...APPROVAL_ENDPOINTS, ...TRASH_ENDPOINTS, ...EXPORT_ENDPOINTS]) {
    paths[ep.path] = { ...(paths[ep.path] ?? {}), [ep.method.toLowerCase()]: operation(ep, components, ep.entity ? byName.get(ep.entity) : undefined) };
  }
  // Image upload takes many files (`name[]`), so it is not among ACTIONS; documented here as it is served.
  const upload = operation(fileUpload, components);
  upload.requestBody = {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', required: [`${UPLOAD_FIELD}[]`], properties: { [`${UPLOAD_FIELD}[]`]: { type: 'array', maxItems: UPLOAD_LIMITS.maxFiles, items: { type: 'string', contentMediaType: 'application/octet-stream' }, description: `1-${UPLOAD_LIMITS.maxFiles} images (${UPLOAD_LIMITS.mimeTypes.join(', ')}), ${UPLOAD_LIMITS.maxFileBytes / 1024 / 1024} MB each` } } },
      },
    },
  };
  upload.responses = {
    ...(upload.responses as Json),
    '400': { description: 'Refused, naming the part: not multipart, no `name[]` part, a part of another name, more than the most files, a file that is not one of the accepted images by its bytes, or whose declared type disagrees with them', content: json(refusal(400, true)) },
    '507': { description: 'The upload folder\'s quota would be exceeded', content: json(refusal(507)) },
  };
  paths[fileUpload.path] = { post: upload };
  paths['/v1/captcha/image'] = {
    get: {
      tags: ['system'], operationId: 'captcha.image', summary: 'The captcha image of a token (SVG)', security: [],
      parameters: [{ name: 'token', in: 'query', required: true, schema: requestSchema(plain(CaptchaImageQuery.properties.token)) }],
      responses: {
        '200': { description: 'SVG image', content: { 'image/svg+xml': { schema: { type: 'string' } } } },
        '400': { description: 'No `token`, or one against its schema (field `token`)', content: json(refusal(400, true)) },
        '404': { description: 'The token is unknown, expired or spent (field `token`): fetch a new one from `/v1/captcha/token`', content: json(refusal(404, true)) },
        '503': { description: 'Busy (load shedding, `Retry-After`)', content: json(refusal(503)) },
        default: { description: 'Any other refusal, in the same envelope', content: json(ref('Refusal')) },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Game-commerce console: platform API',
      version,
      description: [
        'The platform contract the console speaks (server/contract). Every endpoint answers the `{code, data, message}` envelope: code 200 is success; 401 means the session timed out; other codes carry a message for the user (spec §8).',
        'Conventions: POST with a JSON body; paging by `pageNum` (from 1) and `pageSize`, answered as `{list, total}`; money is an integer number of cents; times are `YYYY-MM-DD HH:mm:ss` (China Standard Time); statuses are integers whose labels are in each schema description.',
        'Answers: success is HTTP 200 with code 200 and `data`. Invalid input (against the request schema, with control characters or lone surrogates in any string, JSON that does not parse or is `null`) is HTTP 400 with code 400 and `field` naming the field. A missing permission is HTTP 403. A refusal by the platform\'s rules (a missing record 404, a duplicate or a rule of the data 400, session expired 401, a conflict 409, too many attempts 429) is HTTP 200 with that code and `data: null`. A documented path asked with another method answers HTTP 405 with `Allow`; an undocumented path HTTP 404. Every refusal, whatever its HTTP status, is the `Refusal` envelope; file downloads answer it as JSON instead of the file.',
        'Uploads (`/upload` and the .xlsx imports) take `multipart/form-data` only and refuse the same way: the form or the file (not multipart, no file part, a file of the wrong type) HTTP 400 naming the part, a file over the limit HTTP 413, busy HTTP 503; what the rows of an import break is a refusal in HTTP 200.',
        'Sign in with `/v1/admin/login`, then send `Authorization: Bearer <token>`. The `mock` endpoints exist only when the console runs in mock mode.',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    tags: AREAS.map((name) => ({ name, description: AREA_TITLES[name] })),
    components: { schemas: components, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: '`tokenHead + token` from the login answer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

import type { TSchema } from 'typebox';
import { BasicData, CaptchaToken, LoginPayload, LoginResult, PermCodes, UserInfo } from './auth.js';
import { AREAS, type AnyEntity, type AreaName, type EndpointDef } from './entity.js';
import { ACTIONS, ENTITIES } from './index.js';
import { fileUpload, UPLOAD_FIELD, UPLOAD_LIMITS } from './upload.js';
import { EVENT_ENDPOINTS } from './events.js';

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

const envelope = (data: Json): Json => ({
  type: 'object',
  required: ['code', 'data', 'message'],
  properties: { code: { type: 'integer', description: '200 = success; 401 = session timeout; anything else = error (spec §8)' }, data, message: { type: 'string' } },
});

const ERROR_RESPONSES: Json = {
  '400': { description: 'Invalid input: the message names the field', content: { 'application/json': { schema: envelope({ type: 'null' }) } } },
};

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
  const body = (ep.op && crudBody[ep.op]) ?? (ep.payload ? refer(plain(ep.payload), components) : null);
  const result = (ep.op && crudResult[ep.op]) ?? (ep.result ? refer(plain(ep.result), components) : {});
  const op: Json = {
    tags: [ep.area],
    operationId: ep.name,
    summary: ep.summary,
    ...(ep.public ? { security: [] } : {}),
  };
  if (ep.kind === 'upload') {
    const fields = ep.payload ? (plain(ep.payload).properties as Json) : {};
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
      ? { '200': { description: 'The file', content: { [ep.produces ?? 'application/octet-stream']: { schema: { type: 'string', contentMediaType: ep.produces } } } }, ...ERROR_RESPONSES }
      : { '200': { description: 'Envelope; `data` on code 200', content: { 'application/json': { schema: envelope(result) } } }, ...ERROR_RESPONSES };
  return op;
}

const built = new Map<string, Json>();

/** The OpenAPI 3.1 document of the whole contract; `version` is the console's package version. Built once per version. */
export function buildOpenApiDocument(version = '0.0.0'): Json {
  let doc = built.get(version);
  if (!doc) built.set(version, (doc = build(version)));
  return doc;
}

function build(version: string): Json {
  const components: Record<string, Json> = {};
  for (const e of ENTITIES as readonly AnyEntity[]) {
    const s = e.schemas;
    for (const schema of [s.record, s.add, s.update, s.query, s.page, s.option, ...(s.status ? [s.status] : [])]) components[(schema as { title?: string }).title!] = plain(schema);
  }
  // Pages refer to their record; everything else is self-contained.
  for (const [name, schema] of Object.entries(components)) components[name] = refer(schema, components);
  const paths: Record<string, Json> = {};
  const byName = new Map((ENTITIES as readonly AnyEntity[]).map((e) => [e.name, e]));
  for (const ep of [...SESSION, ...(ENTITIES as readonly AnyEntity[]).flatMap((e) => e.endpoints), ...ACTIONS, ...EVENT_ENDPOINTS]) {
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
  paths[fileUpload.path] = { post: upload };
  paths['/v1/captcha/image'] = {
    get: {
      tags: ['system'], operationId: 'captcha.image', summary: 'The captcha image of a token (SVG)', security: [],
      parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
      responses: { '200': { description: 'SVG image', content: { 'image/svg+xml': { schema: { type: 'string' } } } } },
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

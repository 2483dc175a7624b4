import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENTITIES, type AnyEntity } from '../contract/index.js';
import { CONSOLE_ENTITIES } from '../contract/audit.js';
// Field labels and titles: the one label table the console's i18n reads too.
import zhLabels from '../contract/labels/zh_CN.js';
import enLabels from '../contract/labels/en.js';
import { isMessageKey, renderMessage, type Lang, type Refusal, type RenderNames } from '../contract/messages.js';

/**
 * Error envelopes in the caller's language.
 * Every refusal the server writes is a key of the catalogue (server/contract/messages.ts) with its
 * params and the field it is about, carried in the envelope beside `code`, `data` and `message`. At
 * the one place every envelope leaves the server (a preSerialization hook) the `message` is rendered
 * from the key in the language of the request's `Accept-Language` (zh* → zh_CN, en* → en; zh_CN when
 * absent), the field named by its label (the endpoint's entity first). With MESSAGES=raw the hook is
 * off and the message stays as thrown: `<field key>: <English text>`.
 */

export type { Lang } from '../contract/messages.js';

/** The language an `Accept-Language` header asks for: the first zh* or en* tag by preference; zh_CN by default. */
export function langOf(header: string | string[] | undefined): Lang {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  const tags = raw
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q[1]) : 1, i };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of tags) {
    if (tag.startsWith('zh')) return 'zh_CN';
    if (tag.startsWith('en')) return 'en';
  }
  return 'zh_CN';
}

/** Labels of fields no resource declares (sign-in, uploads, request parts). */
const EXTRA_LABELS: Record<Lang, Record<string, string>> = {
  zh_CN: {
    username: '账号', password: '密码', captchaCode: '验证码', captchaToken: '验证码', token: '验证码凭据', file: '文件', files: '文件',
    ids: '所选记录', id: '记录', body: '请求体', path: '路径', querystring: '查询参数', query: '查询参数', permission: '权限',
    oldPassword: '原密码', newPassword: '新密码', pageNum: '页码', pageSize: '每页条数', list: '列表', codes: '兑换码', delta: '数量变化',
    itemId: '订单明细', latencyMs: '延迟（毫秒）', httpStatus: 'HTTP 状态码', envelopeCode: '响应码', drop: '断开连接', startDate: '开始日期', endDate: '结束日期',
    amount: '金额', auditRemark: '审核意见', reason: '原因', goodsId: '商品', memberIds: '会员', gradeIds: '会员等级', roleIds: '角色', images: '图片', image: '图片',
    after: '起始编号', shared: '共享', columns: '列',
  },
  en: {
    username: 'Account', password: 'Password', captchaCode: 'Captcha', captchaToken: 'Captcha', token: 'Captcha token', file: 'File', files: 'Files',
    ids: 'Selected records', id: 'Record', body: 'Request body', path: 'Path', querystring: 'Query', query: 'Query', permission: 'Permission',
    oldPassword: 'Current password', newPassword: 'New password', pageNum: 'Page', pageSize: 'Page size', list: 'List', codes: 'Codes', delta: 'Change',
    itemId: 'Order item', latencyMs: 'Latency (ms)', httpStatus: 'HTTP status', envelopeCode: 'Envelope code', drop: 'Drop connection', startDate: 'Start date', endDate: 'End date',
    amount: 'Amount', auditRemark: 'Audit remark', reason: 'Reason', goodsId: 'Goods', memberIds: 'Members', gradeIds: 'Member grades', roleIds: 'Roles', images: 'Images', image: 'Image',
    after: 'After (entry id)', shared: 'Shared', columns: 'Columns',
  },
};

type Labels = Record<string, string>;
type Pack = { resources: Record<string, { title?: string; fields?: Labels }>; crud: { fields: Labels } };

/** Per language: labels by entity, generic crud labels, and any entity's label for a field name. */
function labelTables(pack: Pack) {
  const byEntity = new Map<string, Labels>();
  const any: Labels = {};
  for (const [entity, r] of Object.entries(pack.resources)) {
    if (!r || typeof r !== 'object' || !r.fields) continue;
    byEntity.set(entity, r.fields);
    for (const [k, v] of Object.entries(r.fields)) if (typeof v === 'string' && !(k in any)) any[k] = v;
  }
  return { byEntity, crud: pack.crud.fields, any };
}
const packOf = (l: typeof zhLabels | typeof enLabels) => ({ resources: l.resources, crud: { fields: l.common } }) as unknown as Pack;
const LABELS = { zh_CN: labelTables(packOf(zhLabels)), en: labelTables(packOf(enLabels)) };

/** Entity titles by entity name, both languages. */
const TITLES = new Map<string, { zh_CN: string; en: string }>();
for (const e of [...ENTITIES, ...CONSOLE_ENTITIES] as readonly AnyEntity[]) TITLES.set(e.name, e.title);

/** Endpoint folder (path without its last segment) → entity, for choosing the entity's labels. */
const ENTITY_OF_FOLDER = new Map<string, string>();
for (const e of ENTITIES as readonly AnyEntity[]) {
  for (const ep of e.endpoints) {
    const folder = ep.path.slice(0, ep.path.lastIndexOf('/'));
    if (!ENTITY_OF_FOLDER.has(folder)) ENTITY_OF_FOLDER.set(folder, e.name);
  }
}

/** The entity whose endpoint folder holds `url` (`/v1/feedback/type/add` → feedbackType), else null. */
export function entityOfUrl(url: string): string | null {
  let p = url.split('?')[0].replace(/^\/api(?=\/v1\/)/, '');
  // The sign-in form names its own fields (账号, 密码, 验证码), not the console-account resource's.
  if (/^\/v1\/(admin\/login|captcha\/)/.test(p)) return null;
  while (p.includes('/')) {
    p = p.slice(0, p.lastIndexOf('/'));
    const e = ENTITY_OF_FOLDER.get(p);
    if (e) return e;
  }
  return null;
}

/** The translated label of a field name: the entity's, the generic crud one, any entity's, the extras, else the key. */
export function fieldLabel(field: string, lang: Lang, entity: string | null = null): string {
  const t = LABELS[lang];
  return (
    (entity ? t.byEntity.get(entity)?.[field] : undefined) ?? t.crud[field] ?? EXTRA_LABELS[lang][field] ?? t.any[field] ?? field
  );
}

/** A dotted path (`list.3.url`, `codes.2`, `images #2`) in words: labels, item numbers from 1. */
function pathLabel(path: string, lang: Lang, entity: string | null): string {
  const hash = /^(.*) #(\d+)$/.exec(path);
  if (hash) return lang === 'zh_CN' ? `${pathLabel(hash[1], lang, entity)}第 ${hash[2]} 个文件` : `${pathLabel(hash[1], lang, entity)} #${hash[2]}`;
  let segs = path.split('.');
  // A very deep path (a refused nesting) is named by where it starts.
  if (segs.length > 4) segs = [segs[0], '…'];
  const out: string[] = [];
  for (const s of segs) {
    if (s === '…') out.push(s);
    else if (/^\d+$/.test(s)) out.push(lang === 'zh_CN' ? `第 ${Number(s) + 1} 项` : `item ${Number(s) + 1}`);
    else out.push(fieldLabel(s, lang, entity));
  }
  return lang === 'zh_CN' ? out.join(' ') : out.join(' › ');
}

/** Names as MESSAGES=raw writes them: field keys as they are, entity titles in lower-case English. */
export const RAW_NAMES: RenderNames = {
  lang: 'raw',
  label: (path) => path,
  title: (entity) => TITLES.get(entity)?.en.toLowerCase() ?? entity,
};

/** Names in `lang`: field labels of the endpoint's entity first; titles (lower case inside English sentences). */
export function namesFor(lang: Lang, entity: string | null = null): RenderNames {
  return {
    lang,
    label: (path) => {
      const row = /^row (\d+)$/.exec(path);
      if (row) return lang === 'zh_CN' ? `第 ${row[1]} 行` : `row ${row[1]}`;
      return pathLabel(path, lang, entity);
    },
    title: (name) => {
      const t = TITLES.get(name);
      return t ? (lang === 'zh_CN' ? t.zh_CN : t.en.toLowerCase()) : name;
    },
  };
}

/** A refusal as MESSAGES=raw answers it (and as logs show it): `<field key>: <English text>`. */
export function rawMessage(r: Refusal): string {
  return renderMessage(r, RAW_NAMES);
}

/** A refusal as a request in `lang` reads it; `entity` picks the field labels of the endpoint's entity. */
export function localizedMessage(r: Refusal, lang: Lang, entity: string | null = null): string {
  return renderMessage(r, namesFor(lang, entity));
}

/** The refusal an error envelope carries (`{field, key, params}` beside `code`, `data`, `message`), else null. */
export function refusalOf(env: unknown): Refusal | null {
  if (!env || typeof env !== 'object') return null;
  const d = env as { key?: unknown; params?: unknown; field?: unknown };
  if (!isMessageKey(d.key)) return null;
  return { key: d.key, params: (d.params ?? {}) as Refusal['params'], field: typeof d.field === 'string' ? d.field : null };
}

type Envelope = { code: number; data: unknown; message: string };

/** The error envelope as the request should read it: `message` rendered from its key (see the module comment). */
export function localizeEnvelope(req: FastifyRequest, env: Envelope): Envelope {
  if (env.code === 200) return env;
  const refusal = refusalOf(env);
  if (!refusal) return env;
  return { ...env, message: localizedMessage(refusal, langOf(req.headers['accept-language']), entityOfUrl(req.url)) };
}

/** Registers the hook that localizes every error envelope the server itself sends. */
export function registerLocalizedMessages(app: FastifyInstance): void {
  app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
      const env = payload as { code?: unknown; data?: unknown; message?: unknown };
      if (typeof env.code === 'number' && typeof env.message === 'string' && 'data' in env) {
        return localizeEnvelope(req, env as Envelope);
      }
    }
    return payload;
  });
}

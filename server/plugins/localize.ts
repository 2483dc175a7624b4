import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENTITIES, type AnyEntity } from '../contract/index.js';
// Field labels are the console's own (resources.<entity>.fields.*, crud.fields.*): the screens' packs.
import zhPack from '../../web/i18n/locales/zh_CN/screens';
import enPack from '../../web/i18n/locales/en/screens';
import { CATALOGUE, EXTRA_LABELS, JOIN, TAILS, type Lang, type Tools } from './message-catalogue.js';

/**
 * Issue 15 item 1: error envelopes in the caller's language. The mock and the plugins write their
 * refusals in one style, `<field>: <English text>` (several joined by `; `, nested fields as
 * `list.3.url`, spreadsheet rows as `row 3: …`); this layer, at the one place every envelope leaves
 * the server (a preSerialization hook), rewrites the message into the language of the request's
 * `Accept-Language` (zh* → zh_CN, en* → en; zh_CN when absent), naming the field by its translated
 * label (the web packs' `resources.<entity>.fields.<field>`, the endpoint's entity first) and the
 * text through the pattern catalogue (message-catalogue.ts). The raw field key travels in
 * `data.field` of such answers so a form can still put the message beside its field.
 * Throw sites stay as they are: a new message in the same style is localized once its text has a
 * pattern (tests/server/messages.test.ts catches one that has none).
 */

export type { Lang } from './message-catalogue.js';

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
const LABELS = { zh_CN: labelTables(zhPack as unknown as Pack), en: labelTables(enPack as unknown as Pack) };

/** Entity titles: English (lower case, as messages write them) → both languages. */
const TITLES = new Map<string, { zh_CN: string; en: string }>();
for (const e of ENTITIES as readonly AnyEntity[]) TITLES.set(e.title.en.toLowerCase(), e.title);

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

/** Field prefix of one message part: a dotted path, `field #n` or `row n`. */
// A field path (`list.3.url`, `images #2`, the upload's array field `name[]`) or a sheet row.
const PREFIX = /^([A-Za-z_$][\w$]*(?:\[\])?(?:\.[\w$]+)*(?: #\d+)?|row \d+): ([\s\S]*)$/;
/** Where a message joins parts: `; ` followed by another field prefix. */
const SPLIT = /; (?=(?:[A-Za-z_$][\w$]*(?:\.[\w$]+)*(?: #\d+)?|row \d+): )/;

export interface Translation {
  text: string;
  /** Texts no pattern matched (left as they were). */
  missed: string[];
}

/**
 * Translates one mock message into `lang` (see the module comment). English keeps the text and
 * swaps the field key for its English label. @returns the text and what no pattern covered.
 */
export function translateMessage(message: string, lang: Lang, entity: string | null = null): Translation {
  const missed: string[] = [];
  const tools: Tools = {
    lang,
    label: (f) => pathLabel(f, lang, entity),
    title: (en) => {
      const t = TITLES.get(en.trim().toLowerCase());
      return t ? t[lang] : en;
    },
    text: (s) => text(s),
  };
  function text(s: string): string {
    for (const [re, zh] of CATALOGUE) {
      const m = re.exec(s);
      if (m) return lang === 'zh_CN' ? zh(m, tools) : s;
    }
    missed.push(s);
    return s;
  }
  const who = (path: string) => {
    const row = /^row (\d+)$/.exec(path);
    const name = row ? (lang === 'zh_CN' ? `第 ${row[1]} 行` : `row ${row[1]}`) : tools.label(path);
    return name + (lang === 'zh_CN' ? '：' : ': ');
  };
  const known = (s: string) => CATALOGUE.some(([re]) => re.test(s));
  /** A text that may name a field and may hold several field-named parts (`a: …; b: …`). */
  function whole(s: string): string {
    const m = PREFIX.exec(s);
    // One field whose text is itself a known sentence, even one with `; ` inside.
    if (m && known(m[2])) return who(m[1]) + text(m[2]);
    if (!m && known(s)) return text(s);
    const parts = s.split(SPLIT);
    if (parts.length > 1) return [...new Set(parts.map(whole))].join(JOIN[lang]);
    return m ? who(m[1]) + whole(m[2]) : text(s);
  }
  let body = message;
  let tail = '';
  for (const [re, zh] of TAILS) {
    const m = re.exec(body);
    if (m) {
      body = body.slice(0, m.index);
      tail = lang === 'zh_CN' ? zh(m, tools) : m[0];
      break;
    }
  }
  const out = whole(body) + tail;
  // Spreadsheet reports name a column by its header in the file (Chinese, as the template writes
  // it) and its key: `会员ID (memberId)`. In English the column is named by the field's English
  // label, with the header to find it in the file: `Member ID (column "会员ID")`.
  return { text: lang === 'en' ? out.replace(/([\u4e00-\u9fff][^\s()]*) \(([A-Za-z]\w*)\)/g, (_, header: string, field: string) => `${tools.label(field)} (column "${header}")`) : out, missed };
}

/** The field key a message is about (`typeName: …` → typeName; `list.3.url: …` → list), else null. */
export function fieldOfMessage(message: string): string | null {
  const m = PREFIX.exec(message);
  if (!m || m[1].startsWith('row ')) return null;
  return m[1].split(/[.\s]/)[0];
}

type Envelope = { code: number; data: unknown; message: string };

/**
 * The error envelope as the request should read it (see the module comment): message translated,
 * and `data: { field }` (the raw key) when the message names a field and `data` was empty.
 */
export function localizeEnvelope(req: FastifyRequest, env: Envelope): Envelope {
  if (env.code === 200 || !env.message) return env;
  const field = fieldOfMessage(env.message);
  const data = field && (env.data === null || env.data === undefined) ? { field } : env.data;
  const message = translateMessage(env.message, langOf(req.headers['accept-language']), entityOfUrl(req.url)).text;
  return { ...env, data, message };
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

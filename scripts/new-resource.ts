import fs from 'node:fs';
import path from 'node:path';
import { ENTITIES, type AnyEntity } from '../server/contract/index.js';
import { ROUTE_TABLE } from '../server/contract/route-table.js';

/**
 * `npm run new:resource <area>/<entity> [-- --route /games/tag] [--mode dialog|drawer|page] [--page]`
 *
 * Scaffolds a screen for a contract entity (issue 7 "adding a screen is one declaration and at most
 * one page file"):
 * - `web/resources/<area>/<entity-kebab>.resource.ts`: the declaration (route, columns, filters, form);
 * - a line in `web/pages/<area>/registry.ts` for the list route (`listPage(...)`, or a page file
 *   `web/pages/<area>/<route>.page.tsx` with `--page`), and `formPage(...)` lines for the route's
 *   hidden `add`/`modify` routes when the route table has them;
 * - `resources.<entity>.title|fields.*` in `web/i18n/locales/{zh_CN,en}/areas/<area>.ts`
 *   (titles from the contract; field labels from a small dictionary, else the field's words; the
 *   script lists the zh_CN labels it could not translate).
 * Never overwrites: an existing declaration, registry key or translation entry is left as it is.
 */

const ROOT = process.cwd();
const ZH: Record<string, string> = {
  name: '名称', sort: '排序', status: '状态', icon: '图标', color: '颜色', remark: '备注', cover: '封面', images: '图片', description: '描述',
  title: '标题', content: '内容', price: '价格', amount: '金额', type: '类型', code: '编码', url: '链接', image: '图片', createTime: '创建时间',
  parentId: '上级', platformName: '平台名称', platformIdentity: '平台标识', tagName: '标签名称', nickName: '昵称', phone: '手机号',
};

const words = (f: string) => f.replace(/Ids?$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/^./, (c) => c.toUpperCase());
const kebab = (s: string) => s.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();

function usage(msg: string): never {
  console.error(`${msg}\nusage: npm run new:resource <area>/<entity> [-- --route /area/path] [--mode dialog|drawer|page] [--page]`);
  process.exit(1);
}

const args = process.argv.slice(2);
const target = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--route' && args[args.indexOf(a) - 1] !== '--mode');
if (!target || !target.includes('/')) usage('name the area and entity');
const [area, entityName] = target.split('/');
const entity = (ENTITIES as readonly AnyEntity[]).find((e) => e.name === entityName);
if (!entity) usage(`no contract entity "${entityName}"`);
if (entity.area !== area) usage(`entity ${entityName} belongs to area ${entity.area}, not ${area}`);
const opt = (k: string) => (args.includes(`--${k}`) ? args[args.indexOf(`--${k}`) + 1] : undefined);

const group = ROUTE_TABLE.find((g) => g.path === `/${area}`);
if (!group) usage(`no route group /${area}`);
const children = (group.children ?? []).map((c) => c.path);
let route = opt('route');
if (!route) {
  // gameTag in /games → tag; goods in /goods → index; coupon → coupon.
  const stem = entityName.replace(new RegExp(`^${area.replace(/s$/, '')}s?`), '');
  const guess = stem ? stem.charAt(0).toLowerCase() + stem.slice(1) : 'index';
  if (children.includes(guess)) route = `/${area}/${guess}`;
}
if (!route || !children.includes(route.replace(`/${area}/`, ''))) usage(`give --route: one of ${children.map((c) => `/${area}/${c}`).join(', ')}`);
const child = route.replace(`/${area}/`, '');
const hasForms = children.includes(`${child}/add`) || (child === 'index' && children.includes('add'));
// Screens with hidden add/modify routes edit on those pages (spec §2); the others in a dialog.
const mode = opt('mode') ?? (hasForms ? 'page' : 'dialog');
if (!['dialog', 'drawer', 'page'].includes(mode)) usage(`bad --mode ${mode}`);

// ── declaration ──
const shown = Object.keys(entity.fields).filter((f) => !entity.writeOnlyFields.includes(f));
const columns = ['id', ...shown.slice(0, 8), 'createTime'];
const filters = [...(entity.searchable.length ? ['keyword'] : []), ...Object.keys(entity.filters).filter((f) => f !== 'createTime').slice(0, 5)];
const formFields = entity.writableFields.filter((f) => !entity.writeOnlyFields.includes(f) || mode !== 'page');
const contractFile = (({ specialConfig: 'special-config' }) as Record<string, string>)[area] ?? area;
const resFile = path.join(ROOT, 'web/resources', area, `${kebab(entityName)}.resource.ts`);
const resRel = `../../resources/${area}/${kebab(entityName)}.resource`;
if (!fs.existsSync(resFile)) {
  fs.mkdirSync(path.dirname(resFile), { recursive: true });
  fs.writeFileSync(
    resFile,
    `import { ${entityName} } from '../../../server/contract/${contractFile}';
import { defineResource } from '../../crud';

/** ${route}: ${entity.title.en.toLowerCase()} records (spec §2). Scaffolded by \`npm run new:resource\`; adjust columns, filters and form. */
export default defineResource({
  entity: ${entityName},
  route: '${route}',
  columns: ${JSON.stringify(columns).replace(/"/g, "'").replace(/,/g, ', ')},
  filters: ${JSON.stringify(filters).replace(/"/g, "'").replace(/,/g, ', ')},
  form: { mode: '${mode}', fields: ${JSON.stringify(formFields).replace(/"/g, "'").replace(/,/g, ', ')} },
});
`,
  );
  console.log(`wrote ${path.relative(ROOT, resFile)}`);
} else console.log(`kept ${path.relative(ROOT, resFile)} (exists)`);

// ── page file or registry lines ──
const regFile = path.join(ROOT, 'web/pages', area, 'registry.ts');
let reg = fs.readFileSync(regFile, 'utf8');
const lines: string[] = [];
const key = (p: string) => `'${area}/${p}.page.tsx'`;
if (args.includes('--page')) {
  const pageFile = path.join(ROOT, 'web/pages', area, `${child}.page.tsx`);
  if (!fs.existsSync(pageFile)) {
    fs.mkdirSync(path.dirname(pageFile), { recursive: true });
    const depth = child.split('/').length;
    const up = '../'.repeat(depth + 1);
    fs.writeFileSync(pageFile, `import { ResourceListPage } from '${up}crud';\nimport resource from '${up}resources/${area}/${kebab(entityName)}.resource';\n\n/** ${route} (spec §2). */\nexport default function Page() {\n  return <ResourceListPage resource={resource} />;\n}\n`);
    console.log(`wrote ${path.relative(ROOT, pageFile)}`);
  }
  lines.push(`  ${key(child)}: () => import('./${child}.page'),`);
} else lines.push(`  ${key(child)}: listPage(() => import('${resRel}')),`);
if (hasForms) {
  const base = child === 'index' ? '' : `${child}/`;
  lines.push(`  ${key(`${base}add`)}: formPage(() => import('${resRel}'), false),`);
  lines.push(`  ${key(`${base}modify`)}: formPage(() => import('${resRel}'), true),`);
}
const fresh = lines.filter((l) => !reg.includes(l.trim().split(':')[0]));
if (fresh.length) {
  if (!reg.includes("from '../../crud/page-module'")) reg = reg.replace(/(import type \{ PageModule \} from '..\/registry-types';\n)/, `$1import { formPage, listPage } from '../../crud/page-module';\n`);
  reg = reg.replace(/(export const PAGES: Record<string, PageModule> = \{)(\};)?/, (_, open: string, closed?: string) => `${open}\n${fresh.join('\n')}${closed ? '\n};' : ''}`);
  fs.writeFileSync(regFile, reg);
  console.log(`registered ${fresh.length} route(s) in ${path.relative(ROOT, regFile)}`);
}

// ── translations ──
const untranslated: string[] = [];
for (const lang of ['zh_CN', 'en'] as const) {
  const file = path.join(ROOT, 'web/i18n/locales', lang, 'areas', `${area}.ts`);
  let src = fs.readFileSync(file, 'utf8');
  if (new RegExp(`\\n\\s+${entityName}: \\{`).test(src)) continue;
  const labels = Object.keys(entity.fields).map((f) => {
    let label = lang === 'en' ? words(f) : ZH[f];
    if (!label) {
      label = words(f);
      untranslated.push(f);
    }
    return `${f}: '${label.replace(/'/g, "\\'")}'`;
  });
  const entry = `    ${entityName}: {\n      title: '${entity.title[lang].replace(/'/g, "\\'")}',\n      fields: { ${labels.join(', ')} },\n    },`;
  src = src.replace(/resources: \{(\})?/, (_, closed?: string) => `resources: {\n${entry}${closed ? '\n  }' : ''}`);
  fs.writeFileSync(file, src);
  console.log(`added resources.${entityName} to ${path.relative(ROOT, file)}`);
}
if (untranslated.length) console.log(`translate in zh_CN/areas/${area}.ts: ${[...new Set(untranslated)].join(', ')}`);

import fs from 'node:fs';
import path from 'node:path';
import { ENTITIES, type AnyEntity } from '../../server/contract/index.js';
import { ROUTE_TABLE } from '../../server/contract/route-table.js';
import zhLabels from '../../server/contract/labels/zh_CN.js';
import enLabels from '../../server/contract/labels/en.js';

/** What `scaffoldResource` is asked for: the `npm run new:resource` arguments, and the tree it writes into. */
export interface ScaffoldOptions {
  /** The project root the files are written under (the repository, or a copy of it). */
  root: string;
  area: string;
  /** A contract entity's name (`gameTag`). */
  entity: string;
  /** The list screen's route (`/games/tag`); guessed from the entity's name when absent. */
  route?: string;
  mode?: 'dialog' | 'drawer' | 'page';
  /** Write a page file for the list screen instead of drawing it straight from the declaration. */
  page?: boolean;
}

/** What `scaffoldResource` did: files relative to the root, and a line per step for the console. */
export interface ScaffoldResult {
  written: string[];
  log: string[];
}

/** A refusal of the arguments (unknown entity, wrong area, no such route): the message names what to give. */
export class ScaffoldError extends Error {}

type LabelPack = { common: Record<string, string>; resources: Record<string, { title: string; fields: Record<string, string> }> };
const LABELS: Record<'zh_CN' | 'en', LabelPack> = { zh_CN: zhLabels as LabelPack, en: enLabels as LabelPack };
const PAGE_MODULE = '../../crud/page-module';

const words = (f: string) => f.replace(/Ids?$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/^./, (c) => c.toUpperCase());
const kebab = (s: string) => s.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const list = (xs: string[]) => `[${xs.map(quote).join(', ')}]`;

/**
 * A field's label in `lang`: the label table's common one, else the label the same field has in most
 * other entities of the table, else (en) the field's words. Null when zh_CN has none to reuse: the
 * caller writes the field's words and lists the field for translation.
 */
function labelOf(lang: 'zh_CN' | 'en', field: string, self: string): string | null {
  const pack = LABELS[lang];
  if (pack.common[field]) return pack.common[field];
  const counts = new Map<string, number>();
  for (const [name, r] of Object.entries(pack.resources)) {
    const l = name === self ? undefined : r.fields?.[field];
    if (l) counts.set(l, (counts.get(l) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  return best ?? (lang === 'en' ? words(field) : null);
}

/** `import { a, b } from '../../crud/page-module';` in a registry holds `names` (added to the import, or a new import). */
function withImports(src: string, names: string[]): string {
  const re = /import \{([^}]*)\} from '\.\.\/\.\.\/crud\/page-module';/;
  const m = re.exec(src);
  if (m) {
    const all = [...new Set([...m[1].split(',').map((s) => s.trim()).filter(Boolean), ...names])].sort();
    return src.replace(re, `import { ${all.join(', ')} } from '${PAGE_MODULE}';`);
  }
  const line = `import { ${[...names].sort().join(', ')} } from '${PAGE_MODULE}';\n`;
  const types = /import type \{ PageModule \} from '\.\.\/registry-types';\n/;
  return types.test(src) ? src.replace(types, (t) => t + line) : line + src;
}

/**
 * Scaffolds a screen for a contract entity under `opts.root` (`npm run new:resource`):
 * - `web/resources/<area>/<entity-kebab>.resource.ts`: the declaration (route, columns, filters, form);
 * - in `web/pages/<area>/registry.ts` (made, and wired into `web/pages/registry.ts`, when the area has
 *   none) the list route as `listPage(...)`, or with `page` a page file `web/pages/<area>/<route>.page.tsx`
 *   registered with `listScreen(...)`, so either way the shell starts the list's first request at the
 *   menu click; `formPage(...)` lines for the route's hidden `add`/`modify` routes when the route table
 *   has them; the registry imports what its lines call;
 * - `resources.<entity>` (title from the contract, field labels reused from the table) in the label
 *   table `server/contract/labels/{zh_CN,en}.ts`, which the console's i18n and the server's refusals read.
 * Never overwrites: an existing declaration, page file, registry key or label entry is left as it is.
 */
export function scaffoldResource(opts: ScaffoldOptions): ScaffoldResult {
  const { root, area } = opts;
  const written: string[] = [];
  const log: string[] = [];
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    written.push(rel(file));
  };

  const entity = (ENTITIES as readonly AnyEntity[]).find((e) => e.name === opts.entity);
  if (!entity) throw new ScaffoldError(`no contract entity "${opts.entity}"`);
  if (entity.area !== area) throw new ScaffoldError(`entity ${entity.name} belongs to area ${entity.area}, not ${area}`);
  const name = entity.name;
  const group = ROUTE_TABLE.find((g) => g.path === `/${area}`);
  if (!group) throw new ScaffoldError(`no route group /${area}`);
  const children = (group.children ?? []).map((c) => c.path);
  let route = opts.route;
  if (!route) {
    // gameTag in /games → tag; goods in /goods → index; coupon → coupon.
    const stem = name.replace(new RegExp(`^${area.replace(/s$/, '')}s?`), '');
    const guess = stem ? stem.charAt(0).toLowerCase() + stem.slice(1) : 'index';
    if (children.includes(guess)) route = `/${area}/${guess}`;
  }
  if (!route || !children.includes(route.replace(`/${area}/`, ''))) throw new ScaffoldError(`give --route: one of ${children.map((c) => `/${area}/${c}`).join(', ')}`);
  const child = route.replace(`/${area}/`, '');
  const formBase = child === 'index' ? '' : `${child}/`;
  const hasForms = children.includes(`${formBase}add`) && children.includes(`${formBase}modify`);
  // Screens with hidden add/modify routes edit on those pages (spec §2); the others in a dialog.
  const mode = opts.mode ?? (hasForms ? 'page' : 'dialog');
  if (!['dialog', 'drawer', 'page'].includes(mode)) throw new ScaffoldError(`bad --mode ${mode}`);

  // ── declaration ──
  const shown = Object.keys(entity.fields).filter((f) => !entity.writeOnlyFields.includes(f));
  const columns = ['id', ...shown.slice(0, 8), 'createTime'];
  const filters = [...(entity.searchable.length ? ['keyword'] : []), ...Object.keys(entity.filters).filter((f) => f !== 'createTime' && f !== 'id').slice(0, 5)];
  const formFields = entity.writableFields.filter((f) => !entity.writeOnlyFields.includes(f) || mode !== 'page');
  const contractFile = ({ specialConfig: 'special-config' } as Record<string, string>)[area] ?? area;
  const resFile = path.join(root, 'web/resources', area, `${kebab(name)}.resource.ts`);
  const resRel = `../../resources/${area}/${kebab(name)}.resource`;
  if (!fs.existsSync(resFile)) {
    write(
      resFile,
      `import { ${name} } from '../../../server/contract/${contractFile}';
import { defineResource } from '../../crud';

/** ${route}: ${entity.title.en.toLowerCase()} records (spec §2); adjust columns, filters and form. */
export default defineResource({
  entity: ${name},
  route: '${route}',
  columns: ${list(columns)},
  filters: ${list(filters)},
  form: { mode: '${mode}', fields: ${list(formFields)} },
});
`,
    );
    log.push(`wrote ${rel(resFile)}`);
  } else log.push(`kept ${rel(resFile)} (exists)`);

  // ── page file and registry lines ──
  const regFile = path.join(root, 'web/pages', area, 'registry.ts');
  if (!fs.existsSync(regFile)) {
    write(regFile, `import type { PageModule } from '../registry-types';\n\n/** The ${area} area's view files (spec §2 /${area}): path under \`web/pages/\` → lazily loaded module. */\nexport const PAGES: Record<string, PageModule> = {};\n`);
    const rootReg = path.join(root, 'web/pages/registry.ts');
    let src = fs.readFileSync(rootReg, 'utf8');
    const imports = [...src.matchAll(/import \{ PAGES as \w+ \} from '\.\/[\w-]+\/registry';\n/g)];
    const last = imports[imports.length - 1];
    const line = `import { PAGES as ${area} } from './${area}/registry';\n`;
    src = last ? src.slice(0, last.index + last[0].length) + line + src.slice(last.index + last[0].length) : line + src;
    src = src.replace('...{ ...', `...{ ...${area}, ...`);
    fs.writeFileSync(rootReg, src);
    written.push(rel(rootReg));
    log.push(`wrote ${rel(regFile)} and wired it into web/pages/registry.ts`);
  }
  let reg = fs.readFileSync(regFile, 'utf8');
  // A registry that names its declarations (`const gameTag = () => import(...)`) reuses the name.
  const named = new RegExp(`const (\\w+) = \\(\\) => import\\('${resRel.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}'\\);`).exec(reg)?.[1];
  const load = named ?? `() => import('${resRel}')`;
  const lines: [string, string, string][] = [];
  const key = (p: string) => `'${area}/${p}.page.tsx'`;
  if (opts.page) {
    const pageFile = path.join(root, 'web/pages', area, `${child}.page.tsx`);
    if (!fs.existsSync(pageFile)) {
      const up = '../'.repeat(child.split('/').length + 1);
      write(
        pageFile,
        `import { ResourceListPage } from '${up}crud';\nimport resource from '${up}resources/${area}/${kebab(name)}.resource';\n\n/** ${route} (spec §2). */\nexport default function Page() {\n  return <ResourceListPage resource={resource} />;\n}\n`,
      );
      log.push(`wrote ${rel(pageFile)}`);
    } else log.push(`kept ${rel(pageFile)} (exists)`);
    lines.push([key(child), `listScreen(() => import('./${child}.page'), ${load})`, 'listScreen']);
  } else lines.push([key(child), `listPage(${load})`, 'listPage']);
  if (hasForms && mode === 'page') {
    lines.push([key(`${formBase}add`), `formPage(${load}, false)`, 'formPage']);
    lines.push([key(`${formBase}modify`), `formPage(${load}, true)`, 'formPage']);
  }
  const fresh = lines.filter(([k]) => !reg.includes(`${k}:`));
  for (const [k] of lines) if (!fresh.some(([f]) => f === k)) log.push(`kept ${k} in ${rel(regFile)} (exists)`);
  if (fresh.length) {
    reg = withImports(reg, [...new Set(fresh.map(([, , fn]) => fn))]);
    const body = fresh.map(([k, v]) => `  ${k}: ${v},`).join('\n');
    reg = reg.replace(/(export const PAGES: Record<string, PageModule> = \{)(\};)?/, (_, open: string, closed?: string) => `${open}\n${body}${closed ? '\n};' : ''}`);
    fs.writeFileSync(regFile, reg);
    if (!written.includes(rel(regFile))) written.push(rel(regFile));
    log.push(`registered ${fresh.length} route(s) in ${rel(regFile)}`);
  }

  // ── labels ──
  const untranslated: string[] = [];
  for (const lang of ['zh_CN', 'en'] as const) {
    const file = path.join(root, 'server/contract/labels', `${lang}.ts`);
    let src = fs.readFileSync(file, 'utf8');
    if (new RegExp(`\\n\\s+${name}: \\{`).test(src)) {
      log.push(`kept resources.${name} in ${rel(file)} (exists)`);
      continue;
    }
    const labels = Object.keys(entity.fields).map((f) => {
      let label = labelOf(lang, f, name);
      if (!label) {
        label = words(f);
        untranslated.push(f);
      }
      return `${f}: ${quote(label)}`;
    });
    const entry = `      ${name}: { title: ${quote(entity.title[lang])}, fields: { ${labels.join(', ')} } },\n`;
    const section = `// ── from ${contractFile}.ts ──\n`;
    const at = src.indexOf(section);
    if (at >= 0) src = src.slice(0, at + section.length) + entry + src.slice(at + section.length);
    else src = src.replace(/resources: \{\n/, (open) => open + entry);
    fs.writeFileSync(file, src);
    written.push(rel(file));
    log.push(`added resources.${name} to ${rel(file)}`);
  }
  if (untranslated.length) log.push(`translate in server/contract/labels/zh_CN.ts: ${[...new Set(untranslated)].join(', ')}`);
  return { written, log };
}

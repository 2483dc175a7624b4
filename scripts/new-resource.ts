import { scaffoldResource, ScaffoldError, type ScaffoldOptions } from './lib/scaffold.js';

/**
 * `npm run new:resource <area>/<entity> [-- --route /games/tag] [--mode dialog|drawer|page] [--page]`
 *
 * Scaffolds a screen for a contract entity in the current directory's tree: its declaration, its
 * registry lines (with the menu-click prefetch) and its labels in both languages. What it writes and
 * why: `scripts/lib/scaffold.ts`.
 */

const USAGE = 'usage: npm run new:resource <area>/<entity> [-- --route /area/path] [--mode dialog|drawer|page] [--page]';
const args = process.argv.slice(2);
const opt = (k: string) => (args.includes(`--${k}`) ? args[args.indexOf(`--${k}`) + 1] : undefined);
const target = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--route' && args[i - 1] !== '--mode');
if (!target || !target.includes('/')) {
  console.error(`name the area and entity\n${USAGE}`);
  process.exit(1);
}
const [area, entity] = target.split('/');
try {
  const { log } = scaffoldResource({ root: process.cwd(), area, entity, route: opt('route'), mode: opt('mode') as ScaffoldOptions['mode'], page: args.includes('--page') });
  for (const line of log) console.log(line);
} catch (e) {
  if (!(e instanceof ScaffoldError)) throw e;
  console.error(`${e.message}\n${USAGE}`);
  process.exit(1);
}

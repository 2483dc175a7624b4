import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * PrimeReact's lara theme writes its blue as literal colours in about 250 rules instead of reading
 * `--primary-color`, so a runtime theme colour (spec §4/§9, default #0960bd) needs the same rules
 * again with those colours replaced by variables. `web/app/theme/primary.css` is that copy; this test
 * derives it from the installed lara-light-blue sheet and fails when the checked-in file is stale
 * (after a PrimeReact upgrade). Regenerate with:
 *   UPDATE_PRIMARY_CSS=1 npx vitest run tests/web/color-primary-css.test.ts
 * The variables are set on <html> by web/app/theme/theme.ts from `primaryPalette` (web/lib/color.ts).
 */
const THEME = path.resolve('node_modules/primereact/resources/themes/lara-light-blue/theme.css');
const OUT = path.resolve('web/app/theme/primary.css');

/** Lara light's blue family, each mapped to the variable that carries the same role. */
function replaceColors(prop: string, value: string): string {
  return value
    // Text in the theme colour sits on the page's surfaces: its own variable, lighter in dark mode.
    .replace(/#3b82f6/gi, prop === 'color' ? 'var(--primary-text)' : 'var(--primary-color)')
    .replace(/#2563eb/gi, 'var(--primary-hover)')
    .replace(/#1d4ed8/gi, prop === 'color' ? 'var(--highlight-text-color)' : 'var(--primary-active)')
    .replace(/#bfdbfe|#9dc1fb/gi, 'var(--primary-focus)')
    // The button focus ring's gap is white in lara light, the card colour in lara dark.
    .replace(/0 0 0 2px #ffffff/gi, '0 0 0 2px var(--surface-card)')
    .replace(/#eff6ff/gi, 'var(--highlight-bg)')
    .replace(/rgba\(59, 130, 246, 0\.24\)/g, 'var(--primary-a24)')
    .replace(/rgba\(59, 130, 246, 0\.16\)/g, 'var(--primary-a16)')
    .replace(/rgba\(59, 130, 246, 0\.04\)/g, 'var(--primary-a04)');
}
const BLUE = /#3b82f6|#2563eb|#1d4ed8|#bfdbfe|#9dc1fb|#eff6ff|rgba\(59, 130, 246, 0\.(?:24|16|04)\)/i;

interface Block {
  prelude: string;
  body: string | Block[];
}

/** A small CSS block parser: enough for the generated lara sheet (no braces inside strings). */
function parse(css: string): Block[] {
  const out: Block[] = [];
  let i = 0;
  const walk = (into: Block[]) => {
    while (i < css.length) {
      const open = css.indexOf('{', i);
      const close = css.indexOf('}', i);
      if (close !== -1 && (open === -1 || close < open)) {
        i = close + 1;
        return;
      }
      if (open === -1) return;
      const prelude = css.slice(i, open).trim();
      i = open + 1;
      if (/^@(media|layer|supports|keyframes|container)\b/.test(prelude)) {
        const children: Block[] = [];
        walk(children);
        into.push({ prelude, body: children });
      } else {
        const end = css.indexOf('}', i);
        into.push({ prelude, body: css.slice(i, end) });
        i = end + 1;
      }
    }
  };
  walk(out);
  return out;
}

function rewrite(blocks: Block[], indent = ''): string[] {
  const lines: string[] = [];
  for (const b of blocks) {
    if (Array.isArray(b.body)) {
      if (b.prelude.startsWith('@keyframes')) continue;
      const inner = rewrite(b.body, indent + '  ');
      if (inner.length) lines.push(`${indent}${b.prelude} {`, ...inner, `${indent}}`);
      continue;
    }
    // Custom properties on :root are set inline on <html>; @font-face and keyframes carry no blue.
    if (b.prelude.startsWith('@') || b.prelude === ':root' || /^(from|to|\d+%)$/.test(b.prelude)) continue;
    const decls = b.body
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d && BLUE.test(d))
      .map((d) => {
        const colon = d.indexOf(':');
        const prop = d.slice(0, colon).trim();
        return `${prop}: ${replaceColors(prop, d.slice(colon + 1).trim())}`;
      });
    if (!decls.length) continue;
    const selector = b.prelude.replace(/\s*\n\s*/g, ' ');
    lines.push(`${indent}${selector} { ${decls.join('; ')}; }`);
  }
  return lines;
}

function generate(): string {
  const pkg = JSON.parse(fs.readFileSync(path.resolve('node_modules/primereact/package.json'), 'utf8')) as { version: string };
  const header = [
    `/* Generated from primereact ${pkg.version} lara-light-blue by tests/web/color-primary-css.test.ts: do not edit.`,
    ' * Lara hard-codes its blue; these are the same rules (same layer, same selectors, later in order)',
    ' * with the blues replaced by the variables theme.ts sets on <html> from the theme colour (spec §4, §9). */',
  ];
  const css = fs.readFileSync(THEME, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return [...header, ...rewrite(parse(css)), ''].join('\n');
}

describe('primary.css: lara rules re-coloured by the theme colour variables', () => {
  test('the checked-in file matches what the installed lara theme yields', () => {
    const fresh = generate();
    if (process.env.UPDATE_PRIMARY_CSS) fs.writeFileSync(OUT, fresh);
    expect(fs.readFileSync(OUT, 'utf8')).toBe(fresh);
  });

  test('no lara blue is left, rules stay in the primereact layer, and buttons are covered', () => {
    const css = fs.readFileSync(OUT, 'utf8');
    expect(css).not.toMatch(BLUE);
    expect(css).toMatch(/@layer primereact \{/);
    expect(css).toMatch(/\n {2}\.p-button \{ [^}]*background: var\(--primary-color\)/);
    expect(css).toMatch(/\.p-button:not\(:disabled\):hover \{ [^}]*background: var\(--primary-hover\)/);
  });
});

import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildServer } from '../../scripts/build.js';
import { PROJECT_ROOT } from '../../scripts/lib/web-bundle.js';

/**
 * Item 1: `dependencies` in package.json are exactly the packages the built server loads at
 * run time, since the image installs only those (`npm ci --omit=dev`). The browser bundle's packages,
 * TypeScript and the tools are build inputs (`devDependencies`): a package missing here crashes the
 * container at start, a package too many costs image size.
 */

/**
 * Listed in `dependencies` although the current bundle imports nothing of it, with the reason. An
 * entry stays harmless once the import lands (it is then simply used).
 */
const DECLARED_AHEAD: Record<string, string> = {
  '@fastify/static': 'serves stored uploads (DEVELOPERS.md) and serves the upload folder',
};

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Bare specifiers (not relative, not absolute, not Node built-ins) the bundle loads, as package names. */
async function bareImportsOf(bundle: string): Promise<Set<string>> {
  // esbuild reads the built file back and reports every import, export-from, import() with a string
  // and require() with a string as external; nothing is bundled a second time.
  const analysis = await esbuild.build({
    entryPoints: [bundle],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const specifiers = Object.values(analysis.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
  // createRequire(import.meta.url)('x') and createRequire(...).resolve('x') are plain calls to esbuild.
  const text = fs.readFileSync(bundle, 'utf8');
  for (const m of text.matchAll(/createRequire\w*\([^()]*\)(?:\.resolve)?\(\s*["'`]([^"'`]+)["'`]/g)) specifiers.push(m[1]);
  return new Set(specifiers.filter((s) => !s.startsWith('.') && !s.startsWith('/') && !s.startsWith('file:') && !isBuiltin(s)).map(packageOf));
}

describe('package.json dependencies are the built server’s run-time packages', () => {
  let dir: string;
  let imported: Set<string>;
  const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const declared = Object.keys(pkg.dependencies);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deps-test-'));
    // The same bundling `npm run build` does for dist/server/main.js (about 0.1 s).
    await buildServer(path.join(dir, 'main.js'));
    imported = await bareImportsOf(path.join(dir, 'main.js'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('the analysis sees the known imports, including the createRequire ones', () => {
    // Guards the detector itself: fastify is a static import, faker and read-excel-file are loaded
    // through createRequire (lazily, and as a worker's module URL).
    expect([...imported]).toEqual(expect.arrayContaining(['fastify', '@faker-js/faker', 'read-excel-file']));
  });

  test('every package the server loads is in dependencies', () => {
    const missing = [...imported].filter((p) => !declared.includes(p)).sort();
    expect(missing, `loaded by dist/server/main.js but not in "dependencies" (the image would lack them): ${missing.join(', ')}`).toEqual([]);
  });

  test('nothing else is in dependencies', () => {
    const extra = declared.filter((p) => !imported.has(p) && !(p in DECLARED_AHEAD)).sort();
    expect(extra, `in "dependencies" but not loaded by the server (move to devDependencies, or remove if nothing uses them): ${extra.join(', ')}`).toEqual([]);
  });

  test('no package is declared twice', () => {
    expect(declared.filter((p) => p in pkg.devDependencies)).toEqual([]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountUseRecord, gameAccount } from '../../server/contract/account.js';
import { scaffoldResource, ScaffoldError, type ScaffoldResult } from '../../scripts/lib/scaffold.js';
import { PROJECT_ROOT } from '../../scripts/lib/web-bundle.js';

/**
 * `npm run new:resource` in a copy of the tree from which the account area's two list screens are
 * taken away (declarations, page file, registry lines and the registry's kit import, labels): what it
 * writes type-checks, bundles, registers both screens with their list entry (the menu-click
 * prefetch), and puts the labels in the label table in both languages.
 */

let tmp: string;
let first: ScaffoldResult;
let paged: ScaffoldResult;
const at = (rel: string) => path.join(tmp, rel);
const read = (rel: string) => fs.readFileSync(at(rel), 'utf8');

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-scaffold-'));
  for (const d of ['web', 'server']) fs.cpSync(path.join(PROJECT_ROOT, d), at(d), { recursive: true });
  fs.copyFileSync(path.join(PROJECT_ROOT, 'tsconfig.json'), at('tsconfig.json'));
  fs.symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), at('node_modules'), 'dir');
  fs.rmSync(at('web/resources/account/game-account.resource.ts'));
  fs.rmSync(at('web/pages/account/useRecord.page.tsx'));
  const reg = 'web/pages/account/registry.ts';
  fs.writeFileSync(at(reg), read(reg).split('\n').filter((l) => !/account\/list\.page|account\/useRecord\.page|crud\/page-module/.test(l)).join('\n'));
  for (const lang of ['zh_CN', 'en']) {
    const f = `server/contract/labels/${lang}.ts`;
    fs.writeFileSync(at(f), read(f).split('\n').filter((l) => !/^\s+(gameAccount|accountUseRecord): \{/.test(l)).join('\n'));
  }
  first = scaffoldResource({ root: tmp, area: 'account', entity: 'gameAccount', route: '/account/list' });
  paged = scaffoldResource({ root: tmp, area: 'account', entity: 'accountUseRecord', route: '/account/useRecord', page: true });
});

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('npm run new:resource', () => {
  test('writes the declaration, the page file, the registry lines and the labels, and nothing twice', () => {
    expect(first.written).toEqual(['web/resources/account/game-account.resource.ts', 'web/pages/account/registry.ts', 'server/contract/labels/zh_CN.ts', 'server/contract/labels/en.ts']);
    expect(paged.written).toContain('web/pages/account/useRecord.page.tsx');
    const again = scaffoldResource({ root: tmp, area: 'account', entity: 'gameAccount', route: '/account/list' });
    expect(again.written).toEqual([]);
  });

  test('the generated files type-check with the code they import', () => {
    const files = [
      'web/env.d.ts',
      'web/pages/account/registry.ts',
      'web/pages/account/useRecord.page.tsx',
      'web/resources/account/game-account.resource.ts',
      'web/resources/account/account-use-record.resource.ts',
      'server/contract/labels/zh_CN.ts',
      'server/contract/labels/en.ts',
    ].map(at);
    const config = ts.getParsedCommandLineOfConfigFile(at('tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    const program = ts.createProgram(files, { ...config!.options, noEmit: true });
    // The written files' own diagnostics (what they import is read for its types, and checked by
    // `npm run typecheck` on the tree itself).
    const written = files.map((f) => program.getSourceFile(f)!);
    const diagnostics = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(), ...written.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)])];
    const problems = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n') + (d.file ? ` (${path.relative(tmp, d.file.fileName)})` : ''));
    expect(problems).toEqual([]);
  }, 120_000);

  test('the area registry bundles with its screens', async () => {
    const out = await esbuild.build({
      absWorkingDir: tmp,
      entryPoints: [at('web/pages/account/registry.ts')],
      bundle: true,
      write: false,
      format: 'esm',
      splitting: true,
      outdir: at('out'),
      jsx: 'automatic',
      logLevel: 'silent',
      loader: Object.fromEntries(['.woff', '.woff2', '.ttf', '.eot', '.svg', '.png'].map((e) => [e, 'empty' as const])),
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    expect(out.errors).toEqual([]);
    expect(out.outputFiles.length).toBeGreaterThan(1);
  }, 60_000);

  test('both screens start their first request at the menu click', async () => {
    const { PAGES } = (await import(at('web/pages/account/registry.ts'))) as typeof import('../../web/pages/account/registry');
    expect(typeof PAGES['account/list.page.tsx']?.listEntry).toBe('function');
    expect(typeof PAGES['account/useRecord.page.tsx']?.listEntry).toBe('function');
  });

  test('the labels go to the label table in both languages, every field named', async () => {
    for (const lang of ['zh_CN', 'en'] as const) {
      const { default: labels } = (await import(at(`server/contract/labels/${lang}.ts`))) as { default: { resources: Record<string, { title: string; fields: Record<string, string> }> } };
      for (const entity of [gameAccount, accountUseRecord]) {
        expect(labels.resources[entity.name].title).toBe(entity.title[lang]);
        expect(Object.keys(labels.resources[entity.name].fields).sort()).toEqual(Object.keys(entity.fields).sort());
      }
    }
    // A field other entities label is labelled the same way.
    expect(read('server/contract/labels/zh_CN.ts')).toMatch(/gameAccount: \{ title: '游戏账号', fields: \{ gameId: '游戏'/);
  });

  test('a route the area does not have is refused with the routes it has', () => {
    expect(() => scaffoldResource({ root: tmp, area: 'account', entity: 'gameAccount', route: '/account/nope' })).toThrow(ScaffoldError);
    expect(() => scaffoldResource({ root: tmp, area: 'account', entity: 'gameAccount', route: '/account/nope' })).toThrow(/\/account\/list/);
  });
});

/**
 * Prints the module graph's facts the layering rules care about (architecture "Boundaries"):
 * imports into web/app from the layers below it, and every import circle (strongly connected
 * component of two or more files, or a file importing itself) in web/ and server/ — static,
 * type-only, re-export and lazy `import()` edges alike. Usage: `tsx scripts/import-graph.ts [--list]`.
 * Exit code 0; the counts are for reports. `import-x/no-cycle` and `no-restricted-imports` in
 * eslint.config.js keep them at 0 while editing; tests/web/layers.test.ts asserts them (no-cycle
 * skips type-only imports, this graph does not).
 */
import ts from 'typescript';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** Imports into web/app from the layers below it, and the import circles (repo-relative paths). */
export interface ImportGraphFacts {
  files: number;
  /** `from -> to` pairs. */
  upward: string[];
  /** Each circle's files, sorted. */
  circles: string[][];
}

/** Reads web/ and server/ under `root` and returns the facts the layering rules care about. */
export function importGraphFacts(root: string = resolve(import.meta.dirname, '..')): ImportGraphFacts {

  function walk(dir: string, out: string[] = []): string[] {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p, out);
      else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
    }
    return out;
  }

  const files = [...walk(join(root, 'web')), ...walk(join(root, 'server'))];
  const options: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, jsx: ts.JsxEmit.ReactJSX, resolveJsonModule: true };
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const deps = new Set<string>();
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const r = ts.resolveModuleName(ref.fileName, file, options, ts.sys).resolvedModule;
      if (r && !r.isExternalLibraryImport && /\.(ts|tsx)$/.test(r.resolvedFileName) && !r.resolvedFileName.endsWith('.d.ts')) deps.add(resolve(r.resolvedFileName));
    }
    graph.set(resolve(file), deps);
  }
  const rel = (p: string) => relative(root, p);

  // Upward imports: a file below the shell (not web/app, not the entry points) importing web/app.
  const below = /^web\/(pages|resources|crud|parts|components|api|lib|machines|services|i18n)\//;
  const upward: string[] = [];
  for (const [from, deps] of graph) for (const to of deps) if (below.test(rel(from)) && rel(to).startsWith('web/app/')) upward.push(`${rel(from)} -> ${rel(to)}`);

  // Tarjan's strongly connected components.
  let index = 0;
  const idx = new Map<string, number>(), low = new Map<string, number>(), onStack = new Set<string>(), stack: string[] = [];
  const sccs: string[][] = [];
  function strong(v: string) {
    idx.set(v, index); low.set(v, index); index++; stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) { strong(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const c: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); c.push(w); } while (w !== v);
      if (c.length > 1 || graph.get(v)!.has(v)) sccs.push(c.map(rel).sort());
    }
  }
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return { files: graph.size, upward, circles: sccs };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const list = process.argv.includes('--list');
  const { files, upward, circles: sccs } = importGraphFacts();
  console.log(`files: ${files}`);
  console.log(`imports into web/app from below: ${upward.length}`);
  if (list) upward.forEach((u) => console.log(`  ${u}`));
  console.log(`import circles (strongly connected groups): ${sccs.length} (web ${sccs.filter((c) => c[0].startsWith('web/')).length}, server ${sccs.filter((c) => c[0].startsWith('server/')).length}); files in them: ${sccs.reduce((n, c) => n + c.length, 0)}`);
  if (list) sccs.forEach((c) => console.log(`  [${c.length}] ${c.join(' ')}`));
}

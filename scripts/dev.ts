import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { appBuildOptions, assertSafeOutDir, bootBuildOptions, entryFiles, PROJECT_ROOT, renderIndexHtml, writeFavicon } from './lib/web-bundle.js';

/**
 * `npm run dev [-- <server flags>]`: rebuilds the web bundle into dist/web on every change (esbuild
 * watch, unminified, React in development mode, no precompression) and runs the server with
 * `tsx watch server/main.ts`, which restarts it when server code changes. Server flags such as
 * `--port 9000` are passed through; DIST_DIR, when set, moves the bundle for both. Ctrl+C stops
 * both. Reload the page to see web changes.
 */
const webRoot = path.join(PROJECT_ROOT, 'web');
const outDir = path.resolve(process.env.DIST_DIR || path.join(PROJECT_ROOT, 'dist', 'web'));
const indexHtml = path.join(outDir, 'index.html');

// Shown until the first successful build, so the server (which looks for index.html once, at
// start) serves the app as soon as a later rebuild succeeds instead of answering 503.
const PLACEHOLDER = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>Game Console</title></head>
<body><p>The web bundle does not build yet: see the terminal running <code>npm run dev</code>, fix the error, then reload.</p></body></html>
`;

const time = () => new Date().toTimeString().slice(0, 8);

async function main() {
  assertSafeOutDir(outDir, webRoot);
  await fs.rm(outDir, { recursive: true, force: true });
  await fs.mkdir(outDir, { recursive: true });
  await writeFavicon(outDir);

  const metas: { app: Metafile | null; boot: Metafile | null } = { app: null, boot: null };
  const writeIndex = async () => {
    if (!metas.app || !metas.boot) return;
    await fs.writeFile(indexHtml, renderIndexHtml(outDir, entryFiles(metas.app, metas.boot, webRoot)));
  };
  // esbuild prints the errors itself (logLevel 'warning'); this records the metafile and rewrites index.html.
  const firstBuilds: Promise<void>[] = [];
  const track = (which: 'app' | 'boot'): Plugin => ({
    name: `track-${which}`,
    setup(b) {
      let firstDone!: () => void;
      firstBuilds.push(new Promise<void>((resolve) => (firstDone = resolve)));
      let started = 0;
      b.onStart(() => {
        started = performance.now();
      });
      b.onEnd(async (result) => {
        if (result.errors.length || !result.metafile) {
          console.log(`[web ${time()}] ${which} build failed; watching for changes`);
        } else {
          metas[which] = result.metafile;
          try {
            await writeIndex();
            console.log(`[web ${time()}] ${which} built in ${(performance.now() - started).toFixed(0)} ms`);
          } catch (err) {
            console.error(`[web ${time()}] ${(err as Error).message}`);
          }
        }
        firstDone();
      });
    },
  });
  const options = (base: BuildOptions, which: 'app' | 'boot'): BuildOptions => ({ ...base, logLevel: 'warning', plugins: [track(which)] });
  const p = { webRoot, outDir, minify: false, dev: true };
  const contexts = await Promise.all([esbuild.context(options(appBuildOptions(p), 'app')), esbuild.context(options(bootBuildOptions(p), 'boot'))]);

  // watch() starts with a full build; the server starts once both have ended, failed or not.
  await Promise.all(contexts.map((c) => c.watch()));
  await Promise.all(firstBuilds);
  if (!metas.app || !metas.boot) await fs.writeFile(indexHtml, PLACEHOLDER);

  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
  const server: ChildProcess = spawn(process.execPath, [tsxCli, 'watch', '--clear-screen=false', 'server/main.ts', ...process.argv.slice(2)], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals | null, code: number) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(contexts.map((c) => c.dispose()));
    if (server.exitCode === null && server.signalCode === null) {
      // A terminal's Ctrl+C reaches the whole process group, so tsx is already stopping; a SIGTERM
      // sent to this process alone is forwarded. Either way tsx stops the server it runs.
      if (signal === 'SIGTERM') server.kill('SIGTERM');
      const force = setTimeout(() => server.kill('SIGKILL'), 5000);
      await new Promise((resolve) => server.once('exit', resolve));
      clearTimeout(force);
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
  server.on('exit', (code) => {
    if (!stopping) {
      console.error(`[dev] the server watcher exited (${code ?? 'signal'}); stopping`);
      void stop(null, code ?? 1);
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

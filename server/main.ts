import { spawnSync } from 'node:child_process';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { generate } from './mock/store/seed.js';
import { saveSnapshot, writeSnapshotsWith } from './mock/store/snapshot.js';
import { SEED_STEPS } from './mock/store/steps.js';
import { ConfigError, loadConfig } from './config.js';
import { inContainer, listeningLine } from './startup.js';

/**
 * Starts the console: reads and validates the config, listens, and on SIGTERM/SIGINT stops
 * accepting connections while in-flight requests finish (up to SHUTDOWN_GRACE_MS).
 */
async function main() {
  let config;
  try {
    config = loadConfig(process.argv.slice(2), process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      // The last line a container shows before it stops (compose reports exit code 2 and, with
      // `restart: on-failure:N`, gives up after N tries instead of looping in silence).
      console.error(`Configuration error: ${e.message}. The console did not start (exit code 2): fix the setting and start it again.`);
      process.exit(2);
    }
    throw e;
  }
  const app = await buildApp(config);
  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    // close() drops connections idle at that moment; a request still running then leaves a
    // keep-alive socket behind when it ends, which would hold the process until the grace
    // period runs out. Sweep those as they go idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(sweep);
    }
  });
  await app.listen({ host: config.host, port: config.port });
  app.log.info(listeningLine(config, app.server.address(), inContainer()));
}

/**
 * Set (to `{cacheDir, seed, scale, refMs}` as JSON) when this entry runs as the child that writes a seed
 * snapshot: the generation's ~250 MB of heap and buffers would otherwise stay in the
 * serving process's RSS for good (V8 and malloc keep what they grew to), measured at 260–290 MB
 * after a 60 s load against ~150 MB when the snapshot existed.
 */
const WRITE_SNAPSHOT = 'GAME_CONSOLE_WRITE_SNAPSHOT';

const snapshotJob = process.env[WRITE_SNAPSHOT];
if (snapshotJob) {
  const { cacheDir, seed, scale, refMs } = JSON.parse(snapshotJob) as { cacheDir: string; seed: number; scale: number; refMs: number };
  saveSnapshot(cacheDir, generate(seed, scale, SEED_STEPS, refMs));
  process.exit(0);
} else {
  // The child is this very entry with the same node flags (a debugger's port left out), waited for
  // as the in-process generation would be; a failure leaves the generation to this process.
  const execArgv = process.execArgv.filter((a) => !a.startsWith('--inspect'));
  writeSnapshotsWith((cacheDir, seed, scale, refMs) => {
    const r = spawnSync(process.execPath, [...execArgv, process.argv[1]], { env: { ...process.env, [WRITE_SNAPSHOT]: JSON.stringify({ cacheDir, seed, scale, refMs }) }, stdio: ['ignore', 'ignore', 'inherit'] });
    return r.status === 0;
  });
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

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
      console.error(`Configuration error: ${e.message}`);
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
  app.log.info(`console (${config.mode} mode) at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.js';

/**
 * Whether this process runs in a container (Docker writes `/.dockerenv`, Podman
 * `/run/.containerenv`; the image also sets `CONSOLE_IN_CONTAINER=1`). Inside one, the listening
 * address says nothing about the URL a browser uses: the host port is whatever `ports:` publishes.
 */
export function inContainer(env: NodeJS.ProcessEnv = process.env, exists: (p: string) => boolean = fs.existsSync): boolean {
  if (env.CONSOLE_IN_CONTAINER === '1') return true;
  return exists('/.dockerenv') || exists('/run/.containerenv');
}

/**
 * The start-up log line naming where the console can be reached.
 * - `PUBLIC_HOST` set: that name, as the address people use (the scheme is the front proxy's).
 * - in a container without it: the port inside the container, and that the published URL is not
 *   known here (compose maps some host port to it), with how to find or name it.
 * - otherwise: `http://localhost:<port>` when listening on every interface, else the listen address.
 * @param address the bound address (`app.server.address()`), so `PORT=0` shows the real port.
 */
export function listeningLine(config: Pick<Config, 'mode' | 'host' | 'port' | 'publicHost'>, address: AddressInfo | string | null, container: boolean): string {
  const port = address && typeof address === 'object' ? address.port : config.port;
  const head = `console (${config.mode} mode)`;
  if (config.publicHost) return `${head} listening on port ${port}; public address ${config.publicHost} (PUBLIC_HOST)`;
  if (container)
    return (
      `${head} listening on port ${port} inside the container; the published URL is not known here ` +
      `(it is the host port mapped to ${port}: \`docker compose port console ${port}\`); set PUBLIC_HOST to name it in this line`
    );
  const any = config.host === '0.0.0.0' || config.host === '::';
  const host = any ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `${head} at http://${host}:${port}`;
}

import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';

/** One request as the throwaway platform received it: raw path (with query), headers, body bytes. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Answers one received request; may also never answer (a platform that hangs). */
export type UpstreamHandler = (req: Received, res: ServerResponse) => void;

export interface Upstream {
  /** Base URL to put in UPSTREAM_URL, e.g. `http://127.0.0.1:40123`. */
  url: string;
  port: number;
  /** Every request received so far, in arrival order. */
  received: Received[];
  /** Stops listening and cuts open connections (including ones a hanging handler holds). */
  close(): Promise<void>;
}

/**
 * The default platform: `/secret` (outside every proxied prefix) answers a marker the tests
 * look for; anything else echoes method and path in a success envelope.
 */
export const echoHandler: UpstreamHandler = (req, res) => {
  if (req.url.split('?')[0] === '/secret') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('TOP SECRET');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 200, data: { method: req.method, url: req.url }, message: 'ok' }));
};

/**
 * A test-only self-signed certificate for 127.0.0.1 (valid to 2126). Nothing trusts it, which
 * is the point: the proxy must refuse to talk to an upstream presenting it.
 */
export const SELF_SIGNED = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgWmco1KmPkVr02I5y
Pe0zlJVOFS9+ZMiBK0gjtolj8iChRANCAATD9TcLtDZge9YBm7/f3aOENFeWx+/3
LHZ9Jg7MGFEEh7t7It3ZC/9ofAkZ0/ReBSE/QAHz1GUUzuVae27QiyB8
-----END PRIVATE KEY-----
`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBmjCCAUGgAwIBAgIUY/0B+guh23pQWLog4gJ0vLcfhlgwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMTA4MzA0NloYDzIxMjYxMDI4
MDgzMDQ2WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAATD9TcLtDZge9YBm7/f3aOENFeWx+/3LHZ9Jg7MGFEEh7t7It3ZC/9o
fAkZ0/ReBSE/QAHz1GUUzuVae27QiyB8o28wbTAdBgNVHQ4EFgQUG9xs3y49D5e9
gMoH85QnCaRoS70wHwYDVR0jBBgwFoAUG9xs3y49D5e9gMoH85QnCaRoS70wDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDRwAwRAIgA5HH9+9/MyoR7ek6nsKYPEFogpWuyRHuq7Yo+5L46FUCIDHp
CiHWl1TR3gWhYl4JWGDHdHXDqbx6F7SLHbP6K6k+
-----END CERTIFICATE-----
`,
};

/**
 * Starts a throwaway platform on 127.0.0.1, port 0, that records every request (body read in
 * full) and then hands it to `handler`. With `tls`, it speaks HTTPS with that key and cert.
 */
export async function startUpstream(handler: UpstreamHandler = echoHandler, tls?: { key: string; cert: string }): Promise<Upstream> {
  const received: Received[] = [];
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(r);
      handler(r, res);
    });
  };
  const server = tls ? https.createServer(tls, onRequest) : http.createServer(onRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A 127.0.0.1 port where nothing listens (bound, read, released): connecting is refused. */
export async function deadPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

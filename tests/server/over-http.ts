import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** An answer read over real HTTP, shaped like `inject`'s (the fields the server tests read). */
export interface HttpAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  rawPayload: Buffer;
  /** The body as UTF-8 text. */
  body: string;
  payload: string;
  json(): any;
}

/** What a test sends: `inject`'s options as the server tests use them. */
export interface HttpCall {
  method: string;
  url: string;
  /** An object is sent as JSON (with `application/json` unless a content type is given); a string or Buffer as is. */
  payload?: object | string | Buffer;
  headers?: Record<string, string | number | string[] | undefined>;
}

/** The port `app` listens on, listening on 127.0.0.1:0 first when it does not yet. */
export async function portOf(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * The proxy, hybrid, drift and record tests speak to the app through a real
 * listening socket, so that the raw relay (server/relay, answered from the server's `request` event)
 * is what they prove; `inject` would only ever reach Fastify's road. One connection per call
 * (no keep-alive), so nothing outlives the test; the app is closed by the test as before.
 */
export async function overHttp(app: FastifyInstance, call: HttpCall): Promise<HttpAnswer> {
  const port = await portOf(app);
  const headers: Record<string, string | number | string[]> = {};
  for (const [k, v] of Object.entries(call.headers ?? {})) if (v !== undefined) headers[k.toLowerCase()] = v;
  let body: Buffer | undefined;
  if (call.payload !== undefined) {
    if (Buffer.isBuffer(call.payload)) body = call.payload;
    else if (typeof call.payload === 'string') body = Buffer.from(call.payload);
    else {
      body = Buffer.from(JSON.stringify(call.payload));
      headers['content-type'] ??= 'application/json';
    }
    // Node's client refuses a Trailer header beside Content-Length: such a body goes chunked.
    if (headers.trailer === undefined) headers['content-length'] ??= body.length;
  }
  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: call.method, path: call.url, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const rawPayload = Buffer.concat(chunks);
        const text = rawPayload.toString('utf8');
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, rawPayload, body: text, payload: text, json: () => JSON.parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

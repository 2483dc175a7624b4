import net from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { makeApp, signIn } from './helpers.js';
import { portOf } from './over-http.js';
import { startUpstream, type Upstream } from './upstream.js';

/**
 * The body-silence guard on the raw roads (server/plugins/limits.ts `guardRequestBody`):
 * a body whose first bytes came with the headers and whose rest never comes is cut off with the 408
 * envelope after BODY_TIMEOUT_MS on the mock's raw list road and on the proxy's raw relay, as on
 * Fastify's road; a whole body in the packet of its headers is answered as before.
 */

const toClose: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (toClose.length) await toClose.pop()!();
});

/** Writes `head` on a fresh connection and resolves with everything received until the server closes it (or `ms`). */
function rawExchange(port: number, head: string, ms = 5000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (d) => (received += d));
    socket.on('error', () => {});
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
const bodyOf = (raw: string) => JSON.parse(raw.split('\r\n\r\n').slice(1).join('\r\n\r\n'));

test('mock mode, a list call: a body that stops arriving is cut off with 408; a whole one is answered', async () => {
  const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05', BODY_TIMEOUT_MS: '300' });
  toClose.push(() => app.close());
  const token = await signIn(app);
  const port = await portOf(app);
  const head = (length: number) => `POST /v1/member/list HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
  const cut = await rawExchange(port, head(100) + '{"pageNum"');
  expect(statusOf(cut)).toBe(408);
  expect(bodyOf(cut)).toMatchObject({ code: 408, data: null, key: 'request.bodyTimeout' });
  const whole = await rawExchange(port, head(13) + '{"pageNum":1}');
  expect(statusOf(whole)).toBe(200);
  expect(bodyOf(whole)).toMatchObject({ code: 200 });
});

test('proxy mode: a body that stops arriving is cut off with 408 and never reaches the platform whole; a whole one is relayed', async () => {
  const upstream: Upstream = await startUpstream();
  toClose.push(() => upstream.close());
  const { app } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: upstream.url, BODY_TIMEOUT_MS: '300' });
  toClose.push(() => app.close());
  const port = await portOf(app);
  const head = (length: number) => `POST /v1/feedbackType/add HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
  const cut = await rawExchange(port, head(100) + '{"typeName"');
  expect(statusOf(cut)).toBe(408);
  expect(bodyOf(cut)).toMatchObject({ code: 408, key: 'request.bodyTimeout' });
  const whole = await rawExchange(port, head(2) + '{}');
  expect(statusOf(whole)).toBe(200);
  expect(upstream.received.filter((r) => r.url === '/v1/feedbackType/add')).toHaveLength(1);
});

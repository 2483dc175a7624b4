import os from 'node:os';

/** A URL as logged: `token` and `password` query values are replaced. */
export const logUrl = (url: string) => (url.includes('=') ? url.replace(/([?&](?:token|password)=)[^&]*/gi, '$1[redacted]') : url);

/** `"pid":…,"hostname":…` as pino's base bindings write them. */
const BASE = `"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;

/**
 * The access log's line for one answered request (issue 13; issue 22: shared by Fastify's log
 * controller in server/app.ts and the raw relay in server/relay): the JSON pino would write
 * (`level`, `time`, `pid`, `hostname`, `reqId`, the fields, `msg`), put together by hand because
 * going through pino's call per request cost a sixth of a list answer's throughput. Every value is
 * either escaped (`url`, redacted by {@link logUrl}) or safe by construction (`method` is an HTTP
 * token, `reqId` a counter, `ip` an address, `status` and `ms` numbers).
 */
export function accessLogLine(reqId: string, method: string, url: string, ip: string | undefined, status: number, ms: number): string {
  return (
    `{"level":30,"time":${Date.now()},${BASE},"reqId":"${reqId}","method":"${method}","url":${JSON.stringify(logUrl(url))},` +
    `"remoteAddress":"${ip}","statusCode":${status},"ms":${Math.round(ms)},"msg":"request"}\n`
  );
}

import os from 'node:os';

/** A URL as logged: `token` and `password` query values are replaced. */
export const logUrl = (url: string) => (url.includes('=') ? url.replace(/([?&](?:token|password|ticket)=)[^&]*/gi, '$1[redacted]') : url);

/** `"pid":…,"hostname":…` as pino's base bindings write them. */
const BASE = `"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;

/**
 * The access log's line for one answered request (shared by Fastify's log
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

/** A log destination as pino keeps it. */
export interface LineDestination {
  write(line: string): unknown;
}

const WRITERS = new WeakMap<LineDestination, (line: string) => void>();
/** The flushes of writers holding lines now (one exit hook for all of them). */
const UNFLUSHED = new Set<() => void>();
let exitHooked = false;

/**
 * Writes the raw relay's access-log lines to `dest` gathered per event-loop turn: under load one
 * write of many lines instead of one per request (the per-line write was ~9% of a proxied
 * call's CPU in the profile). Lines are never held past the current turn (a client reading its
 * answer needs a later turn, so the line is out first); the process's exit writes what is left.
 * Fastify's road writes its line at once (callers of `inject` read the log right after it resolves).
 */
export function accessLogWriter(dest: LineDestination): (line: string) => void {
  let w = WRITERS.get(dest);
  if (w) return w;
  let pending: string[] = [];
  const flush = () => {
    UNFLUSHED.delete(flush);
    if (pending.length === 0) return;
    const text = pending.length === 1 ? pending[0] : pending.join('');
    pending = [];
    dest.write(text);
  };
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const f of [...UNFLUSHED]) f();
    });
  }
  w = (line: string) => {
    if (pending.push(line) === 1) {
      UNFLUSHED.add(flush);
      setImmediate(flush);
    }
  };
  WRITERS.set(dest, w);
  return w;
}

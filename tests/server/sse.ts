/**
 * A live-event stream read over a real socket (inject waits for an answer's end; a stream never
 * ends): `openStream(base, {token | query, lastEventId})` answers the events so far, `next(pred)`
 * (the first matching event from the start), the stream's end, `close()` and the HTTP status.
 */

export interface Sse {
  events: { event: string; id?: string; data: string }[];
  /** Resolves with the first event (from the start) matching `pred`. */
  next(pred: (e: { event: string; id?: string; data: string }) => boolean): Promise<{ event: string; id?: string; data: string }>;
  ended: Promise<void>;
  close(): void;
  status: number;
}

export async function openStream(base: string, opts: { token?: string; query?: string; lastEventId?: string } = {}): Promise<Sse> {
  const ctl = new AbortController();
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = opts.token;
  if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
  const res = await fetch(`${base}/console/events${opts.query ?? ''}`, { headers, signal: ctl.signal });
  const events: Sse['events'] = [];
  const waiters: { pred: (e: Sse['events'][number]) => boolean; resolve: (e: Sse['events'][number]) => void }[] = [];
  let done!: () => void;
  const ended = new Promise<void>((r) => (done = r));
  if (res.status !== 200) {
    await res.text();
    done();
    return { events, next: () => Promise.reject(new Error('no stream')), ended, close: () => ctl.abort(), status: res.status };
  }
  void (async () => {
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buf += dec.decode(value, { stream: true });
        let at: number;
        while ((at = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, at);
          buf = buf.slice(at + 2);
          const e: Sse['events'][number] = { event: 'message', data: '' };
          let seen = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [k, ...v] = line.split(': ');
            if (k === 'event') e.event = v.join(': ');
            else if (k === 'id') e.id = v.join(': ');
            else if (k === 'data') e.data = v.join(': ');
            else continue;
            seen = true;
          }
          if (!seen) continue;
          events.push(e);
          for (const w of [...waiters])
            if (w.pred(e)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(e);
            }
        }
      }
    } catch {
      /* aborted */
    }
    done();
  })();
  return {
    events,
    status: 200,
    ended,
    close: () => ctl.abort(),
    next: (pred) => {
      const hit = events.find(pred);
      return hit ? Promise.resolve(hit) : new Promise((resolve) => waiters.push({ pred, resolve }));
    },
  };
}

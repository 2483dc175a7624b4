import { eventStream, eventTicket, type EventTicket, type LiveEvent, type PresenceRecord } from '../../server/contract/events';
import { ApiError, http } from './http';

export type { EventTicket, LiveEvent, LiveEventOp, PresenceRecord, PresenceUser } from '../../server/contract/events';

/**
 * `POST /console/events/ticket`: a single-use ticket (valid `expiresIn` seconds) that opens one
 * live-event stream. Errors are not shown (the caller decides: live updates are a convenience);
 * rejects with the HTTP client's `ApiError` (`unauthorized` when the session is gone).
 */
export const fetchEventTicket = (): Promise<EventTicket> => http.post<EventTicket>(eventTicket.path, {}, { errorMode: 'none' });

/** The state of a {@link openLiveEvents} connection. */
export type LiveState = 'connecting' | 'open' | 'retrying' | 'closed';

export interface LiveEventsHandlers {
  /** Each `change` event, in order (a record of `entity` was added, changed or deleted). */
  onEvent(event: LiveEvent): void;
  /**
   * The server could not resume from the last event seen (a gap: server restart, a long absence):
   * what is on screen may be stale, read it afresh (e.g. invalidate the TanStack queries shown).
   */
  onResync?(): void;
  /** Who has a record open changed (`event: presence`; a new stream first tells who is on records now). */
  onPresence?(record: PresenceRecord): void;
  /** The connection's state moved (`closed`: signed out or {@link LiveConnection.close}d; never reopens). */
  onState?(state: LiveState): void;
}

export interface LiveEventsOptions {
  /** Where tickets come from. Default {@link fetchEventTicket}. */
  getTicket?: () => Promise<EventTicket>;
  /** The EventSource constructor (tests pass a fake). Default the browser's. */
  EventSourceImpl?: typeof EventSource;
  /** Waits before reconnecting, in ms, by attempt (the last repeats). Default 1 s, 2 s, 5 s, 15 s. */
  backoffMs?: readonly number[];
  /** Schedules a reconnect (tests). Default `setTimeout`. */
  schedule?: (fn: () => void, ms: number) => () => void;
}

export interface LiveConnection {
  /** Stops for good: the stream is closed and never reopened. */
  close(): void;
  /** The id of the last event received (the resume point), or null before any. */
  lastEventId(): string | null;
}

const BACKOFF_MS = [1000, 2000, 5000, 15_000];

/**
 * Opens the signed-in user's live-event stream (`GET /console/events`, contract
 * server/contract/events.ts) and keeps it open:
 *
 * - every connection takes a fresh ticket ({@link fetchEventTicket}; a ticket opens one stream
 *   once, so the browser's own EventSource retry, which reuses the URL, is never relied on);
 * - a dropped connection reconnects after `backoffMs`, resuming after the last event received
 *   (`lastEventId` in the query: the server replays what was missed within its window, or sends
 *   `resync`, which calls `onResync`);
 * - the server's `event: end` with `signedOut`, or a ticket refused as unauthorized, closes it for
 *   good (`onState('closed')`); `shutdown` (a restarting server) reconnects.
 *
 * Events carry the entity (contract name), record id, op, who and changed field names — never values.
 * Layers above (list bars, badges, the bell) subscribe through this one function; none opens its own
 * stream. Answers a handle whose `close()` stops it.
 *
 * ```ts
 * const live = openLiveEvents({ onEvent: (e) => e.entity === 'refund' && bump(), onResync: () => queryClient.invalidateQueries() });
 * // on sign-out or unmount: live.close();
 * ```
 */
export function openLiveEvents(handlers: LiveEventsHandlers, opts: LiveEventsOptions = {}): LiveConnection {
  const getTicket = opts.getTicket ?? fetchEventTicket;
  const ES = opts.EventSourceImpl ?? globalThis.EventSource;
  const backoff = opts.backoffMs ?? BACKOFF_MS;
  const schedule = opts.schedule ?? ((fn, ms) => {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  });
  let last: string | null = null;
  let source: EventSource | null = null;
  let cancel: (() => void) | null = null;
  let attempt = 0;
  let stopped = false;
  const state = (s: LiveState) => handlers.onState?.(s);

  const stop = () => {
    if (stopped) return;
    stopped = true;
    cancel?.();
    source?.close();
    source = null;
    state('closed');
  };

  const retry = () => {
    if (stopped) return;
    source?.close();
    source = null;
    state('retrying');
    cancel = schedule(() => void connect(), backoff[Math.min(attempt++, backoff.length - 1)]);
  };

  const connect = async () => {
    if (stopped) return;
    state('connecting');
    let ticket: EventTicket;
    try {
      ticket = await getTicket();
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'unauthorized') return stop();
      return retry();
    }
    if (stopped) return;
    const query = new URLSearchParams({ ticket: ticket.ticket, ...(last !== null ? { lastEventId: last } : {}) });
    const es = new ES(`${eventStream.path}?${query}`);
    source = es;
    const opened = () => {
      attempt = 0;
      state('open');
    };
    es.addEventListener('ready', opened);
    es.addEventListener('resync', () => {
      opened();
      handlers.onResync?.();
    });
    es.addEventListener('change', (m) => {
      const msg = m as MessageEvent<string>;
      if (msg.lastEventId) last = msg.lastEventId;
      try {
        handlers.onEvent(JSON.parse(msg.data) as LiveEvent);
      } catch {
        /* a handler's error or a bad line: the stream goes on */
      }
    });
    es.addEventListener('presence', (m) => {
      try {
        handlers.onPresence?.(JSON.parse((m as MessageEvent<string>).data) as PresenceRecord);
      } catch {
        /* a handler's error or a bad line: the stream goes on */
      }
    });
    es.addEventListener('end', (m) => {
      const reason = (() => {
        try {
          return (JSON.parse((m as MessageEvent<string>).data) as { reason?: string }).reason;
        } catch {
          return undefined;
        }
      })();
      if (reason === 'signedOut') stop();
      else retry();
    });
    es.onerror = () => {
      if (source === es) retry();
    };
  };

  void connect();
  return { close: stop, lastEventId: () => last };
}

import { useEffect, useRef } from 'react';
import { openLiveEvents, type LiveConnection, type LiveEvent, type LiveEventsOptions, type LiveState } from '../api/events';
import { notePresence, resetPresence } from './presence';

export type { LiveEvent, LiveState } from '../api/events';

/** What a subscriber of the live events hears: every other person's change, the user's own export jobs' ends, and resyncs. */
export interface LiveListener {
  /** A change made by someone else (never the signed-in user's own writes: those refetch by themselves). */
  onEvent?(event: LiveEvent): void;
  /** The stream could not resume: what is on screen may be stale. */
  onResync?(): void;
}

/**
 * Console-owned records that belong to the signed-in user (export jobs): the server sends their
 * events to their owner only, naming the owner as `by`, so they are passed on although `by` is the user.
 */
const OWN_RECORD_ENTITIES: ReadonlySet<string> = new Set(['exportJob']);

const listeners = new Set<LiveListener>();
let connection: LiveConnection | null = null;
let current: object | null = null;
let self: number | null = null;
let state: LiveState = 'closed';

/**
 * Opens the page's one live-event connection ({@link openLiveEvents}) for the signed-in user
 * `selfUserId`, whose own changes are not passed on (their writes already drop the cached reads).
 * The signed-in shell calls it once per session and calls the answer on sign-out and lock; a
 * second call closes the first connection. `opts` go to `openLiveEvents` (tests pass a fake
 * `EventSourceImpl` and `getTicket`).
 */
export function connectLive(selfUserId: number | null, opts: LiveEventsOptions = {}): () => void {
  connection?.close();
  self = selfUserId;
  resetPresence(selfUserId);
  // The connection's own token: its first state comes before openLiveEvents answers.
  const token = {};
  current = token;
  const mine = openLiveEvents(
    {
      onEvent: (e) => {
        if (self !== null && e.by?.userId === self && !OWN_RECORD_ENTITIES.has(e.entity)) return;
        for (const l of [...listeners]) l.onEvent?.(e);
      },
      onResync: () => {
        for (const l of [...listeners]) l.onResync?.();
      },
      onPresence: (r) => {
        if (current === token) notePresence(r);
      },
      onState: (s) => {
        if (current === token) state = s;
      },
    },
    opts,
  );
  connection = mine;
  return () => {
    mine.close();
    if (current === token) {
      connection = null;
      current = null;
      state = 'closed';
      resetPresence(null);
    }
  };
}

/** The connection's state (`closed` when none is open). */
export function liveState(): LiveState {
  return state;
}

/** Adds a listener of the live events; answers its removal. Listeners outlive reconnects. */
export function subscribeLive(listener: LiveListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Calls `onEvent` with each change by someone else to a record of `entities` (contract entity
 * names; null or empty: none), and `onResync` when the stream could not resume, for the life of the
 * component. The latest render's callbacks are called; the subscription changes only with the
 * entities. Nothing is heard when the shell opened no connection (a unit test, the login page).
 */
export function useLiveEvents(entities: string | readonly string[] | null, onEvent: (event: LiveEvent) => void, onResync?: () => void): void {
  const latest = useRef({ onEvent, onResync });
  latest.current = { onEvent, onResync };
  const names = entities === null ? '' : typeof entities === 'string' ? entities : entities.join(',');
  useEffect(() => {
    if (!names) return;
    const wanted = new Set(names.split(','));
    return subscribeLive({
      onEvent: (e) => {
        if (wanted.has(e.entity)) latest.current.onEvent(e);
      },
      onResync: () => latest.current.onResync?.(),
    });
  }, [names]);
}

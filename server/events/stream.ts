import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '../contract/events.js';

/**
 * Who reads a stream and what they may see: resolved from the session's `Authorization` by the
 * mode's rules (server/events/index.ts).
 */
export interface Viewer {
  userId: number;
  username: string;
  /** The `Authorization` value the stream stands for (sign-outs are matched on it). */
  authorization: string;
  /**
   * Whether the viewer's roles may read records of `entity` (the same check as its list endpoint):
   * a boolean when known, else a promise of it (the answer is then kept and given synchronously).
   */
  mayRead(entity: string): boolean | Promise<boolean>;
  /** Whether the session still holds (asked with each heartbeat); false ends the stream. */
  stillValid(): boolean | Promise<boolean>;
}

/**
 * Console-owned entities whose records belong to one user (export jobs): their events go to that
 * user only, named in the event's `by` (the user whose job it is), whatever their roles read.
 */
export const PERSONAL_ENTITIES: ReadonlySet<string> = new Set(['exportJob']);

/** Whether `viewer` receives `e`: its owner for a personal entity's event, else whoever may read its entity (or the promise of it). */
function mayReceive(viewer: Viewer, e: LiveEvent): boolean | Promise<boolean> {
  if (PERSONAL_ENTITIES.has(e.entity)) return e.by !== null && e.by.userId === viewer.userId && e.by.username === viewer.username;
  return viewer.mayRead(e.entity);
}

/** Why a stream ended, as its last `event: end` tells the client (`signedOut`: do not reconnect). */
export type EndReason = 'signedOut' | 'shutdown' | 'slow';

/**
 * One open `text/event-stream` answer: writes the events its viewer may read, in order, and ends
 * when told or when the client stops reading: once more than `maxBufferBytes` wait unsent in the
 * socket (a client that never reads), the connection is destroyed, so one stuck browser never
 * holds the server's memory. Events waiting on a permission answer are held in order, within the
 * same bound.
 */
export class LiveStream {
  private held: [LiveEvent, string][] | null = null;
  private heldBytes = 0;
  ended = false;

  constructor(
    readonly res: ServerResponse,
    readonly viewer: Viewer,
    private readonly maxBufferBytes: number,
    private readonly onEnd: (s: LiveStream) => void,
  ) {
    res.on('close', () => this.finish());
  }

  /** Writes raw SSE text (comments, `ready`, `resync`), dropping the client past the bound. */
  write(text: string): void {
    if (this.ended) return;
    this.res.write(text);
    if (this.res.writableLength > this.maxBufferBytes) this.drop();
  }

  /** Hands one event over: written when the viewer may read its entity, held while that is being asked. */
  deliver(e: LiveEvent, text: string): void {
    if (this.ended) return;
    if (this.held) return this.hold(e, text);
    const may = mayReceive(this.viewer, e);
    if (may === true) this.write(text);
    else if (may !== false) {
      this.hold(e, text);
      void may.then(
        () => this.release(),
        () => this.release(),
      );
    }
  }

  private hold(e: LiveEvent, text: string): void {
    (this.held ??= []).push([e, text]);
    this.heldBytes += text.length;
    if (this.heldBytes > this.maxBufferBytes) this.drop();
  }

  /** Writes the held events in order, as far as the permission answers are known. */
  private release(): void {
    const queue = this.held;
    if (!queue || this.ended) return;
    while (queue.length) {
      const [e, text] = queue[0];
      const may = mayReceive(this.viewer, e);
      if (may instanceof Promise) {
        void may.then(
          () => this.release(),
          () => this.release(),
        );
        return;
      }
      queue.shift();
      this.heldBytes -= text.length;
      if (may) this.write(text);
      if (this.ended) return;
    }
    this.held = null;
  }

  /** Ends the stream, telling the client why first (`event: end`). */
  end(reason: EndReason): void {
    if (this.ended) return;
    if (!this.res.destroyed) this.res.end(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    this.finish();
  }

  private drop(): void {
    if (this.ended) return;
    this.res.destroy();
    this.finish();
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.held = null;
    this.onEnd(this);
  }
}

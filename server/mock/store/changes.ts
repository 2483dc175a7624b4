import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the mock store tells about its writes (the live events' source in mock mode, server/events):
 * every row added, changed or deleted in any collection, whoever wrote it (a CRUD route, an
 * action's handler, a domain hook's derived write such as stock after an order), with the fields
 * that changed. Field values are never told.
 */

/** Who writes: the signed-in account of the request being answered. */
export interface Writer {
  userId: number;
  username: string;
}

/** One row's change. `fields`: names whose value changed (`update`, `updateStatus`), `updateTime` left out. */
export interface StoreChange {
  entity: string;
  id: number;
  op: 'add' | 'update' | 'updateStatus' | 'del';
  fields: string[];
  by: Writer | null;
  /** ms since the epoch. */
  at: number;
}

export type ChangeListener = (change: StoreChange) => void;

/**
 * The writer of the request in progress: the mock's routes run their handlers inside
 * `WRITER.run(writer, …)` (server/mock/routes/crud.ts `answer`), so a write deep in a hook still
 * knows whose request made it. Outside a request (QA controls, seeding) there is none.
 */
export const WRITER = new AsyncLocalStorage<Writer | null>();

const same = (a: unknown, b: unknown) => a === b || (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));

/** Names of the fields whose value differs between two versions of a row (`updateTime` aside). */
export function changedFields(old: Record<string, unknown>, now: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const k of Object.keys(now)) if (k !== 'updateTime' && !same(old[k], now[k])) out.push(k);
  for (const k of Object.keys(old)) if (!(k in now)) out.push(k);
  return out;
}

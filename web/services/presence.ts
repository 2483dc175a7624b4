import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { api } from '../api/client';
import type { PresenceRecord, PresenceUser } from '../api/events';

/**
 * Who has which records open (contract `presence.*`, server/events/presence.ts), as the session's
 * live connection tells it (`event: presence`: a new stream first hears who is on records now, then
 * every change). Read by a modify form ("li.si is editing this record too") and by a list's rows.
 * Nothing is locked and nothing is asked for it: the stream's picture is the whole picture.
 */

export type { PresenceUser } from '../api/events';

const EMPTY_USERS: readonly PresenceUser[] = [];
const EMPTY_RECORDS: ReadonlyMap<number, readonly PresenceUser[]> = new Map();
/** entity → record id → everyone on it; an entity's map is replaced on each change (a stable snapshot). */
let entities = new Map<string, ReadonlyMap<number, readonly PresenceUser[]>>();
const listeners = new Set<() => void>();
let self: number | null = null;

/** Takes one `presence` event in (the live connection calls it). */
export function notePresence(r: PresenceRecord): void {
  const next = new Map(entities.get(r.entity) ?? EMPTY_RECORDS);
  if (r.users.length) next.set(r.recordId, r.users);
  else next.delete(r.recordId);
  entities = new Map(entities).set(r.entity, next);
  for (const l of [...listeners]) l();
}

/** Forgets everything (the connection closed, or another user signed in); `selfUserId` is left out of what hooks answer. */
export function resetPresence(selfUserId: number | null): void {
  self = selfUserId;
  entities = new Map();
  for (const l of [...listeners]) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** Others than the signed-in user among `users`. */
const others = (users: readonly PresenceUser[]) => (self === null ? users : users.filter((u) => u.userId !== self));

/**
 * The others who have each record of `entity` open (record id → users, records nobody else has
 * open left out), for a list's rows. Re-renders only when that entity's presence changes.
 */
export function usePresenceOf(entity: string): ReadonlyMap<number, readonly PresenceUser[]> {
  const records = useSyncExternalStore(subscribe, () => entities.get(entity) ?? EMPTY_RECORDS);
  return useMemo(() => {
    const out = new Map<number, readonly PresenceUser[]>();
    for (const [id, users] of records) {
      const o = others(users);
      if (o.length) out.set(id, o);
    }
    return out.size ? out : EMPTY_RECORDS;
  }, [records]);
}

/** How often an open record is renewed, in ms (the server forgets a user 45 s after the last renewal). */
export const PRESENCE_RENEW_MS = 15_000;

/**
 * While the component shows record `id` of `entity` for editing, tells the server so (now and every
 * {@link PRESENCE_RENEW_MS}) and that it left when it unmounts or `id` changes; answers the others
 * who have it open. `id` null: nothing is told. Failures are silent: presence only informs.
 */
export function useOpenRecord(entity: string, id: number | null): readonly PresenceUser[] {
  useEffect(() => {
    if (id === null) return;
    const say = (open: boolean) =>
      void api.presence.update({ entity, recordId: id, open }, { errorMode: 'none' }).then(
        (r) => notePresence(r),
        () => undefined,
      );
    say(true);
    const timer = setInterval(() => say(true), PRESENCE_RENEW_MS);
    return () => {
      clearInterval(timer);
      say(false);
    };
  }, [entity, id]);
  const users = usePresenceOf(entity).get(id ?? -1);
  return users ?? EMPTY_USERS;
}

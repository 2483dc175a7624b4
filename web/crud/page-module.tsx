import type { ComponentType } from 'react';
import type { Resource } from './types';
import type { ListEntryOptions } from './list-entry';

/**
 * What starts a list screen's first request at its entry (menu entry → first rows): called
 * by the shell with the URL query the screen is entered at (`?pageNum=2`, '' for none), when the
 * screen is about to mount afresh. Settles (never rejects) once the request has left, with
 * `answered`, which settles (never rejects) once the answer is cached or the read failed; null
 * when nothing was sent. See {@link listEntry}.
 */
export type ListEntry = ((search: string) => Promise<{ answered: Promise<void> } | null>) & {
  /** Loads what the entry needs (the declaration and the kit's request maker) without sending anything: the shell warms the menu's list screens in idle time. */
  warm?: () => Promise<unknown>;
};

/**
 * A lazily loaded page module, as the page registries hold them (spec §2 "All routes are lazy-loaded"),
 * with the {@link ListEntry} of its main list when it is a list screen.
 */
export type LazyPage = (() => Promise<{ default: ComponentType }>) & { listEntry?: ListEntry };
type LoadResource = () => Promise<{ default: Resource }>;

/**
 * The entry of a list screen whose main list is `load`'s declaration, mounted URL-synced with
 * `opts` (what the screen passes its controller, if anything): loads the declaration (a small chunk,
 * beside the screen's own) and the kit's request maker, then sends the list's first request with
 * the key the screen's controller will ask for (`list-entry.ts`), so the request no longer waits
 * for the screen's chunk to be evaluated and its first render committed. A load that fails does
 * nothing: the screen's own load shows it.
 */
export function listEntry(load: LoadResource, opts?: ListEntryOptions): ListEntry {
  // Once both are in (warmed, or a previous entry), the request leaves synchronously, in the
  // click's own task: an import() of a loaded module still settles only after that task.
  let loaded: [typeof import('./list-entry'), { default: Resource }] | null = null;
  const modules = () => Promise.all([import('./list-entry'), load()]).then((m) => (loaded = m));
  const send = ([{ prefetchListEntry }, { default: resource }]: NonNullable<typeof loaded>, search: string) =>
    // Wrapped: a promise handed on as is would be waited for here.
    ({ answered: prefetchListEntry(resource, search, opts) });
  const entry: ListEntry = (search) =>
    loaded
      ? Promise.resolve(send(loaded, search))
      : modules().then(
          (m) => send(m, search),
          () => null,
        );
  entry.warm = () => modules().catch(() => undefined);
  return entry;
}

/** A page module (`() => import('./index.page')`) whose screen's main list is `load`'s declaration: the module with its {@link listEntry}. */
export function listScreen(page: () => Promise<{ default: ComponentType }>, load: LoadResource, opts?: ListEntryOptions): LazyPage {
  return Object.assign(() => page(), { listEntry: listEntry(load, opts) });
}

/**
 * A list screen straight from a declaration, with no page file: a registry line
 * `'games/tag.page.tsx': listPage(() => import('../../resources/games/game-tag.resource'))`.
 * The kit and the declaration load with the screen (this module imports neither eagerly); the
 * screen's first request starts at its entry ({@link listEntry}).
 */
export function listPage(load: LoadResource): LazyPage {
  return listScreen(async () => {
    const [{ ResourceListPage }, { default: resource }] = await Promise.all([import('./ResourceListPage'), load()]);
    return { default: () => <ResourceListPage resource={resource} /> };
  }, load);
}

/**
 * The §2 hidden add or modify route of a declaration as a page form (`games/tag/add.page.tsx`):
 * the record id from the declaration's §3 edit-id key (modify), back to the declaration's `route`
 * after save or cancel.
 */
export function formPage(load: LoadResource, modify: boolean): LazyPage {
  return async () => {
    const [{ ResourceFormPage }, { useLocation }, { default: resource }] = await Promise.all([import('./ResourceForm'), import('wouter'), load()]);
    function FormPage() {
      const [, navigate] = useLocation();
      return <ResourceFormPage resource={resource} modify={modify} onDone={() => navigate(resource.route ?? '/')} />;
    }
    return { default: FormPage };
  };
}

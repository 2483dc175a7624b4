import type { ComponentType } from 'react';
import type { Resource } from './types';

/** A lazily loaded page module, as the page registries hold them (spec §2 "All routes are lazy-loaded"). */
export type LazyPage = () => Promise<{ default: ComponentType }>;
type LoadResource = () => Promise<{ default: Resource }>;

/**
 * A list screen straight from a declaration, with no page file: a registry line
 * `'games/tag.page.tsx': listPage(() => import('../../resources/games/game-tag.resource'))`.
 * The kit and the declaration load with the screen (this module imports neither eagerly).
 */
export function listPage(load: LoadResource): LazyPage {
  return async () => {
    const [{ ResourceListPage }, { default: resource }] = await Promise.all([import('./ResourceListPage'), load()]);
    return { default: () => <ResourceListPage resource={resource} /> };
  };
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

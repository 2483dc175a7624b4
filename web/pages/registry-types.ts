import type { ComponentType } from 'react';
import type { ListEntry } from '../crud/page-module';

/**
 * A lazily loaded page module: each is its own chunk (spec §2 "All routes are lazy-loaded"). A list
 * screen's carries its `listEntry` (`listPage` / `listScreen` in web/crud/page-module.tsx): the shell
 * starts the list's first request with it when the screen is entered.
 */
export type PageModule = (() => Promise<{ default: ComponentType }>) & { listEntry?: ListEntry };

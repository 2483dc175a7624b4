import type { ComponentType } from 'react';

/** A lazily loaded page module: each is its own chunk (spec §2 "All routes are lazy-loaded"). */
export type PageModule = () => Promise<{ default: ComponentType }>;

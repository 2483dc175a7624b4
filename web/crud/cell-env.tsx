import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';
import { getI18n, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLocation } from 'wouter';
import { editId } from './api';
import { crudEnv } from './env';
import type { RecordTarget } from './record-links';

/**
 * Follows a record link inside the console: stores the id a detail screen reads (spec §3 edit-id
 * keys), then goes to the path through the app's router, so the shell's tabs open (or focus) it.
 */
export function useOpenRecord(): (target: RecordTarget) => void {
  const [, navigate] = useLocation();
  return (target) => {
    if (target.editId) editId.set(...target.editId);
    navigate(target.path);
  };
}

/**
 * What every cell of a table reads from its surroundings, read once per table instead of once per
 * cell (`useTranslation` in each cell subscribed each to the language events, and each
 * reference link read the session, the route list and the location — ~340 ms over a bench run):
 * the language and `t`, which screens the user may open, the screen the table is on, and how to
 * follow a record link.
 */
export interface CellEnv {
  t: TFunction;
  /** i18n language (`zh_CN`, `en`). */
  lang: string;
  /** Whether the user may open a route path (their built routes, `configureCrud({ useCanOpen })`). */
  canOpen: (path: string) => boolean;
  /** The path of the screen the cells are drawn on (a list does not link its rows to itself). */
  here: string;
  /** Follows a record link through the app's router (`useOpenRecord`). */
  open: (target: RecordTarget) => void;
}

const CellEnvCtx = createContext<CellEnv | null>(null);

/**
 * Provides the {@link CellEnv} of a table (or any block of cells). The value keeps its identity
 * while the language, `t` and the location hold, so memoised cells are not re-rendered by it; the
 * route check and the opener are read through refs (they change identity every render).
 */
export function CellEnvProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const canOpen = crudEnv().useCanOpen();
  const open = useOpenRecord();
  const [here] = useLocation();
  const latest = useRef({ canOpen, open });
  latest.current = { canOpen, open };
  const lang = i18n.language;
  const env = useMemo<CellEnv>(() => ({ t, lang, here, canOpen: (p) => latest.current.canOpen(p), open: (target) => latest.current.open(target) }), [t, lang, here]);
  return <CellEnvCtx.Provider value={env}>{children}</CellEnvCtx.Provider>;
}

/** The table's {@link CellEnv}; null outside a {@link CellEnvProvider}. */
export function useCellEnvOrNull(): CellEnv | null {
  return useContext(CellEnvCtx);
}

/**
 * The language and `t` of a cell: its table's, or (a cell drawn outside any provider) the i18n
 * instance's current ones.
 */
export function useCellText(): { t: TFunction; lang: string } {
  const env = useContext(CellEnvCtx);
  if (env) return env;
  const i18n = getI18n();
  return { t: i18n.t.bind(i18n) as TFunction, lang: i18n.language };
}

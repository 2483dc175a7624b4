import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { useSession } from '../../services/session';
import {
  highlightSegments,
  isExternalPath,
  menuEntries,
  searchListReducer,
  searchMenu,
  SEARCH_DEBOUNCE_MS,
  type SearchListEvent,
  type SearchListState,
  type SearchResult,
} from './menu-search';
import { closeSearch, takeTypeAhead, typedAheadText, useSearchOpen } from './search-store';
import { api } from '../../api/client';
import { editId } from '../../crud';
import { MIN_RECORD_QUERY, searchableKinds, searchRecords, type RecordHit, type RecordKind } from './record-search';
import { EMPTY_RECALL, forgetRecall, readRecall, recallFor, rememberQuery, rememberRecord, type RecentRecord } from './search-recall';
import './search.css';

/** Records found for a settled query (null while its search runs). */
function useRecordSearch(query: string, menuPaths: readonly string[]): { query: string; hits: RecordHit[] | null } {
  const kinds = useMemo(() => searchableKinds(menuPaths), [menuPaths]);
  const q = query.trim();
  const enabled = q.length >= MIN_RECORD_QUERY && kinds.length > 0;
  // One query per settled text: the next keystroke is another key, and TanStack aborts what is left behind.
  const found = useQuery({
    queryKey: ['search', 'records', q, kinds],
    queryFn: ({ signal }) => searchRecords(q, kinds, listOf, signal),
    enabled,
  });
  return { query, hits: enabled ? (found.data ?? null) : [] };
}

/** One kind's `list` with the keyword, quiet on failure (a palette hit list is best effort). */
const listOf = (k: RecordKind, payload: { pageNum: number; pageSize: number; keyword: string }, signal: AbortSignal) =>
  (api[k].list as (p: unknown, o: object) => Promise<{ list: Record<string, unknown>[] }>)(payload, { signal, errorMode: 'none', ignoreCancel: true });

/** `value`, settled for `ms` (spec §9: the search waits 200 ms after the last keystroke). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

/**
 * The search palette (spec §2, behaviour notes "Menu search", and records): a text box over the
 * user's visible menu entries, matched in order, labelled by their full chain of names, with the
 * matched characters highlighted; below them the records the query finds (an order by number, a
 * member by phone or nickname, goods, merchant, game, account, code: `record-search.ts`), grouped
 * by kind, only of kinds whose screen is in the user's menu. Up/Down move the highlight over both
 * (wrapping), hovering highlights, Enter or a click opens the entry (http(s) paths in a new window)
 * or the record (its detail, or its list filtered to it) in a tab, Escape closes. The empty box
 * offers the account's recent records and searches (search-recall.ts), with a button that clears them. Ctrl+K / ⌘K and `/`
 * open it (web/app/shortcuts).
 */
export function SearchModal() {
  const open = useSearchOpen();
  // Mounted only while open, so every opening starts with an empty box and no stale results.
  return open ? <SearchDialog /> : null;
}

/*
 * The dialog frame renders once per opening; what a keystroke changes (the text, the results) lives
 * in SearchBody inside it, so typing never re-renders PrimeReact's Dialog with its pass-through
 * machinery (palette keystroke → results ≤ 50 ms).
 */
function SearchDialog() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      visible
      onHide={closeSearch}
      onShow={() => input.current?.focus()}
      position="top"
      showHeader={false}
      dismissableMask
      closeOnEscape
      className="menu-search"
      contentClassName="menu-search-body"
      style={{ width: 'min(640px, calc(100vw - 32px))' }}
      data-testid="search-modal"
      aria-label={t('search.placeholder')}
    >
      <SearchBody input={input} />
    </Dialog>
  );
}

/**
 * The palette's box, results and footer (see SearchModal). `input` is the text box: it starts with
 * what was typed since the shortcut (search-store's type-ahead) and takes the focus as it mounts.
 */
function SearchBody({ input }: { input: RefObject<HTMLInputElement | null> }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  // The menu the side menu shows (built per permission mode by web/app/routing).
  const { menus, userInfo } = useSession();
  const userId = userInfo?.userId;
  const [text, setText] = useState(typedAheadText);
  useLayoutEffect(() => {
    const box = input.current;
    box?.focus();
    box?.setSelectionRange(box.value.length, box.value.length);
    return takeTypeAhead(box, setText).release;
  }, [input]);
  const query = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const list = useRef<HTMLUListElement>(null);

  const entries = useMemo(
    () => menuEntries(menus, (m) => (m.meta.literalTitle ? m.meta.title : t(m.meta.title))),
    // The language is a dependency: titles are translated here.
    [menus, t, i18n.language], // eslint-disable-line react-hooks/exhaustive-deps
  );
  // The menu is matched on every keystroke (in memory, well under a frame: the "keystroke →
  // results ≤ 50 ms" budget); only the record search, which asks the server, waits for the §9 debounce.
  const results = useMemo(() => searchMenu(entries, text), [entries, text]);
  const menuPaths = useMemo(() => entries.map((e) => e.path), [entries]);
  const records = useRecordSearch(query, menuPaths);
  // What the empty box offers: the account's recent records (of kinds it may still search) and searches.
  const [stored, setStored] = useState(() => (userId === undefined ? EMPTY_RECALL : readRecall(userId)));
  const recalled = useMemo(() => recallFor(stored, searchableKinds(menuPaths)), [stored, menuPaths]);
  // Records of an earlier text are not shown under the menu entries of the current one.
  const hits = records.query === query && text === query ? (records.hits ?? []) : [];
  const searching = text !== query || (records.query === query && records.hits === null);
  // The highlighted row, kept with the results it was chosen among: new results highlight their
  // first row in the same render, instead of an effect dispatching a second render and commit
  // after every keystroke's (palette keystroke → results ≤ 50 ms).
  const blank = !text.trim();
  const count = blank ? recalled.records.length + recalled.queries.length : results.length + hits.length;
  const [picked, setPicked] = useState<{ results: SearchResult[]; hitCount: number; active: number } | null>(null);
  const state: SearchListState =
    picked && picked.results === results && picked.hitCount === hits.length
      ? { count, active: picked.active }
      : searchListReducer({ count: 0, active: -1 }, { type: 'search.results', count });
  const dispatch = (event: Exclude<SearchListEvent, { type: 'search.results' }>) =>
    setPicked({ results, hitCount: hits.length, active: searchListReducer(state, event).active });

  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [state.active]);

  const remember = () => {
    if (userId !== undefined && !blank) rememberQuery(userId, text);
  };
  const go = (r: SearchResult | undefined) => {
    if (!r) return;
    remember();
    closeSearch();
    if (isExternalPath(r.path)) window.open(r.path, '_blank', 'noopener,noreferrer');
    else navigate(r.path);
  };
  const openRecord = (h: RecordHit | RecentRecord) => {
    remember();
    if (userId !== undefined) rememberRecord(userId, h);
    closeSearch();
    if (h.target.editId) editId.set(...h.target.editId);
    navigate(h.target.path);
  };
  /** Puts a recent search back in the box (its menu entries show at once, its records after the debounce). */
  const searchAgain = (q: string) => {
    setText(q);
    input.current?.focus();
  };
  /** The highlighted row: a menu entry first, then the records; in the empty box the recent records, then the recent searches. */
  const choose = (i: number) => {
    if (blank) {
      const n = recalled.records.length;
      if (i < n) openRecord(recalled.records[i]);
      else if (recalled.queries[i - n] !== undefined) searchAgain(recalled.queries[i - n]);
      return;
    }
    if (i < results.length) go(results[i]);
    else if (hits[i - results.length]) openRecord(hits[i - results.length]);
  };
  const clearRecall = () => {
    if (userId !== undefined) forgetRecall(userId);
    setStored(EMPTY_RECALL);
    input.current?.focus();
  };

  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      dispatch({ type: e.key === 'ArrowDown' ? 'search.next' : 'search.prev' });
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      // The highlighted row; right after typing (records not in yet) it is among the menu entries of what was typed.
      choose(state.active);
    }
  };

  const listId = 'menu-search-results';
  const recentCount = recalled.records.length + recalled.queries.length;
  return (
    <>
      <div className="menu-search-bar">
        <i className="pi pi-search" aria-hidden />
        <input
          ref={input}
          autoFocus
          className="menu-search-input"
          value={text}
          placeholder={t('search.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={count > 0}
          aria-controls={listId}
          aria-activedescendant={state.active >= 0 ? `${listId}-${state.active}` : undefined}
          aria-label={t('search.placeholder')}
          data-testid="search-input"
        />
        <button type="button" className="menu-search-cancel" onClick={closeSearch}>
          {t('search.cancel')}
        </button>
      </div>
      <div className="menu-search-content">
        {blank && recentCount === 0 && <p className="menu-search-note">{t('search.hint')}</p>}
        {blank && recentCount > 0 && (
          <div data-testid="search-recent">
            <div className="menu-search-recent-head">
              <span>{t('search.recent')}</span>
              <button type="button" className="menu-search-recent-clear" onMouseDown={(e) => e.preventDefault()} onClick={clearRecall} data-testid="search-recent-clear">
                {t('search.clearRecent')}
              </button>
            </div>
            <ul ref={list} id={listId} role="listbox" aria-label={t('search.recent')} className="menu-search-list">
              {recalled.records.map((h, i) => (
                <RecordOption
                  key={`${h.kind}-${h.id}`}
                  record={h}
                  id={`${listId}-${i}`}
                  active={i === state.active}
                  onHover={() => dispatch({ type: 'search.hover', index: i })}
                  onOpen={() => openRecord(h)}
                  testId="search-recent-record"
                />
              ))}
              {recalled.queries.map((q, k) => {
                const i = recalled.records.length + k;
                return (
                  <SearchOption
                    key={`q-${q}`}
                    id={`${listId}-${i}`}
                    active={i === state.active}
                    onHover={() => dispatch({ type: 'search.hover', index: i })}
                    onOpen={() => searchAgain(q)}
                    testId="search-recent-query"
                  >
                    <i className="pi pi-history" aria-hidden />
                    <span className="menu-search-label">{q}</span>
                  </SearchOption>
                );
              })}
            </ul>
          </div>
        )}
        {!blank && !searching && results.length === 0 && hits.length === 0 && (
          <p className="menu-search-note menu-search-empty" data-testid="search-empty">
            <i className="pi pi-inbox" aria-hidden />
            {t('search.noData')}
          </p>
        )}
        {results.length > 0 && (
          <ul ref={list} id={listId} role="listbox" aria-label={t('search.results')} className="menu-search-list">
            {results.map((r, i) => (
              <SearchOption
                key={r.path + r.label}
                id={`${listId}-${i}`}
                active={i === state.active}
                onHover={() => dispatch({ type: 'search.hover', index: i })}
                onOpen={() => go(r)}
                testId="search-result"
                data={{ 'data-path': r.path }}
              >
                <i className={r.icon ?? 'pi pi-file'} aria-hidden />
                <span className="menu-search-label">
                  {highlightSegments(r.label, r.hits).map((s, k) => (s.hit ? <mark key={k}>{s.text}</mark> : <span key={k}>{s.text}</span>))}
                </span>
                {isExternalPath(r.path) ? <i className="pi pi-external-link" title={t('search.external')} aria-hidden /> : <i className="pi pi-arrow-right menu-search-enter" aria-hidden />}
              </SearchOption>
            ))}
          </ul>
        )}
        {hits.length > 0 && (
          <ul role="listbox" aria-label={t('search.records')} className="menu-search-list menu-search-records" data-testid="search-records">
            {hits.map((h, k) => {
              const i = results.length + k;
              const first = k === 0 || hits[k - 1].kind !== h.kind;
              return (
                <RecordOption
                  key={`${h.kind}-${h.id}`}
                  record={h}
                  id={`${listId}-${i}`}
                  active={i === state.active}
                  first={first}
                  onHover={() => dispatch({ type: 'search.hover', index: i })}
                  onOpen={() => openRecord(h)}
                  testId="search-record"
                />
              );
            })}
          </ul>
        )}
        {!blank && searching && text.trim().length >= MIN_RECORD_QUERY && results.length === 0 && hits.length === 0 && (
          <p className="menu-search-note" data-testid="search-searching">
            <i className="pi pi-spin pi-spinner" aria-hidden /> {t('search.searching')}
          </p>
        )}
      </div>
      <footer className="menu-search-footer">
        <span><kbd>↵</kbd> {t('search.toSelect')}</span>
        <span><kbd>↑</kbd><kbd>↓</kbd> {t('search.toNavigate')}</span>
        <span><kbd>Esc</kbd> {t('search.toClose')}</span>
      </footer>
    </>
  );
}

/** One record among the palette's options: its kind, label and second line; `first` opens a group of its kind. */
function RecordOption({ record, id, active, first = false, onHover, onOpen, testId }: {
  record: RecentRecord;
  id: string;
  active: boolean;
  first?: boolean;
  onHover(): void;
  onOpen(): void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <SearchOption id={id} active={active} extraClass={`menu-search-record${first ? ' is-first' : ''}`} onHover={onHover} onOpen={onOpen} testId={testId} data={{ 'data-kind': record.kind, 'data-id': record.id }}>
      <span className="menu-search-kind">{t(`search.kinds.${record.kind}`)}</span>
      <span className="menu-search-label">{record.label}</span>
      {record.detail && <span className="menu-search-detail">{record.detail}</span>}
      <i className="pi pi-arrow-right menu-search-enter" aria-hidden />
    </SearchOption>
  );
}

/**
 * One option of the palette's listbox (a result, a recent search or a recent record): hovering makes
 * it the active one, a click opens it, and pressing the mouse keeps the focus in the search input.
 * `data` carries its `data-*` attributes for tests and styles.
 */
function SearchOption({ id, active, extraClass, onHover, onOpen, testId, data, children }: {
  id: string;
  active: boolean;
  extraClass?: string;
  onHover(): void;
  onOpen(): void;
  testId: string;
  data?: Record<`data-${string}`, string | number>;
  children: ReactNode;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={`menu-search-item${extraClass ? ` ${extraClass}` : ''}${active ? ' is-active' : ''}`}
      onMouseEnter={onHover}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onOpen}
      data-testid={testId}
      {...data}
    >
      {children}
    </li>
  );
}

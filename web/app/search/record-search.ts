/**
 * Records in the search palette: the kinds of record the palette looks
 * up, the `list` request each kind's search is, and where a hit opens. Pure: no React, no HTTP client
 * (the caller's `list` is given), so the kinds and their requests are tested as plain functions.
 *
 * Why the client asks each kind's `list` (pageSize 5, `keyword`) rather than one server-side search
 * action: the lists already exist in both modes, in mock mode and in proxy mode alike (the issue:
 * "no new platform endpoint needed"), each is answered by the contract's `keyword` index, and each is
 * guarded by the same permissions as its screen, so a kind the user may not list is neither asked
 * (its screen is not in the user's menu) nor answered (the server refuses it). One debounced round of
 * at most seven small requests per settled query, cancelled by the next keystroke, is cheap. A server
 * aggregation would have to be written twice (the mock, and composed from the platform's lists in
 * proxy mode) for the same result.
 */
import { RECORD_ROUTES, recordTarget, type RecordTarget as LinkTarget } from '../../crud/record-links';
import { moneyText } from '../../lib/format';

/** The kinds of record the palette finds (entity names), in the order their groups are shown. */
export const RECORD_KINDS = ['order', 'member', 'goods', 'merchant', 'game', 'gameAccount', 'card'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

type Row = Record<string, unknown>;

/** Where a hit opens: the kit's link target without its guarding route (the palette searches only kinds whose screen the user has). */
export type RecordTarget = Pick<LinkTarget, 'path' | 'editId'>;

interface KindDef {
  /** The list screen of the kind: the kind is searched only when this screen is in the user's menu. */
  route: string;
  /** The record's label (what was searched for, mostly). */
  label(r: Row): string;
  /** A second line telling similar records apart. */
  detail(r: Row): string;
  open(r: Row): RecordTarget;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
/** Where a record opens, as every reference in the console opens it (the kit's record-links: the order detail, else its list filtered by id). */
const opened = (entity: string) => (r: Row): RecordTarget => {
  const t = recordTarget(entity, r.id);
  return t ? { path: t.path, ...(t.editId ? { editId: t.editId } : {}) } : { path: RECORD_ROUTES[entity]?.list ?? '/' };
};

/**
 * Each kind: its screen, label and where it opens — where every link to that record opens (orders
 * their detail, the others their list filtered to the record's id, kept in the list's URL); codes
 * open the inventory search, which shows where a code stands.
 */
export const KINDS: Record<RecordKind, KindDef> = {
  order: {
    route: '/order/index',
    label: (r) => text(r.orderNo),
    detail: (r) => [text(r.memberNickName), r.payAmount !== undefined ? moneyText(Number(r.payAmount)) : ''].filter(Boolean).join(' · '),
    open: opened('order'),
  },
  member: {
    route: '/member/index',
    label: (r) => text(r.nickName),
    detail: (r) => [`#${text(r.id)}`, text(r.phone)].filter(Boolean).join(' · '),
    open: opened('member'),
  },
  goods: { route: '/goods/index', label: (r) => text(r.goodsName), detail: (r) => text(r.goodsSn), open: opened('goods') },
  merchant: { route: '/merchant/index', label: (r) => text(r.merchantName), detail: (r) => [text(r.contactName), text(r.phone)].filter(Boolean).join(' · '), open: opened('merchant') },
  game: { route: '/games/index', label: (r) => text(r.gameName), detail: (r) => text(r.gameIdentity), open: opened('game') },
  gameAccount: { route: '/account/list', label: (r) => text(r.account), detail: (r) => text(r.serverName), open: opened('gameAccount') },
  card: {
    route: '/inventory/search',
    label: (r) => text(r.cardNo),
    detail: (r) => text(r.batchNo),
    // The inventory search shows where a code stands (in stock, sold to which order); it reads `by` and `q`.
    open: (r) => ({ path: `/inventory/search?${new URLSearchParams({ by: 'code', q: text(r.cardNo) })}` }),
  },
};

/** Shortest query that searches records (a single letter would match thousands of codes). */
export const MIN_RECORD_QUERY = 2;
/** Hits per kind. */
export const RECORD_PAGE_SIZE = 5;

/** The kinds a user may search: those whose list screen is among the paths of the user's menu. */
export function searchableKinds(menuPaths: Iterable<string>): RecordKind[] {
  const paths = new Set(Array.from(menuPaths, (p) => p.split('?')[0]));
  return RECORD_KINDS.filter((k) => paths.has(KINDS[k].route));
}

/**
 * A phone number as an operator types or pastes it (`13829022852`, `138 2902 2852`,
 * `138-2902-2852`, `+86 138 2902 2852`, or a part of one): its digits without separators or the
 * country code, when the query is 4 to 11 digits and separators only; else null (an order number,
 * a name, a code with letters).
 */
export function phoneDigits(query: string): string | null {
  const q = query.trim();
  if (!/^\+?[\d\s\-().]+$/.test(q)) return null;
  let digits = q.replace(/\D/g, '');
  if (digits.length > 11 && /^\+?\s*(00)?86/.test(q)) digits = digits.replace(/^(00)?86/, '');
  return digits.length >= 4 && digits.length <= 11 ? digits : null;
}

/**
 * The `list` payload of a kind's search for a query: `keyword` (a phone number's digits, see
 * {@link phoneDigits}; else the trimmed query), the first page of RECORD_PAGE_SIZE.
 */
export function recordRequest(query: string): { pageNum: number; pageSize: number; keyword: string } {
  return { pageNum: 1, pageSize: RECORD_PAGE_SIZE, keyword: phoneDigits(query) ?? query.trim() };
}

/** The kinds in the order their hits are shown: a phone number shows the member it belongs to first, then the rest in RECORD_KINDS order. */
export function kindsFor(query: string, kinds: readonly RecordKind[]): RecordKind[] {
  return phoneDigits(query) === null ? [...kinds] : [...kinds.filter((k) => k === 'member'), ...kinds.filter((k) => k !== 'member')];
}

/** One record found: its kind, label, second line and where it opens. */
export interface RecordHit {
  kind: RecordKind;
  id: number;
  label: string;
  detail: string;
  target: RecordTarget;
}

/**
 * Searches `kinds` for `query` through `list` (the kind's typed `list` call, given the AbortSignal): all kinds
 * at once, each kind's hits in its list's order (newest first), kinds in {@link kindsFor}'s order
 * (RECORD_KINDS order; a phone number's member first). A kind
 * that fails (refused, offline) adds nothing; an aborted search rejects. A query shorter than
 * MIN_RECORD_QUERY (spaces trimmed) finds nothing without asking.
 */
export async function searchRecords(
  query: string,
  kinds: readonly RecordKind[],
  list: (kind: RecordKind, payload: ReturnType<typeof recordRequest>, signal: AbortSignal) => Promise<{ list: Row[] }>,
  signal: AbortSignal,
): Promise<RecordHit[]> {
  if (query.trim().length < MIN_RECORD_QUERY) return [];
  const ordered = kindsFor(query, kinds);
  const answers = await Promise.allSettled(ordered.map((k) => list(k, recordRequest(query), signal)));
  signal.throwIfAborted();
  return answers.flatMap((a, i) => {
    if (a.status !== 'fulfilled') return [];
    const k = ordered[i];
    return (a.value.list ?? []).map((r) => ({ kind: k, id: r.id as number, label: KINDS[k].label(r), detail: KINDS[k].detail(r), target: KINDS[k].open(r) }));
  });
}

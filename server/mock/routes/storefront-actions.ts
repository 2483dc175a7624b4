import type { MockContext } from '../context.js';
import { seededFaker } from '../faker.js';
import { MockError, titleOf } from '../store/crud.js';
import { DAY_MS, fmtDate, Gen, parseTime } from '../store/gen.js';
import type { AnyRow } from '../store/seed.js';
import type { ActionHandlers } from './actions.js';

/**
 * Domain actions of the storefront areas (spec §2 /operate, /recommend, /social): the advert chart
 * data, sending and revoking station messages, relation weights, the navigation tree and its moves,
 * comment moderation. Each checks everything first and changes nothing when it refuses.
 */

type Name = Parameters<MockContext['store']['col']>[0];
const all = (ctx: MockContext, name: Name): AnyRow[] => [...ctx.store.col(name).values()];
const bySort = (a: AnyRow, b: AnyRow) => (a.sort as number) - (b.sort as number) || a.id - b.id;

/** Every id exists, else a 404 naming the first missing ones. */
function findAll(ctx: MockContext, name: Parameters<MockContext['crud']['find']>[0], ids: number[], field: string): AnyRow[] {
  const missing = ids.filter((id) => !ctx.store.get(name, id));
  if (missing.length) throw new MockError(`${field}: no ${titleOf(name)} with id ${missing.slice(0, 10).join(', ')}`, 404);
  return ids.map((id) => ctx.store.get<AnyRow>(name, id)!);
}

/** A repeated id in a batch: the index of the second occurrence and of the first, or null. */
function repeated(ids: number[]): [number, number] | null {
  const seen = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) {
    const first = seen.get(ids[i]);
    if (first !== undefined) return [i, first];
    seen.set(ids[i], i);
  }
  return null;
}

/** The navigation as a two-level tree in display order; `withStatus` adds hidden entries and each node's status. */
function navTree(rows: AnyRow[], withStatus: boolean) {
  const shown = withStatus ? rows : rows.filter((n) => n.status === 1);
  const node = (n: AnyRow) => ({ id: n.id, navName: n.navName, icon: n.icon, linkType: n.linkType, linkValue: n.linkValue, ...(withStatus ? { status: n.status } : {}) });
  // A member never sees the children of a hidden entry.
  return shown.filter((r) => !r.parentId).sort(bySort).map((t) => ({ ...node(t), children: shown.filter((r) => r.parentId === t.id).sort(bySort).map((c) => ({ ...node(c), children: [] as unknown[] })) }));
}

export const storefrontHandlers: ActionHandlers = {
  /**
   * Daily impressions and clicks over the advert's schedule so far (start → min(end, today)), the
   * last `days` of it when given, at most 90 days; deterministic per seed and advert and near the
   * advert's totals; `ctr` in percent. An advert that has not started yet answers empty series.
   */
  'advert.stats': ({ ctx, body }) => {
    const ad = ctx.crud.find('advert', body.id);
    const start = parseTime(ad.startTime as string);
    const end = Math.min(parseTime(ad.endTime as string), parseTime(ctx.crud.now()));
    const scheduled = end < start ? 0 : Math.floor((end - start) / DAY_MS) + 1;
    const days = Math.min(scheduled, body.days ?? 90, 90);
    const g = new Gen(seededFaker(ctx.store.seed, `advert.stats:${ad.id}`));
    const dates = Array.from({ length: days }, (_, k) => fmtDate(end - (days - 1 - k) * DAY_MS));
    const span = Math.max(1, Math.round((parseTime(ad.endTime as string) - start) / DAY_MS));
    const views = dates.map(() => Math.round(((ad.views as number) / span) * g.int(60, 140) / 100));
    const rate = (ad.clicks as number) / Math.max(1, ad.views as number);
    const clicks = views.map((v) => Math.min(v, Math.round(v * rate * g.int(70, 130) / 100)));
    const ctr = views.map((v, k) => (v ? Math.round((clicks[k] / v) * 10_000) / 100 : 0));
    return { dates, views, clicks, ctr };
  },

  /** Draft → sent, now or at a future `sendTime` (scheduled). A sent message is never edited (hooks). */
  'stationMsg.send': ({ ctx, body }) => {
    const m = ctx.crud.find('stationMsg', body.id);
    if (m.status !== 0) throw new MockError(`id: station message ${m.id} was already ${m.status === 1 ? 'sent' : 'revoked'}`);
    const now = ctx.crud.now();
    if (body.sendTime !== undefined && body.sendTime < now) throw new MockError(`sendTime: must not be in the past (now ${now})`);
    return ctx.store.col('stationMsg').replace({ ...m, status: 1, sendTime: body.sendTime ?? now, updateTime: now });
  },

  /** Sent (or scheduled) → revoked: members no longer see it; it cannot be sent again. */
  'stationMsg.revoke': ({ ctx, body }) => {
    const m = ctx.crud.find('stationMsg', body.id);
    if (m.status !== 1) throw new MockError(`id: station message ${m.id} is ${m.status === 0 ? 'a draft' : 'already revoked'}; only sent messages can be revoked`);
    return ctx.store.col('stationMsg').replace({ ...m, status: 2, updateTime: ctx.crud.now() });
  },

  /** Several weights at once, all or none; the relation list orders by weight (highest first). */
  'recommendRelation.updateWeight': ({ ctx, body }) => {
    const list = body.list as { id: number; weight: number }[];
    const dup = repeated(list.map((x) => x.id));
    if (dup) throw new MockError(`list.${dup[0]}.id: relation ${list[dup[0]].id} repeats list.${dup[1]}`);
    const rows = findAll(ctx, 'recommendRelation', list.map((x) => x.id), 'list');
    const now = ctx.crud.now();
    rows.forEach((r, i) => ctx.store.col('recommendRelation').replace({ ...r, weight: list[i].weight, updateTime: now }));
    return { count: rows.length };
  },

  'navigation.tree': ({ ctx, body }) => navTree(all(ctx, 'navigation'), !!body?.all),

  /** Drag and drop: re-parent and re-position one entry; the tree stays two levels and acyclic. */
  'navigation.move': ({ ctx, body }) => {
    const rows = all(ctx, 'navigation');
    const node = ctx.crud.find('navigation', body.id);
    const parentId = body.parentId as number;
    if (parentId) {
      if (parentId === node.id) throw new MockError(`parentId: a navigation entry cannot be its own parent`);
      const parent = ctx.store.get<AnyRow>('navigation', parentId);
      if (!parent) throw new MockError(`parentId: no navigation entry with id ${parentId}`, 404);
      if (parent.parentId === node.id) throw new MockError(`parentId: navigation entry ${parentId} is a child of ${node.id}; an entry cannot go under its own child`);
      if (parent.parentId) throw new MockError(`parentId: navigation entry ${parentId} is itself a child; only two levels are allowed`);
      if (rows.some((r) => r.parentId === node.id)) throw new MockError(`id: navigation entry ${node.id} has children; only two levels are allowed, so it stays at the top`);
    }
    const now = ctx.crud.now();
    const col = ctx.store.col('navigation');
    const siblings = rows.filter((r) => (r.parentId as number) === parentId && r.id !== node.id).sort(bySort);
    siblings.splice(Math.min(body.index as number, siblings.length), 0, { ...node, parentId });
    const renumber = (list: AnyRow[]) => list.forEach((r, k) => {
      const cur = ctx.store.get<AnyRow>('navigation', r.id)!;
      if (cur.sort !== k + 1 || cur.parentId !== r.parentId) col.replace({ ...cur, parentId: r.parentId, sort: k + 1, updateTime: now });
    });
    renumber(siblings);
    if ((node.parentId as number) !== parentId) renumber(rows.filter((r) => (r.parentId as number) === (node.parentId as number) && r.id !== node.id).sort(bySort));
    return navTree(all(ctx, 'navigation'), true);
  },

  /** Approve, hide with a reason, pin or unpin several comments; all or none. */
  'comment.moderate': ({ ctx, body }) => {
    const ids = body.ids as number[];
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (body.action === 'hide' && !reason) throw new MockError('reason: say why the comment is hidden');
    const rows = findAll(ctx, 'comment', ids, 'ids');
    const now = ctx.crud.now();
    const change: Record<string, (r: AnyRow) => AnyRow> = {
      approve: (r) => ({ ...r, status: 1, hideReason: '' }),
      hide: (r) => ({ ...r, status: 2, hideReason: reason, isTop: false }),
      pin: (r) => ({ ...r, isTop: true }),
      unpin: (r) => ({ ...r, isTop: false }),
    };
    if (body.action === 'pin') {
      const hidden = rows.find((r) => r.status === 2);
      if (hidden) throw new MockError(`ids: comment ${hidden.id} is hidden; show it before pinning it`);
    }
    for (const r of rows) ctx.store.col('comment').replace({ ...change[body.action as string](r), updateTime: now });
    return { count: rows.length };
  },
};

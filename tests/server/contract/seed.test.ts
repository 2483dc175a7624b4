import { Compile } from 'typebox/compile';
import { describe, expect, test } from 'vitest';
import { ENTITIES, type AnyEntity, type EntityName } from '../../../server/contract/index.js';
import { generate, type AnyRow, type SeedData } from '../../../server/mock/store/seed.js';
import { fmt } from '../../../server/mock/store/gen.js';
import { SEED_STEPS } from '../../../server/mock/store/steps.js';
import { seedData } from '../../../server/mock/store/store.js';

/**
 * The seeded store: one seed gives the same data every time, another seed other data; every record
 * satisfies its contract schema; references point at existing records; unique fields are unique;
 * derived numbers add up (order totals, wallet balances, stock).
 */

const SEED = 20261121;
const ALL = ENTITIES as readonly AnyEntity[];
const data = seedData(SEED, 1);
const rows = (name: EntityName) => data.tables[name] as readonly AnyRow[];
const view = (e: AnyEntity, r: AnyRow) => Object.fromEntries(Object.entries(r).filter(([k]) => !e.writeOnlyFields.includes(k)));

describe('timeline', () => {
  // The store's "now" (data.refMs): the running console sets it to the hour it starts in, so what
  // holds here holds on the day a demo runs.
  const newest = (name: EntityName) => rows(name).reduce((m, r) => ((r.createTime as string) > m ? (r.createTime as string) : m), '');
  const since = (name: EntityName, hours: number) => rows(name).filter((r) => (r.createTime as string) > fmt(data.refMs - hours * 3_600_000)).length;

  test('orders, feedback and refund applications arrive in the hours before the data\'s now, none after it', () => {
    expect(since('order', 6)).toBeGreaterThan(5);
    expect(since('feedback', 24)).toBeGreaterThan(3);
    expect(since('refund', 24)).toBeGreaterThan(0);
    for (const name of ['order', 'orderItem', 'feedback', 'refund', 'member', 'memberConsume', 'walletRecord'] as EntityName[]) expect(newest(name) <= fmt(data.refMs), name).toBe(true);
  });
});

describe('determinism', () => {
  const small = (seed: number): SeedData => generate(seed, 0.25, SEED_STEPS);
  let quarter: SeedData;

  test('the same seed gives the same data; another seed other data', () => {
    const a = (quarter = small(7));
    const b = small(7);
    expect(JSON.stringify(b.tables)).toBe(JSON.stringify(a.tables));
    const c = small(8);
    expect(JSON.stringify(c.tables.member)).not.toBe(JSON.stringify(a.tables.member));
    expect(JSON.stringify(c.tables.order)).not.toBe(JSON.stringify(a.tables.order));
  }, 30_000);

  test('scale multiplies the volumes of the large tables and leaves lookups alone', () => {
    quarter ??= small(7);
    expect(quarter.tables.member.length).toBe(750);
    expect(rows('member').length).toBe(3000);
    expect(quarter.tables.memberGrade.length).toBe(rows('memberGrade').length);
    expect(quarter.tables.feedbackType.length).toBe(rows('feedbackType').length);
  }, 30_000);
});

describe('volumes at scale 1', () => {
  test('are large enough to page through', () => {
    expect(rows('member').length).toBeGreaterThanOrEqual(3000);
    expect(rows('order').length).toBeGreaterThanOrEqual(5000);
    expect(rows('card').length).toBeGreaterThanOrEqual(30000);
    expect(rows('cdkCode').length).toBeGreaterThanOrEqual(20000);
    for (const e of ALL) expect(rows(e.name as EntityName).length, e.name).toBeGreaterThan(0);
  });
});

describe('every seeded record', () => {
  test.each(ALL.map((e) => [e.name, e] as const))('%s matches its contract schema', (_n, e) => {
    const bad: string[] = [];
    const validator = Compile(e.schemas.record as never) as unknown as { Check(v: unknown): boolean; Errors(v: unknown): Iterable<{ instancePath: string; message: string }> };
    for (const r of rows(e.name as EntityName)) {
      if (!validator.Check(view(e, r))) {
        bad.push(`${r.id}: ${[...validator.Errors(view(e, r))].map((x) => `${x.instancePath} ${x.message}`).join(', ')}`);
        if (bad.length > 3) break;
      }
    }
    expect(bad).toEqual([]);
  });

  test.each(ALL.map((e) => [e.name, e] as const))('%s refers only to existing records and keeps unique fields unique', (_n, e) => {
    const ids = new Map<string, Set<number>>();
    const idsOf = (n: string) => ids.get(n) ?? (ids.set(n, new Set(rows(n as EntityName).map((r) => r.id))), ids.get(n)!);
    for (const r of rows(e.name as EntityName)) {
      for (const ref of e.refs) {
        const v = r[ref.field];
        if (v === undefined) continue;
        for (const id of ref.many ? (v as number[]) : [v as number]) expect(idsOf(ref.entity).has(id), `${e.name} ${r.id} ${ref.field} → ${ref.entity} ${id}`).toBe(true);
      }
    }
    for (const set of e.unique) {
      const keys = rows(e.name as EntityName).map((r) => set.map((f) => String(r[f]).toLowerCase()).join('|'));
      expect(new Set(keys).size, `${e.name} unique ${set.join('+')}`).toBe(keys.length);
    }
  });
});

describe('ids follow creation time', () => {
  test.each(ALL.map((e) => [e.name, e] as const))('%s: a higher id was never created earlier', (_n, e) => {
    const t = rows(e.name as EntityName);
    const late = t.findIndex((r, i) => i > 0 && r.createTime < t[i - 1].createTime);
    expect(late, late < 0 ? '' : `${e.name} ${t[late].id} (${t[late].createTime}) after ${t[late - 1].id} (${t[late - 1].createTime})`).toBe(-1);
    t.forEach((r, i) => expect(r.id).toBe(i + 1));
  });

  test('relations survive the renumbering: names, numbers and labels still agree across tables', () => {
    const byId = (n: EntityName) => new Map(rows(n).map((r) => [r.id, r]));
    const orders = byId('order');
    const orderByNo = new Map(rows('order').map((r) => [r.orderNo, r]));
    for (const f of rows('refund')) expect(`R${(orders.get(f.orderId as number)!.orderNo as string).slice(1)}`).toBe(f.refundNo);
    for (const c of rows('memberConsume')) if (c.orderNo) expect(orderByNo.get(c.orderNo as string)?.memberId, `consume ${c.id}`).toBe(c.memberId);
    // A delivered card belongs to the order whose item lists it.
    const cards = byId('card');
    for (const it of rows('orderItem')) for (const id of it.cardIds as number[]) expect(cards.get(id)!.orderId, `item ${it.id} card ${id}`).toBe(it.orderId);
    // Untyped references (the target of a recommendation, a comment, an audit entry) still name their target.
    const label: Record<string, [EntityName, string]> = { game: ['game', 'gameName'], goods: ['goods', 'goodsName'], article: ['article', 'title'] };
    const maps = { game: byId('game'), goods: byId('goods'), article: byId('article'), card: byId('card') } as Record<string, Map<number, AnyRow>>;
    for (const r of rows('recommendRelation')) {
      const [entity, field] = label[({ 1: 'game', 2: 'goods', 3: 'article' } as Record<number, string>)[r.targetType as number]];
      expect(maps[entity].get(r.targetId as number)?.[field], `relation ${r.id}`).toBe(r.targetName);
    }
    for (const r of rows('comment')) {
      const [entity, field] = label[({ 1: 'goods', 2: 'game', 3: 'article' } as Record<number, string>)[r.targetType as number]];
      expect(maps[entity].get(r.targetId as number)?.[field], `comment ${r.id}`).toBe(r.targetName);
    }
    for (const a of rows('inventoryAudit')) if (a.targetType === 1 && a.targetId) expect(maps.card.get(a.targetId as number)?.cardNo, `audit ${a.id}`).toBe(a.targetLabel);
  });
});

describe('derived numbers add up', () => {
  test('order totals: item amount = price × quantity, total = Σ items, pay = total − discount', () => {
    const items = new Map<number, AnyRow[]>();
    for (const it of rows('orderItem')) items.set(it.orderId as number, [...(items.get(it.orderId as number) ?? []), it]);
    for (const it of rows('orderItem')) expect(it.amount).toBe((it.price as number) * (it.quantity as number));
    for (const o of rows('order')) {
      const its = items.get(o.id) ?? [];
      expect(its.length, `order ${o.id} has items`).toBeGreaterThan(0);
      expect(o.totalAmount).toBe(its.reduce((s, it) => s + (it.amount as number), 0));
      expect(o.itemCount).toBe(its.reduce((s, it) => s + (it.quantity as number), 0));
      expect(o.payAmount).toBe((o.totalAmount as number) - (o.discountAmount as number));
      const member = rows('member')[(o.memberId as number) - 1];
      expect(member.id).toBe(o.memberId);
      expect(o.memberNickName).toBe(member.nickName);
    }
  });

  test('delivered codes are sold to their order; stock counts the unsold ones', () => {
    const cards = new Map(rows('card').map((c) => [c.id, c]));
    for (const it of rows('orderItem')) for (const id of it.cardIds as number[]) expect(cards.get(id)).toMatchObject({ orderId: it.orderId, goodsId: it.goodsId });
    const unsold = new Map<number, number>();
    for (const c of [...rows('card'), ...rows('cardAccount')]) if (c.status === 0) unsold.set(c.goodsId as number, (unsold.get(c.goodsId as number) ?? 0) + 1);
    for (const s of rows('stock')) {
      expect(s.availableQty).toBe(unsold.get(s.goodsId as number) ?? 0);
      expect(rows('goods')[(s.goodsId as number) - 1].stock).toBe(s.availableQty);
    }
  });

  test('a member balance is the sum of their successful wallet records, never negative', () => {
    const sums = new Map<number, number>();
    for (const w of rows('walletRecord')) if (w.status === 1) sums.set(w.memberId as number, (sums.get(w.memberId as number) ?? 0) + (w.amount as number));
    for (const m of rows('member')) {
      expect(m.balance).toBe(sums.get(m.id) ?? 0);
      expect(m.balance as number).toBeGreaterThanOrEqual(0);
    }
  });

  test('merchant income = sales − commission; rental income = rent − platform fee', () => {
    for (const r of rows('merchantIncome')) expect(r.income).toBe((r.orderAmount as number) - (r.commission as number));
    for (const r of rows('rentalIncome')) expect(r.income).toBe((r.rentAmount as number) - (r.platformFee as number));
    for (const r of rows('rentOrder')) expect(r.totalAmount).toBe((r.rentAmount as number) + (r.deposit as number));
  });
});

import { CONTENT } from '../../fixtures/feedback.factory.js';
import { BUYER_REMARKS, REFUND_REASONS } from '../../fixtures/order.factory.js';
import { SERVERS } from '../../fixtures/rent.factory.js';
import type { EntityName } from '../contract/index.js';
import { TRAFFIC_KINDS, type TrafficInfo, type TrafficKind, type TrafficUpdate } from '../contract/mock-qa.js';
import { refundAmountOf, refundedUnits, type RefundLineValue } from '../contract/order.js';
import { recountStock } from './hooks/inventory.js';
import { WRITER } from './store/changes.js';
import type { Crud } from './store/crud.js';
import { fmtDate, seededGen, serialNo, type Gen } from './store/gen.js';
import type { AnyRow } from './store/seed.js';
import type { MockStore } from './store/store.js';

/**
 * Live demo traffic (a QA control of mock mode): while it runs, the platform's day
 * happens on its own in mock mode. Each tick of a timer makes one platform event through the
 * store: a new unpaid order, a payment, a feedback, a refund application, a rent application, or a
 * goods whose stock drops under its warning line. The store tells every row it writes
 * (`MockStore.onChange`), so operators see it as live events: the lists' "N new" bar, row marks,
 * the work queues' badges.
 *
 * Rules:
 * - Each event keeps the rules the seed's factories and finishing passes keep (fixtures/*.factory.ts):
 *   item `amount = price × quantity`, order totals = Σ items, `payAmount = totalAmount − discount`;
 *   an unpaid order's code items lock unsold codes (status 1, `orderId`), a delivered one's are sold;
 *   a payment sets `status` 1, `payType` and `payTime`, counts in the member's orders and
 *   consumption (one consumption line) and in the goods' sales; a refund application is a refund row
 *   in status 0 and its order `refunding` (5), `orderStatusBefore` keeping what it was; stock lines
 *   and `goods.stock` are recounted from the codes (`recountStock`, the store's own derivation).
 * - Times are the server's clock now (the data is anchored to the day the server started).
 * - Deterministic: tick n draws from its own generator seeded from (seed, n), so the same seed and
 *   the same number of ticks over the same data make the same records. A reset of the data starts
 *   the sequence over; switching the traffic off and on goes on counting.
 * - A tick never throws into the timer: a failed tick is logged and skipped. It writes as nobody
 *   (writer null): the platform's own change, not an operator's.
 * - The timer starts at the first API request (not at boot), is unref'd (it never keeps the process
 *   alive) and stops when the app closes.
 */

/** How often each kind comes up, relative to the others (a day's mix: mostly orders and payments). */
const WEIGHTS: Record<TrafficKind, number> = { order: 30, payment: 25, feedback: 16, refund: 10, rentApply: 9, stock: 10 };
/** Statuses of an order (contract OrderStatus). */
const S = { pendingPay: 0, paid: 1, delivered: 2, completed: 3, refunding: 5 } as const;
/** The inventory a goods is delivered from: codes (1) or accounts (3); others have none. */
const KIND = { 1: 'card', 3: 'cardAccount' } as const;
type HoldKind = (typeof KIND)[1 | 3];
/** Most units one order line holds (contract `orderItem.quantity`, `cardIds` at most 99). */
const MAX_QTY = 99;
/** Most units the order that makes a goods' stock run low sells: a tick writes each of them (and tells it as an event). */
const MAX_SOLD = 150;
/** Draws of a random row before a kind gives up (a table whose rows have mostly been deleted). */
const TRIES = 24;
const FEEDBACK_TYPE_WEIGHTS: Record<number, number> = { 1: 20, 2: 25, 3: 12, 4: 10, 5: 12, 6: 10, 7: 3, 8: 8 };

/** The demo traffic's setting: whether it runs, its rate (events per minute, 1–600) and kinds. */
export interface TrafficSetting {
  enabled: boolean;
  perMinute: number;
  kinds: TrafficKind[];
}

/** What one tick made: its kind and the record it is about (the order, feedback, refund, rent application or stock line). */
export interface TrafficEvent {
  kind: TrafficKind;
  entity: EntityName;
  id: number;
  at: string;
}

/** Where a failed tick is told (the app's logger). */
export interface TrafficLog {
  warn(obj: object, msg: string): void;
}

/** What the traffic needs of the mock context. */
export interface TrafficDeps {
  store: MockStore;
  crud: Crud;
  /** The server's clock, ms since epoch. */
  now: () => number;
}

const zeroCounts = (): Record<TrafficKind, number> => Object.fromEntries(TRAFFIC_KINDS.map((k) => [k, 0])) as Record<TrafficKind, number>;

/**
 * The demo traffic of one mock context. `update` applies a setting (QA control
 * `/v1/mock/traffic/update`, the Mock panel, `DEMO_TRAFFIC` at start), `tick` makes one event now
 * (the timer's work; tests call it directly), `restart` starts the sequence over (data reset),
 * `stop` ends the timer for good (app close).
 */
export class DemoTraffic {
  private setting: TrafficSetting;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private ticks = 0;
  private made = zeroCounts();
  private last: TrafficEvent | undefined;

  constructor(
    private readonly deps: TrafficDeps,
    initial: Partial<TrafficSetting> = {},
    private log: TrafficLog = { warn: () => {} },
  ) {
    this.setting = { enabled: initial.enabled ?? false, perMinute: initial.perMinute ?? 30, kinds: initial.kinds?.length ? [...initial.kinds] : [...TRAFFIC_KINDS] };
  }

  private begun = false;

  /**
   * Lets the timer run from now on (mock mode calls it at the first API request): never at boot,
   * where reading the data in (generating it when no snapshot has it) would delay the first
   * `/healthz`. Until then a setting is kept and applied once begun.
   */
  begin(): void {
    if (this.begun) return;
    this.begun = true;
    this.schedule();
  }

  /** Where failed ticks are told from now on. */
  logTo(log: TrafficLog): void {
    this.log = log;
  }

  /** The setting and what the traffic has made since the server started or the data was last reset. */
  info(): TrafficInfo {
    return {
      enabled: this.setting.enabled,
      perMinute: this.setting.perMinute,
      kinds: [...this.setting.kinds],
      ticks: this.ticks,
      made: { ...this.made },
      ...(this.last ? { lastEvent: { ...this.last } } : {}),
    };
  }

  /**
   * Applies a setting (already checked against the contract's `TrafficUpdate`: rate 1–600, kinds
   * distinct; none = every kind). The timer restarts at the new rate: the next event comes one
   * interval from now.
   */
  update(next: TrafficUpdate): TrafficInfo {
    this.setting = { enabled: next.enabled, perMinute: next.perMinute, kinds: next.kinds?.length ? TRAFFIC_KINDS.filter((k) => next.kinds!.includes(k)) : [...TRAFFIC_KINDS] };
    this.schedule();
    return this.info();
  }

  /** After a data reset: the setting stays, the sequence starts over (tick 0 again) one interval from now. */
  restart(): void {
    // The reset data's indexes are new: warmed again before the next timer tick.
    this.warmed = false;
    this.ticks = 0;
    this.made = zeroCounts();
    this.last = undefined;
    this.schedule();
  }

  /** Ends the timer for good (the app closes); later settings are kept but never run. */
  stop(): void {
    this.closed = true;
    if (this.warming) clearImmediate(this.warming);
    this.warming = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.closed || !this.begun || !this.setting.enabled) return;
    this.warm();
    this.timer = setInterval(() => {
      if (this.warming === null) this.tick();
    }, Math.round(60_000 / this.setting.perMinute));
    this.timer.unref();
  }

  /** Whether the timer's ticks run (the warm-up is done); direct `tick` calls never wait for it. */
  get ready(): boolean {
    return this.warmed && this.warming === null;
  }

  /** The warm-up under way (its next step), or null once done or not started. */
  private warming: NodeJS.Immediate | null = null;
  private warmed = false;

  /**
   * Before the first tick of a running traffic: the tables and indexes a tick reads are read in
   * (from the seed snapshot) and built one per turn of the event loop, so no tick pays for them and
   * requests are answered between the steps. Timer ticks wait until it is done.
   */
  private warm(): void {
    if (this.warmed || this.warming) return;
    const { store } = this.deps;
    const steps: (() => unknown)[] = [
      ...(['member', 'goods', 'coupon', 'game', 'feedbackType', 'feedback', 'rentApply', 'memberConsume'] as const).map((n) => () => store.col(n)),
      () => store.col('order').where('status', 0),
      () => store.col('order').sameKey(['orderNo'], { orderNo: '' }),
      () => store.col('orderItem').where('orderId', 0),
      () => store.col('refund').where('orderId', 0),
      () => store.col('refund').sameKey(['refundNo'], { refundNo: '' }),
      () => store.col('card').where('goodsId', 0),
      () => store.col('cardAccount').where('goodsId', 0),
      () => store.col('stock').where('goodsId', 0),
    ];
    const next = () => {
      this.warming = null;
      if (this.closed) return;
      const step = steps.shift();
      if (!step) {
        this.warmed = true;
        return;
      }
      try {
        step();
      } catch (e) {
        this.log.warn({ err: e }, 'demo traffic: warm-up step failed');
      }
      this.warming = setImmediate(next);
    };
    this.warming = setImmediate(next);
  }

  /**
   * Makes the next event now, whether or not the traffic runs (the timer's work; tests drive it).
   * Answers what it made, or null when nothing could be made (no unpaid order to pay, no delivered
   * order to refund…) or the tick failed (logged). Never throws.
   */
  tick(): TrafficEvent | null {
    const n = this.ticks++;
    try {
      const event = WRITER.run(null, () => this.make(n));
      if (event) {
        this.made[event.kind]++;
        this.last = event;
      }
      return event;
    } catch (e) {
      this.log.warn({ err: e, tick: n }, 'demo traffic: tick failed, skipped');
      return null;
    }
  }

  /** Tick `n`: a kind drawn by weight among the enabled ones; when it has nothing to act on, the next enabled kind tries. */
  private make(n: number): TrafficEvent | null {
    const g = seededGen(this.deps.store.seed, `traffic:${n}`);
    const kinds = this.setting.kinds;
    const first = kinds.indexOf(g.weighted(kinds.map((k) => [k, WEIGHTS[k]] as const)));
    const day = new Day(this.deps, g);
    for (let i = 0; i < kinds.length; i++) {
      const kind = kinds[(first + i) % kinds.length];
      const made = day[kind]();
      if (made) return { kind, ...made, at: day.at };
    }
    return null;
  }
}

/** One tick's work over the store: each kind's event, or null when it finds nothing to act on. */
class Day {
  readonly at: string;
  private readonly ms: number;
  private readonly store: MockStore;

  constructor(
    private readonly deps: TrafficDeps,
    private readonly g: Gen,
  ) {
    this.store = deps.store;
    this.ms = deps.now();
    this.at = deps.crud.now();
  }

  /** A new unpaid order of an active member: 1–3 lines; its code and account lines lock unsold ones. */
  order(): { entity: EntityName; id: number } | null {
    const g = this.g;
    const m = this.member();
    if (!m) return null;
    const lines: { goods: AnyRow; quantity: number }[] = [];
    const taken = new Map<number, number>();
    const want = g.weighted([[1, 75], [2, 20], [3, 5]] as const);
    for (let k = 0; k < want; k++) {
      const x = this.randomRow('goods', (r) => {
        if (r.status !== 1) return false;
        const kind = KIND[r.deliveryType as 1 | 3];
        return !kind || this.unsold(r.id) - (taken.get(r.id) ?? 0) >= 1;
      });
      if (!x) continue;
      const quantity = x.deliveryType === 3 || (x.price as number) > 100_000 ? 1 : Math.min(g.weighted([[1, 80], [2, 15], [3, 5]] as const), KIND[x.deliveryType as 1 | 3] ? this.unsold(x.id) - (taken.get(x.id) ?? 0) : MAX_QTY);
      taken.set(x.id, (taken.get(x.id) ?? 0) + quantity);
      lines.push({ goods: x, quantity });
    }
    if (!lines.length) return null;
    const o = this.place(m, lines, 'unpaid');
    return { entity: 'order', id: o.id };
  }

  /**
   * One of the latest unpaid orders is paid: status 1, its pay type and time; it counts in its
   * member's orders and its goods' sales. Its locked codes stay its own until it is delivered.
   */
  payment(): { entity: EntityName; id: number } | null {
    // Ids follow creation time: the last ones are the newest orders.
    const unpaid = this.store.col('order').where('status', S.pendingPay).slice(-20);
    if (!unpaid.length) return null;
    const o = this.g.pick(unpaid);
    const paid = this.save('order', o, { status: S.paid, payType: this.payType(), payTime: this.at });
    this.countPaid(paid);
    return { entity: 'order', id: o.id };
  }

  /** A new unreplied feedback (status 0) of an active member, of an enabled feedback type. */
  feedback(): { entity: EntityName; id: number } | null {
    const g = this.g;
    const m = this.member();
    const types = [...this.store.col('feedbackType').values()].filter((t) => t.status === 1);
    if (!m || !types.length) return null;
    const type = g.weighted(types.map((t) => [t, FEEDBACK_TYPE_WEIGHTS[t.id] ?? 8] as const));
    const row = this.deps.crud.insert(
      'feedback',
      {
        memberId: m.id,
        nickName: m.nickName,
        typeId: type.id,
        content: g.pick(CONTENT[type.id] ?? CONTENT[8]),
        images: g.chance(0.15) ? [g.image('feedback', g.int(1, 30))] : [],
        contact: g.chance(0.5) ? m.phone : '',
        source: g.weighted([[1, 6], [2, 3], [3, 1]] as const),
        clientVersion: g.pick(['2.5.1', '2.6.0', '2.6.2', '2.7.0']),
        status: 0,
        remark: '',
      },
      null,
    );
    return { entity: 'feedback', id: row.id };
  }

  /**
   * A refund application on one of the latest delivered or completed orders: a refund row in
   * status 0 for every unit left (its amount what was paid for them) or, one time in five, for half
   * the amount by amount alone; the order becomes `refunding`.
   */
  refund(): { entity: EntityName; id: number } | null {
    const g = this.g;
    const col = this.store.col('order');
    const recent = [...col.where('status', S.delivered).slice(-40), ...col.where('status', S.completed).slice(-40)].filter((o) => (o.payAmount as number) >= 1);
    if (!recent.length) return null;
    const o = g.pick(recent);
    const items = this.store.col('orderItem').where('orderId', o.id);
    const refunds = [...this.store.col('refund').where('orderId', o.id)];
    const done = refundedUnits(refunds);
    const lines: RefundLineValue[] = items.map((it) => ({ itemId: it.id, quantity: (it.quantity as number) - (done.get(it.id) ?? 0) })).filter((l) => l.quantity > 0);
    const whole = refundAmountOf(o, items, refunds, lines);
    const byAmount = g.chance(0.2);
    const amount = byAmount ? Math.max(1, Math.round(whole / 2)) : whole;
    if (!lines.length || whole < 1) return null;
    const refund = this.deps.crud.insert(
      'refund',
      {
        refundNo: this.unique('refund', 'refundNo', (n) => `R${fmtDate(this.ms).replace(/-/g, '')}${String(n).padStart(7, '0')}`),
        orderId: o.id,
        orderNo: o.orderNo,
        memberId: o.memberId,
        amount,
        lines: byAmount ? [] : lines,
        reason: g.pick(REFUND_REASONS),
        refundType: g.weighted([[1, 9], [2, 1]] as const),
        status: 0,
        orderStatusBefore: o.status,
        auditRemark: '',
      },
      null,
    );
    this.save('order', o, { status: S.refunding });
    return { entity: 'refund', id: refund.id };
  }

  /** A new rent application (status 0, awaiting review) of an active member for a game. */
  rentApply(): { entity: EntityName; id: number } | null {
    const g = this.g;
    const m = this.member();
    const game = this.randomRow('game', () => true);
    if (!m || !game) return null;
    const row = this.deps.crud.insert(
      'rentApply',
      {
        memberId: m.id,
        gameId: game.id,
        account: `${String(game.gameIdentity)}.owner${this.store.col('rentApply').peekNextId()}`.slice(0, 64),
        serverName: g.pick(SERVERS),
        description: `${g.int(30, 120)}级，${g.pick(['全英雄', '多皮肤', '限定坐骑', '高段位'])}，${g.pick(['可长租', '周末可租', '晚上可租'])}`,
        expectHourlyPrice: g.pick([300, 500, 800, 1000, 1500]),
        contactPhone: m.phone,
        status: 0,
        auditRemark: '',
      },
      null,
    );
    return { entity: 'rentApply', id: row.id };
  }

  /**
   * A goods' stock runs low: a paid and delivered order of a goods on sale whose stock line is
   * normal, and at most MAX_SOLD above its warning line, sells enough of its codes (or accounts)
   * that what is left is at or under the warning line, never none; the stock line and
   * `goods.stock` follow. Lines of codes hold up to 99 units, lines of accounts one.
   */
  stock(): { entity: EntityName; id: number } | null {
    const g = this.g;
    const perLine = (deliveryType: number) => (deliveryType === 1 ? MAX_QTY : 1);
    const candidates = [...this.store.col('stock').values()].filter((s) => {
      if (s.stockStatus !== 1) return false;
      const goods = this.store.get<AnyRow>('goods', s.goodsId as number);
      if (!goods || goods.status !== 1 || !KIND[goods.deliveryType as 1 | 3]) return false;
      return (s.availableQty as number) - (s.warnQty as number) <= MAX_SOLD;
    });
    const m = this.member();
    if (!candidates.length || !m) return null;
    const line = g.pick(candidates);
    const goods = this.store.get<AnyRow>('goods', line.goodsId as number)!;
    const available = this.unsold(goods.id);
    const each = perLine(goods.deliveryType as number);
    const left = g.int(Math.max(1, available - MAX_SOLD), Math.max(1, line.warnQty as number));
    let quantity = available - left;
    if (quantity < 1) return null;
    const lines: { goods: AnyRow; quantity: number }[] = [];
    while (quantity > 0) {
      lines.push({ goods, quantity: Math.min(each, quantity) });
      quantity -= each;
    }
    this.place(m, lines, 'delivered');
    return { entity: 'stock', id: line.id };
  }

  /**
   * An order of `m` for these lines, its items and totals (a coupon when one applies, one time in
   * five), placed now. `unpaid`: status 0, code lines lock unsold codes. `delivered`: paid and
   * delivered now, code lines sold, and it counts as paid.
   */
  private place(m: AnyRow, lines: { goods: AnyRow; quantity: number }[], state: 'unpaid' | 'delivered'): AnyRow {
    const g = this.g;
    const crud = this.deps.crud;
    const total = lines.reduce((s, l) => s + (l.goods.price as number) * l.quantity, 0);
    const coupon = g.chance(0.2) ? this.coupon(total) : undefined;
    const merchants = new Set(lines.map((l) => l.goods.merchantId as number | undefined));
    const [merchant] = [...merchants];
    const delivered = state === 'delivered';
    const o = crud.insert(
      'order',
      {
        orderNo: this.unique('order', 'orderNo', (n) => serialNo('O', this.ms, n)),
        memberId: m.id,
        memberNickName: m.nickName,
        ...(merchants.size === 1 && merchant !== undefined ? { merchantId: merchant } : {}),
        ...(coupon ? { couponId: coupon.id } : {}),
        itemCount: lines.reduce((s, l) => s + l.quantity, 0),
        totalAmount: total,
        discountAmount: coupon ? (coupon.amount as number) : 0,
        payAmount: total - (coupon ? (coupon.amount as number) : 0),
        ...(delivered ? { payType: this.payType(), payTime: this.at, deliveryTime: this.at } : {}),
        status: delivered ? S.delivered : S.pendingPay,
        riskLevel: delivered ? 0 : g.weighted([[0, 96], [1, 3], [2, 1]] as const),
        riskRemark: '',
        contactPhone: m.phone,
        buyerRemark: g.pick(BUYER_REMARKS),
        remark: '',
        goodsIds: [...new Set(lines.map((l) => l.goods.id))],
        activity: [],
      },
      null,
    );
    const touched = new Set<number>();
    for (const l of lines) {
      const kind = KIND[l.goods.deliveryType as 1 | 3] as HoldKind | undefined;
      const held = kind ? this.hold(kind, l.goods.id, l.quantity, o.id, delivered ? 2 : 1) : [];
      if (kind) touched.add(l.goods.id);
      crud.insert(
        'orderItem',
        {
          orderId: o.id,
          goodsId: l.goods.id,
          goodsName: l.goods.goodsName,
          deliveryType: l.goods.deliveryType,
          price: l.goods.price,
          quantity: l.quantity,
          amount: (l.goods.price as number) * l.quantity,
          deliveryStatus: delivered ? 1 : 0,
          cardIds: kind === 'card' ? held : [],
          cardAccountIds: kind === 'cardAccount' ? held : [],
        },
        null,
      );
    }
    touched.forEach((id) => recountStock(this.store, id));
    if (delivered) this.countPaid(o);
    return o;
  }

  /** Takes `n` unsold codes (or accounts) of a goods, oldest first, for order `orderId`: locked (1) or sold (2). Answers their ids. */
  private hold(kind: HoldKind, goodsId: number, n: number, orderId: number, status: 1 | 2): number[] {
    const col = this.store.col(kind);
    const rows = col.where('goodsId', goodsId).filter((r) => r.status === 0).slice(0, n);
    for (const r of rows) this.save(kind, r, { status, orderId, ...(status === 2 ? { soldTime: this.at } : {}) });
    return rows.map((r) => r.id);
  }

  /** A paid order counts in its member's orders and consumption (a consumption line) and in its goods' sales (as the seed counts them). */
  private countPaid(o: AnyRow): void {
    const crud = this.deps.crud;
    const m = this.store.get<AnyRow>('member', o.memberId as number);
    if (m) this.save('member', m, { orderCount: (m.orderCount as number) + 1, totalConsume: (m.totalConsume as number) + (o.payAmount as number) });
    crud.insert('memberConsume', { memberId: o.memberId, consumeType: 1, orderNo: o.orderNo, title: `订单 ${String(o.orderNo)}`, amount: o.payAmount, payType: o.payType, remark: '' }, null);
    const goods = this.store.col('goods');
    for (const it of this.store.col('orderItem').where('orderId', o.id)) {
      const x = goods.get(it.goodsId as number);
      // A derived counter, like the stock: written without a new version of the goods (an operator editing it is not refused for it).
      if (x) goods.replace({ ...x, sales: ((x.sales as number) || 0) + (it.quantity as number) });
    }
  }

  /** The record with `patch` applied now, with a new version and no operator as its writer. */
  private save(name: EntityName, old: AnyRow, patch: Record<string, unknown>): AnyRow {
    const col = this.store.col(name);
    const row = col.replace({ ...old, ...patch, ...this.deps.crud.stamp(name, old, this.at) } as AnyRow);
    col.noteWriter(old.id, null);
    return row;
  }

  /** Unsold codes or accounts of a goods (what its stock line counts as available). */
  private unsold(goodsId: number): number {
    const goods = this.store.get<AnyRow>('goods', goodsId);
    const kind = goods && KIND[goods.deliveryType as 1 | 3];
    if (!kind) return 0;
    let n = 0;
    for (const r of this.store.col(kind).where('goodsId', goodsId)) if (r.status === 0) n++;
    return n;
  }

  /** A coupon (not of type 2) whose threshold `total` reaches and whose amount is below it, or none. */
  private coupon(total: number): AnyRow | undefined {
    const fits = [...this.store.col('coupon').values()].filter((c) => c.couponType !== 2 && total >= (c.threshold as number) && total > (c.amount as number));
    return fits.length ? this.g.pick(fits) : undefined;
  }

  private payType(): number {
    return this.g.weighted([[1, 45], [2, 40], [3, 15]] as const);
  }

  /** An active member, or null. */
  private member(): AnyRow | null {
    return this.randomRow('member', (m) => m.status === 1);
  }

  /** A random row of `name` that `ok` accepts (ids drawn up to TRIES times), or null. */
  private randomRow(name: EntityName, ok: (r: AnyRow) => boolean): AnyRow | null {
    const col = this.store.col(name);
    const top = col.peekNextId() - 1;
    if (top < 1) return null;
    for (let k = 0; k < TRIES; k++) {
      const r = col.get(this.g.int(1, top));
      if (r && ok(r)) return r;
    }
    return null;
  }

  /** A business number no record of `name` has yet: `make(n)` from the next id, then further on. */
  private unique(name: EntityName, field: string, make: (n: number) => string): string {
    const col = this.store.col(name);
    for (let n = col.peekNextId(); ; n += 1_000_000) {
      const value = make(n);
      if (!col.sameKey([field], { [field]: value }).length) return value;
    }
  }
}

import { describe, expect, test } from 'vitest';
import { generate, type AnyRow, type SeedData } from '../../../server/mock/store/seed.js';
import { SEED_STEPS } from '../../../server/mock/store/steps.js';
import { fmt, REF_MS } from '../../../server/mock/store/gen.js';

/**
 * Time lines of the stock and code-keeping data, over the whole store of
 * the inventory, CDK, account, client and financial areas, for three seeds: a code or account is
 * sold after it was created, a CDK is redeemed after it was issued and before it expired, nothing
 * that has happened is dated after the data's reference instant (only planned times such as an
 * expiry or an activity's end may lie ahead), and cost rows are not in the future.
 */

const REF = fmt(REF_MS);
const AREAS = ['card', 'cardAccount', 'cardSetting', 'costConfig', 'stock', 'cdkPlatform', 'cdkMerchant', 'cdkWechatActivity', 'cdkCode',
  'gameAccount', 'accountUseRecord', 'clientVersion', 'clientError', 'merchantIncome', 'rentalIncome'] as const;
/** Times that plan the future rather than record the past. */
const PLANNED = new Set(['expireTime', 'endTime', 'startTime']);
const TIME = /^\d{4}-\d\d-\d\d( \d\d:\d\d:\d\d)?$/;

describe.each([20261121, 7, 4242])('seed %i', (seed) => {
  let data: SeedData;
  const rows = (name: string) => (data.tables as unknown as Record<string, AnyRow[]>)[name];
  test('generates', () => {
    data = generate(seed, 0.25, SEED_STEPS);
    expect(rows('card').length).toBeGreaterThan(0);
  }, 30_000);

  test('nothing that happened is dated after the reference instant', () => {
    const late: string[] = [];
    for (const name of AREAS) {
      for (const r of rows(name)) {
        for (const [k, v] of Object.entries(r)) {
          if (typeof v !== 'string' || !TIME.test(v) || PLANNED.has(k)) continue;
          if (v > REF) late.push(`${name} ${r.id}.${k} ${v}`);
        }
      }
    }
    // An activity that has not started yet is the one record whose start lies ahead.
    for (const a of rows('cdkWechatActivity')) if ((a.startTime as string) > REF && a.status !== 0) late.push(`cdkWechatActivity ${a.id} starts later but is ${a.status}`);
    for (const u of rows('accountUseRecord')) if (u.endTime && (u.endTime as string) > REF) late.push(`accountUseRecord ${u.id}.endTime`);
    expect(late.slice(0, 5)).toEqual([]);
  });

  test('codes and accounts are sold after they were created, and before the order was placed they existed', () => {
    const orders = new Map(rows('order').map((o) => [o.id, o]));
    const bad: string[] = [];
    for (const name of ['card', 'cardAccount']) {
      for (const c of rows(name)) {
        if (c.soldTime && (c.soldTime as string) < (c.createTime as string)) bad.push(`${name} ${c.id} sold ${c.soldTime} < created ${c.createTime}`);
        const o = c.orderId ? orders.get(c.orderId as number) : undefined;
        if (o && (c.createTime as string) > (o.createTime as string)) bad.push(`${name} ${c.id} created after order ${o.id}`);
      }
    }
    expect(bad.slice(0, 5)).toEqual([]);
  });

  test('a CDK is redeemed after it was issued, before it expired, and after its owner existed', () => {
    const owners = { platformId: 'cdkPlatform', merchantId: 'cdkMerchant', activityId: 'cdkWechatActivity' } as const;
    const byId = Object.fromEntries(Object.entries(owners).map(([k, n]) => [k, new Map(rows(n).map((r) => [r.id, r]))]));
    const bad: string[] = [];
    for (const c of rows('cdkCode')) {
      if (c.usedTime && ((c.usedTime as string) < (c.createTime as string) || (c.expireTime && (c.usedTime as string) > (c.expireTime as string)))) bad.push(`cdkCode ${c.id}`);
      for (const k of Object.keys(owners)) {
        const o = c[k] ? byId[k].get(c[k] as number) : undefined;
        if (o && (c.createTime as string) < (o.createTime as string)) bad.push(`cdkCode ${c.id} issued before its owner ${k} ${o.id}`);
      }
    }
    expect(bad.slice(0, 5)).toEqual([]);
  });

  test('client errors come from versions already released; cost rows took effect', () => {
    const released = new Map<string, string>();
    for (const v of rows('clientVersion')) if (v.releaseTime) released.set(`${v.platform}:${v.versionName}`, v.releaseTime as string);
    const bad = rows('clientError').filter((e) => {
      const at = released.get(`${e.platform}:${e.versionName}`);
      return at !== undefined && (e.occurTime as string) < at;
    });
    expect(bad.length).toBe(0);
    expect(rows('costConfig').filter((c) => (c.effectiveTime as string) > REF).length).toBe(0);
  });
});

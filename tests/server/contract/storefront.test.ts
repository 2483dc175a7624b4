import { describe, expect, test } from 'vitest';
import type { AnyRow } from '../../../server/mock/store/seed.js';
import { DAY_MS, fmt, parseTime } from '../../../server/mock/store/gen.js';
import { mockCtx, signedInSuite } from './harness.js';

/**
 * Domain actions of the storefront screens (spec §2 /operate, /recommend, /social): station
 * messages sent now or scheduled and revoked, relation weights, the navigation tree and its moves,
 * comment moderation, official replies, the advert chart. Every refusal names the field and leaves
 * the store as it was.
 */

// A quarter of the default volumes: these tests need records of each kind, not thousands.
const suite = signedInSuite({ SCALE: '0.25' });
const p = suite.p;
const store = () => mockCtx(suite.app).store;
const all = (name: Parameters<ReturnType<typeof store>['col']>[0]) => [...store().col(name).values()];
const snap = (name: Parameters<ReturnType<typeof store>['col']>[0]) => JSON.stringify(all(name));
const now = () => mockCtx(suite.app).crud.now();

/** Expects a 400/404 envelope whose message starts with `field:` and the entity's rows unchanged. */
async function refused(name: Parameters<ReturnType<typeof store>['col']>[0], url: string, body: unknown, field: string, code = 400) {
  const before = snap(name);
  const r = await p(url, body);
  expect(r.json.code, JSON.stringify(r.json)).toBe(code);
  expect(r.json.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
  expect(snap(name)).toBe(before);
  return r.json.message as string;
}

describe('station messages', () => {
  const draft = async (extra: Record<string, unknown> = {}) => {
    const r = await p('/v1/stationMsg/add', { title: '维护通知', content: '<p>今晚维护</p>', targetType: 1, ...extra });
    expect(r.json.code, JSON.stringify(r.json)).toBe(200);
    return r.json.data as AnyRow;
  };

  test('audience: chosen members or grades must be given and exist; the unused list is emptied', async () => {
    const [m1, m2] = all('member');
    const msg = await draft({ targetType: 3, memberIds: [m1.id, m2.id], gradeIds: [all('memberGrade')[0].id] });
    expect(msg).toMatchObject({ status: 0, memberIds: [m1.id, m2.id], gradeIds: [] });
    await refused('stationMsg', '/v1/stationMsg/add', { title: 't', content: '<p>x</p>', targetType: 3, memberIds: [] }, 'memberIds');
    await refused('stationMsg', '/v1/stationMsg/add', { title: 't', content: '<p>x</p>', targetType: 3, memberIds: [99_999_999] }, 'memberIds');
    await refused('stationMsg', '/v1/stationMsg/add', { title: 't', content: '<p>x</p>', targetType: 2 }, 'gradeIds');
    const all1 = await draft({ targetType: 1, memberIds: [m1.id] });
    expect(all1.memberIds).toEqual([]);
  });

  test('scheduled to two chosen members, then revoked; a sent message is never edited or deleted', async () => {
    const [m1, m2] = all('member');
    const msg = await draft({ targetType: 3, memberIds: [m1.id, m2.id] });
    const later = fmt(parseTime(now()) + DAY_MS);
    await refused('stationMsg', '/v1/stationMsg/send', { id: msg.id, sendTime: fmt(parseTime(now()) - DAY_MS) }, 'sendTime');
    const sent = await p('/v1/stationMsg/send', { id: msg.id, sendTime: later });
    expect(sent.json.data).toMatchObject({ id: msg.id, status: 1, sendTime: later });
    await refused('stationMsg', '/v1/stationMsg/update', { id: msg.id, title: '改' }, 'id');
    await refused('stationMsg', '/v1/stationMsg/del', { ids: [msg.id] }, 'ids');
    await refused('stationMsg', '/v1/stationMsg/send', { id: msg.id }, 'id');
    expect((await p('/v1/stationMsg/revoke', { id: msg.id })).json.data).toMatchObject({ status: 2 });
    await refused('stationMsg', '/v1/stationMsg/revoke', { id: msg.id }, 'id');
    await refused('stationMsg', '/v1/stationMsg/send', { id: msg.id }, 'id');
    await refused('stationMsg', '/v1/stationMsg/update', { id: msg.id, title: '改' }, 'id');
    // A revoked message may be deleted.
    expect((await p('/v1/stationMsg/del', { ids: [msg.id] })).json.data).toEqual({ count: 1, trashIds: [expect.any(Number)] });
  });

  test('send now stamps the time; a draft cannot be revoked; an unknown id is a 404', async () => {
    const msg = await draft();
    await refused('stationMsg', '/v1/stationMsg/revoke', { id: msg.id }, 'id');
    // The send is stamped with the mock's clock, in whole seconds, which may tick over during the call.
    const before = now();
    const r = await p('/v1/stationMsg/send', { id: msg.id });
    const after = now();
    expect(r.json.data).toMatchObject({ status: 1 });
    const sent = parseTime(r.json.data.sendTime);
    expect(sent).toBeGreaterThanOrEqual(parseTime(before));
    expect(sent).toBeLessThanOrEqual(parseTime(after));
    await refused('stationMsg', '/v1/stationMsg/send', { id: 99_999_999 }, 'id', 404);
  });
});

describe('relation weights', () => {
  test('three weights change together and the module list follows them; a bad batch changes nothing', async () => {
    const byModule = new Map<number, AnyRow[]>();
    for (const r of all('recommendRelation')) byModule.set(r.moduleId as number, [...(byModule.get(r.moduleId as number) ?? []), r]);
    const [moduleId, rows] = [...byModule].find(([, v]) => v.length >= 3)!;
    const [a, b, c] = rows;
    const list = async () => (await p('/v1/recommendRelation/list', { moduleId, pageSize: 100 })).json.data.list.map((r: AnyRow) => r.id) as number[];
    expect((await p('/v1/recommendRelation/updateWeight', { list: [{ id: a.id, weight: 9001 }, { id: b.id, weight: 9003 }, { id: c.id, weight: 9002 }] })).json.data).toEqual({ count: 3 });
    expect((await list()).slice(0, 3)).toEqual([b.id, c.id, a.id]);
    await refused('recommendRelation', '/v1/recommendRelation/updateWeight', { list: [{ id: a.id, weight: 1 }, { id: 99_999_999, weight: 2 }] }, 'list', 404);
    await refused('recommendRelation', '/v1/recommendRelation/updateWeight', { list: [{ id: a.id, weight: 1 }, { id: a.id, weight: 2 }] }, 'list.1.id');
    await refused('recommendRelation', '/v1/recommendRelation/updateWeight', { list: [{ id: a.id, weight: 10_000 }] }, 'list.0.weight');
  });
});

describe('navigation', () => {
  const tops = () => all('navigation').filter((n) => !n.parentId).sort((x, y) => (x.sort as number) - (y.sort as number));
  const kids = (id: number) => all('navigation').filter((n) => n.parentId === id);

  test('moving reorders siblings and re-parents a child; the tree answers the new order', async () => {
    const [home, games, recharge] = tops();
    // Reorder the top level: 充值 first.
    const t1 = (await p('/v1/navigation/move', { id: recharge.id, parentId: 0, index: 0 })).json.data;
    expect(t1.slice(0, 3).map((n: AnyRow) => n.id)).toEqual([recharge.id, home.id, games.id]);
    // A child of 游戏 goes under 充值 as its second child.
    const child = kids(games.id)[0];
    const t2 = (await p('/v1/navigation/move', { id: child.id, parentId: recharge.id, index: 1 })).json.data;
    expect(t2[0].children.map((n: AnyRow) => n.id)[1]).toBe(child.id);
    expect(t2.find((n: AnyRow) => n.id === games.id).children.some((n: AnyRow) => n.id === child.id)).toBe(false);
    // Sorts are renumbered 1..n on both sides.
    expect(kids(recharge.id).map((n) => n.sort).sort()).toEqual(kids(recharge.id).map((_, k) => k + 1));
    expect(kids(games.id).map((n) => n.sort).sort()).toEqual(kids(games.id).map((_, k) => k + 1));
    // A child can go back to the top.
    const t3 = (await p('/v1/navigation/move', { id: child.id, parentId: 0, index: 99 })).json.data;
    expect(t3.at(-1).id).toBe(child.id);
  });

  test('refuses cycles and a third level, changing nothing', async () => {
    const [, games, recharge] = tops();
    const child = kids(games.id)[0];
    expect(await refused('navigation', '/v1/navigation/move', { id: games.id, parentId: child.id, index: 0 }, 'parentId')).toMatch(/own child/);
    await refused('navigation', '/v1/navigation/move', { id: games.id, parentId: games.id, index: 0 }, 'parentId');
    await refused('navigation', '/v1/navigation/move', { id: games.id, parentId: recharge.id, index: 0 }, 'id');
    await refused('navigation', '/v1/navigation/move', { id: recharge.id + 0, parentId: kids(recharge.id)[0].id, index: 0 }, 'parentId');
    await refused('navigation', '/v1/navigation/move', { id: 99_999_999, parentId: 0, index: 0 }, 'id', 404);
  });

  test('add child and hide: the preview shows what members see, the editor tree everything', async () => {
    const [home] = tops();
    const added = await p('/v1/navigation/add', { navName: '每日签到', linkType: 1, linkValue: '/sign', parentId: home.id });
    expect(added.json.code, JSON.stringify(added.json)).toBe(200);
    expect((await p('/v1/navigation/tree')).json.data[0].children.map((n: AnyRow) => n.navName)).toEqual(['每日签到']);
    await p('/v1/navigation/updateStatus', { id: added.json.data.id, status: 0 });
    expect((await p('/v1/navigation/tree')).json.data[0].children).toEqual([]);
    const editor = (await p('/v1/navigation/tree', { all: true })).json.data;
    expect(editor[0].children[0]).toMatchObject({ navName: '每日签到', status: 0 });
  });
});

describe('comments', () => {
  const shown = () => all('comment').filter((c) => c.status === 1);

  test('hide with a reason (batch), approve clears it, pin; refusals change nothing', async () => {
    const [a, b] = shown();
    await refused('comment', '/v1/comment/moderate', { ids: [a.id, b.id], action: 'hide' }, 'reason');
    await refused('comment', '/v1/comment/moderate', { ids: [a.id, b.id], action: 'hide', reason: '   ' }, 'reason');
    await refused('comment', '/v1/comment/moderate', { ids: [a.id, 99_999_999], action: 'hide', reason: '广告' }, 'ids', 404);
    await refused('comment', '/v1/comment/moderate', { ids: [a.id], action: 'delete' }, 'action');
    expect((await p('/v1/comment/moderate', { ids: [a.id, b.id], action: 'hide', reason: '含广告' })).json.data).toEqual({ count: 2 });
    expect(store().get('comment', a.id)).toMatchObject({ status: 2, hideReason: '含广告' });
    expect((await p('/v1/comment/list', { status: 2, keyword: String(a.content).slice(0, 4), pageSize: 1000 })).json.data.list.some((r: AnyRow) => r.id === a.id && r.hideReason === '含广告')).toBe(true);
    await refused('comment', '/v1/comment/moderate', { ids: [a.id], action: 'pin' }, 'ids');
    expect((await p('/v1/comment/moderate', { ids: [a.id], action: 'approve' })).json.data).toEqual({ count: 1 });
    expect(store().get('comment', a.id)).toMatchObject({ status: 1, hideReason: '' });
    await p('/v1/comment/moderate', { ids: [a.id], action: 'pin' });
    expect(store().get('comment', a.id)).toMatchObject({ isTop: true });
  });

  test('the status switch cannot hide without a reason', async () => {
    const [a] = shown();
    await refused('comment', '/v1/comment/updateStatus', { id: a.id, status: 2 }, 'status');
  });

  test('a reply from the console is official and counts on its comment', async () => {
    const c = shown()[0];
    const before = store().get<AnyRow>('comment', c.id)!.replyCount as number;
    const r = await p('/v1/commentReply/add', { commentId: c.id, replierType: 1, replierName: '官方客服', content: '感谢反馈' });
    expect(r.json.data).toMatchObject({ replierType: 2, memberId: 0 });
    expect(store().get<AnyRow>('comment', c.id)!.replyCount).toBe(before + 1);
  });
});

describe('advert chart', () => {
  test('daily impressions, clicks and CTR over the schedule so far', async () => {
    const ad = all('advert').find((x) => x.endTime! < now())!;
    const r = (await p('/v1/advert/stats', { id: ad.id })).json.data;
    const days = Math.min(90, Math.floor((parseTime(ad.endTime as string) - parseTime(ad.startTime as string)) / DAY_MS) + 1);
    expect(r.dates).toHaveLength(days);
    expect(r.dates.at(-1)).toBe(String(ad.endTime).slice(0, 10));
    r.views.forEach((v: number, k: number) => {
      expect(r.clicks[k]).toBeLessThanOrEqual(v);
      expect(r.ctr[k]).toBeCloseTo(v ? (r.clicks[k] / v) * 100 : 0, 1);
    });
    expect((await p('/v1/advert/stats', { id: ad.id, days: 7 })).json.data.dates).toEqual(r.dates.slice(-7));
    await refused('advert', '/v1/advert/stats', { id: ad.id, days: 0 }, 'days');
    await refused('advert', '/v1/advert/stats', { id: 99_999_999 }, 'id', 404);
  });
});

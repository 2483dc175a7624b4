import { describe, expect, test } from 'vitest';
import { ENTITY } from '../../server/contract/index';
import { KINDS, MIN_RECORD_QUERY, phoneDigits, RECORD_KINDS, RECORD_PAGE_SIZE, recordRequest, searchableKinds, searchRecords, type RecordKind } from '../../web/app/search/record-search';

/** The palette's record search: which kinds a user searches, the request of each, the hits. */

describe('kinds', () => {
  test("each kind's list screen is a route and its list searches what operators type", () => {
    const searched: Record<RecordKind, string[]> = {
      order: ['orderNo'], member: ['nickName', 'phone'], goods: ['goodsName'], merchant: ['merchantName'], game: ['gameName'], gameAccount: ['account'], card: ['cardNo'],
    };
    for (const k of RECORD_KINDS) for (const f of searched[k]) expect(ENTITY[k].searchable, `${k}.${f}`).toContain(f);
  });

  test('a kind is searched only when its screen is in the user’s menu', () => {
    expect(searchableKinds(['/order/index', '/member/index?x=1', '/system/account'])).toEqual(['order', 'member']);
    expect(searchableKinds([])).toEqual([]);
    expect(searchableKinds(RECORD_KINDS.map((k) => KINDS[k].route))).toEqual([...RECORD_KINDS]);
  });

  test("a kind's request is the first page of its list with the trimmed query as keyword", () => {
    expect(recordRequest('  O2026 ')).toEqual({ pageNum: 1, pageSize: RECORD_PAGE_SIZE, keyword: 'O2026' });
  });

  test('a phone number is searched by its digits; anything else as typed', () => {
    for (const typed of ['13829022852', ' 138 2902 2852 ', '138-2902-2852', '(138) 2902-2852', '+86 138 2902 2852', '008613829022852']) expect(phoneDigits(typed), typed).toBe('13829022852');
    expect(phoneDigits('2852')).toBe('2852');
    for (const typed of ['285', 'O2026 1201', 'AB12-CD34-00012', '1234-5678-00012', '+1 415 555 0100 77', 'Ann 138']) expect(phoneDigits(typed), typed).toBeNull();
    expect(recordRequest('138 2902 2852').keyword).toBe('13829022852');
  });

  test('an order opens its detail (id stored first), a member its list filtered by phone', () => {
    expect(KINDS.order.open({ id: 7, orderNo: 'O1' })).toEqual({ path: '/order/detail?id=7', editId: ['orderId', 7] });
    expect(KINDS.member.open({ id: 3, nickName: 'Ann', phone: '13800000000' })).toEqual({ path: '/member/index?id=3' });
    expect(KINDS.card.open({ id: 5, cardNo: 'AB 12' })).toEqual({ path: '/inventory/search?by=code&q=AB+12' });
  });
});

describe('searchRecords', () => {
  const signal = () => new AbortController().signal;
  test('asks every kind at once, keeps kinds in order, skips a kind that fails', async () => {
    const asked: string[] = [];
    const list = async (k: RecordKind) => {
      asked.push(k);
      if (k === 'member') throw new Error('403');
      return { list: k === 'order' ? [{ id: 9, orderNo: 'O20261101', memberNickName: 'Ann', payAmount: 1250 }] : k === 'goods' ? [{ id: 4, goodsName: 'Card 100', goodsSn: 'G4' }] : [] };
    };
    const hits = await searchRecords('O2026', ['order', 'member', 'goods'], list, signal());
    expect(asked).toEqual(['order', 'member', 'goods']);
    expect(hits.map((h) => [h.kind, h.id, h.label, h.detail])).toEqual([['order', 9, 'O20261101', 'Ann · ¥12.50'], ['goods', 4, 'Card 100', 'G4']]);
  });

  test(`a query shorter than ${MIN_RECORD_QUERY} characters asks nothing; an aborted search rejects`, async () => {
    let calls = 0;
    const list = async () => (calls++, { list: [] });
    expect(await searchRecords(' A ', ['order'], list, signal())).toEqual([]);
    expect(calls).toBe(0);
    const c = new AbortController();
    const p = searchRecords('AB', ['order'], list, c.signal);
    c.abort();
    await expect(p).rejects.toBeDefined();
  });
});

import { describe, expect, it } from 'vitest';
import { RECORD_ROUTES, cellTarget, fieldLink, recordTarget } from '../../web/crud/record-links';
import { fieldSpec } from '../../web/crud/schema';
import { parseListQuery } from '../../web/crud/query-state';
import { ROUTE_TABLE } from '../../server/contract/route-table';
import * as contract from '../../server/contract';
import order from '../../web/resources/order/order.resource';
import refund from '../../web/resources/order/refund.resource';
import card from '../../web/resources/inventory/card.resource';
import cardAccount from '../../web/resources/inventory/card-account.resource';
import goods from '../../web/resources/goods/goods.resource';
import walletRecord from '../../web/resources/member/wallet-record.resource';
import feedback from '../../web/resources/feedback/feedback.resource';
import rentListing from '../../web/resources/rent/rent-listing.resource';
import stock from '../../web/resources/inventory/stock.resource';
import member from '../../web/resources/member/member.resource';
import useRecord from '../../web/resources/account/use-record.resource';

/** Where a reference opens, resolved from the declarations (pure, no browser). */
describe('record links', () => {
  it('opens the order detail in its own tab (the id in its query, and stored), every other record as its list filtered by id', () => {
    expect(recordTarget('order', 42)).toEqual({ path: '/order/detail?id=42', route: '/order/index', editId: ['orderId', 42] });
    expect(recordTarget('member', 123)).toEqual({ path: '/member/index?id=123', route: '/member/index' });
    expect(recordTarget('goods', '7')).toEqual({ path: '/goods/index?id=7', route: '/goods/index' });
  });

  it('links nowhere for an entity without a screen, an empty or a non-record id', () => {
    expect(recordTarget('goodsTag', 3)).toBeNull();
    expect(recordTarget(undefined, 3)).toBeNull();
    for (const bad of [null, undefined, '', 0, -1, 1.5, 'x', [1]]) expect(recordTarget('member', bad)).toBeNull();
  });

  it('every target list is a route of the table, and its entity exists in the contract', () => {
    const paths = new Set(ROUTE_TABLE.flatMap((g) => (g.children ?? []).map((c) => `${g.path}/${c.path}`)));
    const names = new Set(Object.values(contract).flatMap((v) => (v && typeof v === 'object' && 'ops' in v && 'name' in v ? [(v as { name: string }).name] : [])));
    for (const [entity, r] of Object.entries(RECORD_ROUTES)) {
      expect(paths.has(r.list), `${entity} → ${r.list}`).toBe(true);
      if (r.detail) expect(paths.has(r.detail.path), `${entity} → ${r.detail.path}`).toBe(true);
      expect(names.has(entity), entity).toBe(true);
    }
  });

  it('a list reads the `id` of a followed reference from its URL', () => {
    const state = parseListQuery('?id=123', member.entity, [...(member.filters as string[]), 'id'], (n) => fieldSpec(member, n));
    expect(state.filters).toEqual({ id: 123 });
    expect(parseListQuery('?id=abc', member.entity, ['id'], (n) => fieldSpec(member, n)).filters).toEqual({});
  });

  it('the references the issue names are links, declared once on their fields', () => {
    const at = (res: Parameters<typeof fieldSpec>[0], field: string, row: Record<string, unknown>) => cellTarget(fieldSpec(res, field), row)?.path;
    // order's member (the buyer's name, by memberId) and the order's own number (its detail)
    expect(at(order, 'memberNickName', { memberNickName: 'Ann', memberId: 5 })).toBe('/member/index?id=5');
    expect(at(order, 'orderNo', { id: 9, orderNo: 'O1' })).toBe('/order/detail?id=9');
    // refund's order and member
    expect(at(refund, 'orderNo', { orderNo: 'O1', orderId: 9 })).toBe('/order/detail?id=9');
    expect(at(refund, 'memberId', { memberId: 5 })).toBe('/member/index?id=5');
    // code's and account's order and goods
    for (const res of [card, cardAccount]) {
      expect(at(res, 'orderId', { orderId: 9 })).toBe('/order/detail?id=9');
      expect(at(res, 'goodsId', { goodsId: 3 })).toBe('/goods/index?id=3');
    }
    // goods' merchant and game, the wallet ledger's member, feedback's member, a listing's account
    expect(at(goods, 'merchantId', { merchantId: 2 })).toBe('/merchant/index?id=2');
    expect(at(goods, 'gameId', { gameId: 4 })).toBe('/games/index?id=4');
    expect(at(walletRecord, 'memberId', { memberId: 5 })).toBe('/member/index?id=5');
    expect(at(feedback, 'nickName', { nickName: 'Ann', memberId: 5 })).toBe('/member/index?id=5');
    expect(at(rentListing, 'rentAccountId', { rentAccountId: 8 })).toBe('/rent/account?id=8');
    // a game account's use: the account and the member
    expect(at(useRecord, 'account', { account: 'a1', accountId: 6 })).toBe('/account/list?id=6');
    expect(at(useRecord, 'memberId', { memberId: 5 })).toBe('/member/index?id=5');
    // a declared `link: false` wins over the reference; a tag list links nowhere
    expect(fieldLink(fieldSpec(stock, 'goodsId'))).toBeNull();
    expect(at(stock, 'goodsName', { goodsName: 'G', goodsId: 3 })).toBe('/goods/index?id=3');
    expect(fieldLink(fieldSpec(goods, 'tagIds'))).toBeNull();
    expect(fieldLink(fieldSpec(goods, 'categoryId'))).toBeNull();
  });

  it('every contract list takes an `id` filter', () => {
    for (const v of Object.values(contract)) {
      if (v && typeof v === 'object' && 'filters' in v && 'ops' in v) expect((v as { filters: Record<string, string> }).filters.id).toBe('eq');
    }
  });
});

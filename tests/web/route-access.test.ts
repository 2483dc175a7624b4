import { expect, test } from 'vitest';
import { ROUTE_TABLE, ORDER_NO } from '../../server/contract/route-table';
import { filterRoutesByRoles, flattenRoutes, groupRedirect, joinPath } from '../../web/services/routing/route-access';

test('role filter: routes without roles are open, admin-only groups need the super role (spec §6)', () => {
  const operator = filterRoutesByRoles(ROUTE_TABLE, ['operator']).map((g) => g.path);
  const admin = filterRoutesByRoles(ROUTE_TABLE, ['super']).map((g) => g.path);
  expect(admin).toHaveLength(ROUTE_TABLE.length);
  expect(operator).toContain('/order');
  expect(operator).not.toContain('/system');
  expect(operator.length).toBeLessThan(admin.length);
});

test('route-mapping menu is sorted by orderNo ascending, stable for equal numbers (spec §6, §9)', () => {
  const sorted = filterRoutesByRoles(ROUTE_TABLE, ['super']);
  const orderNos = sorted.map((g) => g.meta.orderNo ?? 0);
  expect(orderNos).toEqual([...orderNos].sort((a, b) => a - b));
  expect(sorted.at(-1)!.path).toBe('/system');
  expect(sorted.find((g) => g.path === '/member')!.meta.orderNo).toBe(ORDER_NO.member);
  const tens = sorted.filter((g) => g.meta.orderNo === 10).map((g) => g.path);
  expect(tens).toEqual(['/operate', '/order', '/recommend', '/rent', '/social', '/specialConfig', '/statistics']);
});

test('full paths, group redirects and path joining (spec §2 Route groups)', () => {
  const flat = flattenRoutes(ROUTE_TABLE);
  expect(flat.find((r) => r.path === '/order/detail')!.hideMenu).toBe(true);
  expect(flat.find((r) => r.path === '/member/wallet')!.literalTitle).toBe(true);
  expect(groupRedirect(ROUTE_TABLE, '/order')).toBe('/order/index');
  expect(groupRedirect(ROUTE_TABLE, '/specialConfig')).toBe('/specialConfig/product');
  expect(groupRedirect(ROUTE_TABLE, '/cdk')).toBe('/cdk/platform');
  expect(groupRedirect(ROUTE_TABLE, '/nope')).toBeNull();
  expect(joinPath('/goods/', 'tag/add')).toBe('/goods/tag/add');
  expect(joinPath('/goods', '/abs')).toBe('/abs');
});

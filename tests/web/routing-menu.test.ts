import { describe, expect, test } from 'vitest';
import { decideMenuLayout, isNarrow, LG_BREAKPOINT, MENU_COLLAPSED_WIDTH } from '../../web/app/routing/menu-layout';
import { activeChain, activeChainFor, menuWithParams, openForLocation, toggleOpen } from '../../web/app/routing/menu-state';
import type { MenuItem } from '../../web/services/routing/types';

const item = (path: string, children?: MenuItem[], extra: Partial<MenuItem> = {}): MenuItem => ({ name: path, path, meta: { title: path }, ...(children ? { children } : {}), ...extra });
const MENU: MenuItem[] = [
  item('/home/work', [item('/home/work/x')], { meta: { title: 'h', hideChildrenInMenu: true } }),
  item('/order', [item('/order/index'), item('/order/detail', undefined, { hideMenu: true }), item('/order/back')]),
  item('/goods', [item('/goods/index'), item('/goods/sub', [item('/goods/sub/a'), item('/goods/sub/b')])]),
  item('/system', [item('/system/account'), item('/system/:id')]),
];

describe('menu layout below and above the large breakpoint (spec §4, §9)', () => {
  const configured = { collapsed: true, menuWidth: 210, type: 'mix' as const, mode: 'vertical' as const, split: true };

  test('992 px is wide; 991 px is narrow (mobile is below 992)', () => {
    expect(LG_BREAKPOINT).toBe(992);
    expect(isNarrow(991)).toBe(true);
    expect(isNarrow(992)).toBe(false);
  });

  test('narrow: forced to sidebar, inline, not split, an overlay drawer that reserves no width', () => {
    expect(decideMenuLayout(configured, 800)).toEqual({ narrow: true, type: 'sidebar', mode: 'inline', split: false, collapsed: false, overlay: true, panelWidth: 210, reservedWidth: 0 });
  });

  test('wide again: the earlier settings come back as they were', () => {
    const wide = decideMenuLayout(configured, 1366);
    decideMenuLayout(configured, 600);
    expect(decideMenuLayout(configured, 1366)).toEqual(wide);
    expect(wide).toEqual({ narrow: false, type: 'mix', mode: 'vertical', split: true, collapsed: true, overlay: false, panelWidth: MENU_COLLAPSED_WIDTH, reservedWidth: MENU_COLLAPSED_WIDTH });
    expect(decideMenuLayout({ ...configured, collapsed: false }, 1366).reservedWidth).toBe(210);
  });
});

describe('accordion and open groups (spec §9 accordion on)', () => {
  test('accordion on: opening a group closes the others but keeps its ancestors', () => {
    expect(toggleOpen(['/order'], '/goods', true, MENU)).toEqual(['/goods']);
    expect(toggleOpen(['/goods'], '/goods/sub', true, MENU)).toEqual(['/goods', '/goods/sub']);
    expect(toggleOpen(['/goods', '/goods/sub'], '/goods/sub', true, MENU)).toEqual(['/goods']);
  });

  test('accordion off: several groups stay open', () => {
    expect(toggleOpen(['/order'], '/goods', false, MENU)).toEqual(['/order', '/goods']);
    expect(toggleOpen(['/order', '/goods'], '/order', false, MENU)).toEqual(['/goods']);
  });

  test("navigating opens the entry's groups; accordion closes the rest, otherwise opened groups stay", () => {
    expect(openForLocation(['/order'], MENU, '/goods/sub/a', true)).toEqual(['/goods', '/goods/sub']);
    expect(openForLocation(['/order'], MENU, '/goods/sub/a', false)).toEqual(['/order', '/goods', '/goods/sub']);
    // A group that hides its children is an entry, not a group to open.
    expect(openForLocation([], MENU, '/home/work', true)).toEqual([]);
  });

  test('the active chain; a hidden page keeps its group active', () => {
    expect(activeChain(MENU, '/goods/sub/b')).toEqual(['/goods', '/goods/sub', '/goods/sub/b']);
    expect(activeChain(MENU, '/order/detail')).toEqual([]);
    expect(activeChainFor(MENU, '/order/detail')).toEqual(['/order']);
    expect(activeChainFor(MENU, '/home/work/x')).toEqual(['/home/work']);
    expect(activeChainFor(MENU, '/nowhere')).toEqual([]);
  });

  test(':param menu paths are filled from the current route parameters', () => {
    const m = menuWithParams(MENU, { id: '9' });
    expect(m[3].children![1].path).toBe('/system/9');
    expect(menuWithParams(MENU, {})).toEqual(MENU);
  });
});

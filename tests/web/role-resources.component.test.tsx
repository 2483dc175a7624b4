import { describe, expect, test } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MenuTreeInput, ResourceGroupsInput } from '../../web/resources/system/role-inputs';
import type { FieldSpec } from '../../web/crud';
import { mockApi, render } from './component/setup';

/**
 * The role screen's two sections tied together: ticking a menu offers the resources its screens
 * read, and a menu granted without them is named with a warning until they are added.
 */

const TREE = [
  { id: 1, title: 'routes.order.order', name: 'Order', path: '/order', sort: 10, hidden: false, children: [{ id: 11, title: 'routes.order.index', name: 'OrderIndex', path: 'index', sort: 1, hidden: false, children: [] }] },
  { id: 2, title: 'routes.home.home', name: 'Home', path: '/home', sort: 0, hidden: false, children: [{ id: 21, title: 'routes.home.work', name: 'HomeWork', path: 'work', sort: 1, hidden: false, children: [] }] },
];
const RESOURCES = [
  { id: 100, name: '订单·列表', url: '/v1/order/list', categoryId: 1 },
  { id: 101, name: '订单·详情', url: '/v1/order/info', categoryId: 1 },
  { id: 102, name: '订单·删除', url: '/v1/order/del', categoryId: 1 },
];
const CATEGORIES = [{ id: 1, name: '订单管理', sort: 1 }];

function answer() {
  mockApi('/v1/menu/tree', () => TREE);
  mockApi('/v1/resource/list', () => ({ list: RESOURCES, total: RESOURCES.length }));
  mockApi('/v1/resourceCategory/list', () => ({ list: CATEGORIES, total: 1 }));
}

const spec = (name: string) => ({ name, kind: 'refs', override: {} }) as unknown as FieldSpec;

/** The two fields as the role form binds them: the resources read the ticked menus (`dependsOn`). */
function RoleAccess({ menus = [] as number[], resources = [] as number[] }) {
  const [menuIds, setMenuIds] = useState<number[]>(menus);
  const [resourceIds, setResourceIds] = useState<number[]>(resources);
  return (
    <>
      <MenuTreeInput spec={spec('menuIds')} id="menus" value={menuIds} onChange={(v) => setMenuIds(v as number[])} />
      <ResourceGroupsInput spec={spec('resourceIds')} id="resources" value={resourceIds} onChange={(v) => setResourceIds(v as number[])} where={{ menuIds }} />
      <output data-testid="chosen">{[...resourceIds].sort().join(',')}</output>
    </>
  );
}

describe('role screen: menus and the resources their screens need', () => {
  test('ticking a menu names it with the resources its screens read, and one click adds them (no delete)', async () => {
    answer();
    render(<RoleAccess />);
    const order = await screen.findByText('Orders', { selector: '.p-treenode-label, .p-treenode-label *' });
    expect(screen.queryByTestId('role-resource-gaps')).toBeNull();
    fireEvent.click(order.closest('.p-treenode-content')!.querySelector('.p-checkbox')!);
    const notice = await screen.findByTestId('role-resource-gaps');
    expect(notice.textContent).toContain('These menus are granted without the resources their screens read');
    expect(within(notice).getByTestId('role-gap-1').textContent).toBe('Orders: resources missing: 2');
    fireEvent.click(within(notice).getByTestId('role-add-needed'));
    await waitFor(() => expect(screen.getByTestId('chosen').textContent).toBe('100,101'));
    expect(screen.queryByTestId('role-resource-gaps')).toBeNull();
  });

  test('a role loaded with a menu but not its resources says so; Home needs none', async () => {
    answer();
    render(<RoleAccess menus={[1, 11, 2, 21]} resources={[100]} />);
    const notice = await screen.findByTestId('role-resource-gaps');
    expect(within(notice).getByTestId('role-gap-1').textContent).toBe('Orders: resources missing: 1');
    expect(within(notice).queryByTestId('role-gap-2')).toBeNull();
  });

  test('in Chinese the warning is Chinese', async () => {
    const { i18n } = await import('../../web/i18n');
    await i18n.changeLanguage('zh_CN');
    try {
      answer();
      render(<RoleAccess menus={[1, 11]} />);
      const notice = await screen.findByTestId('role-resource-gaps');
      expect(notice.textContent).toContain('以下菜单已授予，但缺少其页面读取所需的资源');
      expect(within(notice).getByTestId('role-gap-1').textContent).toBe('订单管理：缺少 2 项资源');
      expect(within(notice).getByTestId('role-add-needed').textContent).toContain('添加这些菜单所需的资源');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

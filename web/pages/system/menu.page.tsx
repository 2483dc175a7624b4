import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputSwitch } from 'primereact/inputswitch';
import { Tag } from 'primereact/tag';
import { TreeTable } from 'primereact/treetable';
import type { TreeNode } from 'primereact/treenode';
import { http } from '../../api/http';
import { editId } from '../../crud';
import { usePermission } from '../../app/permission';
import { menuTitle } from '../../resources/system/menu.resource';
import './system.css';

interface MenuRow { id: number; parentId: number; title: string; name: string; path: string; icon: string; component?: string; frameSrc?: string; sort: number; hidden: boolean; status: number }

/**
 * /system/menu (spec §2): the menu records as a tree table (groups and their pages in order, with
 * order number, hidden flag, component path and frame source); add and modify as pages with the
 * parent as a tree select and the icon picker; status switch and delete.
 */
export default function SystemMenuPage() {
  const { t } = useTranslation();
  const { has } = usePermission();
  const [rows, setRows] = useState<MenuRow[] | null>(null);
  const [tick, setTick] = useState(0);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  useEffect(() => {
    http.post<{ list: MenuRow[] }>('/v1/menu/list', { pageNum: 1, pageSize: 1000 }).then((p) => setRows(p.list), () => setRows([]));
  }, [tick]);
  const nodes = useMemo<TreeNode[]>(() => {
    const all = rows ?? [];
    const bySort = (a: MenuRow, b: MenuRow) => a.sort - b.sort || a.id - b.id;
    return all
      .filter((m) => !m.parentId)
      .sort(bySort)
      .map((g) => ({ key: String(g.id), data: g, children: all.filter((c) => c.parentId === g.id).sort(bySort).map((c) => ({ key: String(c.id), data: c })) }));
  }, [rows]);
  const edit = (row: MenuRow | null) => {
    editId.set('menuId', row ? row.id : null);
    navigate(row ? '/system/menu/modify' : '/system/menu/add');
  };
  const del = (row: MenuRow) =>
    confirmDialog({
      header: t('crud.deleteTitle'),
      message: t('system.menu.deleteMessage', { title: menuTitle(row.title) }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('common.confirm'),
      rejectLabel: t('common.cancel'),
      accept: () => http.post('/v1/menu/del', { ids: [row.id] }).then(() => setTick((x) => x + 1)),
    });
  const d = (n: TreeNode) => n.data as MenuRow;
  return (
    <section className="crud-card" data-testid="system-menu">
      <header className="crud-toolbar">
        <h3 className="crud-toolbar__title">{t('resources.menu.title')}</h3>
        <div className="crud-toolbar__buttons">
          <Button label={t('system.menu.expandAll')} icon="pi pi-plus" text size="small" onClick={() => setExpanded(Object.fromEntries(nodes.map((n) => [n.key as string, true])))} />
          <Button label={t('system.menu.collapseAll')} icon="pi pi-minus" text size="small" onClick={() => setExpanded({})} />
          {has('SystemMenu:add') && <Button label={t('crud.add')} icon="pi pi-plus" size="small" onClick={() => edit(null)} data-testid="menu-add" />}
        </div>
      </header>
      <TreeTable value={nodes} loading={rows === null} expandedKeys={expanded} onToggle={(e) => setExpanded(e.value as Record<string, boolean>)} scrollable className="p-treetable-sm" emptyMessage={t('crud.empty')} data-testid="menu-tree">
        <Column field="title" header={t('resources.menu.fields.title')} expander body={(n: TreeNode) => menuTitle(d(n).title)} style={{ minWidth: 220 }} />
        <Column field="icon" header={t('resources.menu.fields.icon')} body={(n: TreeNode) => (d(n).icon ? <i className={d(n).icon} aria-label={d(n).icon} /> : null)} style={{ width: 80 }} />
        <Column field="name" header={t('resources.menu.fields.name')} />
        <Column field="path" header={t('resources.menu.fields.path')} />
        <Column field="component" header={t('resources.menu.fields.component')} body={(n: TreeNode) => d(n).component || (d(n).frameSrc ? <Tag value={t('system.menu.frame')} /> : '')} />
        <Column field="sort" header={t('resources.menu.fields.sort')} style={{ width: 90 }} />
        <Column field="hidden" header={t('resources.menu.fields.hidden')} body={(n: TreeNode) => (d(n).hidden ? <Tag severity="warning" value={t('system.menu.hidden')} /> : null)} style={{ width: 100 }} />
        <Column
          field="status"
          header={t('resources.menu.fields.status')}
          style={{ width: 90 }}
          body={(n: TreeNode) => (
            <InputSwitch checked={d(n).status === 1} disabled={!has('SystemMenu:update')} onChange={(e) => http.post('/v1/menu/updateStatus', { id: d(n).id, status: e.value ? 1 : 0 }).then(() => setTick((x) => x + 1))} aria-label={t('resources.menu.fields.status')} />
          )}
        />
        <Column
          header={t('crud.actions')}
          style={{ width: 120 }}
          body={(n: TreeNode) => (
            <>
              {has('SystemMenu:update') && <Button icon="pi pi-pencil" text rounded size="small" aria-label={t('crud.modify')} onClick={() => edit(d(n))} data-testid="menu-edit" />}
              {has('SystemMenu:del') && <Button icon="pi pi-trash" text rounded severity="danger" size="small" aria-label={t('crud.delete')} onClick={() => del(d(n))} />}
            </>
          )}
        />
      </TreeTable>
    </section>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { TreeSelect } from 'primereact/treeselect';
import type { TreeNode } from 'primereact/treenode';
import { http } from '../../api/http';
import { callOp, editId, ResourceForm } from '../../crud';
import { IconPicker } from '../../parts/IconPicker';
import menuResource, { menuTitle } from '../../resources/system/menu.resource';
import './system.css';

interface MenuNode { id: number; title: string; children: unknown[] }

/**
 * The menu add/modify page (spec §2 /system/menu/add, /modify): the parent as a tree select (top
 * level or a group; menus are two levels), the icon picker (spec §5, §9), and the kit's form for
 * title, route name, path, component path, frame source, order number, hidden flag and status.
 */
export function MenuFormPage({ modify }: { modify: boolean }) {
  const { t } = useTranslation();
  const [record, setRecord] = useState<Record<string, unknown> | null | undefined>(modify ? undefined : null);
  const [groups, setGroups] = useState<MenuNode[]>([]);
  const [parentId, setParentId] = useState(0);
  const [icon, setIcon] = useState('');
  useEffect(() => {
    const id = modify ? editId.get('menuId') : null;
    Promise.all([http.post<MenuNode[]>('/v1/menu/tree'), id === null ? Promise.resolve(null) : callOp<Record<string, unknown>>(menuResource.entity, 'info', { id })]).then(
      ([tree, row]) => {
        setGroups(tree);
        setRecord(row);
        setParentId((row?.parentId as number) ?? 0);
        setIcon((row?.icon as string) ?? '');
      },
      () => setRecord(null),
    );
  }, [modify]);
  const options = useMemo<TreeNode[]>(
    () => [{ key: '0', label: t('system.menu.topLevel'), children: groups.filter((g) => g.id !== record?.id).map((g) => ({ key: String(g.id), label: menuTitle(g.title) })) }],
    [groups, record, t],
  );
  const back = () => navigate('/system/menu');
  if (record === undefined) return <div className="crud-card" aria-busy="true" />;
  return (
    <div className="sys-page">
      <section className="crud-card sys-menu-extra">
        <div className="crud-form__field">
          <label htmlFor="menu-parent">{t('resources.menu.fields.parentId')}</label>
          <TreeSelect inputId="menu-parent" value={String(parentId)} options={options} onChange={(e) => setParentId(Number(e.value ?? 0))} filter data-testid="menu-parent" />
        </div>
        <div className="crud-form__field">
          <label htmlFor="menu-icon">{t('resources.menu.fields.icon')}</label>
          <IconPicker id="menu-icon" value={icon} onChange={setIcon} />
        </div>
      </section>
      <ResourceForm
        resource={menuResource}
        record={record}
        visible
        mode="page"
        onHide={back}
        onSaved={async (saved) => {
          if (saved.parentId !== parentId || saved.icon !== icon) await http.post('/v1/menu/update', { id: saved.id, parentId, icon });
          back();
        }}
      />
    </div>
  );
}

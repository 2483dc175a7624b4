import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { Accordion, AccordionTab } from 'primereact/accordion';
import { Checkbox } from 'primereact/checkbox';
import { Tree, type TreeCheckboxSelectionKeys } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { localizeSystemName } from '../../../server/contract/resources';
import { http } from '../../api/http';
import { callOp, editId, ResourceForm } from '../../crud';
import { menuTitle } from '../../resources/system/menu.resource';
import roleResource from '../../resources/system/role.resource';
import './system.css';

interface MenuNode { id: number; title: string; children: MenuNode[] }
interface ResourceRow { id: number; name: string; url: string; categoryId: number }
interface Category { id: number; name: string; sort: number }

/** Checkbox keys of a menu tree for the chosen ids: a parent is checked when all its children are, half-checked when some are. */
export function selectionOf(tree: MenuNode[], ids: Set<number>): TreeCheckboxSelectionKeys {
  const keys: TreeCheckboxSelectionKeys = {};
  for (const g of tree) {
    const held = g.children.filter((c) => ids.has(c.id));
    for (const c of held) keys[String(c.id)] = { checked: true, partialChecked: false };
    if (g.children.length ? held.length === g.children.length : ids.has(g.id)) keys[String(g.id)] = { checked: true, partialChecked: false };
    else if (held.length) keys[String(g.id)] = { checked: false, partialChecked: true };
  }
  return keys;
}

/** Menu ids a role holds from the tree's checkbox keys (half-checked parents included, so the group shows). */
export function idsOf(keys: TreeCheckboxSelectionKeys): number[] {
  return Object.entries(keys).filter(([, v]) => v.checked || v.partialChecked).map(([k]) => Number(k));
}

/**
 * The role add/modify page (spec §2 /system/role/add, /modify; §3 key `roleId`; §6 "role (menu tree
 * and per-role resources)"): the kit's form for the role's own fields, the menu tree with
 * checkboxes (checking a parent checks its children; parents of some checked children show
 * half-checked), and the API resources grouped by category with select-all per group. Saving saves
 * the role, then its menus and resources.
 */
export function RoleFormPage({ modify }: { modify: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh_CN';
  const [record, setRecord] = useState<Record<string, unknown> | null | undefined>(modify ? undefined : null);
  const [tree, setTree] = useState<MenuNode[]>([]);
  const [resources, setResources] = useState<ResourceRow[]>([]);
  const [categories, setCategories] = useState<Category[]>([]);
  const [menuKeys, setMenuKeys] = useState<TreeCheckboxSelectionKeys>({});
  const [chosen, setChosen] = useState<Set<number>>(new Set());

  useEffect(() => {
    const id = modify ? editId.get('roleId') : null;
    Promise.all([
      http.post<MenuNode[]>('/v1/menu/tree'),
      http.post<{ list: ResourceRow[] }>('/v1/resource/list', { pageNum: 1, pageSize: 1000 }),
      http.post<{ list: Category[] }>('/v1/resourceCategory/list', { pageNum: 1, pageSize: 1000 }),
      id === null ? Promise.resolve(null) : callOp<Record<string, unknown>>(roleResource.entity, 'info', { id }),
    ]).then(([menus, res, cats, role]) => {
      setTree(menus);
      setResources(res.list);
      setCategories(cats.list);
      setRecord(role);
      setMenuKeys(selectionOf(menus, new Set((role?.menuIds as number[]) ?? [])));
      setChosen(new Set((role?.resourceIds as number[]) ?? []));
    }, () => setRecord(null));
  }, [modify]);

  const nodes = useMemo<TreeNode[]>(
    () => tree.map((g) => ({ key: String(g.id), label: menuTitle(g.title), children: g.children.map((c) => ({ key: String(c.id), label: menuTitle(c.title) })) })),
    [tree, i18n.language], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const groups = useMemo(
    () => categories.map((c) => ({ category: c, items: resources.filter((r) => r.categoryId === c.id) })).filter((g) => g.items.length),
    [categories, resources],
  );
  const toggle = (ids: number[], on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      for (const id of ids) if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const back = () => navigate('/system/role');
  if (record === undefined) return <div className="crud-card" aria-busy="true" />;
  return (
    <div className="sys-page">
      <ResourceForm
        resource={roleResource}
        record={record}
        visible
        mode="page"
        onHide={back}
        onSaved={async (saved) => {
          await http.post('/v1/role/update', { id: saved.id, menuIds: idsOf(menuKeys), resourceIds: [...chosen] });
          back();
        }}
      />
      <div className="sys-role-grid">
        <section className="crud-card" data-testid="role-menus">
          <h3>{t('system.role.menus')}</h3>
          <Tree value={nodes} selectionMode="checkbox" selectionKeys={menuKeys} onSelectionChange={(e) => setMenuKeys((e.value ?? {}) as TreeCheckboxSelectionKeys)} filter filterPlaceholder={t('system.role.filterMenus')} />
        </section>
        <section className="crud-card" data-testid="role-resources">
          <h3>
            {t('system.role.resources')} <small>({chosen.size}/{resources.length})</small>
          </h3>
          <Accordion multiple>
            {groups.map(({ category, items }) => {
              const held = items.filter((r) => chosen.has(r.id)).length;
              const all = held === items.length;
              return (
                <AccordionTab
                  key={category.id}
                  header={
                    <span className="sys-group-head">
                      <Checkbox
                        checked={all}
                        className={held && !all ? 'sys-partial' : ''}
                        onClick={(e) => e.stopPropagation()}
                        onChange={() => toggle(items.map((r) => r.id), !all)}
                        aria-label={t('system.role.selectAll', { name: localizeSystemName('category', category.name, lang) })}
                        data-testid={`role-group-${category.id}`}
                      />
                      {localizeSystemName('category', category.name, lang)}
                      <small>
                        {held}/{items.length}
                      </small>
                    </span>
                  }
                >
                  <div className="sys-resource-list">
                    {items.map((r) => (
                      <label key={r.id} className="sys-resource-item" title={r.url}>
                        <Checkbox checked={chosen.has(r.id)} onChange={(e) => toggle([r.id], !!e.checked)} />
                        <span>{localizeSystemName('resource', r.name, lang, r.url)}</span>
                        <code>{r.url}</code>
                      </label>
                    ))}
                  </div>
                </AccordionTab>
              );
            })}
          </Accordion>
        </section>
      </div>
    </div>
  );
}

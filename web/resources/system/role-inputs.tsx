import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Checkbox } from 'primereact/checkbox';
import { Button } from 'primereact/button';
import { Tree, type TreeCheckboxSelectionKeys } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { localizeSystemName, patternMatches, screenReadPaths } from '../../../server/contract/resources';
import { api, apiQuery } from '../../api/client';
import type { InputProps } from '../../crud';
// The role form is a kit page: it brings the system area's styles (groups, hints) with it.
import '../../pages/system/system.css';

interface MenuNode { id: number; title: string; path: string; children: MenuNode[] }
interface ResourceRow { id: number; name: string; url: string; categoryId: number }
interface Category { id: number; name: string; sort: number }
/** Every resource and category of the role form (the mock holds ~150; the platform's page limit is 1000). */
const ALL_ROWS = { pageNum: 1, pageSize: 1000 };
// One empty array per kind, so memos keyed on them don't recompute while loading.
const NO_MENUS: MenuNode[] = [];
const NO_ROWS: never[] = [];

/** Checkbox keys of a menu tree for the chosen ids: a parent is checked when all its children are, half-checked when some are. */
export function selectionOf(tree: MenuNode[], ids: ReadonlySet<number>): TreeCheckboxSelectionKeys {
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
  return Object.entries(keys)
    .filter(([, v]) => v.checked || v.partialChecked)
    .map(([k]) => Number(k));
}

/**
 * A role's menus (spec §6 "role (menu tree …)"): the menu tree with checkboxes; checking a parent
 * checks its children, a parent of some checked children shows half-checked. Value: menu ids.
 */
export function MenuTreeInput({ value, onChange, id }: InputProps) {
  const { t, i18n } = useTranslation();
  const tree = (useQuery(apiQuery(api.menu.tree)).data ?? NO_MENUS) as MenuNode[];
  const keys = useMemo(() => selectionOf(tree, new Set((value as number[] | undefined) ?? [])), [tree, value]);
  const nodes = useMemo<TreeNode[]>(
    () => tree.map((g) => ({ key: String(g.id), label: t(g.title, { defaultValue: g.title }), children: g.children.map((c) => ({ key: String(c.id), label: t(c.title, { defaultValue: c.title }) })) })),
    [tree, t, i18n.language], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return (
    <div id={id} className="sys-role-menus" data-testid="role-menus">
      <Tree value={nodes} selectionMode="checkbox" selectionKeys={keys} onSelectionChange={(e) => onChange(idsOf((e.value ?? {}) as TreeCheckboxSelectionKeys))} filter filterPlaceholder={t('system.role.filterMenus')} />
    </div>
  );
}

/** A granted menu group whose screens read resources the role does not hold, and the ones to add. */
export interface ResourceGap {
  group: MenuNode;
  /** Resource ids that give the group's screens what they read (one per missing endpoint). */
  add: number[];
}

/**
 * The menu groups granted (the group or one of its pages ticked) whose screens read endpoints
 * (contract `screenReadPaths`) no chosen resource allows, each with the resources that would: the
 * exact resource of the endpoint, else the first whose pattern matches. An endpoint no resource
 * can allow is left out: there is nothing to tick for it.
 */
export function resourceGaps(tree: readonly MenuNode[], menuIds: ReadonlySet<number>, resources: readonly ResourceRow[], chosen: ReadonlySet<number>): ResourceGap[] {
  const held = resources.filter((r) => chosen.has(r.id));
  const gaps: ResourceGap[] = [];
  for (const group of tree) {
    if (!menuIds.has(group.id) && !group.children.some((c) => menuIds.has(c.id))) continue;
    const add = new Set<number>();
    for (const path of screenReadPaths(group.path)) {
      if (held.some((r) => patternMatches(r.url, path))) continue;
      const offer = resources.find((r) => r.url === path) ?? resources.find((r) => patternMatches(r.url, path));
      if (offer) add.add(offer.id);
    }
    if (add.size) gaps.push({ group, add: [...add] });
  }
  return gaps;
}

/**
 * The role form's notice under its menu tree: each granted menu whose screens lack resources they
 * read (they would open and be refused), and one button that adds them. Ticking a menu shows it at
 * once, so the resources come with the menu; nothing is added without the click.
 */
function ResourceGapNotice({ gaps, onAdd }: { gaps: ResourceGap[]; onAdd: (ids: number[]) => void }) {
  const { t } = useTranslation();
  if (!gaps.length) return null;
  return (
    <div className="sys-role-gaps" role="status" data-testid="role-resource-gaps">
      <p>
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('system.role.gapsTitle')}
      </p>
      <ul>
        {gaps.map((g) => (
          <li key={g.group.id} data-testid={`role-gap-${g.group.id}`}>
            {t('system.role.gap', { menu: t(g.group.title, { defaultValue: g.group.title }), count: g.add.length })}
          </li>
        ))}
      </ul>
      <Button type="button" size="small" outlined icon="pi pi-plus" label={t('system.role.addNeeded')} onClick={() => onAdd(gaps.flatMap((g) => g.add))} data-testid="role-add-needed" />
    </div>
  );
}

/**
 * A role's API resources (spec §6 "per-role resources"), grouped by resource category with a
 * select-all box per group (half-filled when some are chosen). Value: resource ids. With the form's
 * menus (`where.menuIds`, the field's `dependsOn`) it heads the list with the granted menus that
 * lack the resources their screens read, and offers to add them ({@link resourceGaps}).
 */
export function ResourceGroupsInput({ value, onChange, id, where }: InputProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh_CN';
  const resources: ResourceRow[] = useQuery(apiQuery(api.resource.list, ALL_ROWS)).data?.list ?? NO_ROWS;
  const categories: Category[] = useQuery(apiQuery(api.resourceCategory.list, ALL_ROWS)).data?.list ?? NO_ROWS;
  const chosen = useMemo(() => new Set((value as number[] | undefined) ?? []), [value]);
  const tree = (useQuery(apiQuery(api.menu.tree)).data ?? NO_MENUS) as MenuNode[];
  const menuIds = where?.menuIds as number[] | undefined;
  const gaps = useMemo(() => resourceGaps(tree, new Set(menuIds ?? []), resources, chosen), [tree, menuIds, resources, chosen]);
  const uid = useId();
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const flip = (categoryId: number) =>
    setOpened((o) => {
      const next = new Set(o);
      if (!next.delete(categoryId)) next.add(categoryId);
      return next;
    });
  const groups = useMemo(() => categories.map((c) => ({ category: c, items: resources.filter((r) => r.categoryId === c.id) })).filter((g) => g.items.length), [categories, resources]);
  const toggle = (ids: number[], on: boolean) => {
    const next = new Set(chosen);
    for (const x of ids) if (on) next.add(x);
    else next.delete(x);
    onChange([...next]);
  };
  return (
    <div id={id} data-testid="role-resources">
      <ResourceGapNotice gaps={gaps} onAdd={(ids) => toggle(ids, true)} />
      <div className="sys-hint">
        {t('system.role.chosen', { count: chosen.size, total: resources.length })}
      </div>
      {/* Each group: its select-all box beside a disclosure button (a box inside an accordion header
          would nest one control in another, axe nested-interactive). */}
      <div className="sys-groups">
        {groups.map(({ category, items }) => {
          const held = items.filter((r) => chosen.has(r.id)).length;
          const all = held === items.length;
          const name = localizeSystemName('category', category.name, lang);
          const open = opened.has(category.id);
          const panel = `${uid}-group-${category.id}`;
          return (
            <section key={category.id} className="sys-group">
              <div className="sys-group-head">
                <Checkbox checked={all} className={held && !all ? 'sys-partial' : ''} onChange={() => toggle(items.map((r) => r.id), !all)} aria-label={t('system.role.selectAll', { name })} data-testid={`role-group-${category.id}`} />
                <button type="button" className="sys-group-toggle" aria-expanded={open} aria-controls={panel} onClick={() => flip(category.id)}>
                  <i className={`pi ${open ? 'pi-chevron-down' : 'pi-chevron-right'}`} aria-hidden="true" />
                  <span>{name}</span>
                  <small>
                    {held}/{items.length}
                  </small>
                </button>
              </div>
              <div id={panel} className="sys-resource-list" hidden={!open}>
                {items.map((r) => (
                  <label key={r.id} className="sys-resource-item" title={r.url}>
                    <Checkbox checked={chosen.has(r.id)} onChange={(e) => toggle([r.id], !!e.checked)} />
                    <span>{localizeSystemName('resource', r.name, lang, r.url)}</span>
                    <code>{r.url}</code>
                  </label>
                ))}
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}

import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { Skeleton } from 'primereact/skeleton';
import { api, apiQuery } from '../../api/client';
import { notify } from '../../services/notify';
import { usePermission } from '../../services/permission';
import type { NavNode } from '../../../server/contract/recommend';
import { ResourceForm, DragTree, useConfirmAction, type DragTreeNode } from '../../crud';
import navigation from '../../resources/recommend/navigation.resource';
import '../../crud/parts/drag-tree-weights.css';
import '../storefront.css';

type Row = Record<string, unknown>;
// The whole tree (hidden entries too) for editing; without `all`, what members see.
const EDIT_TREE = apiQuery(api.navigation.tree, { all: true });
const PREVIEW_TREE = apiQuery(api.navigation.tree);
const ALL_ENTRIES = apiQuery(api.navigation.list, { pageSize: 1000 });
const NO_NODES: NavNode[] = [];

/** Where an entry sits: its parent (0 at the top), its index and how many siblings it has. */
function placeOf(nodes: DragTreeNode[], id: number, parentId = 0): { parentId: number; index: number; count: number } | null {
  const i = nodes.findIndex((n) => n.id === id);
  if (i >= 0) return { parentId, index: i, count: nodes.length };
  for (const n of nodes) {
    const found = placeOf(n.children, id, n.id);
    if (found) return found;
  }
  return null;
}

/** How the navigation looks to a member (spec §2 "navigation (preview)"): the shop's top bar with each entry's sub-entries under it. */
function NavPreview({ tree }: { tree: NavNode[] }) {
  const { t } = useTranslation();
  return (
    <div className="storefront-nav" data-testid="nav-preview" aria-label={t('recommend.nav.preview')}>
      <div className="storefront-nav__bar">
        <span className="storefront-nav__logo"><i className="pi pi-shopping-bag" /> {t('recommend.nav.shop')}</span>
        {tree.map((n) => (
          <div key={n.id} className="storefront-nav__item" data-testid="preview-item">
            <span className="storefront-nav__top">{n.icon && <i className={n.icon} />} {n.navName}{n.linkType === 2 && <i className="pi pi-external-link" style={{ fontSize: '0.7rem' }} />}</span>
            {!!n.children.length && (
              <ul className="storefront-nav__sub">
                {n.children.map((c) => <li key={c.id} data-testid="preview-child">{c.navName}</li>)}
              </ul>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * /recommend/navigation (spec §2 "navigation (preview)"): the shop's navigation as a tree edited by
 * drag and drop (reorder, or move under another top-level entry; two levels, cycles refused by the
 * server too), with add, add child, modify, hide/show and delete on each entry; beside it, the
 * preview of what members see, refreshed after every change.
 */
export default function RecommendNavigationPage() {
  const { t } = useTranslation();
  const can = usePermission().has;
  const queryClient = useQueryClient();
  const treeQuery = useQuery(EDIT_TREE);
  const tree = (treeQuery.data ?? NO_NODES) as NavNode[];
  const preview = (useQuery(PREVIEW_TREE).data ?? NO_NODES) as NavNode[];
  const entries = useQuery(ALL_ENTRIES).data;
  // The tree is drawn once its rows' link values are known too: drawn earlier, every row grows
  // when they arrive and a drag started in between lands on the wrong entry.
  const ready = treeQuery.data !== undefined && entries !== undefined;
  const rows = useMemo(() => new Map<number, Row>((entries?.list ?? []).map((r) => [r.id, r])), [entries]);
  const [form, setForm] = useState<{ record: Row | null; parentId: number } | null>(null);
  const canUpdate = can('RecommendNavigation:update');
  // Stable while the form is open: the form resets its values when its defaults change.
  const addDefaults = useMemo(() => (form && !form.record ? { parentId: form.parentId } : undefined), [form]);

  // Writes through the typed client or the kit drop the navigation reads themselves; this is the refresh button.
  const load = () => void queryClient.invalidateQueries({ queryKey: ['navigation'] });

  const move = async (id: number, parentId: number, index: number) => {
    try {
      // The answer is the new tree: shown at once, before the reads load again.
      queryClient.setQueryData(EDIT_TREE.queryKey, await api.navigation.move({ id, parentId, index }));
      notify({ mode: 'toast', message: t('recommend.nav.moved') }, 'success');
    } catch {
      // Shown by the HTTP client (a third level, a cycle); the tree stays as it was.
    }
  };
  const setShown = async (node: DragTreeNode, shown: boolean) => {
    try {
      await api.navigation.updateStatus({ id: node.id, status: shown ? 1 : 0 });
      notify({ mode: 'toast', message: t('crud.statusChanged') }, 'success');
    } catch {
      // Shown by the HTTP client.
    }
  };
  const confirm = useConfirmAction();
  const del = (node: DragTreeNode) =>
    confirm({
      header: t('crud.deleteTitle'),
      message: t('crud.confirmDelete'),
      danger: true,
      // Refused by the server for an entry with children (the HTTP client shows why).
      run: () => api.navigation.del({ ids: [node.id] }),
      doneMessage: t('crud.deleted', { count: 1 }),
    });

  const nodes: DragTreeNode[] = tree.map((n) => ({ id: n.id, label: n.navName, muted: n.status === 0, children: n.children.map((c) => ({ id: c.id, label: c.navName, muted: (c as NavNode).status === 0 || n.status === 0, children: [] })) }));
  return (
    <div className="storefront-split" style={{ gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' }} data-testid="navigation-page">
      <section className="crud-card">
        <header className="crud-toolbar">
          <h3 className="crud-toolbar__title">{t('recommend.nav.tree')}</h3>
          <div className="crud-toolbar__buttons">
            {can('RecommendNavigation:add') && <Button label={t('crud.add')} icon="pi pi-plus" size="small" onClick={() => setForm({ record: null, parentId: 0 })} data-testid="nav-add" />}
            <Button icon="pi pi-refresh" size="small" text rounded onClick={load} aria-label={t('crud.refresh')} />
          </div>
        </header>
        <small className="storefront-hint">{t(canUpdate ? 'recommend.nav.dragHint' : 'recommend.nav.readOnly')}</small>
        {!ready ? <Skeleton height="12rem" data-testid="nav-tree-loading" /> : <DragTree
          nodes={nodes}
          maxDepth={2}
          ariaLabel={t('recommend.nav.tree')}
          onMove={canUpdate ? (id, parentId, index) => void move(id, parentId, index) : undefined}
          extra={(n) => (
            <>
              {rows.get(n.id)?.linkType !== undefined && <small className="storefront-hint">{String(rows.get(n.id)?.linkValue ?? '')}</small>}
              {n.muted && <Tag value={t('recommend.nav.hidden')} severity="secondary" />}
            </>
          )}
          actions={(n, depth) => (
            <>
              {canUpdate && (() => {
                // Keyboard and pointer alternative to dragging: one place up or down among the siblings.
                const at = placeOf(nodes, n.id);
                return at && (
                  <>
                    <Button icon="pi pi-arrow-up" text rounded size="small" disabled={at.index === 0} aria-label={t('recommend.nav.up')} tooltip={t('recommend.nav.up')} onClick={() => void move(n.id, at.parentId, at.index - 1)} data-testid="nav-up" />
                    <Button icon="pi pi-arrow-down" text rounded size="small" disabled={at.index === at.count - 1} aria-label={t('recommend.nav.down')} tooltip={t('recommend.nav.down')} onClick={() => void move(n.id, at.parentId, at.index + 1)} data-testid="nav-down" />
                  </>
                );
              })()}
              {depth === 1 && can('RecommendNavigation:add') && <Button icon="pi pi-plus" text rounded size="small" aria-label={t('recommend.nav.addChild')} tooltip={t('recommend.nav.addChild')} onClick={() => setForm({ record: null, parentId: n.id })} data-testid="nav-add-child" />}
              {canUpdate && <Button icon="pi pi-pencil" text rounded size="small" aria-label={t('crud.modify')} tooltip={t('crud.modify')} onClick={() => setForm({ record: rows.get(n.id) ?? null, parentId: 0 })} data-testid="nav-modify" />}
              {canUpdate && <Button icon={rows.get(n.id)?.status === 0 ? 'pi pi-eye' : 'pi pi-eye-slash'} text rounded size="small" aria-label={t(rows.get(n.id)?.status === 0 ? 'recommend.nav.show' : 'recommend.nav.hide')} tooltip={t(rows.get(n.id)?.status === 0 ? 'recommend.nav.show' : 'recommend.nav.hide')} onClick={() => void setShown(n, rows.get(n.id)?.status === 0)} data-testid="nav-toggle" />}
              {can('RecommendNavigation:del') && <Button icon="pi pi-trash" text rounded size="small" severity="danger" aria-label={t('crud.delete')} tooltip={t('crud.delete')} onClick={() => del(n)} data-testid="nav-del" />}
            </>
          )}
        />}
      </section>
      <section className="crud-card storefront-sticky">
        <h3 className="crud-toolbar__title">{t('recommend.nav.preview')}</h3>
        <small className="storefront-hint">{t('recommend.nav.previewHint')}</small>
        <NavPreview tree={preview} />
      </section>
      <ResourceForm
        resource={navigation}
        record={form?.record ?? null}
        defaults={addDefaults}
        title={form && !form.record && form.parentId ? t('recommend.nav.addChild') : undefined}
        visible={!!form}
        onHide={() => setForm(null)}
        onSaved={() => {
          setForm(null);
          load();
        }}
      />
    </div>
  );
}

import { useRef, useState, type ReactNode } from 'react';
import { Watermark } from './parts/Watermark';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Resource, Row } from './types';
import { editId } from './api';
import { recordPath } from './record-links';
import { ResourceForm } from './ResourceForm';
import { useListController, type ListController, type ListControllerOptions } from './useListController';
import { RelatedDialog, useVisibleRelated } from './parts/RelatedRecords';
import { BatchBar, ListTable, ListToolbar, SearchForm, listContext, type ListContext } from './list-parts';
import { LinkButton } from './parts/plain';
import { LiveListBar, useLiveList, useRowMarkTexts } from './live-list';
import './crud.css';

export type { ListContext };

export interface ResourceListPageProps {
  resource: Resource;
  /** Extra buttons per row, before modify/delete (e.g. feedback's reply). */
  rowActions?: (row: Row, ctx: ListContext) => ReactNode;
  /** Extra toolbar buttons (e.g. import, template). */
  toolbar?: (ctx: ListContext) => ReactNode;
  /** Title above the table (default: the entity's `resources.<entity>.title`). */
  title?: string;
  /** Changes whenever the page wants the list reloaded from outside (after an import). */
  reloadKey?: number;
  /** Query keys of the page itself (e.g. a tab) kept in the URL beside the list's state. */
  keepQuery?: Record<string, string>;
  /** Controller options: `urlSync: false` for a second list on the screen, a `permanentFilter`. */
  controller?: Omit<ListControllerOptions, 'keepQuery' | 'reloadKey'>;
  /** Batch actions shown in the selection bar beside batch delete. */
  batchActions?: (ctx: ListContext) => ReactNode;
  /** Values a new record starts with (e.g. the platform of a detail list). */
  addDefaults?: Row;
  /** Called with the controller on every render (a page that needs its state, e.g. to reload). */
  onController?: (ctl: ListController) => void;
  /** Drawn between the toolbar and the table from the list's state (the filtered set's totals of `ctl.page.summary`). */
  beforeTable?: (ctl: ListController) => ReactNode;
}

/**
 * Opens add/modify of a list: a dialog or drawer on the page, or (page mode) the record id through
 * the §3 edit-id key and the form route. Answers the state the inline form needs.
 */
export function useFormOpener(resource: Resource) {
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const open = (row: Row | null) => {
    const f = resource.form;
    if (f?.mode === 'page' && f.pages) {
      if (f.editIdKey) editId.set(f.editIdKey, row ? (row.id as number) : null);
      navigate(row ? recordPath(f.pages.modify, row.id as number) : f.pages.add);
    } else setEditing(row);
  };
  return { editing, open, close: () => setEditing(undefined) };
}

/**
 * The list page of a resource (issue "CRUD kit"; spec §9 table; behaviour notes "Tables and
 * forms"), composed from the headless controller (`useListController`) and the parts
 * (`SearchForm`, `ListToolbar`, `BatchBar`, `ListTable`) a page can also compose itself: server
 * paging (10/50/80/100), sorting, search with reset, column chooser, selection with batch delete,
 * status switches, export, loading and empty states; trees as a TreeTable; the view in the URL
 * query unless `controller.urlSync` is off. Buttons are wrapped in `<permission>:<action>` (§6).
 * Changes made elsewhere (live events, live-list.tsx) never move the rows shown: a bar above the
 * table says "N new — show", changed and deleted rows are marked until the list is read again.
 */
export function ResourceListPage({ resource, rowActions, toolbar, title, reloadKey = 0, keepQuery, controller, batchActions, addDefaults, onController, beforeTable }: ResourceListPageProps) {
  const ctl = useListController(resource, { title, ...controller, keepQuery, reloadKey });
  onController?.(ctl);
  const form = useFormOpener(resource);
  const ctx = listContext(ctl);
  const { t } = useTranslation();
  const live = useLiveList(ctl);
  const card = useRef<HTMLElement>(null);
  useRowMarkTexts(card, live);
  // Records naming a row (declaration's `related`): a "Related" action per row when the user may open any of them.
  const related = useVisibleRelated(resource.related);
  const [relatedOf, setRelatedOf] = useState<Row | null>(null);
  // The add/modify form is mounted when first opened, then kept (it closes with its animation and
  // keeps its tab): a list entered from the menu does not build a hidden form with every render.
  const [formUsed, setFormUsed] = useState(false);
  if (form.editing !== undefined && !formUsed) setFormUsed(true);
  const relatedButton = (row: Row) => <LinkButton label={t('crud.related')} onClick={() => setRelatedOf(row)} testId="crud-related" />;
  const rows = rowActions || related.length ? (row: Row) => (
    <>
      {related.length > 0 && relatedButton(row)}
      {rowActions?.(row, ctx)}
    </>
  ) : undefined;
  return (
    <div className="crud-page" data-testid={`crud-${resource.entity.name}`}>
      {resource.watermark && <Watermark />}
      <SearchForm ctl={ctl} />
      <section className="crud-card" ref={card}>
        <LiveListBar live={live} />
        <ListToolbar ctl={ctl} title={title} onAdd={() => form.open(null)}>
          {toolbar?.(ctx)}
        </ListToolbar>
        <BatchBar ctl={ctl}>{batchActions?.(ctx)}</BatchBar>
        {beforeTable?.(ctl)}
        <ListTable ctl={ctl} rowActions={rows} onModify={(row) => form.open(row)} rowClassName={live.rowClassName} />
      </section>
      {related.length > 0 && <RelatedDialog row={relatedOf} labelField={resource.entity.label} related={related} onHide={() => setRelatedOf(null)} />}
      {formUsed && resource.form && resource.form.mode !== 'page' && (ctl.allow.add || ctl.allow.update) && (
        <ResourceForm
          resource={resource}
          record={form.editing ?? null}
          defaults={addDefaults}
          visible={form.editing !== undefined}
          onHide={form.close}
          onSaved={() => {
            form.close();
            ctl.reload();
          }}
        />
      )}
    </div>
  );
}

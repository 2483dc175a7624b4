import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Type } from 'typebox';
import { localizeSystemName } from '../../../server/contract/resources';
import { F } from '../../../server/contract/fields';
import { resource } from '../../../server/contract/system';
import { order } from '../../../server/contract/order';
import { api, apiQuery } from '../../api/client';
import { ActionDialog, editId, invalidateRefs, recordPath, ResourceListPage, saveBlob, useConfirmAction, type ActionField, type InputProps, type ListContext } from '../../crud';
import { usePermission } from '../../services/permission';
import { notify } from '../../services/notify';
import resourceResource, { categoryNames } from '../../resources/system/resource.resource';
import './system.css';

interface Category { id: number; name: string; sort: number }

/** Lines `name, url[, description]` of the batch-create box as rows (blank lines skipped). */
export function parseBatchLines(text: string, categoryId: number): { name: string; url: string; description?: string; categoryId: number }[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [name = '', url = '', ...rest] = l.split(/\s*[,，\t]\s*/);
      const description = rest.join(', ');
      return { name, url, categoryId, ...(description ? { description } : {}) };
    });
}

/** The batch-create form: a category and the pasted lines (sent as `resource.batchAdd`'s list). */
const BATCH_ADD = Type.Object({ categoryId: F.id(), lines: Type.String({ minLength: 1, maxLength: 100_000 }) });
/**
 * The batch-modify form: any field of a resource but its id, each optional (blank = unchanged). The
 * url is unique per resource, so it is offered only when one row is chosen.
 */
const BATCH_UPDATE = Type.Partial(Type.Omit(resource.schemas.update, ['id']));
const BATCH_FIELDS = ['categoryId', 'name', 'description', 'url'] as const;

/**
 * /system/resource (spec §2, §6 "resource … with batch create, batch modify, batch export"): the
 * resources list (add/modify as pages, §3 `resourceId`), the categories with their add/modify pages
 * (§3 `resourceType`) and delete, batch create from pasted lines, batch modify of the selected rows
 * (any field: category, name, description; the path when one row is chosen) and export of
 * the selected rows (or all) as .xlsx.
 */
export default function SystemResourcePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh_CN';
  const { has } = usePermission();
  const confirm = useConfirmAction();
  const categoryList = useQuery(apiQuery(api.resourceCategory.list, { pageNum: 1, pageSize: 1000 })).data?.list;
  const categories: Category[] = useMemo(() => {
    // The list's category cells read these names (resource.resource.ts).
    for (const c of categoryList ?? []) categoryNames.set(c.id, c.name);
    return categoryList ?? [];
  }, [categoryList]);
  const [reloadKey, setReloadKey] = useState(0);
  const [batch, setBatch] = useState<{ mode: 'add' } | { mode: 'update'; ids: number[] } | null>(null);
  const catOptions = categories.map((c) => ({ value: c.id, label: localizeSystemName('category', c.name, lang) }));
  const editCategory = (c: Category | null) => {
    editId.set('resourceType', c ? c.id : null);
    navigate(c ? recordPath('/system/resourceCategory/modify', c.id) : '/system/resourceCategory/add');
  };
  const deleteCategory = (c: Category) =>
    confirm({
      header: t('crud.deleteTitle'),
      message: t('system.resource.deleteCategory', { name: localizeSystemName('category', c.name, lang) }),
      danger: true,
      // Refused by the server while resources still belong to it (the message names them).
      run: () => api.resourceCategory.del({ ids: [c.id] }),
      doneMessage: t('crud.deleted', { count: 1 }),
    });
  const exportSheet = async (ctx: ListContext) => {
    const ids = ctx.selection.map((r) => r.id as number);
    const blob = await api.resource.export(ids.length ? { ids } : {});
    saveBlob(blob, `${t('resources.resource.title')}.xlsx`);
  };
  const categoryInput = ({ id, value, onChange }: InputProps) => (
    <Dropdown inputId={id} value={value ?? null} options={catOptions} onChange={(e) => onChange(e.value as number)} filter showClear placeholder={t('crud.choose')} />
  );
  const field = (name: string, extra: Partial<ActionField> = {}): ActionField => ({ name, label: t(`resources.resource.fields.${name}`), ...extra });
  const saved = () => {
    invalidateRefs('resource');
    setBatch(null);
    setReloadKey((k) => k + 1);
  };
  return (
    <div className="sys-page">
      <section className="crud-card" data-testid="resource-categories">
        <header className="crud-toolbar">
          <h3 className="crud-toolbar__title">{t('resources.resourceCategory.title')}</h3>
          {has('SystemResource:add') && <Button label={t('crud.add')} icon="pi pi-plus" size="small" text onClick={() => editCategory(null)} data-testid="category-add" />}
        </header>
        <div className="sys-chips">
          {categories.map((c) => (
            <span key={c.id} className="p-buttonset sys-chip" data-testid="category-chip">
              <Button label={localizeSystemName('category', c.name, lang)} size="small" outlined severity="secondary" icon={has('SystemResource:update') ? 'pi pi-pencil' : undefined} iconPos="right" disabled={!has('SystemResource:update')} onClick={() => editCategory(c)} />
              {has('SystemResource:del') && (
                <Button icon="pi pi-times" size="small" outlined severity="secondary" aria-label={t('system.resource.deleteCategoryNamed', { name: localizeSystemName('category', c.name, lang) })} onClick={() => deleteCategory(c)} data-testid="category-delete" />
              )}
            </span>
          ))}
        </div>
      </section>
      <ResourceListPage
        resource={resourceResource}
        reloadKey={reloadKey}
        toolbar={(ctx) => (
          <>
            {ctx.can('add') && <Button label={t('system.resource.batchAdd')} icon="pi pi-copy" size="small" outlined onClick={() => setBatch({ mode: 'add' })} data-testid="resource-batch-add" />}
            {ctx.can('update') && (
              <Button label={t('system.resource.batchUpdate')} icon="pi pi-pencil" size="small" outlined disabled={!ctx.selection.length} onClick={() => setBatch({ mode: 'update', ids: ctx.selection.map((r) => r.id as number) })} data-testid="resource-batch-update" />
            )}
            {ctx.can('export') && <Button label={ctx.selection.length ? t('system.resource.exportSelected', { count: ctx.selection.length }) : t('system.resource.exportAll')} icon="pi pi-file-excel" size="small" outlined onClick={() => void exportSheet(ctx)} data-testid="resource-batch-export" />}
          </>
        )}
      />
      {batch?.mode === 'add' && (
        <ActionDialog
          visible
          width={640}
          title={t('system.resource.batchAdd')}
          schema={BATCH_ADD}
          action={(p: { categoryId: number; lines: string }) => api.resource.batchAdd({ list: parseBatchLines(p.lines, p.categoryId) })}
          fields={[
            field('categoryId', { render: categoryInput, id: 'batch-category' }),
            { name: 'lines', label: t('system.resource.batchLines'), kind: 'textarea', id: 'batch-lines', hint: t('system.resource.batchHint'), placeholder: `订单·列表, ${order.ops.list}\n订单·详情, ${order.ops.info}, …` },
          ]}
          submitLabel={t('crud.save')}
          onHide={() => setBatch(null)}
          onDone={(r) => {
            notify({ mode: 'toast', message: t('system.resource.batchCreated', { count: (r as { count: number }).count }) }, 'success');
            saved();
          }}
          testIds={{ submit: 'resource-batch-save' }}
        />
      )}
      {batch?.mode === 'update' && (
        <ActionDialog
          visible
          width={640}
          title={t('system.resource.batchUpdateTitle', { count: batch.ids.length })}
          schema={BATCH_UPDATE}
          action={(p: Record<string, unknown>) => api.resource.batchUpdate({ list: batch.ids.map((id) => ({ id, ...p })) as never })}
          fields={BATCH_FIELDS.filter((n) => n !== 'url' || batch.ids.length === 1).map((n) =>
            field(n, {
              ...(n === 'categoryId' ? { render: categoryInput, id: 'batch-category' } : {}),
              // Something must change: the first field carries the form's one rule.
              ...(n === 'categoryId' ? { check: (_v: unknown, all: Record<string, unknown>) => (BATCH_FIELDS.some((k) => all[k] !== undefined && all[k] !== null && all[k] !== '') ? null : 'system.resource.nothingToChange') } : {}),
            }),
          )}
          submitLabel={t('crud.save')}
          onHide={() => setBatch(null)}
          onDone={(r) => {
            notify({ mode: 'toast', message: t('system.resource.batchUpdated', { count: (r as { count: number }).count }) }, 'success');
            saved();
          }}
          testIds={{ submit: 'resource-batch-save' }}
        >
          <p className="part-hint">{t('system.resource.batchUpdateHint')}</p>
        </ActionDialog>
      )}
    </div>
  );
}

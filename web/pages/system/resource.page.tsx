import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { localizeSystemName } from '../../../server/contract/resources';
import { api, apiQuery } from '../../api/client';
import { editId, invalidateRefs, ResourceListPage, saveBlob, type ListContext } from '../../crud';
import { usePermission } from '../../services/permission';
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

/**
 * /system/resource (spec §2, §6 "resource … with batch create, batch modify, batch export"): the
 * resources list (add/modify as pages, §3 `resourceId`), the categories with their add/modify pages
 * (§3 `resourceType`), batch create from pasted lines, batch move of the selected rows to a
 * category, and export of the selected rows (or all) as .xlsx.
 */
export default function SystemResourcePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh_CN';
  const { has } = usePermission();
  const categoryList = useQuery(apiQuery(api.resourceCategory.list, { pageNum: 1, pageSize: 1000 })).data?.list;
  const categories: Category[] = useMemo(() => {
    // The list's category cells read these names (resource.resource.ts).
    for (const c of categoryList ?? []) categoryNames.set(c.id, c.name);
    return categoryList ?? [];
  }, [categoryList]);
  const [reloadKey, setReloadKey] = useState(0);
  const [batch, setBatch] = useState<{ mode: 'add' } | { mode: 'update'; ids: number[] } | null>(null);
  const [text, setText] = useState('');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const catOptions = categories.map((c) => ({ value: c.id, label: localizeSystemName('category', c.name, lang) }));
  const editCategory = (c: Category | null) => {
    editId.set('resourceType', c ? c.id : null);
    navigate(c ? '/system/resourceCategory/modify' : '/system/resourceCategory/add');
  };
  const exportSheet = async (ctx: ListContext) => {
    const ids = ctx.selection.map((r) => r.id as number);
    const blob = await api.resource.export(ids.length ? { ids } : {});
    saveBlob(blob, `${t('resources.resource.title')}.xlsx`);
  };
  const submit = async () => {
    if (!batch || categoryId === null) return;
    setBusy(true);
    try {
      if (batch.mode === 'add') await api.resource.batchAdd({ list: parseBatchLines(text, categoryId) });
      else await api.resource.batchUpdate({ list: batch.ids.map((id) => ({ id, categoryId })) });
      invalidateRefs('resource');
      setBatch(null);
      setText('');
      setReloadKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
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
            <Button key={c.id} label={localizeSystemName('category', c.name, lang)} size="small" outlined severity="secondary" icon={has('SystemResource:update') ? 'pi pi-pencil' : undefined} iconPos="right" disabled={!has('SystemResource:update')} onClick={() => editCategory(c)} />
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
      <Dialog
        visible={!!batch}
        onHide={() => setBatch(null)}
        header={batch?.mode === 'add' ? t('system.resource.batchAdd') : t('system.resource.batchUpdateTitle', { count: batch?.mode === 'update' ? batch.ids.length : 0 })}
        style={{ width: 'min(640px, 94vw)' }}
        modal
        footer={<Button label={t('crud.save')} icon="pi pi-check" loading={busy} disabled={categoryId === null || (batch?.mode === 'add' && !text.trim())} onClick={() => void submit()} data-testid="resource-batch-save" />}
      >
        <div className="crud-form">
          <div className="crud-form__field">
            <label htmlFor="batch-category">{t('resources.resource.fields.categoryId')}</label>
            <Dropdown inputId="batch-category" value={categoryId} options={catOptions} onChange={(e) => setCategoryId(e.value as number)} filter placeholder={t('crud.choose')} />
          </div>
          {batch?.mode === 'add' && (
            <div className="crud-form__field crud-form__field--wide">
              <label htmlFor="batch-lines">{t('system.resource.batchLines')}</label>
              <InputTextarea id="batch-lines" rows={8} value={text} onChange={(e) => setText(e.target.value)} placeholder={'订单·列表, /v1/order/list\n订单·详情, /v1/order/info, …'} />
              <small>{t('system.resource.batchHint')}</small>
            </div>
          )}
        </div>
      </Dialog>
    </div>
  );
}

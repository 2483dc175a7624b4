import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { api } from '../../api/client';
import { notify } from '../../services/notify';
import { ResourceListPage, type ListContext, WeightsEditor, type WeightItem } from '../../crud';
import relation from '../../resources/recommend/recommend-relation.resource';
import { RelationForm } from './relation-form';
import '../../crud/parts/drag-tree-weights.css';

type Row = Record<string, unknown>;

/**
 * /recommend/relation (spec §2 "relation (weight modal)"): the items of the modules, by weight
 * (highest first); add/modify with a target picker that follows the chosen type; the weight modal
 * edits the weights of the chosen module's items (or of the selected rows) at once.
 */
export default function RecommendRelationPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ row: Row | null; moduleId?: number } | null>(null);
  const [weights, setWeights] = useState<{ items: WeightItem[]; original: Map<number, number> } | null>(null);
  const [saving, setSaving] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = () => setReloadKey((n) => n + 1);

  async function openWeights(ctx: ListContext) {
    const moduleId = ctx.state.filters.moduleId as number | undefined;
    const rows = ctx.selection.length ? ctx.selection : moduleId ? (await api.recommendRelation.list({ moduleId, pageSize: 500 })).list : [];
    const items = rows.map((r) => ({ id: r.id as number, label: String(r.targetName), weight: r.weight as number }));
    setWeights({ items, original: new Map(items.map((i) => [i.id, i.weight])) });
  }

  async function saveWeights() {
    if (!weights) return;
    const list = weights.items.filter((i) => weights.original.get(i.id) !== i.weight).map((i) => ({ id: i.id, weight: i.weight }));
    if (!list.length) return setWeights(null);
    setSaving(true);
    try {
      await api.recommendRelation.updateWeight({ list });
      notify({ mode: 'toast', message: t('recommend.weightsSaved', { count: list.length }) }, 'success');
      setWeights(null);
      reload();
    } catch {
      // Shown by the HTTP client; nothing changed (all or none).
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <ResourceListPage
        resource={relation}
        reloadKey={reloadKey}
        toolbar={(ctx) => (
          <>
            {ctx.can('add') && <Button label={t('crud.add')} icon="pi pi-plus" size="small" onClick={() => setEditing({ row: null, moduleId: ctx.state.filters.moduleId as number | undefined })} data-testid="relation-add" />}
            {ctx.can('update') && (
              <Button
                label={t('recommend.weights')}
                icon="pi pi-sort-amount-down"
                size="small"
                severity="secondary"
                outlined
                disabled={!ctx.selection.length && !ctx.state.filters.moduleId}
                tooltip={t('recommend.weightsHint')}
                tooltipOptions={{ showOnDisabled: true, position: 'bottom' }}
                onClick={() => void openWeights(ctx)}
                data-testid="relation-weights"
              />
            )}
          </>
        )}
        rowActions={(row, ctx) => ctx.can('update') && <Button label={t('crud.modify')} link size="small" onClick={() => setEditing({ row })} data-testid="relation-modify" />}
      />
      <RelationForm record={editing?.row ?? null} moduleId={editing?.moduleId} visible={!!editing} onHide={() => setEditing(null)} onSaved={() => { setEditing(null); reload(); }} />
      <Dialog
        visible={!!weights}
        onHide={() => setWeights(null)}
        header={t('recommend.weightsTitle')}
        style={{ width: 'min(620px, 94vw)' }}
        modal
        draggable={false}
        data-testid="weights-dialog"
        footer={
          <div className="crud-form__footer">
            <Button label={t('crud.cancel')} severity="secondary" outlined onClick={() => setWeights(null)} />
            <Button label={t('crud.save')} icon="pi pi-check" loading={saving} disabled={saving} onClick={() => void saveWeights()} data-testid="weights-save" />
          </div>
        }
      >
        {weights && (weights.items.length ? (
          <WeightsEditor items={weights.items} onChange={(items) => setWeights({ ...weights, items })} labels={{ rank: t('recommend.rank'), item: t('resources.recommendRelation.fields.targetName'), weight: t('resources.recommendRelation.fields.weight') }} />
        ) : <div className="crud-empty"><i className="pi pi-inbox" />{t('crud.empty')}</div>)}
      </Dialog>
    </>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSchema } from 'typebox';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { ApiError } from '../../api/http';
import { notify } from '../../services/notify';
import { FieldInput, callOp, fieldOfServerMessage, fieldSpec, invalidateRefs, refOptions, toPayload, useFieldLabel, validatePayload, type RefOption } from '../../crud';
import relation from '../../resources/recommend/recommend-relation.resource';

type Row = Record<string, unknown>;
const entity = relation.entity;
const FIELDS = ['moduleId', 'targetType', 'targetId', 'weight', 'status'];
/** The entity a relation's target is, by `targetType` (contract RelationTarget: 1 game, 2 goods, 3 article). */
const TARGET_ENTITY: Record<number, string> = { 1: 'game', 2: 'goods', 3: 'article' };

/**
 * Add/modify of a module's item (spec §2 /recommend/relation): module, type, then the target
 * picker of that type (games, goods or articles, searchable; switching the type clears the
 * target), weight and status. Validated with the contract's schema; a server refusal shows beside its field.
 */
export function RelationForm({ record, moduleId, visible, onHide, onSaved }: { record: Row | null; moduleId?: number; visible: boolean; onHide: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const label = useFieldLabel(entity.name);
  const [values, setValues] = useState<Row>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [targets, setTargets] = useState<RefOption[]>([]);
  const targetEntity = TARGET_ENTITY[values.targetType as number];

  useEffect(() => {
    if (!visible) return;
    setValues(record ? Object.fromEntries(FIELDS.map((f) => [f, record[f]])) : { moduleId: moduleId ?? null, targetType: 1, targetId: null, weight: 0, status: 1 });
    setErrors({});
  }, [visible, record, moduleId]);
  useEffect(() => {
    if (!targetEntity) return setTargets([]);
    let live = true;
    refOptions(targetEntity).then((o) => live && setTargets(o), () => live && setTargets([]));
    return () => {
      live = false;
    };
  }, [targetEntity]);

  const set = (f: string, v: unknown) => {
    setValues((old) => ({ ...old, [f]: v, ...(f === 'targetType' && v !== old.targetType ? { targetId: null } : {}) }));
    setErrors((e) => ({ ...e, [f]: '' }));
  };

  async function submit() {
    const payload = toPayload(relation, FIELDS, values, record ?? undefined);
    const found = validatePayload((record ? entity.schemas.update : entity.schemas.add) as TSchema, payload);
    setErrors(Object.fromEntries(Object.entries(found).map(([f, e]) => [f, t(`crud.validation.${e.key}`, { ...e.values, field: label(f) })])));
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await callOp(entity, record ? 'update' : 'add', payload);
      invalidateRefs(entity.name);
      notify({ mode: 'toast', message: t(record ? 'crud.updated' : 'crud.added') }, 'success');
      onSaved();
    } catch (e) {
      if (e instanceof ApiError) {
        const f = fieldOfServerMessage(e.message, FIELDS);
        if (f) setErrors({ [f]: e.message.replace(/^\s*\w+\s*[:：]\s*/, '') });
      }
    } finally {
      setSaving(false);
    }
  }

  const field = (f: string, input: React.ReactNode) => (
    <div className="crud-form__field" data-field={f} key={f}>
      <label htmlFor={`relation-${f}`}>{fieldSpec(relation, f).required && <span className="crud-required">*</span>}{label(f)}</label>
      {input}
      {errors[f] && <small className="p-error" data-testid="crud-field-error">{errors[f]}</small>}
    </div>
  );
  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t(record ? 'crud.modifyTitle' : 'crud.addTitle', { name: t(`resources.${entity.name}.title`) })}
      style={{ width: 'min(560px, 94vw)' }}
      modal
      draggable={false}
      data-testid="crud-dialog"
      footer={
        <div className="crud-form__footer">
          <Button label={t('crud.cancel')} severity="secondary" outlined onClick={onHide} />
          <Button label={t('crud.save')} icon="pi pi-check" loading={saving} disabled={saving} onClick={() => void submit()} data-testid="crud-form-save" />
        </div>
      }
    >
      <form className="crud-form" onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate data-testid="crud-form">
        {['moduleId', 'targetType'].map((f) => field(f, <FieldInput spec={fieldSpec(relation, f)} value={values[f]} onChange={(v) => set(f, v)} id={`relation-${f}`} invalid={!!errors[f]} />))}
        {field(
          'targetId',
          <Dropdown
            inputId="relation-targetId"
            className={errors.targetId ? 'p-invalid w-full' : 'w-full'}
            value={values.targetId ?? null}
            options={targets}
            onChange={(e) => set('targetId', e.value ?? null)}
            filter
            virtualScrollerOptions={targets.length > 100 ? { itemSize: 38 } : undefined}
            placeholder={targetEntity ? t('recommend.chooseTarget', { type: t(`resources.${targetEntity}.title`, { defaultValue: targetEntity }) }) : t('crud.choose')}
            emptyMessage={t('crud.empty')}
          />,
        )}
        {['weight', 'status'].map((f) => field(f, <FieldInput spec={fieldSpec(relation, f)} value={values[f]} onChange={(v) => set(f, v)} id={`relation-${f}`} invalid={!!errors[f]} />))}
      </form>
    </Dialog>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { TSchema } from 'typebox';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { notify } from '../../services/notify';
import { FieldInput, FormField, callOp, fieldSpec, invalidateRefs, schemaResolver, serverErrorOnField, toFormValues, toPayload, useFieldLabel, useRefOptions, type FormFieldProps } from '../../crud';
import relation from '../../resources/recommend/recommend-relation.resource';

type Row = Record<string, unknown>;
const entity = relation.entity;
const FIELDS = ['moduleId', 'targetType', 'targetId', 'weight', 'status'];
/** The entity a relation's target is, by `targetType` (contract RelationTarget: 1 game, 2 goods, 3 article). */
const TARGET_ENTITY: Record<number, string> = { 1: 'game', 2: 'goods', 3: 'article' };

/**
 * Add/modify of a module's item (spec §2 /recommend/relation), on the kit's form engine: module,
 * type, then the target picker of that type (games, goods or articles from the cached lists,
 * searchable; switching the type clears the target), weight and status. Validated with the
 * contract's add/update schema; an update sends only changed fields; a server refusal shows beside its field.
 */
export function RelationForm({ record, moduleId, visible, onHide, onSaved }: { record: Row | null; moduleId?: number; visible: boolean; onHide: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const label = useFieldLabel(entity.name);
  const form: UseFormReturn<Row, unknown, Row> = useForm<Row, unknown, Row>({
    reValidateMode: 'onChange',
    resolver: schemaResolver({
      schema: (record ? entity.schemas.update : entity.schemas.add) as TSchema,
      toPayload: (v): Row => toPayload(relation, record ? FIELDS.filter((f) => form.getFieldState(f).isDirty) : FIELDS, v, record ?? undefined),
      message: (f, e) => t(`crud.validation.${e.key}`, { ...e.values, field: label(f) }),
      fieldOf: (k) => (FIELDS.includes(k) ? k : 'root'),
    }),
  });
  const { control, reset, handleSubmit, setError, setValue, formState } = form;
  void formState.dirtyFields; // subscribes to per-field dirty state (read by the resolver)
  const targetEntity = TARGET_ENTITY[useWatch({ control, name: 'targetType' }) as number];
  const targetSpec = fieldSpec(relation, 'targetId');
  const targets = useRefOptions(targetEntity ? { ...targetSpec, ref: targetEntity } : null);

  useEffect(() => {
    if (!visible) return;
    reset(record ? toFormValues(relation, FIELDS, record) : { moduleId: moduleId ?? null, targetType: 1, targetId: null, weight: 0, status: 1 });
  }, [visible, record, moduleId, reset]);

  const submit = handleSubmit(async (payload) => {
    try {
      await callOp(entity, record ? 'update' : 'add', payload);
      invalidateRefs(entity.name);
      notify({ mode: 'toast', message: t(record ? 'crud.updated' : 'crud.added') }, 'success');
      reset(form.getValues());
      onSaved();
    } catch (e) {
      serverErrorOnField(e, FIELDS, setError);
    }
  });

  const field = (f: string, render?: FormFieldProps['render']) => {
    const spec = fieldSpec(relation, f);
    return <FormField key={f} control={control} spec={spec} label={label(f)} required={spec.required} id={`relation-${f}`} render={render} />;
  };
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
          <Button label={t('crud.save')} icon="pi pi-check" loading={formState.isSubmitting} disabled={formState.isSubmitting} onClick={() => void submit()} data-testid="crud-form-save" />
        </div>
      }
    >
      <form className="crud-form" onSubmit={(e) => void submit(e)} noValidate data-testid="crud-form">
        {field('moduleId')}
        {field('targetType', (p) => (
          <FieldInput
            {...p}
            onChange={(v) => {
              if (v !== p.value) setValue('targetId', null, { shouldDirty: true });
              p.onChange(v);
            }}
          />
        ))}
        {field('targetId', (p) => (
          <Dropdown
            inputId={p.id}
            className={p.invalid ? 'p-invalid w-full' : 'w-full'}
            value={p.value ?? null}
            options={targets}
            onChange={(e) => p.onChange(e.value ?? null)}
            filter
            virtualScrollerOptions={targets.length > 100 ? { itemSize: 38 } : undefined}
            placeholder={targetEntity ? t('recommend.chooseTarget', { type: t(`resources.${targetEntity}.title`, { defaultValue: targetEntity }) }) : t('crud.choose')}
            emptyMessage={t('crud.empty')}
          />
        ))}
        {field('weight')}
        {field('status')}
      </form>
    </Dialog>
  );
}

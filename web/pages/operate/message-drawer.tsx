import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { platformInstant } from '../../lib/format';
import type { TSchema } from 'typebox';
import { Sidebar } from 'primereact/sidebar';
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { api } from '../../api/client';
import { notify } from '../../services/notify';
import { FieldInput, FormField, SafeHtml, callOp, fieldSpec, isBlank, schemaFieldSpec, schemaResolver, serverErrorOnField, useFieldLabel, type FormFieldProps, type InputProps } from '../../crud';
import stationMsg from '../../resources/operate/station-msg.resource';

type Row = Record<string, unknown>;
type SendMode = 'draft' | 'now' | 'schedule';
const entity = stationMsg.entity;
const FIELDS = ['title', 'content', 'targetType', 'gradeIds', 'memberIds'] as const;

/** The send choice (not a record field): its radio buttons, ids `msg-when-<mode>`. */
function WhenInput({ id, value, onChange }: InputProps) {
  const { t } = useTranslation();
  return (
    <div className="storefront-audience" data-testid="msg-when" id={id}>
      {(['now', 'schedule', 'draft'] as const).map((m) => (
        <label key={m}>
          <RadioButton inputId={`msg-when-${m}`} checked={value === m} onChange={() => onChange(m)} />
          <span>{t(`operate.msg.mode.${m}`)}</span>
        </label>
      ))}
    </div>
  );
}
const WHEN_SPEC = schemaFieldSpec('mode', { type: 'string' });

/**
 * The message drawer of /operate/stationMsg (spec §2 "stationMsg (message drawer)"), on the kit's
 * form engine: title, rich-text body, audience (all members, chosen grades, or chosen members
 * through a remote-search multi-picker) as the kind registry draws them, checked with the
 * contract's add schema in the browser, then save as draft, send now or schedule
 * (`stationMsg.send` with `sendTime`, which must be ahead of the platform's now). A sent message
 * opens read-only (its body sanitized): it can only be revoked, never edited.
 * @param record the draft to modify, a sent message to view, or null for a new message.
 */
export function MessageDrawer({ record, visible, onHide, onSaved }: { record: Row | null; visible: boolean; onHide: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const label = useFieldLabel(entity.name);
  // Kept so a failed send retried from this drawer updates the draft instead of adding another.
  const saved = useRef<Row | null>(null);
  const readOnly = !!record && record.status !== 0;
  const { control, reset, handleSubmit, setError, getValues, formState } = useForm<Row, unknown, Row>({
    reValidateMode: 'onChange',
    resolver: schemaResolver({
      schema: entity.schemas.add as TSchema,
      toPayload: (v) => ({ ...Object.fromEntries(FIELDS.map((f) => [f, v[f]])), title: String(v.title ?? '').trim(), content: isBlank(v.content) ? '' : v.content }),
      extra: (v, payload) => ({
        ...(payload.targetType === 2 && !(payload.gradeIds as number[]).length ? { gradeIds: { key: 'operate.msg.chooseGrades' } } : {}),
        ...(payload.targetType === 3 && !(payload.memberIds as number[]).length ? { memberIds: { key: 'operate.msg.chooseMembers' } } : {}),
        // The picked wall-clock time is sent as platform time (UTC+8): it must be ahead of the platform's now.
        ...(v.mode === 'schedule' && !(typeof v.sendTime === 'string' && platformInstant(v.sendTime) > Date.now()) ? { sendTime: { key: 'operate.msg.futureTime' } } : {}),
      }),
      message: (f, e) => (e.key.includes('.') ? t(e.key) : t(`crud.validation.${e.key}`, { ...e.values, field: label(f) })),
      fieldOf: (k) => ((FIELDS as readonly string[]).includes(k) || k === 'sendTime' ? k : 'root'),
    }),
  });
  const target = useWatch({ control, name: 'targetType' }) as number;
  const mode = useWatch({ control, name: 'mode' }) as SendMode;

  useEffect(() => {
    if (!visible) return;
    const fresh = { title: '', content: '', targetType: 1, gradeIds: [], memberIds: [] };
    reset({ ...(record ? Object.fromEntries(FIELDS.map((f) => [f, record[f]])) : fresh), mode: record?.sendTime ? 'schedule' : 'now', sendTime: record?.sendTime ?? null });
    saved.current = null;
  }, [visible, record, reset]);

  const submit = handleSubmit(async (payload) => {
    const { mode: m, sendTime } = getValues() as { mode: SendMode; sendTime: string | null };
    const when = m === 'schedule' && sendTime ? sendTime : undefined;
    try {
      const current = saved.current ?? record;
      const body = { ...payload, ...(m === 'draft' && when ? { sendTime: when } : {}) };
      const draft = current ? await callOp<Row>(entity, 'update', { id: current.id, ...body }) : await callOp<Row>(entity, 'add', body);
      saved.current = draft;
      if (m !== 'draft') await api.stationMsg.send({ id: draft.id as number, ...(when ? { sendTime: when } : {}) });
      notify({ mode: 'toast', message: t(m === 'draft' ? 'operate.msg.savedDraft' : m === 'now' ? 'operate.msg.sent' : 'operate.msg.scheduledAt', { time: when }) }, 'success');
      onSaved();
    } catch (e) {
      serverErrorOnField(e, [...FIELDS, 'sendTime'], setError);
    }
  });

  const field = (name: string, id: string, extra: Partial<FormFieldProps> = {}) => {
    const spec = name === 'mode' ? WHEN_SPEC : fieldSpec(stationMsg, name);
    return <FormField control={control} spec={spec} label={name === 'mode' ? t('operate.msg.when') : label(name)} id={id} wide {...extra} />;
  };
  const saving = formState.isSubmitting;
  return (
    <Sidebar visible={visible} onHide={onHide} position="right" style={{ width: 'min(640px, 100vw)' }} header={t(readOnly ? 'operate.msg.view' : record ? 'operate.msg.modify' : 'operate.msg.add')} data-testid="message-drawer">
      {readOnly ? (
        <div className="crud-form">
          <h3 style={{ margin: 0 }}>{String(record?.title ?? '')}</h3>
          <small>{label('sendTime')}: {String(record?.sendTime ?? '')}</small>
          <SafeHtml html={record?.content} className="storefront-html" testId="message-body" />
        </div>
      ) : (
        <form className="crud-form" onSubmit={(e) => void submit(e)} noValidate data-testid="message-form">
          {field('title', 'msg-title', { required: true })}
          {field('content', 'msg-content', { required: true })}
          {field('targetType', 'msg-target', { render: (p) => <div className="storefront-audience" data-testid="msg-audience"><FieldInput {...p} spec={{ ...p.spec, kind: 'radio' }} /></div> })}
          {target === 2 && field('gradeIds', 'msg-grades', { required: true })}
          {target === 3 && field('memberIds', 'msg-members', { required: true, placeholder: t('operate.msg.searchMembers') })}
          {field('mode', 'msg-when', { render: WhenInput })}
          {mode !== 'now' && field('sendTime', 'msg-send-time', { required: mode === 'schedule' })}
          <button type="submit" hidden />
        </form>
      )}
      <div className="crud-form__footer">
        <Button type="button" label={t(readOnly ? 'operate.msg.close' : 'crud.cancel')} severity="secondary" outlined onClick={onHide} />
        {!readOnly && (
          <Button type="button" label={t(`operate.msg.submit.${mode}`)} icon={mode === 'draft' ? 'pi pi-save' : mode === 'now' ? 'pi pi-send' : 'pi pi-clock'} loading={saving} disabled={saving} onClick={() => void submit()} data-testid="message-submit" />
        )}
      </div>
    </Sidebar>
  );
}

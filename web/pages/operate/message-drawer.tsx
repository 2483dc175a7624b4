import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { platformInstant } from '../../lib/format';
import type { TSchema } from 'typebox';
import { Sidebar } from 'primereact/sidebar';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { Calendar } from 'primereact/calendar';
import { ApiError, http } from '../../api/http';
import { notify } from '../../services/notify';
import { MessageTarget, operateActions } from '../../../server/contract/operate';
import { DATETIME_FORMAT, FieldInput, SafeHtml, callOp, enumOptions, fieldOfServerMessage, serverFieldText, fieldSpec, isBlank, useFieldLabel, validatePayload } from '../../crud';
import stationMsg from '../../resources/operate/station-msg.resource';

type Row = Record<string, unknown>;
type SendMode = 'draft' | 'now' | 'schedule';
const SEND = operateActions.find((a) => a.name === 'stationMsg.send')!.path;
const entity = stationMsg.entity;
const FIELDS = ['title', 'content', 'targetType', 'gradeIds', 'memberIds'] as const;

/**
 * The message drawer of /operate/stationMsg (spec §2 "stationMsg (message drawer)"): title, rich-text body,
 * audience (all members, chosen grades, or chosen members through a remote-search multi-picker),
 * then save as draft, send now or schedule (`/v1/stationMsg/send` with `sendTime`). A sent message
 * opens read-only (its body sanitized): it can only be revoked, never edited.
 * @param record the draft to modify, a sent message to view, or null for a new message.
 */
export function MessageDrawer({ record, visible, onHide, onSaved }: { record: Row | null; visible: boolean; onHide: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const label = useFieldLabel(entity.name);
  const [values, setValues] = useState<Row>({});
  const [mode, setMode] = useState<SendMode>('now');
  const [sendTime, setSendTime] = useState<Date | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Row | null>(null);
  const readOnly = !!record && record.status !== 0;

  useEffect(() => {
    if (!visible) return;
    setValues(record ? Object.fromEntries(FIELDS.map((f) => [f, record[f]])) : { title: '', content: '', targetType: 1, gradeIds: [], memberIds: [] });
    setMode(record?.sendTime ? 'schedule' : 'now');
    setSendTime(record?.sendTime ? dayjs(record.sendTime as string).toDate() : null);
    setErrors({});
    setSaved(null);
  }, [visible, record]);

  const set = (f: string, v: unknown) => {
    setValues((old) => ({ ...old, [f]: v }));
    setErrors((e) => ({ ...e, [f]: '' }));
  };

  async function submit() {
    const payload: Row = { ...values, title: String(values.title ?? '').trim(), content: isBlank(values.content) ? '' : values.content };
    const found: Record<string, string> = {};
    for (const [f, e] of Object.entries(validatePayload(entity.schemas.add as TSchema, payload))) found[f] = t(`crud.validation.${e.key}`, { ...e.values, field: label(f) });
    if (payload.targetType === 2 && !(payload.gradeIds as number[]).length) found.gradeIds = t('operate.msg.chooseGrades');
    if (payload.targetType === 3 && !(payload.memberIds as number[]).length) found.memberIds = t('operate.msg.chooseMembers');
    // The picked wall-clock time is sent as platform time (UTC+8): it must be ahead of the platform's now.
    if (mode === 'schedule' && (!sendTime || !(platformInstant(dayjs(sendTime).format(DATETIME_FORMAT)) > Date.now()))) found.sendTime = t('operate.msg.futureTime');
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      const current = saved ?? record;
      const when = mode === 'schedule' && sendTime ? dayjs(sendTime).format(DATETIME_FORMAT) : undefined;
      const body = { ...payload, ...(mode === 'draft' && when ? { sendTime: when } : {}) };
      const draft = current ? await callOp<Row>(entity, 'update', { id: current.id, ...body }) : await callOp<Row>(entity, 'add', body);
      // Kept so a failed send retried from this drawer updates the draft instead of adding another.
      setSaved(draft);
      if (mode !== 'draft') await http.post(SEND, { id: draft.id, ...(when ? { sendTime: when } : {}) });
      notify({ mode: 'toast', message: t(mode === 'draft' ? 'operate.msg.savedDraft' : mode === 'now' ? 'operate.msg.sent' : 'operate.msg.scheduledAt', { time: when }) }, 'success');
      onSaved();
    } catch (e) {
      if (e instanceof ApiError) {
        const f = fieldOfServerMessage(e, [...FIELDS, 'sendTime']);
        if (f) setErrors({ [f]: serverFieldText(e) });
      }
    } finally {
      setSaving(false);
    }
  }

  const err = (f: string) => errors[f] && <small className="p-error" data-testid="crud-field-error">{errors[f]}</small>;
  const target = values.targetType as number;
  return (
    <Sidebar visible={visible} onHide={onHide} position="right" style={{ width: 'min(640px, 100vw)' }} header={t(readOnly ? 'operate.msg.view' : record ? 'operate.msg.modify' : 'operate.msg.add')} data-testid="message-drawer">
      {readOnly ? (
        <div className="crud-form">
          <h3 style={{ margin: 0 }}>{String(record?.title ?? '')}</h3>
          <small>{label('sendTime')}: {String(record?.sendTime ?? '')}</small>
          <SafeHtml html={record?.content} className="storefront-html" testId="message-body" />
        </div>
      ) : (
        <form className="crud-form" onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate data-testid="message-form">
          <div className="crud-form__field crud-form__field--wide">
            <label htmlFor="msg-title"><span className="crud-required">*</span>{label('title')}</label>
            <InputText id="msg-title" value={String(values.title ?? '')} onChange={(e) => set('title', e.target.value)} maxLength={128} className={errors.title ? 'p-invalid w-full' : 'w-full'} />
            {err('title')}
          </div>
          <div className="crud-form__field crud-form__field--wide">
            <label htmlFor="msg-content"><span className="crud-required">*</span>{label('content')}</label>
            <FieldInput spec={fieldSpec(stationMsg, 'content')} value={values.content} onChange={(v) => set('content', v)} id="msg-content" invalid={!!errors.content} />
            {err('content')}
          </div>
          <div className="crud-form__field crud-form__field--wide">
            <label>{label('targetType')}</label>
            <div className="storefront-audience" data-testid="msg-audience">
              {enumOptions(MessageTarget.name, i18n.language).map((o) => (
                <label key={o.value}>
                  <RadioButton inputId={`msg-target-${o.value}`} checked={target === o.value} onChange={() => set('targetType', o.value)} />
                  <span>{o.label}</span>
                </label>
              ))}
            </div>
          </div>
          {target === 2 && (
            <div className="crud-form__field crud-form__field--wide">
              <label htmlFor="msg-grades"><span className="crud-required">*</span>{label('gradeIds')}</label>
              <FieldInput spec={fieldSpec(stationMsg, 'gradeIds')} value={values.gradeIds} onChange={(v) => set('gradeIds', v)} id="msg-grades" invalid={!!errors.gradeIds} />
              {err('gradeIds')}
            </div>
          )}
          {target === 3 && (
            <div className="crud-form__field crud-form__field--wide">
              <label htmlFor="msg-members"><span className="crud-required">*</span>{label('memberIds')}</label>
              <FieldInput spec={fieldSpec(stationMsg, 'memberIds')} value={values.memberIds} onChange={(v) => set('memberIds', v)} id="msg-members" invalid={!!errors.memberIds} placeholder={t('operate.msg.searchMembers')} />
              {err('memberIds')}
            </div>
          )}
          <div className="crud-form__field crud-form__field--wide">
            <label>{t('operate.msg.when')}</label>
            <div className="storefront-audience" data-testid="msg-when">
              {(['now', 'schedule', 'draft'] as const).map((m) => (
                <label key={m}>
                  <RadioButton inputId={`msg-when-${m}`} checked={mode === m} onChange={() => setMode(m)} />
                  <span>{t(`operate.msg.mode.${m}`)}</span>
                </label>
              ))}
            </div>
          </div>
          {mode !== 'now' && (
            <div className="crud-form__field crud-form__field--wide" data-field="sendTime">
              <label htmlFor="msg-send-time">{mode === 'schedule' && <span className="crud-required">*</span>}{label('sendTime')}</label>
              <Calendar inputId="msg-send-time" value={sendTime} onChange={(e) => { setSendTime((e.value as Date) ?? null); setErrors((x) => ({ ...x, sendTime: '' })); }} showTime hourFormat="24" showSeconds dateFormat="yy-mm-dd" showIcon minDate={new Date()} className={errors.sendTime ? 'p-invalid w-full' : 'w-full'} />
              {err('sendTime')}
            </div>
          )}
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

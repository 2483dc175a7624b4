import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Checkbox } from 'primereact/checkbox';
import { Chip } from 'primereact/chip';
import { http } from '../../api/http';
import { notify } from '../../services/notify';
import { FeedbackReplyPayload, feedbackActions, replay } from '../../../server/contract/feedback';
import { validatePayload } from '../../crud';

type Row = Record<string, unknown>;
const REPLY_PATH = feedbackActions.find((a) => a.name === 'feedback.replay')!.path;
interface Template {
  id: number;
  title: string;
  content: string;
  typeId?: number;
}

/**
 * The reply dialog of /feedback/index (spec §7 `/v1/feedback/replay`): the feedback's text, a reply
 * box checked against the contract's reply payload, and the enabled reply templates (`/v1/replay/list`)
 * as quick picks, those for the feedback's type first.
 */
export function ReplyDialog({ row, onHide, onReplied }: { row: Row | null; onHide: () => void; onReplied: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [close, setClose] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [templates, setTemplates] = useState<Template[]>([]);

  useEffect(() => {
    if (!row) return;
    setText(typeof row.replyContent === 'string' ? row.replyContent : '');
    setClose(false);
    setError(null);
    http
      .post<{ list: Template[] }>(replay.ops.list!, { pageNum: 1, pageSize: 100, status: 1 })
      .then((p) => setTemplates([...p.list].sort((a, b) => Number(b.typeId === row.typeId) - Number(a.typeId === row.typeId))), () => setTemplates([]));
  }, [row]);

  async function send() {
    if (!row) return;
    const payload = { id: row.id as number, replyContent: text.trim(), close };
    if (validatePayload(FeedbackReplyPayload, payload).replyContent) return setError(t('feedback.replyRequired'));
    setSaving(true);
    try {
      await http.post(REPLY_PATH, payload);
      notify({ mode: 'toast', message: t('feedback.replied') }, 'success');
      onReplied();
    } catch {
      // Shown by the HTTP client.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      visible={!!row}
      onHide={onHide}
      header={t('feedback.replyTitle')}
      style={{ width: 'min(620px, 94vw)' }}
      modal
      draggable={false}
      data-testid="reply-dialog"
      footer={
        <div className="crud-form__footer">
          <Button label={t('crud.cancel')} severity="secondary" outlined onClick={onHide} />
          <Button label={t('feedback.reply')} icon="pi pi-send" loading={saving} disabled={saving} onClick={() => void send()} data-testid="reply-send" />
        </div>
      }
    >
      {row && (
        <div className="crud-form">
          <div className="crud-form__field">
            <label>{t('feedback.original')}</label>
            <blockquote className="feedback-original">{String(row.content ?? '')}</blockquote>
          </div>
          <div className="crud-form__field">
            <label>{t('feedback.quickPicks')}</label>
            <div className="feedback-quick" data-testid="reply-quick">
              {templates.length ? templates.slice(0, 12).map((tp) => (
                <Chip key={tp.id} label={tp.title} onClick={() => { setText(tp.content); setError(null); }} className="feedback-quick__chip" data-testid="reply-quick-pick" />
              )) : <small>{t('feedback.noQuickPicks')}</small>}
            </div>
          </div>
          <div className="crud-form__field">
            <label htmlFor="reply-content"><span className="crud-required">*</span>{t('feedback.replyContent')}</label>
            <InputTextarea id="reply-content" rows={5} autoResize maxLength={2000} value={text} onChange={(e) => { setText(e.target.value); setError(null); }} className={error ? 'p-invalid' : undefined} />
            {error && <small className="p-error" id="reply-content-error">{error}</small>}
          </div>
          <div className="feedback-close">
            <Checkbox inputId="reply-close" checked={close} onChange={(e) => setClose(!!e.checked)} />
            <label htmlFor="reply-close">{t('feedback.replyClose')}</label>
          </div>
        </div>
      )}
    </Dialog>
  );
}

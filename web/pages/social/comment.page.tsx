import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { Chip } from 'primereact/chip';
import { api } from '../../api/client';
import { notify } from '../../app/notify';
import { BatchBar, ListTable, ListToolbar, SearchForm, useListController, type ListController } from '../../crud';
import comment from '../../resources/social/comment.resource';
import '../storefront.css';

type Row = Record<string, unknown>;
type Action = 'approve' | 'hide' | 'pin' | 'unpin';
const REASONS = ['ad', 'offTopic', 'abuse', 'spam'] as const;

/**
 * /social/comment (spec §2): members' reviews with images (thumbnails, viewer), rating, target
 * (linked to its screen), replies count (linked to the replies), and moderation: approve, hide with
 * a reason, pin/unpin, one row or the selected rows at once (`/v1/comment/moderate`).
 */
export default function SocialCommentPage() {
  const { t } = useTranslation();
  const [reloadKey, setReloadKey] = useState(0);
  const [hiding, setHiding] = useState<Row[] | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [saving, setSaving] = useState(false);

  const moderate = async (rows: Row[], action: Action, why?: string) => {
    setSaving(true);
    try {
      const { count } = await api.comment.moderate({ ids: rows.map((r) => Number(r.id)), action, ...(why ? { reason: why } : {}) });
      notify({ mode: 'toast', message: t(`social.done.${action}`, { count }) }, 'success');
      setHiding(null);
      ctl.setSelection([]);
      setReloadKey((n) => n + 1);
    } catch {
      // Shown by the HTTP client; all or none, so nothing changed.
    } finally {
      setSaving(false);
    }
  };
  const askHide = (rows: Row[]) => {
    setReason('');
    setReasonError(false);
    setHiding(rows);
  };

  const ctl: ListController = useListController(comment, { reloadKey });
  const canModerate = ctl.can('update');

  return (
    <>
      <div className="crud-page" data-testid="crud-comment">
        <SearchForm ctl={ctl} />
        <section className="crud-card">
          <ListToolbar ctl={ctl} />
          {/* Moderators select rows even without the delete permission (the kit selects for batch delete only). */}
          <BatchBar ctl={ctl}>
            {canModerate && (
              <>
                <Button label={t('social.batchApprove')} icon="pi pi-check" size="small" severity="success" text onClick={() => void moderate(ctl.selection, 'approve')} data-testid="comment-batch-approve" />
                <Button label={t('social.batchHide')} icon="pi pi-eye-slash" size="small" severity="warning" text onClick={() => askHide(ctl.selection)} data-testid="comment-batch-hide" />
              </>
            )}
          </BatchBar>
          <ListTable
            ctl={ctl}
            selectable={canModerate || ctl.allow.batchDel}
            rowActions={(row) =>
              canModerate && (
                <>
                  {row.status !== 1 && <Button label={t('social.approve')} link size="small" onClick={() => void moderate([row], 'approve')} data-testid="comment-approve" />}
                  {row.status !== 2 && <Button label={t('social.hide')} link size="small" severity="warning" onClick={() => askHide([row])} data-testid="comment-hide" />}
                  {row.status !== 2 && <Button label={t(row.isTop ? 'social.unpin' : 'social.pin')} link size="small" onClick={() => void moderate([row], row.isTop ? 'unpin' : 'pin')} data-testid="comment-pin" />}
                </>
              )
            }
          />
        </section>
      </div>
      <Dialog
        visible={!!hiding}
        onHide={() => setHiding(null)}
        header={t('social.hideTitle', { count: hiding?.length ?? 0 })}
        style={{ width: 'min(560px, 94vw)' }}
        modal
        draggable={false}
        data-testid="hide-dialog"
        footer={
          <div className="crud-form__footer">
            <Button label={t('crud.cancel')} severity="secondary" outlined onClick={() => setHiding(null)} />
            <Button
              label={t('social.hide')}
              icon="pi pi-eye-slash"
              severity="warning"
              loading={saving}
              disabled={saving}
              onClick={() => {
                if (!reason.trim()) return setReasonError(true);
                void moderate(hiding!, 'hide', reason.trim());
              }}
              data-testid="hide-confirm"
            />
          </div>
        }
      >
        <div className="crud-form">
          {hiding?.length === 1 && <blockquote className="storefront-quote">{String(hiding[0].content ?? '')}</blockquote>}
          <div className="crud-form__field">
            <label>{t('social.quickReasons')}</label>
            <div className="storefront-audience">
              {REASONS.map((r) => <Chip key={r} label={t(`social.reasons.${r}`)} onClick={() => { setReason(t(`social.reasons.${r}`)); setReasonError(false); }} style={{ cursor: 'pointer' }} data-testid="hide-reason-pick" />)}
            </div>
          </div>
          <div className="crud-form__field">
            <label htmlFor="hide-reason"><span className="crud-required">*</span>{t('resources.comment.fields.hideReason')}</label>
            <InputTextarea id="hide-reason" rows={3} autoResize maxLength={200} value={reason} onChange={(e) => { setReason(e.target.value); setReasonError(false); }} className={reasonError ? 'p-invalid w-full' : 'w-full'} />
            {reasonError && <small className="p-error" data-testid="crud-field-error">{t('social.reasonRequired')}</small>}
          </div>
        </div>
      </Dialog>
    </>
  );
}

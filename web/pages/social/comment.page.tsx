import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Chip } from 'primereact/chip';
import { api } from '../../api/client';
import { notify } from '../../services/notify';
import { ActionDialog, BatchBar, LinkButton, ListTable, ListToolbar, SearchForm, useListController, type ListController } from '../../crud';
import comment from '../../resources/social/comment.resource';
import '../storefront.css';

type Row = Record<string, unknown>;
type Action = 'approve' | 'hide' | 'pin' | 'unpin';
const REASONS = ['ad', 'offTopic', 'abuse', 'spam'] as const;

/**
 * /social/comment (spec §2): members' reviews with images (thumbnails, viewer), rating, target
 * (linked to its screen), replies count (linked to the replies), and moderation: approve, hide with
 * a reason, pin/unpin, one row or the selected rows at once (`comment.moderate`).
 */
export default function SocialCommentPage() {
  const { t } = useTranslation();
  const [hiding, setHiding] = useState<Row[] | null>(null);

  const done = (action: Action, count: number) => {
    notify({ mode: 'toast', message: t(`social.done.${action}`, { count }) }, 'success');
    setHiding(null);
    ctl.setSelection([]);
  };
  // Approve, pin and unpin need no form; a write through the typed client reloads the list.
  const moderate = async (rows: Row[], action: Exclude<Action, 'hide'>) => {
    try {
      const { count } = await api.comment.moderate({ ids: rows.map((r) => Number(r.id)), action });
      done(action, count);
    } catch {
      // Shown by the HTTP client; all or none, so nothing changed.
    }
  };
  const askHide = (rows: Row[]) => setHiding(rows);

  const ctl: ListController = useListController(comment);
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
                  {row.status !== 1 && <LinkButton label={t('social.approve')} onClick={() => void moderate([row], 'approve')} testId="comment-approve" />}
                  {row.status !== 2 && <LinkButton label={t('social.hide')} severity="warning" onClick={() => askHide([row])} testId="comment-hide" />}
                  {row.status !== 2 && <LinkButton label={t(row.isTop ? 'social.unpin' : 'social.pin')} onClick={() => void moderate([row], row.isTop ? 'unpin' : 'pin')} testId="comment-pin" />}
                </>
              )
            }
          />
        </section>
      </div>
      {hiding && (
        <ActionDialog
          visible
          title={t('social.hideTitle', { count: hiding.length })}
          action={api.comment.moderate}
          fixed={{ ids: hiding.map((r) => Number(r.id)), action: 'hide' }}
          fields={[{ name: 'reason', label: t('resources.comment.fields.hideReason'), kind: 'text', required: true, id: 'hide-reason' }]}
          submitLabel={t('social.hide')}
          severity="warning"
          width={560}
          onHide={() => setHiding(null)}
          onDone={(data) => done('hide', (data as { count: number }).count)}
          testIds={{ root: 'hide-dialog', submit: 'hide-confirm' }}
        >
          {({ setValue }) => (
            <>
              {hiding.length === 1 && <blockquote className="storefront-quote">{String(hiding[0].content ?? '')}</blockquote>}
              <div className="crud-form__field">
                <label>{t('social.quickReasons')}</label>
                <div className="storefront-audience">
                  {REASONS.map((r) => <Chip key={r} label={t(`social.reasons.${r}`)} onClick={() => setValue('reason', t(`social.reasons.${r}`))} style={{ cursor: 'pointer' }} data-testid="hide-reason-pick" />)}
                </div>
              </div>
            </>
          )}
        </ActionDialog>
      )}
    </>
  );
}

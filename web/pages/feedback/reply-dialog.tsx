import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Chip } from 'primereact/chip';
import { api } from '../../api/client';
import { readQuery } from '../../api/query';
import { notify } from '../../services/notify';
import { ActionDialog, ImageThumbs } from '../../crud';

type Row = Record<string, unknown>;

/**
 * The reply dialog of /feedback/index (spec §7 `feedback.replay`): the kit's action dialog over
 * the contract's reply payload (the reply box checked in the browser, "also close" as a switch),
 * with the feedback's text, its screenshots (thumbnails opening the viewer) and the enabled reply templates (`replay.list`, through the query
 * cache) as quick picks that fill the reply, those for the feedback's type first.
 */
export function ReplyDialog({ row, onHide, onReplied }: { row: Row | null; onHide: () => void; onReplied: () => void }) {
  const { t } = useTranslation();
  const payload = { pageNum: 1, pageSize: 100, status: 1 as const };
  const { data: templates = [] } = useQuery({
    ...readQuery('replay', 'list', payload, ({ signal }) => api.replay.list(payload, { signal, ignoreCancel: true })),
    enabled: !!row,
    select: (p) => [...p.list].sort((a, b) => Number(b.typeId === row?.typeId) - Number(a.typeId === row?.typeId)),
  });
  return (
    <ActionDialog
      visible={!!row}
      onHide={onHide}
      title={t('feedback.replyTitle')}
      action={api.feedback.replay}
      fixed={{ id: row?.id }}
      record={row ?? undefined}
      initial={{ replyContent: typeof row?.replyContent === 'string' ? row.replyContent : '', close: false }}
      fields={[
        { name: 'replyContent', id: 'reply-content', label: t('feedback.replyContent'), kind: 'text' },
        { name: 'close', id: 'reply-close', label: t('feedback.replyClose') },
      ]}
      submitLabel={t('feedback.reply')}
      width={620}
      testIds={{ root: 'reply-dialog', submit: 'reply-send' }}
      onDone={() => {
        notify({ mode: 'toast', message: t('feedback.replied') }, 'success');
        onReplied();
      }}
    >
      {({ setValue }) => (
        <>
          <div className="crud-form__field">
            <label>{t('feedback.original')}</label>
            <blockquote className="feedback-original">{String(row?.content ?? '')}</blockquote>
          </div>
          {Array.isArray(row?.images) && row.images.length > 0 && (
            <div className="crud-form__field" data-testid="reply-images">
              <label>{t('feedback.screenshots')}</label>
              <ImageThumbs srcs={row.images as string[]} max={9} />
            </div>
          )}
          <div className="crud-form__field">
            <label>{t('feedback.quickPicks')}</label>
            <div className="feedback-quick" data-testid="reply-quick">
              {templates.length ? templates.slice(0, 12).map((tp) => <Chip key={tp.id} label={tp.title} onClick={() => setValue('replyContent', tp.content)} className="feedback-quick__chip" data-testid="reply-quick-pick" />) : <small>{t('feedback.noQuickPicks')}</small>}
            </div>
          </div>
        </>
      )}
    </ActionDialog>
  );
}

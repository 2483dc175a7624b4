import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton, ResourceListPage } from '../../crud';
import feedback from '../../resources/feedback/feedback.resource';
import { ReplyDialog } from './reply-dialog';
import './feedback.css';

/** /feedback/index (spec §2, §7): the feedback list with filters, reply and delete. */
export default function FeedbackIndexPage() {
  const { t } = useTranslation();
  const [replying, setReplying] = useState<{ row: Record<string, unknown>; reload: () => void } | null>(null);
  return (
    <>
      <ResourceListPage
        resource={feedback}
        rowActions={(row, ctx) => ctx.can('update') && <LinkButton label={t('feedback.reply')} onClick={() => setReplying({ row, reload: ctx.reload })} testId="feedback-reply" />}
      />
      <ReplyDialog
        row={replying?.row ?? null}
        onHide={() => setReplying(null)}
        onReplied={() => {
          replying?.reload();
          setReplying(null);
        }}
      />
    </>
  );
}

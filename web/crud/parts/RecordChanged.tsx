import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Message } from 'primereact/message';
import { Button } from 'primereact/button';
import { useLiveEvents, type LiveEvent } from '../../services/live';

/**
 * The latest change by someone else to record `id` of `entity` (contract entity name) heard on the
 * session's live events since the record was shown, or null; `clear` forgets it (after a reload).
 * A new `id` starts afresh. `id` null: nothing is heard.
 */
export function useRecordChange(entity: string, id: number | null): { change: LiveEvent | null; clear: () => void } {
  const [seen, setSeen] = useState<{ id: number | null; change: LiveEvent | null }>({ id, change: null });
  const current = seen.id === id ? seen.change : null;
  if (seen.id !== id) setSeen({ id, change: null });
  useLiveEvents(id === null ? null : entity, (e) => {
    if (e.recordId === id) setSeen({ id, change: e });
  });
  return { change: current, clear: () => setSeen({ id, change: null }) };
}

/**
 * The notice of a record page (a detail page, a modify form) whose record someone else changed or
 * deleted while it is open: who and when (`crud.live.recordChanged|recordDeleted`, time in the
 * console's local `YYYY-MM-DD HH:mm:ss`) and a Reload button calling `onReload` (which reads
 * the record afresh); the notice goes away on reload. Renders nothing while nothing was heard.
 * A stale save still meets the form's own conflict dialog; this only says so earlier.
 */
export function RecordChangedNotice({ change, onReload, busy }: { change: LiveEvent | null; onReload: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  if (!change) return null;
  const who = change.by?.username ?? t('crud.live.someone');
  const time = dayjs(change.at).format('YYYY-MM-DD HH:mm:ss');
  const deleted = change.op === 'del';
  return (
    <Message
      severity={deleted ? 'error' : 'warn'}
      className="crud-live-notice"
      data-testid="record-changed"
      role="status"
      content={
        <div className="crud-live-notice__body">
          <span>{t(deleted ? 'crud.live.recordDeleted' : 'crud.live.recordChanged', { who, time })}</span>
          {!deleted && <Button type="button" label={t('crud.live.reload')} icon="pi pi-refresh" size="small" outlined loading={busy} onClick={onReload} data-testid="record-changed-reload" />}
        </div>
      }
    />
  );
}

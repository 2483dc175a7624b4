import { useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { api } from '../../api/client';
import { readQuery } from '../../api/query';
import { SafeHtml } from '../../crud/safe-html';
import { useLiveEvents } from '../../services/live';
import './message-bell.css';

/**
 * How often the bell asks for new messages while the console is open. A live event of a message
 * (web/services/live.ts) refetches it at once, but only accounts that may list system messages
 * receive those events (the stream carries what the roles may read), so every account keeps the poll.
 */
const POLL_MS = 60_000;

/** The latest 8 messages of the signed-in user and the unread count; errors stay silent (a bell is not worth a toast). */
const mineQuery = readQuery('systemMessage', 'mine', { limit: 8 }, ({ signal }) => api.systemMessage.mine({ limit: 8 }, { errorMode: 'none', ignoreCancel: true, signal }));

/**
 * The header bell: the signed-in user's unread count, a dropdown
 * of the latest published messages addressed to them, "mark read" per message and for all.
 * Reads `systemMessage.mine` (open to every signed-in account) as a query refetched when a live
 * event of a system message arrives (accounts that may list them) and on opening, and polled every minute; marking read is a mutation that invalidates it. Errors stay silent (a bell is
 * not worth a toast). A message's HTML renders through the kit's SafeHtml (no styles, overlays or
 * forms). Texts `parts.bell.*`.
 */
export function MessageBell() {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const [open, setOpen] = useState<number | null>(null);
  // A query keeps one request in flight however often it is asked: a burst of events asks once.
  const { data, refetch } = useQuery({ ...mineQuery, refetchInterval: POLL_MS });
  useLiveEvents('systemMessage', () => void refetch(), () => void refetch());
  const read = useMutation({
    mutationKey: ['systemMessage', 'read'],
    // The count and the list change: the typed client's write drops the reads of systemMessage, the bell's included.
    mutationFn: (ids?: number[]) => api.systemMessage.read(ids ? { ids } : {}, { errorMode: 'none' }),
  });
  const markRead = (ids?: number[]) => read.mutate(ids);
  const unread = data?.unread ?? 0;
  return (
    <>
      <Button
        text
        rounded
        severity="secondary"
        className="parts-bell"
        aria-label={t('parts.bell.label', { count: unread })}
        onClick={(e) => {
          void refetch();
          panel.current?.toggle(e);
        }}
        data-testid="message-bell"
      >
        {/* The badge sits beside the icon, not inside it: inside, it would take the icon font. */}
        <span className="p-overlay-badge" aria-hidden>
          <i className="pi pi-bell" />
          {unread > 0 && <Badge value={unread > 99 ? '99+' : unread} severity="danger" data-testid="message-unread" />}
        </span>
      </Button>
      <OverlayPanel ref={panel} className="parts-bell-panel" aria-label={t('parts.bell.title')}>
        <div className="parts-bell-head">
          <strong>{t('parts.bell.title')}</strong>
          <Button label={t('parts.bell.readAll')} text size="small" disabled={!unread} onClick={() => void markRead()} data-testid="message-read-all" />
        </div>
        {data?.list.length ? (
          <ul className="parts-bell-list">
            {data.list.map((m) => (
              <li key={m.id} className={m.read ? '' : 'is-unread'}>
                <button type="button" className="parts-bell-item" onClick={() => setOpen(open === m.id ? null : m.id)} aria-expanded={open === m.id} data-testid="message-item">
                  <span className={`parts-bell-level parts-bell-level--${m.level}`} aria-hidden />
                  <span className="parts-bell-title">{m.title}</span>
                  <span className="parts-bell-time">{m.publishTime.slice(0, 16)}</span>
                </button>
                {open === m.id && (
                  <div className="parts-bell-body">
                    {/* Through the kit's SafeHtml: a message goes to every recipient, so no
                        <style>, style= overlay or form of it may restyle or cover the console. */}
                    <SafeHtml html={m.content} testId="message-content" />
                    {!m.read && <Button label={t('parts.bell.markRead')} size="small" text onClick={() => void markRead([m.id])} data-testid="message-read" />}
                  </div>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <div className="parts-bell-empty">{t('parts.bell.none')}</div>
        )}
      </OverlayPanel>
    </>
  );
}

export default MessageBell;

import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useLocation } from 'wouter';
import { useSession } from '../../services/session';
import { ExceptionArt } from './illustrations';
import './exception.css';

/** Page error codes of spec §8: 10000 is a network failure, 10100 an empty page. */
export const EXCEPTION_CODES = [403, 404, 500, 10000, 10100] as const;

/** A known code, or 404 for anything else (a typo in `?status=` is still "not found"). */
export function exceptionCode(status: number | undefined): number {
  return (EXCEPTION_CODES as readonly number[]).includes(status ?? NaN) ? (status as number) : 404;
}

/**
 * The exception page (spec §2 /exception and the catch-all; §8 page error codes): an illustration,
 * the code (for HTTP-like codes), a title, the message and a way back: "back home" always, and
 * "retry" for a network failure (reloads) or a render error (`onRetry` renders the page again).
 */
export default function ExceptionPage({ status = 404, onRetry, renderError = false }: { status?: number; onRetry?: () => void; renderError?: boolean }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { homePath } = useSession();
  const code = exceptionCode(status);
  const title = t(`exception.titles.${code}`);
  const retry = onRetry ?? (code === 10000 ? () => window.location.reload() : undefined);
  return (
    <div className={`exc-page exc-page--${code}`} data-testid="exception" data-status={code} role={renderError ? 'alert' : undefined}>
      <ExceptionArt status={code} label={title} />
      {code < 10000 && <div className="exc-code">{code}</div>}
      <h2 className="exc-title">{title}</h2>
      <p className="exc-message">{renderError ? t('exception.renderError') : t(`exception.${code}`)}</p>
      <div className="exc-actions">
        {retry && <Button label={t('exception.retry')} icon="pi pi-refresh" outlined onClick={retry} data-testid="exception-retry" />}
        <Button label={t('exception.backHome')} icon="pi pi-home" onClick={() => navigate(homePath)} data-testid="exception-home" />
      </div>
    </div>
  );
}

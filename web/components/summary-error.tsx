import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

/**
 * The error state of a dashboard screen (spec §1) when the summary could not be loaded: what
 * failed, a hint, and a retry button. The HTTP client has already shown the reason as a toast
 * (spec §8), so this only says what is missing and how to get it back.
 */
export function SummaryError({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="summary-error"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: '0.75rem',
        padding: '3rem 1.5rem',
        textAlign: 'center',
        background: 'var(--surface-card)',
        border: '1px solid var(--surface-border)',
        borderRadius: 'var(--border-radius)',
        color: 'var(--text-color)',
      }}
    >
      <i className="pi pi-exclamation-circle" aria-hidden="true" style={{ fontSize: '2.5rem', color: 'var(--red-500)' }} />
      <div style={{ fontSize: '1.125rem', fontWeight: 600 }}>{title}</div>
      <div style={{ color: 'var(--text-color-secondary)' }}>{t('dashboard.loadFailedHint')}</div>
      <Button label={t('common.retry')} icon="pi pi-refresh" onClick={onRetry} data-testid="summary-retry" />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { Badge } from 'primereact/badge';
import { useProjectConfig } from '../../services/project-config';
import { ERROR_LOG_PATH } from '../../services/guard';
import { badgeText, errorLog, useErrorLogCount } from '../../services/error-log/error-log';
import './error-log.css';

/**
 * Header error-log button with the count of new entries (behaviour notes "Error log": 99+; opening
 * the list resets it). Shown only while error handling is on (spec §8, off by default).
 */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const enabled = useProjectConfig((c) => c.useErrorHandle);
  const count = useErrorLogCount();
  if (!enabled) return null;
  const text = badgeText(count);
  const label = text ? t('errorLog.badgeCount', { count }) : t('errorLog.badge');
  return (
    <span className="error-log-button">
      <Button
        icon="pi pi-exclamation-circle"
        text
        rounded
        severity="secondary"
        aria-label={label}
        tooltip={t('errorLog.badge')}
        tooltipOptions={{ position: 'bottom' }}
        onClick={() => {
          errorLog.resetCount();
          navigate(ERROR_LOG_PATH);
        }}
        data-testid="error-log-button"
      />
      {text && <Badge value={text} severity="danger" className="error-log-button__badge" data-testid="error-log-badge" />}
    </span>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useProjectConfig } from '../../services/project-config';
import './frame.css';

/**
 * An embedded frame page (spec §2 "A route with a frame source and no component becomes an
 * embedded frame"): the route's `frameSrc` fills the content area, with a spinner until it has
 * loaded. With `canEmbedIFramePage` off (spec §3) nothing is embedded: a notice offers to open the
 * address in a new window instead. The server's CSP decides which origins may be framed
 * (frame-src 'self' today).
 */
export default function FramePage({ src }: { src: string }) {
  const { t } = useTranslation();
  const canEmbed = useProjectConfig((c) => c.canEmbedIFramePage);
  const [loaded, setLoaded] = useState(false);
  if (!canEmbed || !src) {
    return (
      <div className="shell-frame-off" data-testid="frame-disabled">
        <i className="pi pi-window-maximize" aria-hidden />
        <p>{t(src ? 'shell.frame.disabled' : 'shell.frame.noSource')}</p>
        {src && <Button label={t('shell.frame.openNew')} icon="pi pi-external-link" onClick={() => window.open(src, '_blank', 'noopener')} />}
      </div>
    );
  }
  return (
    <div className="shell-frame" data-testid="frame-page">
      {!loaded && (
        <div className="shell-frame-loading" role="status" aria-label={t('shell.frame.loading')}>
          <ProgressSpinner style={{ width: 48, height: 48 }} strokeWidth="4" />
        </div>
      )}
      <iframe src={src} title={src} onLoad={() => setLoaded(true)} referrerPolicy="same-origin" data-testid="frame-iframe" />
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useProjectConfig } from '../../services/project-config';

/**
 * Full-screen toggle in the header (spec §3 headerSetting.showFullScreen) with the Fullscreen API.
 * Hidden where the browser does not allow it (e.g. inside a frame without permission); follows
 * Esc and F11-style exits through `fullscreenchange`.
 */
export function FullScreenButton() {
  const { t } = useTranslation();
  const show = useProjectConfig((c) => c.headerSetting.showFullScreen);
  const [full, setFull] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (!show || !document.fullscreenEnabled) return null;
  const toggle = () => {
    const p = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // A refused request (no user gesture, policy) leaves things as they are.
    p.catch(() => setFull(!!document.fullscreenElement));
  };
  const label = t(full ? 'lock.tools.exitFullScreen' : 'lock.tools.fullScreen');
  return (
    <Button
      icon={full ? 'pi pi-window-minimize' : 'pi pi-window-maximize'}
      text
      rounded
      severity="secondary"
      aria-label={label}
      aria-pressed={full}
      tooltip={label}
      tooltipOptions={{ position: 'bottom' }}
      onClick={toggle}
      data-testid="full-screen"
    />
  );
}

import { Suspense, useEffect, useState } from 'react';
import { lazyWithRetry } from '../../services/chunk';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { mockApi } from '../../api/mock';
import { serverMode } from '../../api/server-mode';
import { useSession } from '../../services/session';
import { mockPanelVisible, probeMockModeOnce, useMockProbe } from './mock-visibility';

// The panel (forms, tables, the contract's endpoint list) loads with its first opening.
const MockPanel = lazyWithRetry(() => import('./MockPanel'));

/**
 * The header's "Mock" button. Once signed in it probes the mode once per page load (not at all when
 * /healthz says proxy); it renders nothing in proxy mode. The panel stays mounted after its first opening, so closing animates and
 * the form keeps what was typed.
 */
export function MockPanelButton() {
  const { t } = useTranslation();
  const { ready } = useSession();
  const probe = useMockProbe();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    // A proxy-mode server says so on /healthz: the platform has no QA controls, so it is not asked
    // (its 404 would be a failed request in the browser's console); other modes are probed.
    if (ready) probeMockModeOnce(async () => (await serverMode()).mode !== 'proxy' && (await mockApi.probe()) !== null);
  }, [ready]);
  if (!mockPanelVisible({ probe, signedIn: ready })) return null;
  return (
    <>
      <Button
        icon="pi pi-sliders-v"
        text
        rounded
        severity="secondary"
        aria-label={t('mock.button')}
        tooltip={t('mock.button')}
        tooltipOptions={{ position: 'bottom' }}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        data-testid="mock-button"
      />
      {wanted && (
        <Suspense fallback={null}>
          <MockPanel visible={open} onHide={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sidebar } from 'primereact/sidebar';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ActiveFaults } from './ActiveFaults';
import { DataReset } from './DataReset';
import { DemoTraffic } from './DemoTraffic';
import { FaultRules } from './FaultRules';
import { StoreInfo } from './StoreInfo';
import './mock-panel.css';

/**
 * The Mock panel: store info, the data reset, the live demo traffic, one-click presets for every row of the spec §8
 * error catalogue, a custom fault form, and the active faults with their hit counts. Failed calls
 * are already shown by the HTTP client as toasts; the panel only keeps its own state consistent.
 */
export default function MockPanel({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const [resetSeed, setResetSeed] = useState<number | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const resetDone = (seed: number) => {
    setResetSeed(seed);
    // The notice to reload sits at the top of the panel: bring it into view.
    body.current?.closest('.p-sidebar-content')?.scrollTo({ top: 0 });
  };

  return (
    <Sidebar
      visible={visible}
      onHide={onHide}
      position="right"
      className="mock-panel"
      header={<h2 className="mock-title">{t('mock.title')}</h2>}
      data-testid="mock-panel"
    >
      <div className="mock-body" ref={body} data-testid="mock-panel-body">
        <p className="mock-desc">{t('mock.desc')}</p>
        {resetSeed !== null && (
          <Message
            severity="warn"
            className="mock-reset-done"
            data-testid="mock-reset-done"
            content={
              <div className="mock-reset-done-body">
                <span>{t('mock.reset.done', { seed: resetSeed })}</span>
                <Button label={t('mock.reset.reload')} icon="pi pi-refresh" size="small" onClick={() => window.location.reload()} data-testid="mock-reload" />
              </div>
            }
          />
        )}
        <StoreInfo open={visible} />
        <DataReset open={visible} onDone={resetDone} />
        <DemoTraffic open={visible} />
        <FaultRules />
        <ActiveFaults open={visible} />
      </div>
    </Sidebar>
  );
}

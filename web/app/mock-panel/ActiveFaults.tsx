import { Button } from 'primereact/button';
import { Section, useMockText } from './parts';
import { useClearFaults, useMockBusy, useMockFaults } from './queries';

/** The active faults with their hit counts; each removable, or all at once. */
export function ActiveFaults({ open }: { open: boolean }) {
  const { t, describe } = useMockText();
  const busy = useMockBusy();
  const { data: faults = [], refetch } = useMockFaults(open);
  const refreshFaults = () => refetch();
  const clearFaults = useClearFaults();
  const clear = (ids?: number[]) => clearFaults(ids);
  return (
    <Section
      title={t('mock.faults.title')}
      testId="mock-faults"
      actions={
        <span className="mock-actions">
          <Button icon="pi pi-refresh" text rounded size="small" aria-label={t('mock.faults.refresh')} onClick={() => void refreshFaults()} data-testid="mock-faults-refresh" />
          <Button label={t('mock.faults.clearAll')} text size="small" severity="danger" disabled={busy || !faults.length} onClick={() => void clear()} data-testid="mock-faults-clear" />
        </span>
      }
    >
      {faults.length === 0 ? (
        <p className="mock-empty" data-testid="mock-faults-empty">
          {t('mock.faults.empty')}
        </p>
      ) : (
        <table className="mock-fault-table">
          <thead>
            <tr>
              <th>{t('mock.faults.path')}</th>
              <th>{t('mock.faults.effect')}</th>
              <th className="mock-num">{t('mock.faults.hits')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {faults.map((f) => (
              <tr key={f.id} data-testid="mock-fault-row">
                <td>
                  <code>{f.path}</code>
                  {f.method !== 'ANY' && <span className="mock-method-tag">{f.method}</span>}
                </td>
                <td>{describe(f)}</td>
                <td className="mock-num">{f.times ? `${f.hits} / ${f.times}` : `${f.hits} · ${t('mock.faults.untilCleared')}`}</td>
                <td>
                  <Button icon="pi pi-times" text rounded size="small" severity="danger" aria-label={t('mock.faults.remove')} disabled={busy} onClick={() => void clear([f.id])} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

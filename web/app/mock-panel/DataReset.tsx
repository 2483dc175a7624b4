import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { confirmDialog } from 'primereact/confirmdialog';
import { seedOf, type FieldError } from './mock-rules';
import { Field, Section, useMockText } from './parts';
import { useMockBusy, useMockInfo, useResetData } from './queries';

/** The data reset: an optional seed, a confirmation, then `onDone(seed)` with the new data's seed. */
export function DataReset({ open, onDone }: { open: boolean; onDone: (seed: number) => void }) {
  const { t, tr } = useMockText();
  const { data: info } = useMockInfo(open);
  const busy = useMockBusy();
  const resetData = useResetData();
  const [seed, setSeed] = useState<number | null>(null);
  const [seedError, setSeedError] = useState<FieldError | null>(null);

  function askReset() {
    const s = seedOf(seed);
    if (!s.ok) {
      setSeedError(s.error);
      return;
    }
    const target = s.value ?? info?.seed ?? '';
    confirmDialog({
      header: t('mock.reset.confirmHeader'),
      message: t('mock.reset.confirm', { seed: target }),
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      accept: async () => {
        const next = await resetData(s.value);
        if (next) onDone(next.seed);
      },
    });
  }

  return (
    <Section title={t('mock.reset.title')} testId="mock-reset">
      <div className="mock-row">
        <Field label={t('mock.reset.seed')} name="seed" error={tr(seedError ?? undefined)}>
          {(id) => (
            <InputNumber
              inputId={id}
              value={seed}
              onValueChange={(e) => {
                setSeed(e.value ?? null);
                setSeedError(null);
              }}
              useGrouping={false}
              placeholder={t('mock.reset.seedPlaceholder')}
              invalid={!!seedError}
              data-testid="mock-seed"
            />
          )}
        </Field>
        <Button label={t('mock.reset.submit')} icon="pi pi-replay" size="small" severity="danger" disabled={busy} onClick={askReset} className="mock-reset-button" data-testid="mock-reset-submit" />
      </div>
    </Section>
  );
}

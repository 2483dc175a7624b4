import { useId, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import type { TrafficKind } from '../../../server/contract/mock-qa';
import { TRAFFIC_KINDS, trafficFormToUpdate, type TrafficFormErrors } from './mock-rules';
import { Field, Section, useMockText } from './parts';
import { useMockBusy, useTrafficInfo, useUpdateTraffic } from './queries';

/**
 * The demo traffic: a switch that makes the platform's day happen
 * on its own (new orders and payments, feedback, refund and rent applications, stock running low),
 * its rate per minute and the kinds of event, and what it has made so far. The switch applies at
 * once with the rate and kinds on screen; a changed rate or kinds is applied with "Apply". The
 * operators' screens show the events as live updates.
 */
export function DemoTraffic({ open }: { open: boolean }) {
  const { t, tr } = useMockText();
  const uid = useId();
  const { data: info } = useTrafficInfo(open);
  const busy = useMockBusy();
  const updateTraffic = useUpdateTraffic();
  // Edits on screen; null = the server's value.
  const [rate, setRate] = useState<number | null | undefined>(undefined);
  const [kinds, setKinds] = useState<TrafficKind[] | null>(null);
  const [errors, setErrors] = useState<TrafficFormErrors>({});
  const perMinute = rate === undefined ? (info?.perMinute ?? null) : rate;
  const chosen: readonly TrafficKind[] = kinds ?? info?.kinds ?? TRAFFIC_KINDS;
  const dirty = !!info && (perMinute !== info.perMinute || chosen.length !== info.kinds.length || chosen.some((k) => !info.kinds.includes(k)));

  async function apply(enabled: boolean) {
    const r = trafficFormToUpdate({ enabled, perMinute, kinds: chosen });
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    setErrors({});
    if (await updateTraffic(r.value)) {
      setRate(undefined);
      setKinds(null);
    }
  }

  const toggle = (k: TrafficKind, on: boolean) => {
    setKinds(TRAFFIC_KINDS.filter((x) => (x === k ? on : chosen.includes(x))));
    setErrors((e) => ({ ...e, kinds: undefined }));
  };
  const made = info ? TRAFFIC_KINDS.filter((k) => (info.made[k] ?? 0) > 0).map((k) => `${t(`mock.traffic.kinds.${k}`)} ${info.made[k]}`) : [];

  return (
    <Section
      title={t('mock.traffic.title')}
      testId="mock-traffic"
      actions={
        <span className="mock-actions">
          <span className="mock-field-hint" aria-hidden>
            {info?.enabled ? t('mock.traffic.on') : t('mock.traffic.off')}
          </span>
          <InputSwitch
            inputId={`${uid}-switch`}
            checked={!!info?.enabled}
            disabled={!info || busy}
            onChange={(e) => void apply(!!e.value)}
            aria-label={t('mock.traffic.switch')}
            data-testid="mock-traffic-switch"
          />
        </span>
      }
    >
      <p className="mock-field-hint mock-traffic-desc">{t('mock.traffic.desc')}</p>
      <Field label={t('mock.traffic.perMinute')} name="perMinute" hint={t('mock.traffic.perMinuteHint')} error={tr(errors.perMinute)}>
        {(id) => (
          <InputNumber
            inputId={id}
            value={perMinute}
            onValueChange={(e) => {
              setRate(e.value ?? null);
              setErrors((x) => ({ ...x, perMinute: undefined }));
            }}
            useGrouping={false}
            suffix={t('mock.traffic.perMinuteSuffix')}
            invalid={!!errors.perMinute}
            data-testid="mock-traffic-rate"
          />
        )}
      </Field>
      <div className="mock-field" data-testid="mock-field-kinds">
        <span id={`${uid}-kinds`} className="mock-field-label">
          {t('mock.traffic.kindsLabel')}
        </span>
        <div className="mock-traffic-kinds" role="group" aria-labelledby={`${uid}-kinds`}>
          {TRAFFIC_KINDS.map((k) => (
            <span key={k} className="mock-traffic-kind">
              <Checkbox inputId={`${uid}-${k}`} checked={chosen.includes(k)} onChange={(e) => toggle(k, !!e.checked)} data-testid={`mock-traffic-kind-${k}`} />
              <label htmlFor={`${uid}-${k}`}>{t(`mock.traffic.kinds.${k}`)}</label>
            </span>
          ))}
        </div>
        {errors.kinds && (
          <small className="p-error mock-field-error" data-testid="mock-error-kinds">
            {tr(errors.kinds)}
          </small>
        )}
      </div>
      <div className="mock-row mock-row--tight">
        <Button label={t('mock.traffic.apply')} icon="pi pi-check" size="small" disabled={!info || busy || !dirty} onClick={() => void apply(info!.enabled)} data-testid="mock-traffic-apply" />
      </div>
      {info && (
        <p className="mock-empty" role="status" data-testid="mock-traffic-status">
          {info.enabled ? t('mock.traffic.running', { rate: info.perMinute, ticks: info.ticks }) : t('mock.traffic.stopped', { ticks: info.ticks })}
          {made.length > 0 && ` · ${made.join(' · ')}`}
        </p>
      )}
    </Section>
  );
}

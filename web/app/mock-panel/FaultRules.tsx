import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { AutoComplete } from 'primereact/autocomplete';
import { SelectButton } from 'primereact/selectbutton';
import { ENDPOINTS } from '../../../server/contract/index';
import { order } from '../../../server/contract/order';
import type { FaultRule } from '../../api/mock';
import {
  DEFAULT_FAULT_FORM,
  FAULT_HTTP_STATUSES,
  FAULT_KINDS,
  FAULT_METHODS,
  FAULT_PRESETS,
  faultFormToRule,
  faultPathOptions,
  presetToRule,
  SESSION_PATHS,
  suggestPaths,
  type FaultForm,
  type FaultFormErrors,
  type FormResult,
} from './mock-rules';
import { AddedNote, Field, Section, useMockText } from './parts';
import { useAddFault, useMockBusy } from './queries';

const PATH_OPTIONS = faultPathOptions([...SESSION_PATHS, ...ENDPOINTS.map((e) => e.path)]);

/**
 * The fault rules' three sections, sharing one target: where and how often (path, method, times),
 * one-click presets for every row of the spec §8 error catalogue, and the custom fault form.
 */
export function FaultRules() {
  const { t, tr, describe } = useMockText();
  const busy = useMockBusy();
  const addFault = useAddFault();
  const [form, setForm] = useState<FaultForm>(DEFAULT_FAULT_FORM);
  const [errors, setErrors] = useState<FaultFormErrors>({});
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [added, setAdded] = useState<{ from: 'preset' | 'form'; text: string } | null>(null);

  const patch = (p: Partial<FaultForm>) => {
    setForm((f) => ({ ...f, ...p }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(p)) delete next[k as keyof FaultForm];
      return next;
    });
  };

  async function add(result: FormResult<FaultRule>, from: 'preset' | 'form') {
    setAdded(null);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    const fault = await addFault(result.value);
    if (fault) setAdded({ from, text: t('mock.presets.added', { what: `${fault.path} · ${describe(fault)}` }) });
  }

  return (
    <>
      <Section title={t('mock.target.title')} testId="mock-target">
        <Field label={t('mock.target.path')} name="path" hint={t('mock.target.pathHint', { example: order.ops.list!.replace(/[^/]+$/, '*') })} error={tr(errors.path)}>
          {(id, errorId) => (
            <AutoComplete
              inputId={id}
              value={form.path}
              suggestions={suggestions}
              completeMethod={(e) => setSuggestions(suggestPaths(e.query, PATH_OPTIONS))}
              onChange={(e) => patch({ path: String(e.value ?? '') })}
              dropdown
              className="mock-path"
              inputClassName="mock-path-input"
              invalid={!!errors.path}
              aria-describedby={errors.path ? errorId : undefined}
              data-testid="mock-path"
            />
          )}
        </Field>
        <div className="mock-row">
          <Field label={t('mock.target.method')} name="method">
            {(id) => (
              <Dropdown
                inputId={id}
                value={form.method}
                options={FAULT_METHODS.map((m) => ({ value: m, label: t(`mock.target.methods.${m}`) }))}
                onChange={(e) => patch({ method: e.value as FaultForm['method'] })}
                className="mock-method"
              />
            )}
          </Field>
          <Field label={t('mock.target.times')} name="times" hint={t('mock.target.timesHint')} error={tr(errors.times)}>
            {(id) => (
              <InputNumber
                inputId={id}
                value={form.times}
                onValueChange={(e) => patch({ times: e.value ?? null })}
                useGrouping={false}
                min={0}
                invalid={!!errors.times}
                className="mock-times"
                data-testid="mock-times"
              />
            )}
          </Field>
        </div>
      </Section>

      <Section title={t('mock.presets.title')} testId="mock-presets">
        <small className="mock-field-hint mock-presets-hint">{t('mock.presets.hint')}</small>
        <div className="mock-presets">
          {FAULT_PRESETS.map((p) => (
            <Button
              key={p.id}
              label={tr(p.label)}
              size="small"
              outlined
              severity={p.effect.envelopeCode === 401 || p.effect.drop ? 'danger' : p.effect.latencyMs ? 'info' : 'secondary'}
              tooltip={tr(p.shows)}
              tooltipOptions={{ position: 'left', showDelay: 300 }}
              disabled={busy}
              onClick={() => void add(presetToRule(p, form, (k) => t(`mock.${k}`)), 'preset')}
              data-testid={`mock-preset-${p.id}`}
            />
          ))}
        </div>
        {added?.from === 'preset' && <AddedNote text={added.text} />}
      </Section>

      <Section title={t('mock.form.title')} testId="mock-form">
        <Field label={t('mock.form.kind')} name="kind">
          {() => (
            <SelectButton
              value={form.kind}
              options={FAULT_KINDS.map((k) => ({ value: k, label: t(`mock.form.kinds.${k}`) }))}
              onChange={(e) => e.value && patch({ kind: e.value as FaultForm['kind'] })}
              allowEmpty={false}
              className="mock-kinds"
              data-testid="mock-kind"
            />
          )}
        </Field>
        {form.kind === 'latency' && (
          <Field label={t('mock.form.latencyMs')} name="latencyMs" hint={t('mock.form.latencyHint')} error={tr(errors.latencyMs)}>
            {(id) => <InputNumber inputId={id} value={form.latencyMs} onValueChange={(e) => patch({ latencyMs: e.value ?? null })} useGrouping={false} min={0} invalid={!!errors.latencyMs} />}
          </Field>
        )}
        {form.kind === 'http' && (
          <Field label={t('mock.form.httpStatus')} name="httpStatus" error={tr(errors.httpStatus)}>
            {(id) => (
              <Dropdown
                inputId={id}
                value={form.httpStatus}
                options={FAULT_HTTP_STATUSES.map((s) => ({ value: s, label: `${s} · ${t(`errors.http.${s}`)}` }))}
                onChange={(e) => patch({ httpStatus: e.value as FaultForm['httpStatus'] })}
                invalid={!!errors.httpStatus}
                className="mock-status"
                data-testid="mock-http-status"
              />
            )}
          </Field>
        )}
        {form.kind === 'envelope' && (
          <Field label={t('mock.form.envelopeCode')} name="envelopeCode" hint={t('mock.form.envelopeHint')} error={tr(errors.envelopeCode)}>
            {(id) => (
              <div className="mock-row mock-row--tight">
                <SelectButton
                  value={form.envelopeCode === 401 ? '401' : 'other'}
                  options={[
                    { value: '401', label: t('mock.form.envelope401') },
                    { value: 'other', label: t('mock.form.envelopeOther') },
                  ]}
                  allowEmpty={false}
                  onChange={(e) => e.value && patch({ envelopeCode: e.value === '401' ? 401 : 500 })}
                />
                {form.envelopeCode !== 401 && (
                  <InputNumber inputId={id} value={form.envelopeCode} onValueChange={(e) => patch({ envelopeCode: e.value ?? null })} useGrouping={false} invalid={!!errors.envelopeCode} className="mock-code" />
                )}
              </div>
            )}
          </Field>
        )}
        {(form.kind === 'http' || (form.kind === 'envelope' && form.envelopeCode !== 401)) && (
          <Field label={t('mock.form.message')} name="message" error={tr(errors.message)}>
            {(id) => <InputText id={id} value={form.message} placeholder={t('mock.form.messagePlaceholder')} onChange={(e) => patch({ message: e.target.value })} invalid={!!errors.message} />}
          </Field>
        )}
        <Button label={t('mock.form.submit')} icon="pi pi-plus" size="small" disabled={busy} onClick={() => void add(faultFormToRule(form), 'form')} data-testid="mock-add" />
        {added?.from === 'form' && <AddedNote text={added.text} />}
      </Section>
    </>
  );
}

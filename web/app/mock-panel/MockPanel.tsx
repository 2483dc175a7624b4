import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Sidebar } from 'primereact/sidebar';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { AutoComplete } from 'primereact/autocomplete';
import { SelectButton } from 'primereact/selectbutton';
import { Message } from 'primereact/message';
import { confirmDialog } from 'primereact/confirmdialog';
import { ENDPOINTS, ENTITY } from '../../../server/contract/index';
import { mockApi, type Fault, type FaultRule, type MockInfo } from '../../api/mock';
import { isCanceled } from '../../api/http';
import {
  countRows,
  DEFAULT_FAULT_FORM,
  FAULT_HTTP_STATUSES,
  FAULT_KINDS,
  FAULT_METHODS,
  FAULT_PRESETS,
  faultEffect,
  faultFormToRule,
  faultPathOptions,
  presetToRule,
  seedOf,
  SESSION_PATHS,
  suggestPaths,
  type FaultForm,
  type FaultFormErrors,
  type FieldError,
  type FormResult,
} from './mock-rules';
import './mock-panel.css';

const PATH_OPTIONS = faultPathOptions([...SESSION_PATHS, ...ENDPOINTS.map((e) => e.path)]);

/** Section with a title and optional actions on the right. */
function Section({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <section className="mock-section" data-testid={testId}>
      <div className="mock-section-head">
        <h3 className="mock-section-title">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A labelled field with its hint and its validation message (test id `mock-field-<name>`). */
function Field({ label, name, hint, error, children }: { label: string; name: string; hint?: string; error?: string; children: (id: string, errorId: string) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="mock-field" data-testid={`mock-field-${name}`}>
      <label htmlFor={id} className="mock-field-label">
        {label}
      </label>
      {children(id, errorId)}
      {error ? (
        <small id={errorId} className="p-error mock-field-error" data-testid={`mock-error-${name}`}>
          {error}
        </small>
      ) : (
        hint && <small className="mock-field-hint">{hint}</small>
      )}
    </div>
  );
}

function AddedNote({ text }: { text: string }) {
  return (
    <p className="mock-added" role="status" data-testid="mock-added">
      <i className="pi pi-check-circle" aria-hidden /> {text}
    </p>
  );
}

/**
 * The Mock panel: store info, one-click presets for every row of the spec
 * §8 error catalogue, a custom fault form, the active faults with their hit counts, and the data
 * reset. Failed calls are already shown by the HTTP client as toasts; the panel only keeps its own
 * state consistent.
 */
export default function MockPanel({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh_CN';
  const tr = useCallback((e: FieldError | undefined) => (e ? t(`mock.${e.key}`, e.params ?? {}) : undefined), [t]);

  const [info, setInfo] = useState<MockInfo | null>(null);
  const [faults, setFaults] = useState<Fault[]>([]);
  const [form, setForm] = useState<FaultForm>(DEFAULT_FAULT_FORM);
  const [errors, setErrors] = useState<FaultFormErrors>({});
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [seed, setSeed] = useState<number | null>(null);
  const [seedError, setSeedError] = useState<FieldError | null>(null);
  const [resetSeed, setResetSeed] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  // Said inside the panel, not as a toast: toasts sit top right, over the panel's close button.
  const [added, setAdded] = useState<{ from: 'preset' | 'form'; text: string } | null>(null);

  const patch = (p: Partial<FaultForm>) => {
    setForm((f) => ({ ...f, ...p }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(p)) delete next[k as keyof FaultForm];
      return next;
    });
  };

  const ignore = (e: unknown) => {
    // The client has shown the failure already (spec §8); a cancelled duplicate needs nothing.
    if (!isCanceled(e)) console.warn('[mock panel]', e);
  };

  const refreshInfo = useCallback(() => mockApi.info().then(setInfo, ignore), []);
  const refreshFaults = useCallback(() => mockApi.listFaults().then(setFaults, ignore), []);

  useEffect(() => {
    if (!visible) return;
    void refreshInfo();
    void refreshFaults();
  }, [visible, refreshInfo, refreshFaults]);

  async function add(result: FormResult<FaultRule>, from: 'preset' | 'form') {
    setAdded(null);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setBusy(true);
    try {
      const fault = await mockApi.addFault(result.value);
      setAdded({ from, text: t('mock.presets.added', { what: `${fault.path} · ${describe(fault)}` }) });
      await refreshFaults();
    } catch (e) {
      ignore(e);
    } finally {
      setBusy(false);
    }
  }

  async function clear(ids?: number[]) {
    setBusy(true);
    try {
      await mockApi.clearFaults(ids);
      setAdded(null);
      await refreshFaults();
    } catch (e) {
      ignore(e);
    } finally {
      setBusy(false);
    }
  }

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
        setBusy(true);
        try {
          const next = await mockApi.reset(s.value);
          setInfo(next);
          setResetSeed(next.seed);
          setFaults([]);
          setAdded(null);
          // The notice to reload sits at the top of the panel: bring it into view.
          body.current?.closest('.p-sidebar-content')?.scrollTo({ top: 0 });
        } catch (e) {
          ignore(e);
        } finally {
          setBusy(false);
        }
      },
    });
  }

  const describe = (f: Pick<Fault, 'latencyMs' | 'httpStatus' | 'envelopeCode' | 'drop'>) =>
    faultEffect(f)
      .map((p) => tr(p))
      .join(' · ');

  const rows = useMemo(() => (info ? countRows(info.counts) : []), [info]);
  const total = rows.reduce((n, r) => n + r.count, 0);
  const entityLabel = (name: string) => (ENTITY as unknown as Record<string, { title?: Record<string, string> } | undefined>)[name]?.title?.[lang] ?? name;
  const num = (n: number) => n.toLocaleString(lang === 'en' ? 'en' : 'zh-CN');

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

        <Section
          title={t('mock.info.title')}
          testId="mock-info"
          actions={<Button icon="pi pi-refresh" text rounded size="small" aria-label={t('mock.info.refresh')} onClick={() => void refreshInfo()} data-testid="mock-info-refresh" />}
        >
          {info && (
            <>
              <dl className="mock-facts">
                <div>
                  <dt>{t('mock.info.seed')}</dt>
                  <dd data-testid="mock-info-seed">{info.seed}</dd>
                </div>
                <div>
                  <dt>{t('mock.info.scale')}</dt>
                  <dd data-testid="mock-info-scale">{info.scale}</dd>
                </div>
                <div>
                  <dt>{t('mock.info.buildMs')}</dt>
                  <dd>{t('mock.info.buildMsValue', { ms: Math.round(info.buildMs) })}</dd>
                </div>
                <div>
                  <dt>{t('mock.info.total')}</dt>
                  <dd>{num(total)}</dd>
                </div>
              </dl>
              <div className="mock-counts" data-testid="mock-counts">
                <table>
                  <thead>
                    <tr>
                      <th>{t('mock.info.entity')}</th>
                      <th className="mock-num">{t('mock.info.count')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.name}>
                        <td title={r.name}>{entityLabel(r.name)}</td>
                        <td className="mock-num">{num(r.count)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </Section>

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

        <Section title={t('mock.target.title')} testId="mock-target">
          <Field label={t('mock.target.path')} name="path" hint={t('mock.target.pathHint')} error={tr(errors.path)}>
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

      </div>
    </Sidebar>
  );
}

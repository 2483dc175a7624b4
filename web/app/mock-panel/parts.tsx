import { useCallback, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Fault } from '../../api/mock';
import { faultEffect, type FieldError } from './mock-rules';

/** A section of the Mock panel: a title, optional actions on the right, its content. */
export function Section({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId: string }) {
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
export function Field({ label, name, hint, error, children }: { label: string; name: string; hint?: string; error?: string; children: (id: string, errorId: string) => ReactNode }) {
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

/** The panel's own "added" line (said inside the panel: toasts sit over its close button). */
export function AddedNote({ text }: { text: string }) {
  return (
    <p className="mock-added" role="status" data-testid="mock-added">
      <i className="pi pi-check-circle" aria-hidden /> {text}
    </p>
  );
}

/**
 * The panel's words: `tr` renders a rule's field error (`mock.<key>`), `describe` a fault's effect
 * (latency, HTTP status, envelope code, dropped) as one line.
 */
export function useMockText() {
  const { t } = useTranslation();
  const tr = useCallback((e: FieldError | undefined) => (e ? t(`mock.${e.key}`, e.params ?? {}) : undefined), [t]);
  const describe = useCallback(
    (f: Pick<Fault, 'latencyMs' | 'httpStatus' | 'envelopeCode' | 'drop'>) =>
      faultEffect(f)
        .map((p) => tr(p))
        .join(' · '),
    [tr],
  );
  return { t, tr, describe };
}

import type { ReactNode } from 'react';
import './parts.css';

/**
 * A record's detail screen ("detail view with an action bar"): a header with the title,
 * a status tag and the actions, then sections of label/value pairs or free content.
 */
export function DetailView({ title, tag, actions, children, testId }: { title: ReactNode; tag?: ReactNode; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="part-detail" data-testid={testId}>
      <header className="crud-card part-detail__head">
        <div className="part-detail__title">
          <h3>{title}</h3>
          {tag}
        </div>
        {actions && <div className="part-detail__actions" data-testid="detail-actions">{actions}</div>}
      </header>
      {children}
    </div>
  );
}

/** A titled card of a detail screen. */
export function DetailSection({ title, extra, children, testId }: { title: ReactNode; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="crud-card part-detail__section" data-testid={testId}>
      <div className="part-detail__section-head">
        <h4>{title}</h4>
        {extra}
      </div>
      {children}
    </section>
  );
}

/** Label/value pairs in a responsive grid. */
export function DescList({ items, testId }: { items: { label: ReactNode; value: ReactNode; wide?: boolean }[]; testId?: string }) {
  return (
    <dl className="part-desc" data-testid={testId}>
      {items.map((it, i) => (
        <div key={i} className={it.wide ? 'part-desc__item part-desc__item--wide' : 'part-desc__item'}>
          <dt>{it.label}</dt>
          <dd>{it.value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

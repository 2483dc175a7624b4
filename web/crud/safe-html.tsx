import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Sanitized HTML of a rich-text field (issue: stored HTML is sanitized wherever it is rendered):
 * DOMPurify's defaults (no scripts, no event handlers, no `javascript:` URLs) without styles, forms
 * or form controls (a message must not restyle or cover the console), links opened with
 * `rel="noopener"`. Never put stored HTML on the page any other way.
 */
export function sanitizeHtml(html: unknown): string {
  if (typeof html !== 'string' || !html) return '';
  const clean = DOMPurify.isSupported ? DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe'], FORBID_ATTR: ['style'] }) : '';
  // Fail closed: where the sanitizer cannot work (no DOM, or a DOM it does not understand), show
  // the text escaped rather than markup that may still carry a script or handler.
  if (!DOMPurify.isSupported || /<script|<iframe|<[^>]+\son\w+\s*=|javascript:/i.test(clean)) return escapeHtml(html.replace(/<[^>]*>/g, ' '));
  return clean;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain text of stored HTML (table cells, exports): sanitized, tags dropped, spaces collapsed. */
export function htmlText(html: unknown): string {
  const clean = sanitizeHtml(html);
  if (!clean) return '';
  if (typeof document === 'undefined') return clean.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  const div = document.createElement('div');
  div.innerHTML = clean;
  return (div.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Renders stored rich-text HTML after {@link sanitizeHtml}; `className` styles the wrapper. */
export function SafeHtml({ html, className, testId }: { html: unknown; className?: string; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className ?? 'crud-rich'} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}

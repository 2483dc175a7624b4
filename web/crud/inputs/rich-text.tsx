import { useTranslation } from 'react-i18next';
import { Editor } from 'primereact/editor';
import type { InputProps } from '../types';
import { sanitizeHtml } from '../safe-html';

/** What Quill answers for an editor with nothing in it; stored as ''. */
const EMPTY_HTML = /^(<p>(<br\s*\/?>|\s)*<\/p>\s*)*$/i;

/** Quill toolbar of the kit: headings, emphasis, lists, links, alignment, clear (no inline images: upload them in an image field). */
function Toolbar() {
  const { t } = useTranslation();
  const r = (k: string) => t(`crud.richText.${k}`);
  // Option texts become Quill's picker labels (data-label), so headings read in the UI's language.
  return (
    <span className="ql-formats">
      <select className="ql-header" defaultValue="" aria-label={r('heading')}>
        <option value="1">{r('heading1')}</option>
        <option value="2">{r('heading2')}</option>
        <option value="3">{r('heading3')}</option>
        <option value="">{r('normal')}</option>
      </select>
      <button type="button" className="ql-bold" aria-label={r('bold')} />
      <button type="button" className="ql-italic" aria-label={r('italic')} />
      <button type="button" className="ql-underline" aria-label={r('underline')} />
      <button type="button" className="ql-list" value="ordered" aria-label={r('ordered')} />
      <button type="button" className="ql-list" value="bullet" aria-label={r('bullet')} />
      <button type="button" className="ql-link" aria-label={r('link')} />
      <select className="ql-align" defaultValue="" aria-label={r('align')}>
        <option value="">{r('alignLeft')}</option>
        <option value="center">{r('alignCenter')}</option>
        <option value="right">{r('alignRight')}</option>
      </select>
      <button type="button" className="ql-clean" aria-label={r('clean')} />
    </span>
  );
}

/**
 * Names Quill's pickers for assistive technology (axe aria-command-name and
 * aria-prohibited-attr): Quill copies the select's `aria-label` onto its plain `<span>` container,
 * where it names nothing, and leaves the `role="button"` label and items unnamed. The name moves to
 * the label button; each item is named by its option text (`data-label`).
 */
export function nameQuillPickers(toolbar: Element): void {
  for (const picker of toolbar.querySelectorAll('.ql-picker')) {
    const name = picker.getAttribute('aria-label');
    picker.removeAttribute('aria-label');
    const label = picker.querySelector('.ql-picker-label');
    if (name && label) label.setAttribute('aria-label', name);
    for (const item of picker.querySelectorAll('.ql-picker-item')) {
      const text = item.getAttribute('data-label');
      if (text) item.setAttribute('aria-label', text);
    }
  }
}

/**
 * Rich-text input (`x-kind: richText`): PrimeReact's `Editor` on Quill 2 (loaded on first use).
 * Emits sanitized HTML (DOMPurify) and '' for an empty editor; the schema's `maxLength` bounds the HTML.
 */
export function RichTextInput({ value, onChange, invalid, id, describedBy }: InputProps) {
  return (
    <div className={`crud-rich-input${invalid ? ' crud-rich-input--invalid' : ''}`} data-testid="crud-rich-text" aria-describedby={describedBy}>
      <Editor
        id={id}
        value={typeof value === 'string' ? value : ''}
        onTextChange={(e) => {
          const html = e.htmlValue ?? '';
          onChange(EMPTY_HTML.test(html) ? '' : sanitizeHtml(html));
        }}
        headerTemplate={<Toolbar />}
        onLoad={(quill: { getModule: (name: string) => { container?: Element } | undefined }) => {
          const toolbar = quill.getModule('toolbar')?.container;
          if (toolbar) nameQuillPickers(toolbar);
        }}
        style={{ minHeight: 180 }}
      />
    </div>
  );
}

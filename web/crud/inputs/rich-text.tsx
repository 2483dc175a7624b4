import { Editor } from 'primereact/editor';
import type { InputProps } from '../types';
import { sanitizeHtml } from '../safe-html';

/** What Quill answers for an editor with nothing in it; stored as ''. */
const EMPTY_HTML = /^(<p>(<br\s*\/?>|\s)*<\/p>\s*)*$/i;

/** Quill toolbar of the kit: headings, emphasis, lists, links, alignment, clear (no inline images: upload them in an image field). */
function Toolbar() {
  return (
    <span className="ql-formats">
      <select className="ql-header" defaultValue="" aria-label="heading">
        <option value="1" />
        <option value="2" />
        <option value="3" />
        <option value="" />
      </select>
      <button type="button" className="ql-bold" aria-label="bold" />
      <button type="button" className="ql-italic" aria-label="italic" />
      <button type="button" className="ql-underline" aria-label="underline" />
      <button type="button" className="ql-list" value="ordered" aria-label="ordered list" />
      <button type="button" className="ql-list" value="bullet" aria-label="bullet list" />
      <button type="button" className="ql-link" aria-label="link" />
      <select className="ql-align" defaultValue="" aria-label="align">
        <option value="" />
        <option value="center" />
        <option value="right" />
      </select>
      <button type="button" className="ql-clean" aria-label="clear format" />
    </span>
  );
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
        style={{ minHeight: 180 }}
      />
    </div>
  );
}

import { describe, expect, test } from 'vitest';
import { installStyleDedupe } from '../../web/lib/style-dedupe';

/** PrimeReact's shared style tags are not rewritten (re-parsed) when the text is the same. */
describe('installStyleDedupe', () => {
  installStyleDedupe();
  installStyleDedupe();

  const styleTag = (prime: boolean) => {
    const el = document.createElement('style');
    if (prime) el.setAttribute('data-primereact-style-id', 'common');
    document.head.appendChild(el);
    return el;
  };

  test('writing the same text to a PrimeReact style tag keeps its text node: nothing is re-parsed', () => {
    const el = styleTag(true);
    el.textContent = '.p-button{color:red}';
    const node = el.firstChild;
    el.textContent = '.p-button{color:red}';
    expect(el.firstChild).toBe(node);
    expect(el.textContent).toBe('.p-button{color:red}');
  });

  test('new text, and any other element, are written as usual', () => {
    const el = styleTag(true);
    el.textContent = 'a{}';
    el.textContent = 'b{}';
    expect(el.textContent).toBe('b{}');
    const other = styleTag(false);
    other.textContent = 'a{}';
    const node = other.firstChild;
    other.textContent = 'a{}';
    expect(other.firstChild).not.toBe(node);
    const div = document.createElement('div');
    div.textContent = 'x';
    expect(div.textContent).toBe('x');
  });
});

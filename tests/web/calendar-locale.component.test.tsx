import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { Calendar } from 'primereact/calendar';
import { applyPrimeLocale, YEAR_SUFFIX_PROPERTY } from '../../web/i18n/primereact';
import { render } from './component/setup';

/**
 * The date picker's header reads as the language writes a month: `2026年 12月` in Chinese (year
 * first, with its suffix), `December 2026` in English.
 */

afterEach(() => applyPrimeLocale('en'));

/**
 * The header as a reader sees it: the title's buttons in their order, each followed by what CSS
 * draws after it (the year suffix custom property app.css puts after `.p-datepicker-year`).
 */
function headerText(container: HTMLElement): string {
  const title = container.querySelector('.p-datepicker-title')!;
  const suffix = JSON.parse(document.documentElement.style.getPropertyValue(YEAR_SUFFIX_PROPERTY) || '""') as string;
  return [...title.querySelectorAll('button')].map((b) => b.textContent! + (b.classList.contains('p-datepicker-year') ? suffix : '')).join(' ');
}

const december = () => render(<Calendar inline value={null} viewDate={new Date(2026, 11, 1)} />);

describe('calendar header', () => {
  test('zh_CN: 2026年 12月', () => {
    applyPrimeLocale('zh_CN');
    const { container } = december();
    expect(headerText(container)).toBe('2026年 12月');
  });

  test('en: December 2026', () => {
    applyPrimeLocale('en');
    const { container } = december();
    expect(headerText(container)).toBe('December 2026');
  });

  test('the stylesheet draws the suffix after the year from the property the locale sets', () => {
    const css = fs.readFileSync(path.resolve('web/styles/app.css'), 'utf8');
    expect(css).toMatch(new RegExp(String.raw`\.p-datepicker-year::after\s*\{\s*content:\s*var\(${YEAR_SUFFIX_PROPERTY}`));
  });
});

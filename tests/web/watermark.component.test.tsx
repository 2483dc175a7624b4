import { afterEach, describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { render } from './component/setup';
import { configureCrud } from '../../web/crud/env';
import { Watermark, watermarkImage, watermarkTime } from '../../web/crud';
import { watermarkName } from '../../web/services/permission';

/**
 * The watermark over screens with personal data or codes: the operator's name and the time,
 * tiled, taking no pointer events; only an administrator can switch it off.
 */

const operator = { username: 'operator', nickName: '运营专员', roles: [{ id: 'operator' }] };
const admin = { username: 'admin', nickName: '超级管理员', roles: [{ id: 'super' }] };

afterEach(() => configureCrud({ useWatermark: () => null }));

describe('watermark', () => {
  test('shows the name line and the time in its tiled image, hidden from screen readers', () => {
    configureCrud({ useWatermark: () => watermarkName(operator, true) });
    render(<Watermark />);
    const mark = screen.getByTestId('watermark');
    const image = decodeURIComponent(watermarkImage('运营专员 · operator', watermarkTime(Date.UTC(2026, 11, 4, 7, 5))));
    expect(image).toMatch(/^url\("data:image\/svg\+xml/);
    expect(image).toContain('>运营专员 · operator<');
    expect(image).toMatch(/>2026-12-0[345] \d\d:\d\d</);
    expect(mark.getAttribute('aria-hidden')).toBe('true');
    expect(mark.className).toBe('crud-watermark');
  });

  test('only an administrator switches it off; signed out there is none', () => {
    expect(watermarkName(operator, false)).toBe('运营专员 · operator');
    expect(watermarkName(admin, false)).toBeNull();
    expect(watermarkName(admin, true)).toBe('超级管理员 · admin');
    expect(watermarkName({ username: 'ops', nickName: 'ops', roles: [] }, true)).toBe('ops');
    expect(watermarkName(null, true)).toBeNull();
    configureCrud({ useWatermark: () => watermarkName(admin, false) });
    render(<Watermark />);
    expect(screen.queryByTestId('watermark')).toBeNull();
  });

  test('a name with markup is drawn as text', () => {
    const image = decodeURIComponent(watermarkImage('<b>x</b> & "y"', '2026-12-04 15:00'));
    expect(image).toContain('&lt;b&gt;x&lt;/b&gt; &amp; &quot;y&quot;');
  });
});

import { describe, expect, test } from 'vitest';
import { decideGuard, safeRedirect } from '../../web/services/guard';

const home = '/home/work';

describe('route guard (spec §2 Guards and navigation)', () => {
  test('signed out: a deep link goes to login with the wanted full path as redirect', () => {
    expect(decideGuard({ path: '/order/index', search: 'status=2&pageNum=3', hasToken: false, homePath: home })).toEqual({
      action: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/order/index?status=2&pageNum=3')}`,
    });
  });

  test('signed out: / goes to plain login, login itself is reachable', () => {
    expect(decideGuard({ path: '/', search: '', hasToken: false, homePath: home })).toEqual({ action: 'redirect', to: '/login' });
    expect(decideGuard({ path: '/login', search: 'redirect=%2Fx', hasToken: false, homePath: home })).toEqual({ action: 'allow' });
  });

  test('signed in at /login: the redirect target, else the home path', () => {
    expect(decideGuard({ path: '/login', search: 'redirect=%2Forder%2Findex%3Fa%3D1', hasToken: true, homePath: home })).toEqual({ action: 'redirect', to: '/order/index?a=1' });
    expect(decideGuard({ path: '/login', search: '', hasToken: true, homePath: '/dashboard/analysis' })).toEqual({ action: 'redirect', to: '/dashboard/analysis' });
  });

  test('signed in: / goes to the home path; other paths are allowed (unknown ones render 404)', () => {
    expect(decideGuard({ path: '/', search: '', hasToken: true, homePath: '/dashboard/analysis' })).toEqual({ action: 'redirect', to: '/dashboard/analysis' });
    expect(decideGuard({ path: '/no/such/page', search: '', hasToken: true, homePath: home })).toEqual({ action: 'allow' });
  });

  test('redirect targets must be internal paths', () => {
    expect(safeRedirect('%2F%2Fevil.example')).toBeNull();
    expect(safeRedirect('https://evil.example/')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('/login?redirect=/x')).toBeNull();
    expect(safeRedirect('%E0%A4%A')).toBeNull();
    expect(safeRedirect('/goods/index')).toBe('/goods/index');
    expect(decideGuard({ path: '/login', search: 'redirect=%2F%2Fevil.example', hasToken: true, homePath: home })).toEqual({ action: 'redirect', to: home });
  });
});

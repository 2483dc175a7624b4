import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { render } from './component/setup';
import { ServedByMarker } from '../../web/app/platform/ServedByMarker';
import { noteServedBy, resetServedBy } from '../../web/api/served-by';
import { resetServerMode } from '../../web/api/server-mode';

/**
 * The header's marker says when a screen's data came from the mock or a recording, in
 * hybrid and replay modes only (the server's `/healthz` mode), never in plain mock mode.
 */

const mock = (v: string) => ({ get: (n: string) => (n === 'x-served-by' ? v : null) });

function serverSays(body: Record<string, unknown>) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/healthz' ? new Response(JSON.stringify({ status: 'ok', ...body }), { status: 200 }) : new Response('', { status: 404 }))));
}

describe('ServedByMarker', () => {
  beforeEach(() => {
    resetServedBy();
    resetServerMode();
    window.history.pushState({}, '', '/member/index');
  });
  afterEach(() => vi.unstubAllGlobals());

  test('hybrid mode: appears once an answer of this screen came from the mock, with a readable label', async () => {
    serverSays({ mode: 'hybrid' });
    render(<ServedByMarker />);
    // Platform answers mark nothing.
    act(() => noteServedBy('/v1/member/list', mock('platform'), '/member/index'));
    await act(async () => undefined);
    expect(screen.queryByTestId('served-by-marker')).toBeNull();
    act(() => noteServedBy('/v1/member/list', mock('mock'), '/member/index'));
    const marker = await screen.findByTestId('served-by-marker');
    expect(marker.getAttribute('role')).toBe('status');
    expect(marker.textContent).toContain('mock');
    expect(marker.textContent).toContain('Data on this screen came from the mock, not the platform');
    // Another screen's answers do not mark this one.
    act(() => noteServedBy('/v1/order/list', mock('replay'), '/order/index'));
    expect(marker.querySelectorAll('[data-side]')).toHaveLength(1);
  });

  test('replay mode shows "replay"; plain mock mode and a switched-off marker show nothing', async () => {
    serverSays({ mode: 'replay' });
    const { unmount } = render(<ServedByMarker />);
    act(() => noteServedBy('/v1/member/list', mock('replay'), '/member/index'));
    expect((await screen.findByTestId('served-by-marker')).textContent).toContain('replay');
    unmount();

    for (const body of [{ mode: 'mock' }, { mode: 'hybrid', mockMarker: false }]) {
      resetServerMode();
      serverSays(body);
      const r = render(<ServedByMarker />);
      await act(async () => undefined);
      expect(screen.queryByTestId('served-by-marker')).toBeNull();
      r.unmount();
    }
  });
});

import { beforeAll, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { render } from './component/setup';
import { lazyWithRetry } from '../../web/services/chunk';
import { RouteErrorBoundary } from '../../web/app/error-boundary';
import { provideSessionActor } from '../../web/services/session';
import { createSessionActor } from '../../web/app/session';

// The exception page reads the session (its home link), which the shell provides at boot.
beforeAll(() => provideSessionActor(() => createSessionActor([])));

/**
 * A page whose script file fails to load: fetched once more, then the chunk error screen inside the
 * page's boundary with a retry button that loads it afresh; an error the module itself throws is a
 * render error (the 500 exception page), not retried.
 */

const fetchFailure = () => new TypeError('Failed to fetch dynamically imported module: http://console.test/assets/coupon.page-AB12CD34.js');
const Screen = () => <p>coupon screen</p>;
const screenModule = { default: Screen };
/** A page module's loader, as the registries hold them. */
const loader = () => vi.fn<() => Promise<typeof screenModule>>();

function renderPage(Page: ComponentType) {
  return render(
    <div>
      <nav>menu</nav>
      <RouteErrorBoundary>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>
    </div>,
  );
}

describe('a lazily loaded page whose chunk fails', () => {
  test('one failed fetch is retried and the page shows', async () => {
    const load = loader().mockRejectedValueOnce(fetchFailure()).mockResolvedValue(screenModule);
    renderPage(lazyWithRetry(load, 0));
    expect(await screen.findByText('coupon screen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('chunk-error')).toBeNull();
  });

  test('two failed fetches show the error screen with retry; the retry loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = loader().mockRejectedValueOnce(fetchFailure()).mockRejectedValueOnce(fetchFailure()).mockResolvedValue(screenModule);
    renderPage(lazyWithRetry(load, 0));
    const shown = await screen.findByTestId('chunk-error');
    expect(shown.getAttribute('role')).toBe('alert');
    expect(shown.textContent).toContain('This page could not be loaded');
    expect(shown.textContent).toContain('The menu and tabs keep working');
    expect(load).toHaveBeenCalledTimes(2);
    // The rest of the shell is still there.
    expect(screen.getByText('menu')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByTestId('chunk-error-retry')));
    expect(await screen.findByText('coupon screen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.queryByTestId('chunk-error')).toBeNull();
  });

  test('a retry that fails again shows the error screen again, ready for another retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = loader().mockRejectedValue(fetchFailure());
    const Page = lazyWithRetry(load, 0);
    renderPage(Page);
    await screen.findByTestId('chunk-error');
    await act(async () => fireEvent.click(screen.getByTestId('chunk-error-retry')));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(4));
    const again = await screen.findByTestId('chunk-error');
    expect((again.querySelector('[data-testid=chunk-error-retry]') as HTMLButtonElement).disabled).toBe(false);
    // Started afresh from outside (the route resolved again): the page shows once the file loads.
    load.mockResolvedValue(screenModule);
    await act(async () => void (await Page.preload()));
    await act(async () => fireEvent.click(screen.getByTestId('chunk-error-retry')));
    expect(await screen.findByText('coupon screen')).toBeTruthy();
  });

  test('an error thrown by the module itself is not retried: the render error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = loader().mockRejectedValue(new ReferenceError('x is not defined'));
    renderPage(lazyWithRetry(load, 0));
    const page = await screen.findByTestId('exception');
    expect(page.getAttribute('data-status')).toBe('500');
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('chunk-error')).toBeNull();
  });
});

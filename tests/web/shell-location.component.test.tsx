import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Router, useLocation, useSearch } from 'wouter';
import { shellPath, showLocation, useShellLocation, useShellSearch, whenLocationWritten, writeUrlLater } from '../../web/app/routing/shell-location';
import { crudEnv } from '../../web/crud/env';

/*
 * The shell's location (a tab switch writes its URL after the frame is painted): what
 * the shell's readers see, what the browser's history holds, and a leave guard's say, in order.
 */

function Shown() {
  const [path] = useLocation();
  const search = useSearch();
  return <output data-testid="shown">{`${path}${search ? `?${search}` : ''}`}</output>;
}
const mount = () =>
  render(
    <Router hook={useShellLocation} searchHook={useShellSearch}>
      <Shown />
    </Router>,
  );
const shown = () => screen.getByTestId('shown').textContent;
/** The URLs the browser's history was given, in order (wouter announces each push with its arguments). */
function pushes(): string[] {
  const seen: string[] = [];
  addEventListener('pushState', (e) => seen.push(String((e as Event & { arguments: unknown[] }).arguments[2])));
  return seen;
}
/** The deferred write's timers (frame, idle callback, 500 ms fallback) on a fake clock, run to the end by the test instead of waited for. */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] });
  onTestFinished(() => void vi.useRealTimers());
}
const browser = () => location.pathname + location.search;

describe('the shell location (tab switch: the page first, the URL after the paint)', () => {
  test('the shell shows the new location at once; the browser gets it, as one new entry, just after', async () => {
    history.replaceState(null, '', '/a');
    const pushed = pushes();
    const { unmount } = mount();
    expect(shown()).toBe('/a');
    let moved = false;
    act(() => {
      moved = showLocation('/b?status=1');
    });
    expect(moved).toBe(true);
    expect(shown()).toBe('/b?status=1');
    expect(browser()).toBe('/a');
    await waitFor(() => expect(browser()).toBe('/b?status=1'));
    expect(pushed).toEqual(['/b?status=1']);
    expect(shown()).toBe('/b?status=1');
    unmount();
  });

  test("a tab's full path with its query decoded (as wouter reads it) is the location it shows: the switch says it moved", async () => {
    history.replaceState(null, '', '/a');
    const { unmount } = mount();
    let moved = false;
    act(() => {
      moved = showLocation('/b?typeName=类型');
    });
    expect(moved).toBe(true);
    expect(shown()).toBe('/b?typeName=类型');
    await waitFor(() => expect(browser()).toBe(`/b?typeName=${encodeURIComponent('类型')}`));
    unmount();
  });

  test('a navigation right after a switch comes after it in history; the title waits for the URL', async () => {
    fakeClock();
    history.replaceState(null, '', '/a');
    const pushed = pushes();
    const { unmount } = mount();
    const titles: string[] = [];
    act(() => {
      showLocation('/b');
      whenLocationWritten(() => titles.push(browser()));
    });
    expect(titles).toEqual([]);
    act(() => history.pushState(null, '', '/c'));
    expect(pushed).toEqual(['/b', '/c']);
    expect(titles).toEqual(['/b']);
    expect(shown()).toBe('/c');
    // Written already: the timers left (the frame, the idle callback, the 500 ms fallback) do nothing more.
    await vi.runAllTimersAsync();
    expect(pushed).toEqual(['/b', '/c']);
    whenLocationWritten(() => titles.push('now'));
    expect(titles).toEqual(['/b', 'now']);
    unmount();
  });

  test('the browser moving by itself (back) before the URL is written wins', async () => {
    fakeClock();
    history.replaceState(null, '', '/a');
    const pushed = pushes();
    const { unmount } = mount();
    act(() => void showLocation('/b'));
    expect(shown()).toBe('/b');
    act(() => void dispatchEvent(new PopStateEvent('popstate')));
    expect(shown()).toBe('/a');
    expect(shellPath()).toBe('/a');
    await vi.runAllTimersAsync();
    expect(pushed).toEqual([]);
    expect(browser()).toBe('/a');
    unmount();
  });

  test('with a leave guard on history, it asks at once: refused, nothing changes; allowed, the URL is written then', () => {
    history.replaceState(null, '', '/form');
    const pushed = pushes();
    const { unmount } = mount();
    const own = history.pushState;
    let allow = false;
    const asked: string[] = [];
    // What a page's leave guard does (web/crud/leave-guard.ts): wraps pushState while its form is dirty.
    history.pushState = function (this: History, data, unused, url) {
      asked.push(String(url));
      if (!allow) return;
      return own.call(this, data, unused, url);
    };
    try {
      let moved = true;
      act(() => {
        moved = showLocation('/b');
      });
      expect(moved).toBe(false);
      expect(asked).toEqual(['/b']);
      expect(shown()).toBe('/form');
      expect(browser()).toBe('/form');
      allow = true;
      act(() => {
        moved = showLocation('/b');
      });
      expect(moved).toBe(true);
      expect(browser()).toBe('/b');
      expect(shown()).toBe('/b');
      expect(pushed).toEqual(['/b']);
    } finally {
      history.pushState = own;
    }
    unmount();
  });
});

describe("a list's view (the kit's writeUrlLater: the rows first, the URL after them)", () => {
  test('the kit is handed it; the shell keeps the location until the list says its rows are in, then the browser gets it as one entry after the frame', async () => {
    expect(crudEnv().writeUrlLater).toBe(writeUrlLater);
    fakeClock();
    history.replaceState(null, '', '/list');
    const pushed = pushes();
    const { unmount } = mount();
    let rowsIn = () => {};
    act(() => writeUrlLater('/list?pageNum=2', { when: new Promise<void>((r) => (rowsIn = r)) }));
    expect(shown()).toBe('/list');
    expect(shellPath() + location.search).toBe('/list');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(pushed).toEqual([]);
    await act(async () => rowsIn());
    await act(() => vi.runAllTimersAsync());
    expect(pushed).toEqual(['/list?pageNum=2']);
    expect(browser()).toBe('/list?pageNum=2');
    expect(shown()).toBe('/list?pageNum=2');
    unmount();
  });

  test('a second view writes the pending one first (one entry each, in order); a tab switch or a link before the write drops it and tells the list', async () => {
    fakeClock();
    history.replaceState(null, '', '/list');
    const pushed = pushes();
    const { unmount } = mount();
    const never = new Promise<void>(() => {});
    const dropped = vi.fn();
    act(() => writeUrlLater('/list?pageNum=2', { when: never, dropped }));
    act(() => writeUrlLater('/list?pageNum=3', { when: never, dropped }));
    expect(pushed).toEqual(['/list?pageNum=2']);
    expect(dropped).not.toHaveBeenCalled();
    act(() => void showLocation('/other'));
    expect(dropped).toHaveBeenCalledOnce();
    expect(shown()).toBe('/other');
    act(() => writeUrlLater('/other?x=1', { when: never, dropped }));
    act(() => history.pushState(null, '', '/c'));
    expect(dropped).toHaveBeenCalledTimes(2);
    await act(() => vi.runAllTimersAsync());
    expect(pushed).toEqual(['/list?pageNum=2', '/other', '/c']);
    expect(shown()).toBe('/c');
    unmount();
  });

  test('the browser moving by itself (back) before the write drops it and tells the list', async () => {
    fakeClock();
    history.replaceState(null, '', '/list');
    const pushed = pushes();
    const { unmount } = mount();
    const dropped = vi.fn();
    act(() => writeUrlLater('/list?pageNum=2', { dropped }));
    act(() => void dispatchEvent(new PopStateEvent('popstate')));
    expect(dropped).toHaveBeenCalledOnce();
    await act(() => vi.runAllTimersAsync());
    expect(pushed).toEqual([]);
    expect(browser()).toBe('/list');
    unmount();
  });
});

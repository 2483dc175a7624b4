import { describe, expect, test } from 'vitest';
import {
  ajaxEntry,
  badgeText,
  classifyErrorEvent,
  componentOf,
  createCaptureHandlers,
  createErrorLog,
  isIgnoredScriptError,
  MAX_ENTRIES,
  promiseEntry,
  reactEntry,
  resourceEntry,
  STACK_FRAMES,
  trimStack,
} from '../../web/services/error-log/error-log';

const PAGE = 'http://console.test/error-log/list';
const v8Stack = (frames: number) =>
  ['Error: boom', ...Array.from({ length: frames }, (_, i) => `    at f${i} (http://console.test/assets/main-ABC.js?v=12:${i + 1}:${i + 7})`)].join('\n');

/** A log that is on unless told otherwise, with a fixed clock (2024-05-06 07:08:09 local). */
function log(on = true) {
  let enabled = on;
  const l = createErrorLog(() => enabled, () => new Date(2024, 4, 6, 7, 8, 9).getTime());
  return { l, set: (v: boolean) => (enabled = v) };
}

describe('stack trimming (spec §8: 9 frames)', () => {
  test('keeps the message line and at most 9 frames, and drops query strings from script URLs', () => {
    const out = trimStack(v8Stack(20)).split('\n');
    expect(STACK_FRAMES).toBe(9);
    expect(out).toHaveLength(1 + 9);
    expect(out[0]).toBe('Error: boom');
    expect(out[1]).toBe('at f0 (http://console.test/assets/main-ABC.js:1:7)');
    expect(out[9]).toContain('at f8 ');
    expect(out.join('\n')).not.toContain('?v=');
  });

  test('short stacks stay whole; Firefox-style frames count too; no stack gives an empty string', () => {
    expect(trimStack(v8Stack(3)).split('\n')).toHaveLength(4);
    const ff = Array.from({ length: 12 }, (_, i) => `f${i}@http://console.test/a.js:${i + 1}:2`).join('\n');
    expect(trimStack(ff).split('\n')).toHaveLength(9);
    expect(trimStack(undefined)).toBe('');
    expect(trimStack('')).toBe('');
  });
});

describe('what is captured (spec §8, behaviour notes "Error log")', () => {
  test('a cross-origin "Script error." without a file is ignored; with a file it is kept', () => {
    expect(isIgnoredScriptError('Script error.', '')).toBe(true);
    expect(isIgnoredScriptError('Script error.', undefined)).toBe(true);
    expect(isIgnoredScriptError('Script error.', 'http://cdn.test/x.js')).toBe(false);
    expect(isIgnoredScriptError('TypeError: x is undefined', '')).toBe(false);
    expect(classifyErrorEvent({ message: 'Script error.', filename: '' })).toBe('ignore');
  });

  test('failed loads count only for img, script and link elements; an error event on window is a script error', () => {
    expect(classifyErrorEvent({ target: { tagName: 'IMG' } })).toBe('resource');
    expect(classifyErrorEvent({ target: { localName: 'script' } })).toBe('resource');
    expect(classifyErrorEvent({ target: { localName: 'link' } })).toBe('resource');
    expect(classifyErrorEvent({ target: { localName: 'video' } })).toBe('ignore');
    expect(classifyErrorEvent({ message: 'Uncaught Error: x', filename: 'http://console.test/a.js', target: {} })).toBe('script');
  });

  test('a resource entry reads "{tag} is load error" with the stack "resource is not found"', () => {
    const e = resourceEntry({ localName: 'img', src: 'http://console.test/x.png', outerHTML: '<img src="/x.png">' }, PAGE);
    expect(e).toMatchObject({ type: 'resource', message: 'img is load error', stack: 'resource is not found', file: 'http://console.test/x.png', url: PAGE });
    expect(JSON.parse(e.detail)).toEqual({ tagName: 'img', html: '<img src="/x.png">' });
    expect(resourceEntry({ tagName: 'LINK', href: 'http://console.test/a.css' }, PAGE)).toMatchObject({ message: 'link is load error', file: 'http://console.test/a.css' });
  });

  test('each event is logged once, even when a second listener (or phase) sees the same event', () => {
    const { l } = log();
    const h = createCaptureHandlers(l, () => PAGE);
    const error = Object.assign(new Error('boom'), { stack: v8Stack(12) });
    const scriptEvent = { message: 'Uncaught Error: boom', filename: 'http://console.test/a.js', lineno: 3, colno: 9, error, target: {} };
    h.onError(scriptEvent);
    h.onError(scriptEvent);
    const imgEvent = { target: { localName: 'img', src: 'http://console.test/none.png' } };
    h.onError(imgEvent);
    h.onError(imgEvent);
    const rejection = { reason: new Error('nope') };
    h.onRejection(rejection);
    h.onRejection(rejection);
    expect(l.list().map((e) => e.type)).toEqual(['promise', 'resource', 'script']);
    const script = l.list()[2];
    expect(script).toMatchObject({ name: 'Error', message: 'boom', file: 'http://console.test/a.js:3:9', url: PAGE });
    expect(script.stack.split('\n')).toHaveLength(10);
  });

  test('promise, render and ajax entries carry what the detail view shows', () => {
    expect(promiseEntry('plain reason', PAGE)).toMatchObject({ type: 'promise', message: 'plain reason' });
    expect(promiseEntry({ code: 7 }, PAGE).message).toContain('"code": 7');
    const err = Object.assign(new Error('render boom'), { stack: v8Stack(15) });
    const r = reactEntry(err, '\n    at Bomb (http://console.test/p.js:1:1)\n    at ErrorBoundary (http://console.test/m.js:2:2)', PAGE);
    expect(r).toMatchObject({ type: 'react', message: 'render boom', file: 'http://console.test/assets/main-ABC.js:1:7' });
    expect(JSON.parse(r.detail).component).toBe('Bomb');
    expect(reactEntry(new Error('no stack'), '\n    at Bomb (x)', PAGE).file).toMatch(/^(Bomb|.+:\d+:\d+)$/);
    expect(r.stack.split('\n')).toHaveLength(10);
    expect(componentOf('    in Bomb\n    in Page')).toBe('Bomb');
    expect(componentOf('Bomb@http://x/p.js:1:1')).toBe('Bomb');
    const a = ajaxEntry({ name: 'ApiError', message: 'Not found', url: '/v1/no/such/endpoint', method: 'POST', code: 404 }, { params: { a: 1 }, method: 'POST', headers: { Authorization: '[redacted]' } });
    expect(a).toMatchObject({ type: 'ajax', url: '/v1/no/such/endpoint', message: 'Not found', stack: 'POST /v1/no/such/endpoint → 404' });
    expect(JSON.parse(a.detail)).toEqual({ params: { a: 1 }, method: 'POST', headers: { Authorization: '[redacted]' } });
  });

  test('the word "vue" is never a type: render errors are "react"', () => {
    const types = [reactEntry(new Error('x'), '', PAGE), promiseEntry('x', PAGE), resourceEntry({ localName: 'img' }, PAGE)].map((e) => e.type);
    expect(types).not.toContain('vue');
    expect(types[0]).toBe('react');
  });
});

describe('the log and its badge', () => {
  test('off by default: nothing is logged until error handling is on, and it acts at once', () => {
    const { l, set } = log(false);
    expect(l.add(promiseEntry('a', PAGE))).toBe(false);
    expect(l.list()).toEqual([]);
    set(true);
    expect(l.add(promiseEntry('b', PAGE))).toBe(true);
    set(false);
    l.add(promiseEntry('c', PAGE));
    expect(l.list().map((e) => e.message)).toEqual(['b']);
  });

  test('newest first, timestamped YYYY-MM-DD HH:mm:ss, counted until the list opens', () => {
    const { l } = log();
    l.add(promiseEntry('first', PAGE));
    l.add(promiseEntry('second', PAGE));
    expect(l.list().map((e) => e.message)).toEqual(['second', 'first']);
    expect(l.list()[0].time).toBe('2024-05-06 07:08:09');
    expect(l.list()[0].id).not.toBe(l.list()[1].id);
    expect(l.count()).toBe(2);
    l.resetCount();
    expect(l.count()).toBe(0);
    expect(l.list()).toHaveLength(2);
    l.clear();
    expect(l.list()).toEqual([]);
  });

  test('subscribers hear every change; the list changes identity so React re-renders', () => {
    const { l } = log();
    let heard = 0;
    const off = l.subscribe(() => heard++);
    const before = l.list();
    l.add(promiseEntry('x', PAGE));
    expect(l.list()).not.toBe(before);
    l.resetCount();
    l.resetCount(); // nothing to reset: no notice
    off();
    l.add(promiseEntry('y', PAGE));
    expect(heard).toBe(2);
  });

  test('memory stays bounded: beyond the cap the oldest entries go', () => {
    const l = createErrorLog(() => true, Date.now, 3);
    for (const m of ['a', 'b', 'c', 'd']) l.add(promiseEntry(m, PAGE));
    expect(l.list().map((e) => e.message)).toEqual(['d', 'c', 'b']);
    expect(MAX_ENTRIES).toBeGreaterThanOrEqual(100);
  });

  test('badge text: nothing for 0, the number up to 99, then 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(5000)).toBe('99+');
  });
});

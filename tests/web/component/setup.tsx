import { afterEach } from 'vitest';
import { cleanup, render as rtlRender, type RenderOptions } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { queryClient } from '../../../web/api/query';
import { configureHttp } from '../../../web/api/http';
import { askApprovalReason } from '../../../web/services/approval-reason';
import { configureCrud } from '../../../web/crud/env';
import { initI18n } from '../../../web/i18n';

/**
 * Shared setup of the kit's component tests (vitest project `component`, happy-dom): i18n in
 * English, every permission held unless a test says otherwise, and an HTTP client whose fetch is
 * a table of handlers per path (`mockApi`), answering the platform's envelope.
 */

export type Handler = (body: unknown, init: RequestInit) => unknown;
const handlers = new Map<string, Handler>();
/** Requests seen, in order: path and JSON body (or the FormData). */
export const calls: { path: string; body: unknown }[] = [];

/** Sets the answer (envelope `data`) of a path; a thrown `{ code, message, extra? }` answers that envelope (with `extra`'s members, e.g. a 409's `conflict`). */
export function mockApi(path: string, handler: Handler): void {
  handlers.set(path, handler);
}

const fakeFetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://test.local');
  const body = init.body instanceof FormData ? init.body : typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
  calls.push({ path: url.pathname, body });
  const h = handlers.get(url.pathname);
  let envelope: unknown;
  if (!h) envelope = { code: 404, data: null, message: `no handler for ${url.pathname}` };
  else {
    try {
      envelope = { code: 200, data: await h(body, init), message: 'ok' };
    } catch (e) {
      const err = e as { code?: number; message: string; extra?: Record<string, unknown> };
      envelope = { code: err.code ?? 400, data: null, message: err.message, ...err.extra };
    }
  }
  return new Response(JSON.stringify(envelope), { status: 200, headers: { 'content-type': 'application/json' } });
}) as typeof fetch;

export const notices: string[] = [];
configureHttp({ getToken: () => 'Bearer test', onUnauthorized: () => {}, notify: (n) => notices.push(n.message), t: (k) => k, fetchImpl: fakeFetch, askApprovalReason });
let allowed: (code: string) => boolean = () => true;
/** Which button codes the user holds in the next renders (default: all). */
export function holdCodes(pred: (code: string) => boolean): void {
  allowed = pred;
}
configureCrud({ usePermission: () => (code) => allowed(code), notify: (m) => notices.push(m) });
await initI18n('en');

function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Testing Library's `render` inside the console's query client (as the shell mounts it). */
export function render(ui: ReactElement, options: Omit<RenderOptions, 'queries'> = {}) {
  return rtlRender(ui, { wrapper: WithQueries, ...options });
}

afterEach(() => {
  cleanup();
  // Every test starts with an empty cache: no answer of another test's handlers is reused.
  queryClient.clear();
  handlers.clear();
  calls.length = 0;
  notices.length = 0;
  allowed = () => true;
  sessionStorage.clear();
  localStorage.clear();
});

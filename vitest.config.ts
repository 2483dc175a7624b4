import { defineConfig } from 'vitest/config';

/**
 * Four projects: `unit` (web logic in node, with a fake DOM storage where needed),
 * `component` (kit parts in happy-dom with Testing Library), `server` (the Fastify app built in-process, requests through inject) and
 * `e2e` (real headless Chromium against a server on a free port; needs `npm run build` first).
 */
export default defineConfig({
  test: {
    // Every core: vitest's default for `run` is one worker fewer than the cores, which on
    // this 2-core machine is one worker, and a project with one worker goes into a sequential group:
    // every file of every project then ran one after another on one core. Inherited by each project.
    maxWorkers: '100%',
    projects: [
      { test: { name: 'unit', include: ['tests/web/**/*.test.ts', 'tests/lib/**/*.test.ts'], environment: 'node' } },
      // A server test builds the whole seeded store in-process: seconds on a busy 2-core machine, so
      // the default 5 s would fail a correct test under load.
      { test: { name: 'server', include: ['tests/server/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        // Kit parts rendered in a DOM: happy-dom + Testing Library, HTTP answered by a fake fetch.
        test: { name: 'component', include: ['tests/web/**/*.component.test.tsx'], environment: 'happy-dom', setupFiles: ['tests/web/component/setup.tsx'] },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // `expect.poll` waits on what a screen shows, which on a 2-core machine running two files at
          // once can take longer than vitest's default 1 s (a wrong-password modal failed so once).
          expect: { poll: { timeout: 15_000 } },
          // Files run in parallel, beside the other projects' files, one per worker: each
          // file has its own server on a free port (own mock data, in-memory audit trail) and its own
          // browser, so two files never share state. A sequential e2e project would be a group of its
          // own that vitest runs after all the others, on one core of this 2-core machine.
          // Tests marked concurrent run two at a time, one per lane of their file (the resource
          // smoke with E2E_LANES=2: two servers, one browser).
          maxConcurrency: 2,
        },
      },
    ],
  },
});

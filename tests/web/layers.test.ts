import { describe, expect, test } from 'vitest';
import { ESLint } from 'eslint';
import { importGraphFacts } from '../../scripts/import-graph';

// Imports only point down, and there are no import circles (README "Layout").

describe('the module graph of web/ and server/', () => {
  const facts = importGraphFacts();

  test('nothing below the shell imports web/app', { timeout: 30_000 }, () => {
    expect(facts.files).toBeGreaterThan(400);
    expect(facts.upward).toEqual([]);
  });

  test('no import circles, type-only and lazy imports included', () => {
    expect(facts.circles).toEqual([]);
  });
});

describe('the linter refuses a new upward import or circle (eslint.config.js)', () => {
  const eslint = new ESLint();
  // Each text stands in for a real file (lintText with its path): the rest of the graph is read from disk.
  const messagesOf = async (filePath: string, text: string) => (await eslint.lintText(text, { filePath }))[0].messages.map((m) => `${m.ruleId}: ${m.message}`);

  // The first lint loads the config and walks the whole graph: seconds on a busy machine.
  test('a screen, the kit or a service importing the shell', { timeout: 120_000 }, async () => {
    expect(await messagesOf('web/pages/order/new-screen.tsx', "import { Notifier } from '../../app/notify';\nexport const n = Notifier;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Only the shell .* imports web\/app/),
    ]);
    expect(await messagesOf('web/crud/new-part.tsx', "import { App } from '../app/App';\nexport const a = App;\n")).toEqual([expect.stringMatching(/^no-restricted-imports: .*Only the shell/)]);
    expect(await messagesOf('web/services/new-service.ts', "import { VIEW_FILES } from '../pages/registry';\nexport const f = VIEW_FILES;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*web\/services is below the screens/),
    ]);
  });

  test('a static or lazy circle in web/, a .js-addressed circle in server/', { timeout: 120_000 }, async () => {
    // web/services/project-config.ts imports web/lib/storage.ts.
    expect(await messagesOf('web/lib/storage.ts', "import { getProjectConfig } from '../services/project-config';\nexport const c = getProjectConfig;\n")).toContain(
      'import-x/no-cycle: Dependency cycle detected',
    );
    expect(await messagesOf('web/lib/storage.ts', "export const c = () => import('../services/project-config');\n")).toContain('import-x/no-cycle: Dependency cycle detected');
    // server/mock/qa.ts imports server/plugins/envelope.ts.
    expect(await messagesOf('server/plugins/envelope.ts', "import { registerFaultInjection } from '../mock/qa.js';\nexport const r = registerFaultInjection;\n")).toContain(
      'import-x/no-cycle: Dependency cycle detected',
    );
  });

  test('a screen naming an API path or picking a contract action by hand (one road: the typed client)', { timeout: 120_000 }, async () => {
    expect(await messagesOf('web/pages/order/new-screen.tsx', "export const p = '/v1/order/reissue';\n")).toEqual([expect.stringMatching(/^no-restricted-syntax: No API paths outside web\/api/)]);
    expect(await messagesOf('web/crud/new-part.tsx', "const kind = 'x';\nexport const p = `/api/v1/${kind}/list`;\n")).toEqual([expect.stringMatching(/^no-restricted-syntax: No API paths outside web\/api/)]);
    expect(await messagesOf('web/pages/order/new-screen.tsx', "import { orderActions } from '../../../server/contract/order';\nexport const p = orderActions.find((a) => a.name === 'order.reissue');\n")).toEqual([
      expect.stringMatching(/^no-restricted-syntax: No hand look-ups of contract actions/),
    ]);
    expect(await messagesOf('web/api/new-call.ts', "export const p = '/v1/order/reissue';\n")).toEqual([]);
  });
});

// Lint rules that keep the architecture true without anyone remembering it
// (../shared/design/architecture.md "Boundaries").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const rawPlatform = {
  'no-restricted-globals': [
    'error',
    { name: 'fetch', message: 'Use the HTTP client in web/api/http.ts.' },
    { name: 'localStorage', message: 'Use web/lib/storage.ts.' },
    { name: 'sessionStorage', message: 'Use web/lib/storage.ts.' },
  ],
  'no-restricted-properties': [
    'error',
    { object: 'window', property: 'fetch', message: 'Use the HTTP client in web/api/http.ts.' },
    { object: 'window', property: 'localStorage', message: 'Use web/lib/storage.ts.' },
    { object: 'window', property: 'sessionStorage', message: 'Use web/lib/storage.ts.' },
  ],
};

/** web/ imports from server/ only the contract (architecture "Boundaries"). */
const CONTRACT_ONLY = { group: ['**/server/*', '!**/server/contract', '!**/server/contract/**'], message: 'web/ may import only server/contract.' };
/** Below the shell nothing imports web/app: what screens and the kit need of it is in web/services. */
const NO_SHELL = { group: ['**/app/*', '**/app/**'], message: 'Only the shell (web/main.tsx, web/app) imports web/app; use web/services (notify, session, permission, project config…).' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // No import circles: a module graph that only points down. Resolved like the compiler:
    // server/ writes `./x.js` for `./x.ts`; web/ imports `.ts`/`.tsx` without extension. no-cycle
    // skips type-only imports by design; tests/web/import-graph.test.ts counts those too.
    files: ['web/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads only the files these name (its default is JavaScript's).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...rawPlatform,
      'no-restricted-imports': [
        'error',
        {
          patterns: [CONTRACT_ONLY],
        },
      ],
    },
  },
  {
    files: ['web/api/**', 'web/lib/storage.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    // Imports only point down (README "Layout"): only the shell (web/main.tsx, web/app) imports web/app.
    files: ['web/pages/**', 'web/resources/**', 'web/components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SHELL, CONTRACT_ONLY] }] },
  },
  {
    files: ['web/crud/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NO_SHELL, { group: ['**/resources/**', '**/pages/**'], message: 'The kit (web/crud) never imports resources/ or pages/.' }, CONTRACT_ONLY] },
      ],
    },
  },
  {
    files: ['web/services/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_SHELL,
            { group: ['**/pages/**', '**/resources/**', '**/crud/**', '**/components/**'], message: 'web/services is below the screens and the kit (web/services/index.ts): it imports only api/, lib/, machines/, i18n/.' },
            CONTRACT_ONLY,
          ],
        },
      ],
    },
  },
  {
    files: ['web/api/**', 'web/lib/**', 'web/machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/resources/**', '**/pages/**', '**/app/**', '**/services/**', '**/crud/**', '**/parts/**', '**/components/**'], message: 'api/, lib/ and machines/ are the bottom layer: they import none of the layers above.' },
            CONTRACT_ONLY,
          ],
        },
      ],
    },
  },
  {
    files: ['web/machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react', message: 'Machines import neither React nor the HTTP client.' }],
          patterns: [
            { group: ['**/api/**', '**/resources/**', '**/pages/**', '**/app/**', '**/services/**', '**/crud/**', '**/parts/**', '**/components/**'], message: 'Machines import neither React nor the HTTP client, nor any layer above; I/O is a named actor.' },
            CONTRACT_ONLY,
          ],
        },
      ],
    },
  },
  {
    files: ['server/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['fastify', 'fastify/*', '@fastify/*', 'node:*', '../*', '!../contract/*'], message: 'server/contract is pure data and types.' }] },
      ],
    },
  },
  {
    // One road: only the typed client (web/api) names an API path or picks an endpoint
    // out of the contract's action lists; everything else calls `api.<group>.<op>`.
    files: ['web/**/*.{ts,tsx}'],
    // Texts may name a path for people to read (the mock panel's hint); code may not.
    ignores: ['web/api/**', 'web/i18n/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/(api\\/)?v1\\/|^\\/upload(\\/|$)/]', message: 'No API paths outside web/api: call the typed client, api.<group>.<op>(payload) (web/api/client.ts).' },
        { selector: 'TemplateElement[value.raw=/^\\/(api\\/)?v1\\/|^\\/upload(\\/|$)/]', message: 'No API paths outside web/api: call the typed client, api.<group>.<op>(payload) (web/api/client.ts).' },
        { selector: "CallExpression[callee.property.name='find'][callee.object.name=/Actions$/]", message: 'No hand look-ups of contract actions: api.<group>.<op> is typed from the contract (web/api/client.ts).' },
      ],
    },
  },
);

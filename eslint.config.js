// Lint rules that keep the architecture true without anyone remembering it
// (../shared/design/architecture.md "Boundaries").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...rawPlatform,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/*', '!**/server/contract', '!**/server/contract/**'], message: 'web/ may import only server/contract.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/api/**', 'web/lib/storage.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    files: ['web/crud/**', 'web/api/**', 'web/lib/**', 'web/machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/resources/**', '**/pages/**', '**/app/**'], message: 'crud/, api/, lib/ and machines/ never import resources/, pages/ or app/.' },
            { group: ['**/server/*', '!**/server/contract', '!**/server/contract/**'], message: 'web/ may import only server/contract.' },
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
            { group: ['**/api/**', '**/resources/**', '**/pages/**', '**/app/**'], message: 'Machines import neither React nor the HTTP client; I/O is a named actor.' },
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
);

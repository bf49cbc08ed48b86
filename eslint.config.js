// Flat config. The two house rules at the end enforce the architecture: the UI never talks to the network
// for data (only src/data/auth.ts may), and src/domain/ stays pure so UI, workers and server can share it.
// kiosk/ is not the console: the public kiosk page has no sign-in and no replica, and talks to the public API itself.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const UI_NETWORK_MESSAGE =
  'The UI reads the replica and writes with mutate(); only workers/, kiosk/ and src/data/auth.ts talk to the server.';
const DOMAIN_PURITY_MESSAGE =
  'src/domain/ is pure (shared by UI, workers and server): no React, DOM, Node, database or server imports.';

const uiNetworkGlobals = ['fetch', 'EventSource', 'XMLHttpRequest'].map((name) => ({
  name,
  message: UI_NETWORK_MESSAGE,
}));

// `window.fetch(...)`, `globalThis.fetch(...)`, `new window.EventSource(...)`: the member forms that
// no-restricted-globals cannot see.
const uiNetworkSyntax = [
  {
    selector: "CallExpression[callee.object.name=/^(window|globalThis|self)$/][callee.property.name='fetch']",
    message: UI_NETWORK_MESSAGE,
  },
  {
    selector:
      "NewExpression[callee.object.name=/^(window|globalThis|self)$/][callee.property.name=/^(EventSource|XMLHttpRequest)$/]",
    message: UI_NETWORK_MESSAGE,
  },
];

const domainGlobals = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'process', 'Buffer'].map(
  (name) => ({ name, message: DOMAIN_PURITY_MESSAGE }),
);

const unusedVarsOptions = {
  argsIgnorePattern: '^_',
  varsIgnorePattern: '^_',
  caughtErrorsIgnorePattern: '^_',
  destructuredArrayIgnorePattern: '^_',
  ignoreRestSiblings: true,
};

export default defineConfig(
  globalIgnores(['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', '.tmp/', 'coverage/']),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.es2021, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-unused-vars': ['error', unusedVarsOptions],
      '@typescript-eslint/no-unused-vars': ['error', unusedVarsOptions],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
    // TypeScript checks undefined names itself, with the real lib and type information.
    rules: { 'no-unused-vars': 'off' },
  },

  {
    files: ['src/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['workers/**'],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
  },
  {
    // The public kiosk page: its page script, its forwarder worker and its own service worker.
    files: ['kiosk/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker, ...globals.serviceworker } },
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['e2e/**'],
    // Callbacks passed to page.evaluate run in the browser.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  {
    files: ['src/**'],
    ignores: ['src/data/auth.ts'],
    rules: {
      'no-restricted-globals': ['error', ...uiNetworkGlobals],
      'no-restricted-syntax': ['error', ...uiNetworkSyntax],
    },
  },
  {
    files: ['src/domain/**'],
    rules: {
      // Repeats the src/** network entries: a later config object replaces a rule's options, it does not merge.
      'no-restricted-globals': ['error', ...uiNetworkGlobals, ...domainGlobals],
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'fs', 'path', 'fastify', 'rxdb', 'dexie', 'pg', 'kysely'].map((name) => ({
            name,
            message: DOMAIN_PURITY_MESSAGE,
          })),
          patterns: [
            {
              group: [
                'react/*',
                'react-dom/*',
                'node:*',
                'fs/*',
                'path/*',
                'fastify/*',
                '@fastify/*',
                'rxdb/*',
                'dexie/*',
                'pg/*',
                'kysely/*',
              ],
              message: DOMAIN_PURITY_MESSAGE,
            },
          ],
        },
      ],
    },
  },
);

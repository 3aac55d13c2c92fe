// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

import { readdirSync } from 'node:fs';

// Every folder under apps/web/src/features is a feature; features never import each other.
const featureNames = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/web/public/mockServiceWorker.js',
      'coverage/**',
      '.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Import direction: contracts ← server, contracts ← web; the apps never import each other.
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@fiscus/*', '**/apps/**'], message: 'contracts imports nothing of ours' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'better-sqlite3',
              message:
                'import the SQLite driver from apps/server/src/db/sqlite.ts (it picks the build for this Node)',
            },
          ],
          patterns: [
            {
              group: ['@fiscus/web', '@fiscus/web/*', '**/web/src/**'],
              message: 'the server never imports the console',
            },
          ],
        },
      ],
    },
  },
  {
    // The one module that loads the SQLite driver (and takes its types).
    files: ['apps/server/src/db/sqlite.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'react-hooks/incompatible-library': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@fiscus/server', '@fiscus/server/*', '**/server/src/**'],
              message: 'the console never imports the server',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: featureNames.map((f) => ({
            target: `./apps/web/src/features/${f}`,
            from: './apps/web/src/features',
            except: [`./${f}`],
            message: 'a feature never imports another feature; share through components/ or lib/',
          })),
        },
      ],
    },
  },
  {
    // Command-line scripts and benchmarks print their results.
    files: ['scripts/**/*.mjs', 'bench/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/vitest.setup.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

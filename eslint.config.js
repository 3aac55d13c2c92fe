// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// Import boundaries (docs/architecture.md). Zones are computed from the directories, so a new
// server module or console feature is covered the moment its folder exists.
const root = path.dirname(fileURLToPath(import.meta.url));
const dirsIn = (rel) =>
  existsSync(path.join(root, rel))
    ? readdirSync(path.join(root, rel), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';

// Server: a module imports the kernel, lib/, db/, config/, the contracts, and another module
// only through that module's index.ts. The kernel (platform/) knows no module.
const serverModules = dirsIn(`${SERVER}/modules`);
const moduleZones = serverModules.map((m) => ({
  target: `./${SERVER}/modules/${m}/**`,
  from: `./${SERVER}/modules/*/**`,
  except: [`${root}/${SERVER}/modules/${m}/**`, `${root}/${SERVER}/modules/*/index.ts`],
  message: `a module reaches another module only through its index.ts (docs/architecture.md)`,
}));
const layerZones = (forTests) => [
  {
    target: `./${SERVER}/modules`,
    from: [`./${SERVER}/plugins`, `./${SERVER}/app.ts`, `./${SERVER}/server.ts`],
    message: 'a module stands on platform/, lib/, db/ and config/, never on the app or plugins',
  },
  {
    target: `./${SERVER}/platform`,
    from: [
      `./${SERVER}/modules`,
      `./${SERVER}/plugins`,
      ...(forTests ? [] : [`./${SERVER}/app.ts`, `./${SERVER}/server.ts`, `./${SERVER}/test`]),
    ],
    message: 'the kernel imports only lib/, db/, config/ and the contracts — it knows no module',
  },
  {
    target: [`./${SERVER}/lib`, `./${SERVER}/db`, `./${SERVER}/config`],
    from: [
      `./${SERVER}/platform`,
      `./${SERVER}/modules`,
      `./${SERVER}/plugins`,
      ...(forTests ? [] : [`./${SERVER}/app.ts`, `./${SERVER}/test`]),
    ],
    message: 'lib/, db/ and config/ are below the kernel and import neither it nor a module',
  },
];

// Console: every folder under features/ is a feature, and so is every folder under
// features/demo/ (the demo areas). A feature never imports another feature.
const features = [
  ...dirsIn(`${WEB}/features`).filter((f) => f !== 'demo'),
  ...dirsIn(`${WEB}/features/demo`).map((f) => `demo/${f}`),
];
const webZones = (forTests) => [
  ...features.map((f) => ({
    target: `./${WEB}/features/${f}`,
    from: `./${WEB}/features`,
    except: [`./${f}`],
    message: 'a feature never imports another feature; share through components/ or lib/',
  })),
  {
    target: [`./${WEB}/components`, `./${WEB}/lib`],
    from: [`./${WEB}/features`, `./${WEB}/app`],
    message: 'components/ and lib/ are shared by features and never import a feature or app/',
  },
  // A feature's tests may render it inside the app's providers and routes.
  ...(forTests
    ? []
    : [
        {
          target: `./${WEB}/features`,
          from: `./${WEB}/app`,
          message: 'a feature never imports app/ (the shell imports features, not the other way)',
        },
      ]),
];

// A server translator is named after its catalogue: `<catalogue>Text` (docs/architecture.md).
const translatorName = {
  selector:
    "VariableDeclarator[init.callee.name='defineMessages']:not([id.name=/^[a-z][A-Za-z]*Text$/])",
  message: 'name a translator after its catalogue: <catalogue>Text (docs/architecture.md)',
};

const appsApart = [
  {
    target: './packages/contracts',
    from: ['./apps', './e2e', './bench'],
    message: 'contracts import nothing of ours',
  },
  { target: './apps/server', from: './apps/web', message: 'the server never imports the console' },
  { target: './apps/web', from: './apps/server', message: 'the console never imports the server' },
];

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
    settings: {
      // Without these, import-x reads no .ts file when it follows imports (no-cycle saw nothing).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/contracts/tsconfig.json',
            'bench/tsconfig.json',
            'e2e/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Lazy route modules import the routes table that loads them: a cycle only through a
      // dynamic import, which cannot bite at start-up.
      'import-x/no-cycle': [
        'error',
        { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true },
      ],
      'import-x/no-duplicates': 'error',
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
      'import-x/no-restricted-paths': ['error', { zones: appsApart }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/**/*.test.ts`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...appsApart, ...moduleZones, ...layerZones(false)] },
      ],
    },
  },
  {
    // Tests build the whole app through test/helpers; they still keep out of other modules.
    files: [`${SERVER}/**/*.test.ts`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...appsApart, ...moduleZones, ...layerZones(true)] },
      ],
    },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    rules: { 'no-restricted-syntax': ['error', translatorName] },
  },
  {
    // The auth service is auth's own: other modules use what auth's index.ts exports.
    files: [`${SERVER}/modules/**/*.ts`],
    ignores: [`${SERVER}/modules/auth/**`, `${SERVER}/**/*.test.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        translatorName,
        {
          selector: "MemberExpression[property.name='authService']",
          message: "only the auth module uses app.authService; use what auth's index.ts exports",
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
      'import-x/no-restricted-paths': ['error', { zones: [...appsApart, ...webZones(false)] }],
    },
  },
  {
    // Toasts go through lib/toast.ts, which loads the toast package on the first toast
    // (docs/footprint.md); tests may render the package's container themselves. The address's
    // query goes through lib/use-address-params.ts (docs/architecture-web.md): React Router's
    // own setter builds a change on the last render's query, so a quick second change undoes
    // the first.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/lib/toast.ts',
      'apps/web/src/lib/use-address-params.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      '**/test-utils.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/notifications',
              message:
                "import { notifications } from '@/lib/toast' (it loads the toast package on the first toast)",
            },
            {
              name: 'react-router',
              importNames: ['useSearchParams'],
              message:
                "use useAddressParams from '@/lib/use-address-params' (each change builds on the last one asked for, not on the last render's query)",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...appsApart, ...webZones(true)] }],
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

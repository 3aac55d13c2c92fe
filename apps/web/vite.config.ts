import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chunkLayers } from './chunk-layers';
import { mantineStyles } from './mantine-styles';

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

const aliases = {
  '@fiscus/contracts': fileURLToPath(
    new URL('../../packages/contracts/src/index.ts', import.meta.url),
  ),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};
const consoleRoots = [src('app/shell/console-layer.ts'), src('app/layouts/main-layout.tsx')];
/**
 * The sign-in page (its layout and route) in one chunk; the console's layer (query client,
 * abilities, HTTP client, guard) with the main layout and all they import — Mantine's components
 * of the shell included — in another (chunk-layers.ts, docs/footprint.md).
 */
const layerName = chunkLayers(
  src('main.tsx'),
  aliases,
  [
    {
      name: 'sign-in',
      roots: [src('app/layouts/full-layout.tsx'), src('app/routes/auth/login.tsx')],
      // What the console's first screen uses of it too (Mantine's components): the dashboard
      // loads that part, not the sign-in form.
      shared: {
        name: 'sign-in-shared',
        roots: [
          ...consoleRoots,
          src('app/routes/fiscus/dashboard.tsx'),
          src('app/shell/search-slots.tsx'),
          src('features/ribbon/components/notifications-bell.tsx'),
        ],
      },
    },
    // The routes table with the loaders of every screen and of every translation file, loaded
    // on the first navigation beyond the sign-in page (app/router.tsx, lib/i18n.ts): one request.
    { name: 'routes', roots: [src('app/routes-table.ts'), src('lib/i18n-files.ts')] },
    { name: 'console', roots: consoleRoots },
    // The icons of the first screen's parts the shell loads after the console's layer (the
    // dashboard, the search slots, the bell): one file instead of one of 0.2 KB per icon. Other
    // screens using one of them load this file too (≈ 1 KB); their own icons stay with them.
    {
      name: 'shell-icons',
      roots: [
        src('app/routes/fiscus/dashboard.tsx'),
        src('app/shell/search-slots.tsx'),
        src('features/ribbon/components/notifications-bell.tsx'),
      ],
      only: /[\\/]node_modules[\\/]@tabler[\\/]icons-react[\\/]/,
    },
  ],
  // The schema library: only where contracts are parsed.
  /[\\/]node_modules[\\/]zod[\\/]/,
  // The UI library's modules the entry needs (its provider, Box, the hooks), in one chunk.
  { name: 'mantine-base', test: /[\\/]node_modules[\\/](@mantine[\\/][^\\/]+|clsx)[\\/]/ },
);

export default defineConfig({
  plugins: [react(), mantineStyles()],
  resolve: {
    alias: aliases,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/jwt/refresh-token': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunks of every entry and route, read by the size budgets
    // (scripts/check-bundle.mjs).
    manifest: true,
    chunkSizeWarningLimit: 500,
    // Translation files are fetched as JSON by their address (src/lib/i18n.ts): files of their
    // own, never inlined into the script that names them.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    // React DOM (with React and its scheduler) gets a chunk of its own so the entry stays under 500 KB. `includeDependenciesRecursively: false` keeps the group from pulling shared
    // dependencies along; everything else is split by imports, heavy libraries in lazy chunks.
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: layerName, debugName: 'layers' },
            // React itself and its JSX runtime with it: every page needs all three, in one request.
            {
              name: 'react-dom',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            // Parts of two lazy bundles that would pass 500 KB: the chart renderer and the mock
            // backend.
            { name: 'zrender', test: /[\\/]node_modules[\\/]zrender[\\/]/ },
            // The cookie jar the mock backend's library uses and the public-suffix list under it:
            // a leaf (it imports nothing back from the library), so its chunk runs before the
            // library's without any cycle between chunks. The library itself stays in the mock
            // backend's chunk — in a group of its own the service worker never started.
            {
              name: 'mock-cookies',
              test: /[\\/]node_modules[\\/](tough-cookie|tldts|tldts-core)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    testTimeout: 60_000,
  },
});

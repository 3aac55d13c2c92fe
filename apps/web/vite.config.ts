import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@fiscus/contracts': fileURLToPath(
        new URL('../../packages/contracts/src/index.ts', import.meta.url),
      ),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/jwt/refresh-token': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 500,
    // React DOM (and its scheduler) gets a chunk of its own so the entry stays under 500 KB. `includeDependenciesRecursively: false` keeps the group from pulling shared
    // dependencies along; everything else is split by imports, heavy libraries in lazy chunks.
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ },
            // Parts of two lazy bundles that would pass 500 KB: the chart renderer and the mock
            // backend's library.
            { name: 'zrender', test: /[\\/]node_modules[\\/]zrender[\\/]/ },
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

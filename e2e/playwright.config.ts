import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the production build served by the real server (`npm run build`
 * first). With E2E_BASE_URL set, the tests use that server and start nothing.
 *
 * The server started here gets a fresh data directory; its path is shared with the tests as
 * E2E_DATA_DIR (e.g. to read DATA_DIR/outbox). The runner and its workers load this file, so the
 * directory is created once and inherited through the environment.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const external = process.env.E2E_BASE_URL;
const port = Number(process.env.E2E_PORT ?? 3100);
if (!external && !process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'fiscus-e2e-'));
  // Removed again by the global teardown.
  process.env.E2E_DATA_DIR_OWNED = '1';
}
const baseURL = external ?? `http://localhost:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: external
    ? undefined
    : {
        command: 'node apps/server/dist/server.js',
        cwd: repoRoot,
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 60_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          DATA_DIR: process.env.E2E_DATA_DIR!,
          LOG_LEVEL: 'warn',
          // Test mode lifts the per-address limit on registration (every journey registers a
          // fresh user) and uses light password hashing; the console is the production build.
          NODE_ENV: 'test',
        },
      },
});

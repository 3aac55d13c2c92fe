import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace: contracts and server in Node, the console in jsdom,
// and the repository's tooling rules.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web',
      {
        // The repository's own rules (import boundaries).
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});

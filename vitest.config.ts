import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace: contracts and server in Node, the console in jsdom.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['engine/test/**/*.test.ts', 'test/engine/**/*.test.ts', 'test/deploy/**/*.test.ts', 'test/nodes/**/*.test.ts', 'test/credentials/**/*.test.ts', 'crm-app/test/**/*.test.ts'],
    globalSetup: ['engine/test/support/globalSetup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['engine/test/**/*.test.ts', 'test/engine/**/*.test.ts', 'test/nodes/**/*.test.ts', 'crm-app/test/**/*.test.ts'],
    globalSetup: ['engine/test/support/globalSetup.ts'],
    // Every JSON answer in the suite is checked against its route's response schema (engine/src/platform/http/openapi/responseCheck.ts).
    env: { ENGINE_CHECK_RESPONSES: '1' },
    setupFiles: ['engine/test/support/responseCheck.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

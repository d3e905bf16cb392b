import { defineConfig } from 'vitest/config';

/** `npm run test:n8n`: the community package inside a real n8n, against a real engine (see test/n8n-e2e). */
export default defineConfig({
  test: {
    include: ['test/n8n-e2e/**/*.test.ts'],
    globalSetup: ['engine/test/support/globalSetup.ts', 'test/n8n-e2e/globalSetup.ts'],
    pool: 'forks',
    // One n8n at a time: the editor test drives a browser, and two n8n instances on the machine's two
    // cores would slow each other into time-outs.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});

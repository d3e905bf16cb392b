import { defineConfig } from 'vitest/config';
import base from './vitest.config.mts';

/**
 * The tests Stryker runs against each mutant of the money path (stryker.config.mjs): those that exercise
 * credits, keys, authentication, submission, jobs and request validation in-process. Tests that spawn
 * the engine as a separate process would run the unmutated code, so they are left out. One project,
 * with the base's settings and the database project's global setup.
 */
const { pool, testTimeout, hookTimeout } = base.test!;

export default defineConfig({
  test: {
    pool,
    testTimeout,
    hookTimeout,
    globalSetup: ['engine/test/support/globalSetup.ts'],
    include: [
      'engine/test/research/*.test.ts',
      'engine/test/research/pipeline/*.test.ts',
      'engine/test/research/migrations/*.test.ts',
      'engine/test/research/writer/writerFacts.test.ts',
      'engine/test/accounts/account.db.test.ts',
      'engine/test/accounts/apiKeys.db.test.ts',
      'engine/test/accounts/billingCycle.db.test.ts',
      'engine/test/accounts/commands/accounts.db.test.ts',
      'engine/test/accounts/commands/keys.db.test.ts',
    ],
  },
});

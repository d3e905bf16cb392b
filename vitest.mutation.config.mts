import { defineConfig } from 'vitest/config';
import base from './vitest.config.mts';

/**
 * The tests Stryker runs against each mutant of the money path (stryker.config.mjs): those that exercise
 * credits, keys, authentication, submission, jobs and request validation in-process. Tests that spawn
 * the engine as a separate process would run the unmutated code, so they are left out. (Not mergeConfig:
 * it would append this list to the base's instead of replacing it.)
 */
export default defineConfig({
  test: {
    ...base.test,
    include: [
      'engine/test/research/*.test.ts',
      'engine/test/research/pipeline/*.test.ts',
      'engine/test/research/migrations/*.test.ts',
      'engine/test/research/writer/writerFacts.test.ts',
      'engine/test/accounts/account.test.ts',
      'engine/test/accounts/apiKeys.test.ts',
      'engine/test/accounts/billingCycle.test.ts',
      'engine/test/accounts/commands/accounts.test.ts',
      'engine/test/accounts/commands/keys.test.ts',
    ],
  },
});

// Mutation testing of the money path: `npm run test:mutation` (slow: most of an hour on 2 cores;
// not part of `npm test`). The report lands in reports/mutation/. See CONTRIBUTING.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.mts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'engine/src/accounts/credits.ts',
    'engine/src/accounts/apiKeys.ts',
    'engine/src/accounts/authenticate.ts',
    'engine/src/research/submit.ts',
    'engine/src/research/jobs.ts',
    'engine/src/research/request.ts',
    'engine/src/platform/emailAddress.ts',
  ],
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20_000,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
};

import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Where the test files of each package live. */
const ROOTS = ['engine/test', 'crm-app/test', 'test/engine', 'test/deploy', 'test/nodes', 'test/credentials'];
const files = (suffix: string) => ROOTS.map((root) => `${root}/**/*${suffix}`);
const DATABASE = '.db.test.ts';
const PROCESSES = '.processes.test.ts';
const GLOBAL_SETUP = ['engine/test/support/globalSetup.ts'];

/**
 * Three projects, chosen by a test file's name (CONTRIBUTING.md, "Tests"), each checked by its setup:
 * - `unit` (`*.test.ts`): no database, no process; `npm run test:unit` runs them in seconds.
 * - `database` (`*.db.test.ts`): a PostgreSQL database of the file's own, cloned from the migrated
 *   template; no process.
 * - `processes` (`*.processes.test.ts`): programs started by the test: the engine's CLI, the embedded
 *   PostgreSQL, Dovecot, Chromium, npm and n8n's scan, systemd-analyze.
 * Most of the suite waits on PostgreSQL, a child process or a timer rather than computing, so more
 * files run at once than the machine has cores, the processes project's first: its files are the
 * longest, and the shorter ones fill the time they wait.
 */
const PROJECT_ORDER = ['processes', 'database', 'unit'];

class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return PROJECT_ORDER.flatMap((name) => sorted.filter((file) => file.project.name === name));
  }
}

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 4,
    sequence: { sequencer: ProcessesFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: files('.test.ts'),
          exclude: [...files(DATABASE), ...files(PROCESSES)],
          setupFiles: ['engine/test/support/projects/noDatabase.ts', 'engine/test/support/projects/noProcesses.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'database',
          include: files(DATABASE),
          globalSetup: GLOBAL_SETUP,
          setupFiles: ['engine/test/support/projects/noProcesses.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          include: files(PROCESSES),
          globalSetup: GLOBAL_SETUP,
        },
      },
    ],
  },
});

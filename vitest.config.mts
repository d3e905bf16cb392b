import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Where the test files of each package live. */
const ROOTS = ['engine/test', 'crm-app/test', 'test/engine', 'test/dashboard', 'test/deploy', 'test/docs', 'test/nodes', 'test/credentials'];
const files = (suffix: string) => ROOTS.map((root) => `${root}/**/*${suffix}`);
const DATABASE = '.db.test.ts';
const PROCESSES = '.processes.test.ts';
const GLOBAL_SETUP = ['engine/test/support/globalSetup.ts'];
/**
 * The React 18 that @hubspot/ui-extensions renders with (its own copy, nested in its folder): the app
 * card's components must use that one, not crm-app's or the dashboard's, or their hooks meet another React.
 */
const UI_EXTENSIONS_REACT = fileURLToPath(new URL('node_modules/@hubspot/ui-extensions/node_modules/react', import.meta.url));

/**
 * Three projects, chosen by a test file's name (CONTRIBUTING.md, "Tests"), each checked by its setup:
 * - `unit` (`*.test.ts`): no database, no process; `npm run test:unit` runs them alone, in under a minute.
 *   Not isolated: the files a worker runs share one module graph, so the engine's modules are loaded once
 *   per worker rather than once per file; a file puts back the global state it changes (nock's net
 *   connect, spies on globals) in its `afterAll`.
 * - `database` (`*.db.test.ts`): a PostgreSQL database of the file's own, cloned from the migrated
 *   template; no process. Not isolated either, for the same reason (loading the engine's module graph was
 *   half the project's CPU): a file stops the engines it starts and puts back what it changes, and nock,
 *   which holds every socket of the process once on, is off when a file starts (`useNock()` turns it on).
 * - `processes` (`*.processes.test.ts`): programs started by the test: the engine's CLI, the embedded
 *   PostgreSQL, Dovecot, Chromium, npm and n8n's scan, systemd-analyze.
 * Most of the suite waits on PostgreSQL, a child process or a timer rather than computing, so more
 * files run at once than the machine has cores. The processes project's files are the longest and the
 * heaviest (each starts engines and PostgreSQL servers), so they start first, each followed by two of
 * the database project's, so that they do not all start engines at the same time; the unit files
 * (threads: they start faster than processes) fill in at the end, then the dashboard's components (jsdom).
 */
class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const of = (name: string) => sorted.filter((file) => file.project.name === name);
    const processes = of('processes');
    const database = of('database');
    const alternated = processes.flatMap((file, index) => [file, ...database.slice(index * 2, index * 2 + 2)]);
    return [...alternated, ...database.slice(processes.length * 2), ...of('unit'), ...of('dashboard'), ...of('hubspot-ui')];
  }
}

export default defineConfig({
  test: {
    env: {
      // Every JSON answer in the suite is checked against its route's response schema (engine/src/platform/http/openapi/responseCheck.ts).
      ENGINE_CHECK_RESPONSES: '1',
      // The programs the processes tests start (the engine's CLI dozens of times, npm) keep what Node
      // compiled of their modules on disk (.cache/, kept by npm ci), and the next start reuses it (about
      // 0.6 s of 2.7 s per CLI start).
      NODE_COMPILE_CACHE: fileURLToPath(new URL('.cache/node-compile-cache', import.meta.url)),
    },
    pool: 'forks',
    maxWorkers: 3,
    sequence: { sequencer: ProcessesFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        // The dashboard's components, rendered in jsdom against a scripted engine (dashboard/test/engine.tsx).
        // Not isolated (one jsdom a worker, half the project's time): each test's scripted fetch is put back after it.
        extends: true,
        plugins: [react()],
        test: {
          name: 'dashboard',
          environment: 'jsdom',
          isolate: false,
          unstubGlobals: true,
          include: ['dashboard/test/**/*.test.ts', 'dashboard/test/**/*.test.tsx'],
          setupFiles: ['dashboard/test/setup.ts'],
        },
      },
      {
        // The HubSpot app card's components (crm-app/src/app/cards), rendered with HubSpot's own testing
        // utilities (@hubspot/ui-extensions/testing): no DOM, the React it renders with.
        extends: true,
        resolve: {
          alias: [
            { find: /^react$/, replacement: UI_EXTENSIONS_REACT },
            { find: /^react\/(.*)$/, replacement: `${UI_EXTENSIONS_REACT}/$1` },
          ],
        },
        test: {
          name: 'hubspot-ui',
          pool: 'threads',
          include: ['crm-app/test/**/*.ui.test.tsx'],
          setupFiles: ['engine/test/support/projects/noDatabase.ts', 'engine/test/support/projects/noProcesses.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          pool: 'threads',
          isolate: false,
          include: files('.test.ts'),
          exclude: [...files(DATABASE), ...files(PROCESSES)],
          setupFiles: ['engine/test/support/projects/noDatabase.ts', 'engine/test/support/projects/noProcesses.ts', 'engine/test/support/responseCheck.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'database',
          isolate: false,
          include: files(DATABASE),
          globalSetup: GLOBAL_SETUP,
          setupFiles: ['engine/test/support/projects/noProcesses.ts', 'engine/test/support/projects/nockOff.ts', 'engine/test/support/responseCheck.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          include: files(PROCESSES),
          // Browsers and spawned engines on a busy 2-core machine: a poll fails when its value never comes, not when it is slow.
          expect: { poll: { timeout: 15_000 } },
          globalSetup: [...GLOBAL_SETUP, 'engine/test/support/clusterTemplate.ts'],
          setupFiles: ['engine/test/support/responseCheck.ts'],
        },
      },
    ],
  },
});

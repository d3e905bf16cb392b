import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

/**
 * Setup of the `unit` and `database` projects: their tests start no process. Starting one fails the
 * test with the rule, so a test that spawns the engine, PostgreSQL, a mail server or any other program
 * is named `*.processes.test.ts` and runs in the `processes` project.
 */
const refuse = (): never => {
  throw new Error('this test starts a process: name the file *.processes.test.ts (see CONTRIBUTING.md, "Tests")');
};
for (const name of ['exec', 'execFile', 'execFileSync', 'execSync', 'fork', 'spawn', 'spawnSync'] as const) {
  Object.assign(childProcess, { [name]: refuse });
}
syncBuiltinESMExports();

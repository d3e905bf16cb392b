import { describe, expect, it } from 'vitest';
import { CLI, runCliWith } from '../../support/processes.ts';

/** The exit code and the one line a shell sees from `prospect-engine` itself (the in-process tests: commandLine.test.ts). */
describe('prospect-engine refusing a misspelt command line, as a process', () => {
  // A loaded machine takes its time to start Node.js with the engine's modules.
  it('exits 2 with one line on standard error and, with --json, the code on standard output', { timeout: 120_000 }, async () => {
    const result = await runCliWith(process.execPath, [CLI, 'keys', 'list', '--acount', '2', '--json'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("prospect-engine: unknown option '--acount' (did you mean --account?)\n");
    expect(JSON.parse(result.stdout)).toEqual({ error: 'unknown_option', message: "unknown option '--acount' (did you mean --account?)" });
  });
});

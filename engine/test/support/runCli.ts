import { fileURLToPath } from 'node:url';
import { runCli as run } from '../../src/app/cli/program.ts';
import { engineModules } from '../../src/app/modules.ts';

/** The CLI as ops run it: `node engine/bin/prospect-engine.js ...` (the start-up tests run it as a process). */
export const CLI = fileURLToPath(new URL('../../bin/prospect-engine.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real CLI program in this process (the program `prospect-engine` runs, with the engine's
 * modules), with `env` on top of a copy of ours; an undefined value removes a variable.
 */
export async function runCli(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  let stdout = '';
  let stderr = '';
  const code = await run(args, await engineModules(), { env: childEnv, stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}

/** A CLI bound to one database. `json` runs with `--json` and parses standard output. */
export function cliFor(databaseUrl: string) {
  const run = (...args: string[]) => runCli(args, { DATABASE_URL: databaseUrl });
  return {
    run,
    /** Runs with `--json`; fails the test unless the command succeeds, and returns what it printed. */
    async json<T = Record<string, unknown>>(...args: string[]): Promise<T> {
      const result = await run(...args, '--json');
      if (result.code !== 0) throw new Error(`prospect-engine ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
      return JSON.parse(result.stdout) as T;
    },
    /** Runs with `--json` and returns the whole result, for commands expected to fail. */
    async fails(...args: string[]): Promise<CliResult & { json: unknown }> {
      const result = await run(...args, '--json');
      let json: unknown;
      try {
        json = JSON.parse(result.stdout);
      } catch {
        json = undefined;
      }
      return { ...result, json };
    },
  };
}

export type Cli = ReturnType<typeof cliFor>;

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The CLI as ops run it: `node engine/bin/prospect-engine.js ...`. */
export const CLI = fileURLToPath(new URL('../../bin/prospect-engine.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI in a child process (this Node.js) with `env` on top of a copy of ours. */
export function runCli(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: childEnv, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
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

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { PASSWORD_FILE } from '../../src/platform/database/clusterPassword.ts';
import { FAILED, READY } from './clusterTemplate.ts';
import { CLI } from './runCli.ts';

export { CLI };

/** The project's root, where `npm start` runs. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Our environment with `env` on top; an undefined value removes the variable. */
export function environment(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete result[name];
    else result[name] = value;
  }
  return result;
}

/** Runs `node args...` to the end. */
export function runCliWith(node: string, args: string[], env: Record<string, string | undefined>, options: { cwd?: string } = {}): Promise<ProcessResult> {
  return new Promise((resolve) => {
    execFile(node, args, { env: environment(env), timeout: 60_000, cwd: options.cwd }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

/** A long-running `prospect-engine <args>` whose output is collected as it comes. */
export interface RunningCli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once standard output (or `stream`: the first start's banner is on standard error) matches `pattern`; rejects if the process ends first or after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs: number, stream?: 'stdout' | 'stderr'): Promise<RegExpExecArray>;
  /** Sends `signal` to the process, or with `group` to its whole process group, as a terminal's Ctrl-C does. */
  signal(signal: NodeJS.Signals, options?: { group?: boolean }): void;
  /** Resolves with the exit code and signal; rejects after `timeoutMs`. */
  exited(timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnCli(args: string[], env: Record<string, string | undefined>): RunningCli {
  return collect(spawn(process.execPath, [CLI, ...args], { env: environment(env), stdio: ['ignore', 'pipe', 'pipe'] }));
}

/**
 * `npm start` in the project's root, as a person starts it in a terminal: in a process group of its
 * own (the terminal's foreground group), so that `signal('SIGINT', {group: true})` is a Ctrl-C.
 */
export function spawnNpmStart(env: Record<string, string | undefined>): RunningCli {
  return collect(spawn('npm', ['start'], { cwd: PROJECT_ROOT, env: environment(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true }));
}

function collect(child: ChildProcess): RunningCli {
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const describe = () => `\nstdout:\n${stdout}\nstderr:\n${stderr}`;
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    signal(signal, options = {}) {
      if (options.group) process.kill(-child.pid!, signal);
      else child.kill(signal);
    },
    waitForOutput(pattern, timeoutMs, stream = 'stdout') {
      const source = stream === 'stdout' ? child.stdout! : child.stderr!;
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(stream === 'stdout' ? stdout : stderr);
          if (match) {
            finish();
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms${describe()}`));
        }, timeoutMs);
        const onExit = (code: number | null) => {
          finish();
          reject(new Error(`process exited (${code}) before printing ${pattern}${describe()}`));
        };
        const finish = () => {
          clearTimeout(timer);
          source.off('data', check);
          child.off('exit', onExit);
        };
        source.on('data', check);
        child.once('exit', onExit);
        check();
      });
    },
    exited(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`process still running after ${timeoutMs} ms${describe()}`)), timeoutMs);
      });
      return Promise.race([exit, timeout]).finally(() => clearTimeout(timer));
    },
  };
}

/** A connection string to the embedded cluster of `dataDir` while it runs, with the password the engine keeps there. */
export function embeddedUrl(dataDir: string, database = 'prospect'): string {
  const password = readFileSync(join(dataDir, PASSWORD_FILE), 'utf8').trim();
  return `postgres://postgres:${password}@127.0.0.1:${postmaster(dataDir)!.port}/${database}`;
}

/** The embedded cluster's process id and port from `postmaster.pid`, while it runs. */
export function postmaster(dataDir: string): { pid: number; port: number } | undefined {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const [pid, , , port] = readFileSync(file, 'utf8').split('\n');
  return { pid: Number(pid), port: Number(port) };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether the process is gone, or left only as a zombie (its parent, not us, has yet to reap it). */
export function isGone(pid: number): boolean {
  if (!isAlive(pid)) return true;
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? false;
  } catch {
    return true;
  }
}

/**
 * The PostgreSQL servers (postmasters) running on a cluster in `dataDir` (Linux: read from /proc). A
 * server's own children, started with its command line, are not counted.
 */
export function postgresProcesses(dataDir: string): number[] {
  const clusterDir = join(dataDir, 'postgres');
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!command[0]?.endsWith('/postgres') || !command.includes(clusterDir) || isGone(Number(entry))) continue;
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      parents.set(Number(entry), parent);
    } catch {}
  }
  return [...parents].filter(([, parent]) => !parents.has(parent)).map(([pid]) => pid);
}

/** Polls `check` every 50 ms until it holds; fails with `what` after `timeoutMs`. */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A TCP server holding a port on 127.0.0.1, as another program would. */
export function holdPort(): Promise<{ port: number; server: Server }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address === 'object' && address) resolve({ port: address.port, server });
      else reject(new Error('no port'));
    });
  });
}

/** Lines of output that are part of a stack trace, or error-level log lines. */
export function troubleIn(output: string): string[] {
  return output.split('\n').filter((line) => /^\s+at /.test(line) || /"level":(50|60)/.test(line) || /\\n\s+at /.test(line));
}

/**
 * A new data directory (named `prefix`...) holding an embedded PostgreSQL cluster as `initdb` leaves it,
 * stopped: a copy of the run's template (clusterTemplate.ts), owned by the user the server runs as. For
 * tests whose subject is not the creation of a cluster; those start from an empty directory.
 */
export async function initialisedDataDir(prefix: string): Promise<string> {
  const template = inject('clusterTemplate');
  await eventually('the embedded cluster template', () => existsSync(join(template, READY)) || existsSync(join(template, FAILED)), 120_000);
  if (existsSync(join(template, FAILED))) throw new Error(`no embedded cluster template: ${readFileSync(join(template, FAILED), 'utf8')}`);
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  // cp -a keeps the files' owner (the `postgres` user when the tests run as root) and modes.
  await promisify(execFile)('cp', ['-a', join(template, 'postgres'), join(template, PASSWORD_FILE), dataDir]);
  return dataDir;
}

/** After the tests of a file: stops what is still running on `dataDir` (only after a failure is anything) and removes it. */
export async function removeDataDir(dataDir: string): Promise<void> {
  for (const pid of postgresProcesses(dataDir)) process.kill(pid, 'SIGINT');
  // A server shutting down still writes to the directory: removing it first would leave files behind.
  await eventually(`the PostgreSQL servers on ${dataDir} to stop`, () => postgresProcesses(dataDir).length === 0).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}

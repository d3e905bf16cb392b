/**
 * A real n8n (installed from the npm registry by install-n8n.sh) with our packed community package in
 * its nodes folder, as a user installs it by hand, driven through n8n's own CLI: import credentials and
 * workflows, then execute one workflow headless and read its run data. Used by the end-to-end test
 * (research.test.ts beside this file) and by `npm run bench`.
 *
 * Terminology: the *installation* is the n8n folder the script fills once per version; an *instance*
 * is one user folder on top of it (its own SQLite database, encryption key and task-broker port), so
 * instances never see each other's workflows or credentials.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const INSTALL_SCRIPT = join(ROOT, 'test', 'n8n-e2e', 'install-n8n.sh');
/** Our package's name; n8n names its node types `<package>.<node>`. */
export const PACKAGE_NAME = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).name as string;

/** One execution may take this long before it is killed: a node waits at most 210 s by default. */
const EXECUTE_TIMEOUT_MS = 5 * 60_000;
/** One request to n8n's editor server (a credential test waits for our engine at most this long too). */
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Installs n8n once (the script keeps it in a cache folder; minutes the first time, instant after) and
 * returns its folder. Progress goes to standard error.
 */
export function installN8n(): string {
  const result = spawnSync('bash', [INSTALL_SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`installing n8n failed (exit ${result.status}): ${result.stdout.slice(-2000)}`);
  const lines = result.stdout.trim().split('\n');
  return lines[lines.length - 1]!;
}

/**
 * Builds the community package (`npm run build` assembles it in build/n8n-package, see tsup.config.ts)
 * and packs that folder (`npm pack`) into `destination`, as it is published; returns the tarball.
 */
export function packCommunityPackage(destination: string): string {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: join(ROOT, 'build', 'n8n-package'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [tarball] = JSON.parse(packed) as Array<{ filename: string }>;
  return join(destination, tarball!.filename);
}

export interface OutputItem {
  json: Record<string, unknown>;
  pairedItem?: { item: number } | Array<{ item: number }>;
}

export interface NodeRun {
  /** Milliseconds n8n measured around the node's `execute`. */
  executionTime: number;
  executionStatus: string;
  data?: { main: Array<OutputItem[] | null> };
  error?: Record<string, unknown> & { message?: string; name?: string; description?: string };
}

export interface Execution {
  status: string;
  /** The workflow's error when it stopped on one (the node's error as n8n serialised it). */
  error?: Record<string, unknown> & { message: string; name?: string; description?: string; context?: Record<string, unknown> };
  runData: Record<string, NodeRun[]>;
  /** What n8n printed, for failure messages. */
  log: string;
}

/** The items a node put on its first output in its first run. */
export function outputOf(execution: Execution, node: string): OutputItem[] {
  const run = execution.runData[node]?.[0];
  if (!run) throw new Error(`node "${node}" did not run:\n${execution.log.slice(-3000)}`);
  return run.data?.main[0] ?? [];
}

export interface Credential {
  id: string;
  name: string;
  type: string;
  data: Record<string, unknown>;
}

export interface CredentialTest {
  status: 'OK' | 'Error';
  message: string;
}

/** n8n's editor server (`n8n start`) with its owner set up and signed in. */
export interface N8nServer {
  url: string;
  /** The signed-in owner's session cookie (`name=value`), for a browser to open the editor with. */
  cookie: string;
  /** Saves a credential and runs its test, as the editor does when a user saves one. */
  testCredential(type: string, data: Record<string, unknown>): Promise<CredentialTest>;
  /** n8n's editor API as the signed-in owner: `/rest{path}`, its `data` (throws on an error status). */
  rest(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

export interface N8nInstance {
  importCredentials(credentials: Credential[]): Promise<void>;
  /** Workflows as n8n exports them (`id`, `name`, `nodes`, `connections`...). */
  importWorkflows(workflows: Record<string, unknown>[]): Promise<void>;
  /** `n8n execute --id --rawOutput`: the run data, also when the workflow stopped on an error. */
  execute(workflowId: string): Promise<Execution>;
  /**
   * Starts the editor server on a free port (one at a time; `execute` shares its task-broker port).
   * Its webhooks' base URL is its own loopback address (n8n's default names `localhost`).
   */
  serve(): Promise<N8nServer>;
  remove(): void;
}

export interface InstanceOptions {
  /**
   * Start n8n's task runner (the process that runs Code nodes; default true). Without it n8n runs
   * every other node as usual. `n8n execute` starts the runner as it starts the workflow, so the
   * runner's boot (a second Node process loading its modules) shares the CPU with the workflow's first
   * nodes; in a running n8n it has long been up.
   */
  taskRunner?: boolean;
}

/** A new user folder on top of `installation` with the packed package unpacked into its nodes folder. */
export async function createN8nInstance(installation: string, tarball: string, options: InstanceOptions = {}): Promise<N8nInstance> {
  const userFolder = mkdtempSync(join(tmpdir(), 'prospect-n8n-'));
  const packageDir = join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
  mkdirSync(packageDir, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1']);
  const env = {
    ...process.env,
    // Under a test runner NODE_ENV is `test`, in which n8n prints nothing: run it as a user would.
    NODE_ENV: 'production',
    N8N_USER_FOLDER: userFolder,
    N8N_RUNNERS_BROKER_PORT: String(await freePort()),
    // The default expression engine now and then crashed n8n after it printed its result; this one did not.
    N8N_EXPRESSION_ENGINE: 'legacy',
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    // `execute` prints a failed run at info level.
    N8N_LOG_LEVEL: 'info',
    // External runners are started by someone else: here, by no one.
    ...(options.taskRunner === false ? { N8N_RUNNERS_MODE: 'external', N8N_RUNNERS_AUTH_TOKEN: randomUUID() } : {}),
  };
  const bin = join(installation, 'node_modules', 'n8n', 'bin', 'n8n');

  function n8n(args: string[]): Promise<{ code: number | null; signal: string | null; stdout: string; output: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        output += chunk.toString('utf8');
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const timer = setTimeout(() => child.kill('SIGKILL'), EXECUTE_TIMEOUT_MS);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, stdout, output });
      });
    });
  }

  async function importFile(command: string, contents: unknown[]): Promise<void> {
    const file = join(userFolder, `${command.replace(':', '-')}.json`);
    writeFileSync(file, JSON.stringify(contents));
    const result = await n8n([command, `--input=${file}`]);
    rmSync(file);
    if (result.code !== 0) throw new Error(`n8n ${command} failed (exit ${result.code}):\n${result.output.slice(-3000)}`);
  }

  return {
    importCredentials: (credentials) => importFile('import:credentials', credentials),
    importWorkflows: (workflows) => importFile('import:workflow', workflows),
    async execute(workflowId) {
      const result = await n8n(['execute', `--id=${workflowId}`, '--rawOutput']);
      // Logs and the run share standard output: the run is the block from a line "{" to a line "}".
      const block = /^\{$[\s\S]*?^\}$/m.exec(result.stdout);
      const failed = (why: string) => new Error(`n8n execute ${why} (exit ${result.code ?? result.signal}):\n${result.output.slice(-3000)}`);
      if (!block) throw failed('printed no run');
      let run: { status: string; data: { resultData: { runData?: Record<string, NodeRun[]>; error?: Execution['error'] } } };
      try {
        run = JSON.parse(block[0]);
      } catch {
        throw failed('printed a run that is not JSON');
      }
      return { status: run.status, error: run.data.resultData.error, runData: run.data.resultData.runData ?? {}, log: result.output };
    },
    serve: async () => serve(bin, env),
    remove: () => rmSync(userFolder, { recursive: true, force: true }),
  };
}

const OWNER = { email: 'owner@example.com', firstName: 'Test', lastName: 'Owner', password: 'Prospect-Research-1' };

async function serve(bin: string, instanceEnv: NodeJS.ProcessEnv): Promise<N8nServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { N8N_WEBHOOK_URL: `${url}/`, ...instanceEnv, N8N_PORT: String(port), N8N_LISTEN_ADDRESS: '127.0.0.1', N8N_SECURE_COOKIE: 'false' };
  const child = spawn(process.execPath, [bin, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`n8n start exited (${child.exitCode ?? child.signalCode}):\n${output.slice(-3000)}`);
      const ready = await fetch(`${url}/healthz/readiness`, { signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`n8n start was not ready in 120 s:\n${output.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const setup = await fetch(`${url}/rest/owner/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const cookie = setup.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    if (!setup.ok || !cookie) throw new Error(`n8n owner setup answered ${setup.status}: ${await setup.text()}`);
    const request = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const response = await fetch(`${url}/rest${path}`, {
        method,
        headers: { 'content-type': 'application/json', cookie },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`n8n ${method} /rest${path} answered ${response.status}: ${text}`);
      return (JSON.parse(text) as { data: Record<string, unknown> }).data;
    };
    const rest = (path: string, body: unknown) => request('POST', path, body);
    let saved = 0;
    return {
      url,
      cookie,
      async testCredential(type, data) {
        const name = `credential ${++saved}`;
        const { id } = await rest('/credentials', { name, type, data });
        return (await rest('/credentials/test', { credentials: { id, name, type, data } })) as unknown as CredentialTest;
      },
      rest: request,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

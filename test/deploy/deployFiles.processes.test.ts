import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { type Copy, DockerfileParser, type Instruction, type JSONInstruction } from 'dockerfile-ast';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The deployment files of docs/deploying.md, checked as far as these machines allow: the systemd unit
 * with `systemd-analyze verify`; the Dockerfile and the compose file, which no container daemon here
 * can build or run, parsed and held against the repository (the files they copy exist, the command is
 * `npm start`'s, the settings they pass are documented).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const manifest = JSON.parse(read('package.json')) as { scripts: Record<string, string>; workspaces: string[] };
/** `npm start`'s command, split into words: `node engine/bin/prospect-engine.js serve`. */
const START = manifest.scripts.start!.split(' ');
/** What a server runs: npm start's command, with the first start's API key kept out of the logs. */
const SERVER_START = [...START, '--quiet-bootstrap'];

/** The variables of the README's configuration table. */
const configuration = read('README.md')
  .split(/^## /m)
  .find((section) => section.startsWith('Configuration\n'))!;
const documented = new Set([...configuration.matchAll(/^\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) \|/gm)].flatMap((row) => [...row[1]!.matchAll(/`([A-Z_]+)`/g)].map((name) => name[1]!)));

describe('the configuration table the deployment files are checked against', () => {
  it('lists the engine settings', () => {
    for (const name of ['DATABASE_URL', 'DATA_DIR', 'HOST', 'PORT', 'OPENAI_API_KEY', 'APOLLO_API_KEY', 'RESEARCH_RETENTION_DAYS']) expect(documented).toContain(name);
  });
});

describe('deploy/engine.env.example', () => {
  it('sets only documented variables', () => {
    const names = read('deploy/engine.env.example')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.split('=')[0]!);
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) expect(documented, name).toContain(name);
  });
});

const systemdAnalyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((path) => existsSync(path));
const UNIT = 'deploy/prospect-engine.service';

describe(`${UNIT}`, () => {
  const unit = read(UNIT);
  const setting = (key: string) => [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1]!);
  const dir = mkdtempSync(join(tmpdir(), 'prospect-unit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("runs npm start's command (with --quiet-bootstrap) with Node from the installed checkout, and passes only documented settings", () => {
    const [exec] = setting('ExecStart');
    const [workingDirectory] = setting('WorkingDirectory');
    const [node, script, ...args] = exec!.split(' ');
    expect(node).toMatch(/^\/.*\/node$/);
    expect([SERVER_START[0], `${workingDirectory}/${SERVER_START[1]}`, ...SERVER_START.slice(2)]).toEqual(['node', script, ...args]);
    for (const line of setting('Environment')) {
      const name = line.split('=')[0]!;
      if (name !== 'NODE_ENV') expect(documented, name).toContain(name);
    }
  });

  it.skipIf(!systemdAnalyze)(`passes systemd-analyze verify without a warning${systemdAnalyze ? '' : ' (skipped: systemd-analyze is not installed; Debian package systemd)'}`, async () => {
    // verify checks that ExecStart's program exists: Node's path is this machine's, the rest is the unit as committed.
    const copy = join(dir, 'prospect-engine.service');
    writeFileSync(copy, unit.replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`));
    const result = await new Promise<{ code: number; output: string }>((resolvePromise) =>
      execFile(systemdAnalyze!, ['verify', copy], (error, stdout, stderr) => resolvePromise({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` })),
    );
    expect(result).toEqual({ code: 0, output: '' });
  });
});

describe('Dockerfile', () => {
  const instructions = DockerfileParser.parse(read('Dockerfile')).getInstructions();
  const all = (keyword: string) => instructions.filter((instruction) => instruction.getKeyword() === keyword);
  const args = (instruction: Instruction) => instruction.getArguments().map((arg) => arg.getValue());
  const json = (instruction: Instruction) => (instruction as JSONInstruction).getJSONStrings().map((arg) => arg.getJSONValue());
  /** The final stage's instructions: what the image is (a stage before it builds the dashboard). */
  const lastStage = instructions.slice(instructions.findLastIndex((instruction) => instruction.getKeyword() === 'FROM'));
  const stageCopies = lastStage.filter((instruction) => instruction.getKeyword() === 'COPY');
  const fromStage = (copy: Instruction) => (copy as Copy).getFromFlag() !== null;
  /** Sources taken from the build context (the repository). */
  const copied = stageCopies
    .filter((copy) => !fromStage(copy))
    .flatMap((copy) =>
      args(copy)
        .filter((arg) => !arg.startsWith('--'))
        .slice(0, -1),
    );
  /** Destinations filled from the dashboard's build stage. */
  const built = stageCopies.filter(fromStage).map((copy) => args(copy).at(-1)!);

  it("builds on Node 24's official image for production, with production dependencies only", () => {
    for (const from of all('FROM')) expect(args(from)[0]).toMatch(/^node:24(-|$)/);
    expect(lastStage.filter((instruction) => instruction.getKeyword() === 'ENV').flatMap(args)).toContain('NODE_ENV=production');
    const install = lastStage
      .filter((instruction) => instruction.getKeyword() === 'RUN')
      .map((run) => args(run).join(' '))
      .find((command) => command.includes('npm ci'));
    expect(install).toContain('--omit=dev');
    // The dashboard, built in its own stage, arrives as built files only.
    expect(built).toEqual(['dashboard/dist']);
  });

  it('copies only files that exist, and every file the engine needs at run time', () => {
    for (const source of copied) expect(existsSync(join(ROOT, source)), source).toBe(true);
    // The lock file and every workspace's manifest, before the install.
    for (const workspace of manifest.workspaces) {
      expect(copied).toContain(`${workspace}/package.json`);
      if (workspace === 'dashboard') continue; // its built files, checked above
      const pkg = JSON.parse(read(`${workspace}/package.json`)) as { bin?: Record<string, string>; exports?: Record<string, string>; 'prospect-engine'?: { module: string } };
      // The engine: its bin, its entry and its migrations; an extension package: its module and migrations.
      const entries = pkg['prospect-engine'] ? [dirname(pkg['prospect-engine'].module)] : [...Object.values(pkg.bin ?? {}), pkg.exports?.['.'] ?? ''];
      const runtime = [...entries, 'migrations/'].map((path) => join(workspace, path));
      for (const path of runtime)
        expect(
          copied.some((source) => path === source || path.startsWith(`${source}/`)),
          path,
        ).toBe(true);
    }
    expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json']));
  });

  it("runs npm start's command (with --quiet-bootstrap) as the image's non-root node user, and probes /health", () => {
    const user = instructions.findIndex((instruction) => instruction.getKeyword() === 'USER');
    const cmd = instructions.findIndex((instruction) => instruction.getKeyword() === 'CMD');
    expect(args(instructions[user]!)).toEqual(['node']);
    expect(user).toBeLessThan(cmd);
    expect(json(instructions[cmd]!)).toEqual(SERVER_START);
    expect(all('HEALTHCHECK')[0]!.getArgumentsContent()).toContain('/health');
  });
});

describe('deploy/compose.yaml', () => {
  const compose = parse(read('deploy/compose.yaml')) as {
    services: Record<
      string,
      {
        image?: string;
        build?: { context: string; dockerfile: string };
        environment?: Record<string, string>;
        env_file?: { path: string }[];
        depends_on?: Record<string, { condition: string }>;
        healthcheck?: { test: string[] };
        ports?: string[];
        volumes?: string[];
        init?: boolean;
      }
    >;
    volumes: Record<string, unknown>;
  };
  const { engine, db } = compose.services;

  it('builds the engine from the Dockerfile at the repository root', () => {
    const context = resolve(ROOT, 'deploy', engine!.build!.context);
    expect(context).toBe(ROOT);
    expect(existsSync(join(context, engine!.build!.dockerfile))).toBe(true);
  });

  it('starts the engine once PostgreSQL answers, and points DATABASE_URL at it', () => {
    expect(engine!.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(db!.healthcheck!.test.join(' ')).toContain('pg_isready');
    const url = new URL(engine!.environment!.DATABASE_URL!.replace('${POSTGRES_PASSWORD}', 'secret'));
    expect(url.hostname).toBe('db');
    expect(url.username).toBe(db!.environment!.POSTGRES_USER);
    expect(url.pathname).toBe(`/${db!.environment!.POSTGRES_DB}`);
    for (const name of Object.keys(engine!.environment!)) expect(documented, name).toContain(name);
  });

  it('keeps the database in a named volume where its PostgreSQL image keeps its data', () => {
    const major = Number(/^postgres:(\d+)/.exec(db!.image!)?.[1]);
    expect(major).toBeGreaterThanOrEqual(13);
    const [volume, target] = db!.volumes![0]!.split(':');
    expect(compose.volumes).toHaveProperty(volume!);
    // From PostgreSQL 18 the image keeps its data in /var/lib/postgresql/<major>/docker; before, in /var/lib/postgresql/data.
    expect(target).toBe(major >= 18 ? '/var/lib/postgresql' : '/var/lib/postgresql/data');
  });

  it('publishes the API on the loopback interface only, for a reverse proxy in front', () => {
    expect(engine!.ports).toEqual(['127.0.0.1:3000:3000']);
    expect(engine!.init).toBe(true);
    expect(engine!.env_file).toEqual([{ path: 'engine.env', required: false }]);
    expect(existsSync(join(ROOT, 'deploy', 'engine.env.example'))).toBe(true);
    expect(dirname(join(ROOT, 'deploy', engine!.env_file![0]!.path))).toBe(join(ROOT, 'deploy'));
  });
});

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { type Copy, DockerfileParser, type Instruction, type JSONInstruction } from 'dockerfile-ast';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The deployment files of docs/deploying.md, checked as far as these machines allow: the systemd unit
 * with `systemd-analyze verify`; the compose file against the Compose Specification's schema (dclint);
 * the Dockerfile and the compose file, which no container daemon here can build or run, parsed and held
 * against the repository (the files they copy exist, the command is `npm start`'s, the settings they pass
 * are documented).
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
        logging?: { driver: string; options: Record<string, string> };
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
    // The port the engine is told to listen on is the one published (PORT, 3000 by default).
    expect(engine!.ports).toEqual(['127.0.0.1:${PORT:-3000}:${PORT:-3000}']);
    expect(engine!.environment!.PORT).toBe('${PORT:-3000}');
    expect(engine!.init).toBe(true);
    expect(engine!.env_file).toEqual([{ path: 'engine.env', required: false }]);
    expect(existsSync(join(ROOT, 'deploy', 'engine.env.example'))).toBe(true);
    expect(dirname(join(ROOT, 'deploy', engine!.env_file![0]!.path))).toBe(join(ROOT, 'deploy'));
  });

  it("rotates every service's logs", () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.logging, name).toEqual({ driver: 'json-file', options: { 'max-size': expect.stringMatching(/^\d+m$/), 'max-file': expect.stringMatching(/^\d+$/) } });
    }
  });
});

/** dclint's findings on a compose file, with the repository's configuration (.dclintrc.yaml). */
async function dclint(path: string): Promise<{ rule: string; message: string }[]> {
  const output = await new Promise<string>((resolvePromise) =>
    execFile(join(ROOT, 'node_modules/.bin/dclint'), ['--config', join(ROOT, '.dclintrc.yaml'), '--formatter', 'json', path], { cwd: ROOT }, (_error, stdout) => resolvePromise(stdout)),
  );
  return (JSON.parse(output) as { messages: { rule: string; message: string }[] }[]).flatMap((file) => file.messages);
}

describe('deploy/compose.yaml against the Compose Specification', () => {
  // No `docker compose` v2 on these machines (Debian 12's docker-compose 1.29 predates the current
  // specification): dclint validates against the specification's JSON schema, as `docker compose
  // config` does, and adds its checks for mistakes the schema allows.
  const dir = mkdtempSync(join(tmpdir(), 'prospect-compose-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const variant = (name: string, from: string, to: string) => {
    const source = read('deploy/compose.yaml');
    expect(source).toContain(from);
    const path = join(dir, name);
    writeFileSync(path, source.replace(from, to));
    return path;
  };

  it('is valid, with nothing to report', async () => {
    expect(await dclint('deploy/compose.yaml')).toEqual([]);
  });

  it('would be refused with a key the specification does not have, or a port open on every interface', async () => {
    const misspelt = await dclint(variant('misspelt.yaml', '    depends_on:\n      db:', '    depend_on:\n      db:'));
    expect(misspelt).toEqual([expect.objectContaining({ rule: 'invalid-schema', message: expect.stringContaining('/services/engine') })]);
    const open = await dclint(variant('open.yaml', '"127.0.0.1:9090:9090"', '"9090:9090"'));
    expect(open).toEqual([expect.objectContaining({ rule: 'no-unbound-port-interfaces' })]);
  });
});

describe('the image outside compose', () => {
  it("runs under an init in the docs' docker run, and keeps env files and the metrics token out of the build context", () => {
    const runs = read('docs/deploying.md').match(/docker run [^`]*/g) ?? [];
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) expect(run).toContain('--init');
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['*.env', '.env*', 'deploy/metrics-token', '**/node_modules', '.data']));
    // The example is the one env file an image may carry (it holds no secret).
    expect(ignored).toContain('!deploy/engine.env.example');
  });
});

describe("deploy/compose.yaml's monitoring profile", () => {
  type Service = { profiles?: string[]; image?: string; volumes?: string[]; secrets?: string[]; ports?: string[]; environment?: Record<string, string> };
  const compose = parse(read('deploy/compose.yaml')) as { services: Record<string, Service>; secrets: Record<string, { file: string }>; volumes: Record<string, unknown> };
  const { prometheus, grafana } = compose.services;
  /** Where a service's bind mount of `target` comes from, relative to the repository root. */
  const mounted = (service: Service, target: string) => {
    const volume = service.volumes!.find((entry) => entry.split(':')[1] === target)!;
    return join('deploy', volume.split(':')[0]!);
  };
  /** Every metric name the engine declares (platform/ops), with the names prom-client derives for histograms. */
  const declared = new Set(
    ['engine/src/platform/ops/metrics.ts', 'engine/src/platform/ops/scrapeMetrics.ts'].flatMap((file) =>
      [...read(file).matchAll(/name: '(prospect_[a-z_]+)'/g)].flatMap((match) => [match[1]!, `${match[1]}_bucket`, `${match[1]}_count`, `${match[1]}_sum`]),
    ),
  );

  it('adds Prometheus and Grafana only with --profile monitoring, on the loopback interface', () => {
    for (const [name, service] of Object.entries(compose.services)) expect(service.profiles ?? [], name).toEqual(name === 'prometheus' || name === 'grafana' ? ['monitoring'] : []);
    expect(prometheus!.ports).toEqual(['127.0.0.1:9090:9090']);
    expect(grafana!.ports).toEqual(['127.0.0.1:3001:3000']);
    expect(prometheus!.image).toMatch(/^prom\/prometheus:v\d/);
    expect(grafana!.image).toMatch(/^grafana\/grafana:\d/);
    for (const volume of [...prometheus!.volumes!, ...grafana!.volumes!]) {
      const source = volume.split(':')[0]!;
      if (source.startsWith('.')) expect(existsSync(join(ROOT, 'deploy', source)), source).toBe(true);
      else expect(compose.volumes).toHaveProperty(source);
    }
  });

  it("scrapes the engine's /metrics with the token from the secret file, which git never holds", () => {
    const config = parse(read(mounted(prometheus!, '/etc/prometheus/prometheus.yml'))) as {
      scrape_configs: { metrics_path: string; authorization: { type: string; credentials_file: string }; static_configs: { targets: string[] }[] }[];
    };
    const [job] = config.scrape_configs;
    expect(job!.metrics_path).toBe('/metrics');
    expect(job!.static_configs[0]!.targets).toEqual(['engine:3000']);
    expect(job!.authorization).toEqual({ type: 'Bearer', credentials_file: '/run/secrets/metrics_token' });
    expect(prometheus!.secrets).toEqual(['metrics_token']);
    expect(compose.secrets.metrics_token!.file).toBe('./metrics-token');
    expect(read('.gitignore').split('\n')).toContain('deploy/metrics-token');
  });

  it("provisions Grafana with Prometheus and the engine's dashboard, whose every query names metrics the engine exposes", () => {
    const datasources = parse(read(join(mounted(grafana!, '/etc/grafana/provisioning'), 'datasources/prometheus.yml'))) as { datasources: { uid: string; url: string }[] };
    expect(datasources.datasources).toEqual([expect.objectContaining({ uid: 'prometheus', url: 'http://prometheus:9090' })]);
    const providers = parse(read(join(mounted(grafana!, '/etc/grafana/provisioning'), 'dashboards/prospect-engine.yml'))) as { providers: { options: { path: string } }[] };
    expect(providers.providers[0]!.options.path).toBe('/var/lib/grafana/dashboards');
    const dashboard = JSON.parse(read(join(mounted(grafana!, '/var/lib/grafana/dashboards'), 'prospect-engine.json'))) as {
      panels: { title: string; datasource: { uid: string }; targets: { expr: string }[] }[];
    };
    const queries = dashboard.panels.flatMap((panel) => panel.targets.map((target) => ({ panel: panel.title, expr: target.expr })));
    expect(queries.length).toBeGreaterThan(10);
    const used = new Set(queries.flatMap(({ expr }) => [...expr.matchAll(/\b(prospect_[a-z_]+)/g)].map((match) => match[1]!)));
    for (const name of used) {
      // prom-client's default metrics carry the engine's prefix too (prospect_process_*).
      if (name.startsWith('prospect_process_')) continue;
      expect(declared, name).toContain(name);
    }
    // Each of the engine's metrics is on the dashboard.
    for (const name of [
      'prospect_http_requests_total',
      'prospect_queue_jobs',
      'prospect_queue_oldest_waiting_seconds',
      'prospect_job_failures_total',
      'prospect_research_finished_total',
      'prospect_research_empty_total',
      'prospect_touches_total',
      'prospect_webhook_deliveries_total',
      'prospect_credits_used',
      'prospect_db_pool_connections',
    ]) {
      expect(used, name).toContain(name);
    }
    expect(dashboard.panels.every((panel) => panel.datasource.uid === 'prometheus')).toBe(true);
  });
});

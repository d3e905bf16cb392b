/**
 * `npm run bench`: runs every measurement in `bench/measurements/index.ts` in one process on this
 * machine, prints their figures side by side, and writes them to `bench/results/latest.json`
 * (one key per figure, plus the machine they were measured on). See bench/README.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BenchSettings, Figure } from './measurement.ts';
import { measurements } from './measurements/index.ts';
import { openBenchServer } from './support/databases.ts';
import { describeMachine, type Machine, stealMeter } from './support/machine.ts';
import { startBenchService } from './support/service.ts';

const BENCH_DIR = import.meta.dirname;
const RESULTS = join(BENCH_DIR, 'results', 'latest.json');

function settingsFromEnv(env: Record<string, string | undefined> = process.env): BenchSettings {
  const number = (name: string, fallback: number, min: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number >= ${min}, got "${raw}"`);
    return value;
  };
  const server = env.BENCH_SERVER?.trim() || 'child';
  if (server !== 'child' && server !== 'inline') throw new Error(`BENCH_SERVER must be child or inline, got "${server}"`);
  return {
    seconds: number('BENCH_SECONDS', 10, 1),
    warmupSeconds: number('BENCH_WARMUP_SECONDS', 2, 0),
    connections: Math.round(number('BENCH_CONNECTIONS', 50, 1)),
    cacheHits: Math.round(number('BENCH_CACHE_HITS', 200, 1)),
    pipelineSamples: Math.round(number('BENCH_PIPELINE_SAMPLES', 10, 1)),
    pipelineJobs: Math.round(number('BENCH_PIPELINE_JOBS', 500, 1)),
    server,
    only: env.BENCH_ONLY?.trim() || undefined,
  };
}

const progress = (message: string) => process.stderr.write(`bench: ${message}\n`);

async function main(): Promise<void> {
  const settings = settingsFromEnv();
  const server = await openBenchServer();
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    progress('interrupted: dropping the bench databases');
    void server.close().finally(() => process.exit(130));
  });
  try {
    const machine = await describeMachine(server.admin, server.source, join(BENCH_DIR, '..'));
    progress(`PostgreSQL ${machine.postgres.version} (${server.source}), service in ${settings.server === 'child' ? 'a child process' : 'the bench process'}`);
    const sections: { name: string; figures: Figure[] }[] = [];
    const steal = stealMeter();
    const selected = measurements.filter((measurement) => !settings.only || measurement.name.toLowerCase().includes(settings.only.toLowerCase()));
    if (selected.length === 0) throw new Error(`BENCH_ONLY="${settings.only}" matches no measurement: ${measurements.map((m) => m.name).join('; ')}`);
    for (const measurement of selected) {
      const figures = await measurement.run({
        settings,
        freshDatabase: () => server.freshDatabase(),
        startService: (database, roles) => startBenchService(database.url, roles, settings.server),
        progress,
      });
      sections.push({ name: measurement.name, figures });
    }
    machine.cpu_steal_percent = steal();
    const results = toJson(machine, settings, sections);
    process.stdout.write(table(machine, settings, sections));
    const problems = sections.flatMap((section) => section.figures.filter((figure) => figure.problem).map((figure) => `${figure.key}: ${figure.problem}`));
    if (problems.length > 0) throw new Error(`the run went wrong, ${RESULTS} left as it was:\n${problems.join('\n')}`);
    if (settings.only) {
      progress(`BENCH_ONLY: ${RESULTS} left as it was (it holds whole runs only)`);
      return;
    }
    mkdirSync(dirname(RESULTS), { recursive: true });
    writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
    progress(`wrote ${RESULTS}`);
  } finally {
    if (!interrupted) await server.close();
  }
}

function toJson(machine: Machine, settings: BenchSettings, sections: { figures: Figure[] }[]): Record<string, unknown> {
  const figures: Record<string, number> = {};
  for (const figure of sections.flatMap((section) => section.figures)) {
    if (figure.key in figures || figure.key === 'machine' || figure.key === 'settings') throw new Error(`figure key ${figure.key} is used twice`);
    figures[figure.key] = figure.value;
  }
  const { seconds, warmupSeconds, connections, cacheHits, pipelineSamples, pipelineJobs, server } = settings;
  return {
    machine,
    settings: { seconds, warmup_seconds: warmupSeconds, connections, cache_hits: cacheHits, pipeline_samples: pipelineSamples, pipeline_jobs: pipelineJobs, server },
    ...figures,
  };
}

function table(machine: Machine, settings: BenchSettings, sections: { name: string; figures: Figure[] }[]): string {
  const format = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  const rows = sections.flatMap((section) => section.figures);
  const labelWidth = Math.max(...rows.map((row) => row.label.length), 10);
  const valueWidth = Math.max(...rows.map((row) => format(row.value).length), 5);
  const unitWidth = Math.max(...rows.map((row) => row.unit.length), 4);
  const git = machine.git ? `, commit ${machine.git.commit.slice(0, 10)}${machine.git.dirty ? ' (uncommitted changes)' : ''}` : '';
  const lines = [
    '',
    `Prospect Research bench, ${machine.timestamp}`,
    `${machine.cpu}, ${machine.cores} cores, ${machine.memory_gib} GiB, Node ${machine.node}, PostgreSQL ${machine.postgres.version} (${machine.postgres.source})${git}`,
    `${settings.seconds} s per load, ${settings.connections} connections, service in ${settings.server === 'child' ? 'a child process' : 'the bench process'}, load average ${machine.load_average} before${machine.cpu_steal_percent === undefined ? '' : `, ${machine.cpu_steal_percent}% CPU stolen by the hypervisor during the run`}`,
  ];
  for (const section of sections) {
    lines.push('', section.name, '-'.repeat(labelWidth + valueWidth + unitWidth + 6));
    for (const row of section.figures) {
      lines.push(
        `  ${row.label.padEnd(labelWidth)}  ${format(row.value).padStart(valueWidth)} ${row.unit.padEnd(unitWidth)}${row.note ? `  ${row.note}` : ''}${row.problem ? '  FAILED' : ''}`.trimEnd(),
      );
    }
  }
  lines.push('');
  return `${lines.join('\n')}\n`;
}

try {
  await main();
} catch (error) {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
}

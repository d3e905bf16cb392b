import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, platform, release, totalmem } from 'node:os';
import type { Pool } from '@prospect-research/engine';

export interface Machine {
  cpu: string;
  cores: number;
  memory_gib: number;
  os: string;
  /** The 1-minute load average before the run: well above 0, other work was sharing the machine. */
  load_average: number;
  /**
   * Share of CPU time the hypervisor gave to other guests during the run (Linux `steal`, all cores);
   * a few percent or more and figures are not comparable with a quieter run.
   */
  cpu_steal_percent?: number;
  node: string;
  postgres: { version: string; source: string; settings: Record<string, string> };
  timestamp: string;
  git?: { commit: string; dirty: boolean };
}

/** What the figures were measured on: compare figures only between runs on comparable machines. */
export async function describeMachine(admin: Pool, databaseSource: string, root: string): Promise<Machine> {
  const { rows } = await admin.query<{ name: string; setting: string; unit: string | null }>(
    `SELECT name, setting, unit FROM pg_settings
     WHERE name IN ('server_version', 'shared_buffers', 'synchronous_commit', 'fsync', 'max_connections') ORDER BY name`,
  );
  const settings = Object.fromEntries(rows.map((row) => [row.name, row.unit ? `${row.setting} (${row.unit})` : row.setting]));
  const version = settings.server_version ?? 'unknown';
  delete settings.server_version;
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memory_gib: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${platform()} ${release()}`,
    load_average: loadAverage(),
    node: process.version,
    postgres: { version, source: databaseSource, settings },
    timestamp: new Date().toISOString(),
    git: gitState(root),
  };
}

function gitState(root: string): Machine['git'] {
  try {
    const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return { commit: git('rev-parse', 'HEAD'), dirty: git('status', '--porcelain').length > 0 };
  } catch {
    return undefined;
  }
}

function loadAverage(): number {
  return Math.round(loadavg()[0]! * 100) / 100;
}

/** Starts counting stolen CPU time (Linux); the returned function gives the percentage since, or undefined. */
export function stealMeter(): () => number | undefined {
  const read = (): { steal: number; total: number } | undefined => {
    try {
      // cpu  user nice system idle iowait irq softirq steal guest guest_nice
      const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
      return { steal: fields[7] ?? 0, total: fields.reduce((sum, value) => sum + value, 0) };
    } catch {
      return undefined;
    }
  };
  const start = read();
  return () => {
    const end = read();
    if (!start || !end || end.total === start.total) return undefined;
    return Math.round(((end.steal - start.steal) / (end.total - start.total)) * 1000) / 10;
  };
}

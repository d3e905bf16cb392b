import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { engineModules } from '../../../src/app/modules.ts';
import { createPool, type Pool } from '../../../src/platform/database/database.ts';
import { CORE_MIGRATIONS, featureMigrations } from '../../../src/platform/database/migrate.ts';
import type { FeatureModule } from '../../../src/platform/module.ts';
import { platformSettings } from '../../../src/platform/settings.ts';
import { databaseUrl } from '../../support/databases.ts';
import { type Cli, cliFor, runCli } from '../../support/runCli.ts';

// Empty databases (not cloned from the migrated template): what ops point a first `migrate` at.
const suffix = randomBytes(6).toString('hex');
const name = `prospect_test_empty_${suffix}`;
const another = `prospect_test_empty2_${suffix}`;
let url: string;
let pool: Pool;
let cli: Cli;

/** A composed feature is on unless its settings say off (the HubSpot app without its variables, as here). */
const isOn = (module: FeatureModule) => module.settings === undefined || module.settings(process.env, platformSettings(process.env)) !== undefined;

/** Every migration file of the core and of each composed feature that is on, as `stream/file`, in the order they apply. */
const ALL_MIGRATIONS = [CORE_MIGRATIONS, ...(await engineModules()).filter(isOn).flatMap((module) => (module.migrations ? [featureMigrations(module.name, module.migrations)] : []))].flatMap(
  (stream) =>
    readdirSync(stream.directory)
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => `${stream.name}/${file.replace(/\.sql$/, '')}`),
);
const migrationsOf = (stream: string) => ALL_MIGRATIONS.filter((name) => name.startsWith(`${stream}/`)).map((name) => name.slice(stream.length + 1));

beforeAll(async () => {
  const admin = createPool(inject('adminUrl'), 1);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.query(`CREATE DATABASE ${another}`);
  await admin.end();
  url = databaseUrl(inject('adminUrl'), name);
  pool = createPool(url, 2);
  cli = cliFor(url);
});

afterAll(async () => {
  await pool.end();
  const admin = createPool(inject('adminUrl'), 1);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`DROP DATABASE IF EXISTS ${another} WITH (FORCE)`);
  await admin.end();
});

async function schema() {
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
     WHERE table_schema IN ('public', 'graphile_worker') ORDER BY 1`,
  );
  const { rows: ours } = await pool.query<{ name: string }>('SELECT name FROM pgmigrations ORDER BY id');
  const { rows: worker } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM graphile_worker.migrations');
  return { tables: tables.map((t) => t.name), ours: ours.map((m) => m.name), worker: worker[0]!.n };
}

describe('migrate', () => {
  it('creates the schema on an empty database, also when two processes run it at once', async () => {
    const results = await Promise.all([cli.json<{ applied: string[] }>('migrate'), cli.json<{ applied: string[] }>('migrate')]);
    // Each migration is applied once, by one of the two, and each says what it applied.
    expect(results.flatMap((result) => result.applied).sort()).toEqual([...ALL_MIGRATIONS].sort());
    expect(ALL_MIGRATIONS).toEqual(expect.arrayContaining(['core/0001_accounts_keys_credits_research', 'research/0001_cache_points_at_job', 'autopilot/0001_autopilots']));
    const after = await schema();
    expect(after.ours).toEqual(migrationsOf('core'));
    // The research feature's own migrations, tracked apart from the core schema's.
    const research = await pool.query<{ name: string }>('SELECT name FROM pgmigrations_research ORDER BY id');
    expect(research.rows.map((row) => row.name)).toEqual(migrationsOf('research'));
    expect(after.worker).toBeGreaterThan(0);
    for (const table of ['public.accounts', 'public.api_keys', 'public.credit_cycles', 'public.credit_ledger', 'public.plans', 'public.products', 'public.research_jobs', 'public.company_facts']) {
      expect(after.tables).toContain(table);
    }
    const { rows } = await pool.query('SELECT id, monthly_credits, max_api_keys FROM plans ORDER BY monthly_credits NULLS LAST');
    expect(rows).toEqual([
      { id: 'free', monthly_credits: 10, max_api_keys: 1 },
      { id: 'individual', monthly_credits: 125, max_api_keys: 1 },
      { id: 'bdr', monthly_credits: 300, max_api_keys: 3 },
      { id: 'bdr_plus', monthly_credits: 800, max_api_keys: 10 },
      { id: 'enterprise', monthly_credits: null, max_api_keys: null },
    ]);
  });

  it('is idempotent: running it again changes nothing and keeps the data', async () => {
    await pool.query(`INSERT INTO accounts (name, plan) VALUES ('Survivor', 'free')`);
    const before = await schema();
    const again = await cli.run('migrate');
    expect(again).toMatchObject({ code: 0, stdout: 'database schema is up to date: nothing to apply\n' });
    expect(await cli.json('migrate')).toEqual({ applied: [] });
    expect(await schema()).toEqual(before);
    const { rows } = await pool.query('SELECT name FROM accounts');
    expect(rows).toEqual([{ name: 'Survivor' }]);
  });
});

describe('migrate for people', () => {
  it('lists the migrations it applied', async () => {
    const result = await runCli(['migrate'], { DATABASE_URL: databaseUrl(inject('adminUrl'), another) });
    expect(result).toEqual({ code: 0, stderr: '', stdout: [`applied ${ALL_MIGRATIONS.length} migrations:`, ...ALL_MIGRATIONS.map((migration) => `  ${migration}`), ''].join('\n') });
  });
});

describe('configuration errors', () => {
  it('stop a command with exit code 2 and the reason, before it touches the database', async () => {
    const [migrate, serve] = await Promise.all([runCli(['migrate'], { DATABASE_URL: url, RESEARCH_TIMEOUT_SECONDS: '0' }), runCli(['serve'], { DATABASE_URL: url, PORT: 'abc' })]);
    expect(migrate).toMatchObject({ code: 2, stdout: '', stderr: 'prospect-engine: RESEARCH_TIMEOUT_SECONDS must be an integer >= 1, got "0"\n' });
    expect(serve).toMatchObject({ code: 2, stdout: '', stderr: 'prospect-engine: PORT must be an integer 0..65535, got "abc"\n' });
  });
});

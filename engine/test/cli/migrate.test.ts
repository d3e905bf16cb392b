import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool, type Pool } from '../../src/platform/database/database.ts';
import { databaseUrl } from '../support/databases.ts';
import { type Cli, cliFor, runCli } from './runCli.ts';

// An empty database (not cloned from the migrated template): what ops point a first `migrate` at.
const name = `prospect_test_empty_${randomBytes(6).toString('hex')}`;
let url: string;
let pool: Pool;
let cli: Cli;

beforeAll(async () => {
  const admin = createPool(inject('adminUrl'), 1);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url = databaseUrl(inject('adminUrl'), name);
  pool = createPool(url, 2);
  cli = cliFor(url);
});

afterAll(async () => {
  await pool.end();
  const admin = createPool(inject('adminUrl'), 1);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
    const results = await Promise.all([cli.json('migrate'), cli.json('migrate')]);
    expect(results).toEqual([{ migrated: true }, { migrated: true }]);
    const after = await schema();
    expect(after.ours).toEqual(['0001_accounts_keys_credits_research', '0002_company_facts']);
    // The research feature's own migrations, tracked apart from the core schema's.
    const research = await pool.query<{ name: string }>('SELECT name FROM pgmigrations_research ORDER BY id');
    expect(research.rows.map((row) => row.name)).toEqual(['0001_cache_points_at_job', '0002_empty_reason', '0003_retention', '0004_jobs_by_email']);
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
    expect(again).toMatchObject({ code: 0, stdout: 'database schema is up to date\n' });
    expect(await schema()).toEqual(before);
    const { rows } = await pool.query('SELECT name FROM accounts');
    expect(rows).toEqual([{ name: 'Survivor' }]);
  });
});

describe('configuration errors', () => {
  it('stop a command with exit code 2 and the reason, before it touches the database', async () => {
    const [migrate, serve] = await Promise.all([
      runCli(['migrate'], { DATABASE_URL: url, RESEARCH_TIMEOUT_SECONDS: '0' }),
      runCli(['serve'], { DATABASE_URL: url, PORT: 'abc' }),
    ]);
    expect(migrate).toMatchObject({ code: 2, stdout: '', stderr: 'prospect-engine: RESEARCH_TIMEOUT_SECONDS must be an integer >= 1, got "0"\n' });
    expect(serve).toMatchObject({ code: 2, stdout: '', stderr: 'prospect-engine: PORT must be an integer 0..65535, got "abc"\n' });
  });
});

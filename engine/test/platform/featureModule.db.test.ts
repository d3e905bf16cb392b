import { describe, expect, it } from 'vitest';
import { accountsModule } from '../../src/accounts/module.ts';
import { runCli } from '../../src/app/cli/program.ts';
import { startService } from '../../src/app/service.ts';
import { createLogger } from '../../src/platform/logger.ts';
import type { FeatureModule } from '../../src/platform/module.ts';
import { researchModule } from '../../src/research/module.ts';
import { client, createCustomer, KEY_PREFIX, newTestDatabase, until, useEngine } from '../support/engine.ts';
import { notesModule } from './fixtures/notesModule.ts';

const modules = () => [accountsModule(), researchModule(), notesModule()];
const ON = { NOTES_SIGNATURE: '-- sent from the test' };

describe('a feature module plugged in through FeatureModule alone', () => {
  const fixture = useEngine({ modules: modules(), env: ON });

  it('gets its own migrations applied after the core schema, tracked in its own table', async () => {
    const { pool } = fixture.engine;
    const { rows } = await pool.query<{ name: string }>('SELECT name FROM pgmigrations_notes');
    expect(rows.map((row) => row.name)).toEqual(['0001_notes']);
    const core = await pool.query<{ name: string }>('SELECT name FROM pgmigrations ORDER BY id');
    expect(core.rows.map((row) => row.name)).toEqual(['0001_accounts_keys_credits_research', '0002_company_facts', '0003_api_key_labels']);
  });

  it('serves its routes: behind the API key, and open ones', async () => {
    const customer = await createCustomer(fixture.engine.pool);
    const api = client(fixture.engine.url, customer.key);
    expect(await client(fixture.engine.url).request('POST', '/notes', { body: { text: 'hi' } })).toMatchObject({ status: 401, body: { error: 'missing_api_key' } });
    expect(await api.request('POST', '/notes', { body: { text: 42 } })).toMatchObject({ status: 400, body: { error: 'invalid_body' } });
    const created = await api.request('POST', '/notes', { body: { text: 'Call Jane on Monday' } });
    expect(created.status).toBe(201);
    expect(await client(fixture.engine.url).request('GET', '/notes/count')).toMatchObject({ status: 200, body: { count: 1 } });
    // The research feature still answers beside it.
    expect((await api.research({ email: 'jane.doe@example.com' })).status).toBe(202);
  });

  it('answers its own error codes with the statuses it declares', async () => {
    const customer = await createCustomer(fixture.engine.pool);
    const api = client(fixture.engine.url, customer.key);
    const created = await api.request('POST', '/notes', { body: { text: 'Ask for the budget' } });
    expect(await api.request('GET', `/notes/${created.body.id as number}`)).toMatchObject({ status: 200, body: { text: 'Ask for the budget -- sent from the test' } });
    expect(await api.request('GET', '/notes/999999')).toMatchObject({ status: 404, body: { error: 'note_not_found' } });
  });

  it('gets an empty JSON body as no body, to answer in its own words; research still says missing_email', async () => {
    const customer = await createCustomer(fixture.engine.pool);
    const api = client(fixture.engine.url, customer.key);
    const empty = { raw: '', headers: { 'content-type': 'application/json' } };
    expect(await api.request('POST', '/notes', empty)).toMatchObject({ status: 400, body: { error: 'invalid_body' } });
    expect(await api.request('POST', '/research', empty)).toMatchObject({ status: 400, body: { error: 'missing_email' } });
    // A body that is not JSON is still refused as such, whatever the route.
    expect(await api.request('POST', '/notes', { raw: '{', headers: { 'content-type': 'application/json' } })).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
  });

  it("runs its task, queued in the route's transaction with a typed payload", async () => {
    const customer = await createCustomer(fixture.engine.pool);
    const created = await client(fixture.engine.url, customer.key).request('POST', '/notes', { body: { text: 'Send the deck' } });
    const id = created.body.id as number;
    await until('the note to be indexed by the notes_index task', async () => {
      const { rows } = await fixture.engine.pool.query('SELECT indexed_at FROM notes WHERE id = $1', [id]);
      return rows[0]?.indexed_at !== null;
    });
    const { rows } = await fixture.engine.pool.query('SELECT text FROM notes WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ text: 'Send the deck -- sent from the test' });
  });

  it('has its cron item scheduled by the worker, beside the research sweepers', async () => {
    await until('graphile-worker to register the cron items', async () => {
      const { rows } = await fixture.engine.pool.query<{ identifier: string }>('SELECT identifier FROM graphile_worker._private_known_crontabs');
      return rows.some((row) => row.identifier === 'notes_sweep');
    });
    const { rows } = await fixture.engine.pool.query<{ identifier: string }>('SELECT identifier FROM graphile_worker._private_known_crontabs ORDER BY 1');
    expect(rows.map((row) => row.identifier)).toEqual([
      'expire_research',
      'fail_stranded_research',
      'notes_sweep',
      'purge_company_facts',
      'purge_old_research',
      'rebase_research_priorities',
      'release_abandoned_research',
    ]);
  });

  it('adds its command group to prospect-engine', async () => {
    const customer = await createCustomer(fixture.engine.pool);
    await client(fixture.engine.url, customer.key).request('POST', '/notes', { body: { text: 'One' } });
    const result = await cli(['notes', 'count', '--account', String(customer.account.id), '--json'], { DATABASE_URL: fixture.database.url, ...ON });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual({ account_id: customer.account.id, count: 1, signature: '-- sent from the test' });
  });
});

describe('a feature module that switches itself off', () => {
  const fixture = useEngine({ modules: modules() });

  it('contributes nothing: no migrations, routes, tasks or cron; its commands say it is off', async () => {
    const { pool, url } = fixture.engine;
    expect((await pool.query(`SELECT to_regclass('notes') AS notes, to_regclass('pgmigrations_notes') AS migrations`)).rows[0]).toEqual({ notes: null, migrations: null });
    expect(await client(url).request('GET', '/notes/count')).toMatchObject({ status: 404, body: { error: 'not_found' } });
    const { rows } = await pool.query<{ identifier: string }>('SELECT identifier FROM graphile_worker._private_known_crontabs');
    expect(rows.map((row) => row.identifier)).not.toContain('notes_sweep');
    const result = await cli(['notes', 'count', '--account', '1'], { DATABASE_URL: fixture.database.url });
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(/^prospect-engine: the notes feature is off/);
  });
});

describe('composition refuses to start what cannot work', () => {
  const start = async (extra: FeatureModule[], env: Record<string, string> = {}) => {
    const database = await newTestDatabase();
    try {
      const service = await startService({
        env: { DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', API_KEY_PREFIX: KEY_PREFIX, RESEARCH_KEYLESS_SOURCES: '', ...env },
        log: createLogger('silent'),
        http: true,
        worker: true,
        modules: [accountsModule(), researchModule(), ...extra],
      });
      await service.stop();
    } finally {
      await database.drop();
    }
  };

  it('a bad setting of a module, named', async () => {
    await expect(start([notesModule()], { NOTES_SIGNATURE: 'x'.repeat(41) })).rejects.toThrow(`NOTES_SIGNATURE must be at most 40 characters, got "${'x'.repeat(41)}"`);
  });

  it('two modules of one name, two handlers of one task, a cron item without a handler, a bulk task of another feature', async () => {
    await expect(start([notesModule(), notesModule()], ON)).rejects.toThrow('two feature modules are named "notes"');
    const thief: FeatureModule = { name: 'thief', tasks: () => ({ research: async () => {} }) };
    await expect(start([thief])).rejects.toThrow('task research is handled by both research and thief');
    const orphan: FeatureModule = { name: 'orphan', cron: () => [{ task: 'notes_sweep', match: '* * * * *' }] };
    await expect(start([orphan])).rejects.toThrow('cron items name tasks no feature handles: notes_sweep');
    const borrower: FeatureModule = { name: 'borrower', bulkTasks: ['research'] };
    await expect(start([borrower])).rejects.toThrow('bulk tasks name tasks their feature does not handle: research (borrower)');
  });
});

/** The real `prospect-engine` program in this process, with the test's modules. */
async function cli(argv: string[], env: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, modules(), {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
  });
  return { code, stdout, stderr };
}

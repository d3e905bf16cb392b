import { describe, expect, it } from 'vitest';
import { getAccount } from '../../src/accounts/accounts.ts';
import { transaction } from '../../src/platform/database/database.ts';
import { AppError } from '../../src/platform/errors.ts';
import { insertResearchJob, insertResearchJobs } from '../../src/research/submit.ts';
import { client, createCustomer, creditState, useEngine } from '../support/engine.ts';
import { rejection } from '../support/rejection.ts';
import { jobRow, queuedTasks, until } from './support.ts';

// How another feature (the Autopilot's enrolment) starts research: inside its own transaction, with no API key.
const fixture = useEngine();

/** A row of the caller's own, written in the same transaction as the research job. */
async function callerTable() {
  await fixture.engine.pool.query('CREATE TABLE IF NOT EXISTS enrolments (research_id uuid PRIMARY KEY, contact text NOT NULL)');
}

async function jobsOf(accountId: number) {
  const { rows } = await fixture.engine.pool.query<{ id: string; api_key_id: number | null }>('SELECT id, api_key_id FROM research_jobs WHERE account_id = $1', [accountId]);
  return rows;
}

describe("insertResearchJob inside a caller's transaction", () => {
  it("commits the job, its queue entry and its credit with the caller's own work; the job then runs like any other", async () => {
    await callerTable();
    const customer = await createCustomer(fixture.engine.pool);
    const account = await getAccount(fixture.engine.pool, customer.account.id);
    const researchId = await transaction(fixture.engine.pool, async (client) => {
      const id = await insertResearchJob(client, { account, apiKeyId: null, request: { email: 'jane.doe@example.com', company_name: 'Example Inc' } });
      await client.query('INSERT INTO enrolments (research_id, contact) VALUES ($1, $2)', [id, 'hubspot:101']);
      return id!;
    });
    expect(await jobsOf(account.id)).toEqual([{ id: researchId, api_key_id: null }]);
    expect(await creditState(fixture.engine.pool, account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
    await until('the job to complete', async () => (await jobRow(fixture.engine.pool, researchId)).status === 'completed');
    // The account's keys read it like a job they started.
    const status = await client(fixture.engine.url, customer.key).status(researchId);
    expect(status.body).toMatchObject({ research_id: researchId, status: 'completed', data: { prospect: { email: 'jane.doe@example.com' } } });
  });

  it("leaves no job, queue entry or credit behind when the caller's transaction rolls back", async () => {
    await callerTable();
    const customer = await createCustomer(fixture.engine.pool);
    const account = await getAccount(fixture.engine.pool, customer.account.id);
    let started: string | undefined;
    await expect(
      transaction(fixture.engine.pool, async (client) => {
        started = await insertResearchJob(client, { account, apiKeyId: null, request: { email: 'john.roe@example.com' } });
        await client.query('INSERT INTO enrolments (research_id, contact) VALUES ($1, NULL)', [started]);
      }),
    ).rejects.toThrow(/null value/);
    expect(started).toMatch(/^[0-9a-f-]{36}$/);
    expect(await jobsOf(account.id)).toEqual([]);
    expect(await creditState(fixture.engine.pool, account.id)).toEqual({ used: 0, debits: 0, refunds: 0 });
    expect((await queuedTasks(fixture.engine.pool, 'research')).filter((task) => task.payload_research_id === started)).toEqual([]);
  });

  it("refuses with the spec's 429 when the credits are spent, so the caller's transaction rolls back whole", async () => {
    await callerTable();
    const customer = await createCustomer(fixture.engine.pool, { plan: 'free', credits: 1 });
    const account = await getAccount(fixture.engine.pool, customer.account.id);
    const enrol = (email: string) =>
      transaction(fixture.engine.pool, async (client) => {
        const id = await insertResearchJob(client, { account, apiKeyId: null, request: { email } });
        await client.query('INSERT INTO enrolments (research_id, contact) VALUES ($1, $2)', [id, email]);
      });
    await enrol('first@example.com');
    const refused = await rejection(enrol('second@example.com'), AppError);
    expect(refused.toBody()).toEqual({ error: 'trial_limit_reached', used: 1, limit: 1 });
    expect(await jobsOf(account.id)).toHaveLength(1);
    const { rows } = await fixture.engine.pool.query('SELECT contact FROM enrolments WHERE contact LIKE $1', ['%@example.com']);
    expect(rows.map((row) => row.contact)).not.toContain('second@example.com');
  });

  it('refuses an account without a product, before writing anything', async () => {
    const customer = await createCustomer(fixture.engine.pool, { product: false });
    const account = await getAccount(fixture.engine.pool, customer.account.id);
    const refused = await rejection(
      transaction(fixture.engine.pool, (client) => insertResearchJob(client, { account, apiKeyId: null, request: { email: 'a@example.com' } })),
      AppError,
    );
    expect(refused.code).toBe('api_key_has_no_product');
    expect(await jobsOf(account.id)).toEqual([]);
  });
});

describe('insertResearchJobs: several at once, as the credits allow', () => {
  it('starts every job with its queue entry and credit when the credits cover them, in four statements; each runs like any other', async () => {
    const customer = await createCustomer(fixture.engine.pool);
    const account = await getAccount(fixture.engine.pool, customer.account.id);
    let statements = 0;
    const ids = await transaction(fixture.engine.pool, async (client) => {
      const counting = { query: (...args: unknown[]) => ((statements += 1), (client.query as (...a: unknown[]) => unknown)(...args)) } as unknown as typeof client;
      return insertResearchJobs(counting, account, [{ email: 'ann@example.com' }, { email: 'bob@example.com', company_name: 'Example Inc' }, { email: 'cy@example.com' }]);
    });
    expect(statements).toBe(4);
    expect(ids).toHaveLength(3);
    expect(new Set((await jobsOf(account.id)).map((job) => job.id))).toEqual(new Set(ids));
    expect(await creditState(fixture.engine.pool, account.id)).toEqual({ used: 3, debits: 3, refunds: 0 });
    for (const id of ids) await until(`job ${id} to complete`, async () => (await jobRow(fixture.engine.pool, id)).status === 'completed');
    const { rows } = await fixture.engine.pool.query('SELECT email, request FROM research_jobs WHERE id = $1', [ids[1]]);
    expect(rows[0]).toEqual({ email: 'bob@example.com', request: { company_name: 'Example Inc' } });
  });

  it('starts only as many as the credits left pay for, the first requests first; none when they are spent', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'individual', credits: 2 });
    const account = await getAccount(fixture.engine.pool, customer.account.id);
    const start = (emails: string[]) =>
      transaction(fixture.engine.pool, (client) =>
        insertResearchJobs(
          client,
          account,
          emails.map((email) => ({ email })),
        ),
      );
    const first = await start(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(first).toHaveLength(2);
    const { rows } = await fixture.engine.pool.query<{ email: string }>('SELECT email FROM research_jobs WHERE account_id = $1 ORDER BY email', [account.id]);
    expect(rows.map((row) => row.email)).toEqual(['a@example.com', 'b@example.com']);
    expect(await start(['d@example.com'])).toEqual([]);
    expect(await creditState(fixture.engine.pool, account.id)).toEqual({ used: 2, debits: 2, refunds: 0 });
  });

  it('never takes more credits than there are when batches and single submissions race', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'individual', credits: 25 });
    const account = await getAccount(fixture.engine.pool, customer.account.id);
    const batches = Array.from({ length: 8 }, (_, b) =>
      transaction(fixture.engine.pool, (client) =>
        insertResearchJobs(
          client,
          account,
          Array.from({ length: 5 }, (_, i) => ({ email: `b${b}.${i}@example.com` })),
        ),
      ),
    );
    const singles = Array.from({ length: 10 }, (_, i) =>
      transaction(fixture.engine.pool, (client) => insertResearchJob(client, { account, apiKeyId: null, request: { email: `s${i}@example.com` } })).then(
        (id) => [id!],
        () => [],
      ),
    );
    const started = (await Promise.all([...batches, ...singles])).flat();
    expect(started).toHaveLength(25);
    expect(await creditState(fixture.engine.pool, account.id)).toEqual({ used: 25, debits: 25, refunds: 0 });
    expect(await jobsOf(account.id)).toHaveLength(25);
  });
});

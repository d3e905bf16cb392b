import { describe, expect, it } from 'vitest';
import type { Pool } from '../../src/platform/database/database.ts';
import { addJob } from '../../src/platform/queue/tasks.ts';
import { purgeOldResearch } from '../../src/research/retention.ts';
import { researchCron } from '../../src/research/tasks.ts';
import { client, createCustomer, type Customer, useEngine } from '../support/engine.ts';
import { fails, ScriptedPipeline } from '../support/pipelines.ts';
import { routed, until } from './support.ts';

/**
 * Retention (RESEARCH_RETENTION_DAYS): finished research older than the period loses what it held about
 * people; billing keeps every row it refers to. Age is made by moving timestamps back in the database.
 */

const pipeline = new ScriptedPipeline(routed({ fail: fails }));
const fixture = useEngine({ pipeline, env: { RESEARCH_RETENTION_DAYS: '30' } });

/** Researches `email` to its final state; answers the job's id. */
async function finished(customer: Customer, email: string, headers?: Record<string, string>): Promise<string> {
  const api = client(fixture.engine.url, customer.key);
  const posted = await api.research({ email, prospect_name: 'Jane Doe' }, headers);
  expect(posted.status).toBe(202);
  const researchId = String(posted.body.research_id);
  await api.waitFor(researchId);
  return researchId;
}

/** Makes a finished job (and what its research wrote: the person's id, its cache entry) `days` old. */
async function age(pool: Pool, researchId: string, days: number): Promise<void> {
  await pool.query(`UPDATE research_jobs SET created_at = now() - $2 * interval '1 day', finished_at = now() - $2 * interval '1 day' WHERE id = $1`, [researchId, days]);
  await pool.query(`UPDATE people SET seen_at = now() - $2 * interval '1 day' WHERE email = (SELECT email FROM research_jobs WHERE id = $1)`, [researchId, days]);
}

async function job(pool: Pool, researchId: string) {
  const { rows } = await pool.query(
    `SELECT email, request, result IS NOT NULL AS has_result, idempotency_key, status, error, finished_at IS NOT NULL AS finished, purged_at IS NOT NULL AS purged
     FROM research_jobs WHERE id = $1`,
    [researchId],
  );
  return rows[0];
}

/** Every billing row of the account, as they stand. */
async function billing(pool: Pool, accountId: number) {
  const ledger = await pool.query('SELECT id, cycle_start, research_id, kind, reason, created_at FROM credit_ledger WHERE account_id = $1 ORDER BY id', [accountId]);
  const cycles = await pool.query('SELECT cycle_start, used FROM credit_cycles WHERE account_id = $1 ORDER BY cycle_start', [accountId]);
  return { ledger: ledger.rows, cycles: cycles.rows };
}

const cached = async (pool: Pool, researchId: string) => (await pool.query('SELECT 1 FROM research_cache WHERE research_id = $1', [researchId])).rowCount === 1;

describe('retention', () => {
  it('anonymises finished jobs past the period, keeps every billing row, and leaves recent and unfinished jobs alone', async () => {
    const { pool } = fixture.engine;
    const customer = await createCustomer(pool, { name: 'Retained' });
    const old = await finished(customer, 'old@acme-old.io', { 'Idempotency-Key': 'old-request' });
    const oldFailed = await finished(customer, 'fail-old@acme-old.io');
    const recent = await finished(customer, 'recent@acme-new.io');
    await age(pool, old, 31);
    await age(pool, oldFailed, 31);
    await age(pool, recent, 29);
    expect(await cached(pool, old)).toBe(true);
    const before = await billing(pool, customer.account.id);
    expect(before.ledger.map((row) => row.kind).sort()).toEqual(['debit', 'debit', 'debit', 'refund']);

    const purged = await purgeOldResearch(pool, { retentionDays: 30 });

    expect(purged.jobs).toBe(2);
    expect(await job(pool, old)).toEqual({
      email: null,
      request: {},
      has_result: false,
      idempotency_key: null,
      status: 'completed',
      error: null,
      finished: true,
      purged: true,
    });
    expect(await job(pool, oldFailed)).toMatchObject({ email: null, request: {}, status: 'failed', error: 'internal_error', purged: true });
    expect(await job(pool, recent)).toMatchObject({ email: 'recent@acme-new.io', request: { prospect_name: 'Jane Doe' }, has_result: true, purged: false });
    expect(await cached(pool, old)).toBe(false);
    expect(await billing(pool, customer.account.id)).toEqual(before);

    // The caller no longer finds the purged jobs; the recent one is still there.
    const api = client(fixture.engine.url, customer.key);
    expect(await api.status(old)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await api.status(oldFailed)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await api.status(recent)).toMatchObject({ status: 200, body: { status: 'completed', data: { prospect: { email: 'recent@acme-new.io' } } } });

    // The same e-mail is researched afresh (the cache entry went with the brief), and the same
    // Idempotency-Key starts a new job for a new credit instead of replaying the purged one.
    const inputs = pipeline.inputs.length;
    const again = await finished(customer, 'old@acme-old.io', { 'Idempotency-Key': 'old-request' });
    expect(again).not.toBe(old);
    expect(pipeline.inputs.length).toBe(inputs + 1);
    expect(await api.status(again)).toMatchObject({ status: 200, body: { status: 'completed', cached: false, data: { prospect: { email: 'old@acme-old.io' } } } });
    expect((await billing(pool, customer.account.id)).ledger).toHaveLength(before.ledger.length + 1);
  });

  it('never touches a job that has not finished, however old', async () => {
    const { pool } = fixture.engine;
    const customer = await createCustomer(pool, { name: 'Unfinished' });
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO research_jobs (account_id, product_id, email, language, decision_makers, created_at)
       SELECT id, current_product_id, 'waiting@acme-queue.io', 'en', true, now() - interval '400 days' FROM accounts WHERE id = $1 RETURNING id`,
      [customer.account.id],
    );
    await purgeOldResearch(pool, { retentionDays: 30 });
    expect(await job(pool, rows[0]!.id)).toMatchObject({ email: 'waiting@acme-queue.io', status: 'queued', purged: false });
    await pool.query('DELETE FROM research_jobs WHERE id = $1', [rows[0]!.id]);
  });

  it('deletes the ids of people no research asked for within the period, and company facts older than it', async () => {
    const { pool } = fixture.engine;
    const customer = await createCustomer(pool, { name: 'People' });
    const stale = await finished(customer, 'stale@acme-people.io');
    await finished(customer, 'fresh@acme-people.io');
    await age(pool, stale, 45);
    await pool.query(
      `INSERT INTO company_facts (kind, key, domain, facts, fetched_at) VALUES
         ('decision_makers', 'old', 'acme-people.io', '[]', now() - interval '31 days'),
         ('company', 'new', 'acme-people.io', '{}', now() - interval '1 day')`,
    );

    const purged = await purgeOldResearch(pool, { retentionDays: 30 });

    expect(purged).toMatchObject({ people: 1, facts: 1 });
    const people = await pool.query<{ email: string }>(`SELECT email FROM people WHERE email LIKE '%@acme-people.io' ORDER BY email`);
    expect(people.rows.map((row) => row.email)).toEqual(['fresh@acme-people.io']);
    const facts = await pool.query<{ key: string }>(`SELECT key FROM company_facts WHERE domain = 'acme-people.io'`);
    expect(facts.rows.map((row) => row.key)).toEqual(['new']);

    // Asked for again, a person gets a new id and is seen now; a known person's research marks it seen.
    await finished(customer, 'stale@acme-people.io');
    const seen = await pool.query<{ recent: boolean }>(`SELECT seen_at > now() - interval '1 minute' AS recent FROM people WHERE email = 'stale@acme-people.io'`);
    expect(seen.rows).toEqual([{ recent: true }]);
  });

  it('goes in batches: each statement takes at most batchSize rows, and a run at most maxBatches statements', async () => {
    const { pool } = fixture.engine;
    const customer = await createCustomer(pool, { name: 'Batches' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await finished(customer, `batch-${i}@acme-batches.io`));
    for (const id of ids) await age(pool, id, 60);

    expect((await purgeOldResearch(pool, { retentionDays: 30, batchSize: 2, maxBatches: 1 })).jobs).toBe(2);
    expect((await purgeOldResearch(pool, { retentionDays: 30, batchSize: 2 })).jobs).toBe(3);
    for (const id of ids) expect(await job(pool, id)).toMatchObject({ email: null, purged: true });
  });

  it('purges nothing when RESEARCH_RETENTION_DAYS is 0, and then has no cron entry', async () => {
    const { pool } = fixture.engine;
    const customer = await createCustomer(pool, { name: 'Kept' });
    const kept = await finished(customer, 'kept@acme-kept.io');
    await age(pool, kept, 4000);
    expect(await purgeOldResearch(pool, { retentionDays: 0 })).toEqual({ jobs: 0, people: 0, facts: 0 });
    expect(await job(pool, kept)).toMatchObject({ email: 'kept@acme-kept.io', purged: false });
    expect(researchCron(0).map((item) => item.task)).not.toContain('purge_old_research');
    expect(researchCron(90)).toContainEqual(expect.objectContaining({ task: 'purge_old_research', match: '0 * * * *' }));
    await pool.query('UPDATE research_jobs SET finished_at = now() WHERE id = $1', [kept]);
  });

  it("runs as the worker's purge_old_research task with the engine's RESEARCH_RETENTION_DAYS", async () => {
    const { pool } = fixture.engine;
    const customer = await createCustomer(pool, { name: 'Task' });
    const day31 = await finished(customer, 'task-31@acme-task.io');
    const day29 = await finished(customer, 'task-29@acme-task.io');
    await age(pool, day31, 31);
    await age(pool, day29, 29);
    await addJob(pool, 'purge_old_research', {});
    await until('the sweeper to purge the 31-day-old job', async () => (await job(pool, day31))!.purged);
    expect(await job(pool, day29)).toMatchObject({ purged: false });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../src/platform/database/database.ts';
import { DEFAULT_ESTIMATE_SECONDS, DurationEstimate } from '../../src/research/durationEstimate.ts';
import type { TestDatabase } from '../support/databases.ts';
import { createCustomer, type Customer, newTestDatabase } from '../support/engine.ts';

let database: TestDatabase;
let pool: Pool;
let customer: Customer;

beforeAll(async () => {
  database = await newTestDatabase();
  pool = createPool(database.url, 2);
  customer = await createCustomer(pool);
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

/** Completed jobs that each ran `seconds` (researched, or answered from the cache). */
async function completedJobs(seconds: number[], fromCache = false): Promise<void> {
  for (const duration of seconds) {
    await pool.query(
      `INSERT INTO research_jobs (account_id, product_id, email, language, decision_makers, status, result, from_cache, started_at, deadline_at, finished_at)
       SELECT $1, id, 'jane@acme.com', 'en', false, 'completed', '{}', $3, now() - make_interval(secs => $2), now(), now()
       FROM products WHERE account_id = $1`,
      [customer.account.id, duration, fromCache],
    );
  }
}

describe('estimated_seconds', () => {
  it('is the spec middle before any job has run, then the median of researched jobs rounded to whole seconds', async () => {
    const estimate = new DurationEstimate(pool);
    await estimate.refresh();
    expect(estimate.remaining()).toBe(DEFAULT_ESTIMATE_SECONDS);

    // Cache hits take no time and say nothing about how long a research takes.
    await completedJobs([0.01, 0.01, 0.01, 0.01], true);
    await completedJobs([2.05, 2.1, 2.3]);
    await estimate.refresh();
    // 2.1 s: rounded, not ceiled, so a client polling at the estimate is not a whole second late.
    expect(estimate.remaining()).toBe(2);
    expect(estimate.remaining(1_200)).toBe(1);
    expect(estimate.remaining(60_000)).toBe(1);
  });
});

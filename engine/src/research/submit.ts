import { randomUUID } from 'node:crypto';
import { type Account, debitCredit, debitCredits, type Holder, reserveCredits } from '../accounts/index.ts';
import { type Pool, type PoolClient, transaction } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import type { ResearchRequest } from './contract.ts';
import { queueResearch, queueResearches } from './jobs.ts';

export interface Submission {
  researchId: string;
  /** True when an earlier request with the same Idempotency-Key made the job: no credit was taken. */
  replayed: boolean;
}

/** A research job to start for an account, from the API or from another feature inside its own transaction (the Autopilot's enrolment starts many at once with insertResearchJobs). */
export interface NewResearchJob {
  account: Account;
  /** The API key that asks; null when a feature starts the job on the account's behalf. */
  apiKeyId: number | null;
  request: ResearchRequest;
  idempotencyKey?: string;
}

/** `$1` id, `$2` account, `$3` key, `$4` product, `$5` e-mail, `$6` request, `$7` language, `$8` decision makers, `$9` Idempotency-Key. */
export const INSERT_RESEARCH_JOB_SQL = `INSERT INTO research_jobs (id, account_id, api_key_id, product_id, email, request, language, decision_makers, idempotency_key)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  ON CONFLICT (account_id, idempotency_key) DO NOTHING`;

/**
 * Starts a research job inside the caller's transaction: the job row, its queue entry, and one credit
 * with its ledger entry, so the caller's own work (routing a contact, an outbox entry) commits or rolls
 * back with them. A credit is never taken without a job to show for it, nor a job queued without one.
 * Throws `api_key_has_no_product`, or the spec's 429 when the credits are spent. Answers the new job's
 * id, or undefined when an earlier job of the account holds the Idempotency-Key (nothing was written).
 *
 * The debit comes last: it locks the account's credit row until the caller's transaction commits, so
 * call this as late in the transaction as the caller can.
 */
export async function insertResearchJob(client: PoolClient, job: NewResearchJob): Promise<string | undefined> {
  const { account } = job;
  if (account.currentProductId === null) throw new AppError('api_key_has_no_product');
  const { email, ...details } = job.request;
  const id = randomUUID();
  const { rowCount } = await client.query(INSERT_RESEARCH_JOB_SQL, [
    id,
    account.id,
    job.apiKeyId,
    account.currentProductId,
    email,
    details,
    account.language,
    account.decisionMakers,
    job.idempotencyKey ?? null,
  ]);
  if (rowCount === 0) return undefined;
  await queueResearch(client, id);
  await debitCredit(client, account, id);
  return id;
}

/**
 * insertResearchJob for several requests at once, in four statements whatever their number: as many
 * jobs as the account's credits pay for, the first requests first, each with its queue entry, its
 * credit and its ledger entry, inside the caller's transaction. Answers the new jobs' ids in the order
 * of the requests they were started for (fewer than the requests when credits ran short; none when
 * they are spent). Locks the account's credit row until the caller's transaction ends, from the start.
 */
export async function insertResearchJobs(client: PoolClient, account: Account, requests: ResearchRequest[]): Promise<string[]> {
  if (requests.length === 0) return [];
  if (account.currentProductId === null) throw new AppError('api_key_has_no_product');
  const affordable = requests.slice(0, await reserveCredits(client, account.id, requests.length));
  if (affordable.length === 0) return [];
  const ids = affordable.map(() => randomUUID());
  await client.query(
    `INSERT INTO research_jobs (id, account_id, api_key_id, product_id, email, request, language, decision_makers)
     SELECT id, $2, NULL, $3, email, request, $4, $5 FROM unnest($1::uuid[], $6::text[], $7::jsonb[]) AS job (id, email, request)`,
    [ids, account.id, account.currentProductId, account.language, account.decisionMakers, affordable.map((r) => r.email), affordable.map(({ email: _, ...details }) => details)],
  );
  await queueResearches(client, ids);
  await debitCredits(client, account, ids);
  return ids;
}

/** Raised inside the transaction when a request with the same Idempotency-Key came first. */
class IdempotencyRace extends Error {}

/** `POST /research`: starts a job in a transaction of its own, or answers the job an earlier request with the same Idempotency-Key made. */
export async function submitResearch(pool: Pool, holder: Holder, request: ResearchRequest, idempotencyKey?: string): Promise<Submission> {
  // A repeated Idempotency-Key needs no look-up first: the insert finds it at the unique key and the
  // earlier job is answered below, so the common first submission costs no extra query.
  try {
    return await transaction(pool, async (client) => {
      const researchId = await insertResearchJob(client, { account: holder.account, apiKeyId: holder.keyId, request, idempotencyKey });
      // A request with the same key exists (committed earlier, or first: this insert waited for it).
      if (researchId === undefined) throw new IdempotencyRace();
      return { researchId, replayed: false };
    });
  } catch (error) {
    if (!(error instanceof IdempotencyRace)) throw error;
    const { email, ...details } = request;
    const earlier = await replay(pool, holder.account.id, idempotencyKey!, email, details);
    if (!earlier) throw new Error('the job that holds this Idempotency-Key is gone');
    return earlier;
  }
}

async function replay(pool: Pool, accountId: number, idempotencyKey: string, email: string, details: object): Promise<Submission | undefined> {
  const { rows } = await pool.query<{ id: string; same: boolean }>(`SELECT id, (email = $3 AND request = $4::jsonb) AS same FROM research_jobs WHERE account_id = $1 AND idempotency_key = $2`, [
    accountId,
    idempotencyKey,
    email,
    details,
  ]);
  const earlier = rows[0];
  if (!earlier) return undefined;
  if (!earlier.same) throw new AppError('idempotency_key_reused');
  return { researchId: earlier.id, replayed: true };
}

import type { Queryable } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import { type Account, accountNotFound } from './accounts.ts';

/** An account's credit pool in its current billing cycle. */
export interface CreditUsage {
  used: number;
  limit: number;
  remaining: number;
  cycleStart: Date;
  /** When the pool resets: the start of the next billing cycle. */
  resetsAt: Date;
}

/** `$1`: account id, `$2`: research id; one row when the credit was taken. Exported for the benchmark's raw-SQL ceiling. */
export const DEBIT_CREDIT_SQL = `WITH terms AS (
    SELECT id, billing_cycle_start(billing_anchor, now()) AS cycle_start, monthly_credits
    FROM accounts_with_plan WHERE id = $1
  ),
  debit AS (
    INSERT INTO credit_cycles AS c (account_id, cycle_start, used)
    SELECT id, cycle_start, 1 FROM terms WHERE monthly_credits >= 1
    ON CONFLICT (account_id, cycle_start)
      DO UPDATE SET used = c.used + 1 WHERE c.used < (SELECT monthly_credits FROM terms)
    RETURNING c.account_id, c.cycle_start
  )
  INSERT INTO credit_ledger (account_id, cycle_start, research_id, kind)
  SELECT account_id, cycle_start, $2, 'debit' FROM debit`;

/**
 * Takes one credit from the account's current cycle for `researchId` and records it in the ledger,
 * or throws the spec's 429. One statement: the upsert's row lock serialises concurrent debits and
 * re-reads the limit, so 100 parallel requests against 10 credits take exactly 10. Call it inside the
 * transaction that creates the work the credit pays for, as late as possible: the lock is held until
 * that transaction commits.
 */
export async function debitCredit(db: Queryable, account: Account, researchId: string): Promise<void> {
  const { rowCount } = await db.query(DEBIT_CREDIT_SQL, [account.id, researchId]);
  if (rowCount !== 1) throw await outOfCredits(db, account);
}

/**
 * Locks the account's credit row for its current cycle (making it if need be) until the caller's
 * transaction ends, and answers how many of `wanted` credits are left to take. Work that pays for
 * several things at once (the Autopilot enrolling a batch of contacts) reserves first, starts what the
 * answer allows, then debits them all with `debitCredits`: under the lock, nobody can take them meanwhile.
 */
export async function reserveCredits(db: Queryable, accountId: number, wanted: number): Promise<number> {
  const { rows } = await db.query<{ used: number; limit: number }>(
    `WITH terms AS (
       SELECT id, billing_cycle_start(billing_anchor, now()) AS cycle_start, monthly_credits FROM accounts_with_plan WHERE id = $1
     )
     INSERT INTO credit_cycles AS c (account_id, cycle_start, used) SELECT id, cycle_start, 0 FROM terms
     ON CONFLICT (account_id, cycle_start) DO UPDATE SET used = c.used
     RETURNING c.used, (SELECT monthly_credits FROM terms) AS limit`,
    [accountId],
  );
  const row = rows[0];
  if (!row) throw accountNotFound(accountId);
  return Math.max(0, Math.min(wanted, row.limit - row.used));
}

/**
 * Takes one credit for each of `researchIds` from the account's current cycle, with a ledger entry each,
 * in one statement; all of them or, when the credits do not cover them, none (the spec's 429). Call it
 * after `reserveCredits` in the same transaction, which makes sure they do.
 */
export async function debitCredits(db: Queryable, account: Account, researchIds: string[]): Promise<void> {
  if (researchIds.length === 0) return;
  const { rowCount } = await db.query(
    `WITH terms AS (
       SELECT id, billing_cycle_start(billing_anchor, now()) AS cycle_start, monthly_credits FROM accounts_with_plan WHERE id = $1
     ),
     debit AS (
       UPDATE credit_cycles c SET used = c.used + cardinality($2::uuid[])
       FROM terms WHERE c.account_id = terms.id AND c.cycle_start = terms.cycle_start AND c.used + cardinality($2::uuid[]) <= terms.monthly_credits
       RETURNING c.account_id, c.cycle_start
     )
     INSERT INTO credit_ledger (account_id, cycle_start, research_id, kind)
     SELECT debit.account_id, debit.cycle_start, research_id, 'debit' FROM debit, unnest($2::uuid[]) AS research_id`,
    [account.id, researchIds],
  );
  if (rowCount !== researchIds.length) throw await outOfCredits(db, account);
}

/** The spec's 429 for an account whose credits do not cover a debit, with its usage. */
async function outOfCredits(db: Queryable, account: Account): Promise<AppError> {
  const usage = await creditUsage(db, account.id);
  return new AppError(account.trial ? 'trial_limit_reached' : 'credits_exhausted', { used: usage.used, limit: usage.limit });
}

export async function creditUsage(db: Queryable, accountId: number): Promise<CreditUsage> {
  const { rows } = await db.query<{ used: number; limit: number; cycle_start: Date; resets_at: Date }>(
    `WITH terms AS (
       SELECT id, monthly_credits, billing_anchor, billing_cycle_start(billing_anchor, now()) AS cycle_start
       FROM accounts_with_plan WHERE id = $1
     )
     SELECT coalesce(c.used, 0) AS used, t.monthly_credits AS limit, t.cycle_start,
            billing_cycle_start(t.billing_anchor, t.cycle_start + interval '32 days') AS resets_at
     FROM terms t LEFT JOIN credit_cycles c ON c.account_id = t.id AND c.cycle_start = t.cycle_start`,
    [accountId],
  );
  const row = rows[0];
  if (!row) throw accountNotFound(accountId);
  return {
    used: row.used,
    limit: row.limit,
    remaining: Math.max(0, row.limit - row.used),
    cycleStart: row.cycle_start,
    resetsAt: row.resets_at,
  };
}

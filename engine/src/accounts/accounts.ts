import { type Pool, type PoolClient, type Queryable, transaction } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';

export const PLANS = ['free', 'individual', 'bdr', 'bdr_plus', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** The languages generated text can be written in. */
export const LANGUAGES = ['en', 'pl', 'de', 'fr', 'es', 'it', 'pt', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

/** An account with its plan's figures applied (overrides win). */
export interface Account {
  id: number;
  name: string;
  plan: Plan;
  language: Language;
  monthlyCredits: number;
  maxApiKeys: number;
  decisionMakers: boolean;
  /** Running out of credits answers `trial_limit_reached` rather than `credits_exhausted`. */
  trial: boolean;
  billingAnchor: Date;
  currentProductId: number | null;
  createdAt: Date;
}

export interface AccountRow {
  id: number;
  name: string;
  plan: Plan;
  language: Language;
  monthly_credits: number | null;
  max_api_keys: number | null;
  decision_makers: boolean;
  trial: boolean;
  billing_anchor: Date;
  current_product_id: number | null;
  created_at: Date;
}

export const ACCOUNT_COLUMNS =
  'id, name, plan, language, monthly_credits, max_api_keys, decision_makers, trial, billing_anchor, current_product_id, created_at';

export function accountFromRow(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    language: row.language,
    monthlyCredits: row.monthly_credits ?? 0,
    maxApiKeys: row.max_api_keys ?? 0,
    decisionMakers: row.decision_makers,
    trial: row.trial,
    billingAnchor: row.billing_anchor,
    currentProductId: row.current_product_id,
    createdAt: row.created_at,
  };
}

export interface AccountChanges {
  plan?: Plan;
  language?: Language;
  monthlyCredits?: number;
  maxApiKeys?: number;
}

export type NewAccount = AccountChanges & { name: string; plan: Plan };

export async function createAccount(pool: Pool, input: NewAccount): Promise<Account> {
  return transaction(pool, (client) => insertAccount(client, input));
}

/** Inserts the account inside the caller's transaction; refuses a plan without default figures unless given. */
export async function insertAccount(client: PoolClient, input: NewAccount): Promise<Account> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 200) throw new AppError('invalid_account', {}, 'an account name has 1 to 200 characters');
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO accounts (name, plan, language, monthly_credits, max_api_keys)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [name, input.plan, input.language ?? 'en', input.monthlyCredits ?? null, input.maxApiKeys ?? null],
  );
  return withPlanFigures(client, rows[0]!.id);
}

export async function updateAccount(pool: Pool, id: number, changes: AccountChanges): Promise<Account> {
  return transaction(pool, async (client) => {
    // A new plan brings its own figures: per-account overrides are dropped unless given again.
    const { rowCount } = await client.query(
      `UPDATE accounts SET
         monthly_credits = CASE WHEN $2::text IS DISTINCT FROM plan AND $2 IS NOT NULL THEN $4 ELSE coalesce($4, monthly_credits) END,
         max_api_keys = CASE WHEN $2::text IS DISTINCT FROM plan AND $2 IS NOT NULL THEN $5 ELSE coalesce($5, max_api_keys) END,
         plan = coalesce($2, plan), language = coalesce($3, language)
       WHERE id = $1`,
      [id, changes.plan ?? null, changes.language ?? null, changes.monthlyCredits ?? null, changes.maxApiKeys ?? null],
    );
    if (rowCount === 0) throw accountNotFound(id);
    return withPlanFigures(client, id);
  });
}

export async function getAccount(db: Queryable, id: number): Promise<Account> {
  return accountFromRow(await accountRow(db, id));
}

export async function listAccounts(db: Queryable): Promise<Account[]> {
  const { rows } = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts_with_plan ORDER BY id`);
  return rows.map(accountFromRow);
}

async function accountRow(db: Queryable, id: number): Promise<AccountRow> {
  const { rows } = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts_with_plan WHERE id = $1`, [id]);
  if (rows.length === 0) throw accountNotFound(id);
  return rows[0]!;
}

/** Enterprise has no default credits or key cap: an account on it must carry its own (the transaction rolls back otherwise). */
async function withPlanFigures(db: Queryable, id: number): Promise<Account> {
  const row = await accountRow(db, id);
  if (row.monthly_credits === null) throw new AppError('invalid_account', {}, `plan ${row.plan} has no default monthly credits: set them with --credits`);
  if (row.max_api_keys === null) throw new AppError('invalid_account', {}, `plan ${row.plan} has no default key limit: set it with --max-keys`);
  return accountFromRow(row);
}

export function accountNotFound(id: number): AppError {
  return new AppError('account_not_found', {}, `no account ${id}`);
}

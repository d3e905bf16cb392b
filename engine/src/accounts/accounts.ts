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

export const ACCOUNT_COLUMNS = 'id, name, plan, language, monthly_credits, max_api_keys, decision_makers, trial, billing_anchor, current_product_id, created_at';

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

/** How many API keys of the account are not revoked (the figure its key limit caps). */
export async function activeKeyCount(db: Queryable, accountId: number): Promise<number> {
  const { rows } = await db.query<{ active: number }>('SELECT count(*)::int AS active FROM api_keys WHERE account_id = $1 AND revoked_at IS NULL', [accountId]);
  return rows[0]!.active;
}

/** What `updateAccount` did besides the changes asked for. */
export interface AccountUpdate {
  account: Account;
  /** The account's own figures the plan change dropped (the new plan's apply instead). */
  dropped: { monthlyCredits?: number; maxApiKeys?: number };
}

/**
 * Changes an account. A new plan brings its own figures: the account's own monthly credits and key
 * limit are dropped unless given again in the same change (`dropped` says which were). A change that
 * leaves the account more active keys than its new limit is refused: revoke keys first.
 */
export async function updateAccount(pool: Pool, id: number, changes: AccountChanges): Promise<AccountUpdate> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<Pick<AccountRow, 'plan' | 'monthly_credits' | 'max_api_keys'>>('SELECT plan, monthly_credits, max_api_keys FROM accounts WHERE id = $1 FOR UPDATE', [id]);
    const before = rows[0];
    if (!before) throw accountNotFound(id);
    const newPlan = changes.plan !== undefined && changes.plan !== before.plan;
    await client.query(
      `UPDATE accounts SET
         monthly_credits = CASE WHEN $2 THEN $4 ELSE coalesce($4, monthly_credits) END,
         max_api_keys = CASE WHEN $2 THEN $5 ELSE coalesce($5, max_api_keys) END,
         plan = coalesce($3, plan), language = coalesce($6, language)
       WHERE id = $1`,
      [id, newPlan, changes.plan ?? null, changes.monthlyCredits ?? null, changes.maxApiKeys ?? null, changes.language ?? null],
    );
    const account = await withPlanFigures(client, id);
    const active = await activeKeyCount(client, id);
    if (active > account.maxApiKeys) {
      throw new AppError(
        'api_key_limit_reached',
        {},
        `account ${id} has ${active} active API keys and its new limit is ${account.maxApiKeys}: revoke ${active - account.maxApiKeys} first (prospect-engine keys list --account ${id}, then keys revoke ID), or keep room for them with --max-keys ${active}`,
      );
    }
    const dropped: AccountUpdate['dropped'] = {};
    if (newPlan && changes.monthlyCredits === undefined && before.monthly_credits !== null) dropped.monthlyCredits = before.monthly_credits;
    if (newPlan && changes.maxApiKeys === undefined && before.max_api_keys !== null) dropped.maxApiKeys = before.max_api_keys;
    return { account, dropped };
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

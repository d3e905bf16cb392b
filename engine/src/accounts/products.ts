import { type Pool, type PoolClient, type Queryable, transaction } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import { accountNotFound } from './accounts.ts';

/** The caller's own product: research is written against it. */
export interface Product {
  id: number;
  accountId: number;
  name: string;
  description: string;
  features: string[];
  customers: string[];
  createdAt: Date;
}

export interface ProductInput {
  name: string;
  description: string;
  features: string[];
  customers: string[];
}

interface ProductRow {
  id: number;
  account_id: number;
  name: string;
  description: string;
  features: string[];
  customers: string[];
  created_at: Date;
}

const COLUMNS = 'id, account_id, name, description, features, customers, created_at';

/**
 * Stores a new product and makes it the account's current one.
 * Older products stay stored (past jobs and cached briefs point at them) but new research uses this one.
 */
export async function setProduct(pool: Pool, accountId: number, input: ProductInput): Promise<Product> {
  return transaction(pool, (client) => insertProduct(client, accountId, input));
}

/** setProduct inside the caller's transaction. */
export async function insertProduct(client: PoolClient, accountId: number, input: ProductInput): Promise<Product> {
  const product = normalise(input);
  const { rowCount } = await client.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
  if (rowCount === 0) throw accountNotFound(accountId);
  const { rows } = await client.query<ProductRow>(
    `INSERT INTO products (account_id, name, description, features, customers)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [accountId, product.name, product.description, product.features, product.customers],
  );
  const row = rows[0]!;
  await client.query('UPDATE accounts SET current_product_id = $2 WHERE id = $1', [accountId, row.id]);
  return fromRow(row);
}

/** Prepared once per connection: every touch sent reads it. */
const CURRENT_PRODUCT = `SELECT ${COLUMNS.split(', ')
  .map((c) => `p.${c}`)
  .join(', ')} FROM accounts a JOIN products p ON p.id = a.current_product_id WHERE a.id = $1`;

export async function currentProduct(db: Queryable, accountId: number): Promise<Product | null> {
  const { rows } = await db.query<ProductRow>({ name: 'accounts_current_product', text: CURRENT_PRODUCT, values: [accountId] });
  return rows[0] ? fromRow(rows[0]) : null;
}

/** Splits a `a;b;c` list as the CLI takes it. */
export function splitList(value: string): string[] {
  return value
    .split(';')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

function normalise(input: ProductInput): ProductInput {
  const name = input.name.trim();
  const description = input.description.trim();
  if (name.length === 0 || name.length > 200) throw invalidProduct('a product name has 1 to 200 characters');
  if (description.length === 0 || description.length > 4000) throw invalidProduct('a product description has 1 to 4000 characters');
  const features = input.features.map((f) => f.trim()).filter(Boolean);
  const customers = input.customers.map((c) => c.trim()).filter(Boolean);
  if (features.length === 0) throw invalidProduct('a product needs at least one key feature');
  if (customers.length === 0) throw invalidProduct('a product needs at least one target customer');
  return { name, description, features, customers };
}

function fromRow(row: ProductRow): Product {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    description: row.description,
    features: row.features,
    customers: row.customers,
    createdAt: row.created_at,
  };
}

function invalidProduct(message: string): AppError {
  return new AppError('invalid_product', {}, message);
}

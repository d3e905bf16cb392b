import { randomBytes } from 'node:crypto';
import { createPool, type Pool } from '../../src/platform/database/database.ts';

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface TestDatabase {
  url: string;
  pool: Pool;
  drop(): Promise<void>;
}

/** A fresh, migrated database cloned from the template; drop() removes it. */
export async function createTestDatabase(adminUrl: string, templateDatabase: string): Promise<TestDatabase> {
  const name = `prospect_test_${randomBytes(6).toString('hex')}`;
  const admin = createPool(adminUrl, 1);
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  const pool = createPool(url, 10);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      const cleanup = createPool(adminUrl, 1);
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

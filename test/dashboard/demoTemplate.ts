/**
 * The demo account's seeded database, made once per run and cloned by every browser file that asks for
 * it: seeding 10,000 contacts and 2,000 leads takes seconds a file could not afford. The first file to
 * need it builds it while the others wait on an advisory lock, so a run without a seeded browser file
 * never pays for it; the run's global set-up drops it with the other templates.
 */
import { randomBytes } from 'node:crypto';
import { Secrets } from '@prospect-research/engine';
import { createCustomer, createTestDatabase, databaseUrl, type DemoSeed, seedDemo, type TestDatabase } from '@prospect-research/engine/testing';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  // Provided by engine/test/support/globalSetup.ts.
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
  }
}

/** What a test needs to find its way in the seeded account, the same in every clone of one run. */
export interface SeededDemo extends DemoSeed {
  /** The Demo account's API key. */
  key: string;
  /** The instant the demo's history ends at: when the template was built. */
  now: Date;
  /** The engine's SECRET_KEY the mailboxes' passwords and the webhook's secret are sealed with. */
  secretKey: Buffer;
}

type Stored = Omit<SeededDemo, 'now' | 'secretKey'> & { now: string; secretKey: string };

/** Its name: the run's migrated template's, which globalSetup.ts drops it with. */
export const demoTemplateName = (templateDatabase: string) => `${templateDatabase}_demo`;

/** A database of the file's own, a copy of the seeded template, and the seed's handles. */
export async function newSeededDatabase(): Promise<{ database: TestDatabase; demo: SeededDemo }> {
  const adminUrl = inject('adminUrl');
  const name = demoTemplateName(inject('templateDatabase'));
  const stored = await seededTemplate(adminUrl, inject('templateDatabase'), name);
  const database = await createTestDatabase(adminUrl, name);
  return { database, demo: { ...stored, now: new Date(stored.now), secretKey: Buffer.from(stored.secretKey, 'base64') } };
}

/** The template's handles, kept as its database's comment; built first when no file has yet. */
async function seededTemplate(adminUrl: string, migrated: string, name: string): Promise<Stored> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const { rows } = await admin.query<{ comment: string | null }>('SELECT shobj_description(oid, $2) AS comment FROM pg_database WHERE datname = $1', [name, 'pg_database']);
    if (rows[0]?.comment) return JSON.parse(rows[0].comment) as Stored;
    const stored = await build(adminUrl, migrated, name);
    await admin.query(`COMMENT ON DATABASE ${name} IS ${pg.escapeLiteral(JSON.stringify(stored))}`);
    return stored;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    await admin.end();
  }
}

/** Migrations (copied from the run's template), a "Demo" account and `npm run demo`'s data at its real sizes. */
async function build(adminUrl: string, migrated: string, name: string): Promise<Stored> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${migrated}`);
  } finally {
    await admin.end();
  }
  const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, name), max: 4 });
  try {
    const secretKey = randomBytes(32);
    const customer = await createCustomer(pool, { name: 'Demo' });
    // A whole second: seedDemo keeps whole seconds, so the handles and the data agree.
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const seeded = await seedDemo(pool, { accountId: customer.account.id, seed: 1, now, secrets: new Secrets(secretKey) });
    return { ...seeded, key: customer.key, now: now.toISOString(), secretKey: secretKey.toString('base64') };
  } finally {
    await pool.end();
  }
}

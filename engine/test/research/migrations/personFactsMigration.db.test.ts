import { readdirSync } from 'node:fs';
import { runner } from 'node-pg-migrate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../../src/platform/database/database.ts';
import { researchModule } from '../../../src/research/module.ts';
import type { TestDatabase } from '../../support/databases.ts';
import { newTestDatabase } from '../../support/engine.ts';

/**
 * Research migration 0006: person answers are rows of kind 'person'. Those kept before it (kind
 * 'company', keys starting 'person|') become person rows the cache reads; going down puts them back.
 */

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await newTestDatabase();
  pool = createPool(database.url, 2);
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

async function research(direction: 'up' | 'down', count: number) {
  const client = await pool.connect();
  try {
    await runner({ dbClient: client, dir: researchModule().migrations!, direction, count, migrationsTable: 'pgmigrations_research', checkOrder: true, log: () => {} });
  } finally {
    client.release();
  }
}

/** The research migrations after 0006, undone first to reach it and redone at the end. */
const LATER = readdirSync(researchModule().migrations!).filter((file) => file > '0007').length;

const KEY = 'facts-v2|apollo|{"email":"jane@acme-mig.io"}';
const rows = async () => (await pool.query<{ kind: string; key: string }>(`SELECT kind, key FROM company_facts WHERE domain = 'acme-mig.io' ORDER BY kind, key`)).rows;

describe('research migration 0006 (person facts)', () => {
  it('allows the kind person and no other new kind', async () => {
    await pool.query(`INSERT INTO company_facts (kind, key, domain, facts) VALUES ('person', 'facts-v2|x|{}', 'acme-check.io', 'null')`);
    await expect(pool.query(`INSERT INTO company_facts (kind, key, domain, facts) VALUES ('people', 'k', 'acme-check.io', 'null')`)).rejects.toThrow(/company_facts_kind_check/);
  });

  it('turns the person rows kept as company rows into person rows, and back when undone', async () => {
    await research('down', LATER + 1);
    await expect(pool.query(`INSERT INTO company_facts (kind, key, domain, facts) VALUES ('person', 'k', 'acme-mig.io', 'null')`)).rejects.toThrow(/company_facts_kind_check/);
    await pool.query(
      `INSERT INTO company_facts (kind, key, domain, facts, fetched_at) VALUES
         ('company', $1, 'acme-mig.io', '{"name":"Jane Doe"}', '2026-01-02T03:04:05Z'),
         ('company', 'facts-v2|apollo|{"domain":"acme-mig.io"}', 'acme-mig.io', '{"name":"Acme"}', now())`,
      [`person|${KEY}`],
    );

    await research('up', 1);
    expect(await rows()).toEqual([
      { kind: 'company', key: 'facts-v2|apollo|{"domain":"acme-mig.io"}' },
      { kind: 'person', key: KEY },
    ]);
    const {
      rows: [jane],
    } = await pool.query(`SELECT facts, fetched_at FROM company_facts WHERE kind = 'person' AND key = $1`, [KEY]);
    expect(jane).toEqual({ facts: { name: 'Jane Doe' }, fetched_at: new Date('2026-01-02T03:04:05Z') });

    await research('down', 1);
    expect(await rows()).toEqual([
      { kind: 'company', key: 'facts-v2|apollo|{"domain":"acme-mig.io"}' },
      { kind: 'company', key: `person|${KEY}` },
    ]);
    await research('up', LATER + 1);
  });
});

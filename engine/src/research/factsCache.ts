import type { Queryable } from '../database/database.ts';

/**
 * Facts the paid company sources answered, kept per company and query so that the next prospect at
 * the same company does not pay for the same calls: company enrichment (Apollo, People Data Labs, the
 * website) and decision makers (Apollo's people search and enrichment, charged per person).
 */
export type FactsKind = 'company' | 'decision_makers';

export interface CachedFacts<T> {
  facts: T;
  fetchedAt: Date;
}

export interface FactsCache {
  /** The facts stored under `key` if they are younger than `maxAgeDays`. */
  read<T>(kind: FactsKind, key: string, maxAgeDays: number): Promise<CachedFacts<T> | undefined>;
  /** Stores (or replaces) the facts under `key`; answers when they count as fetched. */
  write(kind: FactsKind, key: string, domain: string, facts: unknown): Promise<Date>;
}

export function postgresFactsCache(db: Queryable): FactsCache {
  return {
    async read<T>(kind: FactsKind, key: string, maxAgeDays: number) {
      const { rows } = await db.query<{ facts: T; fetched_at: Date }>(
        `SELECT facts, fetched_at FROM company_facts WHERE kind = $1 AND key = $2 AND fetched_at > now() - $3 * interval '1 day'`,
        [kind, key, maxAgeDays],
      );
      const row = rows[0];
      return row && { facts: row.facts, fetchedAt: row.fetched_at };
    },
    async write(kind, key, domain, facts) {
      const { rows } = await db.query<{ fetched_at: Date }>(
        `INSERT INTO company_facts (kind, key, domain, facts) VALUES ($1, $2, $3, $4)
         ON CONFLICT (kind, key) DO UPDATE SET facts = EXCLUDED.facts, fetched_at = EXCLUDED.fetched_at
         RETURNING fetched_at`,
        [kind, key, domain, JSON.stringify(facts)],
      );
      return rows[0]!.fetched_at;
    },
  };
}

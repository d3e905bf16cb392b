import type { Queryable } from '../platform/database/database.ts';
import type { Identities } from './pipeline/pipeline.ts';

/**
 * The `id` fields of a brief are this service's own stable numbers: a person keeps one id per
 * e-mail (or profile URL, for decision makers), a company one per domain, across jobs and accounts.
 */
export function postgresIdentities(db: Queryable): Identities {
  const upsert = async (sql: string, value: string) => (await db.query<{ id: number }>(sql, [value])).rows[0]!.id;
  return {
    personByEmail: (email) =>
      upsert('INSERT INTO people (email) VALUES ($1) ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id', email.toLowerCase()),
    async peopleByProfile(urls) {
      if (urls.length === 0) return [];
      const { rows } = await db.query<{ id: number; linkedin_url: string }>(
        `INSERT INTO people (linkedin_url) SELECT DISTINCT unnest($1::text[])
         ON CONFLICT (linkedin_url) DO UPDATE SET linkedin_url = EXCLUDED.linkedin_url RETURNING id, linkedin_url`,
        [urls],
      );
      const ids = new Map(rows.map((row) => [row.linkedin_url, row.id]));
      return urls.map((url) => ids.get(url)!);
    },
    companyByDomain: (domain) =>
      upsert('INSERT INTO companies (domain) VALUES ($1) ON CONFLICT (domain) DO UPDATE SET domain = EXCLUDED.domain RETURNING id', domain.toLowerCase()),
  };
}

import type { Queryable } from '../database/database.ts';
import type { Identities } from './pipeline.ts';

/**
 * The `id` fields of a brief are this service's own stable numbers: a person keeps one id per
 * e-mail (or profile URL, for decision makers), a company one per domain, across jobs and accounts.
 */
export function postgresIdentities(db: Queryable): Identities {
  const upsert = async (sql: string, value: string) => (await db.query<{ id: number }>(sql, [value])).rows[0]!.id;
  return {
    personByEmail: (email) =>
      upsert('INSERT INTO people (email) VALUES ($1) ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id', email.toLowerCase()),
    personByProfile: (url) =>
      upsert('INSERT INTO people (linkedin_url) VALUES ($1) ON CONFLICT (linkedin_url) DO UPDATE SET linkedin_url = EXCLUDED.linkedin_url RETURNING id', url),
    companyByDomain: (domain) =>
      upsert('INSERT INTO companies (domain) VALUES ($1) ON CONFLICT (domain) DO UPDATE SET domain = EXCLUDED.domain RETURNING id', domain.toLowerCase()),
  };
}

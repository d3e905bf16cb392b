import type { Queryable } from '../platform/database/database.ts';
import { batchedPerTurn } from './pipeline/batch.ts';
import type { Identities } from './pipeline/pipeline.ts';

type Asked = { kind: 'email' | 'profile' | 'domain'; value: string };

/**
 * One statement for every id asked in the same turn; new values get new rows, and people already known
 * are marked seen (retention.ts keeps a person's id while research asks for it). A repeated value is
 * inserted once, and values go in sorted order so that two statements lock the rows they share in the
 * same order.
 */
const UPSERT_IDS = `
  WITH by_email AS (
    INSERT INTO people (email) SELECT DISTINCT unnest($1::text[]) ORDER BY 1
    ON CONFLICT (email) DO UPDATE SET seen_at = now() RETURNING id, email AS value
  ), by_profile AS (
    INSERT INTO people (linkedin_url) SELECT DISTINCT unnest($2::text[]) ORDER BY 1
    ON CONFLICT (linkedin_url) DO UPDATE SET seen_at = now() RETURNING id, linkedin_url AS value
  ), by_domain AS (
    INSERT INTO companies (domain) SELECT DISTINCT unnest($3::text[]) ORDER BY 1
    ON CONFLICT (domain) DO UPDATE SET domain = EXCLUDED.domain RETURNING id, domain AS value
  )
  SELECT 'email' AS kind, id, value FROM by_email
  UNION ALL SELECT 'profile', id, value FROM by_profile
  UNION ALL SELECT 'domain', id, value FROM by_domain`;

/**
 * The `id` fields of a brief are this service's own stable numbers: a person keeps one id per
 * e-mail (or profile URL, for decision makers), a company one per domain, across jobs and accounts.
 * The ids asked for in the same turn of the event loop (a job's prospect and company, asked together;
 * those of the jobs running side by side, when one instance serves them all) are upserted in one statement.
 */
export function postgresIdentities(db: Queryable): Identities {
  const id = batchedPerTurn(async (asked: readonly Asked[]) => {
    const values = (kind: Asked['kind']) => asked.filter((a) => a.kind === kind).map((a) => a.value);
    const { rows } = await db.query<{ kind: Asked['kind']; id: number; value: string }>({
      name: 'research_upsert_ids',
      text: UPSERT_IDS,
      values: [values('email'), values('profile'), values('domain')],
    });
    const ids = new Map(rows.map((row) => [`${row.kind}|${row.value}`, row.id]));
    return asked.map((a) => ids.get(`${a.kind}|${a.value}`)!);
  });
  return {
    personByEmail: (email) => id({ kind: 'email', value: email.toLowerCase() }),
    peopleByProfile: (urls) => Promise.all(urls.map((url) => id({ kind: 'profile', value: url }))),
    companyByDomain: (domain) => id({ kind: 'domain', value: domain.toLowerCase() }),
  };
}

import type { PoolClient } from '../platform/database/database.ts';
import { failJob } from './jobs.ts';

/**
 * Erasure of what research holds about one person, for one account (the Autopilot's contact erasure,
 * docs/autopilot.md "Erasing a contact"): the same anonymisation retention applies past its period
 * (retention.ts), at once and for this person alone.
 *
 * - **The account's research of the person**: the jobs named, and every job of the account for the
 *   address. Each is anonymised as retention does (its e-mail, request fields, brief with its provenance,
 *   rejections and Idempotency-Key erased; `purged_at` set, so it answers `not_found`); its row stays
 *   because the credit ledger's debit and refund refer to it. A job still queued or running is stopped
 *   first the way a failure stops it (failed, its credit refunded: it delivered nothing).
 * - **Its cached briefs** (this account's products) are deleted.
 * - **The person's ids** (`people`, by address or profile URL) are deleted: a cache of the engine's own
 *   numbers, as retention deletes it; researched again, the person gets a new id.
 * - **What paid sources answered about the person**: their person facts (keyed by the address) and the
 *   decision-maker lists of their company that name them (by address, name or profile URL) are deleted,
 *   whichever account's research paid for them: they are the engine's cache, not any account's record, and
 *   the next research asks the source again. The company's own facts are the company's, and stay.
 * - **Other briefs of the account** that list the person among their company's decision makers lose
 *   that entry (matched by profile URL, or by name within the address's domain).
 *
 * Other accounts' research is theirs: another tenant is its own controller, answerable for its own
 * research (and its retention). Everything happens in the caller's transaction.
 */
export interface ResearchToErase {
  accountId: number;
  /** Jobs to erase whatever their address (a lead's research). */
  researchIds: string[];
  /** The person's normalised address: every job of the account for it is erased; null when unknown. */
  address: string | null;
  /** Names the caller knows the person by (the CRM's properties): decision-maker entries by this name go too. */
  names: string[];
  now: Date;
}

export interface ResearchErased {
  research: number;
  research_cache: number;
  people: number;
  source_facts: number;
  decision_makers: number;
}

interface JobRow {
  id: string;
  status: string;
  email: string | null;
  prospect_name: string | null;
  prospect_url: string | null;
  brief_name: string | null;
  brief_email: string | null;
  brief_url: string | null;
}

const unique = (values: (string | null | undefined)[]): string[] => [
  ...new Set(values.filter((value): value is string => typeof value === 'string' && value.trim() !== '').map((value) => value.trim())),
];

export async function eraseResearch(client: PoolClient, { accountId, researchIds, address, names, now }: ResearchToErase): Promise<ResearchErased> {
  const { rows: jobs } = await client.query<JobRow>(
    `SELECT id, status, email, request ->> 'prospect_name' AS prospect_name, request ->> 'linkedin_url' AS prospect_url,
            result -> 'prospect' ->> 'name' AS brief_name, result -> 'prospect' ->> 'email' AS brief_email, result -> 'prospect' ->> 'linkedin_url' AS brief_url
     FROM research_jobs
     WHERE account_id = $1 AND (id = ANY($2::uuid[]) OR ($3::text IS NOT NULL AND email = $3 AND purged_at IS NULL))
     ORDER BY id FOR UPDATE`,
    [accountId, researchIds, address],
  );
  const addresses = unique([address, ...jobs.flatMap((job) => [job.email, job.brief_email])]).map((value) => value.toLowerCase());
  const personNames = unique([...names, ...jobs.flatMap((job) => [job.prospect_name, job.brief_name])]);
  const profileUrls = unique(jobs.flatMap((job) => [job.prospect_url, job.brief_url]));
  const ids = jobs.map((job) => job.id);

  for (const job of jobs) if (job.status === 'queued' || job.status === 'processing') await failJob(client, job.id, 'internal_error');
  const cache = await client.query(
    `DELETE FROM research_cache WHERE research_id = ANY($1::uuid[])
       OR (email = ANY($2::text[]) AND product_id IN (SELECT id FROM products WHERE account_id = $3))`,
    [ids, addresses, accountId],
  );
  const research = await client.query(
    `UPDATE research_jobs SET email = NULL, request = '{}', result = NULL, rejections = NULL, idempotency_key = NULL, purged_at = $2
     WHERE id = ANY($1::uuid[]) AND purged_at IS NULL`,
    [ids, now],
  );
  const people = await client.query('DELETE FROM people WHERE email = ANY($1::text[]) OR linkedin_url = ANY($2::text[])', [addresses, profileUrls]);
  // Looked for as JSON strings (with their quotes): an address or a name inside a longer one is not theirs.
  const json = (values: string[]) => values.map((value) => JSON.stringify(value));
  const domains = unique(addresses.map((value) => value.slice(value.lastIndexOf('@') + 1)));
  const facts = await client.query(
    `DELETE FROM company_facts
     WHERE (kind = 'person' AND domain = ANY($1::text[]) AND EXISTS (SELECT 1 FROM unnest($2::text[]) AS a (needle) WHERE strpos(key, a.needle) > 0))
        OR (kind = 'decision_makers' AND domain = ANY($1::text[]) AND EXISTS (SELECT 1 FROM unnest($3::text[]) AS n (needle) WHERE strpos(facts::text, n.needle) > 0))`,
    [domains, json(addresses), json([...addresses, ...personNames, ...profileUrls])],
  );
  const lowerNames = personNames.map((name) => name.toLowerCase());
  const isPerson = `(d ->> 'linkedin_url' = ANY($2::text[]) OR lower(d ->> 'full_name') = ANY($3::text[]))`;
  const { rows: dropped } = await client.query<{ dropped: number }>(
    `WITH listed AS (
       SELECT j.id, (SELECT count(*) FROM jsonb_array_elements(j.result -> 'decision_makers') AS e (d) WHERE ${isPerson})::int AS dropped,
              coalesce((SELECT jsonb_agg(d ORDER BY i) FROM jsonb_array_elements(j.result -> 'decision_makers') WITH ORDINALITY AS e (d, i) WHERE NOT ${isPerson}), '[]') AS kept
       FROM research_jobs j
       WHERE j.account_id = $1 AND j.status = 'completed' AND j.purged_at IS NULL AND split_part(j.email, '@', 2) = ANY($4::text[])
         AND jsonb_typeof(j.result -> 'decision_makers') = 'array'
     ), changed AS (
       UPDATE research_jobs j SET result = jsonb_set(j.result, '{decision_makers}', listed.kept)
       FROM listed WHERE j.id = listed.id AND listed.dropped > 0
       RETURNING listed.dropped
     )
     SELECT coalesce(sum(dropped), 0)::int AS dropped FROM changed`,
    [accountId, profileUrls, lowerNames, domains],
  );
  return {
    research: research.rowCount ?? 0,
    research_cache: cache.rowCount ?? 0,
    people: people.rowCount ?? 0,
    source_facts: facts.rowCount ?? 0,
    decision_makers: dropped[0]!.dropped,
  };
}

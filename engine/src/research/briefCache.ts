import type { Queryable } from '../platform/database/database.ts';
import type { Language } from '../accounts/accounts.ts';
import type { FetchedAt } from './pipeline/pipeline.ts';
import type { ResearchData } from './contract.ts';

/** Briefs are cached per (email, product) and also per language, plan feature and pipeline, which change the brief. */
export interface BriefKey {
  email: string;
  productId: number;
  language: Language;
  decisionMakers: boolean;
  pipeline: string;
}

export interface CacheTtlDays {
  people: number;
  companies: number;
  decisionMakers: number;
}

/** A cached brief whose every part is younger than its own time-to-live, or undefined. */
export async function readCachedBrief(db: Queryable, key: BriefKey, ttl: CacheTtlDays): Promise<ResearchData | undefined> {
  const { rows } = await db.query<{ data: ResearchData }>(
    `SELECT data FROM research_cache
     WHERE email = $1 AND product_id = $2 AND language = $3 AND decision_makers = $4 AND pipeline = $5
       AND person_fetched_at > now() - $6 * interval '1 day'
       AND company_fetched_at > now() - $7 * interval '1 day'
       AND (NOT decision_makers OR decision_makers_fetched_at > now() - $8 * interval '1 day')`,
    [key.email, key.productId, key.language, key.decisionMakers, key.pipeline, ttl.people, ttl.companies, ttl.decisionMakers],
  );
  return rows[0]?.data;
}

export async function storeBrief(db: Queryable, key: BriefKey, data: ResearchData, fetchedAt: FetchedAt): Promise<void> {
  await db.query(
    `INSERT INTO research_cache (email, product_id, language, decision_makers, pipeline, data, person_fetched_at, company_fetched_at, decision_makers_fetched_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (email, product_id, language, decision_makers, pipeline) DO UPDATE SET
       data = EXCLUDED.data, person_fetched_at = EXCLUDED.person_fetched_at,
       company_fetched_at = EXCLUDED.company_fetched_at, decision_makers_fetched_at = EXCLUDED.decision_makers_fetched_at`,
    [key.email, key.productId, key.language, key.decisionMakers, key.pipeline, data, fetchedAt.person, fetchedAt.company, fetchedAt.decisionMakers],
  );
}

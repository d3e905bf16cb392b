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

/**
 * SQL for the data of the brief cached for the job row `job` (its e-mail, product, language and plan
 * feature) under the pipeline in parameter `$<first>`, when every part is younger than its own
 * time-to-live in days (`$<first + 1>` people, `$<first + 2>` companies, `$<first + 3>` decision
 * makers): a scalar subquery, NULL when there is none. The job's claim reads it in the same statement.
 */
export function cachedBriefSql(job: string, first: number): string {
  return `(SELECT c.data FROM research_cache c
     WHERE c.email = ${job}.email AND c.product_id = ${job}.product_id AND c.language = ${job}.language
       AND c.decision_makers = ${job}.decision_makers AND c.pipeline = $${first}
       AND c.person_fetched_at > now() - $${first + 1} * interval '1 day'
       AND c.company_fetched_at > now() - $${first + 2} * interval '1 day'
       AND (NOT c.decision_makers OR c.decision_makers_fetched_at > now() - $${first + 3} * interval '1 day'))`;
}

/** Parameters of `cachedBriefSql`, in order. */
export function cachedBriefParams(pipeline: string, ttl: CacheTtlDays): unknown[] {
  return [pipeline, ttl.people, ttl.companies, ttl.decisionMakers];
}

/**
 * SQL that stores a brief under its key (`$1` email, `$2` product, `$3` language, `$4` decision makers,
 * `$5` pipeline), with `$6` data and when each part was fetched (`$7` person, `$8` company, `$9`
 * decision makers), replacing an older one. The job's completion runs it in the same statement.
 */
export const STORE_BRIEF_SQL = `INSERT INTO research_cache (email, product_id, language, decision_makers, pipeline, data, person_fetched_at, company_fetched_at, decision_makers_fetched_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  ON CONFLICT (email, product_id, language, decision_makers, pipeline) DO UPDATE SET
    data = EXCLUDED.data, person_fetched_at = EXCLUDED.person_fetched_at,
    company_fetched_at = EXCLUDED.company_fetched_at, decision_makers_fetched_at = EXCLUDED.decision_makers_fetched_at`;

/** Parameters of `STORE_BRIEF_SQL`, in order. */
export function storeBriefParams(key: BriefKey, data: ResearchData, fetchedAt: FetchedAt): unknown[] {
  return [key.email, key.productId, key.language, key.decisionMakers, key.pipeline, data, fetchedAt.person, fetchedAt.company, fetchedAt.decisionMakers];
}

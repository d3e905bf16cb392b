import type { Language } from '../accounts/accounts.ts';
import type { FetchedAt } from './pipeline/pipeline.ts';

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
 * A cached brief is the result of the job that researched it: a cache row keys that job by what the
 * brief depends on, and when each of its parts was fetched.
 *
 * SQL for the brief (`result`), its `empty_reason` and its `rejections` cached for the job row `job` (its e-mail,
 * product, language and plan feature) under the pipeline in parameter `$<first>`, when every part is
 * younger than its own time-to-live in days (`$<first + 1>` people, `$<first + 2>` companies,
 * `$<first + 3>` decision makers): a subquery of at most one row, for a LATERAL join. The job's claim
 * reads it in the same statement.
 */
export function cachedBriefSql(job: string, first: number): string {
  return `(SELECT r.result, r.empty_reason, r.rejections FROM research_cache c JOIN research_jobs r ON r.id = c.research_id
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
 * SQL that caches the brief of the job row `job` under its key (`$2` email, `$3` product, `$4` language,
 * `$5` decision makers, `$6` pipeline), with when each part was fetched (`$7` person, `$8` company, `$9`
 * decision makers), replacing an older one. The job's completion runs it in the same statement.
 */
export const storeBriefSql = (job: string) => `INSERT INTO research_cache (research_id, email, product_id, language, decision_makers, pipeline, person_fetched_at, company_fetched_at, decision_makers_fetched_at)
  SELECT ${job}.id, $2, $3, $4, $5, $6, $7, $8, $9 FROM ${job}
  ON CONFLICT (email, product_id, language, decision_makers, pipeline) DO UPDATE SET
    research_id = EXCLUDED.research_id, person_fetched_at = EXCLUDED.person_fetched_at,
    company_fetched_at = EXCLUDED.company_fetched_at, decision_makers_fetched_at = EXCLUDED.decision_makers_fetched_at`;

/** Parameters `$2` to `$9` of `storeBriefSql`, in order. */
export function storeBriefParams(key: BriefKey, fetchedAt: FetchedAt): unknown[] {
  return [key.email, key.productId, key.language, key.decisionMakers, key.pipeline, fetchedAt.person, fetchedAt.company, fetchedAt.decisionMakers];
}

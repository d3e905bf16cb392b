import type { Language } from '../accounts/index.ts';

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
 * SQL that caches the briefs of the rows of `briefs` (`id` the job, its key `email`, `product_id`,
 * `language`, `decision_makers`, `pipeline`, when each part was fetched `person_fetched_at`,
 * `company_fetched_at`, `decision_makers_fetched_at`, and `i` their order), each replacing an older
 * one. Of rows with the same key, the last one's brief is cached, as one statement after another would
 * leave it; keys go in sorted order, so that two statements lock the rows they share in the same order.
 * The jobs' completion runs it in the same statement.
 */
export const storeBriefsSql = (
  briefs: string,
) => `INSERT INTO research_cache (research_id, email, product_id, language, decision_makers, pipeline, person_fetched_at, company_fetched_at, decision_makers_fetched_at)
  SELECT DISTINCT ON (email, product_id, language, decision_makers, pipeline)
    id, email, product_id, language, decision_makers, pipeline, person_fetched_at, company_fetched_at, decision_makers_fetched_at
  FROM ${briefs}
  ORDER BY email, product_id, language, decision_makers, pipeline, i DESC
  ON CONFLICT (email, product_id, language, decision_makers, pipeline) DO UPDATE SET
    research_id = EXCLUDED.research_id, person_fetched_at = EXCLUDED.person_fetched_at,
    company_fetched_at = EXCLUDED.company_fetched_at, decision_makers_fetched_at = EXCLUDED.decision_makers_fetched_at`;

import type { Pool } from '../../src/platform/database/database.ts';
import type { Identities, ResearchInput, ResearchOutcome } from '../../src/research/pipeline/pipeline.ts';
import { sourceless as noSources } from '../support/pipelines.ts';

/** What a scripted pipeline does with one job. */
export type Behaviour = (input: ResearchInput, identities: Identities, signal: AbortSignal) => Promise<ResearchOutcome>;

/** The sourceless pipeline's brief: the honest default. */
export const sourceless: Behaviour = (input, identities, signal) => noSources().run(input, identities, signal);

/**
 * Chooses a behaviour by the e-mail's local part up to its first `-` (`hang-1@example.com` runs
 * `routes.hang`), so one engine can run jobs that behave differently; other e-mails get the sourceless brief.
 * Each job's signal is kept in `signals` by e-mail, to tell whether that job's work was told to stop.
 */
export function routed(routes: Record<string, Behaviour>, signals?: Map<string, AbortSignal>): Behaviour {
  return (input, identities, signal) => {
    signals?.set(input.email, signal);
    const route = routes[input.email.split('@')[0]!.split('-')[0]!] ?? sourceless;
    return route(input, identities, signal);
  };
}

/** Produces the sourceless brief with `opening_talk` holding four items, where the schema allows at most 3. */
export const breaksSchema: Behaviour = async (input, identities, signal) => {
  const outcome = await sourceless(input, identities, signal);
  const opening_talk = ['First starter', 'Second starter', 'Third starter', 'Fourth starter'];
  return { ...outcome, data: { ...outcome.data, prospect: { ...outcome.data.prospect, opening_talk } } };
};

export { until } from '../support/engine.ts';

/** A research job's row as the engine stored it. */
export async function jobRow(pool: Pool, researchId: string) {
  const { rows } = await pool.query<{ status: string; error: string | null; from_cache: boolean | null; decision_makers: boolean; deadline_passed: boolean | null }>(
    `SELECT status, error, from_cache, decision_makers, deadline_at < now() AS deadline_passed FROM research_jobs WHERE id = $1`,
    [researchId],
  );
  if (!rows[0]) throw new Error(`no research job ${researchId}`);
  return rows[0];
}

/** The graphile-worker jobs of a task still in the queue (pending, retrying or locked by a worker). */
export async function queuedTasks(pool: Pool, task: string) {
  const { rows } = await pool.query<{ id: string; attempts: number; locked_by: string | null; payload_research_id: string | null }>(
    `SELECT j.id::text, j.attempts, j.locked_by, p.payload->>'researchId' AS payload_research_id
     FROM graphile_worker.jobs j JOIN graphile_worker._private_jobs p ON p.id = j.id
     WHERE j.task_identifier = $1 ORDER BY j.id`,
    [task],
  );
  return rows;
}

/** The status body's field names, sorted: the spec gives each status an exact set. */
export function fieldsOf(body: Record<string, unknown>): string[] {
  return Object.keys(body).sort();
}

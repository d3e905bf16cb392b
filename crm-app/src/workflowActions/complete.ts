import type { Client } from '@hubspot/api-client';
import { addJob, type Clock, type Logger, type Pool, readResearchOutcome, type ResearchOutcome } from '@prospect-research/engine';
import { requestJson } from '../hubspotApi.ts';
import { HubSpotError } from '../hubspotError.ts';
import { PortalDisconnected } from '../portals.ts';
import { SUMMARY_LIMIT } from '../writeback/writeback.ts';
import { completionJob, RESEARCH_POLL_MS } from './actions.ts';
import type { Outputs } from './executions.ts';

/**
 * HubSpot's callbacks API on the date-versioned path of platform 2026.03 (its reference, "Complete a
 * callback": `POST /automation/actions/callbacks/2026-03/{callbackId}/complete`, the successor of
 * `/automation/v4/actions/callbacks/{callbackId}/complete`), with `{"outputFields": {...}}`; 204 when taken.
 */
export const completePath = (callbackId: string): string => `/automation/actions/callbacks/2026-03/${encodeURIComponent(callbackId)}/complete`;

export interface CompletionDependencies {
  pool: Pool;
  clock: Clock;
  log: Logger;
  client(portalId: number): Promise<Client>;
}

/** The research's outputs, as "Research this contact" completes with them. */
export function researchOutputs(outcome: ResearchOutcome | undefined): Outputs {
  if (outcome === undefined) return { research_status: 'failed', research_summary: '', reason: "The research is gone (erased, or past the account's retention) before it could be read" };
  if (outcome.status === 'failed') {
    const why = outcome.error === 'timeout' ? 'it took longer than the limit' : 'an internal error';
    return { research_status: 'failed', research_summary: '', reason: `The research failed (${why}); its credit was refunded` };
  }
  const summary = oneLine(outcome.summary ?? '');
  return { research_status: 'completed', research_summary: summary, reason: summary === '' ? 'The research completed; its brief has no summary' : 'The research completed' };
}

/** The summary as the contact property holds it: plain text on one line, cut at a word before SUMMARY_LIMIT characters (writeback.ts does the same in SQL). */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SUMMARY_LIMIT) return flat;
  return `${flat.slice(0, SUMMARY_LIMIT - 1).replace(/\s+\S*$/, '')}…`;
}

interface Blocked {
  portal_id: string;
  account_id: string | null;
  research_id: string;
}

/**
 * The job of a blocked execution ("Research this contact"): while its research runs it looks again
 * every RESEARCH_POLL_MS; once it has ended, it completes the execution in HubSpot with the outputs and
 * records them (a second delivery of the execution then answers them). HubSpot refusing the completion
 * with a 4xx (the execution unknown, or expired: it waits a day) ends it as `expired` with HubSpot's
 * words; a 429, a 5xx or no answer fails the job, which graphile-worker retries.
 */
export async function completeExecution(deps: CompletionDependencies, callbackId: string): Promise<'waiting' | 'completed' | 'expired' | 'none'> {
  const { rows } = await deps.pool.query<Blocked>(
    `SELECT e.portal_id, p.account_id, e.research_id FROM hubspot_workflow_executions e JOIN hubspot_portals p ON p.portal_id = e.portal_id
     WHERE e.callback_id = $1 AND e.state = 'blocked' AND e.research_id IS NOT NULL`,
    [callbackId],
  );
  const row = rows[0];
  if (!row) return 'none';
  const portalId = Number(row.portal_id);
  const outcome = row.account_id === null ? undefined : await readResearchOutcome(deps.pool, Number(row.account_id), row.research_id);
  if (outcome && (outcome.status === 'queued' || outcome.status === 'processing')) {
    await addJob(deps.pool, 'hubspot_workflow_complete', { callbackId }, { ...completionJob(callbackId), runAt: new Date(Date.now() + RESEARCH_POLL_MS) });
    return 'waiting';
  }
  const outputs = researchOutputs(outcome);
  try {
    await requestJson(await deps.client(portalId), 'workflow action completion', 'POST', completePath(callbackId), { outputFields: { ...outputs, hs_execution_state: 'SUCCESS' } });
  } catch (error) {
    const refused = error instanceof HubSpotError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429;
    if (!refused && !(error instanceof PortalDisconnected)) throw error;
    await deps.pool.query(`UPDATE hubspot_workflow_executions SET state = 'expired', outputs = $2, completed_at = $3, completion_error = $4 WHERE callback_id = $1 AND state = 'blocked'`, [
      callbackId,
      JSON.stringify(outputs),
      deps.clock.now(),
      (error as Error).message.slice(0, 1000),
    ]);
    deps.log.warn({ portalId, callbackId, error: (error as Error).message }, 'HubSpot refused to complete a workflow action');
    return 'expired';
  }
  await deps.pool.query(`UPDATE hubspot_workflow_executions SET state = 'completed', outputs = $2, completed_at = $3 WHERE callback_id = $1 AND state = 'blocked'`, [
    callbackId,
    JSON.stringify(outputs),
    deps.clock.now(),
  ]);
  return 'completed';
}

import type { Client } from '@hubspot/api-client';
import {
  AppError,
  addJob,
  type Clock,
  closeContactLead,
  emailOf,
  enrolInChosen,
  getAccount,
  insertResearchJob,
  type Pool,
  type PoolClient,
  researchRequestFor,
  transaction,
} from '@prospect-research/engine';
import { bounded } from '../hubspotApi.ts';
import { hubspotError } from '../hubspotError.ts';
import { portalSource } from '../portalSource.ts';
import type { HubSpotCaller } from '../signed/signedScope.ts';
import { DEFAULT_PROPERTIES } from '../webhooks/process.ts';
import { type ActionAnswer, answerAgain, blocked, claimExecution, done, type Execution, invalidBody, type Outputs, recordAnswer, recordedExecution, type WorkflowAction } from './executions.ts';
import { NO_AUTOPILOT, UNCLAIMED, UNCLAIMED_WORDS } from './options.ts';

export interface ActionDependencies {
  pool: Pool;
  clock: Clock;
  /** A client of the portal (its access token refreshed when due), to read a contact HubSpot sent no properties of. */
  client(portalId: number): Promise<Client>;
}

/** How often a blocked execution looks at its research again (research takes 20 to 60 seconds). */
export const RESEARCH_POLL_MS = 5_000;

/** The job that completes a blocked execution: one per execution, whatever asks for it. */
export const completionJob = (callbackId: string) => ({ jobKey: `hubspot_workflow:${callbackId}`, jobKeyMode: 'replace' as const });

/**
 * Runs an execution once: a delivery HubSpot repeats (it retries on a timeout or a 5xx, and may deliver
 * twice) answers what the first decided and does nothing again. The claim, the work and its answer
 * commit together, so two deliveries at once are one execution: the second waits on the first's claim.
 */
async function once(
  deps: ActionDependencies,
  execution: Execution,
  action: WorkflowAction,
  work: (client: PoolClient) => Promise<{ outputs: Outputs } | { researchId: string }>,
): Promise<ActionAnswer> {
  const earlier = await recordedExecution(deps.pool, execution.callbackId);
  if (earlier) return answerAgain(earlier, execution, action);
  const answer = await transaction(deps.pool, async (client) => {
    if (!(await claimExecution(client, execution, action, deps.clock.now()))) return undefined;
    const result = await work(client);
    await recordAnswer(client, execution.callbackId, result);
    if ('researchId' in result) {
      await addJob(client, 'hubspot_workflow_complete', { callbackId: execution.callbackId }, { ...completionJob(execution.callbackId), runAt: new Date(Date.now() + RESEARCH_POLL_MS) });
    }
    return 'outputs' in result ? done(result.outputs) : blocked();
  });
  if (answer !== undefined) return answer;
  return answerAgain((await recordedExecution(deps.pool, execution.callbackId))!, execution, action);
}

/** The contact's properties: those HubSpot sent with the request, or else read from HubSpot; undefined when HubSpot has no such contact. */
async function contactProperties(deps: ActionDependencies, execution: Execution): Promise<Record<string, string | null> | undefined> {
  if (execution.properties !== undefined && 'email' in execution.properties) return execution.properties;
  let answer;
  try {
    const client = await deps.client(execution.portalId);
    answer = await bounded(client.crm.contacts.batchApi.read({ inputs: [{ id: execution.contactId }], properties: DEFAULT_PROPERTIES, propertiesWithHistory: [] }, false));
  } catch (error) {
    // HubSpot retries an execution answered with a 5xx: nothing was done, so the retry starts afresh.
    const failure = hubspotError('contact read', error);
    throw new AppError('service_unavailable', { message: `The contact could not be read from HubSpot (${failure.message}); HubSpot retries the execution` }, failure.message);
  }
  const contact = answer.results.find((result) => result.id === execution.contactId);
  return contact ? { ...contact.properties } : undefined;
}

/** When HubSpot created the contact (`createdate`), else now. */
function createdAt(properties: Record<string, string | null>, now: Date): Date {
  const created = properties.createdate ? new Date(properties.createdate) : undefined;
  return created && !Number.isNaN(created.getTime()) ? created : now;
}

/** The Autopilot chosen in the workflow (the `autopilot` input field): its name, as the options offered it. */
function chosenAutopilot(execution: Execution): string {
  const name = execution.inputs.autopilot;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200) throw invalidBody('"inputFields.autopilot" must name the Autopilot chosen in the workflow (1 to 200 characters)');
  return name;
}

/**
 * "Enrol in an Autopilot": the contact enters the Autopilot chosen in the workflow, whatever its filter
 * says, unless a skip rule holds (engine: enrolInChosen). Outputs `status` (enrolled, skipped, waiting)
 * and `reason` in words.
 */
export async function enrolAction(deps: ActionDependencies, caller: HubSpotCaller, execution: Execution): Promise<ActionAnswer> {
  const name = chosenAutopilot(execution);
  if (caller.accountId === null || name === UNCLAIMED) return once(deps, execution, 'enrol', async () => ({ outputs: { status: 'skipped', reason: UNCLAIMED_WORDS } }));
  if (name === NO_AUTOPILOT) {
    return once(deps, execution, 'enrol', async () => ({ outputs: { status: 'skipped', reason: 'no Autopilot was chosen: the account had none switched on when the workflow was set up' } }));
  }
  const accountId = caller.accountId;
  // A repeated delivery is answered from its record (once): HubSpot is not asked for the contact again.
  const properties = (await recordedExecution(deps.pool, execution.callbackId)) ? {} : await contactProperties(deps, execution);
  return once(deps, execution, 'enrol', async (client) => {
    if (properties === undefined) return { outputs: { status: 'skipped', reason: `HubSpot has no contact ${execution.contactId} (deleted since the workflow enrolled it?)` } };
    const contact = { id: execution.contactId, createdAt: createdAt(properties, deps.clock.now()), properties };
    const result = await enrolInChosen(client, portalSource(accountId, execution.portalId), contact, name, deps.clock.now());
    return { outputs: { status: result.status, reason: capitalised(result.reason) } };
  });
}

/** "Stop the Autopilot lead": the contact's active lead closed manually (engine: closeContactLead). Outputs `status` (closed, not_active, no_lead) and `reason`. */
export async function stopAction(deps: ActionDependencies, caller: HubSpotCaller, execution: Execution): Promise<ActionAnswer> {
  const accountId = caller.accountId;
  return once(deps, execution, 'stop', async (client) => {
    if (accountId === null) return { outputs: { status: 'no_lead', reason: UNCLAIMED_WORDS } };
    const result = await closeContactLead(client, deps.clock, portalSource(accountId, execution.portalId), execution.contactId);
    return { outputs: { status: result.closed ? 'closed' : result.leadId === null ? 'no_lead' : 'not_active', reason: result.text } };
  });
}

/** The research of one execution: the same key on every delivery, so a credit is taken once whatever HubSpot repeats. */
export const researchKey = (callbackId: string): string => `hubspot-workflow:${callbackId}`;

/**
 * "Research this contact": a research of the contact's address starts (one credit) and the execution is
 * blocked in HubSpot until it ends; a job then completes it with `research_status` and
 * `research_summary` (complete.ts). No credits, no address, an unclaimed portal: answered at once with
 * `research_status` `no_credits` or `failed` and the `reason`.
 */
export async function researchAction(deps: ActionDependencies, caller: HubSpotCaller, execution: Execution): Promise<ActionAnswer> {
  const failed = (reason: string) => ({ outputs: { research_status: 'failed', research_summary: '', reason } });
  const accountId = caller.accountId;
  if (accountId === null) return once(deps, execution, 'research', async () => failed(UNCLAIMED_WORDS));
  // A repeated delivery is answered from its record (once): HubSpot is not asked for the contact again.
  const properties = (await recordedExecution(deps.pool, execution.callbackId)) ? {} : await contactProperties(deps, execution);
  return once(deps, execution, 'research', async (client) => {
    if (properties === undefined) return failed(`HubSpot has no contact ${execution.contactId} (deleted since the workflow enrolled it?)`);
    const email = emailOf(properties);
    if (email === null) return failed('The contact has no valid e-mail address (property "email") to research: no research, no credit');
    const account = await getAccount(client, accountId);
    // A refusal (no credits, no product) must leave nothing behind: the job row insertResearchJob wrote before its debit failed.
    await client.query('SAVEPOINT research');
    try {
      const researchId = await insertResearchJob(client, { account, apiKeyId: null, request: researchRequestFor(email, properties), idempotencyKey: researchKey(execution.callbackId) });
      await client.query('RELEASE SAVEPOINT research');
      if (researchId === undefined) throw new Error(`a research already holds the key of execution ${execution.callbackId}, which has no record`);
      return { researchId };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await client.query('ROLLBACK TO SAVEPOINT research');
      if (error.code === 'credits_exhausted' || error.code === 'trial_limit_reached') {
        const { used, limit } = error.details as { used?: number; limit?: number };
        return { outputs: { research_status: 'no_credits', research_summary: '', reason: `The account has no credits left (${used} of ${limit} used): no research, no credit` } };
      }
      if (error.code === 'api_key_has_no_product') return failed('The account has no product to research against (prospect-engine products set): no research, no credit');
      throw error;
    }
  });
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

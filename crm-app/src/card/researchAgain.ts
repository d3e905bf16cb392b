import { AppError, type DurationEstimate, getAccount, insertResearchJob, type Pool, type Queryable, transaction } from '@prospect-research/engine';
import type { ResearchStatus } from '@prospect-research/engine/contract';
import type { HubSpotCaller } from '../signed/signedScope.ts';
import { contactOf, latestCardResearch, researchOrNone } from './cardData.ts';

/** The key the card sends with "Research again": one per click, so that HubSpot's retry of the same POST is the same request. */
export const REQUEST_KEY = /^[A-Za-z0-9_-]{8,100}$/;

export interface ResearchStarted {
  /** False when no research was started: the same request came before (`replayed`), or one was already under way. */
  started: boolean;
  replayed: boolean;
  text: string;
  research: ResearchStatus;
}

/** The research an earlier request of the card with this key started, if any. */
async function cardRequest(db: Queryable, portalId: number, contactId: string, requestKey: string, accountId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ research_id: string }>('SELECT research_id FROM hubspot_card_research WHERE portal_id = $1 AND contact_id = $2 AND request_key = $3 AND account_id = $4', [
    portalId,
    contactId,
    requestKey,
    accountId,
  ]);
  return rows[0]?.research_id;
}

/** A portal that is not linked to an account yet can do nothing from the card. */
export const portalUnclaimed = (portalId: number) =>
  new AppError('portal_unclaimed', { message: `HubSpot account ${portalId} is not yet linked to a Prospect Research account: a HubSpot admin claims it with the code its install page showed` });

/**
 * "Research again" from the card: a new research of the portal's contact's address, one credit, by the
 * engine's own `insertResearchJob` (its job, queue entry, debit and ledger entry in one transaction)
 * with this portal's record of it. Never twice for one click: the card's `requestKey` is the job's
 * Idempotency-Key (`hubspot-card:<portal>:<contact>:<key>`), and the contact is locked for the
 * transaction, so a retried or duplicated POST answers the job the first made (`replayed`), and a second
 * click while a research of the contact is queued or running answers that one, taking nothing. The
 * engine's `credits_exhausted` / `trial_limit_reached` (429) when the account has no credit left, in
 * words a rep reads; `contact_not_found` for a contact the portal does not have.
 */
export async function researchAgain(pool: Pool, estimate: DurationEstimate, caller: HubSpotCaller, contactId: string, requestKey: string): Promise<ResearchStarted> {
  if (caller.accountId === null) throw portalUnclaimed(caller.portalId);
  const accountId = caller.accountId;
  const contact = await contactOf(pool, accountId, caller.portalId, contactId);
  if (contact === undefined || contact.erased_at !== null) throw new AppError('contact_not_found', { message: 'Prospect Research has not received this contact from this HubSpot account' });
  if (contact.removed_at !== null) throw new AppError('contact_not_routable', { message: 'The contact was removed from HubSpot: it is not researched again.' });
  if (contact.email === null) throw new AppError('contact_not_routable', { message: 'The contact has no e-mail address to research.' });
  const email = contact.email;
  const account = await getAccount(pool, accountId);
  const outcome = await transaction(pool, async (client) => {
    // One request of this contact at a time: a duplicate waits here, then finds what the first did.
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('hubspot-card:' || $1 || ':' || $2, 0))`, [caller.portalId, contactId]);
    const earlier = await cardRequest(client, caller.portalId, contactId, requestKey, accountId);
    if (earlier !== undefined) return { researchId: earlier, started: false, replayed: true };
    const latest = await latestCardResearch(client, caller.portalId, accountId, contactId);
    const candidates = [latest?.research_id, contact.lead?.research_id].filter((id): id is string => typeof id === 'string');
    for (const id of candidates) {
      const status = await researchOrNone(client, accountId, id, estimate);
      if (status && (status.status === 'queued' || status.status === 'processing')) return { researchId: id, started: false, replayed: false };
    }
    let researchId: string | undefined;
    try {
      researchId = await insertResearchJob(client, { account, apiKeyId: null, request: { email }, idempotencyKey: `hubspot-card:${caller.portalId}:${contactId}:${requestKey}` });
    } catch (error) {
      if (error instanceof AppError && (error.code === 'credits_exhausted' || error.code === 'trial_limit_reached')) throw noCreditsLeft(error);
      throw error;
    }
    if (researchId === undefined) {
      // The engine holds the key already: a request that got past the lock some other way committed it
      // with this portal's row, which this statement sees; without that row it is no request of this card.
      const committed = await cardRequest(client, caller.portalId, contactId, requestKey, accountId);
      if (committed !== undefined) return { researchId: committed, started: false, replayed: true };
      throw new AppError('idempotency_key_reused', { message: 'This request key was used before: send a new one.' });
    }
    await client.query('INSERT INTO hubspot_card_research (portal_id, contact_id, request_key, account_id, research_id, hubspot_user_id) VALUES ($1, $2, $3, $4, $5, $6)', [
      caller.portalId,
      contactId,
      requestKey,
      accountId,
      researchId,
      caller.userId,
    ]);
    return { researchId, started: true, replayed: false };
  });
  const research = (await researchOrNone(pool, accountId, outcome.researchId, estimate)) ?? { research_id: outcome.researchId, status: 'queued' as const };
  const text = outcome.started
    ? 'Research started: it took one credit. The brief shows here when it is done, usually within a minute.'
    : outcome.replayed
      ? 'This request was received before: its research is the one below, and no other credit was taken.'
      : 'A research of this contact is already under way: no credit was taken.';
  return { started: outcome.started, replayed: outcome.replayed, text, research };
}

/** The engine's 429 for spent credits, with the card's words: what it means for the rep, and when it changes. */
function noCreditsLeft(error: AppError): AppError {
  const details = error.details as { used?: number; limit?: number } | undefined;
  const of = details?.limit === undefined ? '' : ` (${details.used ?? details.limit} of ${details.limit} used this month)`;
  const words =
    error.code === 'trial_limit_reached'
      ? `No credits left: the trial's credits are spent${of}. Researching again needs a paid plan.`
      : `No credits left: this month's credits are spent${of}. Nothing was researched and nothing was charged; credits renew at the start of the next billing month.`;
  return new AppError(error.code, { ...error.details, message: words });
}

import { type Account, creditUsage } from '../../accounts/index.ts';
import type { PoolClient } from '../../platform/database/database.ts';
import { isoWithOffset } from '../../platform/time.ts';
import { findEarlierResearch, insertResearchJobs } from '../../research/index.ts';
import type { RoutableAutopilot } from '../config/routingTable.ts';
import type { AutopilotSettings, Enrolment, Explanation } from '../contract.ts';
import { contactKey } from '../intake/source.ts';
import { type ContactToRoute, named } from './decide.ts';
import { researchRequestFor } from './researchRequest.ts';

/** A contact routing chose an Autopilot for. */
export interface Enrolling {
  contact: ContactToRoute & { email: string };
  autopilot: RoutableAutopilot;
  via: Enrolment;
  explanation: Explanation;
}

/**
 * What became of it: enrolled, with its research (started and paid for now, or an earlier brief
 * reused); or still waiting, held for its Autopilot, because the account's credits are spent or it has
 * no product to research against.
 */
export type Enrolled = (Enrolling & { kind: 'enrolled'; researchId: string; reused: boolean }) | (Enrolling & { kind: 'held'; reason: 'credits_exhausted' | 'no_product' });

/**
 * Enrols contacts in the Autopilots routing chose, inside the caller's transaction: each one's research
 * job and credit together with the routing decision the caller writes, so a contact is never enrolled
 * without its research nor charged without being enrolled. With "research each contact only once" on,
 * an address researched before (against the account's product, and not failed) reuses that research,
 * at no credit; so does a second contact of one address in the same batch. Credits go to the contacts
 * created first; those they do not cover wait for credits (see docs/autopilot.md).
 */
export async function enrol(client: PoolClient, account: Account, settings: AutopilotSettings, enrolling: Enrolling[]): Promise<Enrolled[]> {
  if (enrolling.length === 0) return [];
  const productId = account.currentProductId;
  if (productId === null) return enrolling.map((item) => held(item, 'no_product', 'the account has no product to research against (prospect-engine products set)'));

  const ordered = [...enrolling].sort(
    (a, b) => a.contact.createdAt.getTime() - b.contact.createdAt.getTime() || (contactKey(a.contact.source, a.contact.contactId) < contactKey(b.contact.source, b.contact.contactId) ? -1 : 1),
  );
  const earlier = settings.research_once ? await findEarlierResearch(client, account.id, productId, [...new Set(ordered.map((item) => item.contact.email))]) : new Map<string, string>();
  // The research each contact waits on: the index in `fresh` of the job started for it, or for an
  // earlier contact of the same address in this batch.
  const slot = new Map<Enrolling, number>();
  const byEmail = new Map<string, number>();
  const fresh: Enrolling[] = [];
  for (const item of ordered) {
    const { email } = item.contact;
    if (earlier.has(email)) continue;
    const shared = settings.research_once ? byEmail.get(email) : undefined;
    if (shared === undefined) {
      byEmail.set(email, fresh.length);
      fresh.push(item);
    }
    slot.set(item, shared ?? fresh.length - 1);
  }
  const ids = await insertResearchJobs(
    client,
    account,
    fresh.map((item) => researchRequestFor(item.contact.email, item.contact.properties)),
  );

  let spent: string | undefined;
  const results: Enrolled[] = [];
  for (const item of ordered) {
    const earlierId = earlier.get(item.contact.email);
    const index = slot.get(item);
    const id = earlierId ?? (index === undefined ? undefined : ids[index]);
    if (id !== undefined) {
      results.push(enrolled(item, id, earlierId !== undefined || fresh[index!] !== item));
    } else {
      spent ??= await creditsSpent(client, account);
      results.push(held(item, 'credits_exhausted', spent));
    }
  }
  return results;
}

function enrolled(item: Enrolling, researchId: string, reused: boolean): Enrolled {
  const research = reused ? `its earlier research ${researchId} of the same address is reused ("research each contact only once"), no credit` : `research ${researchId} started (1 credit)`;
  return { ...item, kind: 'enrolled', researchId, reused, explanation: { ...item.explanation, text: `${item.explanation.text}; ${research}` } };
}

function held(item: Enrolling, reason: 'credits_exhausted' | 'no_product', why: string): Enrolled {
  const text = `${named(item.autopilot)} matches, but ${why}: the contact waits, held for it, and is enrolled as soon as it can be (routing looks again every 15 minutes)`;
  return { ...item, kind: 'held', reason, explanation: { ...item.explanation, text } };
}

async function creditsSpent(client: PoolClient, account: Account): Promise<string> {
  const usage = await creditUsage(client, account.id);
  return `the account has no credits left (${usage.used} of ${usage.limit} used this cycle, which ends ${isoWithOffset(usage.resetsAt)})`;
}

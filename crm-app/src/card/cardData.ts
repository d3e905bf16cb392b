import { AppError, creditUsage, type DurationEstimate, leadWithTimeline, type Pool, type Queryable, readContactRouting, readResearchStatus } from '@prospect-research/engine';
import type { ContactRouting, LeadDetail, TimelineEntry } from '@prospect-research/engine/autopilot-contract';
import type { ResearchStatus } from '@prospect-research/engine/contract';
import { portalSource } from '../portalSource.ts';
import type { HubSpotCaller } from '../signed/signedScope.ts';

/** A HubSpot contact id as HubSpot writes it (digits); anything else names no contact. */
export const CONTACT_ID = /^[1-9][0-9]{0,17}$/;

/** The dashboard's page of a lead (dashboard/src/routes.tsx, under the app's `/app` base). */
export const dashboardLeadUrl = (publicUrl: string, leadId: number): string => `${publicUrl.replace(/\/+$/, '')}/app/leads/${leadId}`;

type TouchEntry = Extract<TimelineEntry, { type: 'touch' }>;

export interface NextTouch {
  step: number;
  day: number;
  channel: TouchEntry['channel'];
  kind: TouchEntry['kind'];
  due_at: string;
  held_reason: string | null;
}

export interface CardCredits {
  remaining: number;
  limit: number;
  resets_at: string;
}

/** What the card shows of one contact of the calling portal. */
export interface CardView {
  portal_id: number;
  contact_id: string;
  /** `unclaimed`: the portal is linked to no account yet; `not_received`: the engine has no such contact of this portal; `received`: it has. */
  state: 'unclaimed' | 'not_received' | 'received';
  /** What the card says first, in words. */
  text: string;
  email: string | null;
  /** The contact's newest research: its lead's, or one a rep started from the card since. */
  research: ResearchStatus | null;
  lead: LeadDetail | null;
  next_touch: NextTouch | null;
  /** What "Research again" needs: a contact with an address, of a claimed portal. */
  can_research: boolean;
  /** Whether "Close lead" changes anything: the lead is Active. */
  can_close: boolean;
  credits: CardCredits | null;
  dashboard_url: string | null;
}

export interface CardDependencies {
  pool: Pool;
  publicUrl: string;
  estimate: DurationEstimate;
}

export const UNCLAIMED_TEXT =
  "This HubSpot account is installed but not yet linked to a Prospect Research account. A HubSpot admin claims it with the code the install page showed (the dashboard's HubSpot page, or POST /hubspot/portals/claim); until then nothing is researched.";

/**
 * The card's answer for one contact of the calling portal. The contact is looked up in the portal's own
 * source (`hubspot:<portal>`) of the portal's account: a contact id of another portal, or of another
 * account, is a contact this portal does not have (`not_received`), never someone else's data.
 */
export async function readCard({ pool, publicUrl, estimate }: CardDependencies, caller: HubSpotCaller, contactId: string): Promise<CardView> {
  const empty = { email: null, research: null, lead: null, next_touch: null, can_research: false, can_close: false, credits: null, dashboard_url: null };
  if (caller.accountId === null) return { portal_id: caller.portalId, contact_id: contactId, state: 'unclaimed', text: UNCLAIMED_TEXT, ...empty };
  const accountId = caller.accountId;
  const [contact, usage] = await Promise.all([contactOf(pool, accountId, caller.portalId, contactId), creditUsage(pool, accountId)]);
  const credits = { remaining: Math.max(0, usage.limit - usage.used), limit: usage.limit, resets_at: usage.resetsAt.toISOString() };
  if (contact === undefined || contact.erased_at !== null)
    return {
      portal_id: caller.portalId,
      contact_id: contactId,
      state: 'not_received',
      text: "Prospect Research has not received this contact: it was created before the app was installed, or it is not one of this HubSpot account's contacts.",
      ...empty,
      credits,
    };
  const [lead, research] = await Promise.all([
    contact.lead ? leadWithTimeline(pool, accountId, contact.lead.id) : Promise.resolve(null),
    newestResearch(pool, estimate, caller.portalId, accountId, contactId, contact),
  ]);
  const removed = contact.removed_at !== null;
  return {
    portal_id: caller.portalId,
    contact_id: contactId,
    state: 'received',
    text: summary(contact, lead, research),
    email: contact.email,
    research,
    lead,
    next_touch: lead ? nextTouch(lead) : null,
    can_research: contact.email !== null && !removed,
    can_close: lead?.outcome === 'Active',
    credits,
    dashboard_url: lead ? dashboardLeadUrl(publicUrl, lead.id) : null,
  };
}

/** The portal's contact in the engine, or undefined when the engine has none of that id in this portal's source. */
export async function contactOf(db: Queryable, accountId: number, portalId: number, contactId: string): Promise<ContactRouting | undefined> {
  try {
    return await readContactRouting(db, portalSource(accountId, portalId), contactId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'contact_not_found') return undefined;
    throw error;
  }
}

/**
 * The contact's newest research: the newest the card started (in this account) when it is newer than
 * the lead's enrolment, else the lead's. A research retention purged reads as none.
 */
async function newestResearch(pool: Pool, estimate: DurationEstimate, portalId: number, accountId: number, contactId: string, contact: ContactRouting): Promise<ResearchStatus | null> {
  const fromCard = await latestCardResearch(pool, portalId, accountId, contactId);
  const enrolledAt = contact.lead ? new Date(contact.lead.enrolled_at) : undefined;
  const id = fromCard && (!enrolledAt || fromCard.created_at >= enrolledAt) ? fromCard.research_id : (contact.lead?.research_id ?? fromCard?.research_id ?? null);
  return id === null ? null : researchOrNone(pool, accountId, id, estimate);
}

export async function latestCardResearch(db: Queryable, portalId: number, accountId: number, contactId: string): Promise<{ research_id: string; created_at: Date } | undefined> {
  const { rows } = await db.query<{ research_id: string; created_at: Date }>(
    `SELECT research_id, created_at FROM hubspot_card_research WHERE portal_id = $1 AND contact_id = $2 AND account_id = $3 ORDER BY created_at DESC, research_id LIMIT 1`,
    [portalId, contactId, accountId],
  );
  return rows[0];
}

export async function researchOrNone(db: Queryable, accountId: number, researchId: string, estimate: DurationEstimate): Promise<ResearchStatus | null> {
  try {
    return await readResearchStatus(db, accountId, researchId, estimate);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

/** The first touch still to go out: what the lead does next. */
function nextTouch(lead: LeadDetail): NextTouch | null {
  if (lead.outcome !== 'Active') return null;
  const touch = lead.timeline.find((entry): entry is TouchEntry => entry.type === 'touch' && entry.state === 'scheduled');
  return touch ? { step: touch.step, day: touch.day, channel: touch.channel, kind: touch.kind, due_at: touch.due_at, held_reason: touch.held_reason } : null;
}

function summary(contact: ContactRouting, lead: LeadDetail | null, research: ResearchStatus | null): string {
  const researched = research === null ? 'not researched' : research.status === 'completed' ? 'researched' : research.status === 'failed' ? 'its research failed' : 'being researched';
  if (lead) return `A lead of the Autopilot "${lead.autopilot}" (${lead.outcome}); ${researched}.`;
  if (contact.removed_at !== null) return `Removed from HubSpot; ${researched}.`;
  const routing = contact.state === 'waiting' ? 'waiting for an Autopilot to match it' : contact.state === 'received' ? 'being routed' : 'no Autopilot took it';
  return `Not a lead (${routing}); ${researched}.`;
}

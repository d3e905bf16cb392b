import { type ActivityEffect, AppError, type CrmPort, type CrmSource, type Pool } from '@prospect-research/engine';
import { activityOf, type EngagementKind } from './engagements.ts';
import type { LoggedEngagement } from './readEngagements.ts';

/**
 * What logging an engagement did, stored as its event's outcome: the strongest of what it did to the
 * contacts it is logged on (`ended_lead` a win), or `no_contact` (none the app took), `not_found`
 * (deleted before it was read), `ignored` (an outgoing e-mail, a record without a time).
 */
export type EngagementOutcome = ActivityEffect | 'no_contact' | 'not_found' | 'ignored';

const STRENGTH: readonly EngagementOutcome[] = ['ended_lead', 'recorded', 'auto_reply', 'lead_ended', 'duplicate', 'before_enrolment', 'no_lead', 'no_contact'];

export interface EngagementContext {
  pool: Pool;
  port: CrmPort;
  portalId: number;
  /** The portal's source in the engine (portalSource.ts). */
  from: CrmSource;
  /** The portal's call outcomes that mean Connected (read at setup). */
  connectedDispositions: readonly string[];
}

/**
 * Hands an engagement to the CRM port as an activity of every contact it is logged on. A contact
 * merged into another in HubSpot is associated under the remaining id; a lead kept under a merged-away
 * id is reached through it. Contacts the app never took are passed over.
 */
export async function logEngagement(context: EngagementContext, kind: EngagementKind, logged: LoggedEngagement | undefined): Promise<EngagementOutcome> {
  if (!logged) return 'not_found';
  const activity = activityOf(kind, logged.engagement, context.connectedDispositions);
  if (!activity) return 'ignored';
  const contactIds = await withMergedIds(context, logged.contactIds);
  let outcome: EngagementOutcome = 'no_contact';
  for (const contactId of contactIds) {
    let effect: ActivityEffect;
    try {
      effect = (await context.port.activityLogged(context.from, contactId, activity)).effect;
    } catch (error) {
      if (error instanceof AppError && error.code === 'contact_not_found') continue;
      throw error;
    }
    if (STRENGTH.indexOf(effect) < STRENGTH.indexOf(outcome)) outcome = effect;
  }
  return outcome;
}

async function withMergedIds({ pool, portalId }: EngagementContext, contactIds: string[]): Promise<string[]> {
  if (contactIds.length === 0) return [];
  const { rows } = await pool.query<{ merged_id: string }>('SELECT merged_id::text FROM hubspot_merged_contacts WHERE portal_id = $1 AND primary_id = ANY($2::bigint[]) ORDER BY merged_id', [
    portalId,
    contactIds.filter((id) => /^[0-9]{1,18}$/.test(id)),
  ]);
  return [...new Set([...contactIds, ...rows.map((row) => row.merged_id)])];
}

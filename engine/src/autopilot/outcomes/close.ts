import { type Pool, transaction } from '../../platform/database/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Clock } from '../../platform/time.ts';
import type { LeadClosed } from '../contract.ts';
import { showLead } from '../leads/leads.ts';
import { endLead } from '../sequence/endLead.ts';
import { lockLead } from './timelineRecords.ts';

/**
 * Closes an active lead by hand: `Closed`, "Closed manually", every queued touch cancelled. It cannot
 * be undone. A lead that has ended already stays exactly as it was (a manual close never retracts a
 * win); the answer says so with `closed: false`. `lead_not_found` for a lead the account does not have.
 */
export async function closeLead(pool: Pool, accountId: number, leadId: number, clock: Clock): Promise<LeadClosed> {
  if (!Number.isSafeInteger(leadId) || leadId < 1) throw leadNotFound(leadId);
  return transaction(pool, async (client) => {
    const lead = await lockLead(client, accountId, { leadId });
    if (!lead) throw leadNotFound(leadId);
    const closed = lead.outcome === 'Active' && (await endLead(client, lead.id, 'closed_manually', clock.now()));
    const text = closed
      ? 'Closed manually: its queued touches are cancelled. This cannot be undone.'
      : `The lead had ended before (${lead.outcome}, ${lead.endReason}) and stays as it was: closing it changes nothing.`;
    return { closed, text, lead: await showLead(client, accountId, lead.id) };
  });
}

function leadNotFound(leadId: number | string): AppError {
  return new AppError('lead_not_found', {}, `no lead ${leadId} in this account`);
}

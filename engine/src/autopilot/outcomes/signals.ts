import { type Pool, type PoolClient, transaction } from '../../platform/database/database.ts';
import type { Clock } from '../../platform/time.ts';
import type { Channel, LeadEndReason, LeadEventEffect, LeadOutcome } from '../contract.ts';
import { endLead, endQueuedTouches, outcomeOf } from '../sequence/endLead.ts';
import type { LeadSignals } from '../sequence/ports.ts';
import { storableText } from '../../platform/database/storableText.ts';
import { type LockedLead, lockLead, type TimelineRecord, recordOnTimeline, setRecordEffect } from './timelineRecords.ts';

/** What an event asks of its lead, decided from the lead's stop conditions. */
export type Decision =
  /** End it (when it is still active) with this reason. */
  | { kind: 'end'; reason: LeadEndReason }
  /** Keep it on the timeline only. */
  | { kind: 'record' }
  /** The address stopped accepting mail: the channel's queued touches are skipped. */
  | { kind: 'bounce'; channel: Channel };

/** What an event did to its lead, and where the lead stands after it. */
export interface Applied {
  leadId: number;
  /** `duplicate`: the same event was recorded before, nothing changed. `no_lead`: no such lead in the account. */
  effect: LeadEventEffect | 'duplicate' | 'no_lead';
  outcome: LeadOutcome | null;
  endReason: LeadEndReason | null;
}

/** Longest reply text kept on a timeline; longest dedupe key a channel may give. */
const REPLY_TEXT_MAX = 10_000;
const DEDUPE_KEY_MAX = 500;

/**
 * Records an event of a locked lead and does what it asks, in the caller's transaction: nothing more
 * when the same event came before (its dedupe key), nothing but the record when the lead has ended (an
 * end is never replaced: a later reply does not turn a manual close into a win, nor the reverse).
 */
export async function applyEvent(client: PoolClient, lead: LockedLead, event: TimelineRecord, decision: Decision, now: Date): Promise<Applied> {
  const as = (effect: Applied['effect'], outcome = lead.outcome, endReason = lead.endReason): Applied => ({ leadId: lead.id, effect, outcome, endReason });
  const recordId = await recordOnTimeline(client, lead, { ...event, dedupeKey: event.dedupeKey === null ? null : storableText(event.dedupeKey, DEDUPE_KEY_MAX) }, now);
  if (recordId === undefined) return as('duplicate');
  if (lead.outcome !== 'Active') {
    await setRecordEffect(client, recordId, 'lead_ended');
    return as('lead_ended');
  }
  if (decision.kind === 'end') {
    await endLead(client, lead.id, decision.reason, now);
    await setRecordEffect(client, recordId, 'ended_lead', decision.reason);
    return as('ended_lead', outcomeOf(decision.reason), decision.reason);
  }
  if (decision.kind === 'bounce') {
    const skipped = await endQueuedTouches(client, [lead.id], now, { channel: decision.channel, skipReason: 'address_bounced' });
    if (skipped === 0) return as('recorded');
    const { rows } = await client.query<{ queued: number }>(`SELECT count(*)::int AS queued FROM autopilot_touches WHERE lead_id = $1 AND state = 'scheduled'`, [lead.id]);
    if (rows[0]!.queued > 0) {
      await setRecordEffect(client, recordId, 'skipped_touches');
      return as('skipped_touches');
    }
    // The bounce took the last touches it had: no channel is left to reach the lead on.
    await endLead(client, lead.id, 'no_reachable_channel', now);
    await setRecordEffect(client, recordId, 'ended_lead', 'no_reachable_channel');
    return as('ended_lead', 'Closed', 'no_reachable_channel');
  }
  return as('recorded');
}

/** Runs `work` on the lead locked, in one transaction; `no_lead` when the account has no such lead. */
export async function withLockedLead(pool: Pool, accountId: number, leadId: number, work: (client: PoolClient, lead: LockedLead) => Promise<Applied>): Promise<Applied> {
  if (!Number.isSafeInteger(leadId) || leadId < 1) return { leadId, effect: 'no_lead', outcome: null, endReason: null };
  return transaction(pool, async (client) => {
    const lead = await lockLead(client, accountId, { leadId });
    if (!lead) return { leadId, effect: 'no_lead', outcome: null, endReason: null };
    return work(client, lead);
  });
}

/**
 * A hard bounce at send time (the recipient's server refused the address at RCPT TO), in the send's own
 * transaction: the same bounce the IMAP reader's delivery reports raise (`LeadOutcomes.bounced`), so
 * the lead's queued steps on that channel end `address_bounced` and no later step writes to the refused
 * address again. Once per touch (its dedupe key).
 */
export async function bouncedAtSend(client: PoolClient, event: { accountId: number; leadId: number; touchId: number; channel: Channel }, now: Date): Promise<Applied | undefined> {
  const lead = await lockLead(client, event.accountId, { leadId: event.leadId });
  if (!lead) return undefined;
  return applyEvent(client, lead, { kind: 'bounce', channel: event.channel, occurredAt: now, dedupeKey: `send:${event.touchId}`, detail: {} }, { kind: 'bounce', channel: event.channel }, now);
}

/** The engine's `LeadSignals`, each answering what it did (`Applied`); `leadSignals` is the port's own form. */
export interface LeadOutcomes {
  replied(event: Parameters<LeadSignals['replied']>[0]): Promise<Applied>;
  autoReplied(event: Parameters<NonNullable<LeadSignals['autoReplied']>>[0]): Promise<Applied>;
  bounced(event: Parameters<LeadSignals['bounced']>[0]): Promise<Applied>;
  unsubscribed(event: Parameters<LeadSignals['unsubscribed']>[0]): Promise<Applied>;
  inviteAccepted(event: Parameters<NonNullable<LeadSignals['inviteAccepted']>>[0]): Promise<Applied>;
}

/**
 * What channels report about leads, applied idempotently: each event is recorded once by its dedupe key
 * (a duplicate or a late delivery changes nothing) and shows on the lead's timeline.
 *
 * - A reply ends the lead `replied` (`Responded`) when its Autopilot's stop condition `reply` is on.
 *   When it is off the reply is recorded and the sequence goes on: the Autopilot asked for that.
 * - An auto-reply is recorded (a reply whose detail says what marks it as automatic) and nothing else:
 *   never a win, and the lead is not warmed by it.
 * - A bounce skips the lead's queued touches on its channel with `address_bounced`; the other channels
 *   go on. When it took the last queued touch, the lead ends `no_reachable_channel`.
 * - An unsubscribe ends the lead `unsubscribed` at once, whatever the stop conditions say.
 * - An accepted connection request ends it `invite_accepted` (`Responded`) when the stop condition
 *   `invite_accepted` is on; otherwise it is recorded as a connection, not a response (the spec's words).
 */
export function leadOutcomes(pool: Pool, clock: Clock): LeadOutcomes {
  return {
    replied: (event) =>
      withLockedLead(pool, event.accountId, event.leadId, (client, lead) =>
        applyEvent(
          client,
          lead,
          {
            kind: 'reply',
            channel: event.channel,
            occurredAt: event.occurredAt,
            dedupeKey: event.dedupeKey,
            detail: event.text === undefined ? {} : { text: storableText(event.text, REPLY_TEXT_MAX) },
          },
          lead.stop.reply ? { kind: 'end', reason: 'replied' } : { kind: 'record' },
          clock.now(),
        ),
      ),
    autoReplied: (event) =>
      withLockedLead(pool, event.accountId, event.leadId, (client, lead) =>
        applyEvent(
          client,
          lead,
          {
            kind: 'reply',
            channel: event.channel,
            occurredAt: event.occurredAt,
            dedupeKey: event.dedupeKey,
            detail: { ...(event.text === undefined ? {} : { text: storableText(event.text, REPLY_TEXT_MAX) }), auto_reply: storableText(event.reason, 300) },
          },
          { kind: 'record' },
          clock.now(),
        ),
      ),
    bounced: (event) =>
      withLockedLead(pool, event.accountId, event.leadId, (client, lead) =>
        applyEvent(
          client,
          lead,
          { kind: 'bounce', channel: event.channel, occurredAt: event.occurredAt, dedupeKey: event.dedupeKey, detail: {} },
          { kind: 'bounce', channel: event.channel },
          clock.now(),
        ),
      ),
    unsubscribed: (event) =>
      withLockedLead(pool, event.accountId, event.leadId, (client, lead) =>
        applyEvent(client, lead, { kind: 'unsubscribe', channel: null, occurredAt: event.occurredAt, dedupeKey: event.dedupeKey, detail: {} }, { kind: 'end', reason: 'unsubscribed' }, clock.now()),
      ),
    inviteAccepted: (event) =>
      withLockedLead(pool, event.accountId, event.leadId, (client, lead) =>
        applyEvent(
          client,
          lead,
          { kind: 'connection', channel: event.channel, occurredAt: event.occurredAt, dedupeKey: event.dedupeKey, detail: {} },
          lead.stop.invite_accepted ? { kind: 'end', reason: 'invite_accepted' } : { kind: 'record' },
          clock.now(),
        ),
      ),
  };
}

/** `leadOutcomes` as the channels' port (`LeadSignals`) has it: what each signal did is on the lead's timeline. */
export function leadSignals(pool: Pool, clock: Clock): LeadSignals {
  const outcomes = leadOutcomes(pool, clock);
  return {
    replied: async (event) => void (await outcomes.replied(event)),
    autoReplied: async (event) => void (await outcomes.autoReplied(event)),
    bounced: async (event) => void (await outcomes.bounced(event)),
    unsubscribed: async (event) => void (await outcomes.unsubscribed(event)),
    inviteAccepted: async (event) => void (await outcomes.inviteAccepted(event)),
  };
}

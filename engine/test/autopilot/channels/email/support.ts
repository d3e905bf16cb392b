import type { Queryable } from '../../../../src/platform/database/database.ts';
import type { LeadSignals } from '../../../../src/autopilot/sequence/ports.ts';

type Replied = Parameters<LeadSignals['replied']>[0];
type AutoReplied = Parameters<NonNullable<LeadSignals['autoReplied']>>[0];
type Bounced = Parameters<LeadSignals['bounced']>[0];
type Unsubscribed = Parameters<LeadSignals['unsubscribed']>[0];

/** LeadSignals that only record what the channel reported (the real one is the outcomes module's). */
export class RecordingSignals implements LeadSignals {
  readonly replies: Replied[] = [];
  readonly autoReplies: AutoReplied[] = [];
  readonly bounces: Bounced[] = [];
  readonly unsubscribes: Unsubscribed[] = [];

  async replied(event: Replied): Promise<void> {
    this.replies.push(event);
  }

  async autoReplied(event: AutoReplied): Promise<void> {
    this.autoReplies.push(event);
  }

  async bounced(event: Bounced): Promise<void> {
    this.bounces.push(event);
  }

  async unsubscribed(event: Unsubscribed): Promise<void> {
    this.unsubscribes.push(event);
  }
}

/** An enrolled, Active lead of the account for a contact with this address (rows as enrolment writes them). */
export async function seedLead(db: Queryable, accountId: number, contactId: string, email: string): Promise<number> {
  const { rows: autopilots } = await db.query<{ id: string }>(
    `INSERT INTO autopilots (account_id, name, name_key, position, enabled, enabled_at, fallback, filter, document)
     VALUES ($1, $2, lower($2), coalesce((SELECT max(position) + 1 FROM autopilots WHERE account_id = $1), 1), true, now(), false, '{}', '{}')
     RETURNING id`,
    [accountId, `Autopilot for ${contactId}`],
  );
  await db.query(
    `INSERT INTO autopilot_contacts (account_id, contact_id, properties, email, created_at, received_at, state, reason, autopilot_id, decided_at)
     VALUES ($1, $2, $3, $4, now(), now(), 'enrolled', 'matched', $5, now())`,
    [accountId, contactId, JSON.stringify({ email }), email, autopilots[0]!.id],
  );
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO autopilot_leads (account_id, contact_id, autopilot_id, autopilot_revision, enrolled_by, research_reused, enrolled_at)
     VALUES ($1, $2, $3, 1, 'matched', false, now()) RETURNING id`,
    [accountId, contactId, autopilots[0]!.id],
  );
  return Number(rows[0]!.id);
}

/** A touch of the lead already sent with this Message-ID (as the runtime records a SendOutcome). */
export async function seedSentTouch(db: Queryable, accountId: number, leadId: number, step: number, messageId: string, subject: string | null): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO autopilot_touches (account_id, lead_id, step, spec, channel, kind, planned_at, due_at, state, sender_id, subject, body, message_id, sent_at, ended_at)
     VALUES ($1, $2, $3, '{}', 'email', 'email', now(), now(), 'sent', NULL, $4, 'Hello', $5, now(), now()) RETURNING id`,
    [accountId, leadId, step, subject, messageId],
  );
  return Number(rows[0]!.id);
}

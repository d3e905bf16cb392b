import type { PoolClient } from '../../platform/database/database.ts';

/**
 * What a lead's sequence and channels stored about the person, erased in the caller's transaction
 * (docs/autopilot.md, "Erasing a contact"). Kept: every row the counts, the pacing and the ledger read
 * (a touch's step, channel, kind, state, skip reason, sender and times; an event's kind, channel, effect,
 * end reason and times; an inbound message's kind, lead and time).
 */
export interface LeadTracesErased {
  touches: number;
  lead_events: number;
  inbound_messages: number;
  channel_threads: number;
}

/**
 * - **Touches**: the subject and body that went out, the channel's id of the message (a Message-ID, a
 *   provider's message id: a reply naming it would otherwise still find the lead), the skip detail (the
 *   provider's words may quote the person's handle) and the held reason.
 * - **Timeline events**: their detail (a reply's text, an activity's text and disposition, a property's
 *   old and new values), an auto-reply keeping only that it was one (so it never turns into a reply);
 *   a connection's dedupe key, which names the person's provider id.
 * - **Channel threads**: the person's provider id on each seat, the chat and the invitation: deleted.
 * - **Inbound messages**: e-mails read from the person or about the lead keep their kind, lead and
 *   time, and lose their sender and subject; the seat events placed on the lead, and those naming the
 *   person's provider id, are deleted. An e-mail's own Message-ID stays: it is the mail client's id of a
 *   message, and the only way the reader knows the message if it reads it again.
 */
export async function eraseLeadTraces(client: PoolClient, accountId: number, leadId: number | null, address: string | null): Promise<LeadTracesErased> {
  const touches =
    leadId === null
      ? 0
      : ((
          await client.query(
            `UPDATE autopilot_touches SET subject = NULL, body = NULL, message_id = NULL, skip_detail = NULL, held_reason = NULL
           WHERE lead_id = $1 AND (subject IS NOT NULL OR body IS NOT NULL OR message_id IS NOT NULL OR skip_detail IS NOT NULL OR held_reason IS NOT NULL)`,
            [leadId],
          )
        ).rowCount ?? 0);
  const leadEvents =
    leadId === null
      ? 0
      : ((
          await client.query(
            `UPDATE autopilot_lead_events SET detail = CASE WHEN detail ? 'auto_reply' THEN '{"auto_reply": "(erased)"}'::jsonb ELSE '{}' END,
                                              dedupe_key = CASE WHEN dedupe_key LIKE '%:relation:%' THEN NULL ELSE dedupe_key END
           WHERE lead_id = $1 AND (detail NOT IN ('{}', '{"auto_reply": "(erased)"}') OR dedupe_key LIKE '%:relation:%')`,
            [leadId],
          )
        ).rowCount ?? 0);
  const { rows: threads } =
    leadId === null ? { rows: [] } : await client.query<{ provider_user_id: string }>('DELETE FROM autopilot_channel_threads WHERE lead_id = $1 RETURNING provider_user_id', [leadId]);
  const emails = await client.query(
    `UPDATE autopilot_email_inbound i SET from_address = NULL, subject = NULL
     WHERE i.mailbox_id IN (SELECT id FROM autopilot_mailboxes WHERE account_id = $2) AND (i.lead_id = $1 OR lower(i.from_address) = $3)
       AND (i.from_address IS NOT NULL OR i.subject IS NOT NULL)`,
    [leadId, accountId, address],
  );
  const seatEvents = await client.query(
    `DELETE FROM autopilot_unipile_inbound u
     WHERE u.seat_id IN (SELECT id FROM autopilot_seats WHERE account_id = $2) AND (u.lead_id = $1 OR u.event_key = ANY($3::text[]))`,
    [leadId, accountId, threads.map((thread) => `relation:${thread.provider_user_id}`)],
  );
  return { touches, lead_events: leadEvents, inbound_messages: (emails.rowCount ?? 0) + (seatEvents.rowCount ?? 0), channel_threads: threads.length };
}

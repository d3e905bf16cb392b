import type { Queryable } from '../../../platform/database/database.ts';
import type { SeatChannel } from './contract.ts';

/** Where a lead is on a seat's channel (autopilot_channel_threads): the inbound side places replies and accepted invitations by it. */
export interface ChannelThread {
  seatId: number;
  providerUserId: string;
  chatId: string | null;
  invitationId: string | null;
  invitedAt: Date | null;
  connectedAt: Date | null;
}

export async function readThread(db: Queryable, leadId: number, channel: SeatChannel): Promise<ChannelThread | null> {
  const { rows } = await db.query<{ seat_id: string; provider_user_id: string; chat_id: string | null; invitation_id: string | null; invited_at: Date | null; connected_at: Date | null }>({
    name: 'unipile_read_thread',
    text: `SELECT seat_id, provider_user_id, chat_id, invitation_id, invited_at, connected_at FROM autopilot_channel_threads WHERE lead_id = $1 AND channel = $2`,
    values: [leadId, channel],
  });
  const row = rows[0];
  return row
    ? { seatId: Number(row.seat_id), providerUserId: row.provider_user_id, chatId: row.chat_id, invitationId: row.invitation_id, invitedAt: row.invited_at, connectedAt: row.connected_at }
    : null;
}

/**
 * Records the lead's place: the person's provider id and the seat always; the chat, the invitation and
 * the connection when given (what was recorded before stays otherwise). A person met on another seat
 * starts over: the chat and invitation of the old seat mean nothing on the new one.
 */
export async function saveThread(
  db: Queryable,
  place: { leadId: number; accountId: number; channel: SeatChannel; seatId: number; providerUserId: string; chatId?: string; invitationId?: string | null; invitedAt?: Date; connectedAt?: Date },
): Promise<void> {
  await db.query({
    name: 'unipile_save_thread',
    text: `INSERT INTO autopilot_channel_threads (lead_id, channel, account_id, seat_id, provider_user_id, chat_id, invitation_id, invited_at, connected_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (lead_id, channel) DO UPDATE SET
       provider_user_id = EXCLUDED.provider_user_id,
       seat_id = EXCLUDED.seat_id,
       chat_id = COALESCE(EXCLUDED.chat_id, CASE WHEN autopilot_channel_threads.seat_id = EXCLUDED.seat_id THEN autopilot_channel_threads.chat_id END),
       invitation_id = COALESCE(EXCLUDED.invitation_id, CASE WHEN autopilot_channel_threads.seat_id = EXCLUDED.seat_id THEN autopilot_channel_threads.invitation_id END),
       invited_at = COALESCE(EXCLUDED.invited_at, CASE WHEN autopilot_channel_threads.seat_id = EXCLUDED.seat_id THEN autopilot_channel_threads.invited_at END),
       connected_at = COALESCE(autopilot_channel_threads.connected_at, EXCLUDED.connected_at)`,
    values: [place.leadId, place.channel, place.accountId, place.seatId, place.providerUserId, place.chatId ?? null, place.invitationId ?? null, place.invitedAt ?? null, place.connectedAt ?? null],
  });
}

/** Whether the lead accepted a connection request: its place says so, or its timeline has the connection (the inbound side records either). */
export async function isConnected(db: Queryable, leadId: number): Promise<boolean> {
  const { rows } = await db.query<{ connected: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM autopilot_channel_threads WHERE lead_id = $1 AND channel = 'linkedin' AND connected_at IS NOT NULL)
         OR EXISTS (SELECT 1 FROM autopilot_lead_events WHERE lead_id = $1 AND kind = 'connection' AND channel = 'linkedin') AS connected`,
    [leadId],
  );
  return rows[0]!.connected;
}

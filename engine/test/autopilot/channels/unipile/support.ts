import type { JobHelpers } from 'graphile-worker';
import type { Pool } from '../../../../src/platform/database/database.ts';
import type { Channel } from '../../../../src/autopilot/contract.ts';
import { client, type Reply } from '../../../support/engine.ts';
import { unipileMessage } from '../../../support/unipileEmulator.ts';

/** Unipile's DSN in these tests (nock answers it) and the engine's secrets for it. */
export const DSN = 'https://api9.unipile.com:13999';
export const API_KEY = 'unipile-test-key';
export const WEBHOOK_SECRET = 'b1f0c3d4e5a69788a9bacbdcedfe0f10';
export const UNIPILE_ENV = {
  UNIPILE_API_KEY: API_KEY,
  UNIPILE_BASE_URL: DSN,
  UNIPILE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

export const jobHelpers = (signal: AbortSignal = new AbortController().signal): JobHelpers => ({ abortSignal: signal }) as unknown as JobHelpers;

let seats = 0;

/** A connected seat of the account, as the seats' store writes it: Monday to Friday, 09:00-17:00 Berlin. */
export async function addSeat(pool: Pool, accountId: number, channel: Exclude<Channel, 'email'>, options: { createdAt?: Date } = {}) {
  const unipileAccountId = `acc-${channel}-${++seats}-${Math.random().toString(36).slice(2, 8)}`;
  const linkedin = channel === 'linkedin';
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO autopilot_seats (account_id, channel, unipile_account_id, label, time_zone, window_start, window_end, days, messages_per_day,
       invitations_per_day, invitations_per_week, created_at)
     VALUES ($1, $2, $3, $4, 'Europe/Berlin', '09:00', '17:00', '{1,2,3,4,5}', 40, $5, $6, coalesce($7, now())) RETURNING id`,
    [accountId, channel, unipileAccountId, `${channel} seat ${seats}`, linkedin ? 20 : null, linkedin ? 80 : null, options.createdAt ?? null],
  );
  return { id: Number(rows[0]!.id), unipileAccountId, channel, accountId };
}

export type Seat = Awaited<ReturnType<typeof addSeat>>;

/** Where a lead is on a seat's channel, as the senders write it when a touch goes out. */
export async function addThread(pool: Pool, seat: Seat, leadId: number, thread: { personId: string; chatId?: string; invitedAt?: Date }) {
  await pool.query(`INSERT INTO autopilot_channel_threads (lead_id, channel, account_id, seat_id, provider_user_id, chat_id, invited_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    leadId,
    seat.channel,
    seat.accountId,
    seat.id,
    thread.personId,
    thread.chatId ?? null,
    thread.invitedAt ?? null,
  ]);
}

export async function threadOf(pool: Pool, leadId: number, channel: Channel) {
  const { rows } = await pool.query<{ connected_at: Date | null }>('SELECT connected_at FROM autopilot_channel_threads WHERE lead_id = $1 AND channel = $2', [leadId, channel]);
  return rows[0]!;
}

/** What the inbound side recorded for a seat, by event key. */
export async function inboundOf(pool: Pool, seatId: number) {
  const { rows } = await pool.query<{ event_key: string; kind: string; lead_id: number | null; via: string }>(
    'SELECT event_key, kind, lead_id::int, via FROM autopilot_unipile_inbound WHERE seat_id = $1 ORDER BY event_key',
    [seatId],
  );
  return rows;
}

export async function seatRow(pool: Pool, seatId: number) {
  const { rows } = await pool.query<{ status: string; status_detail: string | null; inbound_read_at: Date | null; relations_read_at: Date | null }>(
    'SELECT status, status_detail, inbound_read_at, relations_read_at FROM autopilot_seats WHERE id = $1',
    [seatId],
  );
  return rows[0]!;
}

/** Unipile delivering a webhook to the engine, with the secret header unless told otherwise. */
export function deliver(url: string, body: unknown, headers: Record<string, string> = { 'Unipile-Auth': WEBHOOK_SECRET }): Promise<Reply> {
  return client(url).request('POST', '/unipile/webhooks', { body, headers });
}

/** The `message_received` webhook as Unipile's "New messages" page shows it. */
export function messageReceived(seat: Seat, message: { id: string; chatId: string; from: string; text?: string; at?: Date; isSender?: boolean; ownId?: string }) {
  return {
    account_id: seat.unipileAccountId,
    account_type: seat.channel.toUpperCase(),
    account_info: { type: seat.channel.toUpperCase(), feature: 'classic', user_id: message.ownId ?? 'seat-own-provider-id' },
    event: 'message_received',
    chat_id: message.chatId,
    timestamp: (message.at ?? new Date('2030-01-07T10:00:00Z')).toISOString(),
    webhook_name: 'Prospect engine (messaging)',
    message_id: message.id,
    message: message.text ?? 'Thanks, sounds interesting: can we talk on Thursday?',
    sender: { attendee_id: `att-${message.from}`, attendee_name: 'Jana Weber', attendee_provider_id: message.from, attendee_profile_url: `https://www.linkedin.com/in/${message.from}/` },
    attendees: [{ attendee_id: 'att-seat', attendee_name: 'Anna Nowak', attendee_provider_id: message.ownId ?? 'seat-own-provider-id', attendee_profile_url: 'https://www.linkedin.com/in/anna/' }],
    attachments: [],
    ...(message.isSender === undefined ? {} : { is_sender: message.isSender }),
  };
}

/** The `new_relation` webhook as "Detecting accepted invitations" shows it. */
export function newRelation(seat: Seat, personId: string, publicIdentifier = 'jana-weber') {
  return {
    event: 'new_relation',
    account_id: seat.unipileAccountId,
    account_type: 'LINKEDIN',
    webhook_name: 'Prospect engine (users)',
    user_full_name: 'Jana Weber',
    user_provider_id: personId,
    user_public_identifier: publicIdentifier,
    user_profile_url: `https://www.linkedin.com/in/${publicIdentifier}/`,
    user_picture_url: 'https://media.licdn.com/dms/image/v2/jana.jpg',
  };
}

/** The account status webhook ("Account status updates"). */
export function accountStatus(seat: Seat, message: string) {
  return { AccountStatus: { account_id: seat.unipileAccountId, account_type: seat.channel.toUpperCase(), message } };
}

/** One item of `GET /messages` (the API reference's Message object). */
export function listedMessage(seat: Seat, message: { id: string; chatId: string; from: string; text?: string; at: Date; isSender?: boolean }) {
  return unipileMessage({
    id: message.id,
    accountId: seat.unipileAccountId,
    chatId: message.chatId,
    chatProviderId: `2-${message.chatId}`,
    senderId: message.from,
    text: message.text ?? 'Yes, send me the details.',
    timestamp: message.at,
    isSender: message.isSender ?? false,
  });
}

/** One item of `GET /users/relations`. */
export function listedRelation(personId: string, createdAt: Date, publicIdentifier = 'jana-weber') {
  return {
    object: 'UserRelation',
    connection_urn: `urn:li:fsd_connection:${personId}`,
    created_at: createdAt.getTime(),
    first_name: 'Jana',
    last_name: 'Weber',
    member_id: personId,
    member_urn: `urn:li:fsd_profile:${personId}`,
    headline: 'Head of Operations at Acme Logistik',
    public_identifier: publicIdentifier,
    public_profile_url: `https://www.linkedin.com/in/${publicIdentifier}/`,
  };
}

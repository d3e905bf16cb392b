import { type Static, Type } from 'typebox';
import { ONE_LINE } from '../../contract.ts';
import { DAY_NAMES } from '../../../mailboxes/contract.ts';

/**
 * The Unipile channels' API shapes: a seat (one account connected to Unipile: a LinkedIn member, a
 * WhatsApp number, a Telegram account) as `POST /seats` takes it and as every endpoint answers it.
 */

export const SEAT_CHANNELS = ['linkedin', 'whatsapp', 'telegram'] as const;
export type SeatChannel = (typeof SEAT_CHANNELS)[number];

export const MAX_SEATS_PER_ACCOUNT = 100;
export const MAX_MESSAGES_PER_DAY = 1_000;
/** The network's ceilings (Unipile: never more than 100 invitations a day and 200 a week; Premium reaches 250 a week). */
export const MAX_INVITATIONS_PER_DAY = 100;
export const MAX_INVITATIONS_PER_WEEK = 250;

/** Defaults on the safe side of what peers use (DESIGN.md: 80 to 100 invitations a day, 200 a week per paid seat). */
export const SEAT_DEFAULTS = {
  window: { start: '09:00', end: '17:00' },
  days: ['mon', 'tue', 'wed', 'thu', 'fri'] as (typeof DAY_NAMES)[number][],
  messages_per_day: 50,
  invitations_per_day: 80,
  invitations_per_week: 200,
};

const line = (maxLength: number, options: Record<string, unknown> = {}) => Type.String({ minLength: 1, maxLength, pattern: ONE_LINE, ...options });
const nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const HH_MM = '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$';
const HH_MM_END = '^(?:(?:[01][0-9]|2[0-3]):[0-5][0-9]|24:00)$';

const window = Type.Object(
  {
    start: Type.String({ pattern: HH_MM, description: 'Local time HH:mm in the seat time zone; the window is [start, end).' }),
    end: Type.String({ pattern: HH_MM_END, description: 'Local time HH:mm, up to 24:00 (the end of the day).' }),
  },
  { additionalProperties: false },
);

const warmupInput = Type.Object(
  {
    start_per_day: Type.Integer({ minimum: 1, maximum: MAX_MESSAGES_PER_DAY, description: 'Touches on the first day of warm-up, of each limit (messages; connection requests on linkedin).' }),
    increase_per_day: Type.Integer({ minimum: 0, maximum: MAX_MESSAGES_PER_DAY, description: 'How many more each day after, never above the seat limits.' }),
    started_on: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'The first day of warm-up (default: today in the seat time zone).' })),
  },
  { additionalProperties: false },
);

/** `POST /seats`; `PATCH /seats/{id}` takes any of its fields but `channel` and `unipile_account_id`. */
export const seatInputSchema = Type.Object(
  {
    channel: Type.Enum(SEAT_CHANNELS, { description: 'linkedin (connection requests and messages), whatsapp or telegram (messages).' }),
    unipile_account_id: line(200, { description: "The connected account's id in Unipile (its dashboard or GET /api/v1/accounts): every touch of the seat acts as it." }),
    label: line(200, { description: 'How the seat is named in timelines and logs, such as "Anna (LinkedIn)".' }),
    time_zone: line(64, { description: 'IANA time zone, such as Europe/Berlin: the window and days are read in it.' }),
    window: Type.Optional(window),
    days: Type.Optional(Type.Array(Type.Enum(DAY_NAMES), { minItems: 1, maxItems: 7, uniqueItems: true })),
    messages_per_day: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_MESSAGES_PER_DAY, description: 'Messages a day (every kind but connection requests), shared by every Autopilot.' })),
    invitations_per_day: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INVITATIONS_PER_DAY, description: 'linkedin only: connection requests a day (default 80).' })),
    invitations_per_week: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INVITATIONS_PER_WEEK, description: 'linkedin only: connection requests in any 7 days (default 200).' })),
    warmup: Type.Optional(nullable(warmupInput)),
  },
  { $id: 'https://prospect-research.dev/schemas/seat-input.json', title: 'A new seat', additionalProperties: false },
);
export type SeatInput = Static<typeof seatInputSchema>;

/** A seat as every endpoint answers it. */
export const seatViewSchema = Type.Object(
  {
    id: Type.Integer(),
    channel: Type.Enum(SEAT_CHANNELS),
    unipile_account_id: Type.String(),
    label: Type.String(),
    time_zone: Type.String(),
    window,
    days: Type.Array(Type.Enum(DAY_NAMES)),
    messages_per_day: Type.Integer(),
    invitations_per_day: nullable(Type.Integer({ description: 'null on whatsapp and telegram.' })),
    invitations_per_week: nullable(Type.Integer()),
    warmup: nullable(Type.Object({ start_per_day: Type.Integer(), increase_per_day: Type.Integer(), started_on: Type.String() }, { additionalProperties: false })),
    status: Type.Enum(['connected', 'disconnected'], { description: 'disconnected: Unipile lost the account; its touches wait, held with status_detail, until it is connected again.' }),
    status_detail: nullable(Type.String()),
    status_changed_at: Type.String(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'https://prospect-research.dev/schemas/seat.json', title: 'Seat', additionalProperties: false },
);
export type SeatView = Static<typeof seatViewSchema>;

export const seatListSchema = Type.Object({ seats: Type.Array(seatViewSchema) }, { additionalProperties: false });
export type SeatList = Static<typeof seatListSchema>;

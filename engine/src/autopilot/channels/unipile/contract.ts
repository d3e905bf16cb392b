import { type Static, Type } from 'typebox';
import { dayNamesViewSchema, dayUseViewSchema, nextAfterSchema, rampViewSchema, type ScheduleWords, scheduleSchemas, senderPageQuery, warmupViewSchema } from '../../../senders/contract.ts';
import { ONE_LINE } from '../../contract.ts';

/**
 * The Unipile channels' API shapes: a seat (one account connected to Unipile: a LinkedIn member, a
 * WhatsApp number, a Telegram account) as `seats add` takes it and as every endpoint answers it. Its
 * schedule is every sender's (senders/contract.ts), under the names below.
 */

export const SEAT_CHANNELS = ['linkedin', 'whatsapp', 'telegram'] as const;
export type SeatChannel = (typeof SEAT_CHANNELS)[number];

export const MAX_SEATS_PER_ACCOUNT = 100;
export const MAX_MESSAGES_PER_DAY = 1_000;
/** The network's ceilings (Unipile: never more than 100 invitations a day and 200 a week; Premium reaches 250 a week). */
export const MAX_INVITATIONS_PER_DAY = 100;
export const MAX_INVITATIONS_PER_WEEK = 250;

/**
 * Invitation defaults on the safe side of what peers use (DESIGN.md: 80 to 100 invitations a day, 200 a
 * week per paid seat); the schedule's defaults are every sender's (senders/schedule.ts, DEFAULT_SCHEDULE).
 */
export const SEAT_DEFAULTS = {
  invitations_per_day: 80,
  invitations_per_week: 200,
};

/** A seat's schedule: `window`, `days`, `messages_per_day` (connection requests have limits of their own). */
export const SEAT_SCHEDULE: ScheduleWords = {
  sender: 'seat',
  fields: { hours: 'window', days: 'days', dailyLimit: 'messages_per_day' },
  hoursStart: 'it starts',
  readInZone: 'the window and days',
  maxPerDay: MAX_MESSAGES_PER_DAY,
  dailyLimit: 'Messages a day (every kind but connection requests), shared by every Autopilot.',
  dailyLimitWords: 'the messages a day',
  warmupFirstDay: 'Touches on the first day of warm-up, of each limit (messages; connection requests on linkedin).',
  warmupCeiling: 'the seat limits',
};

const line = (maxLength: number, options: Record<string, unknown> = {}) => Type.String({ minLength: 1, maxLength, pattern: ONE_LINE, ...options });
const nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const schedule = scheduleSchemas(SEAT_SCHEDULE);

/** What `PATCH /seats/{id}` may change: every field of a seat but `channel` and `unipile_account_id`. */
const seatSettings = {
  label: line(200, { description: 'How the seat is named in timelines and logs, such as "Anna (LinkedIn)".' }),
  time_zone: schedule.timeZone,
  window: Type.Optional(schedule.hours),
  days: Type.Optional(schedule.days),
  messages_per_day: Type.Optional(schedule.dailyLimit),
  invitations_per_day: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INVITATIONS_PER_DAY, description: 'linkedin only: connection requests a day (default 80).' })),
  invitations_per_week: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INVITATIONS_PER_WEEK, description: 'linkedin only: connection requests in any 7 days (default 200).' })),
  warmup: Type.Optional(nullable(schedule.warmup)),
};

/** A seat with a typed Unipile account id: ops only (`seats add`); over HTTP a seat comes through `POST /seats/connect`. */
export const seatInputSchema = Type.Object(
  {
    channel: Type.Enum(SEAT_CHANNELS, { description: 'linkedin (connection requests and messages), whatsapp or telegram (messages).' }),
    unipile_account_id: line(200, { description: "The connected account's id in Unipile (its dashboard or GET /api/v1/accounts): every touch of the seat acts as it." }),
    ...seatSettings,
  },
  { $id: 'https://prospect-research.dev/schemas/seat-input.json', title: 'A new seat', additionalProperties: false },
);
export type SeatInput = Static<typeof seatInputSchema>;

/** `PATCH /seats/{id}`: the fields to change. */
export const seatPatchSchema = Type.Partial(Type.Object(seatSettings), { title: 'A change to a seat', additionalProperties: false });

/** A seat as every endpoint answers it. */
export const seatViewSchema = Type.Object(
  {
    id: Type.Integer(),
    channel: Type.Enum(SEAT_CHANNELS),
    unipile_account_id: Type.String(),
    label: Type.String(),
    time_zone: Type.String(),
    window: schedule.hours,
    days: dayNamesViewSchema,
    messages_per_day: Type.Integer(),
    invitations_per_day: nullable(Type.Integer({ description: 'null on whatsapp and telegram.' })),
    invitations_per_week: nullable(Type.Integer()),
    warmup: nullable(warmupViewSchema),
    today: Type.Optional(
      Type.Object(
        {
          date: Type.String({ description: "Today in the seat's time zone." }),
          messages: dayUseViewSchema,
          invitations: nullable(Type.Object(dayUseViewSchema.properties, { additionalProperties: false, description: 'Connection requests; null on whatsapp and telegram.' })),
        },
        { additionalProperties: false, description: "Its use of today's limits (warm-up included), as the sender counts them. Answered by the API, not by the CLI." },
      ),
    ),
    ramp: Type.Optional(rampViewSchema),
    status: Type.Enum(['connected', 'disconnected'], { description: 'disconnected: Unipile lost the account; its touches wait, held with status_detail, until it is connected again.' }),
    status_detail: nullable(Type.String()),
    status_changed_at: Type.String(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'https://prospect-research.dev/schemas/seat.json', title: 'Seat', additionalProperties: false },
);
export type SeatView = Static<typeof seatViewSchema>;

/** `GET /seats`: oldest first, by keyset (`after`, `limit`). */
export const seatPageQuery = senderPageQuery(MAX_SEATS_PER_ACCOUNT);
export const seatListSchema = Type.Object({ seats: Type.Array(seatViewSchema), next_after: nextAfterSchema }, { additionalProperties: false });
export type SeatList = Static<typeof seatListSchema>;

/**
 * `POST /seats/connect`: a link to Unipile's hosted authentication, for a new seat on `channel` (with
 * its label, schedule and limits, as a seat takes them, but no `unipile_account_id`: Unipile gives
 * it) or to reconnect the seat `seat_id`.
 */
export const seatConnectSchema = Type.Object(
  {
    channel: seatInputSchema.properties.channel,
    seat_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'The seat to reconnect (its settings stay); without it, a new seat.' })),
    label: Type.Optional(seatSettings.label),
    time_zone: Type.Optional(seatSettings.time_zone),
    window: seatSettings.window,
    days: seatSettings.days,
    messages_per_day: seatSettings.messages_per_day,
    invitations_per_day: seatSettings.invitations_per_day,
    invitations_per_week: seatSettings.invitations_per_week,
    warmup: seatSettings.warmup,
  },
  { $id: 'https://prospect-research.dev/schemas/seat-connect.json', title: 'A seat to connect', additionalProperties: false },
);
export type SeatConnect = Static<typeof seatConnectSchema>;

export const seatConnectLinkSchema = Type.Object(
  {
    url: Type.String({ description: "Unipile's hosted authentication page: open it in the browser of the person whose account it is." }),
    expires_at: Type.String({ description: 'When the link stops working (Unipile also ends links at its daily restart).' }),
  },
  { additionalProperties: false },
);
export type SeatConnectLink = Static<typeof seatConnectLinkSchema>;

/** What Unipile POSTs to the `notify_url` of a hosted authentication link once the account is connected. */
export const hostedAuthNotificationSchema = Type.Object(
  {
    status: Type.Optional(Type.String({ description: 'CREATION_SUCCESS or RECONNECTED; anything else is ignored.' })),
    account_id: Type.Optional(Type.String({ description: "The connected account's id in Unipile." })),
    name: Type.Optional(Type.String({ description: 'The token the engine gave with the link: it says which account and channel (or seat) the link was for.' })),
  },
  { description: "Unipile's notification, as it sends it" },
);

/** What `POST /unipile/hosted-auth/notify` made of a notification. */
export const hostedAuthResultSchema = Type.Object(
  {
    result: Type.Enum(['seat_created', 'seat_reconnected', 'unchanged', 'ignored'], {
      description: 'A new seat, a seat connected again, `unchanged` (a duplicate notification) or `ignored` (a status that connects nothing, a seat removed since).',
    }),
    seat_id: Type.Optional(Type.Integer()),
    why: Type.Optional(Type.String({ description: 'In words.' })),
  },
  { additionalProperties: false },
);
export type HostedAuthResult = Static<typeof hostedAuthResultSchema>;

/** What `POST /unipile/webhooks` made of a delivery: always 200, so that Unipile does not retry what would not change. */
export const webhookResultSchema = Type.Object(
  {
    result: Type.Enum(['reply', 'own_message', 'invite_accepted', 'connection', 'unmatched', 'seen', 'ignored', 'unknown_seat', 'seat_disconnected', 'seat_connected', 'unchanged'], {
      description: 'What the event became: a reply, a connection, a seat disconnected or connected again; or `seen` (a duplicate), `ignored` (nothing to read), `unknown_seat`.',
    }),
    why: Type.Optional(Type.String({ description: 'In words.' })),
    seat_id: Type.Optional(nullable(Type.Integer())),
    lead_id: Type.Optional(nullable(Type.Integer())),
  },
  { additionalProperties: false },
);

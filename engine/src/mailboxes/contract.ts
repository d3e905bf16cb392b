import { type Static, Type } from 'typebox';
import { ONE_LINE } from '../autopilot/contract.ts';

/**
 * The e-mail channel's API shapes: a mailbox as `POST /mailboxes` takes it, as `PATCH /mailboxes/{id}`
 * changes it, as every endpoint answers it (passwords are never answered: only whether one is set),
 * and the answer of `POST /mailboxes/{id}/test`.
 */

export const SECURITIES = ['tls', 'starttls', 'none'] as const;
export type Security = (typeof SECURITIES)[number];

/** Sending days as people write them; ISO weekday 1 (Monday) to 7 (Sunday) inside. */
export const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayName = (typeof DAY_NAMES)[number];

export const MAX_DAILY_LIMIT = 10_000;
export const MAX_MAILBOXES_PER_ACCOUNT = 200;

const line = (maxLength: number, options: Record<string, unknown> = {}) => Type.String({ minLength: 1, maxLength, pattern: ONE_LINE, ...options });
const nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const HH_MM = '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$';
/** A window may end at midnight: 24:00, as pacing reads it. */
const HH_MM_END = '^(?:(?:[01][0-9]|2[0-3]):[0-5][0-9]|24:00)$';

const serverFields = (what: string, defaultPort: string) => ({
  host: line(253, { description: `The ${what} server's host name or IP address.` }),
  port: Type.Integer({ minimum: 1, maximum: 65535, description: `Usually ${defaultPort}.` }),
  security: Type.Enum(SECURITIES, {
    description: 'tls: TLS from the first byte (465, 993); starttls: plain text upgraded with STARTTLS, refused when the server does not offer it (587, 143); none: no encryption (a local test server only).',
  }),
  user: line(320),
});

const password = Type.String({ minLength: 1, maxLength: 1000, description: 'Encrypted at rest with SECRET_KEY; never answered.' });

export const smtpInputSchema = Type.Object({ ...serverFields('SMTP', '587 or 465'), password }, { additionalProperties: false });
export const imapInputSchema = Type.Object({ ...serverFields('IMAP', '993'), password }, { additionalProperties: false });

const sendingHours = Type.Object(
  {
    start: Type.String({ pattern: HH_MM, description: 'Local time HH:mm in the mailbox time zone; the window is [start, end).' }),
    end: Type.String({ pattern: HH_MM_END, description: 'Local time HH:mm, up to 24:00 (the end of the day).' }),
  },
  { additionalProperties: false },
);

const warmupInput = Type.Object(
  {
    start_per_day: Type.Integer({ minimum: 1, maximum: MAX_DAILY_LIMIT, description: 'E-mails on the first day of warm-up.' }),
    increase_per_day: Type.Integer({ minimum: 0, maximum: MAX_DAILY_LIMIT, description: 'How many more each day after, never above daily_limit.' }),
    started_on: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'The first day of warm-up (default: today in the mailbox time zone).' })),
  },
  { additionalProperties: false },
);

const scheduleFields = {
  time_zone: line(64, { description: 'IANA time zone, such as Europe/Berlin: sending hours and days are read in it.' }),
  sending_hours: Type.Optional(sendingHours),
  sending_days: Type.Optional(Type.Array(Type.Enum(DAY_NAMES), { minItems: 1, maxItems: 7, uniqueItems: true })),
  daily_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_DAILY_LIMIT, description: 'E-mails a day once warmed up, shared by every Autopilot.' })),
  warmup: Type.Optional(nullable(warmupInput)),
};

/** `POST /mailboxes`. */
export const mailboxInputSchema = Type.Object(
  {
    from_address: line(320, { description: 'The address the touches are sent from.' }),
    from_name: Type.Optional(nullable(line(200, { description: 'The display name beside it.' }))),
    smtp: smtpInputSchema,
    imap: Type.Optional(nullable(imapInputSchema)),
    ...scheduleFields,
  },
  { $id: 'https://prospect-research.dev/schemas/mailbox-input.json', title: 'A new mailbox', additionalProperties: false },
);
export type MailboxInput = Static<typeof mailboxInputSchema>;

/** `PATCH /mailboxes/{id}`: the fields to change; a server's password may be left out to keep it; `imap: null` stops reading. */
export const mailboxPatchSchema = Type.Object(
  {
    from_address: Type.Optional(line(320)),
    from_name: Type.Optional(nullable(line(200))),
    smtp: Type.Optional(Type.Partial(smtpInputSchema, { additionalProperties: false })),
    imap: Type.Optional(nullable(Type.Partial(imapInputSchema, { additionalProperties: false }))),
    time_zone: Type.Optional(scheduleFields.time_zone),
    sending_hours: scheduleFields.sending_hours,
    sending_days: scheduleFields.sending_days,
    daily_limit: scheduleFields.daily_limit,
    warmup: scheduleFields.warmup,
  },
  { $id: 'https://prospect-research.dev/schemas/mailbox-patch.json', title: 'A change to a mailbox', additionalProperties: false },
);
export type MailboxPatch = Static<typeof mailboxPatchSchema>;

const serverView = (what: string) =>
  Type.Object(
    {
      host: Type.String(),
      port: Type.Integer(),
      security: Type.Enum(SECURITIES),
      user: Type.String(),
      password_set: Type.Boolean({ description: `Whether the ${what} password is stored; the password itself is never answered.` }),
    },
    { additionalProperties: false },
  );

/** A mailbox as every endpoint answers it. */
export const mailboxViewSchema = Type.Object(
  {
    id: Type.Integer(),
    from_address: Type.String(),
    from_name: nullable(Type.String()),
    smtp: serverView('SMTP'),
    imap: nullable(serverView('IMAP')),
    time_zone: Type.String(),
    sending_hours: sendingHours,
    sending_days: Type.Array(Type.Enum(DAY_NAMES)),
    daily_limit: Type.Integer(),
    warmup: nullable(Type.Object({ start_per_day: Type.Integer(), increase_per_day: Type.Integer(), started_on: Type.String() }, { additionalProperties: false })),
    reading: Type.Object(
      {
        last_read_at: nullable(Type.String({ description: 'When replies were last read over IMAP.' })),
        error: nullable(Type.String({ description: 'Why the last attempt to read failed, in words; null when it worked.' })),
      },
      { additionalProperties: false },
    ),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'https://prospect-research.dev/schemas/mailbox.json', title: 'Mailbox', additionalProperties: false },
);
export type MailboxView = Static<typeof mailboxViewSchema>;

export const mailboxListSchema = Type.Object({ mailboxes: Type.Array(mailboxViewSchema) }, { additionalProperties: false });
export type MailboxList = Static<typeof mailboxListSchema>;

const check = Type.Object(
  {
    ok: Type.Boolean(),
    /** What worked or what failed, in words. */
    message: Type.String(),
  },
  { additionalProperties: false },
);

/** `POST /mailboxes/{id}/test`: each server connected to and logged into; `imap` null when the mailbox has none. */
export const mailboxTestSchema = Type.Object({ smtp: check, imap: nullable(check) }, { additionalProperties: false });
export type MailboxTest = Static<typeof mailboxTestSchema>;

import { type Static, Type } from 'typebox';
import { ONE_LINE } from '../platform/validation/patterns.ts';
import { dayNamesViewSchema, dayUseViewSchema, nextAfterSchema, rampViewSchema, type ScheduleWords, scheduleSchemas, senderPageQuery, warmupViewSchema } from '../senders/contract.ts';

/**
 * The mailboxes' API shapes: a mailbox as `POST /mailboxes` takes it, as `PATCH /mailboxes/{id}`
 * changes it, as every endpoint answers it (passwords are never answered: only whether one is set),
 * and the answer of `POST /mailboxes/{id}/test`. Its schedule is every sender's (senders/contract.ts),
 * under the names below.
 */

export const SECURITIES = ['tls', 'starttls', 'none'] as const;
export type Security = (typeof SECURITIES)[number];

export const MAX_DAILY_LIMIT = 10_000;
export const MAX_MAILBOXES_PER_ACCOUNT = 200;

/** A mailbox's schedule: `sending_hours`, `sending_days`, `daily_limit` (e-mails a day). */
export const MAILBOX_SCHEDULE: ScheduleWords = {
  sender: 'mailbox',
  fields: { hours: 'sending_hours', days: 'sending_days', dailyLimit: 'daily_limit' },
  hoursStart: 'they start',
  readInZone: 'sending hours and days',
  maxPerDay: MAX_DAILY_LIMIT,
  dailyLimit: 'E-mails a day once warmed up, shared by every Autopilot.',
  dailyLimitWords: 'the daily limit',
  warmupFirstDay: 'E-mails on the first day of warm-up.',
  warmupCeiling: 'daily_limit',
};

const line = (maxLength: number, options: Record<string, unknown> = {}) => Type.String({ minLength: 1, maxLength, pattern: ONE_LINE, ...options });
const nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const serverFields = (what: string, defaultPort: string) => ({
  host: line(253, { description: `The ${what} server's host name or IP address.` }),
  port: Type.Integer({ minimum: 1, maximum: 65535, description: `Usually ${defaultPort}.` }),
  security: Type.Enum(SECURITIES, {
    description:
      'tls: TLS from the first byte (465, 993); starttls: plain text upgraded with STARTTLS, refused when the server does not offer it (587, 143); none: no encryption (a local test server only).',
  }),
  user: line(320),
});

const password = Type.String({ minLength: 1, maxLength: 1000, description: 'Encrypted at rest with SECRET_KEY; never answered.' });

export const smtpInputSchema = Type.Object({ ...serverFields('SMTP', '587 or 465'), password }, { additionalProperties: false });
export const imapInputSchema = Type.Object({ ...serverFields('IMAP', '993'), password }, { additionalProperties: false });

const schedule = scheduleSchemas(MAILBOX_SCHEDULE);

const scheduleFields = {
  time_zone: schedule.timeZone,
  sending_hours: Type.Optional(schedule.hours),
  sending_days: Type.Optional(schedule.days),
  daily_limit: Type.Optional(schedule.dailyLimit),
  warmup: Type.Optional(nullable(schedule.warmup)),
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
    sending_hours: schedule.hours,
    sending_days: dayNamesViewSchema,
    daily_limit: Type.Integer(),
    warmup: nullable(warmupViewSchema),
    today: Type.Optional(
      Type.Object(
        { date: Type.String({ description: "Today in the mailbox's time zone." }), ...dayUseViewSchema.properties },
        {
          additionalProperties: false,
          description: 'Its use of today: e-mails sent and the limit (warm-up included), as the sender counts them. Answered by the API, not by the CLI.',
        },
      ),
    ),
    ramp: Type.Optional(rampViewSchema),
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

/** `GET /mailboxes`: oldest first, by keyset (`after`, `limit`). */
export const mailboxPageQuery = senderPageQuery(MAX_MAILBOXES_PER_ACCOUNT);
export const mailboxListSchema = Type.Object({ mailboxes: Type.Array(mailboxViewSchema), next_after: nextAfterSchema }, { additionalProperties: false });
export type MailboxList = Static<typeof mailboxListSchema>;

/** The steps of a server's test, in order: `inbox` is IMAP's only. */
export const TEST_STEPS = ['address', 'connect', 'tls', 'login', 'inbox'] as const;
export type TestStepName = (typeof TEST_STEPS)[number];

const testStep = Type.Object(
  {
    step: Type.Enum(TEST_STEPS, {
      description: "address: the host is resolved and may be used; connect: the server answers; tls: encryption (TLS or STARTTLS); login: the user and password; inbox: IMAP's INBOX opens.",
    }),
    status: Type.Enum(['ok', 'failed', 'skipped'], { description: 'skipped: not tried, as a step before it failed (or, for tls, the mailbox asks for none).' }),
    message: Type.String({ description: "What happened, in words; a failure keeps the server's own words." }),
  },
  { additionalProperties: false },
);
export type TestStep = Static<typeof testStep>;

const check = Type.Object(
  {
    ok: Type.Boolean(),
    /** What worked or what failed, in words. */
    message: Type.String(),
    steps: Type.Array(testStep, { description: 'Each step tried, in order, up to the one that failed; those after it are skipped.' }),
  },
  { additionalProperties: false },
);

/** `POST /mailboxes/{id}/test`: each server connected to and logged into; `imap` null when the mailbox has none. */
export const mailboxTestSchema = Type.Object({ smtp: check, imap: nullable(check) }, { additionalProperties: false });
export type MailboxTest = Static<typeof mailboxTestSchema>;

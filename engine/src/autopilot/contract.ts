/**
 * The Autopilot's contract, written once: the document a CRM admin writes (as JSON or YAML, through the
 * CLI or `PUT /autopilots/{name}`), the answers of the Autopilot API, and the account's Autopilot
 * settings. Each JSON Schema is also, through `Static`, the TypeScript type of what it describes.
 * Published as `@prospect-research/engine/autopilot-contract`; docs/autopilot.md explains every field.
 *
 * The schemas say the shape; the rules a schema cannot say (how many values an operator takes, which
 * kinds a channel has, what a goal needs before it can be enabled) are in `config/document.ts`, which
 * explains every problem in words.
 *
 * This file imports nothing but TypeBox, so that packages with other compiler settings can read it.
 */
import Type, { type Static } from 'typebox';

/** The spec's channels: the professional network, e-mail, a messaging app (by phone number) and a chat app (by username). */
export const CHANNELS = ['email', 'linkedin', 'whatsapp', 'telegram'] as const;
export type Channel = (typeof CHANNELS)[number];

/** What a step sends: an e-mail, a connection request (the professional network only) or a message. */
export const TOUCH_KINDS = ['email', 'connection_request', 'message'] as const;
export type TouchKind = (typeof TOUCH_KINDS)[number];

/** The kinds each channel can send. */
export const CHANNEL_KINDS: Readonly<Record<Channel, readonly TouchKind[]>> = {
  email: ['email'],
  linkedin: ['connection_request', 'message'],
  whatsapp: ['message'],
  telegram: ['message'],
};

export const TONES = ['Friendly', 'Direct', 'Formal', 'Founder'] as const;
export type Tone = (typeof TONES)[number];

export const GOAL_TYPES = ['engage', 'meetings', 'self_serve', 'qualify'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

export const OPERATORS = ['is', 'is_not', 'contains', 'not_contains', 'gt', 'gte', 'lt', 'lte', 'between', 'is_known', 'is_unknown'] as const;
export type Operator = (typeof OPERATORS)[number];

/** The research signals a step can build on: parts of the research brief. */
export const SIGNALS = [
  'posts',
  'company_posts',
  'news',
  'role',
  'technologies',
  'problems',
  'services',
  'synergy_points',
  'insights',
  'discovery_questions',
] as const;
export type Signal = (typeof SIGNALS)[number];

export const MAX_RULES = 3;
export const MAX_RULE_VALUES = 50;
export const MAX_STEPS = 20;
export const MAX_DAY = 90;
export const MAX_QUESTIONS = 3;
export const MAX_PROPERTY_CHANGES = 10;
export const NAME_MAX_LENGTH = 100;

/** Text on one line: no control characters (tabs, line breaks, NUL, escape sequences). */
export const ONE_LINE = '^\\P{Cc}*$';
/** Text that may span lines: line breaks and tabs, but no other control character. */
export const MULTI_LINE = '^(?:[\\n\\t]|\\P{Cc})*$';

const line = (maxLength: number, options: Record<string, unknown> = {}) => Type.String({ minLength: 1, maxLength, pattern: ONE_LINE, ...options });
const lines = (maxLength: number, options: Record<string, unknown> = {}) => Type.String({ minLength: 1, maxLength, pattern: MULTI_LINE, ...options });
const nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const propertyName = () => line(100, { description: 'A CRM contact property, by its internal name (HubSpot: `country`, `numberofemployees`). Matched case-insensitively.' });

export const ruleSchema = Type.Object(
  {
    property: propertyName(),
    operator: Type.Enum(OPERATORS, {
      description:
        '`is`, `is_not` (several values: any of them), `contains`, `not_contains`, `gt`, `gte`, `lt`, `lte` (one number or date), `between` (two: lower and upper, inclusive), `is_known`, `is_unknown` (no values).',
    }),
    values: Type.Optional(
      Type.Array(Type.Union([Type.String({ maxLength: 500, pattern: ONE_LINE }), Type.Number(), Type.Boolean()]), {
        maxItems: MAX_RULE_VALUES,
        description: 'Text, numbers or true/false for `is` and `is_not`; text for `contains`; a number or an ISO 8601 date for comparisons.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type Rule = Static<typeof ruleSchema>;

export const filterSchema = Type.Object(
  {
    match: Type.Optional(Type.Enum(['all', 'any'], { default: 'all', description: '`all`: every rule must hold (AND); `any`: one is enough (OR).' })),
    rules: Type.Array(ruleSchema, { maxItems: MAX_RULES, description: 'At most 3 rules. No rules: the Autopilot matches every lead (a catch-all).' }),
  },
  { additionalProperties: false },
);
export type Filter = Static<typeof filterSchema>;

export const goalSchema = Type.Object(
  {
    type: Type.Enum(GOAL_TYPES),
    calendar_link: Type.Optional(line(2048, { description: '`meetings` only: an http(s) link to book a meeting.' })),
    pricing_url: Type.Optional(line(2048, { description: '`self_serve` only: the http(s) pricing page.' })),
    questions: Type.Optional(Type.Array(line(300), { maxItems: MAX_QUESTIONS, description: '`qualify` only: 1 to 3 questions, asked in order, one per message.' })),
  },
  { additionalProperties: false },
);
export type Goal = Static<typeof goalSchema>;

export const touchSchema = Type.Object(
  {
    day: Type.Integer({ minimum: 1, maximum: MAX_DAY, description: '1 is the enrolment day; later days are business days.' }),
    channel: Type.Enum(CHANNELS),
    kind: Type.Enum(TOUCH_KINDS, { description: '`email` on email; `connection_request` or `message` on linkedin; `message` on whatsapp and telegram.' }),
    angle: lines(2000, { description: 'The instruction the message is written from, per lead at send time.' }),
    subject_angle: Type.Optional(nullable(line(300, { description: 'E-mail steps: the instruction for the subject line.' }))),
    signals: Type.Optional(Type.Array(Type.Enum(SIGNALS), { uniqueItems: true, description: 'Research signals the message builds on.' })),
  },
  { additionalProperties: false },
);
export type Touch = Static<typeof touchSchema>;

export const propertyChangeSchema = Type.Object(
  {
    property: propertyName(),
    value: Type.Optional(nullable(Type.String({ maxLength: 500, pattern: ONE_LINE, description: 'Absent, null or empty: any change of the property.' }))),
  },
  { additionalProperties: false },
);

export const stopConditionsSchema = Type.Object(
  {
    reply: Type.Optional(Type.Boolean({ default: true, description: 'A reply on any channel (never an auto-reply).' })),
    call_connected: Type.Optional(Type.Boolean({ default: true, description: 'A call logged on the CRM contact with a Connected outcome.' })),
    meeting_booked: Type.Optional(Type.Boolean({ default: true, description: 'A meeting logged in the CRM after enrolment.' })),
    invite_accepted: Type.Optional(Type.Boolean({ default: false, description: 'The lead accepted a connection request.' })),
    property_changes: Type.Optional(Type.Array(propertyChangeSchema, { maxItems: MAX_PROPERTY_CHANGES })),
  },
  { additionalProperties: false },
);

/** Fields an answer carries that a document may send back unchanged: they are ignored. */
const readOnly = () => Type.Optional(Type.Unknown({ readOnly: true }));

/**
 * An Autopilot document as a CRM admin writes it: what `PUT /autopilots/{name}` and
 * `prospect-engine autopilots apply` accept. Fields left out take their defaults; `enabled` left out
 * keeps the Autopilot's current state (new ones start off). The read-only fields of an answer
 * (`id`, `position`, ...) may be sent back as they came and are ignored.
 */
export const autopilotInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH, pattern: ONE_LINE, description: 'Free text, unique in the account regardless of case.' }),
    enabled: Type.Optional(Type.Boolean()),
    fallback: Type.Optional(Type.Boolean({ default: false, description: 'Skipped in the normal pass; gets the last look at a lead before it is abandoned.' })),
    filter: filterSchema,
    channels: Type.Array(Type.Enum(CHANNELS), { uniqueItems: true }),
    tone: Type.Enum(TONES, { description: 'Changes voice and greeting only.' }),
    goal: goalSchema,
    lead_origin: Type.Optional(nullable(line(300, { description: 'One sentence: the opening line of the first message.' }))),
    threading: Type.Optional(Type.Boolean({ default: true, description: 'Later e-mails reply in the thread of the first; only the first has a subject.' })),
    sequence: Type.Array(touchSchema, { maxItems: MAX_STEPS }),
    stop_conditions: Type.Optional(stopConditionsSchema),
    id: readOnly(),
    position: readOnly(),
    revision: readOnly(),
    enabled_at: readOnly(),
    created_at: readOnly(),
    updated_at: readOnly(),
    archived_at: readOnly(),
    problems: readOnly(),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot.json', title: 'Autopilot document', additionalProperties: false },
);
export type AutopilotInput = Static<typeof autopilotInputSchema>;

/** Every step of the normalised document has all its fields. */
export const storedTouchSchema = Type.Object(
  {
    day: Type.Integer({ minimum: 1, maximum: MAX_DAY }),
    channel: Type.Enum(CHANNELS),
    kind: Type.Enum(TOUCH_KINDS),
    angle: Type.String(),
    subject_angle: nullable(Type.String()),
    signals: Type.Array(Type.Enum(SIGNALS)),
  },
  { additionalProperties: false },
);
export type StoredTouch = Static<typeof storedTouchSchema>;

/** A rule as stored: values normalised (numbers as numbers, dates as ISO text), always a list. */
export const storedRuleSchema = Type.Object(
  { property: Type.String(), operator: Type.Enum(OPERATORS), values: Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()])) },
  { additionalProperties: false },
);
export type StoredRule = Static<typeof storedRuleSchema>;

export const storedFilterSchema = Type.Object(
  { match: Type.Enum(['all', 'any']), rules: Type.Array(storedRuleSchema, { maxItems: MAX_RULES }) },
  { additionalProperties: false },
);
export type StoredFilter = Static<typeof storedFilterSchema>;

export const storedGoalSchema = Type.Object(
  {
    type: Type.Enum(GOAL_TYPES),
    calendar_link: Type.Optional(Type.String()),
    pricing_url: Type.Optional(Type.String()),
    questions: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);

export const storedStopConditionsSchema = Type.Object(
  {
    reply: Type.Boolean(),
    call_connected: Type.Boolean(),
    meeting_booked: Type.Boolean(),
    invite_accepted: Type.Boolean(),
    property_changes: Type.Array(Type.Object({ property: Type.String(), value: nullable(Type.String()) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

/** The normalised document: what the engine stores and answers, every field present. */
export const autopilotDocumentSchema = Type.Object(
  {
    name: Type.String(),
    enabled: Type.Boolean(),
    fallback: Type.Boolean(),
    filter: storedFilterSchema,
    channels: Type.Array(Type.Enum(CHANNELS)),
    tone: Type.Enum(TONES),
    goal: storedGoalSchema,
    lead_origin: nullable(Type.String()),
    threading: Type.Boolean(),
    sequence: Type.Array(storedTouchSchema),
    stop_conditions: storedStopConditionsSchema,
  },
  { additionalProperties: false },
);
export type AutopilotDocument = Static<typeof autopilotDocumentSchema>;

export const SEVERITIES = ['error', 'blocks_enabling', 'warning'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * One problem with a document, in words a CRM admin reads. `error`: the document is refused.
 * `blocks_enabling`: it may be stored switched off, but not switched on. `warning`: stored, but
 * probably not what was meant. `path` is a JSON Pointer into the document ("" for the whole of it).
 */
export const problemSchema = Type.Object(
  { severity: Type.Enum(SEVERITIES), path: Type.String(), message: Type.String() },
  { additionalProperties: false },
);
export type Problem = Static<typeof problemSchema>;

const timestamp = () => Type.String({ description: 'ISO 8601 with offset' });

/** An Autopilot as the API answers it: the normalised document, read-only facts, and its problems now. */
export const autopilotViewSchema = Type.Object(
  {
    ...autopilotDocumentSchema.properties,
    id: Type.Integer({ readOnly: true }),
    position: nullable(Type.Integer({ minimum: 1, readOnly: true, description: 'Top to bottom, from 1; null once archived.' })),
    revision: Type.Integer({ minimum: 1, readOnly: true, description: 'Goes up by one each time the document changes (switching on or off is not a change of the document).' }),
    enabled_at: nullable(timestamp()),
    created_at: timestamp(),
    updated_at: timestamp(),
    archived_at: nullable(timestamp()),
    problems: Type.Array(problemSchema, { readOnly: true }),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-view.json', title: 'Autopilot answer', additionalProperties: false },
);
export type AutopilotView = Static<typeof autopilotViewSchema>;

/** `GET /autopilots` and `PUT /autopilots/order`: the account's Autopilots, top to bottom (archived ones last, when asked for). */
export const autopilotListSchema = Type.Object(
  { autopilots: Type.Array(autopilotViewSchema) },
  { $id: 'https://prospect-research.dev/schemas/autopilot-list.json', title: 'Autopilot list answer', additionalProperties: false },
);
export type AutopilotList = Static<typeof autopilotListSchema>;

/** The body of `PUT /autopilots/order`: names, top to bottom; Autopilots not named keep their order below them. */
export const autopilotOrderSchema = Type.Object(
  { names: Type.Array(Type.String({ maxLength: 1000 }), { minItems: 1, maxItems: 1000 }) },
  { $id: 'https://prospect-research.dev/schemas/autopilot-order.json', title: 'PUT /autopilots/order body', additionalProperties: false },
);
export type AutopilotOrder = Static<typeof autopilotOrderSchema>;

export const QUEUE_WAIT_HOURS = [2, 6, 12, 24, 48] as const;
export const DROP_BEHIND_DAYS = [7, 14, 30, 60] as const;
export const CONTENT_LANGUAGES = ['en', 'pl', 'de', 'fr', 'es', 'it', 'pt', 'nl'] as const;
export const MAX_EXCLUDED_DOMAINS = 1000;

export const senderIdentitySchema = Type.Object(
  {
    name: line(200, { description: 'Who sends: a person or the company.' }),
    company: line(200),
    postal_address: lines(500, { description: 'The postal address commercial e-mail must carry.' }),
  },
  { additionalProperties: false },
);
export type SenderIdentity = Static<typeof senderIdentitySchema>;

/** The account's Autopilot settings as answered by `GET /autopilot/settings`. */
export const autopilotSettingsSchema = Type.Object(
  {
    queue_wait_hours: Type.Enum(QUEUE_WAIT_HOURS, { default: 6, description: 'How long a lead no Autopilot matches waits before the fallbacks get their look.' }),
    drop_behind_days: nullable(Type.Enum(DROP_BEHIND_DAYS, { description: 'null: off. Messages further behind their plan than this are dropped.' })),
    skip_role_based: Type.Boolean({ default: false, description: 'Skip role addresses such as info@, sales@, support@.' }),
    skip_free_providers: Type.Boolean({ default: false, description: 'Skip addresses at free mailbox providers.' }),
    excluded_domains: Type.Array(Type.String(), { maxItems: MAX_EXCLUDED_DOMAINS, description: 'Never researched or contacted (subdomains included).' }),
    research_once: Type.Boolean({ default: true, description: 'Research each contact only once.' }),
    content_language: Type.Enum(CONTENT_LANGUAGES, { description: "The account's language: research and messages are written in it." }),
    email_signature: nullable(Type.String()),
    sender_identity: nullable(senderIdentitySchema),
    email_ready: Type.Boolean({ readOnly: true, description: 'Both the signature and the sender identity are set: e-mail steps may send.' }),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-settings.json', title: 'Autopilot settings', additionalProperties: false },
);
export type AutopilotSettings = Static<typeof autopilotSettingsSchema>;

/** The body of `PATCH /autopilot/settings`: the settings to change; null switches a setting off or clears it. */
export const autopilotSettingsPatchSchema = Type.Object(
  {
    queue_wait_hours: Type.Optional(Type.Enum(QUEUE_WAIT_HOURS)),
    drop_behind_days: Type.Optional(nullable(Type.Enum(DROP_BEHIND_DAYS))),
    skip_role_based: Type.Optional(Type.Boolean()),
    skip_free_providers: Type.Optional(Type.Boolean()),
    excluded_domains: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: MAX_EXCLUDED_DOMAINS })),
    research_once: Type.Optional(Type.Boolean()),
    content_language: Type.Optional(Type.Enum(CONTENT_LANGUAGES)),
    email_signature: Type.Optional(nullable(lines(2000))),
    sender_identity: Type.Optional(
      nullable(Type.Partial(senderIdentitySchema, { additionalProperties: false, description: 'Fields given replace those stored; the identity must end up whole.' })),
    ),
    email_ready: readOnly(),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-settings-patch.json', title: 'PATCH /autopilot/settings body', additionalProperties: false },
);
export type AutopilotSettingsPatch = Static<typeof autopilotSettingsPatchSchema>;

/** An error answer of the Autopilot API: the code, and for refused documents, orders and settings, every problem. */
export const autopilotErrorSchema = Type.Object(
  { error: Type.String(), problems: Type.Optional(Type.Array(problemSchema)), request_id: Type.Optional(Type.String()) },
  { $id: 'https://prospect-research.dev/schemas/autopilot-error.json', title: 'Autopilot API error answer', additionalProperties: false },
);
export type AutopilotError = Static<typeof autopilotErrorSchema>;

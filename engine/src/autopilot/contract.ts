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
 * This file imports nothing but TypeBox and the platform's text patterns (a file that imports nothing),
 * so that packages with other compiler settings can read it.
 */
import Type, { type Static } from 'typebox';
import { INSTANT, MULTI_LINE, ONE_LINE } from '../platform/validation/patterns.ts';

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
export const SIGNALS = ['posts', 'company_posts', 'news', 'role', 'technologies', 'problems', 'services', 'synergy_points', 'insights', 'discovery_questions'] as const;
export type Signal = (typeof SIGNALS)[number];

export const MAX_RULES = 3;
export const MAX_RULE_VALUES = 50;
export const MAX_STEPS = 20;
export const MAX_DAY = 90;
export const MAX_QUESTIONS = 3;
export const MAX_PROPERTY_CHANGES = 10;
export const NAME_MAX_LENGTH = 100;

// The platform's text patterns (a file that imports nothing), which its validation words.
export { MULTI_LINE, ONE_LINE };

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
    warm_only: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Waits until the lead is warm (accepted a connection request, or replied on any channel); gives up three weeks after its date (never_warmed_up).',
      }),
    ),
    note: Type.Optional(Type.Boolean({ default: true, description: '`connection_request` steps only: false sends the request without a note (no message is written).' })),
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
    stop_properties: readOnly(),
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
    /** Present (true) only when the step waits for warmth; absent is false. */
    warm_only: Type.Optional(Type.Boolean()),
    /** Present (false) only on a connection request sent without a note; absent is true. */
    note: Type.Optional(Type.Boolean()),
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

export const storedFilterSchema = Type.Object({ match: Type.Enum(['all', 'any']), rules: Type.Array(storedRuleSchema, { maxItems: MAX_RULES }) }, { additionalProperties: false });
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

/** As the platform's validation collects them (platform/validation/problems.ts); a test keeps the two alike. */
export const SEVERITIES = ['error', 'blocks_enabling', 'warning'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * One problem with a document, in words a CRM admin reads. `error`: the document is refused.
 * `blocks_enabling`: it may be stored switched off, but not switched on. `warning`: stored, but
 * probably not what was meant. `path` is a JSON Pointer into the document ("" for the whole of it).
 */
export const problemSchema = Type.Object({ severity: Type.Enum(SEVERITIES), path: Type.String(), message: Type.String() }, { additionalProperties: false });
export type Problem = Static<typeof problemSchema>;

const timestamp = (options: Record<string, unknown> = {}) => Type.String({ description: 'ISO 8601 with offset', ...options });

/**
 * How a CRM source learns that a contact's property changed: `webhook`, the CRM sends the change as it
 * happens (within seconds); `sweep`, the CRM app looks for changed contacts every few minutes;
 * `not_watched`, changes of the property in that source never reach the Autopilot.
 */
export const PROPERTY_WATCHES = ['webhook', 'sweep', 'not_watched'] as const;
export type PropertyWatch = (typeof PROPERTY_WATCHES)[number];

/** One stop property of an Autopilot, and how each CRM source of the account watches it. */
export const stopPropertySchema = Type.Object(
  {
    property: Type.String({ description: "A property of the Autopilot's `stop_conditions.property_changes`, as it names it." }),
    sources: Type.Array(
      Type.Object(
        {
          source: Type.String({ description: "Where contacts come from: a CRM app's source, such as `hubspot:12345`." }),
          watched: Type.Enum(PROPERTY_WATCHES),
          within_minutes: nullable(
            Type.Integer({ minimum: 0, description: "About how long a change takes at most to reach the Autopilot: 0 by webhook (seconds), the sweep's minutes, null when not watched." }),
          ),
          text: Type.String({ description: 'The same in words.' }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type StopProperty = Static<typeof stopPropertySchema>;

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
    stop_properties: Type.Optional(
      Type.Array(stopPropertySchema, {
        readOnly: true,
        description:
          'Present when the Autopilot has property-change stop conditions and the account has CRM sources that say how they watch properties (a HubSpot portal): per stop property, how each source watches it.',
      }),
    ),
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
    sender_identity: Type.Optional(nullable(Type.Partial(senderIdentitySchema, { additionalProperties: false, description: 'Fields given replace those stored; the identity must end up whole.' }))),
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

// ---------------------------------------------------------------------------------------------------
// Intake and routing: the CRM port's HTTP form, where routing put each contact and why, leads, preview.
// ---------------------------------------------------------------------------------------------------

/** At most this many contacts per `POST /autopilot/contacts`. */
export const MAX_CONTACTS_PER_REQUEST = 100;
/** A contact id is a path segment of `GET /autopilot/contacts/{id}`, which holds at most 100 characters. */
export const CONTACT_ID_MAX_LENGTH = 100;
/**
 * Where a contact comes from within the account: `api` (sent with POST /autopilot/contacts), or a CRM
 * app's own source (the HubSpot app: `hubspot:<portal id>`): a lower-case name, then optionally `:` and
 * the CRM's id of the place. A contact is one (source, id): the same id in two sources is two contacts.
 * The column's CHECK says the same (migration 0015).
 */
export const CONTACT_SOURCE_PATTERN = '^[a-z][a-z0-9_]{0,31}(?::[A-Za-z0-9._-]{1,64})?$';
const contactSource = (description = "Where the contact comes from: `api` (POST /autopilot/contacts), or a CRM app's own source such as `hubspot:12345` (a HubSpot portal).") =>
  Type.String({ pattern: CONTACT_SOURCE_PATTERN, description });
export const MAX_CONTACT_PROPERTIES = 1000;
/** HubSpot's longest text property holds 65,536 characters. */
export const PROPERTY_TEXT_MAX_LENGTH = 65_536;

/** RFC 3339: a date and a time with seconds and an offset (`2030-01-07T09:00:00Z`, `...+02:00`). */
export { INSTANT };

const scalarProperty = () => Type.Union([Type.String({ maxLength: PROPERTY_TEXT_MAX_LENGTH }), Type.Number(), Type.Boolean(), Type.Null()]);

/** A property's value: text (as CRMs send nearly everything), a number, true/false, null, or a list of those. */
export const propertyValueSchema = Type.Union([scalarProperty(), Type.Array(scalarProperty(), { maxItems: 1000 })]);
export type PropertyValue = Static<typeof propertyValueSchema>;
export type ContactProperties = Record<string, PropertyValue>;

const propertiesSchema = (options: Record<string, unknown> = {}) =>
  Type.Unsafe<ContactProperties>(
    Type.Object(
      {},
      {
        additionalProperties: propertyValueSchema,
        propertyNames: { minLength: 1, maxLength: 200, pattern: ONE_LINE },
        maxProperties: MAX_CONTACT_PROPERTIES,
        description: "The CRM contact's properties by internal name (HubSpot: `email`, `country`, `numberofemployees`); `email` is the address research takes.",
        ...options,
      },
    ),
  );

/** One contact as a CRM hands it over: its id in the CRM, when the CRM created it, its properties. */
export const contactInputSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: CONTACT_ID_MAX_LENGTH, pattern: ONE_LINE, description: "The CRM's id of the contact (HubSpot's `hs_object_id`), as text." }),
    created_at: Type.String({ pattern: INSTANT, description: 'When the CRM created the contact, ISO 8601 with an offset. Only Autopilots switched on before it act on the contact.' }),
    properties: propertiesSchema(),
  },
  { additionalProperties: false },
);
export type ContactInput = Static<typeof contactInputSchema>;

/** The body of `POST /autopilot/contacts`: 1 to 100 new contacts. */
export const contactBatchSchema = Type.Object(
  { contacts: Type.Array(contactInputSchema, { minItems: 1, maxItems: MAX_CONTACTS_PER_REQUEST }) },
  { $id: 'https://prospect-research.dev/schemas/autopilot-contacts.json', title: 'POST /autopilot/contacts body', additionalProperties: false },
);
export type ContactBatch = Static<typeof contactBatchSchema>;

/** The body of `POST /autopilot/contacts/{id}/properties`: the properties that changed, with their new values. */
export const propertyUpdateSchema = Type.Object(
  { properties: propertiesSchema({ minProperties: 1 }) },
  { $id: 'https://prospect-research.dev/schemas/autopilot-property-change.json', title: 'POST /autopilot/contacts/{id}/properties body', additionalProperties: false },
);
export type PropertyUpdate = Static<typeof propertyUpdateSchema>;

/** Where routing put a contact. */
export const CONTACT_STATES = ['received', 'waiting', 'enrolled', 'skipped', 'abandoned'] as const;
export type ContactState = (typeof CONTACT_STATES)[number];

/** `POST /autopilot/contacts` answers 202 at once: routing decides within seconds. */
export const contactsAcceptedSchema = Type.Object(
  {
    received: Type.Integer({ description: 'Contacts in the request.' }),
    new: Type.Integer({ description: 'Contacts the engine did not know: each is routed now.' }),
    known: Type.Integer({ description: 'Contacts sent before (or twice in this request): nothing changes for them.' }),
    contacts: Type.Array(
      Type.Object(
        {
          id: Type.String({ description: "The contact's id, as sent." }),
          status: Type.Enum(['new', 'known'] as const, {
            description: '`new`: taken now, routed within seconds. `known`: sent before, or earlier in this request; nothing changed.',
          }),
          state: Type.Enum(CONTACT_STATES, {
            description: 'Where routing has put the contact so far: `received` until it is first routed; a known contact may be decided already.',
          }),
        },
        { additionalProperties: false },
      ),
      { description: 'One entry per contact of the request, in its order.' },
    ),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-contacts-accepted.json', title: 'POST /autopilot/contacts answer', additionalProperties: false },
);
export type ContactsAccepted = Static<typeof contactsAcceptedSchema>;

/** `POST /autopilot/contacts/{id}/properties` answers 202: the changes are kept; a contact still being routed is looked at again now. */
export const propertiesAcceptedSchema = Type.Object(
  {
    id: Type.String(),
    source: contactSource(),
    state: Type.Enum(CONTACT_STATES, { description: 'Where the contact is now.' }),
    rechecked: Type.Boolean({ description: 'True for a contact still being routed (received or waiting): routing looks at it again now.' }),
    ended_lead: Type.Optional(
      Type.Object(
        {
          id: Type.Integer(),
          outcome: Type.Literal('Closed'),
          end_reason: Type.Literal('property_changed'),
          property: Type.String({ description: "The stop condition's property, as its Autopilot names it." }),
        },
        { additionalProperties: false, description: "Only when the change ended the contact's active lead: a stop condition's property changed (to its value, when it has one)." },
      ),
    ),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-properties-accepted.json', title: 'POST /autopilot/contacts/{id}/properties answer', additionalProperties: false },
);
export type PropertiesAccepted = Static<typeof propertiesAcceptedSchema>;

/**
 * Why: `matched` (its filter, top to bottom), `fallback` (a fallback took it when its queue wait ended),
 * `reprocessed`, `assigned` (by hand); waiting on `no_match`, `no_email`, `credits_exhausted` or
 * `no_product` (the account has no product to research against); skipped as
 * a `role_based_address`, at a `free_mailbox_provider`, or at an `excluded_domain`; abandoned on
 * `no_match` or `no_email` when the queue wait ended, or `removed_in_crm` (deleted in the CRM while it
 * was still being routed).
 */
export const CONTACT_REASONS = [
  'matched',
  'fallback',
  'reprocessed',
  'assigned',
  'no_match',
  'no_email',
  'credits_exhausted',
  'no_product',
  'role_based_address',
  'free_mailbox_provider',
  'excluded_domain',
  'unsubscribed',
  'removed_in_crm',
] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

/** The spec's lead outcomes. */
export const LEAD_OUTCOMES = ['Active', 'Responded', 'Closed', 'Failed'] as const;
export type LeadOutcome = (typeof LEAD_OUTCOMES)[number];

/** The spec's end reasons, and the end of the sequence, which it names among what closes a lead. */
export const LEAD_END_REASONS = [
  'replied',
  'call_connected',
  'meeting_booked',
  'invite_accepted',
  'property_changed',
  'unsubscribed',
  'closed_manually',
  'sequence_ended',
  'no_reachable_channel',
  'fell_behind',
  'domain_excluded',
  'autopilot_archived',
] as const;
export type LeadEndReason = (typeof LEAD_END_REASONS)[number];

export const ENROLMENTS = ['matched', 'fallback', 'reprocessed', 'assigned'] as const;
export type Enrolment = (typeof ENROLMENTS)[number];

/** A lead: a contact enrolled in an Autopilot (at most one per contact). */
export const leadSchema = Type.Object(
  {
    id: Type.Integer(),
    contact_id: Type.String(),
    contact_source: contactSource("Where its contact comes from: `api`, or a CRM app's source such as `hubspot:12345`."),
    email: nullable(Type.String()),
    autopilot: Type.String({ description: "The Autopilot's name." }),
    autopilot_id: Type.Integer(),
    autopilot_revision: Type.Integer({ description: "The document's revision that enrolled it." }),
    enrolled_by: Type.Enum(ENROLMENTS),
    outcome: Type.Enum(LEAD_OUTCOMES),
    end_reason: nullable(Type.Enum(LEAD_END_REASONS)),
    research_id: nullable(Type.String({ description: 'The research behind its messages: `GET /research-status/{research_id}`.' })),
    research_reused: Type.Boolean({ description: 'An earlier brief of the same address was reused ("research each contact only once"): no credit was taken.' }),
    enrolled_at: timestamp(),
    ended_at: nullable(timestamp()),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-lead.json', title: 'Autopilot lead', additionalProperties: false },
);
export type Lead = Static<typeof leadSchema>;

/** How `GET /autopilot/leads` orders its leads: newest first (the default), oldest first, or those that ended last first (active ones after them). */
export const LEAD_SORTS = ['newest', 'oldest', 'recently_ended'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

/** `GET /autopilot/leads`: a page in the sort asked for; `next_cursor` (or, newest first, `next_before`) asks for the page after this one. */
export const leadListSchema = Type.Object(
  {
    leads: Type.Array(leadSchema),
    next_before: nullable(Type.Integer({ description: 'Newest first: pass as `before` for the next page; null on the last page, and in the other sorts.' })),
    next_cursor: nullable(Type.String({ description: 'Pass as `cursor` (with the same filters and sort) for the next page; null on the last page.' })),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-lead-list.json', title: 'GET /autopilot/leads answer', additionalProperties: false },
);
export type LeadList = Static<typeof leadListSchema>;

export const RULE_REASONS = ['matched', 'no_match', 'unknown', 'not_a_number', 'not_a_date'] as const;

/** One rule of an Autopilot's filter against the contact, as the evaluator explains it. */
export const ruleCheckSchema = Type.Object(
  {
    rule: Type.Integer({ description: '1 for the first rule.' }),
    property: Type.String(),
    operator: Type.Enum(OPERATORS),
    matched: Type.Boolean(),
    reason: Type.Enum(RULE_REASONS),
    contact_value: nullable(Type.String({ description: 'What the contact holds for the property, as text; null when nothing.' })),
    description: Type.String({ description: 'The rule in words: `country is Germany`.' }),
    text: Type.String({ description: 'The verdict: `country is Germany: no, the contact says France`.' }),
  },
  { additionalProperties: false },
);
export type RuleCheck = Static<typeof ruleCheckSchema>;

/**
 * What came of one Autopilot: its filter `matched` or did not (`no_match`); it was switched on after the
 * contact was created (`created_before_enabled`: not acted on); or it is a fallback, which the normal
 * pass skips (`fallback_later`).
 */
export const AUTOPILOT_CHECK_OUTCOMES = ['matched', 'no_match', 'created_before_enabled', 'fallback_later'] as const;

export const autopilotCheckSchema = Type.Object(
  {
    autopilot: Type.String(),
    autopilot_id: Type.Integer(),
    position: Type.Integer(),
    fallback: Type.Boolean(),
    pass: Type.Enum(['normal', 'fallback'], { description: 'The normal pass, top to bottom; the fallback pass when the queue wait ends.' }),
    outcome: Type.Enum(AUTOPILOT_CHECK_OUTCOMES),
    text: Type.String(),
    rules: Type.Array(ruleCheckSchema),
  },
  { additionalProperties: false },
);
export type AutopilotCheck = Static<typeof autopilotCheckSchema>;

export const SKIP_RULES = ['role_based_address', 'free_mailbox_provider', 'excluded_domain', 'unsubscribed'] as const;

export const skipCheckSchema = Type.Object({ rule: Type.Enum(SKIP_RULES), on: Type.Boolean(), applies: Type.Boolean(), text: Type.String() }, { additionalProperties: false });

/** The last routing decision about a contact, as a CRM admin asks for it: each skip rule, each Autopilot checked in order, each rule. */
export const explanationSchema = Type.Object(
  {
    checked_at: timestamp(),
    text: Type.String({ description: 'The decision in words.' }),
    skip_rules: Type.Array(skipCheckSchema),
    autopilots: Type.Array(autopilotCheckSchema, { description: 'Each Autopilot checked, in the order routing checked them; those below a match were not checked.' }),
  },
  { additionalProperties: false },
);
export type Explanation = Static<typeof explanationSchema>;

/** `GET /autopilot/contacts/{id}`: where routing put a contact, and why. */
export const contactRoutingSchema = Type.Object(
  {
    id: Type.String(),
    source: contactSource(),
    email: nullable(Type.String({ description: 'The address research takes, normalised; null when the contact has no valid one.' })),
    created_at: timestamp(),
    received_at: timestamp(),
    state: Type.Enum(CONTACT_STATES),
    reason: nullable(Type.Enum(CONTACT_REASONS)),
    autopilot: nullable(Type.String({ description: 'Enrolled: its Autopilot. Waiting for credits: the Autopilot that matched and holds it.' })),
    autopilot_id: nullable(Type.Integer()),
    research_id: nullable(Type.String()),
    lead: nullable(leadSchema),
    waiting_since: nullable(timestamp()),
    queue_wait_ends_at: nullable(timestamp({ description: 'Waiting: when the fallbacks get their look, and it is abandoned if none matches.' })),
    next_check_at: nullable(timestamp()),
    decided_at: nullable(timestamp()),
    removed_at: nullable(timestamp({ description: 'When the CRM said it was deleted or merged away (DELETE /autopilot/contacts/{id}, a CRM app); null while it exists there.' })),
    erased_at: nullable(timestamp({ description: 'When everything personal about it was erased (a privacy deletion, DELETE /autopilot/contacts/{id}?erase=true); null while it is not.' })),
    properties: propertiesSchema(),
    explanation: nullable(explanationSchema),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-contact.json', title: 'GET /autopilot/contacts/{id} answer', additionalProperties: false },
);
export type ContactRouting = Static<typeof contactRoutingSchema>;

/** Where a contact stands, or would: its state and its Autopilot. */
const placeSchema = Type.Object({ state: Type.Enum(CONTACT_STATES), reason: nullable(Type.Enum(CONTACT_REASONS)), autopilot: nullable(Type.String()) }, { additionalProperties: false });

/** `POST /autopilots/{name}/preview`: the draft against the last contacts received, beside routing as it stands. */
export const previewSchema = Type.Object(
  {
    autopilot: Type.String(),
    position: Type.Integer({ description: 'Where the draft sits: its own position, or the one asked for, or the bottom for a new one.' }),
    fallback: Type.Boolean(),
    contacts_checked: Type.Integer(),
    would_match: Type.Integer({ description: 'Contacts whose properties its filter matches, wherever they go.' }),
    would_enrol: Type.Integer({ description: 'Contacts it would enrol: it matches and no Autopilot above it does.' }),
    taken_from: Type.Array(Type.Object({ autopilot: Type.String(), contacts: Type.Integer() }, { additionalProperties: false }), {
      description: 'Of those, the ones an Autopilot below it gets today, by Autopilot.',
    }),
    from_waiting: Type.Integer({ description: 'Of those, the ones no Autopilot gets today (they wait, or were abandoned).' }),
    still_waiting: Type.Integer({ description: 'Contacts no Autopilot would get, the draft included.' }),
    skipped: Type.Integer({ description: 'Contacts the skip rules leave out, or without an e-mail address: no filter is looked at.' }),
    problems: Type.Array(problemSchema, {
      description: "The draft's problems as `PUT` would answer them: what blocks enabling and the warnings, those about the rest of the account included (a draft with an `error` is refused instead).",
    }),
    contacts: Type.Array(
      Type.Object(
        {
          id: Type.String(),
          source: contactSource(),
          email: nullable(Type.String()),
          matches: Type.Boolean(),
          today: placeSchema,
          with_draft: placeSchema,
          rules: Type.Array(ruleCheckSchema),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-preview.json', title: 'POST /autopilots/{name}/preview answer', additionalProperties: false },
);
export type Preview = Static<typeof previewSchema>;

/** At most this many of the contacts received last are read for the properties seen. */
export const PROPERTIES_SEEN_CONTACTS = 1000;
/** At most this many properties are answered, the most common first. */
export const MAX_PROPERTIES_SEEN = 500;
/** Examples per property, each cut to this many characters. */
export const PROPERTY_EXAMPLES = 3;
export const PROPERTY_EXAMPLE_MAX_LENGTH = 80;

/** `GET /autopilot/properties`: the CRM properties the account's recent contacts hold, for building filters. */
export const propertiesSeenSchema = Type.Object(
  {
    contacts_checked: Type.Integer({ minimum: 0, description: `How many of the contacts received last were read (at most ${PROPERTIES_SEEN_CONTACTS}; erased ones left out).` }),
    properties_seen: Type.Array(
      Type.Object(
        {
          property: Type.String({ description: 'The property as the CRM names it (internal name).' }),
          contacts: Type.Integer({ minimum: 1, description: 'How many of those contacts hold a value for it (not null, not blank).' }),
          examples: Type.Array(Type.String(), {
            maxItems: PROPERTY_EXAMPLES,
            description: `Up to ${PROPERTY_EXAMPLES} of its values, the most common first, each on one line and cut to ${PROPERTY_EXAMPLE_MAX_LENGTH} characters; a list's values joined with ";".`,
          }),
        },
        { additionalProperties: false },
      ),
      { maxItems: MAX_PROPERTIES_SEEN, description: `The most common first (then by name), at most ${MAX_PROPERTIES_SEEN}.` },
    ),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-properties.json', title: 'GET /autopilot/properties answer', additionalProperties: false },
);
export type PropertiesSeen = Static<typeof propertiesSeenSchema>;

/** Where an Autopilot reads a contact property: a rule of its filter, or a stop condition's property change. */
export const PROPERTY_USES = ['filter', 'stop_condition'] as const;

/** `GET /autopilot/filter-properties`: the contact properties the live Autopilots read, what a CRM connector should send. */
export const filterPropertiesSchema = Type.Object(
  {
    properties_used: Type.Array(
      Type.Object(
        {
          property: Type.String({ description: 'The property as the first Autopilot (top to bottom) that reads it spells it; filters find it in any case.' }),
          autopilots: Type.Array(Type.String(), { description: 'The live Autopilots that read it, top to bottom (their names).' }),
          used_in: Type.Array(Type.Enum(PROPERTY_USES), {
            description: '`filter`: a rule of their filters; `stop_condition`: a property change that ends a lead.',
          }),
        },
        { additionalProperties: false },
      ),
      { description: 'One entry per property whatever its case, in the order routing meets them (top to bottom, rules before stop conditions).' },
    ),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-filter-properties.json', title: 'GET /autopilot/filter-properties answer', additionalProperties: false },
);
export type FilterProperties = Static<typeof filterPropertiesSchema>;

// ---------------------------------------------------------------------------------------------------
// Wins, stops and outcomes: activities a CRM logs, a manual close, a lead's timeline, responded rates.
// ---------------------------------------------------------------------------------------------------

/** What a CRM (or an n8n workflow) logs on a contact: a call, a meeting, an e-mail reply. */
export const ACTIVITY_TYPES = ['call', 'meeting', 'email_reply'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** HubSpot's default "Connected" call outcome (`hs_call_disposition`). */
export const HUBSPOT_CONNECTED_DISPOSITION = 'f240bbac-87c9-4f6e-bf70-924b57d47db7';

/** An e-mail reply's subject and header fields, as the activities API takes them. */
export const MAX_SUBJECT_LENGTH = 1000;
export const MAX_HEADERS = 100;
export const MAX_HEADER_VALUES = 20;
export const MAX_HEADER_VALUE_LENGTH = 2000;
const headerValue = () => Type.String({ maxLength: MAX_HEADER_VALUE_LENGTH });

/** The body of `POST /autopilot/contacts/{id}/activities`. */
export const activityInputSchema = Type.Object(
  {
    type: Type.Enum(ACTIVITY_TYPES, { description: '`call` (a call logged on the contact), `meeting` (a meeting booked), `email_reply` (an e-mail the contact sent).' }),
    occurred_at: Type.String({
      pattern: INSTANT,
      description: 'When it happened, ISO 8601 with an offset: the call, when the meeting was booked (not when it takes place), when the reply arrived. Before the lead was enrolled, it never counts.',
    }),
    id: Type.Optional(line(200, { description: "The CRM's id of the activity (HubSpot's engagement id). The same id twice is one activity; without it, the same type at the same instant is." })),
    connected: Type.Optional(Type.Boolean({ description: '`call` only: whether the call connected. When left out, `disposition` decides.' })),
    disposition: Type.Optional(line(200, { description: "`call` only: its outcome as the CRM names it: `Connected` (any case) or HubSpot's default Connected id is a connected call." })),
    text: Type.Optional(lines(10_000, { description: "`email_reply` only: the reply's text, kept on the timeline. Never read to tell an auto-reply apart: a person may write that they are away." })),
    subject: Type.Optional(
      Type.String({
        maxLength: MAX_SUBJECT_LENGTH,
        description:
          '`email_reply` only: the subject line, kept on the timeline. One an auto-responder writes ("Automatic reply: ...", "Abwesenheitsnotiz", in the eight content languages) makes it an auto-reply.',
      }),
    ),
    headers: Type.Optional(
      Type.Record(Type.String(), Type.Union([headerValue(), Type.Array(headerValue(), { maxItems: MAX_HEADER_VALUES })]), {
        maxProperties: MAX_HEADERS,
        description:
          '`email_reply` only: header fields of the reply the CRM kept, by name (any case) to a value or a list of values, e.g. `{"Auto-Submitted": "auto-replied"}`. Checked before the subject: `Auto-Submitted` (but `no`), `X-Autoreply`, `Precedence: bulk`, an empty `Return-Path`... make it an auto-reply.',
      }),
    ),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-activity.json', title: 'POST /autopilot/contacts/{id}/activities body', additionalProperties: false },
);
export type ActivityInput = Static<typeof activityInputSchema>;

/**
 * What an activity did: `ended_lead` (a win: the lead's outcome is now `Responded`), `recorded` (on the
 * lead's timeline, nothing ended: a call that did not connect, or its stop condition is off),
 * `lead_ended` (recorded; the lead had ended before, and stays as it was), `duplicate` (the same activity
 * came before: nothing changed), `before_enrolment` (it happened before the lead was enrolled: it never
 * counts, and is not recorded), `no_lead` (the contact is not enrolled: nothing to do), `auto_reply` (an
 * e-mail reply an auto-responder wrote, by its headers or subject: recorded on the timeline, never a win).
 */
export const ACTIVITY_EFFECTS = ['ended_lead', 'recorded', 'lead_ended', 'duplicate', 'before_enrolment', 'no_lead', 'auto_reply'] as const;
export type ActivityEffect = (typeof ACTIVITY_EFFECTS)[number];

/** `POST /autopilot/contacts/{id}/activities` answers 202 with what the activity did. */
export const activityAcceptedSchema = Type.Object(
  {
    contact_id: Type.String(),
    contact_source: contactSource(),
    type: Type.Enum(ACTIVITY_TYPES),
    lead_id: nullable(Type.Integer({ description: "The contact's lead; null when it has none." })),
    effect: Type.Enum(ACTIVITY_EFFECTS),
    outcome: nullable(Type.Enum(LEAD_OUTCOMES, { description: "The lead's outcome now." })),
    end_reason: nullable(Type.Enum(LEAD_END_REASONS, { description: "The lead's end reason now." })),
    text: Type.String({ description: 'What happened, in words.' }),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-activity-accepted.json', title: 'POST /autopilot/contacts/{id}/activities answer', additionalProperties: false },
);
export type ActivityAccepted = Static<typeof activityAcceptedSchema>;

/** `POST /autopilot/leads/{id}/close`: whether this call closed it (false: it had ended before, and stays as it was). */
export const leadClosedSchema = Type.Object(
  { closed: Type.Boolean(), text: Type.String(), lead: leadSchema },
  { $id: 'https://prospect-research.dev/schemas/autopilot-lead-closed.json', title: 'POST /autopilot/leads/{id}/close answer', additionalProperties: false },
);
export type LeadClosed = Static<typeof leadClosedSchema>;

/** `DELETE /autopilot/contacts/{id}`: what removing a contact in the CRM did. */
export const contactRemovedSchema = Type.Object(
  {
    id: Type.String(),
    source: contactSource(),
    state: Type.Enum(CONTACT_STATES, { description: 'Where the contact is now.' }),
    withdrawn: Type.Boolean({ description: 'True when it was still being routed (received or waiting): it is now abandoned (`removed_in_crm`), no research, no credit.' }),
    closed_lead: nullable(Type.Integer({ description: 'Its active lead, now Closed (closed_manually), its queued touches cancelled; null when it had none.' })),
    text: Type.String({ description: 'What happened, in words.' }),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-contact-removed.json', title: 'DELETE /autopilot/contacts/{id} answer', additionalProperties: false },
);
export type ContactRemoved = Static<typeof contactRemovedSchema>;

/** Who asked for an erasure: a CRM's privacy deletion (the HubSpot app's `contact.privacyDeletion`), an API key, the CLI. */
export const ERASURE_REQUESTERS = ['crm_privacy_deletion', 'api', 'cli'] as const;
export type ErasureRequester = (typeof ERASURE_REQUESTERS)[number];

const erasedCount = (description: string) => Type.Integer({ minimum: 0, description });

/** How many records of each kind an erasure emptied or deleted (docs/autopilot.md, "Erasing a contact"). */
export const erasedCountsSchema = Type.Object(
  {
    contact: erasedCount("1 when the contact's properties, address and explanation were erased; 0 when nothing was left."),
    research: erasedCount(
      "Research jobs of the contact's lead and of the account's other research of its address: request, brief, rejections and Idempotency-Key erased (a job still running is stopped and its credit refunded).",
    ),
    research_cache: erasedCount('Cached briefs of the address deleted.'),
    people: erasedCount("The person's ids (by address or profile URL) deleted."),
    source_facts: erasedCount('What paid sources answered about the person (person facts; decision-maker lists naming them) deleted.'),
    decision_makers: erasedCount("The person's entries removed from the decision makers of the account's other briefs."),
    touches: erasedCount('Touches whose subject, body, Message-ID or provider id and skip detail were erased.'),
    lead_events: erasedCount("Events of the lead's timeline whose details (reply texts, activity texts, property values) were erased."),
    inbound_messages: erasedCount('Messages the channels read from or about the person: e-mail senders and subjects erased; the seat events naming them deleted.'),
    channel_threads: erasedCount("The person's provider ids, chats and invitations on the seats deleted."),
    events: erasedCount('Events of the outbox (GET /events, webhooks not yet delivered) whose contact, subject and explanation were erased.'),
  },
  { additionalProperties: false },
);
export type ErasedCounts = Static<typeof erasedCountsSchema>;

/** `DELETE /autopilot/contacts/{id}?erase=true`: the contact removed as the CRM's deletion does, and everything personal about it erased. */
export const contactErasedSchema = Type.Object(
  {
    id: Type.String({
      description: "The contact's id as kept: the CRM's own, or `erased:` and a hash when the id was itself personal (it held an e-mail address, or repeated the contact's address, name or phone).",
    }),
    source: contactSource(),
    state: Type.Enum(CONTACT_STATES, { description: 'Where the contact is now.' }),
    withdrawn: Type.Boolean({ description: 'True when it was still being routed (received or waiting): it is now abandoned (`removed_in_crm`), no research, no credit.' }),
    closed_lead: nullable(Type.Integer({ description: 'Its active lead, now Closed (closed_manually), its queued touches cancelled; null when it had none.' })),
    lead_id: nullable(Type.Integer({ description: 'Its lead, kept with its outcome, end reason and times (the counts need them); null when it had none.' })),
    erased_at: timestamp({ description: 'When it was erased: now, or the first time when it had been erased before.' }),
    already_erased: Type.Boolean({ description: 'True when it had been erased before: nothing was left to erase.' }),
    erased: erasedCountsSchema,
    suppressed: Type.Boolean({ description: 'True when its address had unsubscribed: a hash of the address is kept, so the opt-out still holds.' }),
    text: Type.String({ description: 'What was erased and what is kept, in words.' }),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-contact-erased.json', title: 'DELETE /autopilot/contacts/{id}?erase=true answer', additionalProperties: false },
);
export type ContactErased = Static<typeof contactErasedSchema>;

export const TOUCH_STATES = ['scheduled', 'sent', 'skipped', 'cancelled'] as const;
export const LEAD_EVENT_KINDS = ['reply', 'bounce', 'unsubscribe', 'connection', 'call', 'meeting', 'property_change'] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];
export const LEAD_EVENT_EFFECTS = ['ended_lead', 'skipped_touches', 'recorded', 'lead_ended'] as const;
export type LeadEventEffect = (typeof LEAD_EVENT_EFFECTS)[number];

/** A touch on a lead's timeline: one step of its sequence, planned, sent, skipped or cancelled. */
export const timelineTouchSchema = Type.Object(
  {
    type: Type.Literal('touch'),
    at: timestamp({ description: 'Where it sits on the timeline: when it was sent, skipped or cancelled; when it is due while it waits.' }),
    touch_id: Type.Integer(),
    step: Type.Integer({ minimum: 1, description: '1 for the first step of the sequence.' }),
    day: Type.Integer({ minimum: 1 }),
    channel: Type.Enum(CHANNELS),
    kind: Type.Enum(TOUCH_KINDS),
    state: Type.Enum(TOUCH_STATES),
    planned_at: timestamp({ description: 'When its plan put it.' }),
    due_at: timestamp({ description: 'When it runs (later than planned when a window, a limit or a weekend held it back).' }),
    sent_at: nullable(timestamp()),
    ended_at: nullable(timestamp()),
    subject: nullable(Type.String()),
    body: nullable(Type.String({ description: 'The message as it was sent.' })),
    skip_reason: nullable(Type.String({ description: "Skipped: the spec's skip reason (`address_bounced`, `could_not_write`, ...)." })),
    skip_detail: nullable(Type.String({ description: "Skipped: why, in the words of whoever decided it (the provider's answer, the writer's reason), when they gave any." })),
    held_reason: nullable(Type.String({ description: 'Why it was last held back, in words.' })),
  },
  { additionalProperties: false },
);

/** An event on a lead's timeline: a reply, a bounce, an unsubscribe, a connection accepted, a logged call or meeting, a stop property that changed. */
export const timelineEventSchema = Type.Object(
  {
    type: Type.Literal('event'),
    at: timestamp({ description: 'When it happened.' }),
    event_id: Type.Integer(),
    kind: Type.Enum(LEAD_EVENT_KINDS),
    channel: nullable(Type.Enum(CHANNELS)),
    effect: Type.Enum(LEAD_EVENT_EFFECTS),
    end_reason: nullable(Type.Enum(LEAD_END_REASONS, { description: 'When it ended the lead: why.' })),
    received_at: timestamp({ description: 'When the engine learned of it.' }),
    detail: Type.Record(Type.String(), Type.Unknown(), { description: "Its own facts: a reply's text, a call's disposition, a property's old and new values." }),
  },
  { additionalProperties: false },
);

const timelineEnrolledSchema = Type.Object({ type: Type.Literal('enrolled'), at: timestamp(), autopilot: Type.String(), enrolled_by: Type.Enum(ENROLMENTS) }, { additionalProperties: false });
const timelineEndedSchema = Type.Object({ type: Type.Literal('ended'), at: timestamp(), outcome: Type.Enum(LEAD_OUTCOMES), end_reason: Type.Enum(LEAD_END_REASONS) }, { additionalProperties: false });

/** One entry of a lead's timeline, told apart by `type`: `enrolled`, `touch`, `event`, `ended`. */
export const timelineEntrySchema = Type.Union([timelineEnrolledSchema, timelineTouchSchema, timelineEventSchema, timelineEndedSchema]);
export type TimelineEntry = Static<typeof timelineEntrySchema>;

/** `GET /autopilot/leads/{id}`: the lead and its timeline, in time order (enrolment first). */
export const leadDetailSchema = Type.Object(
  { ...leadSchema.properties, timeline: Type.Array(timelineEntrySchema) },
  { $id: 'https://prospect-research.dev/schemas/autopilot-lead-detail.json', title: 'GET /autopilot/leads/{id} answer', additionalProperties: false },
);
export type LeadDetail = Static<typeof leadDetailSchema>;

/** One Autopilot's leads by outcome, and its responded rate (responded / enrolled). */
export const autopilotStatsSchema = Type.Object(
  {
    autopilot: Type.String(),
    autopilot_id: Type.Integer(),
    archived: Type.Boolean(),
    enrolled: Type.Integer({ description: 'Every lead it ever enrolled.' }),
    active: Type.Integer(),
    responded: Type.Integer(),
    closed: Type.Integer(),
    failed: Type.Integer(),
    responded_rate: nullable(Type.Number({ minimum: 0, maximum: 1, description: 'responded / enrolled; null before its first lead.' })),
  },
  { additionalProperties: false },
);
export type AutopilotStats = Static<typeof autopilotStatsSchema>;

/** `GET /autopilot/stats`: every live Autopilot top to bottom, then archived ones that have leads. */
export const autopilotStatsListSchema = Type.Object(
  { autopilots: Type.Array(autopilotStatsSchema) },
  { $id: 'https://prospect-research.dev/schemas/autopilot-stats.json', title: 'GET /autopilot/stats answer', additionalProperties: false },
);
export type AutopilotStatsList = Static<typeof autopilotStatsListSchema>;

// ---------------------------------------------------------------------------------------------------
// The dashboard's lists: contacts with where routing put them, contacts routed by hand, the replies inbox.
// ---------------------------------------------------------------------------------------------------

/** One contact in `GET /autopilot/contacts`: who, where routing put it, and when it is looked at next. */
export const contactListItemSchema = Type.Object(
  {
    id: Type.String({ description: "The CRM's id of the contact." }),
    source: contactSource(),
    email: nullable(Type.String({ description: 'The address research takes, normalised; null when the contact has no valid one.' })),
    name: nullable(Type.String({ description: 'Its first and last name as the CRM holds them (`firstname`, `lastname`); null when it has neither.' })),
    state: Type.Enum(CONTACT_STATES),
    reason: nullable(Type.Enum(CONTACT_REASONS)),
    autopilot: nullable(Type.String({ description: 'Enrolled: its Autopilot. Waiting for credits: the Autopilot that matched and holds it.' })),
    autopilot_id: nullable(Type.Integer()),
    lead_id: nullable(Type.Integer({ description: 'Enrolled: its lead (`GET /autopilot/leads/{id}`).' })),
    received_at: timestamp(),
    next_check_at: nullable(timestamp({ description: 'Still being routed: when routing looks at it next.' })),
  },
  { additionalProperties: false },
);
export type ContactListItem = Static<typeof contactListItemSchema>;

/** `GET /autopilot/contacts`: newest first; `next_before` asks for the page after this one. */
export const contactListSchema = Type.Object(
  {
    contacts: Type.Array(contactListItemSchema),
    next_before: nullable(Type.String({ description: 'Pass as `before` for the next page; null on the last page.' })),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-contact-list.json', title: 'GET /autopilot/contacts answer', additionalProperties: false },
);
export type ContactList = Static<typeof contactListSchema>;

/** The body of `PATCH /autopilots/{name}`: switches the Autopilot on or off, its document as stored. */
export const autopilotSwitchSchema = Type.Object(
  { enabled: Type.Boolean({ description: '`true` switches it on (refused while something blocks enabling), `false` off.' }) },
  { $id: 'https://prospect-research.dev/schemas/autopilot-switch.json', title: 'PATCH /autopilots/{name} body', additionalProperties: false },
);
export type AutopilotSwitch = Static<typeof autopilotSwitchSchema>;

/** The body of `POST /autopilot/contacts/{id}/assign`: the Autopilot to enrol the contact in. */
export const contactAssignmentSchema = Type.Object(
  { autopilot: Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH, description: "The Autopilot's name (any case): live and switched on." }) },
  { $id: 'https://prospect-research.dev/schemas/autopilot-contact-assignment.json', title: 'POST /autopilot/contacts/{id}/assign body', additionalProperties: false },
);
export type ContactAssignment = Static<typeof contactAssignmentSchema>;

/**
 * `POST /autopilot/contacts/{id}/reprocess` and `/assign`: what routing by hand did, or, with
 * `dry_run=true`, what it would do (nothing is kept, no credit is taken).
 */
export const contactByHandSchema = Type.Object(
  {
    dry_run: Type.Boolean({ description: 'True: nothing was done; `contact` is where it would stand.' }),
    credits: Type.Integer({ minimum: 0, maximum: 1, description: 'Credits it took (or would take): 1 for a new research, 0 when an earlier brief of the same address is reused.' }),
    text: Type.String({ description: 'What it did (or would do), in words.' }),
    contact: contactRoutingSchema,
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-contact-by-hand.json', title: 'POST /autopilot/contacts/{id}/reprocess|assign answer', additionalProperties: false },
);
export type ContactByHand = Static<typeof contactByHandSchema>;

/** What the inbox tells apart: a reply a person wrote, an auto-reply (out of office...), a bounce. */
export const REPLY_KINDS = ['reply', 'auto_reply', 'bounce'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

/** One entry of `GET /autopilot/replies`. */
export const replySchema = Type.Object(
  {
    id: Type.Integer({ description: "The event's id on its lead's timeline." }),
    kind: Type.Enum(REPLY_KINDS),
    channel: nullable(Type.Enum(CHANNELS)),
    text: nullable(Type.String({ description: 'What the lead wrote, as the channel or the CRM gave it; null when nothing was kept (a bounce).' })),
    subject: nullable(Type.String({ description: "An e-mail reply's subject, when the CRM gave it." })),
    auto_reply: nullable(Type.String({ description: 'An auto-reply: what marks it as one (a header, its subject).' })),
    effect: Type.Enum(LEAD_EVENT_EFFECTS),
    occurred_at: timestamp({ description: 'When it was written, as its source says.' }),
    received_at: timestamp({ description: 'When the engine learned of it.' }),
    lead: Type.Object({ id: Type.Integer(), email: nullable(Type.String()), contact_id: Type.String(), contact_source: contactSource() }, { additionalProperties: false }),
    autopilot: Type.String(),
    autopilot_id: Type.Integer(),
    touch: nullable(
      Type.Object(
        {
          id: Type.Integer(),
          step: Type.Integer({ minimum: 1, description: '1 for the first step of the sequence.' }),
          channel: Type.Enum(CHANNELS),
          subject: nullable(Type.String()),
          sent_at: timestamp(),
        },
        { additionalProperties: false, description: "The touch it answered: the lead's last one sent on its channel before it; null when none was." },
      ),
    ),
  },
  { additionalProperties: false },
);
export type Reply = Static<typeof replySchema>;

/** `GET /autopilot/replies`: newest first; `next_before` asks for the page after this one. */
export const replyListSchema = Type.Object(
  { replies: Type.Array(replySchema), next_before: nullable(Type.Integer({ description: 'Pass as `before` for the next page; null on the last page.' })) },
  { $id: 'https://prospect-research.dev/schemas/autopilot-reply-list.json', title: 'GET /autopilot/replies answer', additionalProperties: false },
);
export type ReplyList = Static<typeof replyListSchema>;
/** Touches of one channel on one day: sent, skipped, and held back (counted on the day their plan put them). */
export const channelDayTouchesSchema = Type.Object(
  {
    sent: Type.Integer({ minimum: 0 }),
    skipped: Type.Integer({ minimum: 0 }),
    held: Type.Integer({ minimum: 0, description: 'Planned for that day and held back to a later time (a window, a limit, a provider).' }),
  },
  { additionalProperties: false },
);

const touchesByChannelSchema = Type.Object(
  { email: channelDayTouchesSchema, linkedin: channelDayTouchesSchema, whatsapp: channelDayTouchesSchema, telegram: channelDayTouchesSchema },
  { additionalProperties: false },
);

/** One day of a period, in the period's time zone. */
export const statsDaySchema = Type.Object(
  {
    date: Type.String({ description: 'YYYY-MM-DD in the time zone asked for.' }),
    enrolled: Type.Integer({ minimum: 0, description: 'Leads enrolled that day.' }),
    responded: Type.Integer({ minimum: 0, description: 'Leads that responded that day.' }),
    credits: Type.Integer({ description: "Credits spent that day (debits less refunds in the account's credit ledger)." }),
    touches: touchesByChannelSchema,
  },
  { additionalProperties: false },
);
export type StatsDay = Static<typeof statsDaySchema>;

/** `GET /autopilot/stats/daily`: a period's numbers, overall or of one Autopilot, and each of its days (days with nothing hold zeros). */
export const dailyStatsSchema = Type.Object(
  {
    from: Type.String({ description: 'The first day, YYYY-MM-DD.' }),
    to: Type.String({ description: 'The last day, YYYY-MM-DD (included).' }),
    time_zone: Type.String({ description: 'The IANA time zone the days are counted in.' }),
    autopilot: nullable(Type.String({ description: "The Autopilot's name; null for the whole account." })),
    enrolled: Type.Integer({ minimum: 0, description: 'Leads enrolled in the period.' }),
    responded: Type.Integer({ minimum: 0, description: 'Leads that responded in the period (whenever they were enrolled).' }),
    enrolled_responded: Type.Integer({ minimum: 0, description: 'Of the leads enrolled in the period, those that have responded by now.' }),
    responded_rate: nullable(Type.Number({ minimum: 0, maximum: 1, description: 'enrolled_responded / enrolled; null when the period enrolled none.' })),
    credits: Type.Integer({ description: 'Credits spent in the period.' }),
    end_reasons: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'Leads that ended in the period, by end reason (every reason, zeros included).' }),
    touches: touchesByChannelSchema,
    days: Type.Array(statsDaySchema),
  },
  { $id: 'https://prospect-research.dev/schemas/autopilot-daily-stats.json', title: 'GET /autopilot/stats/daily answer', additionalProperties: false },
);
export type DailyStats = Static<typeof dailyStatsSchema>;

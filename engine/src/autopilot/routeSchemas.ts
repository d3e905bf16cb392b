import Type from 'typebox';
import { errorCodes } from '../platform/http/openapi/errorResponses.ts';
import { example } from '../platform/http/openapi/example.ts';
import { AppError } from '../platform/errors.ts';
import { pathIdParams } from '../platform/http/pathId.ts';
import { checkedByHandler, refusing } from '../platform/http/validation.ts';
import { documentRefusal, type Problem, problemLines, shown } from '../platform/validation/index.ts';
import {
  activityAcceptedSchema,
  activityInputSchema,
  type AutopilotStats,
  autopilotInputSchema,
  autopilotListSchema,
  autopilotOrderSchema,
  type AutopilotSettings,
  autopilotSettingsPatchSchema,
  autopilotSettingsSchema,
  autopilotStatsListSchema,
  autopilotStatsSchema,
  autopilotSwitchSchema,
  type AutopilotView,
  autopilotViewSchema,
  contactAssignmentSchema,
  contactBatchSchema,
  contactByHandSchema,
  contactListSchema,
  CONTACT_REASONS,
  CONTACT_STATES,
  CHANNELS,
  type ContactRouting,
  INSTANT,
  contactErasedSchema,
  contactRemovedSchema,
  contactRoutingSchema,
  contactsAcceptedSchema,
  type DailyStats,
  dailyStatsSchema,
  type Lead,
  LEAD_END_REASONS,
  LEAD_SORTS,
  leadClosedSchema,
  leadDetailSchema,
  leadListSchema,
  previewSchema,
  propertiesAcceptedSchema,
  propertiesSeenSchema,
  filterPropertiesSchema,
  propertyUpdateSchema,
  REPLY_KINDS,
  replyListSchema,
} from './contract.ts';
import { MAX_CONTACTS_PER_PAGE } from './intake/contactList.ts';
import { contactBatchRefusal, propertyUpdateRefusal } from './intake/contacts.ts';
import { MAX_LEADS_PER_PAGE } from './leads/leads.ts';
import { LEAD_CSV_COLUMNS } from './leads/leadsCsv.ts';
import { MAX_STATS_DAYS } from './outcomes/dailyStats.ts';
import { activityRefusal } from './outcomes/activities.ts';
import { MAX_REPLIES_PER_PAGE } from './outcomes/replies.ts';
import { MAX_PREVIEW_CONTACTS } from './preview/preview.ts';

/**
 * The Autopilot API's route schemas (routes.ts): what each route takes and answers, with an example of
 * each, for the OpenAPI document, the handlers' types and the check of each request (platform/http/validation.ts).
 * The Autopilot document, its order and the settings are checked by their handlers: the CLI applies the
 * same documents, and a document's problems below `error` are stored with it.
 */

const configuration = ['Autopilots'];
const intake = ['Autopilot contacts'];
const outcomes = ['Autopilot leads'];

const named = Type.Object({ name: Type.String({ description: "The Autopilot's name (any case)" }) });
const contact = Type.Object({ id: Type.String({ description: "The CRM's id of the contact" }) });
const lead = pathIdParams('The lead id', (raw) => new AppError('lead_not_found', {}, `no lead ${shown(raw)} in this account`));
/** A query parameter that is a whole number from 1 to `maximum` (`invalid_query` otherwise). */
const wholeNumber = (description: string, maximum: number) => Type.Optional(Type.Integer({ minimum: 1, maximum, description }));
const trueOrFalse = (description: string) => Type.Optional(Type.Enum(['true', 'false'], { description }));
const source = Type.Object({
  source: Type.Optional(Type.String({ description: "Where the contact comes from: `api` (the default), or a CRM app's own source such as `hubspot:12345`" })),
});

/** What `GET /autopilot/leads` and its CSV export filter and sort by. */
const leadFilters = {
  autopilot: Type.Optional(Type.String({ description: "Only this Autopilot's (its name)" })),
  // Any case (`leadOutcome`), so the handler reads it.
  outcome: Type.Optional(Type.String({ description: 'Active, Responded, Closed or Failed (any case)' })),
  end_reason: Type.Optional(Type.Enum(LEAD_END_REASONS, { description: 'Only leads that ended for this reason' })),
  enrolled_from: Type.Optional(Type.String({ description: 'Enrolled at or after: a date (2026-11-20, from midnight UTC) or a time with its offset' })),
  enrolled_to: Type.Optional(Type.String({ description: 'Enrolled before: a date (2026-11-21, midnight UTC) or a time with its offset' })),
  email: Type.Optional(Type.String({ maxLength: 320, description: "The start of the contact's e-mail address, or all of it (any case)" })),
  sort: Type.Optional(Type.Enum(LEAD_SORTS, { description: '`newest` first (the default), `oldest` first, or `recently_ended` (active leads last)' })),
  before: wholeNumber('Newest first: a lead id, the leads before it', Number.MAX_SAFE_INTEGER),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: "A page's `next_cursor`: the page after it" })),
};

const AT = '2026-11-20T10:00:00.000+01:00';

const AUTOPILOT: AutopilotView = {
  name: 'German manufacturers',
  enabled: true,
  fallback: false,
  filter: { match: 'all', rules: [{ property: 'country', operator: 'is', values: ['Germany'] }] },
  channels: ['email'],
  tone: 'Friendly',
  goal: { type: 'meetings', calendar_link: 'https://cal.acme.example/anna' },
  lead_origin: null,
  threading: true,
  sequence: [
    { day: 1, channel: 'email', kind: 'email', angle: 'Open with their latest news; one line on how Ledgerly cuts invoice handling.', subject_angle: null, signals: [] },
    { day: 4, channel: 'email', kind: 'email', angle: 'A short follow-up with one customer result.', subject_angle: null, signals: [] },
  ],
  stop_conditions: { reply: true, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [] },
  id: 2,
  position: 1,
  revision: 3,
  enabled_at: AT,
  created_at: AT,
  updated_at: AT,
  archived_at: null,
  problems: [],
};

const SETTINGS: AutopilotSettings = {
  queue_wait_hours: 6,
  drop_behind_days: null,
  skip_role_based: true,
  skip_free_providers: false,
  excluded_domains: ['competitor.example'],
  research_once: true,
  content_language: 'en',
  email_signature: 'Anna Novak\nAcme Sales',
  sender_identity: { name: 'Anna Novak', company: 'Acme Sales', postal_address: 'Hauptstraße 1, 10115 Berlin, Germany' },
  email_ready: true,
};

const LEAD: Lead = {
  id: 17,
  contact_id: '1201',
  contact_source: 'api',
  email: 'jane.doe@ledgerly.example',
  autopilot: 'German manufacturers',
  autopilot_id: 2,
  autopilot_revision: 3,
  enrolled_by: 'matched',
  outcome: 'Active',
  end_reason: null,
  research_id: '0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10',
  research_reused: false,
  enrolled_at: AT,
  ended_at: null,
};

const STATS: AutopilotStats = { autopilot: 'German manufacturers', autopilot_id: 2, archived: false, enrolled: 40, active: 22, responded: 6, closed: 10, failed: 2, responded_rate: 0.15 };

const CONTACT: ContactRouting = {
  id: '1201',
  source: 'api',
  email: 'jane.doe@ledgerly.example',
  created_at: '2026-11-27T09:00:00.000+00:00',
  received_at: '2026-11-27T09:00:02.000+00:00',
  state: 'enrolled',
  reason: 'matched',
  autopilot: 'German manufacturers',
  autopilot_id: 2,
  research_id: LEAD.research_id,
  lead: LEAD,
  waiting_since: null,
  queue_wait_ends_at: null,
  next_check_at: null,
  decided_at: '2026-11-27T09:00:03.000+00:00',
  removed_at: null,
  erased_at: null,
  properties: { email: 'jane.doe@ledgerly.example', country: 'Germany' },
  explanation: null,
};

const assignmentRefusal = documentRefusal(
  { absent: 'The request has no body: name the Autopilot, such as {"autopilot": "German manufacturers"}', notObject: 'An assignment is sent as {"autopilot": "German manufacturers"}' },
  (problems: Problem[]) => new AppError('invalid_assignment', { problems }, ['The contact was not assigned:', ...problemLines(problems)].join('\n')),
);

const switchRefusal = documentRefusal(
  { absent: 'The request has no body: send {"enabled": true} or {"enabled": false}', notObject: 'Switching an Autopilot is sent as {"enabled": true} or {"enabled": false}' },
  (problems: Problem[]) => new AppError('invalid_autopilot', { problems }, ['The Autopilot was not switched:', ...problemLines(problems)].join('\n')),
);

/** `?dry_run=true` on routing by hand. */
const byHandQuery = Type.Object({
  ...source.properties,
  dry_run: trueOrFalse('`true`: answer where the contact would stand and what it would cost, and do nothing (no credit is taken)'),
});

const byHandAnswer = (text: string) =>
  example(contactByHandSchema, {
    dry_run: false,
    credits: 1,
    text,
    contact: { ...CONTACT, reason: 'assigned', lead: { ...LEAD, enrolled_by: 'assigned' } },
  });

const QUIET = { sent: 0, skipped: 0, held: 0 };
const STATS_DAY: DailyStats['days'][number] = {
  date: '2026-11-20',
  enrolled: 12,
  responded: 2,
  credits: 11,
  touches: { email: { sent: 30, skipped: 1, held: 4 }, linkedin: { sent: 8, skipped: 0, held: 0 }, whatsapp: QUIET, telegram: QUIET },
};
const DAILY_STATS: DailyStats = {
  from: '2026-11-20',
  to: '2026-11-20',
  time_zone: 'Europe/Berlin',
  autopilot: 'German manufacturers',
  enrolled: 12,
  responded: 2,
  enrolled_responded: 1,
  responded_rate: 1 / 12,
  credits: 11,
  end_reasons: {
    replied: 2,
    call_connected: 0,
    meeting_booked: 0,
    invite_accepted: 0,
    property_changed: 0,
    unsubscribed: 1,
    closed_manually: 0,
    sequence_ended: 3,
    no_reachable_channel: 0,
    fell_behind: 0,
    domain_excluded: 0,
    autopilot_archived: 0,
  },
  touches: STATS_DAY.touches,
  days: [STATS_DAY],
};

const autopilotAnswer = (description: string) => example(autopilotViewSchema, AUTOPILOT, description);
const {
  id: _id,
  position: _position,
  revision: _revision,
  enabled_at: _enabledAt,
  created_at: _createdAt,
  updated_at: _updatedAt,
  archived_at: _archivedAt,
  problems: _problems,
  ...DOCUMENT
} = AUTOPILOT;
const autopilotDocument = example(autopilotInputSchema, DOCUMENT);

export const AUTOPILOT_SCHEMAS = {
  list: {
    summary: "The account's Autopilots",
    description: 'Top to bottom, the order routing checks them in; `archived=true` lists the archived ones instead.',
    tags: configuration,
    operationId: 'listAutopilots',
    querystring: Type.Object({ archived: trueOrFalse('`true`: the archived Autopilots') }),
    errors: errorCodes('invalid_query'),
    response: { 200: example(autopilotListSchema, { autopilots: [AUTOPILOT] }) },
  },
  order: {
    summary: 'Reorder the Autopilots',
    description: 'Names top to bottom; Autopilots not named keep their order below them.',
    tags: configuration,
    operationId: 'orderAutopilots',
    body: checkedByHandler(example(autopilotOrderSchema, { names: ['German manufacturers', 'Everyone else'] })),
    errors: errorCodes('invalid_autopilot_order'),
    response: { 200: example(autopilotListSchema, { autopilots: [AUTOPILOT] }) },
  },
  show: { summary: 'An Autopilot', tags: configuration, operationId: 'getAutopilot', params: named, errors: errorCodes('autopilot_not_found'), response: { 200: autopilotAnswer('The Autopilot') } },
  put: {
    summary: 'Create or change an Autopilot',
    description:
      'The whole document; fields left out take their defaults, `enabled` left out keeps its state (a new one starts off). A refused document answers every problem in words, each with its path.',
    tags: configuration,
    operationId: 'putAutopilot',
    params: named,
    body: checkedByHandler(autopilotDocument),
    errors: errorCodes('invalid_autopilot'),
    response: {
      200: autopilotAnswer('Changed (or unchanged)'),
      201: autopilotAnswer('Created (its address in `Location`)'),
    },
  },
  switch: {
    summary: 'Switch an Autopilot on or off',
    description:
      'Its document as stored, only `enabled` changed, with the same checks and effects as a `PUT` that changes `enabled`: switching on is refused while something blocks enabling, and records `enabled_at` (only contacts created after it are acted on); switching off clears it.',
    tags: configuration,
    operationId: 'switchAutopilot',
    params: named,
    body: refusing(example(autopilotSwitchSchema, { enabled: true }), switchRefusal),
    errors: errorCodes('invalid_autopilot', 'autopilot_not_found'),
    response: { 200: autopilotAnswer('The Autopilot, switched (or already as asked)') },
  },
  archive: {
    summary: 'Archive an Autopilot',
    description: 'It stops enrolling; its leads carry on.',
    tags: configuration,
    operationId: 'archiveAutopilot',
    params: named,
    errors: errorCodes('autopilot_not_found'),
    response: { 200: autopilotAnswer('The Autopilot archived') },
  },
  preview: {
    summary: 'Preview a draft Autopilot',
    description:
      "The draft against the last contacts received, beside routing as it stands: which it would match and enrol, and from whom it would take them; with the draft's problems as `PUT` would answer them.",
    tags: configuration,
    operationId: 'previewAutopilot',
    params: named,
    querystring: Type.Object({
      contacts: wholeNumber(`How many of the last contacts, from 1 to ${MAX_PREVIEW_CONTACTS}`, MAX_PREVIEW_CONTACTS),
      position: wholeNumber('Where the draft would sit, from 1', 100_000),
    }),
    body: checkedByHandler(autopilotDocument),
    errors: errorCodes('invalid_query', 'invalid_autopilot'),
    response: {
      200: example(previewSchema, {
        autopilot: 'German manufacturers',
        position: 1,
        fallback: false,
        contacts_checked: 1,
        would_match: 1,
        would_enrol: 1,
        taken_from: [],
        from_waiting: 1,
        still_waiting: 0,
        skipped: 0,
        problems: [
          {
            severity: 'warning',
            path: '/sequence/0',
            message: 'E-mail steps will not send until the account has an e-mail signature and a sender identity (PATCH /autopilot/settings, or prospect-engine settings set)',
          },
        ],
        contacts: [
          {
            id: '1201',
            source: 'api',
            email: 'jane.doe@ledgerly.example',
            matches: true,
            today: { state: 'waiting', reason: 'no_match', autopilot: null },
            with_draft: { state: 'enrolled', reason: 'matched', autopilot: 'German manufacturers' },
            rules: [],
          },
        ],
      }),
    },
  },
  filterProperties: {
    summary: 'Contact properties the Autopilots read',
    description:
      "The properties the live Autopilots' filters and stop conditions read, one entry per property whatever its case, with the Autopilots that read each: the properties a CRM connector (an n8n workflow) should send with its contacts.",
    tags: configuration,
    operationId: 'listFilterProperties',
    response: {
      200: example(filterPropertiesSchema, {
        properties_used: [
          { property: 'country', autopilots: ['German manufacturers'], used_in: ['filter'] },
          { property: 'lifecyclestage', autopilots: ['German manufacturers'], used_in: ['stop_condition'] },
        ],
      }),
    },
  },
  propertiesSeen: {
    summary: 'CRM properties seen on recent contacts',
    description:
      'The properties the contacts received last hold (the last 1,000; erased ones left out), each with how many hold it and a few of its values, the most common first: suggestions for building a filter.',
    tags: configuration,
    operationId: 'listPropertiesSeen',
    response: {
      200: example(propertiesSeenSchema, {
        contacts_checked: 120,
        properties_seen: [
          { property: 'country', contacts: 118, examples: ['Germany', 'France', 'Poland'] },
          { property: 'numberofemployees', contacts: 96, examples: ['120', '450', '2000'] },
        ],
      }),
    },
  },
  settings: { summary: "The account's Autopilot settings", tags: configuration, operationId: 'getAutopilotSettings', response: { 200: example(autopilotSettingsSchema, SETTINGS) } },
  patchSettings: {
    summary: 'Change Autopilot settings',
    description: 'The settings to change; null switches one off or clears it.',
    tags: configuration,
    operationId: 'updateAutopilotSettings',
    body: checkedByHandler(example(autopilotSettingsPatchSchema, { queue_wait_hours: 12 })),
    errors: errorCodes('invalid_autopilot_settings', 'account_not_found'),
    response: { 200: example(autopilotSettingsSchema, { ...SETTINGS, queue_wait_hours: 12 }) },
  },
  contacts: {
    summary: 'Hand over new contacts',
    description:
      'The CRM port: 1 to 100 contacts as the CRM created them; each new one is routed within seconds. The answer has each contact in the order sent: new or known, and where routing has put it so far.',
    tags: intake,
    operationId: 'createContacts',
    body: refusing(
      example(contactBatchSchema, { contacts: [{ id: '1201', created_at: '2026-11-27T09:00:00Z', properties: { email: 'jane.doe@ledgerly.example', country: 'Germany' } }] }),
      contactBatchRefusal,
    ),
    errors: errorCodes('invalid_contacts'),
    response: { 202: example(contactsAcceptedSchema, { received: 1, new: 1, known: 0, contacts: [{ id: '1201', status: 'new', state: 'received' }] }, 'Accepted') },
  },
  properties: {
    summary: "A contact's properties changed",
    description: 'Kept; a contact still being routed is looked at again now, and a stop condition may end its lead.',
    tags: intake,
    operationId: 'updateContactProperties',
    params: contact,
    querystring: source,
    body: refusing(example(propertyUpdateSchema, { properties: { lifecyclestage: 'opportunity' } }), propertyUpdateRefusal),
    errors: errorCodes('invalid_query', 'invalid_properties', 'contact_not_found'),
    response: {
      202: example(propertiesAcceptedSchema, { id: '1201', source: 'api', state: 'enrolled', rechecked: false }, 'Accepted'),
    },
  },
  activities: {
    summary: 'An activity on a contact',
    description: 'A call, a meeting or an e-mail reply the CRM logged: it may end the lead (a win), or is recorded on its timeline.',
    tags: intake,
    operationId: 'createContactActivity',
    params: contact,
    querystring: source,
    body: refusing(example(activityInputSchema, { type: 'meeting', occurred_at: '2026-11-27T14:30:00+01:00', id: 'meeting-88' }), activityRefusal),
    errors: errorCodes('invalid_query', 'invalid_activity', 'contact_not_found'),
    response: {
      202: example(
        activityAcceptedSchema,
        {
          contact_id: '1201',
          contact_source: 'api',
          type: 'meeting',
          lead_id: 17,
          effect: 'ended_lead',
          outcome: 'Responded',
          end_reason: 'meeting_booked',
          text: 'A meeting was booked: the lead responded',
        },
        'Accepted',
      ),
    },
  },
  contact: {
    summary: 'Where routing put a contact, and why',
    tags: intake,
    operationId: 'getContact',
    params: contact,
    querystring: source,
    errors: errorCodes('invalid_query', 'contact_not_found'),
    response: {
      200: example(contactRoutingSchema, CONTACT),
    },
  },
  listContacts: {
    summary: "The account's contacts",
    description:
      'Newest first (when they arrived), a page at a time: pass `next_before` as `before` for the next. `search` finds text anywhere in the address or the first and last names, in any case; the filters narrow it down.',
    tags: intake,
    operationId: 'listContacts',
    querystring: Type.Object({
      search: Type.Optional(Type.String({ maxLength: 200, description: 'Text anywhere in the e-mail address or the name (any case)' })),
      state: Type.Optional(Type.Enum(CONTACT_STATES, { description: 'Only contacts routing put here' })),
      reason: Type.Optional(Type.Enum(CONTACT_REASONS, { description: 'Only contacts with this reason' })),
      autopilot: Type.Optional(Type.String({ description: 'Only those this Autopilot enrolled or holds (its name)' })),
      received_from: Type.Optional(Type.String({ pattern: INSTANT, description: 'Received at or after this instant (ISO 8601 with an offset)' })),
      received_to: Type.Optional(Type.String({ pattern: INSTANT, description: 'Received before this instant (ISO 8601 with an offset)' })),
      before: Type.Optional(Type.String({ maxLength: 600, description: "A page's `next_before`: the contacts after it" })),
      limit: wholeNumber(`Contacts in the page, from 1 to ${MAX_CONTACTS_PER_PAGE}`, MAX_CONTACTS_PER_PAGE),
    }),
    errors: errorCodes('invalid_query', 'autopilot_not_found'),
    response: {
      200: example(contactListSchema, {
        contacts: [
          {
            id: '1201',
            source: 'api',
            email: 'jane.doe@ledgerly.example',
            name: 'Jane Doe',
            state: 'waiting',
            reason: 'no_match',
            autopilot: null,
            autopilot_id: null,
            lead_id: null,
            received_at: '2026-11-27T09:00:02.000+00:00',
            next_check_at: '2026-11-27T09:15:02.000+00:00',
          },
        ],
        next_before: 'WyIxNzY0MjM0MDAyMDAwMDAwIiwiYXBpIiwiMTIwMSJd',
      }),
    },
  },
  reprocess: {
    summary: 'Route an abandoned contact again',
    description:
      'Now: the skip rules, the Autopilots top to bottom, then the fallbacks. Enrolled, it is researched and a credit is spent (none when an earlier brief of the same address is reused); when nothing would take it, `contact_not_routable` says why and nothing changes. `dry_run=true` answers the same and keeps nothing.',
    tags: intake,
    operationId: 'reprocessContact',
    params: contact,
    querystring: byHandQuery,
    errors: errorCodes('invalid_query', 'contact_not_found', 'contact_not_routable', 'credits_exhausted', 'trial_limit_reached'),
    response: { 200: byHandAnswer('Enrolled in "German manufacturers": a new research, 1 credit') },
  },
  assign: {
    summary: 'Enrol an abandoned contact in an Autopilot',
    description:
      'In the Autopilot named (live and switched on), whatever its filter says; the skip rules still hold. It is researched and a credit is spent (none when an earlier brief of the same address is reused). `dry_run=true` answers the same and keeps nothing.',
    tags: intake,
    operationId: 'assignContact',
    params: contact,
    querystring: byHandQuery,
    body: refusing(example(contactAssignmentSchema, { autopilot: 'German manufacturers' }), assignmentRefusal),
    errors: errorCodes('invalid_query', 'invalid_assignment', 'contact_not_found', 'autopilot_not_found', 'contact_not_routable', 'credits_exhausted', 'trial_limit_reached'),
    response: { 200: byHandAnswer('Enrolled in "German manufacturers": a new research, 1 credit') },
  },
  replies: {
    summary: 'The replies inbox',
    description:
      'What leads sent back on every channel, newest first, a page at a time (pass `next_before` as `before`), each with its lead, its Autopilot and the touch it answered. Auto-replies and bounces are never replies: `kind` lists them apart.',
    tags: outcomes,
    operationId: 'listReplies',
    querystring: Type.Object({
      kind: Type.Optional(Type.Enum(REPLY_KINDS, { description: '`reply` (the default), `auto_reply` or `bounce`' })),
      autopilot: Type.Optional(Type.String({ description: "Only this Autopilot's leads (its name)" })),
      channel: Type.Optional(Type.Enum(CHANNELS, { description: 'Only those that came on this channel' })),
      before: wholeNumber('An entry id: the entries before it', Number.MAX_SAFE_INTEGER),
      limit: wholeNumber(`Entries in the page, from 1 to ${MAX_REPLIES_PER_PAGE}`, MAX_REPLIES_PER_PAGE),
    }),
    errors: errorCodes('invalid_query', 'autopilot_not_found'),
    response: {
      200: example(replyListSchema, {
        replies: [
          {
            id: 311,
            kind: 'reply',
            channel: 'email',
            text: 'Thanks Anna, Thursday at 10 works for me.',
            subject: null,
            auto_reply: null,
            effect: 'ended_lead',
            occurred_at: '2026-11-28T08:41:00.000+00:00',
            received_at: '2026-11-28T08:41:07.000+00:00',
            lead: { id: 17, email: 'jane.doe@ledgerly.example', contact_id: '1201', contact_source: 'api' },
            autopilot: 'German manufacturers',
            autopilot_id: 2,
            touch: { id: 52, step: 1, channel: 'email', subject: 'Your new plant in Leipzig', sent_at: '2026-11-27T09:30:00.000+00:00' },
          },
        ],
        next_before: null,
      }),
    },
  },
  removeContact: {
    summary: 'A contact deleted in the CRM',
    description: 'Withdrawn when it is still being routed, its active lead closed; `erase=true` also erases everything personal about it (a privacy deletion).',
    tags: intake,
    operationId: 'deleteContact',
    params: contact,
    querystring: Type.Object({ ...source.properties, erase: trueOrFalse('`true`: a privacy deletion') }),
    errors: errorCodes('invalid_query', 'contact_not_found'),
    response: {
      200: example(Type.Union([contactRemovedSchema, contactErasedSchema], { description: 'Removed; with `erase=true`, erased too' }), {
        id: '1201',
        source: 'api',
        state: 'enrolled',
        withdrawn: false,
        closed_lead: 17,
        text: 'Its lead 17 was closed and its queued touches cancelled',
      }),
    },
  },
  leads: {
    summary: "The account's leads",
    description:
      'Newest first unless `sort` says otherwise, filtered, a page at a time: pass `next_cursor` as `cursor` (or, newest first, `next_before` as `before`) with the same filters for the next.',
    tags: outcomes,
    operationId: 'listLeads',
    querystring: Type.Object({ ...leadFilters, limit: wholeNumber(`Leads in the page, from 1 to ${MAX_LEADS_PER_PAGE}`, MAX_LEADS_PER_PAGE) }),
    errors: errorCodes('invalid_query', 'autopilot_not_found'),
    response: { 200: example(leadListSchema, { leads: [LEAD], next_before: null, next_cursor: null }) },
  },
  leadsCsv: {
    summary: "The account's leads as CSV",
    description:
      'Every lead the filters match, in the sort asked for, as a CSV file (RFC 4180, a header row, CRLF line ends), sent as it is read. ' +
      'A cell that starts with `=`, `+`, `-` or `@` starts with an apostrophe instead, so that no spreadsheet runs it as a formula.',
    tags: outcomes,
    operationId: 'exportLeads',
    querystring: Type.Object(leadFilters),
    errors: errorCodes('invalid_query', 'autopilot_not_found'),
    response: {
      200: {
        description: 'The leads, one a row (`Content-Disposition: attachment; filename="leads.csv"`)',
        content: {
          'text/csv': {
            schema: { type: 'string' },
            example: `${LEAD_CSV_COLUMNS.join(',')}\r\n17,jane.doe@ledgerly.example,German manufacturers,Active,,2026-11-20T10:00:00.000+01:00,,matched,api,1201,0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10\r\n`,
          },
        },
      },
    },
  },
  lead: {
    summary: 'A lead and its timeline',
    tags: outcomes,
    operationId: 'getLead',
    params: lead,
    errors: errorCodes('lead_not_found'),
    response: {
      200: example(leadDetailSchema, { ...LEAD, timeline: [{ type: 'enrolled', at: AT, autopilot: 'German manufacturers', enrolled_by: 'matched' }] }),
    },
  },
  close: {
    summary: 'Close a lead',
    description: 'By hand: its queued touches are cancelled. A lead that had ended stays as it was (`closed: false`).',
    tags: outcomes,
    operationId: 'closeLead',
    params: lead,
    errors: errorCodes('lead_not_found'),
    response: {
      200: example(leadClosedSchema, { closed: true, text: 'Lead 17 closed', lead: { ...LEAD, outcome: 'Closed', end_reason: 'closed_manually', ended_at: AT } }),
    },
  },
  stats: { summary: "Every Autopilot's leads by outcome", tags: outcomes, operationId: 'listAutopilotStats', response: { 200: example(autopilotStatsListSchema, { autopilots: [STATS] }) } },
  dailyStats: {
    summary: 'Stats of a period, day by day',
    description: `Overall, or of one Autopilot: leads enrolled and responded, the responded rate of the period's enrolments, end reasons, touches sent, skipped and held per channel, and credits spent; each day of the period (at most ${MAX_STATS_DAYS}) in \`time_zone\`, days with nothing as zeros.`,
    tags: outcomes,
    operationId: 'getDailyStats',
    querystring: Type.Object({
      // Dates and zones are read by the handler, which says what is wrong with them in words.
      from: Type.String({ description: 'The first day, YYYY-MM-DD' }),
      to: Type.String({ description: 'The last day, YYYY-MM-DD (included)' }),
      autopilot: Type.Optional(Type.String({ description: "Only this Autopilot's (its name, any case; archived ones too)" })),
      time_zone: Type.Optional(Type.String({ description: 'The IANA time zone the days are counted in (UTC by default), such as Europe/Berlin' })),
    }),
    errors: errorCodes('invalid_query', 'autopilot_not_found'),
    response: { 200: example(dailyStatsSchema, DAILY_STATS) },
  },
  autopilotStats: {
    summary: "An Autopilot's leads by outcome",
    tags: outcomes,
    operationId: 'getAutopilotStats',
    params: named,
    errors: errorCodes('autopilot_not_found'),
    response: { 200: example(autopilotStatsSchema, STATS) },
  },
};

import Type from 'typebox';
import { errorCodes } from '../platform/http/openapi/errorResponses.ts';
import { example } from '../platform/http/openapi/example.ts';
import { AppError } from '../platform/errors.ts';
import { pathIdParams } from '../platform/http/pathId.ts';
import { checkedByHandler, refusing } from '../platform/http/validation.ts';
import { shown } from '../platform/validation/index.ts';
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
  type AutopilotView,
  autopilotViewSchema,
  contactBatchSchema,
  contactErasedSchema,
  contactRemovedSchema,
  contactRoutingSchema,
  contactsAcceptedSchema,
  type Lead,
  leadClosedSchema,
  leadDetailSchema,
  leadListSchema,
  previewSchema,
  propertiesAcceptedSchema,
  propertiesSeenSchema,
  propertyUpdateSchema,
} from './contract.ts';
import { contactBatchRefusal, propertyUpdateRefusal } from './intake/contacts.ts';
import { MAX_LEADS_PER_PAGE } from './leads/leads.ts';
import { activityRefusal } from './outcomes/activities.ts';
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
    description: 'The CRM port: 1 to 100 contacts as the CRM created them; each new one is routed within seconds.',
    tags: intake,
    operationId: 'createContacts',
    body: refusing(
      example(contactBatchSchema, { contacts: [{ id: '1201', created_at: '2026-11-27T09:00:00Z', properties: { email: 'jane.doe@ledgerly.example', country: 'Germany' } }] }),
      contactBatchRefusal,
    ),
    errors: errorCodes('invalid_contacts'),
    response: { 202: example(contactsAcceptedSchema, { received: 1, new: 1, known: 0 }, 'Accepted') },
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
      200: example(contactRoutingSchema, {
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
    description: 'Newest first, a page at a time: pass `next_before` as `before` for the next.',
    tags: outcomes,
    operationId: 'listLeads',
    querystring: Type.Object({
      autopilot: Type.Optional(Type.String({ description: "Only this Autopilot's (its name)" })),
      // Any case (`leadOutcome`), so the handler reads it.
      outcome: Type.Optional(Type.String({ description: 'Active, Responded, Closed or Failed (any case)' })),
      before: wholeNumber('A lead id: the leads before it', Number.MAX_SAFE_INTEGER),
      limit: wholeNumber(`Leads in the page, from 1 to ${MAX_LEADS_PER_PAGE}`, MAX_LEADS_PER_PAGE),
    }),
    errors: errorCodes('invalid_query', 'autopilot_not_found'),
    response: { 200: example(leadListSchema, { leads: [LEAD], next_before: null }) },
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
  autopilotStats: {
    summary: "An Autopilot's leads by outcome",
    tags: outcomes,
    operationId: 'getAutopilotStats',
    params: named,
    errors: errorCodes('autopilot_not_found'),
    response: { 200: example(autopilotStatsSchema, STATS) },
  },
};

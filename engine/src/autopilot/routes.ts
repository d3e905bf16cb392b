import type { Pool } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import type { HttpScope } from '../platform/module.ts';
import type { Clock } from '../platform/time.ts';
import { applyAutopilots, archiveAutopilot, invalidAutopilot, listAutopilots, reorderAutopilots, showAutopilot, switchAutopilot } from './config/autopilots.ts';
import type {
  AutopilotList,
  AutopilotSettings,
  AutopilotStats,
  AutopilotStatsList,
  AutopilotView,
  ContactByHand,
  ContactErased,
  ContactList,
  ContactRemoved,
  ContactRouting,
  ContactsAccepted,
  DailyStats,
  LeadClosed,
  LeadDetail,
  LeadList,
  Preview,
  PropertiesSeen,
  FilterProperties,
  ReplyList,
} from './contract.ts';
import { eraseContact } from './erasure/eraseContact.ts';
import { listContacts } from './intake/contactList.ts';
import { contactsOf, refuseFutureContacts } from './intake/contacts.ts';
import { crmPort } from './intake/crmPort.ts';
import { propertiesSeen } from './intake/propertiesSeen.ts';
import { filterProperties } from './config/filterProperties.ts';
import { apiSource, type CrmSource, sourceFromQuery } from './intake/source.ts';
import { listLeads } from './leads/leads.ts';
import { leadsCsv } from './leads/leadsCsv.ts';
import { leadQueryOf } from './leads/leadQuery.ts';
import { leadWithTimeline } from './leads/timeline.ts';
import { activityOf } from './outcomes/activities.ts';
import { closeLead } from './outcomes/close.ts';
import { listReplies } from './outcomes/replies.ts';
import { dailyStats } from './outcomes/dailyStats.ts';
import { autopilotStats } from './outcomes/stats.ts';
import { previewAutopilot } from './preview/preview.ts';
import { assignContact, reprocessContact } from './routing/byHand.ts';
import { readContactRouting } from './routing/contactRouting.ts';
import { AUTOPILOT_SCHEMAS as SCHEMAS } from './routeSchemas.ts';
import { invalidSettings, readSettings, updateSettings } from './settings/accountSettings.ts';

/** Autopilot documents and settings bodies may be larger than a research request: a sequence of 20 steps with long angles. */
export const AUTOPILOT_BODY_LIMIT_BYTES = 64 * 1024;
/** 100 contacts with their CRM properties. */
export const CONTACTS_BODY_LIMIT_BYTES = 1024 * 1024;

/** An instant of a query (its pattern checked by the schema) that is a real time PostgreSQL holds; `invalid_query` otherwise. */
function instantOf(name: string, text: string | undefined): Date | undefined {
  if (text === undefined) return undefined;
  const date = new Date(text);
  // Dates roll over (February 30th is March 2nd): the written day must be one the calendar has.
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const written = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(date.getTime()) || year < 1 || written.getUTCMonth() !== month - 1 || written.getUTCDate() !== day)
    throw new AppError('invalid_query', {}, `${name} is not a time that exists: ${JSON.stringify(text)}`);
  return date;
}

/** `/autopilot/contacts/{id}[?source=]`: a contact of the API's source, or of the source named (a HubSpot portal's `hubspot:<id>`). */
const sourceOf = (request: { holder: { account: { id: number } }; query: { source?: unknown } }): CrmSource => sourceFromQuery(request.holder.account.id, request.query.source);

/**
 * The Autopilot's API, behind an API key: the key's account is the one configured and routed for.
 * Configuration: `GET /autopilots`, `GET|PUT|PATCH|DELETE /autopilots/{name}`, `PUT /autopilots/order`,
 * `POST /autopilots/{name}/preview`, `GET /autopilot/properties`, `GET /autopilot/filter-properties`, `GET|PATCH /autopilot/settings`. The CRM port's HTTP form:
 * `POST /autopilot/contacts`, `POST /autopilot/contacts/{id}/properties`, `POST /autopilot/contacts/{id}/activities`,
 * `GET /autopilot/contacts/{id}`, `DELETE /autopilot/contacts/{id}[?erase=true]`. The dashboard's: `GET /autopilot/contacts` (search and filters),
 * `POST /autopilot/contacts/{id}/reprocess|assign[?dry_run=true]` (routing by hand, as the CLI does), `GET /autopilot/replies` (the inbox).
 * Leads and outcomes: `GET /autopilot/leads` (filtered and sorted; `GET /autopilot/leads.csv` exports them), `GET /autopilot/leads/{id}` (with its
 * timeline), `POST /autopilot/leads/{id}/close`, `GET /autopilot/stats`, `GET /autopilot/stats/daily`, `GET /autopilots/{name}/stats`. Errors are `{error}` bodies as everywhere; refused bodies add `problems`,
 * each explained in words.
 */
export function autopilotRoutes(app: HttpScope, pool: Pool, clock: Clock): void {
  const crm = crmPort(pool, clock);
  app.get('/autopilots', { schema: SCHEMAS.list }, async (request): Promise<AutopilotList> => {
    return { autopilots: await listAutopilots(pool, request.holder.account.id, { archived: request.query.archived === 'true' }) };
  });

  app.put(
    '/autopilots/order',
    { bodyLimit: AUTOPILOT_BODY_LIMIT_BYTES, schema: SCHEMAS.order },
    async (request): Promise<AutopilotList> => ({
      autopilots: await reorderAutopilots(pool, request.holder.account.id, request.body, clock),
    }),
  );

  app.get('/autopilots/:name', { schema: SCHEMAS.show }, async (request): Promise<AutopilotView> => showAutopilot(pool, request.holder.account.id, request.params.name));

  app.put('/autopilots/:name', { bodyLimit: AUTOPILOT_BODY_LIMIT_BYTES, schema: SCHEMAS.put }, async (request, reply) => {
    if (request.body === undefined) {
      throw invalidAutopilot(undefined, [{ severity: 'error', path: '', message: 'The request has no document: send the Autopilot as JSON' }]);
    }
    const [applied] = await applyAutopilots(pool, request.holder.account.id, [request.body], { addressed: request.params.name, clock });
    const { action, autopilot } = applied!;
    if (action === 'created') void reply.code(201).header('Location', `/autopilots/${encodeURIComponent(autopilot.name)}`);
    return autopilot;
  });

  app.patch(
    '/autopilots/:name',
    { schema: SCHEMAS.switch },
    async (request): Promise<AutopilotView> => switchAutopilot(pool, request.holder.account.id, request.params.name, request.body.enabled, clock),
  );

  app.delete('/autopilots/:name', { schema: SCHEMAS.archive }, async (request): Promise<AutopilotView> => archiveAutopilot(pool, request.holder.account.id, request.params.name, clock));

  app.post('/autopilots/:name/preview', { bodyLimit: AUTOPILOT_BODY_LIMIT_BYTES, schema: SCHEMAS.preview }, async (request): Promise<Preview> => {
    const { contacts, position } = request.query;
    if (request.body === undefined) {
      throw invalidAutopilot(undefined, [{ severity: 'error', path: '', message: 'The request has no document: send the draft Autopilot as JSON' }]);
    }
    return previewAutopilot(pool, request.holder.account.id, request.params.name, request.body, { contacts, position, clock });
  });

  app.get('/autopilot/filter-properties', { schema: SCHEMAS.filterProperties }, async (request): Promise<FilterProperties> => filterProperties(pool, request.holder.account.id));

  app.get('/autopilot/properties', { schema: SCHEMAS.propertiesSeen }, async (request): Promise<PropertiesSeen> => propertiesSeen(pool, request.holder.account.id));

  app.get('/autopilot/settings', { schema: SCHEMAS.settings }, async (request): Promise<AutopilotSettings> => readSettings(pool, request.holder.account.id));

  app.patch('/autopilot/settings', { bodyLimit: AUTOPILOT_BODY_LIMIT_BYTES, schema: SCHEMAS.patchSettings }, async (request): Promise<AutopilotSettings> => {
    if (request.body === undefined) {
      throw invalidSettings([{ severity: 'error', path: '', message: 'The request has no body: send the settings to change as JSON, such as {"queue_wait_hours": 12}' }]);
    }
    return updateSettings(pool, request.holder.account.id, request.body, clock);
  });

  app.post('/autopilot/contacts', { bodyLimit: CONTACTS_BODY_LIMIT_BYTES, schema: SCHEMAS.contacts }, async (request, reply) => {
    const contacts = contactsOf(request.body);
    refuseFutureContacts(contacts, clock.now());
    const accepted: ContactsAccepted = await crm.contactsCreated(apiSource(request.holder.account.id), contacts);
    return reply.code(202).send(accepted);
  });

  app.post('/autopilot/contacts/:id/properties', { bodyLimit: CONTACTS_BODY_LIMIT_BYTES, schema: SCHEMAS.properties }, async (request, reply) => {
    return reply.code(202).send(await crm.contactPropertiesChanged(sourceOf(request), request.params.id, request.body.properties));
  });

  app.post('/autopilot/contacts/:id/activities', { bodyLimit: AUTOPILOT_BODY_LIMIT_BYTES, schema: SCHEMAS.activities }, async (request, reply) => {
    return reply.code(202).send(await crm.activityLogged(sourceOf(request), request.params.id, activityOf(request.body)));
  });

  app.get('/autopilot/leads/:id', { schema: SCHEMAS.lead }, async (request): Promise<LeadDetail> => leadWithTimeline(pool, request.holder.account.id, request.params.id));

  // A body, if any, says nothing: the address names the lead.
  app.post(
    '/autopilot/leads/:id/close',
    { schema: SCHEMAS.close, config: { role: 'member' } },
    async (request): Promise<LeadClosed> => closeLead(pool, request.holder.account.id, request.params.id, clock),
  );

  app.get('/autopilot/stats', { schema: SCHEMAS.stats }, async (request): Promise<AutopilotStatsList> => ({ autopilots: await autopilotStats(pool, request.holder.account.id) }));

  app.get('/autopilot/stats/daily', { schema: SCHEMAS.dailyStats }, async (request): Promise<DailyStats> => {
    const { from, to, autopilot, time_zone: timeZone } = request.query;
    return dailyStats(pool, request.holder.account.id, { from, to, autopilot, timeZone });
  });

  app.get('/autopilots/:name/stats', { schema: SCHEMAS.autopilotStats }, async (request): Promise<AutopilotStats> => (await autopilotStats(pool, request.holder.account.id, request.params.name))[0]!);

  // `?erase=true`: removed as the CRM's deletion does, and everything personal about it erased (a privacy deletion).
  app.delete('/autopilot/contacts/:id', { schema: SCHEMAS.removeContact }, async (request): Promise<ContactRemoved | ContactErased> => {
    const from = sourceOf(request);
    if (request.query.erase !== 'true') return crm.contactRemoved(from, request.params.id);
    return eraseContact(pool, from, request.params.id, clock, { by: 'api', apiKeyId: request.holder.keyId, log: request.log });
  });

  app.get('/autopilot/contacts', { schema: SCHEMAS.listContacts }, async (request): Promise<ContactList> => {
    const { query } = request;
    return listContacts(pool, request.holder.account.id, {
      search: query.search,
      state: query.state,
      reason: query.reason,
      autopilot: query.autopilot,
      receivedFrom: instantOf('received_from', query.received_from),
      receivedTo: instantOf('received_to', query.received_to),
      before: query.before,
      limit: query.limit,
    });
  });

  // Routing by hand spends a credit, as routing does: an admin's change (the default role of a change), as the CLI's are the operator's.
  app.post('/autopilot/contacts/:id/reprocess', { schema: SCHEMAS.reprocess }, async (request): Promise<ContactByHand> => {
    return reprocessContact(pool, clock, sourceOf(request), request.params.id, { dryRun: request.query.dry_run === 'true' });
  });

  app.post('/autopilot/contacts/:id/assign', { schema: SCHEMAS.assign }, async (request): Promise<ContactByHand> => {
    return assignContact(pool, clock, sourceOf(request), request.params.id, request.body.autopilot, { dryRun: request.query.dry_run === 'true' });
  });

  app.get('/autopilot/replies', { schema: SCHEMAS.replies }, async (request): Promise<ReplyList> => {
    const { query } = request;
    return listReplies(pool, request.holder.account.id, { kind: query.kind, autopilot: query.autopilot, channel: query.channel, before: query.before, limit: query.limit });
  });

  app.get('/autopilot/contacts/:id', { schema: SCHEMAS.contact }, async (request): Promise<ContactRouting> => readContactRouting(pool, sourceOf(request), request.params.id));

  app.get('/autopilot/leads', { schema: SCHEMAS.leads }, async (request): Promise<LeadList> => listLeads(pool, request.holder.account.id, leadQueryOf(request.query)));

  app.get('/autopilot/leads.csv', { schema: SCHEMAS.leadsCsv }, async (request, reply) => {
    const csv = await leadsCsv(pool, request.holder.account.id, leadQueryOf(request.query));
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="leads.csv"').header('cache-control', 'no-store').send(csv);
  });
}

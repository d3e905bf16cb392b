import type { Pool } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import type { HttpScope } from '../platform/module.ts';
import type { Clock } from '../platform/time.ts';
import { applyAutopilots, archiveAutopilot, invalidAutopilot, listAutopilots, reorderAutopilots, showAutopilot } from './config/autopilots.ts';
import type {
  AutopilotList,
  AutopilotSettings,
  AutopilotStats,
  AutopilotStatsList,
  AutopilotView,
  ContactErased,
  ContactRemoved,
  ContactRouting,
  ContactsAccepted,
  LeadClosed,
  LeadDetail,
  LeadList,
  Preview,
  PropertiesSeen,
} from './contract.ts';
import { eraseContact } from './erasure/eraseContact.ts';
import { contactsOf } from './intake/contacts.ts';
import { crmPort } from './intake/crmPort.ts';
import { propertiesSeen } from './intake/propertiesSeen.ts';
import { apiSource, type CrmSource, sourceFromQuery } from './intake/source.ts';
import { leadOutcome, listLeads } from './leads/leads.ts';
import { leadWithTimeline } from './leads/timeline.ts';
import { activityOf } from './outcomes/activities.ts';
import { closeLead } from './outcomes/close.ts';
import { autopilotStats } from './outcomes/stats.ts';
import { previewAutopilot } from './preview/preview.ts';
import { readContactRouting } from './routing/contactRouting.ts';
import { AUTOPILOT_SCHEMAS as SCHEMAS } from './routeSchemas.ts';
import { invalidSettings, readSettings, updateSettings } from './settings/accountSettings.ts';

/** Autopilot documents and settings bodies may be larger than a research request: a sequence of 20 steps with long angles. */
export const AUTOPILOT_BODY_LIMIT_BYTES = 64 * 1024;
/** 100 contacts with their CRM properties. */
export const CONTACTS_BODY_LIMIT_BYTES = 1024 * 1024;

/** `/autopilot/contacts/{id}[?source=]`: a contact of the API's source, or of the source named (a HubSpot portal's `hubspot:<id>`). */
const sourceOf = (request: { holder: { account: { id: number } }; query: { source?: unknown } }): CrmSource => sourceFromQuery(request.holder.account.id, request.query.source);

/**
 * The Autopilot's API, behind an API key: the key's account is the one configured and routed for.
 * Configuration: `GET /autopilots`, `GET|PUT|DELETE /autopilots/{name}`, `PUT /autopilots/order`,
 * `POST /autopilots/{name}/preview`, `GET /autopilot/properties`, `GET|PATCH /autopilot/settings`. The CRM port's HTTP form:
 * `POST /autopilot/contacts`, `POST /autopilot/contacts/{id}/properties`, `POST /autopilot/contacts/{id}/activities`,
 * `GET /autopilot/contacts/{id}`, `DELETE /autopilot/contacts/{id}[?erase=true]`. Leads and outcomes: `GET /autopilot/leads`, `GET /autopilot/leads/{id}` (with its
 * timeline), `POST /autopilot/leads/{id}/close`, `GET /autopilot/stats`, `GET /autopilots/{name}/stats`. Errors are `{error}` bodies as everywhere; refused bodies add `problems`,
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

  app.delete('/autopilots/:name', { schema: SCHEMAS.archive }, async (request): Promise<AutopilotView> => archiveAutopilot(pool, request.holder.account.id, request.params.name, clock));

  app.post('/autopilots/:name/preview', { bodyLimit: AUTOPILOT_BODY_LIMIT_BYTES, schema: SCHEMAS.preview }, async (request): Promise<Preview> => {
    const { contacts, position } = request.query;
    if (request.body === undefined) {
      throw invalidAutopilot(undefined, [{ severity: 'error', path: '', message: 'The request has no document: send the draft Autopilot as JSON' }]);
    }
    return previewAutopilot(pool, request.holder.account.id, request.params.name, request.body, { contacts, position, clock });
  });

  app.get('/autopilot/properties', { schema: SCHEMAS.propertiesSeen }, async (request): Promise<PropertiesSeen> => propertiesSeen(pool, request.holder.account.id));

  app.get('/autopilot/settings', { schema: SCHEMAS.settings }, async (request): Promise<AutopilotSettings> => readSettings(pool, request.holder.account.id));

  app.patch('/autopilot/settings', { bodyLimit: AUTOPILOT_BODY_LIMIT_BYTES, schema: SCHEMAS.patchSettings }, async (request): Promise<AutopilotSettings> => {
    if (request.body === undefined) {
      throw invalidSettings([{ severity: 'error', path: '', message: 'The request has no body: send the settings to change as JSON, such as {"queue_wait_hours": 12}' }]);
    }
    return updateSettings(pool, request.holder.account.id, request.body, clock);
  });

  app.post('/autopilot/contacts', { bodyLimit: CONTACTS_BODY_LIMIT_BYTES, schema: SCHEMAS.contacts }, async (request, reply) => {
    const accepted: ContactsAccepted = await crm.contactsCreated(apiSource(request.holder.account.id), contactsOf(request.body));
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

  app.get('/autopilots/:name/stats', { schema: SCHEMAS.autopilotStats }, async (request): Promise<AutopilotStats> => (await autopilotStats(pool, request.holder.account.id, request.params.name))[0]!);

  // `?erase=true`: removed as the CRM's deletion does, and everything personal about it erased (a privacy deletion).
  app.delete('/autopilot/contacts/:id', { schema: SCHEMAS.removeContact }, async (request): Promise<ContactRemoved | ContactErased> => {
    const from = sourceOf(request);
    if (request.query.erase !== 'true') return crm.contactRemoved(from, request.params.id);
    return eraseContact(pool, from, request.params.id, clock, { by: 'api', apiKeyId: request.holder.keyId, log: request.log });
  });

  app.get('/autopilot/contacts/:id', { schema: SCHEMAS.contact }, async (request): Promise<ContactRouting> => readContactRouting(pool, sourceOf(request), request.params.id));

  app.get('/autopilot/leads', { schema: SCHEMAS.leads }, async (request): Promise<LeadList> => {
    const { query } = request;
    const outcome = query.outcome === undefined ? undefined : leadOutcome(query.outcome);
    if (query.outcome !== undefined && outcome === undefined) throw new AppError('invalid_query', {}, 'outcome must be Active, Responded, Closed or Failed');
    return listLeads(pool, request.holder.account.id, { autopilot: query.autopilot, outcome, before: query.before, limit: query.limit });
  });
}

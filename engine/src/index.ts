/**
 * `@prospect-research/engine`: what code outside the engine may use. bench/, test/ and extension
 * packages (the HubSpot app) import the engine through this entry and its documented sub-entries only:
 *
 * - `@prospect-research/engine`: running and composing the engine, the feature-module seam, and what
 *   an extension builds on: the platform services, the accounts and research functions it calls, and
 *   the Autopilot's CRM port with what a CRM app reads of its routing and leads.
 * - `@prospect-research/engine/contract`: the Research API's JSON Schemas and their TypeScript types
 *   (TypeBox only; the n8n nodes import its types).
 * - `@prospect-research/engine/autopilot-contract`: the Autopilot document's JSON Schema and those of
 *   the Autopilot API's answers and settings (TypeBox only).
 * - `@prospect-research/engine/testing`: the test kit (test databases, a running engine, customers, an
 *   API client), for tests of the engine and of extension packages.
 * - `@prospect-research/engine/bench`: what only the bench drives directly (src/bench.ts).
 *
 * Everything here is TypeScript that Node 24 runs by stripping types: the workspace link resolves to the
 * engine's own folder, outside node_modules, where Node strips them.
 */

// Every built-in feature's error codes, so that `ErrorCode` names them all wherever this entry is imported.
import './accounts/errors.ts';
import './research/errors.ts';
import './autopilot/errors.ts';
import './autopilot/channels/unipile/errors.ts';
import './mailboxes/errors.ts';
import './events/errors.ts';

// Running the engine and composing it.
export { startService, type RunningService, type ServiceOptions } from './app/service.ts';
export { engineModules } from './app/modules.ts';
export { runCli } from './app/cli/program.ts';

// The feature-module seam.
export type { CommandContext, CommandRun, FeatureContext, FeatureModule, HttpScopes } from './platform/module.ts';
export { accountsModule } from './accounts/module.ts';
export { researchModule } from './research/module.ts';
export { eraseResearch } from './research/index.ts';
export { autopilotModule } from './autopilot/module.ts';
export { eventsModule } from './events/module.ts';
export { peopleModule } from './people/module.ts';
export { dashboardModule } from './dashboard/module.ts';

// Platform services.
export { ConfigError, type Env, httpUrl, nonEmpty } from './platform/env.ts';
export { requireSecrets, Secrets } from './platform/secrets.ts';
export { type PlatformSettings, platformSettings } from './platform/settings.ts';
export { AppError } from './platform/errors.ts';
export { jsonTooDeep, MAX_JSON_DEPTH } from './platform/http/jsonDepth.ts';
export { errorCodes } from './platform/http/openapi/errorResponses.ts';
export { example } from './platform/http/openapi/example.ts';
export { checkedByHandler, refusing } from './platform/http/validation.ts';
export { htmlResponse } from './platform/http/openapi/htmlResponse.ts';
export { storable } from './platform/validation/index.ts';
export { createLogger, type Logger } from './platform/logger.ts';
export { type Pool, type PoolClient, type Queryable, transaction } from './platform/database/database.ts';
export { featureMigrations, migrate, type MigrationStream } from './platform/database/migrate.ts';
export { addJob, type CronPayload } from './platform/queue/tasks.ts';
export { fields, table } from './platform/cli/output.ts';
export { positiveId } from './platform/cli/arguments.ts';
export { subjectArgument } from './platform/cli/subject.ts';
export { raceSignal } from './platform/net/raceSignal.ts';
export { type Clock, isoWithOffset, systemClock } from './platform/time.ts';

// Accounts and research, as other features call them.
export { getAccount } from './accounts/accounts.ts';
export type { KeyHolder } from './accounts/apiKeys.ts';
export type { Holder } from './accounts/authenticate.ts';
export { ROLES, type Role } from './platform/http/roles.ts';
export { insertResearchJob } from './research/submit.ts';
export { fromStoredResult } from './research/jobs.ts';
export { readResearchOutcome, type ResearchOutcome } from './research/outcome.ts';
export { readResearchStatus } from './research/status.ts';
export { DurationEstimate } from './research/durationEstimate.ts';
export { creditUsage } from './accounts/credits.ts';

// The Autopilot as a CRM app reaches it: the CRM port in process (as the HTTP form answers), its routing and its filters.
export { type CrmPort, crmPort } from './autopilot/intake/crmPort.ts';
export type { CrmSource } from './autopilot/intake/source.ts';
export { emailOf, type NewContact } from './autopilot/intake/contacts.ts';
export { researchRequestFor } from './autopilot/routing/researchRequest.ts';
export type { Activity } from './autopilot/outcomes/activities.ts';
export type { ActivityEffect } from './autopilot/contract.ts';
export { readWatchedProperties, reportSourceWatches } from './autopilot/intake/sourceWatches.ts';
export { readRoutingTable } from './autopilot/config/routingTable.ts';
export { type ChosenEnrolment, enrolInChosen } from './autopilot/routing/chosen.ts';
export { closeContactLead, type ContactLeadClosed } from './autopilot/outcomes/closeContactLead.ts';
export { compileFilter } from './autopilot/filter/compile.ts';
export { evaluateFilter } from './autopilot/filter/evaluate.ts';
// What a CRM app's card shows of one of its contacts and does with it: its routing and lead, the lead's timeline, closing it by hand.
export { readContactRouting } from './autopilot/routing/contactRouting.ts';
export { leadWithTimeline } from './autopilot/leads/timeline.ts';
export { closeLead } from './autopilot/outcomes/close.ts';

// The lead events of a CRM source's contacts, as a CRM app carries them onto its records (the HubSpot timeline).
export { readSourceEvents, SOURCE_EVENT_TYPES, type SourceEvent, type SourceEventPage, type SourceEventType } from './events/sourceEvents.ts';

/**
 * `@prospect-research/engine`: what code outside the engine may use. bench/, test/ and extension
 * packages (the HubSpot app) import the engine through this entry and its documented sub-entries only:
 *
 * - `@prospect-research/engine`: running and composing the engine, the feature-module seam and the
 *   platform services a module builds on, and the accounts and research functions other features call.
 * - `@prospect-research/engine/contract`: the Research API's JSON Schemas and their TypeScript types
 *   (TypeBox only; the n8n nodes import its types).
 * - `@prospect-research/engine/autopilot-contract`: the Autopilot document's JSON Schema and those of
 *   the Autopilot API's answers and settings (TypeBox only).
 * - `@prospect-research/engine/testing`: the test kit (test databases, a running engine, customers, an
 *   API client), for tests of the engine and of extension packages.
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
export { EXTENSION_FIELD, extensionModules } from './app/extensions.ts';
export { buildProgram, runCli } from './app/cli/program.ts';
export type { CliIo } from './app/cli/context.ts';

// The feature-module seam.
export type { CommandContext, CommandRun, FeatureContext, FeatureModule, HttpScopes } from './platform/module.ts';
export { accountsModule } from './accounts/module.ts';
export { researchModule, type ResearchModuleOptions } from './research/module.ts';
export { autopilotModule, type AutopilotModuleOptions } from './autopilot/module.ts';
export { type EmailChannel, emailChannel, type EmailChannelOptions } from './autopilot/channels/email/channel.ts';

// Platform services.
export { boolean, ConfigError, type Env, httpUrl, integer, list, nonEmpty } from './platform/env.ts';
export { requireSecrets, Secrets } from './platform/secrets.ts';
export { type PlatformSettings, platformSettings } from './platform/settings.ts';
export { AppError, type ErrorCode, type ErrorStatuses } from './platform/errors.ts';
export { jsonTooDeep, MAX_JSON_DEPTH } from './platform/http/jsonDepth.ts';
export { createLogger, type Logger } from './platform/logger.ts';
export { createPool, type Database, openDatabase, type Pool, type PoolClient, type Queryable, transaction } from './platform/database/database.ts';
export { startEmbeddedPostgres } from './platform/database/embeddedPostgres.ts';
export { CORE_MIGRATIONS, featureMigrations, migrate, type MigrationStream } from './platform/database/migrate.ts';
export { addJob, type CronItem, type CronPayload, type JobSpec, type TaskName, type TaskPayload, type Tasks } from './platform/queue/tasks.ts';
export { RUNNER_SETTINGS } from './platform/queue/worker.ts';
export { graphileLogger } from './platform/queue/graphileLogger.ts';
export { fields, table, createOutput, type Output } from './platform/cli/output.ts';
export { positiveId, wholeNumber } from './platform/cli/arguments.ts';
export { SourceError, SourceHttp, type SourceHttpOptions, type SourceRequest, type SourceResponse } from './platform/net/sourceHttp.ts';
export { isPublicAddress, safeFetch, SafeFetchError, type SafeFetchOptions } from './platform/net/safeFetch.ts';
export { raceSignal } from './platform/net/raceSignal.ts';
export { type Clock, isoWithOffset, systemClock } from './platform/time.ts';

// Third-party clients features share.
export { createUnipileClient, type UnipileClient, type UnipileOptions } from './integrations/unipile/client.ts';
export { linkedinIdentifier } from './integrations/unipile/linkedin.ts';
export { type ChatClient, type ChatClientOptions, createChatClient } from './integrations/openai/chatClient.ts';

// Accounts: what every feature charges and answers to.
export { type Account, createAccount, getAccount, type Language, LANGUAGES, type Plan, PLANS } from './accounts/accounts.ts';
export { createApiKey, findKeyHolder, hashApiKey, type KeyHolder } from './accounts/apiKeys.ts';
export { creditUsage, type CreditUsage, debitCredit } from './accounts/credits.ts';
export { currentProduct, type Product, type ProductInput, setProduct } from './accounts/products.ts';

// Research, as other features start and read it.
export { insertResearchJob, type NewResearchJob, type Submission, submitResearch } from './research/submit.ts';
export { parseResearchRequest } from './research/request.ts';
export { fromStoredResult } from './research/jobs.ts';
export type { Identities, ResearchInput, ResearchOutcome, ResearchPipeline } from './research/pipeline/pipeline.ts';
export { SourcePipeline, type Sources } from './research/pipeline/sourcePipeline.ts';
export type * from './research/sources/facts.ts';
export { type BriefInput, type BriefText, type BriefWriter, createBriefWriter, type Rejection } from './research/writer/briefWriter.ts';
export { REFRESH_MS as DURATION_ESTIMATE_REFRESH_MS } from './research/durationEstimate.ts';

// The Autopilot's configuration, as routing (and the CRM app) reads it.
export { readRoutingTable, type RoutableAutopilot, type RoutingTable } from './autopilot/config/routingTable.ts';
export { readSettings as readAutopilotSettings } from './autopilot/settings/accountSettings.ts';
export { type AutopilotDraft, validateAutopilot, type Validation } from './autopilot/config/document.ts';
export { type CompiledFilter, type CompiledRule, compileFilter } from './autopilot/filter/compile.ts';
export { evaluateFilter, evaluateRule, type FilterResult, type RuleReason, type RuleResult } from './autopilot/filter/evaluate.ts';
export type { Contact } from './autopilot/filter/contactValue.ts';

// The Autopilot's intake and routing: the CRM port in process (the HubSpot app calls it as the HTTP form does).
export { type CrmPort, crmPort } from './autopilot/intake/crmPort.ts';
export { API_SOURCE, type CrmSource, isSourceName } from './autopilot/intake/source.ts';
export type { PropertyChangeOptions } from './autopilot/intake/contacts.ts';
export { readSourceWatches, readWatchedProperties, reportSourceWatches, type SourceWatch } from './autopilot/intake/sourceWatches.ts';
export { eventsModule } from './events/module.ts';
export type { NewContact } from './autopilot/intake/contacts.ts';
export { storable } from './platform/validation/index.ts';
export type { Activity } from './autopilot/outcomes/activities.ts';
export type { ActivityAccepted, ActivityEffect } from './autopilot/contract.ts';
export { createMessageWriter, messageWriterFrom } from './autopilot/writer/messageWriter.ts';
export type { MessageRequest, MessageResult, MessageWriter } from './autopilot/sequence/ports.ts';
export { routeDueContacts, type RoutedCounts, sweepDueContacts } from './autopilot/routing/route.ts';
export { readContactRouting } from './autopilot/routing/contactRouting.ts';
export { listLeads } from './autopilot/leads/leads.ts';

// The Autopilot's outcomes: what channels and the CRM report about leads, and the unsubscribe link the runtime puts in e-mails.
export { type Applied as SignalApplied, type LeadOutcomes, leadOutcomes, leadSignals } from './autopilot/outcomes/signals.ts';
export { unsubscribeUrl } from './autopilot/outcomes/unsubscribe.ts';
export { leadWithTimeline } from './autopilot/leads/timeline.ts';

// The statements behind POST /research, for the bench's raw-SQL ceiling (the same work without the engine's code).
export { KEY_HOLDER_SQL } from './accounts/apiKeys.ts';
export { DEBIT_CREDIT_SQL } from './accounts/credits.ts';
export { INSERT_RESEARCH_JOB_SQL } from './research/submit.ts';
export { ADD_JOB_SQL } from './platform/queue/tasks.ts';

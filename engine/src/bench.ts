/**
 * `@prospect-research/engine/bench`: what only the bench (bench/) drives directly, beside the main
 * entry: the database and worker as the bench sets them up, accounts and keys made without the CLI,
 * research's parts measured one by one (its request, its sources, the writer), the Autopilot's routing
 * sweep and lead outcomes, and the statements behind `POST /research` for the raw-SQL ceiling (the same
 * work without the engine's code). Nothing here is for extensions: it may change with the code it measures.
 */

// The database and the worker.
export { createPool } from './platform/database/database.ts';
export { startEmbeddedPostgres } from './platform/database/embeddedPostgres.ts';
export { RUNNER_SETTINGS } from './platform/queue/worker.ts';
export { graphileLogger } from './platform/queue/graphileLogger.ts';
export { safeFetch } from './platform/net/safeFetch.ts';
export { createChatClient } from './integrations/openai/chatClient.ts';

// Accounts, keys and products.
export { createAccount } from './accounts/accounts.ts';
export { createApiKey, findKeyHolder, hashApiKey } from './accounts/apiKeys.ts';
export { setProduct } from './accounts/products.ts';

// Research, part by part.
export { submitResearch } from './research/submit.ts';
export { parseResearchRequest } from './research/request.ts';
export type { Sources } from './research/pipeline/sourcePipeline.ts';
export type * from './research/sources/facts.ts';
export { type BriefText, type BriefWriter, createBriefWriter } from './research/writer/briefWriter.ts';
export { REFRESH_MS as DURATION_ESTIMATE_REFRESH_MS } from './research/durationEstimate.ts';

// The Autopilot.
export { sweepDueContacts } from './autopilot/routing/route.ts';
export { leadOutcomes } from './autopilot/outcomes/signals.ts';
export type { MessageWriter } from './autopilot/sequence/ports.ts';

// The statements behind POST /research, for the raw-SQL ceiling.
export { KEY_HOLDER_SQL } from './accounts/apiKeys.ts';
export { DEBIT_CREDIT_SQL } from './accounts/credits.ts';
export { INSERT_RESEARCH_JOB_SQL } from './research/submit.ts';
export { QUEUE_RESEARCH_SQL } from './research/jobs.ts';

// The demo's sample data, for the dashboard's measurements at scale.
export { type DemoSeed, seedDemo } from './demo/index.ts';

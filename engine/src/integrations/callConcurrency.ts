import { type Env, integer } from '../platform/env.ts';
import type { PlatformSettings } from '../platform/settings.ts';

/** The most calls one research job makes to one source at the same moment (Apollo: person, company and people search). */
const CALLS_PER_JOB_AT_ONCE = 3;

/**
 * `RESEARCH_SOURCE_CONCURRENCY` (default 3 x `WORKER_CONCURRENCY`): calls in flight at once to each
 * third party in one process: each research source, and the model, which the research writer and the
 * Autopilot's message writer share (integrations/openai/chatClient.ts, `sharedChatClient`). Read here
 * so that both writers gate the model alike without the Autopilot reading research's settings. A job
 * asks Apollo up to three things at once, so a lower cap makes jobs that run together wait for each
 * other's calls.
 */
export function callConcurrency(env: Env, platform: Pick<PlatformSettings, 'workerConcurrency'>): number {
  return integer(env, 'RESEARCH_SOURCE_CONCURRENCY', CALLS_PER_JOB_AT_ONCE * platform.workerConcurrency, { min: 1 });
}

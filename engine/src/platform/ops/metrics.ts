import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ENGINE_VERSION } from './version.ts';

/**
 * Every metric the engine exposes on `GET /metrics`, by name and labels, in this one file. Two kinds:
 *
 * - **Per process** (this registry): counted as things happen in this process, so a scraper sums them
 *   over the engine's processes. HTTP requests, jobs run, and what features report through the
 *   observer below (research finished, touches, webhook deliveries).
 * - **Per database** (made per server in `scrapeMetrics.ts`, read from PostgreSQL at scrape time): the
 *   queue and the credits used, the same on every process of one database, so a dashboard takes their `max`. The pool's
 *   connections are this process's.
 *
 * Features never touch prom-client: they call `observe` (a function per fact), so a metric's name and
 * labels stay here and a feature's code says what happened, not how it is counted.
 */
export const processRegistry = new Registry();

collectDefaultMetrics({ register: processRegistry, prefix: 'prospect_process_' });

new Gauge({
  name: 'prospect_build_info',
  help: 'Always 1; the engine version as a label.',
  labelNames: ['version'],
  registers: [processRegistry],
}).set({ version: ENGINE_VERSION }, 1);

/** Latency buckets, in seconds, for requests (most are a few milliseconds) and jobs (research takes up to minutes). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 120, 180, 300, 600];

export const httpRequests = new Counter({
  name: 'prospect_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern (never the URL: it holds ids) and status.',
  labelNames: ['method', 'route', 'status'],
  registers: [processRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'prospect_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern.',
  labelNames: ['method', 'route'],
  buckets: REQUEST_BUCKETS,
  registers: [processRegistry],
});

export const jobDuration = new Histogram({
  name: 'prospect_job_duration_seconds',
  help: 'Time a worker of this process spent on a job, by task and outcome (success or error).',
  labelNames: ['task', 'outcome'],
  buckets: JOB_BUCKETS,
  registers: [processRegistry],
});

export const jobFailures = new Counter({
  name: 'prospect_job_failures_total',
  help: 'Jobs that threw, by task; permanent="true" when no attempt is left (the job stays failed in the queue).',
  labelNames: ['task', 'permanent'],
  registers: [processRegistry],
});

const researchFinished = new Counter({
  name: 'prospect_research_finished_total',
  help: 'Research jobs that reached a final state in this process, by outcome (completed or failed) and reason (cached, or the error code).',
  labelNames: ['outcome', 'reason'],
  registers: [processRegistry],
});

const researchEmpty = new Counter({
  name: 'prospect_research_empty_total',
  help: 'Research jobs completed in this process with a brief that holds nothing, by why (empty_reason: no_sources_configured, nothing_found, sources_failed); cached ones too.',
  labelNames: ['reason'],
  registers: [processRegistry],
});

const touches = new Counter({
  name: 'prospect_touches_total',
  help: "Autopilot touches decided in this process, by channel, result (sent, skipped, held) and reason (the skip's, or the hold's in a word: daily_limit, outside_window...; empty when sent).",
  labelNames: ['channel', 'result', 'reason'],
  registers: [processRegistry],
});

const webhookDeliveries = new Counter({
  name: 'prospect_webhook_deliveries_total',
  help: 'Webhook delivery attempts of lead events, by outcome (delivered, failed, disabled).',
  labelNames: ['outcome'],
  registers: [processRegistry],
});

export type ResearchOutcome = 'completed' | 'failed';
export type TouchResult = 'sent' | 'skipped' | 'held';
export type WebhookOutcome = 'delivered' | 'failed' | 'disabled';

/**
 * What features report, one function per fact. Call it once the fact holds (after the statement that
 * records it), never for an attempt that changed nothing.
 */
export const observe = {
  researchFinished(outcome: ResearchOutcome, reason: string, count = 1): void {
    if (count > 0) researchFinished.inc({ outcome, reason }, count);
  },
  researchEmpty(reason: string, count = 1): void {
    if (count > 0) researchEmpty.inc({ reason }, count);
  },
  touch(channel: string, result: TouchResult, reason = ''): void {
    touches.inc({ channel, result, reason });
  },
  webhookDelivery(outcome: WebhookOutcome, count = 1): void {
    if (count > 0) webhookDeliveries.inc({ outcome }, count);
  },
};

import { NodeOperationError, sleep } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import type { ResearchStatus } from '@prospect-research/engine/contract';
import { apiRequest } from './transport';
import { errorItem, nodeError } from './errors';
import { present } from './output';

/**
 * Waiting for research jobs, shared by "Research a prospect" (wait for completion) and Wait for Result.
 *
 * Terminology: a *job* is one research_id bound to the input item it came from; a *round* polls every
 * job still pending, together; between rounds the poller sleeps (n8n-workflow's `sleep`, cancellable).
 */

/** A `GET /research-status/{id}` answer, as the engine's contract types it. */
export type StatusResponse = ResearchStatus & IDataObject;

export interface Job {
  itemIndex: number;
  researchId: string;
  /** When to read the job next (epoch ms). */
  readAt: number;
  /** When the API expects it to be final (epoch ms, from `estimated_seconds`), if it said. */
  dueAt?: number;
  /** Reads that found the job still pending past `dueAt`: they drive the back-off. */
  overdueReads?: number;
}

export interface WaitSettings {
  /** The longest pause between rounds. Spec: 5 s. */
  pollIntervalMs: number;
  /** Give up after this long; the outcome is `timeout`. */
  maxWaitMs: number;
}

export type JobOutcome =
  | { kind: 'final'; response: StatusResponse }
  | { kind: 'timeout'; response: StatusResponse | undefined }
  | { kind: 'error'; error: Error };

/** How many requests (submissions, or status reads of one round) are in flight at once. */
export const REQUEST_CONCURRENCY = 10;

export const DEFAULT_MAX_WAIT_SECONDS = 210;
export const DEFAULT_POLL_INTERVAL_SECONDS = 5;

/** A round also reads the jobs due this soon after the one that started it, so near-due jobs share a round. */
export const ROUND_WINDOW_MS = 1000;

/**
 * `estimated_seconds` is a median rounded to the nearest whole second: a job estimated at 3 s is as
 * likely done at 2.5 s. Reading starts this long before the estimate, not at it.
 */
export const ESTIMATE_ROUNDING_MS = 500;

/** The least `estimated_seconds` the engine answers (its contract's minimum), whatever the job's remaining time. */
const LEAST_ESTIMATE_SECONDS = 1;

/** The pause after a job was found pending near or past its estimate, for the first OVERDUE_STEADY_READS such reads; then it doubles on each. */
export const OVERDUE_FIRST_PAUSE_MS = 250;
/**
 * Reads every OVERDUE_FIRST_PAUSE_MS from half a second before the estimate to 2 s after it: the
 * estimate is a median, so half the jobs end within a second or two after it, and doubling from the
 * first read would see a job that ended 0.8 s late only 1.75 s late.
 */
export const OVERDUE_STEADY_READS = 10;

function isFinal(status: unknown): boolean {
  return status === 'completed' || status === 'failed';
}

/** When a job due at `dueAt` may be done already: the estimate is rounded (see ESTIMATE_ROUNDING_MS). */
const watchFrom = (dueAt: number) => dueAt - ESTIMATE_ROUNDING_MS;

/**
 * A job just accepted (`estimated_seconds` from the 202) or, without an estimate, one to read at once
 * (Wait for Result). It is read from half a second before its estimate, but never later than one poll
 * interval from now.
 */
export function newJob(itemIndex: number, researchId: string, now: number, pollIntervalMs: number, estimatedSeconds?: unknown): Job {
  if (typeof estimatedSeconds !== 'number') return { itemIndex, researchId, readAt: now };
  const dueAt = now + estimatedSeconds * 1000;
  return { itemIndex, researchId, dueAt, readAt: Math.max(now, Math.min(watchFrom(dueAt), now + pollIntervalMs)) };
}

/**
 * The job after a read at `now` found it still pending. Before its estimate is near, the next read is
 * when the API now says it may be done (capped at the poll interval). From half a second before the
 * estimate (the API rounds to whole seconds, and a job is often a little late) it is read every 0.25 s
 * until 2 s past it, then the pause doubles up to the interval: a late job is seen soon, a long one is
 * not asked about every second.
 */
export function afterPendingRead(job: Job, response: StatusResponse, now: number, pollIntervalMs: number): Job {
  const estimate = response.estimated_seconds;
  // 1 s is the least the engine says (the contract's minimum), also of a job past its median: it may end any moment.
  const dueAt = job.dueAt !== undefined && now >= watchFrom(job.dueAt) ? job.dueAt : estimate === LEAST_ESTIMATE_SECONDS ? now : undefined;
  if (dueAt !== undefined) {
    const overdueReads = (job.overdueReads ?? 0) + 1;
    const pauseMs = Math.min(pollIntervalMs, OVERDUE_FIRST_PAUSE_MS * 2 ** Math.max(0, overdueReads - OVERDUE_STEADY_READS));
    return { ...job, dueAt, overdueReads, readAt: now + pauseMs };
  }
  if (typeof estimate === 'number') return newJob(job.itemIndex, job.researchId, now, pollIntervalMs, estimate);
  return { ...job, readAt: Math.min(job.dueAt === undefined ? Infinity : watchFrom(job.dueAt), now + pollIntervalMs) };
}

async function pause(ctx: IExecuteFunctions, ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch {
    throw cancelled(ctx);
  }
}

function cancelled(ctx: IExecuteFunctions): NodeOperationError {
  return new NodeOperationError(ctx.getNode(), 'The execution was cancelled while waiting for research results');
}

/** Ends the node's work once the execution is cancelled (submitting or waiting). */
export function throwIfCancelled(ctx: IExecuteFunctions, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelled(ctx);
}

/**
 * Runs `task` over `inputs` with at most REQUEST_CONCURRENCY in flight (a new one starts as soon as one
 * ends) and answers the results in input order. After a task throws, or once `signal` is aborted, no new
 * one starts; those in flight are awaited, then the error of the lowest input throws.
 */
export async function mapConcurrently<T, R>(inputs: T[], task: (input: T) => Promise<R>, signal?: AbortSignal): Promise<R[]> {
  const results: R[] = new Array(inputs.length);
  const failures: Array<{ index: number; error: unknown }> = [];
  let next = 0;
  const lane = async () => {
    while (failures.length === 0 && !signal?.aborted && next < inputs.length) {
      const index = next++;
      await task(inputs[index]!).then(
        (result) => void (results[index] = result),
        (error: unknown) => void failures.push({ index, error }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(REQUEST_CONCURRENCY, inputs.length) }, lane));
  const [first] = failures.sort((a, b) => a.index - b.index);
  if (first) throw first.error;
  return results;
}

/**
 * Polls the jobs until each is `completed` or `failed`, or the maximum wait is over. A round starts
 * when the soonest pending job is to be read (see `afterPendingRead`) and reads, together, every job
 * due within ROUND_WINDOW_MS of it.
 * Errors of one job (404...) end that job only. Cancelling the execution stops the wait at once.
 */
export async function waitForJobs(
  ctx: IExecuteFunctions,
  jobs: Job[],
  settings: WaitSettings,
): Promise<Map<number, JobOutcome>> {
  const signal = ctx.getExecutionCancelSignal?.();
  const started = Date.now();
  const outcomes = new Map<number, JobOutcome>();
  const lastResponse = new Map<number, StatusResponse>();
  let pending = [...jobs];

  while (pending.length > 0) {
    const remaining = settings.maxWaitMs - (Date.now() - started);
    if (remaining <= 0) {
      for (const job of pending) outcomes.set(job.itemIndex, { kind: 'timeout', response: lastResponse.get(job.itemIndex) });
      break;
    }
    const soonest = pending.reduce((earliest, job) => Math.min(earliest, job.readAt), Infinity);
    // The round at the maximum wait reads every pending job one last time.
    const last = soonest - Date.now() >= remaining;
    const delay = Math.max(0, Math.min(soonest - Date.now(), remaining));
    if (delay > 0) await pause(ctx, delay, signal);
    throwIfCancelled(ctx, signal);

    const due: Job[] = [];
    const stillPending: Job[] = [];
    for (const job of pending) (last || job.readAt <= soonest + ROUND_WINDOW_MS ? due : stillPending).push(job);
    const answers = await mapConcurrently(due, async (job): Promise<{ job: Job; response: StatusResponse } | { job: Job; error: Error }> => {
      try {
        const path = `/research-status/${encodeURIComponent(job.researchId)}`;
        return { job, response: (await apiRequest.call(ctx, 'GET', path, job.itemIndex)) as StatusResponse };
      } catch (error) {
        return { job, error: error as Error };
      }
    }, signal);
    throwIfCancelled(ctx, signal);
    for (const answer of answers) {
      const { job } = answer;
      if ('error' in answer) {
        outcomes.set(job.itemIndex, { kind: 'error', error: answer.error });
        continue;
      }
      lastResponse.set(job.itemIndex, answer.response);
      if (isFinal(answer.response.status)) outcomes.set(job.itemIndex, { kind: 'final', response: answer.response });
      else stillPending.push(afterPendingRead(job, answer.response, Date.now(), settings.pollIntervalMs));
    }
    pending = stillPending;
  }
  return outcomes;
}

export type OnFailure = 'stop' | 'output';

export interface ResultOptions {
  onFailure: OnFailure;
  /** The node's Simplify switch (see output.ts). */
  simple: boolean;
}

export interface WaitOptionValues {
  maxWaitSeconds?: number;
  pollIntervalSeconds?: number;
  onFailure?: OnFailure;
}

/** The wait options of both nodes (the "Options" collection). */
export const waitOptionProperties: INodeProperties[] = [
  {
    displayName: 'Max Wait (Seconds)',
    name: 'maxWaitSeconds',
    type: 'number',
    typeOptions: { minValue: 1 },
    default: DEFAULT_MAX_WAIT_SECONDS,
    description:
      'Stop waiting after this long; a job runs at most 3 minutes. An n8n Cloud webhook answers after 100 s: for webhook workflows turn waiting off and use Wait for Result later.',
  },
  {
    displayName: 'Poll Interval (Seconds)',
    name: 'pollIntervalSeconds',
    type: 'number',
    typeOptions: { minValue: 1 },
    default: DEFAULT_POLL_INTERVAL_SECONDS,
    description: 'How often to ask for the status of all pending jobs together (the API recommends 5 s)',
  },
  {
    displayName: 'On Failure or Time-Out',
    name: 'onFailure',
    type: 'options',
    default: 'stop',
    options: [
      {
        name: 'Stop the Workflow',
        value: 'stop',
        description: 'A failed job, or one still running at the maximum wait, raises an error',
      },
      {
        name: 'Output the Item With Status and Error',
        value: 'output',
        description: 'Pass on the item with research_id, status and error (timeout, internal_error or wait_timeout)',
      },
    ],
    description: 'What a job that failed, or did not finish within the maximum wait, does',
  },
];

export function readWaitOptions(values: WaitOptionValues): WaitSettings & { onFailure: OnFailure } {
  const seconds = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? value : fallback);
  return {
    maxWaitMs: seconds(values.maxWaitSeconds, DEFAULT_MAX_WAIT_SECONDS) * 1000,
    pollIntervalMs: seconds(values.pollIntervalSeconds, DEFAULT_POLL_INTERVAL_SECONDS) * 1000,
    onFailure: values.onFailure === 'output' ? 'output' : 'stop',
  };
}

/** One job's outcome as an output item, or an error (a failed job or a time-out with "stop"). */
function outcomeItem(
  ctx: IExecuteFunctions,
  job: Job,
  email: string | undefined,
  outcome: JobOutcome,
  options: ResultOptions,
  maxWaitMs: number,
): INodeExecutionData {
  const pairedItem = { item: job.itemIndex };
  if (outcome.kind === 'error') throw outcome.error;
  if (outcome.kind === 'final' && outcome.response.status === 'completed') {
    return { json: present(outcome.response, options.simple, email), pairedItem };
  }
  const timedOut = outcome.kind === 'timeout';
  const status = outcome.response?.status ?? 'processing';
  const code = timedOut ? 'wait_timeout' : String(outcome.response?.error ?? 'internal_error');
  if (options.onFailure === 'output') {
    return { json: present({ research_id: job.researchId, status, error: code }, options.simple, email), pairedItem };
  }
  const error = timedOut
    ? new NodeOperationError(ctx.getNode(), `Research ${job.researchId} did not finish within ${maxWaitMs / 1000} s (still ${status})`, {
        itemIndex: job.itemIndex,
        description:
          'Raise "Max Wait", or turn "Wait for Completion" off and read the result later with the Wait for Result node (the job keeps running).',
      })
    : new NodeOperationError(ctx.getNode(), `Research ${job.researchId} failed (${code})`, {
        itemIndex: job.itemIndex,
        description:
          code === 'timeout'
            ? 'The job ran over 3 minutes. Its credit was refunded; run the research again.'
            : 'The engine could not finish this job. Its credit was refunded; run the research again.',
      });
  error.context.code = code;
  error.context.research_id = job.researchId;
  error.context.status = status;
  throw error;
}

/**
 * A job to wait for: its item, and when the API accepted it with what estimate (unknown: read it at
 * once); the e-mail it researches, when the node submitted it.
 */
export interface AcceptedJob {
  itemIndex: number;
  researchId: string;
  acceptedAt?: number;
  estimatedSeconds?: unknown;
  email?: string;
}

/**
 * Waits for the jobs and writes one item per job into `results` (by item index), honouring
 * continue-on-fail. `optionsFor` reads each item's options; timing comes from the first job's item.
 * Answers the completed jobs' answers (for the node's hints).
 */
export async function collectResults(
  ctx: IExecuteFunctions,
  awaited: AcceptedJob[],
  results: Array<INodeExecutionData | undefined>,
  optionsFor: (itemIndex: number) => WaitSettings & ResultOptions,
): Promise<StatusResponse[]> {
  const first = awaited[0];
  if (!first) return [];
  const emails = new Map(awaited.map((job) => [job.itemIndex, job.email]));
  const timing = optionsFor(first.itemIndex);
  const now = Date.now();
  const jobs = awaited.map((job) =>
    newJob(job.itemIndex, job.researchId, job.acceptedAt ?? now, timing.pollIntervalMs, job.estimatedSeconds),
  );
  const outcomes = await waitForJobs(ctx, jobs, timing);
  const completed: StatusResponse[] = [];
  for (const job of jobs) {
    const outcome = outcomes.get(job.itemIndex) ?? { kind: 'timeout', response: undefined };
    if (outcome.kind === 'final' && outcome.response.status === 'completed') completed.push(outcome.response);
    const email = emails.get(job.itemIndex);
    try {
      results[job.itemIndex] = outcomeItem(ctx, job, email, outcome, optionsFor(job.itemIndex), timing.maxWaitMs);
    } catch (error) {
      if (!ctx.continueOnFail()) throw nodeError(ctx.getNode(), error, job.itemIndex);
      results[job.itemIndex] = errorItem(error, job.itemIndex, email);
    }
  }
  return completed;
}

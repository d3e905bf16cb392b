import type { Client } from '@hubspot/api-client';
import { bounded } from '../hubspotApi.ts';
import { type HubSpotError, hubspotError } from '../hubspotError.ts';

/** One contact's update: its id and the properties to write. */
export interface ContactUpdate {
  contact_id: string;
  properties: Record<string, string>;
}

/** Why HubSpot refused a contact, in its words. */
export interface Refusal {
  /** The answer's HTTP status: the whole answer's when it refused the request, 207 for an error in a multi-status answer. */
  status: number;
  category: string | null;
  message: string;
}

/** What a batch update did to its contacts, reported after each request so nothing done is forgotten if a later one fails. */
export interface BatchProgress {
  /** HubSpot took these contacts' values. */
  written(updates: ContactUpdate[]): Promise<void>;
  /** HubSpot refused these contacts for good, saying `refusal`. */
  refused(updates: ContactUpdate[], refusal: Refusal): Promise<void>;
}

/**
 * A 4xx that refuses the request as HubSpot will refuse it again: any but the token refused (401: the
 * caller drops it and the job retries with a new one), missing scopes (403: the portal's, not a
 * contact's), a request timeout (408) and the rate limit (429).
 */
export function refusedForGood(failure: HubSpotError): boolean {
  return failure.status >= 400 && failure.status < 500 && ![401, 403, 408, 429].includes(failure.status);
}

/** Categories of a multi-status error that say HubSpot could not, not would not: such contacts stay for the next run. */
const PASSING = new Set(['RATE_LIMITS', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE', 'TIMEOUT']);

interface ErrorBody {
  category?: unknown;
  message?: unknown;
  context?: unknown;
  errors?: unknown;
}

/**
 * The ids an error names among `ids`: those its `context` lists (HubSpot's `{ids: [...]}`, and the
 * context of each of its detailed `errors`), else numbers its message names that are ids of the batch
 * (`Could not find ... 4711`). Only ids of the batch count, so a number that is not one is harmless.
 */
export function namedIds(body: unknown, ids: ReadonlySet<string>): Set<string> {
  const named = new Set<string>();
  const bodies = [body, ...(Array.isArray((body as ErrorBody | null)?.errors) ? ((body as ErrorBody).errors as unknown[]) : [])];
  for (const part of bodies) {
    const context = (part as ErrorBody | null)?.context;
    if (!context || typeof context !== 'object') continue;
    for (const values of Object.values(context)) {
      for (const value of Array.isArray(values) ? values : [values]) if (ids.has(String(value))) named.add(String(value));
    }
  }
  if (named.size > 0) return named;
  for (const part of bodies) {
    const message = (part as ErrorBody | null)?.message;
    if (typeof message === 'string') for (const number of message.match(/\d+/g) ?? []) if (ids.has(number)) named.add(number);
  }
  return named;
}

/** HubSpot's words for a refusal: its category and message (a body that is not HubSpot's error shape, as text). */
export function refusalOf(status: number, body: unknown): Refusal {
  const error = body as ErrorBody | null;
  const category = typeof error?.category === 'string' ? error.category : null;
  const message = typeof error?.message === 'string' ? error.message : body === undefined || body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { status, category, message: message.slice(0, 1000) };
}

/** The requests a run made so far, and how many it may make. */
export interface RequestBudget {
  made: number;
  readonly limit: number;
}

/**
 * Sends `updates` (at most a batch) with `POST /crm/v3/objects/contacts/batch/update` and isolates what
 * HubSpot refuses, so one bad contact never holds up the others:
 * - 200: every contact written.
 * - 207: those in `results` written; each error's named contacts refused with its words (or left for the
 *   next run when the error says HubSpot could not, such as RATE_LIMITS); the rest sent again.
 * - A 4xx refusing the whole request (refusedForGood): the contacts it names refused, the rest sent
 *   again without them; naming none, the batch is halved, and halved again, until the contact HubSpot
 *   refuses is alone, and refused.
 * - Anything else (401, 403, 408, 429, 5xx, no answer) is thrown as a HubSpotError: what was done before
 *   is reported, the rest stays for the next run.
 Requests are counted in `budget`; once it is spent, the contacts left are not sent. Answers the
 * contacts neither written nor refused: left for the next run.
 */
export async function batchUpdate(client: Client, updates: ContactUpdate[], progress: BatchProgress, budget: RequestBudget): Promise<ContactUpdate[]> {
  const pending: ContactUpdate[] = [];
  const send = async (batch: ContactUpdate[]): Promise<void> => {
    if (batch.length === 0) return;
    if (budget.made >= budget.limit) {
      pending.push(...batch);
      return;
    }
    budget.made += 1;
    const ids = new Set(batch.map((update) => update.contact_id));
    let answer: { httpStatusCode: number; data: unknown };
    try {
      answer = await bounded(client.crm.contacts.batchApi.updateWithHttpInfo({ inputs: batch.map((update) => ({ id: update.contact_id, properties: update.properties })) }));
    } catch (error) {
      const failure = hubspotError('contacts batch update', error);
      if (!refusedForGood(failure)) throw failure;
      const refusal = refusalOf(failure.status, failure.body);
      const named = namedIds(failure.body, ids);
      if (named.size > 0) {
        await progress.refused(
          batch.filter((update) => named.has(update.contact_id)),
          refusal,
        );
        return send(batch.filter((update) => !named.has(update.contact_id)));
      }
      if (batch.length === 1) return progress.refused(batch, refusal);
      const half = Math.ceil(batch.length / 2);
      await send(batch.slice(0, half));
      return send(batch.slice(half));
    }
    const body = answer.data as { results?: { id?: unknown }[]; errors?: unknown[] } | undefined;
    if (answer.httpStatusCode !== 207 && !body?.errors?.length) return progress.written(batch);
    // Multi-status: some written, some not, each error naming its contacts.
    const accepted = new Set((body?.results ?? []).map((record) => String(record.id)).filter((id) => ids.has(id)));
    await progress.written(batch.filter((update) => accepted.has(update.contact_id)));
    const settled = new Set(accepted);
    for (const error of body?.errors ?? []) {
      const named = [...namedIds(error, ids)].filter((id) => !settled.has(id));
      for (const id of named) settled.add(id);
      const refusal = refusalOf(207, error);
      const these = batch.filter((update) => named.includes(update.contact_id));
      if (PASSING.has(refusal.category ?? '')) pending.push(...these);
      else if (these.length > 0) await progress.refused(these, refusal);
    }
    const rest = batch.filter((update) => !settled.has(update.contact_id));
    // Nothing written and nothing named: the answer says nothing of any contact; send them again, fewer at a time.
    if (rest.length === batch.length) {
      if (batch.length === 1) {
        pending.push(...batch);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await send(batch.slice(0, half));
      return send(batch.slice(half));
    }
    return send(rest);
  };
  await send(updates);
  return pending;
}

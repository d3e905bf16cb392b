import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { type Pool, transaction } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import { isPublicAddress } from '../platform/net/safeFetch.ts';
import type { Secrets } from '../platform/secrets.ts';
import { isoWithOffset, type Clock } from '../platform/time.ts';
import { EVENT_TYPES, type EventType, type WebhookView } from './contract.ts';
import { deliveryJob } from './tasks.ts';

/** The Secrets purpose of a subscription's signing secret at rest. */
export const SECRET_PURPOSE = 'webhook-secret';
/** Subscriptions an account may have. */
export const MAX_SUBSCRIPTIONS = 25;
const MAX_URL_LENGTH = 2048;

export interface SubscriptionInput {
  url: string;
  events: EventType[];
  autopilot?: string;
}

interface SubscriptionRow {
  id: string;
  url: string;
  events: EventType[];
  autopilot: string | null;
  created_at: Date;
  last_delivered_at: Date | null;
  failing_since: Date | null;
  last_error: string | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
}

export function invalidWebhook(problems: string[]): AppError {
  return new AppError('invalid_webhook', { problems: problems.map((message) => ({ message })) }, ['The webhook was not saved:', ...problems.map((problem) => `- ${problem}`)].join('\n'));
}

export function webhookNotFound(id: unknown): AppError {
  return new AppError('webhook_not_found', {}, `no webhook ${JSON.stringify(id)} in this account`);
}

/**
 * Reads `POST /webhooks`: `url` (http or https; not a private address unless the operator's switch
 * allows private targets: a host name is checked again, resolved, at each delivery, with its port), `events` (one or more of EVENT_TYPES), optional `autopilot` (a name).
 * `invalid_webhook` with every problem otherwise.
 */
export function parseSubscription(body: unknown, allowPrivateTargets: boolean): SubscriptionInput {
  const problems: string[] = [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidWebhook(['Send {"url": "https://...", "events": ["lead.responded"]} as JSON']);
  const { url, events, autopilot, ...rest } = body as Record<string, unknown>;
  for (const field of Object.keys(rest)) problems.push(`"${field}" is not a field of a webhook (url, events, autopilot)`);
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) problems.push(`"url" must be an http or https address of at most ${MAX_URL_LENGTH} characters`);
  else problems.push(...urlProblems(url, allowPrivateTargets));
  if (!Array.isArray(events) || events.length === 0) problems.push(`"events" must list one or more of: ${EVENT_TYPES.join(', ')}`);
  else {
    for (const type of events) if (!EVENT_TYPES.includes(type as EventType)) problems.push(`${JSON.stringify(type)} is not an event type (${EVENT_TYPES.join(', ')})`);
  }
  if (autopilot !== undefined && (typeof autopilot !== 'string' || autopilot.trim() === '' || autopilot.length > 200))
    problems.push('"autopilot" must be the name of one of the account\'s Autopilots');
  if (problems.length > 0) throw invalidWebhook(problems);
  return { url: url as string, events: [...new Set(events as EventType[])], ...(autopilot === undefined ? {} : { autopilot: autopilot as string }) };
}

function urlProblems(text: string, allowPrivateTargets: boolean): string[] {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [`"url" is not an address: ${JSON.stringify(text.slice(0, 100))}`];
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return ['"url" must be an http or https address'];
  if (url.username !== '' || url.password !== '') return ['"url" must not carry a user name or password (put a token in its path or query)'];
  if (allowPrivateTargets) return [];
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && !isPublicAddress(host))) {
    return [`"url" names a private address (${host}); a self-hosted engine whose targets run on its own network sets WEBHOOKS_ALLOW_PRIVATE_TARGETS=true`];
  }
  return [];
}

/** `whsec_` and 32 random bytes in base64: the Standard Webhooks form of a signing secret. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The view's columns of the subscriptions in `source` (the table, or rows a statement returned). */
const selectView = (
  source = 'webhook_subscriptions',
) => `SELECT s.id, s.url, s.events, a.name AS autopilot, s.created_at, s.last_delivered_at, s.failing_since, s.last_error, s.disabled_at, s.disabled_reason
  FROM ${source} s LEFT JOIN autopilots a ON a.id = s.autopilot_id`;

function view(row: SubscriptionRow): WebhookView {
  const at = (date: Date | null) => (date ? isoWithOffset(date) : null);
  return {
    id: Number(row.id),
    url: row.url,
    events: row.events,
    autopilot: row.autopilot,
    state: row.disabled_at ? 'disabled' : row.failing_since ? 'failing' : 'active',
    created_at: isoWithOffset(row.created_at),
    last_delivered_at: at(row.last_delivered_at),
    failing_since: at(row.failing_since),
    last_error: row.last_error,
    disabled_at: at(row.disabled_at),
    disabled_reason: row.disabled_reason,
  };
}

/**
 * Creates a subscription and answers it with its signing secret, which is shown this once. Events from
 * now on are delivered: earlier ones are in `GET /events`.
 */
export async function createSubscription(pool: Pool, secrets: Secrets, accountId: number, input: SubscriptionInput, clock: Clock): Promise<WebhookView> {
  const secret = newSecret();
  const created = await transaction(pool, async (client) => {
    // One account's creations one at a time, so its limit holds.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['webhook_subscriptions', accountId]);
    const { rows: counted } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_subscriptions WHERE account_id = $1', [accountId]);
    if (counted[0]!.n >= MAX_SUBSCRIPTIONS) throw invalidWebhook([`The account has ${MAX_SUBSCRIPTIONS} webhooks, the most it may have: delete one first`]);
    let autopilotId: number | null = null;
    if (input.autopilot !== undefined) {
      const { rows } = await client.query<{ id: string }>('SELECT id FROM autopilots WHERE account_id = $1 AND name = $2 AND archived_at IS NULL', [accountId, input.autopilot]);
      if (!rows[0]) throw invalidWebhook([`The account has no Autopilot named ${JSON.stringify(input.autopilot)}`]);
      autopilotId = Number(rows[0].id);
    }
    const { rows } = await client.query<SubscriptionRow>(
      `WITH created AS (
         INSERT INTO webhook_subscriptions (account_id, url, events, autopilot_id, secret, cursor, created_at)
         VALUES ($1, $2, $3, $4, $5, coalesce((SELECT max(seq) FROM events WHERE account_id = $1), 0), $6) RETURNING *)
       ${selectView('created')}`,
      [accountId, input.url, input.events, autopilotId, secrets.seal(SECRET_PURPOSE, secret), clock.now()],
    );
    return view(rows[0]!);
  });
  return { ...created, secret };
}

export async function listSubscriptions(pool: Pool, accountId: number): Promise<WebhookView[]> {
  const { rows } = await pool.query<SubscriptionRow>(`${selectView()} WHERE s.account_id = $1 ORDER BY s.id`, [accountId]);
  return rows.map(view);
}

/** Removes a subscription: nothing more is delivered to it (a delivery under way finishes its request). Answers what was removed. */
export async function deleteSubscription(pool: Pool, accountId: number, id: number): Promise<WebhookView> {
  const { rows } = await pool.query<SubscriptionRow>(`WITH removed AS (DELETE FROM webhook_subscriptions WHERE account_id = $1 AND id = $2 RETURNING *) ${selectView('removed')}`, [accountId, id]);
  if (!rows[0]) throw webhookNotFound(String(id));
  await pool.query('SELECT graphile_worker.remove_job($1)', [deliveryJob(id).jobKey]);
  return view(rows[0]);
}

import { addJob, type Clock, jsonTooDeep, MAX_JSON_DEPTH, type Pool, storable, transaction } from '@prospect-research/engine';
import { eventsJob } from '../tasks.ts';

/** One event of a HubSpot webhook batch (DESIGN.md, "HubSpot"); merges add mergedObjectIds and primaryObjectId. */
export interface WebhookEvent {
  eventId: number;
  subscriptionId?: number;
  portalId: number;
  appId: number;
  occurredAt: number;
  subscriptionType: string;
  attemptNumber?: number;
  objectId: number;
  propertyName?: string;
  propertyValue?: string;
  changeSource?: string;
  [field: string]: unknown;
}

/** HubSpot sends fewer than 100 a request; more is not HubSpot. */
export const MAX_EVENTS_PER_BATCH = 1000;

const wholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * Whether PostgreSQL can store every text in it (no NUL, no half of a surrogate pair): HubSpot never
 * sends such. It recurses: only over values parsed from text `jsonTooDeep` let through.
 */
function storableValue(value: unknown): boolean {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.every(storableValue);
  if (typeof value === 'object' && value !== null) return Object.entries(value).every(([key, item]) => storable(key) && storableValue(item));
  return true;
}

/** The events of a verified body, or a sentence saying what is wrong with it. */
export function parseEvents(body: string): WebhookEvent[] | string {
  if (jsonTooDeep(body)) return `the body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'the body is not JSON';
  }
  if (!Array.isArray(parsed)) return 'the body is not a JSON array of events';
  if (parsed.length > MAX_EVENTS_PER_BATCH) return `more than ${MAX_EVENTS_PER_BATCH} events`;
  for (const [index, event] of parsed.entries()) {
    const record = event as Record<string, unknown>;
    if (typeof event !== 'object' || event === null) return `event ${index + 1} is not an object`;
    if (!storableValue(event)) return `event ${index + 1} holds text that cannot be stored (a NUL, or half of a surrogate pair)`;
    for (const field of ['eventId', 'portalId', 'appId', 'occurredAt', 'objectId'] as const) {
      if (!wholeNumber(record[field])) return `event ${index + 1}: "${field}" must be a whole number`;
    }
    if (typeof record.subscriptionType !== 'string' || record.subscriptionType === '') return `event ${index + 1}: "subscriptionType" is missing`;
    for (const field of ['propertyName', 'propertyValue'] as const) {
      if (record[field] !== undefined && record[field] !== null && typeof record[field] !== 'string') return `event ${index + 1}: "${field}" must be text`;
    }
  }
  return parsed as WebhookEvent[];
}

/** How long the portal's oldest event not processed yet has been waiting (0 when none waits). */
export async function pendingForMs(pool: Pool, portalId: number, now: Date): Promise<number> {
  const { rows } = await pool.query<{ oldest: Date | null }>('SELECT min(received_at) AS oldest FROM hubspot_events WHERE portal_id = $1 AND processed_at IS NULL', [portalId]);
  return rows[0]?.oldest ? Math.max(0, now.getTime() - rows[0].oldest.getTime()) : 0;
}

/**
 * Stores the events of connected portals once each (a redelivery changes nothing) and queues each
 * portal's events job, in one transaction. Events of another app, or of a portal not connected, are
 * dropped: that portal's contacts are no longer taken. Answers how many were new.
 */
export async function storeEvents(pool: Pool, appId: number, events: WebhookEvent[], clock: Clock): Promise<{ stored: number; portals: number[] }> {
  const ours = events.filter((event) => event.appId === appId);
  if (ours.length === 0) return { stored: 0, portals: [] };
  return transaction(pool, async (client) => {
    const { rows } = await client.query<{ portal_id: string }>(
      `INSERT INTO hubspot_events (portal_id, event_id, subscription_type, object_id, property_name, property_value, occurred_at, received_at, event)
       SELECT e.portal_id, e.event_id, e.subscription_type, e.object_id, e.property_name, e.property_value, to_timestamp(e.occurred_at / 1000.0), $2, e.event
       FROM jsonb_to_recordset($1::jsonb) AS e (portal_id bigint, event_id bigint, subscription_type text, object_id bigint, property_name text,
                                                property_value text, occurred_at bigint, event jsonb)
       JOIN hubspot_portals p ON p.portal_id = e.portal_id AND p.state = 'connected'
       ON CONFLICT (portal_id, event_id) DO NOTHING
       RETURNING portal_id`,
      [
        JSON.stringify(
          ours.map((event) => ({
            portal_id: event.portalId,
            event_id: event.eventId,
            subscription_type: event.subscriptionType,
            object_id: event.objectId,
            property_name: event.propertyName ?? null,
            property_value: event.propertyValue ?? null,
            occurred_at: event.occurredAt,
            event,
          })),
        ),
        clock.now(),
      ],
    );
    const portals = [...new Set(rows.map((row) => Number(row.portal_id)))];
    for (const portalId of portals) await addJob(client, 'hubspot_process_events', { portalId }, eventsJob(portalId));
    return { stored: rows.length, portals };
  });
}

import { describe, expect, it } from 'vitest';
import { sendBatch, useHubSpotEngine } from '../support.ts';

/**
 * HubSpot's webhook route under the engine's limit for webhooks, per client address
 * (RATE_LIMIT_WEBHOOKS_PER_MINUTE; small here): signed or not, each delivery counts, and over the limit
 * the answer is 429 `too_many_requests` in the engine's body with `Retry-After`, which HubSpot retries.
 */
const fixture = useHubSpotEngine({ RATE_LIMIT_WEBHOOKS_PER_MINUTE: '4' });

describe('POST /hubspot/webhooks, rate limited per address', () => {
  it('answers the 5th delivery of a minute 429 too_many_requests with Retry-After', async () => {
    const timestamp = fixture.clock.now().getTime();
    // A batch of another app: taken (204) and stored nowhere.
    const other = [{ eventId: 1, subscriptionType: 'contact.creation', portalId: 1, appId: 999_999, occurredAt: timestamp, objectId: 1 }];
    for (let i = 0; i < 3; i++) expect((await sendBatch(fixture.engine.url, other, { timestamp })).status).toBe(204);
    expect((await sendBatch(fixture.engine.url, other, { timestamp, secret: 'forged' })).status).toBe(401);
    const limited = await sendBatch(fixture.engine.url, other, { timestamp });
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { retry_after_seconds: number };
    expect(body).toEqual({ error: 'too_many_requests', retry_after_seconds: expect.any(Number), message: expect.stringContaining('at most 4 a minute') });
    expect(Number(limited.headers.get('retry-after'))).toBe(body.retry_after_seconds);
  });
});

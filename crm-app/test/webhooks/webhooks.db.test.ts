/**
 * HubSpot's webhook batches against the running engine: signed as HubSpot signs them, stored once,
 * processed in the order they occurred, new contacts read 100 at a time and handed to the Autopilot.
 */
import { describe, expect, it } from 'vitest';
import { API, APP_ID, connectPortal, contactRecord, event, newCustomer, nock, PUBLIC_URL, sendBatch, until, useHubSpotEngine } from '../support.ts';

const fixture = useHubSpotEngine();

let portal = 5000;

async function connected() {
  const customer = await newCustomer(fixture);
  const portalId = ++portal;
  await connectPortal(fixture.engine.url, customer.account.id, portalId);
  return { customer, portalId };
}

async function contacts(accountId: number) {
  const { rows } = await fixture.engine.pool.query<{ contact_id: string; properties: Record<string, string> }>(
    'SELECT contact_id, properties FROM autopilot_contacts WHERE account_id = $1 ORDER BY contact_id::bigint',
    [accountId],
  );
  return rows;
}

async function events(portalId: number) {
  const { rows } = await fixture.engine.pool.query<{ event_id: string; outcome: string | null }>('SELECT event_id, outcome FROM hubspot_events WHERE portal_id = $1 ORDER BY event_id', [portalId]);
  return rows;
}

const allProcessed = (portalId: number) => async () => (await events(portalId)).every((row) => row.outcome !== null);

/** Waits for the portal's events to be processed; on timeout, says what the jobs last failed with. */
async function processed(portalId: number, timeoutMs?: number) {
  let jobs = '';
  await until(
    () => `the events of portal ${portalId} processed; jobs: ${jobs}`,
    async () => {
      jobs = JSON.stringify((await fixture.engine.pool.query('SELECT task_identifier, attempts, last_error FROM graphile_worker.jobs')).rows);
      return allProcessed(portalId)();
    },
    timeoutMs,
  );
}

describe('POST /hubspot/webhooks: the signature', () => {
  it('takes a batch HubSpot signed, and refuses a tampered body, another secret, a stale or future timestamp and a missing header with 401', async () => {
    const { portalId } = await connected();
    const batch = [event(portalId, 'contact.propertyChange', 1, Date.now(), { propertyName: 'country', propertyValue: 'Germany' })];
    const url = fixture.engine.url;
    expect((await sendBatch(url, batch)).status).toBe(204);
    expect((await sendBatch(url, batch, { tamper: (body) => body.replace('Germany', 'France') })).status).toBe(401);
    expect((await sendBatch(url, batch, { secret: 'another-secret' })).status).toBe(401);
    expect((await sendBatch(url, batch, { timestamp: fixture.clock.now().getTime() - 5 * 60_000 - 1000 })).status).toBe(401);
    expect((await sendBatch(url, batch, { timestamp: fixture.clock.now().getTime() + 6 * 60_000 })).status).toBe(401);
    // Signed for another address than the one HubSpot calls (PUBLIC_URL).
    expect((await sendBatch(url, batch, { signedUri: `http://127.0.0.1/hubspot/webhooks` })).status).toBe(401);
    const unsigned = await fetch(`${url}/hubspot/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ error: 'invalid_signature' });
  });

  it('checks the URI as HubSpot signs it: encoded characters of its table decoded, the query kept', async () => {
    const { portalId } = await connected();
    const batch = [event(portalId, 'contact.propertyChange', 2, Date.now(), { propertyName: 'city', propertyValue: 'Köln' })];
    // HubSpot calls .../hubspot/webhooks?source=hub%3Aspot%40eu%2C1&x=%20y and signs it with %3A, %40 and %2C decoded (not %20).
    const path = '/hubspot/webhooks?source=hub%3Aspot%40eu%2C1&x=%20y';
    const reply = await sendBatch(fixture.engine.url, batch, { path });
    expect(reply.status).toBe(204);
    // Signed over the encoded form: not what HubSpot does, refused.
    expect((await sendBatch(fixture.engine.url, batch, { path, signedUri: `${PUBLIC_URL}${path}` })).status).toBe(401);
  });

  it('answers 400 to a signed body that is not a batch of events, and 204 to a batch of another app, storing none of it', async () => {
    const { portalId } = await connected();
    const reply = await sendBatch(fixture.engine.url, { not: 'an array' } as never);
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ error: 'invalid_body' });
    expect((await sendBatch(fixture.engine.url, [{ ...event(portalId, 'contact.creation', 3, Date.now()), appId: APP_ID + 1 }])).status).toBe(204);
    expect(await events(portalId)).toEqual([]);
  });
});

describe('contact.creation', () => {
  it('reads 150 new contacts in two batch reads of at most 100 and hands them to the Autopilot once, however often HubSpot redelivers', async () => {
    const { customer, portalId } = await connected();
    const now = Date.now();
    const batch = Array.from({ length: 150 }, (_, i) => event(portalId, 'contact.creation', 1000 + i, now - 1000 + i));
    let asked: { inputs: { id: string }[]; properties: string[] } = { inputs: [], properties: [] };
    const read = nock(API)
      .post('/crm/v3/objects/contacts/batch/read', (body: typeof asked) => {
        asked = body;
        return body.inputs.length <= 100 && body.properties.includes('email');
      })
      .query({ archived: 'false' })
      .times(2)
      .reply(200, () => ({
        status: 'COMPLETE',
        results: asked.inputs.map(({ id }) => contactRecord(Number(id), { email: `person${id}@acme-${id}.com`, firstname: `P${id}`, country: null })),
        startedAt: new Date().toISOString(),
        completedAt: new Date().toISOString(),
      }));
    // HubSpot's batches hold fewer than 100 events; it sends the same ones again when an answer is late.
    expect((await sendBatch(fixture.engine.url, batch.slice(0, 90))).status).toBe(204);
    expect((await sendBatch(fixture.engine.url, batch.slice(90))).status).toBe(204);
    expect((await sendBatch(fixture.engine.url, batch.slice(40, 60))).status).toBe(204);
    await processed(portalId);
    expect(read.isDone()).toBe(true);
    const taken = await contacts(customer.account.id);
    expect(taken).toHaveLength(150);
    expect(taken[0]).toMatchObject({ contact_id: '1000', properties: { email: 'person1000@acme-1000.com', firstname: 'P1000' } });
    // A property HubSpot has no value for is not sent as one.
    expect(taken[0]!.properties).not.toHaveProperty('country');
    expect(await events(portalId)).toHaveLength(150);
  });

  it('marks a contact deleted before it was read as not found, and takes the others', async () => {
    const { customer, portalId } = await connected();
    nock(API)
      .post('/crm/v3/objects/contacts/batch/read')
      .query({ archived: 'false' })
      .reply(207, {
        status: 'COMPLETE',
        results: [contactRecord(21, { email: 'a@acme.com' })],
        errors: [{ status: 'error', category: 'OBJECT_NOT_FOUND', message: 'not found', context: { ids: ['22'] } }],
        startedAt: new Date().toISOString(),
        completedAt: new Date().toISOString(),
        numErrors: 1,
      });
    await sendBatch(fixture.engine.url, [event(portalId, 'contact.creation', 21, Date.now()), event(portalId, 'contact.creation', 22, Date.now())]);
    await processed(portalId);
    expect((await contacts(customer.account.id)).map((row) => row.contact_id)).toEqual(['21']);
    expect((await events(portalId)).map((row) => row.outcome)).toEqual(['taken', 'not_found']);
  });

  it('waits when HubSpot is down (nothing is marked), and takes the contacts when it is back', async () => {
    const { customer, portalId } = await connected();
    nock(API).post('/crm/v3/objects/contacts/batch/read').query({ archived: 'false' }).reply(503, { status: 'error', message: 'down' });
    nock(API)
      .post('/crm/v3/objects/contacts/batch/read')
      .query({ archived: 'false' })
      .reply(200, { status: 'COMPLETE', results: [contactRecord(31, { email: 'b@acme.com' })], startedAt: '', completedAt: '' });
    await sendBatch(fixture.engine.url, [event(portalId, 'contact.creation', 31, Date.now())]);
    await processed(portalId, 30_000);
    expect((await contacts(customer.account.id)).map((row) => row.contact_id)).toEqual(['31']);
  });
});

describe('contact.propertyChange', () => {
  it('applies changes in the order they occurred, not of arrival: an older change arriving late is stale', async () => {
    const { customer, portalId } = await connected();
    nock(API)
      .post('/crm/v3/objects/contacts/batch/read')
      .query({ archived: 'false' })
      .reply(200, { status: 'COMPLETE', results: [contactRecord(41, { email: 'c@acme.com', country: 'Spain' })], startedAt: '', completedAt: '' });
    const t = Date.now() - 60_000;
    await sendBatch(fixture.engine.url, [event(portalId, 'contact.creation', 41, t)]);
    await processed(portalId);
    const older = event(portalId, 'contact.propertyChange', 41, t + 1000, { propertyName: 'country', propertyValue: 'Italy' });
    const newer = event(portalId, 'contact.propertyChange', 41, t + 2000, { propertyName: 'country', propertyValue: 'Germany' });
    // Both in one batch, the newer first: taken in occurredAt order, the last one wins.
    await sendBatch(fixture.engine.url, [newer, older]);
    await processed(portalId);
    expect((await contacts(customer.account.id))[0]!.properties.country).toBe('Germany');
    // One older still, arriving after both: stale, the contact keeps Germany.
    const late = event(portalId, 'contact.propertyChange', 41, t + 1500, { propertyName: 'country', propertyValue: 'France' });
    await sendBatch(fixture.engine.url, [late]);
    await processed(portalId);
    expect((await contacts(customer.account.id))[0]!.properties.country).toBe('Germany');
    const outcomes = Object.fromEntries((await events(portalId)).map((row) => [row.event_id, row.outcome]));
    expect(outcomes[String(late.eventId)]).toBe('stale');
    // A contact the app never took (created before the install) changes nothing.
    await sendBatch(fixture.engine.url, [event(portalId, 'contact.propertyChange', 999, Date.now(), { propertyName: 'country', propertyValue: 'Peru' })]);
    await processed(portalId);
    expect((await events(portalId)).at(-1)!.outcome).toBe('unknown_contact');
  });
});

describe('a disconnected portal', () => {
  it('is no longer taken from: its events are dropped on arrival', async () => {
    const { customer, portalId } = await connected();
    await fixture.engine.pool.query(`UPDATE hubspot_portals SET state = 'disconnected', refresh_token = NULL, access_token = NULL WHERE portal_id = $1`, [portalId]);
    expect((await sendBatch(fixture.engine.url, [event(portalId, 'contact.creation', 51, Date.now())])).status).toBe(204);
    expect(await events(portalId)).toEqual([]);
    expect(await contacts(customer.account.id)).toEqual([]);
  });
});

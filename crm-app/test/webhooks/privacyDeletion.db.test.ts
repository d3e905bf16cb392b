/** contact.privacyDeletion: HubSpot's GDPR deletion erases the person from the engine and from the app's own records. */
import { crmPort, createLogger } from '@prospect-research/engine';
import { client } from '@prospect-research/engine/testing';
import { describe, expect, it } from 'vitest';
import { processEvents } from '../../src/webhooks/process.ts';
import { API, connectPortal, contactRecord, event, everyone, mockBatchUpdates, newCustomer, nock, queueWriteback, sendBatch, until, useHubSpotEngine } from '../support.ts';

// The app with every module that can hold a person, the events outbox included.
const fixture = useHubSpotEngine({}, { events: true });
const clock = fixture.clock;
const pool = () => fixture.engine.pool;

const GRETA = { email: 'greta.holm@fjordtext.no', firstname: 'Greta', lastname: 'Holmqvist', phone: '+47 22 55 01 99', company: 'Fjordtext AS' };
const NEEDLES = ['greta.holm', 'holmqvist', '22 55 01 99'];

/** Where any needle is found in any text, JSON or array column of any table (case ignored). */
async function findInDatabase(needles: string[]): Promise<string[]> {
  const { rows: columns } = await pool().query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT c.table_schema, c.table_name, c.column_name
     FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
       AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')`,
  );
  const found: string[] = [];
  for (const { table_schema: schema, table_name: table, column_name: column } of columns) {
    const { rows } = await pool().query<{ needle: string }>(
      `SELECT DISTINCT n.needle FROM "${schema}"."${table}" t, unnest($1::text[]) AS n (needle) WHERE strpos(lower(t."${column}"::text), n.needle) > 0`,
      [needles],
    );
    for (const row of rows) found.push(`${schema}.${table}.${column}: ${row.needle}`);
  }
  return found;
}

async function processed(portalId: number) {
  await until('events processed', async () => (await pool().query('SELECT 1 FROM hubspot_events WHERE portal_id = $1 AND processed_at IS NULL', [portalId])).rows.length === 0);
}

async function outcomeOf(portalId: number, type: string, objectId: number): Promise<string[]> {
  const { rows } = await pool().query<{ outcome: string }>('SELECT outcome FROM hubspot_events WHERE portal_id = $1 AND subscription_type = $2 AND object_id = $3 ORDER BY event_id', [
    portalId,
    type,
    objectId,
  ]);
  return rows.map((row) => row.outcome);
}

/** A connected portal whose account enrols everyone; `contacts` taken from HubSpot creations and enrolled, their research done. */
async function portalWith(portalId: number, contacts: Record<number, Record<string, string>>) {
  const customer = await newCustomer(fixture);
  await connectPortal(fixture.engine.url, customer.account.id, portalId);
  const put = await client(fixture.engine.url, customer.key).request('PUT', '/autopilots/Everyone', { body: everyone });
  expect(put.status, JSON.stringify(put.body)).toBeLessThan(300);
  const created = new Date(clock.now().getTime() + 1000);
  for (const [id, properties] of Object.entries(contacts)) {
    nock(API)
      .post('/crm/v3/objects/contacts/batch/read')
      .query(true)
      .reply(200, { status: 'COMPLETE', results: [contactRecord(Number(id), properties, created)], startedAt: '', completedAt: '' });
    await sendBatch(fixture.engine.url, [event(portalId, 'contact.creation', Number(id), created.getTime())]);
    await until(`contact ${id} enrolled`, async () => (await pool().query('SELECT 1 FROM autopilot_leads WHERE account_id = $1 AND contact_id = $2', [customer.account.id, id])).rows.length === 1);
  }
  await until('research done', async () => (await pool().query(`SELECT 1 FROM research_jobs WHERE account_id = $1 AND status IN ('queued', 'processing')`, [customer.account.id])).rows.length === 0);
  return customer;
}

describe('contact.privacyDeletion', () => {
  it("erases the contact in the engine and the app's own copies (event values, what writeback wrote, HubSpot's refusals' words), logged as the CRM's privacy deletion", async () => {
    const customer = await portalWith(8101, { 301: GRETA, 302: { email: 'p302@acme-302.com', lastname: 'Zweite' } });
    // A property change HubSpot sent about her (its value is kept with the event), what writeback wrote, a note HubSpot refused in words.
    const changedAt = Date.now();
    await sendBatch(fixture.engine.url, [event(8101, 'contact.propertyChange', 301, changedAt, { propertyName: 'lastname', propertyValue: 'Holmqvist-Berg' })]);
    await processed(8101);
    const updates = mockBatchUpdates();
    await queueWriteback(fixture, 8101);
    await until('the leads written', async () => (await pool().query('SELECT 1 FROM hubspot_written WHERE portal_id = 8101')).rows.length === 2);
    expect(updates.bodies).toHaveLength(1);
    const { rows: lead } = await pool().query<{ research_id: string }>(`SELECT research_id FROM autopilot_leads WHERE account_id = $1 AND contact_id = '301'`, [customer.account.id]);
    await pool().query(`INSERT INTO hubspot_notes (portal_id, research_id, contact_id, refusal, created_at) VALUES (8101, $1, '301', $2, now())`, [
      lead[0]!.research_id,
      JSON.stringify({ status: 400, body: { message: 'Property values were not valid: Greta Holmqvist' } }),
    ]);
    await pool().query(`INSERT INTO hubspot_refused (portal_id, contact_id, properties_md5, status, category, message, refused_at) VALUES (8101, '301', 'x', 207, 'VALIDATION_ERROR', $1, now())`, [
      'Property values were not valid: "Greta Holmqvist"',
    ]);
    expect((await findInDatabase(NEEDLES)).length).toBeGreaterThan(5);

    await sendBatch(fixture.engine.url, [event(8101, 'contact.privacyDeletion', 301, Date.now()), event(8101, 'contact.privacyDeletion', 399, Date.now())]);
    await processed(8101);
    expect(await outcomeOf(8101, 'contact.privacyDeletion', 301)).toEqual(['erased']);
    expect(await outcomeOf(8101, 'contact.privacyDeletion', 399)).toEqual(['unknown_contact']);
    expect(await findInDatabase(NEEDLES)).toEqual([]);

    const { rows: log } = await pool().query('SELECT source, contact_id, requested_by FROM autopilot_erasures WHERE account_id = $1', [customer.account.id]);
    expect(log).toEqual([{ source: 'hubspot:8101', contact_id: '301', requested_by: 'crm_privacy_deletion' }]);
    const contact = (await client(fixture.engine.url, customer.key).request('GET', '/autopilot/contacts/301?source=hubspot:8101')).body;
    expect(contact).toMatchObject({ email: null, properties: {}, lead: { outcome: 'Closed', end_reason: 'closed_manually' } });
    expect(contact.erased_at).not.toBeNull();
    const { rows: written } = await pool().query('SELECT contact_id FROM hubspot_written WHERE portal_id = 8101');
    expect(written).toEqual([{ contact_id: '302' }]);
    const { rows: notes } = await pool().query('SELECT contact_id, refusal FROM hubspot_notes WHERE portal_id = 8101');
    expect(notes).toEqual([{ contact_id: '301', refusal: { status: 400 } }]);

    // HubSpot delivers late a change made before the deletion: stored without its value, it finds the contact erased.
    await sendBatch(fixture.engine.url, [event(8101, 'contact.propertyChange', 301, changedAt + 1, { propertyName: 'lastname', propertyValue: 'Holmqvist' })]);
    await processed(8101);
    expect(await outcomeOf(8101, 'contact.propertyChange', 301)).toEqual(['taken', 'unknown_contact']);
    expect(await findInDatabase(NEEDLES)).toEqual([]);
    // Nothing more is written to her: the writeback finds nothing to send (nock has no answer for a request).
    await queueWriteback(fixture, 8101);
    await until('the writeback done', async () => (await pool().query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_writeback'`)).rows.length === 0);
    const { rows: errors } = await pool().query(`SELECT last_error FROM graphile_worker.jobs WHERE last_error IS NOT NULL`);
    expect(errors).toEqual([]);
  });

  it("takes the words about the person out of a workflow action's kept answer, keeping its statuses", async () => {
    const customer = await portalWith(8104, { 331: { ...GRETA, email: 'greta.lund@fjordtext.no' } });
    const summary = 'Greta Lund runs finance at Fjordtext';
    await pool().query(
      `INSERT INTO hubspot_workflow_executions (callback_id, portal_id, action, object_id, state, outputs, received_at) VALUES ('erase-331', 8104, 'research', '331', 'completed', $1, now())`,
      [{ research_status: 'completed', research_summary: summary, reason: 'Researched greta.lund@fjordtext.no' }],
    );
    const erased = await client(fixture.engine.url, customer.key).request('DELETE', '/autopilot/contacts/331?erase=true&source=hubspot:8104');
    expect(erased.body).toMatchObject({ id: '331', source: 'hubspot:8104' });
    const { rows } = await pool().query(`SELECT state, outputs FROM hubspot_workflow_executions WHERE callback_id = 'erase-331'`);
    expect(rows).toEqual([{ state: 'completed', outputs: { research_status: 'completed' } }]);
  });

  it("erases the research a workflow action ran of a contact the Autopilot never took, and the action's words about it", async () => {
    const customer = await portalWith(8105, {});
    const research = await client(fixture.engine.url, customer.key).research({ email: 'greta.holm@fjordtext.no' });
    expect(research.status).toBe(202);
    await pool().query(
      `INSERT INTO hubspot_workflow_executions (callback_id, portal_id, action, object_id, state, outputs, research_id, received_at) VALUES ('erase-341', 8105, 'research', '341', 'completed', $1, $2, now())`,
      [{ research_status: 'completed', research_summary: 'Greta Holmqvist runs finance at Fjordtext', reason: 'Researched greta.holm@fjordtext.no' }, research.body.research_id],
    );
    await sendBatch(fixture.engine.url, [event(8105, 'contact.privacyDeletion', 341, Date.now())]);
    await processed(8105);
    expect(await outcomeOf(8105, 'contact.privacyDeletion', 341)).toEqual(['erased']);
    const { rows } = await pool().query(`SELECT state, outputs FROM hubspot_workflow_executions WHERE callback_id = 'erase-341'`);
    expect(rows).toEqual([{ state: 'completed', outputs: { research_status: 'completed' } }]);
    expect(await findInDatabase(NEEDLES)).toEqual([]);
  });

  it('erases a portal contact the API or the CLI erases (?source=hubspot:<portal>), and one whose portal went away before its privacy deletion was processed', async () => {
    const customer = await portalWith(8102, { 311: { ...GRETA, email: 'greta.holm@fjordtext.no' }, 312: { email: 'nils.holmqvist@fjordtext.no', lastname: 'Holmqvist' } });
    const updates = mockBatchUpdates();
    await queueWriteback(fixture, 8102);
    await until('the leads written', async () => (await pool().query('SELECT 1 FROM hubspot_written WHERE portal_id = 8102')).rows.length === 2);
    expect(updates.bodies).toHaveLength(1);

    const erased = await client(fixture.engine.url, customer.key).request('DELETE', '/autopilot/contacts/311?erase=true&source=hubspot:8102');
    expect(erased.body).toMatchObject({ id: '311', source: 'hubspot:8102', closed_lead: expect.any(Number) });
    const { rows: written } = await pool().query('SELECT contact_id FROM hubspot_written WHERE portal_id = 8102');
    expect(written).toEqual([{ contact_id: '312' }]);

    // A privacy deletion stored while the portal was connected, processed after it was disconnected: still erased.
    await pool().query(
      `INSERT INTO hubspot_events (portal_id, event_id, subscription_type, object_id, occurred_at, received_at, event) VALUES (8102, 990001, 'contact.privacyDeletion', 312, now(), now(), '{}')`,
    );
    await pool().query(`UPDATE hubspot_portals SET state = 'disconnected', refresh_token = NULL, access_token = NULL, disconnected_at = now() WHERE portal_id = 8102`);
    const counts = await processEvents(
      { pool: pool(), port: crmPort(pool(), clock), clock, log: createLogger('silent'), client: () => Promise.reject(new Error('a disconnected portal is not called')) },
      8102,
    );
    expect(counts).toMatchObject({ erased: 1 });
    expect(await outcomeOf(8102, 'contact.privacyDeletion', 312)).toEqual(['erased']);
    expect(await findInDatabase(NEEDLES)).toEqual([]);
  });
});

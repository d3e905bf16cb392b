/**
 * One engine account, two HubSpot portals: each portal's contacts are its own (source `hubspot:<portal>`),
 * so the same contact id created in both is two people, two leads, two research notes, and a deletion
 * or a merge in one portal changes nothing in the other.
 */
import { client } from '@prospect-research/engine/testing';
import { describe, expect, it } from 'vitest';
import { API, type BatchUpdate, connectPortal, contactRecord, event, everyone, newCustomer, nock, queueWriteback, sendBatch, storedBrief, until, useHubSpotEngine } from './support.ts';

const fixture = useHubSpotEngine();
const pool = () => fixture.engine.pool;

const A = 9101;
const B = 9102;
const bearer = (portalId: number) => `Bearer access-${portalId}`;

interface Lead {
  source: string;
  contact_id: string;
  outcome: string;
  end_reason: string | null;
  email: string;
}

async function leads(accountId: number): Promise<Lead[]> {
  const { rows } = await pool().query<Lead>(
    `SELECT l.source, l.contact_id, l.outcome, l.end_reason, c.email FROM autopilot_leads l
     JOIN autopilot_contacts c ON c.account_id = l.account_id AND c.source = l.source AND c.contact_id = l.contact_id
     WHERE l.account_id = $1 ORDER BY l.source, l.contact_id`,
    [accountId],
  );
  return rows;
}

/**
 * HubSpot's batch read of new contacts, answered for one portal only (its access token), with `people`
 * by id. nock hands a reply function no body with fetch: the matcher keeps what was asked.
 */
function mockContactsOf(portalId: number, people: Record<number, string>, created: Date) {
  let asked: string[] = [];
  return nock(API)
    .post('/crm/v3/objects/contacts/batch/read', (body: { inputs?: { id: string }[] }) => {
      asked = body.inputs?.map((input) => input.id) ?? [];
      return true;
    })
    .matchHeader('authorization', bearer(portalId))
    .query(true)
    .reply(200, () => ({
      status: 'COMPLETE',
      results: asked.filter((id) => people[Number(id)]).map((id) => contactRecord(Number(id), { email: people[Number(id)]! }, created)),
      startedAt: '',
      completedAt: '',
    }));
}

interface Written {
  /** The portal whose token asked. */
  portal: number;
  updates: BatchUpdate['inputs'];
  notes: { contact: string; body: string }[];
}

/** Records every batch update and note HubSpot is asked for, with the portal whose access token asked. */
function recordWrites(): Written[] {
  const written: Written[] = [];
  const portalOf = (request: Request) => Number(/^Bearer access-([0-9]+)$/.exec(request.headers.get('authorization') ?? '')?.[1]);
  nock(API)
    .post('/crm/v3/objects/contacts/batch/update')
    .reply(async (request: Request) => {
      const body = (await request.json()) as BatchUpdate;
      written.push({ portal: portalOf(request), updates: body.inputs, notes: [] });
      return [200, { status: 'COMPLETE', results: [], startedAt: '', completedAt: '' }];
    })
    .persist();
  nock(API)
    .post('/crm/v3/objects/notes')
    .reply(async (request: Request) => {
      const body = (await request.json()) as { properties: { hs_note_body: string }; associations: { to: { id: string } }[] };
      written.push({ portal: portalOf(request), updates: [], notes: [{ contact: body.associations[0]!.to.id, body: body.properties.hs_note_body }] });
      return [201, { id: String(70_000 + written.length), properties: {}, createdAt: '2026-11-22T03:06:21.000Z', updatedAt: '2026-11-22T03:06:21.000Z', archived: false }];
    })
    .persist();
  return written;
}

/** Runs a portal's writeback alone, and answers what HubSpot received from it, by the portal whose token asked. */
async function writeBack(accountId: number, written: Written[], portalId: number) {
  written.length = 0;
  await queueWriteback(fixture, portalId);
  await settled(accountId);
  expect(new Set(written.map((write) => write.portal))).toEqual(new Set(written.length ? [portalId] : []));
  return { updates: written.flatMap((write) => write.updates), notes: written.flatMap((write) => write.notes) };
}

async function completeResearch(accountId: number, source: string, contactId: string, name: string): Promise<void> {
  const brief = storedBrief({ prospect: { name, summary: `${name} runs finance.` } });
  await pool().query(
    `UPDATE research_jobs SET status = 'completed', error = NULL, result = $3, empty_reason = NULL, finished_at = now()
     WHERE id = (SELECT research_id FROM autopilot_leads WHERE account_id = $1 AND source = $2 AND contact_id = $4)`,
    [accountId, source, JSON.stringify(brief.stored), contactId],
  );
}

async function settled(accountId: number) {
  await until('events processed', async () => (await pool().query('SELECT 1 FROM hubspot_events WHERE processed_at IS NULL')).rows.length === 0);
  await until('writeback done', async () => (await pool().query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier LIKE 'hubspot_%'`)).rows.length === 0);
  await until('research done', async () => (await pool().query(`SELECT 1 FROM research_jobs WHERE account_id = $1 AND status IN ('queued', 'processing')`, [accountId])).rows.length === 0);
}

describe('one account, two portals', () => {
  it('keeps each portal to its own contacts: the same id in both is two leads, and writes, notes, a deletion and a merge never cross', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, A);
    await connectPortal(fixture.engine.url, customer.account.id, B);
    expect((await client(fixture.engine.url, customer.key).request('PUT', '/autopilots/Everyone', { body: everyone })).status).toBe(201);

    // Contact 500 is Ada in portal A and Bob in portal B; 501 and 502 exist in both portals too.
    const created = new Date(fixture.clock.now().getTime() + 1000);
    mockContactsOf(A, { 500: 'ada@a-corp.example', 501: 'cy@a-corp.example', 502: 'di@a-corp.example' }, created);
    mockContactsOf(B, { 500: 'bob@b-corp.example', 501: 'ed@b-corp.example' }, created);
    // One batch, as HubSpot sends an app's events, holds both portals'.
    const at = created.getTime();
    expect(
      (
        await sendBatch(fixture.engine.url, [
          event(A, 'contact.creation', 500, at),
          event(B, 'contact.creation', 500, at),
          event(A, 'contact.creation', 501, at),
          event(A, 'contact.creation', 502, at),
          event(B, 'contact.creation', 501, at),
        ])
      ).status,
    ).toBe(204);
    await until('five leads', async () => (await leads(customer.account.id)).length === 5);
    await settled(customer.account.id);
    expect((await leads(customer.account.id)).map(({ source, contact_id, email }) => [source, contact_id, email])).toEqual([
      [`hubspot:${A}`, '500', 'ada@a-corp.example'],
      [`hubspot:${A}`, '501', 'cy@a-corp.example'],
      [`hubspot:${A}`, '502', 'di@a-corp.example'],
      [`hubspot:${B}`, '500', 'bob@b-corp.example'],
      [`hubspot:${B}`, '501', 'ed@b-corp.example'],
    ]);
    // The API addresses each by its source; without one, the API's own contacts (none here).
    const api = client(fixture.engine.url, customer.key);
    expect((await api.request('GET', `/autopilot/contacts/500?source=hubspot:${B}`)).body).toMatchObject({ id: '500', source: `hubspot:${B}`, email: 'bob@b-corp.example', state: 'enrolled' });
    expect((await api.request('GET', '/autopilot/contacts/500')).status).toBe(404);

    // Writeback and notes: each portal gets its own people, under its own token.
    await completeResearch(customer.account.id, `hubspot:${A}`, '500', 'Ada Byron');
    await completeResearch(customer.account.id, `hubspot:${B}`, '500', 'Bob Baker');
    const written = recordWrites();
    const toA = await writeBack(customer.account.id, written, A);
    const toB = await writeBack(customer.account.id, written, B);
    expect(toA.updates.map((input) => input.id).sort()).toEqual(['500', '501', '502']);
    expect(toB.updates.map((input) => input.id).sort()).toEqual(['500', '501']);
    expect(toA.updates.find((input) => input.id === '500')!.properties.prospect_research_research_summary).toBe('Ada Byron runs finance.');
    expect(toB.updates.find((input) => input.id === '500')!.properties.prospect_research_research_summary).toBe('Bob Baker runs finance.');
    expect(toA.notes.map((note) => note.contact)).toEqual(['500']);
    expect(toA.notes[0]!.body).toContain('Ada Byron');
    expect(toA.notes[0]!.body).not.toContain('Bob Baker');
    expect(toB.notes.map((note) => note.contact)).toEqual(['500']);
    expect(toB.notes[0]!.body).toContain('Bob Baker');

    // 500 deleted in B, and 502 merged into 501 in A.
    const later = Date.now();
    await sendBatch(fixture.engine.url, [
      event(B, 'contact.deletion', 500, later),
      event(A, 'contact.merge', 501, later, { primaryObjectId: 501, mergedObjectIds: [502], newObjectId: 501, numberOfPropertiesMoved: 2 }),
    ]);
    await settled(customer.account.id);
    expect((await leads(customer.account.id)).map(({ source, contact_id, outcome, end_reason }) => [source, contact_id, outcome, end_reason])).toEqual([
      [`hubspot:${A}`, '500', 'Active', null],
      [`hubspot:${A}`, '501', 'Active', null],
      [`hubspot:${A}`, '502', 'Closed', 'closed_manually'],
      [`hubspot:${B}`, '500', 'Closed', 'closed_manually'],
      [`hubspot:${B}`, '501', 'Active', null],
    ]);
    const { rows: merged } = await pool().query('SELECT portal_id, merged_id, primary_id FROM hubspot_merged_contacts ORDER BY portal_id');
    expect(merged).toEqual([{ portal_id: A, merged_id: 502, primary_id: 501 }]);

    // Nothing goes to B's deleted contact or A's merged-away one; nothing of one portal reaches the other.
    expect(await writeBack(customer.account.id, written, A)).toEqual({ updates: [], notes: [] });
    expect(await writeBack(customer.account.id, written, B)).toEqual({ updates: [], notes: [] });
    expect((await api.request('GET', `/autopilot/contacts/500?source=hubspot:${A}`)).body).toMatchObject({ state: 'enrolled', removed_at: null });
    expect((await api.request('GET', `/autopilot/contacts/500?source=hubspot:${B}`)).body).toMatchObject({ state: 'enrolled', removed_at: expect.any(String) });
  });
});

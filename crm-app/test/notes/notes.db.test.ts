/** Research briefs logged as notes on their contacts, and the research summary written with the other properties. */
import { createLogger } from '@prospect-research/engine';
import { describe, expect, it } from 'vitest';
import { portalClient } from '../../src/hubspotApi.ts';
import { NOTE_TO_CONTACT, writeNotes } from '../../src/notes/writeNotes.ts';
import { disconnectPortal } from '../../src/portals.ts';
import { savePreferences } from '../../src/portalSettings/preferences.ts';
import { SUMMARY_LIMIT } from '../../src/writeback/writeback.ts';
import { API, enrolContacts, event, mockBatchUpdates, nock, sendBatch, storedBrief, until, useHubSpotEngine } from '../support.ts';

const fixture = useHubSpotEngine();

interface NoteRequest {
  properties: { hs_timestamp: string; hs_note_body: string };
  associations: { to: { id: string }; types: { associationCategory: string; associationTypeId: number }[] }[];
}

const pool = () => fixture.engine.pool;

/** Answers every batch update of the test (the properties go first in each writeback run), keeping what each asked. */
const mockUpdates = () => mockBatchUpdates({ persist: true }).bodies;

/** Answers note creations with `status` `times` times (after `delayMs`), keeping what each asked. */
function mockNotes(requests: NoteRequest[], status = 201, options: { times?: number; delayMs?: number; headers?: Record<string, string>; id?: string } = {}) {
  return nock(API)
    .post('/crm/v3/objects/notes', (body: NoteRequest) => {
      if (body.properties?.hs_note_body) requests.push(body);
      return true;
    })
    .times(options.times ?? 1)
    .delay(options.delayMs ?? 0)
    .reply(
      status,
      status === 201
        ? { id: options.id ?? '9001', properties: {}, createdAt: '2026-11-22T03:06:21.000Z', updatedAt: '2026-11-22T03:06:21.000Z', archived: false }
        : { status: 'error', message: status === 429 ? 'You have reached your ten_secondly_rolling limit.' : 'Internal error', category: status === 429 ? 'RATE_LIMITS' : 'INTERNAL_ERROR' },
      options.headers ?? {},
    );
}

/** Answers the contact's note associations (GET /crm/v4/.../associations/notes) and a batch read of those notes with `bodies`. */
function mockLoggedNotes(contactId: number, bodies: Record<string, string>) {
  const ids = Object.keys(bodies);
  const association = nock(API)
    .get(`/crm/v4/objects/contacts/${contactId}/associations/notes`)
    .query(true)
    .reply(200, { results: ids.map((id) => ({ toObjectId: Number(id), associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: NOTE_TO_CONTACT, label: null }] })) });
  if (ids.length === 0) return association;
  return nock(API)
    .post('/crm/v3/objects/notes/batch/read', (body: { inputs?: { id: string }[] }) => JSON.stringify(body.inputs?.map((input) => input.id)) === JSON.stringify(ids))
    .query({ archived: 'false' })
    .reply(200, {
      status: 'COMPLETE',
      results: ids.map((id) => ({ id, properties: { hs_note_body: bodies[id], hs_object_id: id }, createdAt: '2026-11-22T03:06:21.000Z', updatedAt: '2026-11-22T03:06:21.000Z', archived: false })),
      startedAt: '2026-11-22T03:07:00.000Z',
      completedAt: '2026-11-22T03:07:00.100Z',
    });
}

/** The research of the lead of `contactId` completed with `brief` (the sources of this engine find nothing, so the test gives it one). */
async function completeWith(accountId: number, contactId: number, brief: ReturnType<typeof storedBrief>): Promise<string> {
  const { rows } = await pool().query<{ research_id: string }>('SELECT research_id FROM autopilot_leads WHERE account_id = $1 AND contact_id = $2', [accountId, String(contactId)]);
  await pool().query(`UPDATE research_jobs SET status = 'completed', error = NULL, result = $2, empty_reason = NULL, finished_at = '2026-11-22T03:06:20.709Z' WHERE id = $1`, [
    rows[0]!.research_id,
    JSON.stringify(brief.stored),
  ]);
  return rows[0]!.research_id;
}

async function queueWriteback(portalId: number) {
  await pool().query(
    `SELECT graphile_worker.add_job('hubspot_writeback', json_build_object('portalId', $1::bigint), job_key := 'hubspot_writeback:' || $1, queue_name := 'hubspot_writeback:' || $1)`,
    [portalId],
  );
}

/** The writeback jobs have all run: none left, none failed for good. */
async function writebackDone() {
  await until('the writeback done', async () => (await pool().query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_writeback'`)).rows.length === 0);
}

async function notes(portalId: number) {
  const { rows } = await pool().query<{ research_id: string; contact_id: string; note_id: string | null; refusal: unknown }>(
    'SELECT research_id, contact_id, note_id, refusal FROM hubspot_notes WHERE portal_id = $1 ORDER BY contact_id',
    [portalId],
  );
  return rows;
}

/** writeNotes as the writeback job calls it, outside the worker (for runs at the same time). */
const run = (portalId: number) =>
  writeNotes({ pool: pool(), clock: fixture.clock, log: createLogger('silent'), client: async () => portalClient({ apiBaseUrl: API }, `access-${portalId}`) }, portalId);

describe('research notes', () => {
  it('logs a completed brief once as a note on its contact, with the brief as HTML, however often and concurrently writeback runs', async () => {
    const customer = await enrolContacts(fixture, 8201, [101]);
    const brief = storedBrief({ company: { description: 'Acme <script>alert("x")</script> sells forecasting software.' } });
    const researchId = await completeWith(customer.account.id, 101, brief);
    const updates = mockUpdates();
    const requests: NoteRequest[] = [];
    mockNotes(requests, 201, { delayMs: 300, id: '9001' });

    await queueWriteback(8201);
    // Three more runs while the job's is under way: each waits on the claim and then finds it taken.
    await until('the job has claimed the note', async () => requests.length === 1);
    expect(await Promise.all([run(8201), run(8201), run(8201)])).toEqual([
      { created: 0, refused: 0, rateLimited: false },
      { created: 0, refused: 0, rateLimited: false },
      { created: 0, refused: 0, rateLimited: false },
    ]);
    await writebackDone();
    // And again later: nothing to do (nock has no answer left, so a request would fail the job).
    await queueWriteback(8201);
    await writebackDone();
    expect(await run(8201)).toEqual({ created: 0, refused: 0, rateLimited: false });

    expect(requests).toHaveLength(1);
    expect(requests[0]!.associations).toEqual([{ to: { id: '101' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: NOTE_TO_CONTACT }] }]);
    expect(requests[0]!.properties.hs_timestamp).toBe('2026-11-22T03:06:20.709Z');
    const body = requests[0]!.properties.hs_note_body;
    expect(body).toContain(`research ${researchId}</p><p><strong>Ada Byron</strong><br>Head of Finance at Acme Analytics`);
    expect(body).toContain('<p>Acme &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; sells forecasting software.</p>');
    expect(body).not.toContain('<script');
    expect(body).toContain('<a href="https://news.example/acme-series-b">article</a>');
    expect(body).toContain('<li>Apollo: person; fetched 2026-11-22</li>');
    expect(await notes(8201)).toEqual([{ research_id: researchId, contact_id: '101', note_id: '9001', refusal: null }]);
    // The brief's summary went out with the other properties.
    expect(updates.at(-1)!.inputs).toEqual([
      {
        id: '101',
        properties: expect.objectContaining({
          prospect_research_research_status: 'completed',
          prospect_research_research_summary: 'Ada leads finance at Acme Analytics. She writes about closing the books faster.',
        }),
      },
    ]);
    expect(updates.flatMap((update) => update.inputs).every((input) => !('prospect_research_research_link' in input.properties))).toBe(true);
  });

  it('creates the note on a later run when HubSpot fails (5xx) first, and only one', async () => {
    const customer = await enrolContacts(fixture, 8202, [111]);
    await completeWith(customer.account.id, 111, storedBrief());
    mockUpdates();
    const requests: NoteRequest[] = [];
    mockNotes(requests, 503);
    // The retry first looks for a note the failed call might have created: the contact has another note only.
    const looked = mockLoggedNotes(111, { '8999': '<p>Called, left a voicemail.</p>' });
    mockNotes(requests, 201, { id: '9002' });
    await queueWriteback(8202);
    await until(
      'the job failed once',
      async () => (await pool().query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_writeback' AND last_error LIKE '%note create: HTTP 503%'`)).rows.length === 1,
    );
    // The claim stays, without a note: the next attempt looks for one first.
    expect(await notes(8202)).toMatchObject([{ contact_id: '111', note_id: null, refusal: null }]);
    // graphile-worker runs it again after its backoff (about 3 s).
    await until('the note created', async () => (await notes(8202))[0]?.note_id != null, 20_000);
    await writebackDone();
    expect(requests).toHaveLength(2);
    expect(requests[0]).toEqual(requests[1]);
    expect((await notes(8202))[0]).toMatchObject({ contact_id: '111', note_id: '9002' });
    expect(looked.isDone()).toBe(true);
  });

  it('finds the note a failed attempt had created (its answer lost) and records it instead of logging the brief twice', async () => {
    const customer = await enrolContacts(fixture, 8207, [161]);
    const researchId = await completeWith(customer.account.id, 161, storedBrief());
    mockUpdates();
    const requests: NoteRequest[] = [];
    // HubSpot created the note but the answer was a 502 from a proxy in between.
    mockNotes(requests, 502);
    await queueWriteback(8207);
    await until(
      'the job failed once',
      async () => (await pool().query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_writeback' AND last_error LIKE '%note create: HTTP 502%'`)).rows.length === 1,
    );
    expect(await notes(8207)).toEqual([{ research_id: researchId, contact_id: '161', note_id: null, refusal: null }]);
    const created = requests[0]!.properties.hs_note_body;
    // No creation is answered any more: a second note would fail the job.
    mockLoggedNotes(161, { '8998': '<p>Met at a fair.</p>', '9007': created });
    await until('the note recorded', async () => (await notes(8207))[0]?.note_id === '9007', 20_000);
    await writebackDone();
    expect(requests).toHaveLength(1);
  });

  it('waits as HubSpot says on a 429 (Retry-After) and creates the note then', async () => {
    const customer = await enrolContacts(fixture, 8203, [121]);
    await completeWith(customer.account.id, 121, storedBrief());
    mockUpdates();
    const requests: NoteRequest[] = [];
    mockNotes(requests, 429, { headers: { 'Retry-After': '1' } });
    mockNotes(requests, 201, { id: '9003' });
    fixture.clock.set(new Date());
    await queueWriteback(8203);
    let next: Date | undefined;
    await until('the next run queued', async () => {
      next = (await pool().query<{ run_at: Date }>(`SELECT run_at FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_writeback' AND attempts = 0`)).rows[0]?.run_at;
      return requests.length === 1 && next !== undefined;
    });
    expect(next!.getTime() - fixture.clock.now().getTime()).toBe(1000);
    await until('the note created', async () => (await notes(8203)).length === 1);
    await writebackDone();
    expect(requests).toHaveLength(2);
    expect((await notes(8203))[0]).toMatchObject({ note_id: '9003' });
  });

  it('logs no note while the research is not completed, nor for an empty brief, a deleted contact or a disconnected portal', async () => {
    const customer = await enrolContacts(fixture, 8204, [131, 132, 133]);
    const updates = mockUpdates();
    // 131: its research still processing; 132: completed with nothing found (as this engine's research is); 133: deleted in HubSpot.
    const { rows } = await pool().query<{ research_id: string }>('SELECT research_id FROM autopilot_leads WHERE account_id = $1 AND contact_id = $2', [customer.account.id, '131']);
    await pool().query(`UPDATE research_jobs SET status = 'processing', result = NULL, empty_reason = NULL, deadline_at = now() + interval '1 hour', finished_at = NULL WHERE id = $1`, [
      rows[0]!.research_id,
    ]);
    await completeWith(customer.account.id, 133, storedBrief());
    await sendBatch(fixture.engine.url, [event(8204, 'contact.deletion', 133, Date.now())]);
    await until('the deletion processed', async () => (await pool().query('SELECT 1 FROM hubspot_events WHERE portal_id = 8204 AND processed_at IS NULL')).rows.length === 0);
    // No answer for a note: a request would fail the job.
    await queueWriteback(8204);
    await writebackDone();
    expect(await notes(8204)).toEqual([]);
    expect(
      updates
        .flatMap((update) => update.inputs)
        .map((input) => [input.id, input.properties.prospect_research_research_status, input.properties.prospect_research_research_summary])
        .sort(),
    ).toEqual([
      ['131', 'processing', ''],
      ['132', 'completed', ''],
    ]);

    // Its research completes while the portal is disconnected: nothing is written until it is connected again.
    await completeWith(customer.account.id, 131, storedBrief());
    await disconnectPortal(pool(), 8204, 'cli', new Date());
    expect(await run(8204)).toEqual({ created: 0, refused: 0, rateLimited: false });
    expect(await notes(8204)).toEqual([]);
  });

  it('logs none while the portal has notes off, and once they are on again only for briefs completed since, never the ones completed or waiting meanwhile', async () => {
    const customer = await enrolContacts(fixture, 8208, [171, 172, 173]);
    mockUpdates();
    // 171's brief was waiting for its note when notes were turned off; 172's completes while they are off.
    await completeWith(customer.account.id, 171, storedBrief());
    await savePreferences(pool(), 8208, { notes: false }, fixture.clock.now(), 501);
    await completeWith(customer.account.id, 172, storedBrief());
    // No answer for a note: a request would fail the job.
    await queueWriteback(8208);
    await writebackDone();
    expect(await run(8208)).toEqual({ created: 0, refused: 0, rateLimited: false });
    expect(await notes(8208)).toEqual([]);

    const onAt = new Date(fixture.clock.now().getTime() + 1000);
    await savePreferences(pool(), 8208, { notes: true }, onAt, 501);
    // Saving notes on again changes nothing: the moment they were turned on stays.
    await savePreferences(pool(), 8208, { notes: true }, new Date(onAt.getTime() + 60_000), 501);
    expect(await run(8208)).toEqual({ created: 0, refused: 0, rateLimited: false });
    const third = await completeWith(customer.account.id, 173, storedBrief());
    await pool().query('UPDATE research_jobs SET finished_at = $2 WHERE id = $1', [third, new Date(onAt.getTime() + 30_000)]);
    const requests: NoteRequest[] = [];
    mockNotes(requests, 201, { id: '9173' });
    expect(await run(8208)).toEqual({ created: 1, refused: 0, rateLimited: false });
    expect(requests.map((request) => request.associations[0]!.to.id)).toEqual(['173']);
    expect(await notes(8208)).toEqual([{ research_id: third, contact_id: '173', note_id: '9173', refusal: null }]);
  });

  it('records a note HubSpot refuses for good (a contact it no longer has) and goes on with the next', async () => {
    const customer = await enrolContacts(fixture, 8205, [141, 142]);
    const first = await completeWith(customer.account.id, 141, storedBrief());
    const second = await completeWith(customer.account.id, 142, storedBrief());
    await pool().query(`UPDATE research_jobs SET finished_at = finished_at + interval '1 second' WHERE id = $1`, [second]);
    mockUpdates();
    const requests: NoteRequest[] = [];
    nock(API)
      .post('/crm/v3/objects/notes', (body: NoteRequest) => (body.properties?.hs_note_body ? requests.push(body) : 0) >= 0)
      .reply(400, { status: 'error', message: 'One or more associations are invalid', category: 'VALIDATION_ERROR' });
    mockNotes(requests, 201, { id: '9005' });
    await queueWriteback(8205);
    await writebackDone();
    expect(requests.map((request) => request.associations[0]!.to.id)).toEqual(['141', '142']);
    expect(await notes(8205)).toEqual([
      { research_id: first, contact_id: '141', note_id: null, refusal: { status: 400, body: expect.objectContaining({ category: 'VALIDATION_ERROR' }) } },
      { research_id: second, contact_id: '142', note_id: '9005', refusal: null },
    ]);
  });
});

describe('the research summary property', () => {
  it('is plain text on one line, cut at a word before 1,000 characters, and kept when retention erases the brief', async () => {
    const customer = await enrolContacts(fixture, 8206, [151]);
    const summary = `Ada  leads\nfinance. ${'Closing the books faster. '.repeat(60)}`;
    const researchId = await completeWith(customer.account.id, 151, storedBrief({ prospect: { summary } }));
    const updates = mockUpdates();
    mockNotes([], 201, { id: '9006' });
    await queueWriteback(8206);
    await writebackDone();
    const written = updates.at(-1)!.inputs[0]!.properties.prospect_research_research_summary!;
    expect(written.length).toBeLessThanOrEqual(SUMMARY_LIMIT);
    expect(written).toMatch(/^Ada leads finance\. Closing the books faster\. .* Closing the books…$/);

    // Retention erases the brief: the contact keeps its summary (no update goes out; nock would refuse none, so count them).
    const before = updates.length;
    await pool().query(`UPDATE research_jobs SET result = NULL, email = NULL, purged_at = now() WHERE id = $1`, [researchId]);
    await queueWriteback(8206);
    await writebackDone();
    expect(updates).toHaveLength(before);
  });
});

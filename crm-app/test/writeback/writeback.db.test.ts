/**
 * Writeback when HubSpot refuses some contacts: answers with per-contact errors (207), a batch refused
 * as a whole for one contact, by name or not; and notes going on whatever the property updates do.
 * Every contact ends written, refused with HubSpot's reason, or pending for the next run.
 */
import { describe, expect, it } from 'vitest';
import { savePreferences, WRITTEN_PROPERTIES } from '../../src/portalSettings/preferences.ts';
import { namedIds } from '../../src/writeback/batchUpdate.ts';
import { API, type BatchUpdate, enrolContacts, nock, queueWriteback, storedBrief, until, useHubSpotEngine } from '../support.ts';

const fixture = useHubSpotEngine();
const pool = () => fixture.engine.pool;

/**
 * HubSpot's batch update, answering each request with what `answer` says for its ids (a status and a
 * body), and keeping the ids each request asked for.
 */
function standIn(answer: (ids: string[]) => [number, unknown]) {
  const asked: string[][] = [];
  nock(API)
    .post('/crm/v3/objects/contacts/batch/update')
    .reply(async (request: Request) => {
      const ids = ((await request.json()) as BatchUpdate).inputs.map((input) => input.id);
      asked.push(ids);
      return answer(ids);
    })
    .persist();
  return asked;
}

const complete = (ids: string[]) =>
  [
    200,
    {
      status: 'COMPLETE',
      results: ids.map((id) => ({ id, properties: {}, createdAt: '2026-11-22T03:06:21.000Z', updatedAt: '2026-11-22T03:06:21.000Z', archived: false })),
      startedAt: '',
      completedAt: '',
    },
  ] as [number, unknown];

async function written(portalId: number) {
  const { rows } = await pool().query<{ contact_id: string }>('SELECT contact_id FROM hubspot_written WHERE portal_id = $1 ORDER BY contact_id', [portalId]);
  return rows.map((row) => row.contact_id);
}

async function refused(portalId: number) {
  const { rows } = await pool().query('SELECT contact_id, status, category, message FROM hubspot_refused WHERE portal_id = $1 ORDER BY contact_id', [portalId]);
  return rows;
}

/** The portal's writeback queued and run to the end; answers the errors it failed with (none when it succeeded). */
async function runWriteback(portalId: number): Promise<string[]> {
  await queueWriteback(fixture, portalId);
  let errors: string[] = [];
  await until('the writeback run', async () => {
    const { rows } = await pool().query<{ last_error: string | null; locked_at: Date | null }>(
      `SELECT last_error, locked_at FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_writeback' AND key = $1`,
      [`hubspot_writeback:${portalId}`],
    );
    errors = rows.flatMap((row) => (row.last_error ? [row.last_error] : []));
    // Done, or failed and waiting for graphile-worker's retry.
    return rows.length === 0 || rows.every((row) => row.locked_at === null && row.last_error !== null);
  });
  return errors;
}

/**
 * The portal's switches changed, once no run of its writeback is under way: the minute's sweep may have
 * started one that read the switches before, and would write what it read (as it should).
 */
async function switchProperties(portalId: number, writeback: Record<string, boolean>) {
  await savePreferences(pool(), portalId, { writeback }, new Date(), null);
  await until('no writeback run that read the switches before', async () => {
    const { rows } = await pool().query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_writeback' AND key = $1 AND locked_at IS NOT NULL`, [`hubspot_writeback:${portalId}`]);
    return rows.length === 0;
  });
}

async function setOutcome(accountId: number, contactId: string, outcome: string, endReason: string) {
  await pool().query(`UPDATE autopilot_leads SET outcome = $3, end_reason = $4, ended_at = now() WHERE account_id = $1 AND contact_id = $2`, [accountId, contactId, outcome, endReason]);
}

describe('a 207 answer with per-contact errors', () => {
  it('records as written only the contacts HubSpot took; one it refused is recorded with its reason and sent again only once its values change; one it could not take now goes with the next run', async () => {
    const customer = await enrolContacts(fixture, 8301, [301, 302, 303]);
    let first = true;
    const asked = standIn((ids) => {
      if (!first) return complete(ids);
      first = false;
      return [
        207,
        {
          status: 'COMPLETE',
          results: [{ id: '301', properties: {}, createdAt: '2026-11-22T03:06:21.000Z', updatedAt: '2026-11-22T03:06:21.000Z', archived: false }],
          numErrors: 2,
          errors: [
            { status: 'error', category: 'VALIDATION_ERROR', message: 'Property values were not valid: prospect_research_end_reason', context: { ids: ['302'] }, errors: [], links: {} },
            { status: 'error', category: 'RATE_LIMITS', message: 'Try again later', context: { ids: ['303'] }, errors: [], links: {} },
          ],
          startedAt: '',
          completedAt: '',
        },
      ];
    });
    expect(await runWriteback(8301)).toEqual([]);
    expect(asked).toEqual([['301', '302', '303']]);
    expect(await written(8301)).toEqual(['301']);
    expect(await refused(8301)).toEqual([{ contact_id: '302', status: 207, category: 'VALIDATION_ERROR', message: 'Property values were not valid: prospect_research_end_reason' }]);

    // The next run: 303 (HubSpot could not take it then), not 302 (it would refuse the same values again).
    expect(await runWriteback(8301)).toEqual([]);
    expect(asked.slice(1)).toEqual([['303']]);
    expect(await written(8301)).toEqual(['301', '303']);
    expect(await runWriteback(8301)).toEqual([]);
    expect(asked).toHaveLength(2);

    // 302's lead changes: its new values are sent, and once taken its refusal is gone.
    await setOutcome(customer.account.id, '302', 'Responded', 'replied');
    expect(await runWriteback(8301)).toEqual([]);
    expect(asked.slice(2)).toEqual([['302']]);
    expect(await written(8301)).toEqual(['301', '302', '303']);
    expect(await refused(8301)).toEqual([]);
  });
});

describe('a batch refused as a whole for one contact', () => {
  it('writes the others at once, records the contact HubSpot no longer has with its words, never sends it again, and the notes still go out', async () => {
    const customer = await enrolContacts(fixture, 8302, [311, 312, 313]);
    const { rows } = await pool().query<{ research_id: string }>('SELECT research_id FROM autopilot_leads WHERE account_id = $1 AND contact_id = $2', [customer.account.id, '312']);
    await pool().query(`UPDATE research_jobs SET status = 'completed', error = NULL, result = $2, empty_reason = NULL, finished_at = now() WHERE id = $1`, [
      rows[0]!.research_id,
      JSON.stringify(storedBrief().stored),
    ]);
    const missing = {
      status: 'error',
      message: 'Could not get some CONTACT objects, they may be deleted or not exist. Check that ids are valid.',
      correlationId: 'c0ffee00-0000-4000-8000-000000000000',
      context: { ids: ['311'] },
      category: 'OBJECT_NOT_FOUND',
    };
    const asked = standIn((ids) => (ids.includes('311') ? [404, missing] : complete(ids)));
    const note = nock(API).post('/crm/v3/objects/notes').reply(201, { id: '9311', properties: {}, createdAt: '2026-11-22T03:06:21.000Z', updatedAt: '2026-11-22T03:06:21.000Z', archived: false });

    expect(await runWriteback(8302)).toEqual([]);
    expect(asked).toEqual([
      ['311', '312', '313'],
      ['312', '313'],
    ]);
    expect(await written(8302)).toEqual(['312', '313']);
    expect(await refused(8302)).toEqual([{ contact_id: '311', status: 404, category: 'OBJECT_NOT_FOUND', message: missing.message }]);
    expect(note.isDone()).toBe(true);
    expect((await pool().query('SELECT note_id FROM hubspot_notes WHERE portal_id = 8302')).rows).toEqual([{ note_id: '9311' }]);

    // Later runs: nothing to send (HubSpot would refuse 311's values again).
    expect(await runWriteback(8302)).toEqual([]);
    expect(asked).toHaveLength(2);
  });

  it('halves a batch refused without naming a contact until the contact HubSpot refuses is alone, and writes every other', async () => {
    await enrolContacts(fixture, 8303, [321, 322, 323, 324, 325]);
    const invalid = {
      status: 'error',
      message: 'Property values were not valid',
      category: 'VALIDATION_ERROR',
      errors: [{ message: 'Invalid value', code: 'INVALID_OPTION', in: 'prospect_research_outcome' }],
    };
    const asked = standIn((ids) => (ids.includes('323') ? [400, invalid] : complete(ids)));
    expect(await runWriteback(8303)).toEqual([]);
    expect(asked).toEqual([['321', '322', '323', '324', '325'], ['321', '322', '323'], ['321', '322'], ['323'], ['324', '325']]);
    expect(await written(8303)).toEqual(['321', '322', '324', '325']);
    expect(await refused(8303)).toEqual([{ contact_id: '323', status: 400, category: 'VALIDATION_ERROR', message: 'Property values were not valid' }]);
  });

  it('sends a contact refused before in a batch of its own once its values change, so a second refusal does not split the others', async () => {
    const customer = await enrolContacts(fixture, 8304, [331, 332, 333]);
    const gone = (id: string) => ({ status: 'error', message: `Object not found. objectId ${id} does not exist`, category: 'OBJECT_NOT_FOUND' });
    const asked = standIn((ids) => (ids.includes('331') ? [404, gone('331')] : complete(ids)));
    expect(await runWriteback(8304)).toEqual([]);
    // Named only in the message: the others go at once.
    expect(asked).toEqual([
      ['331', '332', '333'],
      ['332', '333'],
    ]);
    await setOutcome(customer.account.id, '331', 'Closed', 'closed_manually');
    await setOutcome(customer.account.id, '332', 'Responded', 'replied');
    expect(await runWriteback(8304)).toEqual([]);
    expect(asked.slice(2)).toEqual([['332'], ['331']]);
    expect(await refused(8304)).toEqual([{ contact_id: '331', status: 404, category: 'OBJECT_NOT_FOUND', message: 'Object not found. objectId 331 does not exist' }]);
  });
});

describe('notes and property updates are independent', () => {
  it('logs the research notes while HubSpot fails the property updates (5xx), and the job fails after them to retry the updates', async () => {
    const customer = await enrolContacts(fixture, 8305, [341]);
    const { rows } = await pool().query<{ research_id: string }>('SELECT research_id FROM autopilot_leads WHERE account_id = $1 AND contact_id = $2', [customer.account.id, '341']);
    await pool().query(`UPDATE research_jobs SET status = 'completed', error = NULL, result = $2, empty_reason = NULL, finished_at = now() WHERE id = $1`, [
      rows[0]!.research_id,
      JSON.stringify(storedBrief().stored),
    ]);
    standIn(() => [503, { status: 'error', message: 'Service Unavailable', category: 'INTERNAL_ERROR' }]);
    nock(API).post('/crm/v3/objects/notes').reply(201, { id: '9341', properties: {}, createdAt: '2026-11-22T03:06:21.000Z', updatedAt: '2026-11-22T03:06:21.000Z', archived: false });
    const errors = await runWriteback(8305);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('contacts batch update: HTTP 503');
    expect((await pool().query('SELECT note_id FROM hubspot_notes WHERE portal_id = 8305')).rows).toEqual([{ note_id: '9341' }]);
    expect(await written(8305)).toEqual([]);
    expect(await refused(8305)).toEqual([]);
  });
});

describe('properties turned off on the settings page', () => {
  /**
   * HubSpot's batch update taking every contact of `portalId`, keeping the properties each request sent per
   * contact. Only that portal's token is answered here: the minute's sweep may also write what an earlier
   * test's portal left to write.
   */
  function taking(portalId: number) {
    const sent: Record<string, Record<string, string>>[] = [];
    nock(API, { reqheaders: { authorization: `Bearer access-${portalId}` } })
      .post('/crm/v3/objects/contacts/batch/update')
      .reply(async (request: Request) => {
        const { inputs } = (await request.json()) as BatchUpdate;
        sent.push(Object.fromEntries(inputs.map((input) => [input.id, input.properties])));
        return complete(inputs.map((input) => input.id));
      })
      .persist();
    return sent;
  }
  const summary = 'prospect_research_research_summary';
  const lastTouch = 'prospect_research_last_touch';

  it('are never sent; a change of another property still is; one turned on again is sent by the next run without the lead changing; nothing is sent while all are off', async () => {
    const customer = await enrolContacts(fixture, 8306, [351, 352]);
    // The research of both ends first (this engine's finds nothing), so no run below sees its status change.
    await until('the research done', async () => {
      const { rows } = await pool().query(`SELECT 1 FROM autopilot_crm_leads WHERE account_id = $1 AND (research_status IS NULL OR research_status IN ('queued', 'processing'))`, [
        customer.account.id,
      ]);
      return rows.length === 0;
    });
    await switchProperties(8306, { [summary]: false, [lastTouch]: false });
    const sent = taking(8306);
    expect(await runWriteback(8306)).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(Object.keys(sent[0]!).sort()).toEqual(['351', '352']);
    for (const properties of Object.values(sent[0]!)) {
      expect(Object.keys(properties).sort()).toEqual(['prospect_research_autopilot', 'prospect_research_end_reason', 'prospect_research_outcome', 'prospect_research_research_status']);
    }

    // A change of a property still on is written (without those turned off); then nothing is left to write.
    await setOutcome(customer.account.id, '351', 'Closed', 'closed_manually');
    expect(await runWriteback(8306)).toEqual([]);
    expect(sent.slice(1)).toEqual([{ '351': expect.objectContaining({ prospect_research_outcome: 'Closed', prospect_research_end_reason: 'closed_manually' }) }]);
    expect(summary in sent[1]!['351']!).toBe(false);
    // A value recorded of a property no longer written (a retired one's) is no reason to send either.
    await pool().query(`UPDATE hubspot_written SET properties = properties || '{"prospect_research_research_link": "https://research.example.com/x"}' WHERE portal_id = 8306 AND contact_id = '352'`);
    expect(await runWriteback(8306)).toEqual([]);
    expect(sent).toHaveLength(2);

    // Turned on again: every contact gets its value with the next run, and the values written before are kept.
    await switchProperties(8306, { [summary]: true });
    expect(await runWriteback(8306)).toEqual([]);
    expect(sent).toHaveLength(3);
    expect(Object.keys(sent[2]!).sort()).toEqual(['351', '352']);
    expect(sent[2]!['351']).toMatchObject({ [summary]: '', prospect_research_outcome: 'Closed' });
    expect(lastTouch in sent[2]!['351']!).toBe(false);
    const kept = (await pool().query(`SELECT properties FROM hubspot_written WHERE portal_id = 8306 AND contact_id = '351'`)).rows[0].properties;
    expect(kept).toMatchObject({ prospect_research_outcome: 'Closed', prospect_research_autopilot: 'Everyone', [summary]: '' });

    // Everything off: no request at all, whatever changes.
    await switchProperties(8306, Object.fromEntries(WRITTEN_PROPERTIES.map((name) => [name, false])));
    await setOutcome(customer.account.id, '352', 'Responded', 'replied');
    expect(await runWriteback(8306)).toEqual([]);
    expect(sent).toHaveLength(3);
    expect(await refused(8306)).toEqual([]);
  });
});

describe('namedIds', () => {
  const batch = new Set(['101', '202', '303']);
  it('reads the ids an error names: its context, its detailed errors, else ids of the batch in its message', () => {
    expect(namedIds({ category: 'OBJECT_NOT_FOUND', context: { ids: ['202', '999'] } }, batch)).toEqual(new Set(['202']));
    expect(namedIds({ category: 'VALIDATION_ERROR', errors: [{ message: 'x', context: { id: ['303'] } }] }, batch)).toEqual(new Set(['303']));
    expect(namedIds({ category: 'OBJECT_NOT_FOUND', message: 'Could not find contacts 101, 4711' }, batch)).toEqual(new Set(['101']));
    expect(namedIds({ category: 'VALIDATION_ERROR', message: 'Property values were not valid: 3 errors' }, batch)).toEqual(new Set());
    expect(namedIds('Bad Request', batch)).toEqual(new Set());
  });
});

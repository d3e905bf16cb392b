/**
 * The app card's routes (README.md, "The card") as HubSpot calls them with `hubspot.fetch`: signed v3,
 * the portal, user and app in the query. What a rep sees of a contact (its brief with each fact's source,
 * its lead and timeline, the credits), only ever of the calling portal's own contacts; "Research again"
 * charging one credit however often HubSpot delivers the click; "Close lead" closing once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API, connectPortal, contactRecord, enrolContacts, event, everyone, installFromHubSpot, nock, PUBLIC_URL, sendBatch, storedBrief, until, useHubSpotEngine } from '../support.ts';
import { cardFetch, cardPath } from './cardRequests.ts';

const fixture = useHubSpotEngine();
const pool = () => fixture.engine.pool;
const url = () => fixture.engine.url;

/** The account's credits taken this cycle (the ledger's debits less its refunds). */
async function creditsUsed(accountId: number): Promise<number> {
  const { rows } = await pool().query<{ used: number }>('SELECT coalesce(sum(used), 0)::int AS used FROM credit_cycles WHERE account_id = $1', [accountId]);
  return rows[0]!.used;
}

async function researchJobs(accountId: number): Promise<number> {
  const { rows } = await pool().query<{ count: number }>('SELECT count(*)::int AS count FROM research_jobs WHERE account_id = $1', [accountId]);
  return rows[0]!.count;
}

/** Gives the contact's lead the brief `storedBrief` makes (the engine's research found nothing here: no network). */
async function giveBrief(accountId: number, portalId: number, contactId: number) {
  const brief = storedBrief({
    decision_makers: [
      { id: 3, full_name: 'Grace Hopper', position_title: 'CFO', linkedin_url: 'https://www.linkedin.com/in/grace', picture_url: null, location_text: null, company_name: 'Acme Analytics' },
    ],
  });
  await pool().query(`UPDATE research_jobs SET result = $4, empty_reason = NULL WHERE id = (SELECT research_id FROM autopilot_leads WHERE account_id = $1 AND source = $2 AND contact_id = $3)`, [
    accountId,
    `hubspot:${portalId}`,
    String(contactId),
    brief.stored,
  ]);
  return brief;
}

/** HubSpot telling the app of a new contact of `portalId` (its batch read answered); waits until the engine has it. */
async function createContact(portalId: number, contactId: number) {
  nock(API)
    .post('/crm/v3/objects/contacts/batch/read')
    .query(true)
    .reply(200, {
      status: 'COMPLETE',
      results: [contactRecord(contactId, { email: `p${contactId}@acme-${contactId}.com` }, new Date(fixture.clock.now().getTime() + 1000))],
      startedAt: '',
      completedAt: '',
    });
  await sendBatch(url(), [event(portalId, 'contact.creation', contactId, fixture.clock.now().getTime() + 1000)]);
  await until(
    `contact ${contactId} of portal ${portalId} received`,
    async () => (await pool().query(`SELECT 1 FROM autopilot_contacts WHERE source = $1 AND contact_id = $2 AND state <> 'received'`, [`hubspot:${portalId}`, String(contactId)])).rows.length === 1,
  );
}

async function spendAllCredits(accountId: number) {
  await pool().query(`UPDATE credit_cycles SET used = (SELECT monthly_credits FROM accounts_with_plan WHERE id = $1) WHERE account_id = $1`, [accountId]);
}

describe("a contact's card", () => {
  it("shows the brief as a rep reads it, each fact's source and date, the lead with its timeline and next touch, the credits and the dashboard page", async () => {
    const customer = await enrolContacts(fixture, 7101, [501]);
    const brief = await giveBrief(customer.account.id, 7101, 501);
    const { status, body } = await cardFetch(url(), cardPath(501), { portalId: 7101 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ portal_id: 7101, contact_id: '501', state: 'received', email: 'p501@acme-501.com', can_research: true, can_close: true });
    expect(body.text).toBe('A lead of the Autopilot "Everyone" (Active); researched.');
    const research = body.research as { status: string; data: unknown; provenance: { fields: Record<string, unknown> } };
    expect(research.status).toBe('completed');
    expect(research.data).toMatchObject({
      prospect: { summary: brief.data.prospect.summary, opening_talk: ['Her post on a five-day close'] },
      company: { discovery_questions: ['How long does your month-end close take?'] },
    });
    expect(research.data).toMatchObject({ decision_makers: [{ full_name: 'Grace Hopper', position_title: 'CFO' }] });
    expect(research.provenance.fields['/company/description']).toEqual([{ source: 'website', fetched_at: '2026-11-22T03:06:19.412+00:00' }]);
    const lead = body.lead as { id: number; autopilot: string; outcome: string; end_reason: null; timeline: { type: string; state?: string; due_at?: string }[] };
    expect(lead).toMatchObject({ autopilot: 'Everyone', outcome: 'Active', end_reason: null });
    expect(lead.timeline[0]).toMatchObject({ type: 'enrolled', autopilot: 'Everyone' });
    const scheduled = lead.timeline.find((entry) => entry.type === 'touch' && entry.state === 'scheduled');
    expect(scheduled).toBeDefined();
    expect(body.next_touch).toEqual({ step: 1, day: 1, channel: 'email', kind: 'email', due_at: scheduled!.due_at, held_reason: expect.toBeOneOf([null, expect.any(String)]) });
    expect(body.dashboard_url).toBe(`${PUBLIC_URL}/app/leads/${lead.id}`);
    const credits = body.credits as { remaining: number; limit: number };
    expect(credits.limit - credits.remaining).toBe(await creditsUsed(customer.account.id));
  });

  it("answers another portal's contact of the same account, or another account's, as one this portal has not received", async () => {
    const mine = await enrolContacts(fixture, 7111, [511]);
    const theirs = await enrolContacts(fixture, 7112, [512]);
    // A second portal of the same account, with a contact 513 of its own.
    await connectPortal(url(), mine.account.id, 7113);
    await createContact(7113, 513);
    for (const contactId of [512, 513]) {
      const { status, body } = await cardFetch(url(), cardPath(contactId), { portalId: 7111 });
      expect(status).toBe(200);
      expect(body).toMatchObject({ state: 'not_received', email: null, research: null, lead: null, dashboard_url: null, can_research: false, can_close: false });
      expect(JSON.stringify(body)).not.toContain(`acme-${contactId}`);
    }
    // Nor can it act on them.
    const research = await cardFetch(url(), cardPath(512, 'research'), { portalId: 7111, method: 'POST', body: { request_key: 'other-portal-1' } });
    expect(research).toMatchObject({ status: 404, body: { error: 'contact_not_found' } });
    const close = await cardFetch(url(), cardPath(512, 'close'), { portalId: 7111, method: 'POST', body: {} });
    expect(close).toMatchObject({ status: 404, body: { error: 'contact_not_found' } });
    expect((await cardFetch(url(), cardPath(512), { portalId: 7112 })).body).toMatchObject({ state: 'received', email: 'p512@acme-512.com' });
    expect(theirs.account.id).not.toBe(mine.account.id);
  });

  it('says a contact the engine has not received is not researched and not a lead, with the credits', async () => {
    await enrolContacts(fixture, 7121, [521]);
    const { status, body } = await cardFetch(url(), cardPath(99999), { portalId: 7121 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: 'not_received', research: null, lead: null, can_research: false });
    expect(body.text).toMatch(/has not received this contact/);
    expect(body.credits).toEqual(expect.objectContaining({ limit: expect.any(Number) }));
  });

  it('tells an unclaimed portal to claim it, and does nothing for it', async () => {
    await installFromHubSpot(url(), 7131);
    const { status, body } = await cardFetch(url(), cardPath(531), { portalId: 7131 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: 'unclaimed', research: null, lead: null, credits: null, can_research: false });
    expect(body.text).toMatch(/not yet linked to a Prospect Research account.*claims it with the code/);
    for (const action of ['research', 'close'] as const) {
      const answer = await cardFetch(url(), cardPath(531, action), { portalId: 7131, method: 'POST', body: { request_key: 'unclaimed-1' } });
      expect(answer).toMatchObject({ status: 409, body: { error: 'portal_unclaimed' } });
      expect(answer.body.message).toMatch(/claims it with the code/);
    }
  });
});

describe('requests that are not HubSpot signing for an installed portal', () => {
  it('refuses a tampered query, a tampered body, a stale or future timestamp, another secret and another app (401), an unknown or disconnected portal (404)', async () => {
    const customer = await enrolContacts(fixture, 7141, [541]);
    const other = await enrolContacts(fixture, 7142, [542]);
    const used = await creditsUsed(customer.account.id);
    const refusals = [
      await cardFetch(url(), cardPath(541), { portalId: 7142, tamperQuery: (query) => query.set('portalId', '7141') }),
      await cardFetch(url(), cardPath(541), { portalId: 7141, tamperQuery: (query) => query.set('userId', '42') }),
      await cardFetch(url(), cardPath(541, 'research'), { portalId: 7141, method: 'POST', body: { request_key: 'tampered-1' }, tamperBody: (body) => body.replace('tampered-1', 'tampered-2') }),
      await cardFetch(url(), cardPath(541), { portalId: 7141, timestamp: Date.now() - 6 * 60_000 }),
      await cardFetch(url(), cardPath(541), { portalId: 7141, timestamp: Date.now() + 6 * 60_000 }),
      await cardFetch(url(), cardPath(541), { portalId: 7141, secret: 'another-secret' }),
      await cardFetch(url(), cardPath(541), { portalId: 7141, appId: 778 }),
      await cardFetch(url(), cardPath(541), { portalId: 7141, unsigned: true }),
    ];
    expect(refusals.map((answer) => [answer.status, answer.body.error])).toEqual(Array.from({ length: refusals.length }, () => [401, 'invalid_signature']));
    expect(await cardFetch(url(), cardPath(541), { portalId: 7149 })).toMatchObject({ status: 404, body: { error: 'portal_not_found' } });
    await pool().query(`UPDATE hubspot_portals SET state = 'disconnected', refresh_token = NULL, access_token = NULL, access_expires_at = NULL WHERE portal_id = 7142`);
    expect(await cardFetch(url(), cardPath(542), { portalId: 7142 })).toMatchObject({ status: 404, body: { error: 'portal_not_found' } });
    expect(await creditsUsed(customer.account.id)).toBe(used);
    expect(other.account.id).not.toBe(customer.account.id);
    // Signed without an app id (HubSpot's own type of the proxy's metadata names none), the portal alone decides.
    expect((await cardFetch(url(), cardPath(541), { portalId: 7141, appId: null })).status).toBe(200);
  });

  it('answers malformed requests with a clear 4xx, never a 500', async () => {
    await enrolContacts(fixture, 7151, [551]);
    const calls = [
      cardFetch(url(), cardPath('abc'), { portalId: 7151 }),
      cardFetch(url(), cardPath('0'), { portalId: 7151 }),
      cardFetch(url(), cardPath('1'.repeat(40)), { portalId: 7151 }),
      cardFetch(url(), cardPath('%00'), { portalId: 7151 }),
      cardFetch(url(), cardPath(551), { portalId: 'x' }),
      cardFetch(url(), cardPath(551), { portalId: '-1' }),
      cardFetch(url(), cardPath(551), { portalId: '99999999999999999999' }),
      cardFetch(url(), cardPath(551), { portalId: 7151, headers: { 'x-hubspot-request-timestamp': 'soon' } }),
      cardFetch(url(), cardPath(551), { portalId: 7151, headers: { 'x-hubspot-signature-v3': '' } }),
      cardFetch(url(), cardPath(551, 'research'), { portalId: 7151, method: 'POST', raw: '{"request_key":' }),
      cardFetch(url(), cardPath(551, 'research'), { portalId: 7151, method: 'POST', raw: '[]' }),
      cardFetch(url(), cardPath(551, 'research'), { portalId: 7151, method: 'POST', raw: 'null' }),
      cardFetch(url(), cardPath(551, 'research'), { portalId: 7151, method: 'POST', body: {} }),
      cardFetch(url(), cardPath(551, 'research'), { portalId: 7151, method: 'POST', body: { request_key: 'short' } }),
      cardFetch(url(), cardPath(551, 'research'), { portalId: 7151, method: 'POST', body: { request_key: 12345678 } }),
      cardFetch(url(), cardPath(551, 'research'), { portalId: 7151, method: 'POST', body: { request_key: 'x'.repeat(101) } }),
      cardFetch(url(), cardPath(551, 'research'), { portalId: 7151, method: 'POST', raw: JSON.stringify({ request_key: 'big-body-1', pad: 'x'.repeat(1024 * 1024) }) }),
      cardFetch(url(), cardPath(551, 'close'), { portalId: 7151, method: 'POST', raw: 'not json' }),
      cardFetch(url(), cardPath(551, 'research'), { portalId: 7151, method: 'POST' }),
      cardFetch(url(), cardPath(551, 'research'), { portalId: 7151, method: 'POST', raw: '{"request_key": "deep-nest-1", "x": ' + '['.repeat(5000) + ']'.repeat(5000) + '}' }),
    ];
    const answers = await Promise.all(calls);
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      expect(typeof answer.body.error).toBe('string');
    }
    expect(answers.slice(0, 4).map((answer) => answer.body.error)).toEqual(['contact_not_found', 'contact_not_found', 'contact_not_found', 'contact_not_found']);
    expect(answers[12]!.body).toMatchObject({ error: 'invalid_body', message: expect.stringMatching(/request_key must be/) });
  });
});

describe('anything HubSpot could sign', () => {
  it('is answered with a 2xx or a documented 4xx, never a 5xx, and takes a credit only for a research it started: any contact id, query and body (fast-check)', async () => {
    const customer = await enrolContacts(fixture, 7155, [555]);
    const segment = fc.oneof(fc.constantFrom('555', '0', '-1', '1e3', '555.0', ' 555', '99999999999999999999', '%00', '%2F', '..', '%E2%80%AE555'), fc.stringMatching(/^[A-Za-z0-9%._~-]{1,30}$/));
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record({ request_key: fc.oneof(fc.string({ maxLength: 120 }), fc.integer(), fc.constant(null), fc.stringMatching(/^[A-Za-z0-9_-]{8,20}$/)) }, { requiredKeys: [] }),
    );
    const extra = fc.array(fc.tuple(fc.constantFrom('portalId', 'userId', 'userEmail', 'appId', 'x'), fc.string({ maxLength: 20 })), { maxLength: 2 });
    let started = 0;
    const before = await creditsUsed(customer.account.id);
    await fc.assert(
      fc.asyncProperty(segment, fc.constantFrom(undefined, 'research', 'close'), body, extra, async (contact, action, sent, added) => {
        const answer = await cardFetch(url(), `/hubspot/card/contacts/${contact}${action ? `/${action}` : ''}`, {
          portalId: 7155,
          method: action ? 'POST' : 'GET',
          body: action ? sent : undefined,
          extraQuery: added,
        });
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
        if (answer.status >= 400) expect(typeof answer.body.error).toBe('string');
        if (answer.body.started === true) started += 1;
      }),
      { seed: 20261128, numRuns: 120 },
    );
    expect(await creditsUsed(customer.account.id)).toBe(before + started);
  });
});

describe('"Research again"', () => {
  it('starts a research of the contact for one credit, and answers a duplicate of the same click (HubSpot retries once) without charging again', async () => {
    const customer = await enrolContacts(fixture, 7161, [561]);
    const before = await creditsUsed(customer.account.id);
    const jobs = await researchJobs(customer.account.id);
    const clicks = await Promise.all(Array.from({ length: 5 }, () => cardFetch(url(), cardPath(561, 'research'), { portalId: 7161, method: 'POST', body: { request_key: 'click-0001' } })));
    expect(clicks.map((click) => click.status)).toEqual([202, 202, 202, 202, 202]);
    const started = clicks.filter((click) => click.body.started === true);
    expect(started).toHaveLength(1);
    expect(started[0]!.body.text).toMatch(/took one credit/);
    const ids = new Set(clicks.map((click) => (click.body.research as { research_id: string }).research_id));
    expect(ids.size).toBe(1);
    expect(clicks.filter((click) => click.body.replayed === true)).toHaveLength(4);
    expect(await creditsUsed(customer.account.id)).toBe(before + 1);
    expect(await researchJobs(customer.account.id)).toBe(jobs + 1);
    // Later, the card shows that research (newer than the lead's).
    const card = await cardFetch(url(), cardPath(561), { portalId: 7161 });
    expect((card.body.research as { research_id: string }).research_id).toBe([...ids][0]);
    const { rows } = await pool().query('SELECT portal_id, contact_id, hubspot_user_id FROM hubspot_card_research WHERE research_id = $1', [[...ids][0]]);
    expect(rows).toEqual([{ portal_id: 7161, contact_id: '561', hubspot_user_id: 41 }]);
  });

  it('answers a click while a research of the contact is under way with that research, taking nothing', async () => {
    const customer = await enrolContacts(fixture, 7165, [565]);
    // The lead's research back in the queue (the worker has no queue entry for it: it stays there).
    await pool().query(
      `UPDATE research_jobs SET status = 'queued', result = NULL, empty_reason = NULL, finished_at = NULL, started_at = NULL
       WHERE id = (SELECT research_id FROM autopilot_leads WHERE source = 'hubspot:7165' AND contact_id = '565')`,
    );
    const used = await creditsUsed(customer.account.id);
    const jobs = await researchJobs(customer.account.id);
    const answer = await cardFetch(url(), cardPath(565, 'research'), { portalId: 7165, method: 'POST', body: { request_key: 'while-queued-1' } });
    expect(answer).toMatchObject({
      status: 202,
      body: { started: false, replayed: false, text: 'A research of this contact is already under way: no credit was taken.', research: { status: 'queued' } },
    });
    expect([await creditsUsed(customer.account.id), await researchJobs(customer.account.id)]).toEqual([used, jobs]);
    expect((await cardFetch(url(), cardPath(565), { portalId: 7165 })).body).toMatchObject({ text: 'A lead of the Autopilot "Everyone" (Active); being researched.', research: { status: 'queued' } });
  });

  it('is refused for a contact removed in HubSpot', async () => {
    await enrolContacts(fixture, 7167, [567]);
    await sendBatch(url(), [event(7167, 'contact.deletion', 567, Date.now())]);
    await until(
      'contact 567 removed',
      async () => (await pool().query(`SELECT 1 FROM autopilot_contacts WHERE source = 'hubspot:7167' AND contact_id = '567' AND removed_at IS NOT NULL`)).rows.length === 1,
    );
    expect((await cardFetch(url(), cardPath(567), { portalId: 7167 })).body).toMatchObject({ state: 'received', can_research: false });
    const answer = await cardFetch(url(), cardPath(567, 'research'), { portalId: 7167, method: 'POST', body: { request_key: 'removed-0001' } });
    expect(answer).toMatchObject({ status: 409, body: { error: 'contact_not_routable', message: 'The contact was removed from HubSpot: it is not researched again.' } });
  });

  it('says "no credits left" in words when the account has none, and charges nothing', async () => {
    const customer = await enrolContacts(fixture, 7171, [571]);
    await spendAllCredits(customer.account.id);
    const jobs = await researchJobs(customer.account.id);
    const used = await creditsUsed(customer.account.id);
    const answer = await cardFetch(url(), cardPath(571, 'research'), { portalId: 7171, method: 'POST', body: { request_key: 'no-credit-1' } });
    expect(answer.status).toBe(429);
    expect(answer.body.error).toBe('credits_exhausted');
    expect(answer.body.message).toMatch(/^No credits left: this month's credits are spent/);
    expect(await researchJobs(customer.account.id)).toBe(jobs);
    expect(await creditsUsed(customer.account.id)).toBe(used);
    const { rows } = await pool().query('SELECT 1 FROM hubspot_card_research WHERE portal_id = 7171');
    expect(rows).toEqual([]);
    const card = await cardFetch(url(), cardPath(571), { portalId: 7171 });
    expect(card.body.credits).toMatchObject({ remaining: 0 });
  });
});

describe('"Close lead"', () => {
  it("closes the contact's lead by hand once: again, it changes nothing", async () => {
    await enrolContacts(fixture, 7181, [581]);
    const first = await cardFetch(url(), cardPath(581, 'close'), { portalId: 7181, method: 'POST', body: {} });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ closed: true, lead: { outcome: 'Closed', end_reason: 'closed_manually' } });
    expect(first.body.text).toMatch(/cannot be undone/);
    const again = await Promise.all([1, 2].map(() => cardFetch(url(), cardPath(581, 'close'), { portalId: 7181, method: 'POST', body: {} })));
    expect(again.map((answer) => [answer.status, answer.body.closed])).toEqual([
      [200, false],
      [200, false],
    ]);
    const card = await cardFetch(url(), cardPath(581), { portalId: 7181 });
    expect(card.body).toMatchObject({ can_close: false, next_touch: null, lead: { outcome: 'Closed', end_reason: 'closed_manually' } });
  });

  it('says a contact that is no lead has nothing to close', async () => {
    const nobody = { ...everyone, filter: { match: 'all', rules: [{ property: 'email', operator: 'contains', values: ['no-such-address'] }] } };
    await enrolContacts(fixture, 7191, [], { autopilot: nobody });
    await createContact(7191, 591);
    const card = await cardFetch(url(), cardPath(591), { portalId: 7191 });
    expect(card.body).toMatchObject({ state: 'received', lead: null, research: null, can_close: false, can_research: true, dashboard_url: null });
    expect(card.body.text).toMatch(/^Not a lead \(waiting for an Autopilot to match it\); not researched\.$/);
    const answer = await cardFetch(url(), cardPath(591, 'close'), { portalId: 7191, method: 'POST', body: {} });
    expect(answer).toMatchObject({ status: 404, body: { error: 'lead_not_found', message: 'This contact is not a lead: there is nothing to close.' } });
  });
});

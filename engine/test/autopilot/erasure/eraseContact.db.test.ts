import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { handleInbound } from '../../../src/autopilot/channels/email/inbound.ts';
import type { Mailbox } from '../../../src/mailboxes/mailboxes.ts';
import { handleMessage, handleRelation } from '../../../src/autopilot/channels/unipile/inbound/events.ts';
import { saveThread } from '../../../src/autopilot/channels/unipile/threads.ts';
import { autopilotErrorSchema, type AutopilotInput, contactErasedSchema, type ContactErased } from '../../../src/autopilot/contract.ts';
import { leadOutcomes, leadSignals } from '../../../src/autopilot/outcomes/signals.ts';
import type { Pool } from '../../../src/platform/database/database.ts';
import { receiveContacts } from '../../../src/autopilot/intake/contacts.ts';
import { client, creditState, until } from '../../support/engine.ts';
import { routingCustomer } from '../routingSupport.ts';
import { runDue } from '../sequence/support.ts';
import { catchAll } from '../support.ts';
import { findInDatabase, type Person, useErasureEngine } from './support.ts';

/**
 * Erasing a contact (DELETE /autopilot/contacts/{id}?erase=true): after a contact was researched,
 * messaged, replied to on two channels, logged activities on and changed, no text, JSON or array column
 * of any table holds its address, name, phone, profile, provider id or a word of its messages, while the
 * credit ledger, the counts and the lead's outcome stay as they were.
 */
const { clock, fixture, email, writer, people, colleagues } = useErasureEngine();
const pool = (): Pool => fixture.engine.pool;

const ajv = new Ajv({ strict: true });
const isErased = ajv.compile(contactErasedSchema);
const isError = ajv.compile(autopilotErrorSchema);

const ANNIKA: Person = { email: 'annika.vollmer@quarzwerk.de', name: 'Annika Vollmer', title: 'Head of Zephyrine Procurement', profile: 'https://www.linkedin.com/in/annika-vollmer-qz' };
const CARLA: Person = { email: 'carla.brandt@quarzwerk.de', name: 'Carla Brandt', title: 'COO', profile: 'https://www.linkedin.com/in/carla-brandt-qz' };
const BERND = 'bernd.kaiser@quarzwerk.de';
/** A word only Annika's messages and replies hold. */
const WORD = 'zephyrine';
const PHONE = '+49 30 5550199';
const PROVIDER_ID = 'ACoAAVollmerQZ';
const NEEDLES = [ANNIKA.email, 'vollmer', WORD, PHONE, ANNIKA.profile, PROVIDER_ID];

const mail = (day: number): AutopilotInput['sequence'][number] => ({ day, channel: 'email', kind: 'email', angle: `Mail on day ${day}`, subject_angle: 'Their plans', signals: [] });

async function newCustomer() {
  const customer = await routingCustomer(fixture, clock, {});
  const patched = await customer.api.patchSettings({
    email_signature: 'Jane Doe\nLedgerly',
    sender_identity: { name: 'Jane Doe', company: 'Ledgerly GmbH', postal_address: 'Hauptstr. 1, 10115 Berlin' },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  email.addSender(customer.accountId, {}, 'jane@ledgerly.test');
  // Monday 7 January 2030, 09:30 UTC: the Autopilot is on a minute before.
  clock.set('2030-01-07T09:29:00Z');
  const put = await customer.api.put('Everyone', catchAll('Everyone', { sequence: [mail(1), mail(3)] }));
  expect(put.status, JSON.stringify(put.body)).toBeLessThan(300);
  clock.set('2030-01-07T09:30:00Z');
  return { ...customer, http: client(fixture.engine.url, customer.customer.key) };
}

type Customer = Awaited<ReturnType<typeof newCustomer>>;

/** Sends the contact, waits until it is enrolled and its research has finished; answers its lead. */
async function enrol(customer: Customer, id: string, properties: Record<string, unknown>): Promise<number> {
  expect((await customer.crm.send([customer.contact(id, properties)])).status).toBe(202);
  const routed = await customer.routed(id);
  expect(routed.state, JSON.stringify(routed)).toBe('enrolled');
  const leadId = routed.lead!.id;
  await until(`the research of lead ${leadId}`, async () => {
    const { rows } = await pool().query<{ status: string }>('SELECT r.status FROM autopilot_leads l JOIN research_jobs r ON r.id = l.research_id WHERE l.id = $1', [leadId]);
    return rows[0] !== undefined && !['queued', 'processing'].includes(rows[0].status);
  });
  return leadId;
}

async function erase(customer: Customer, id: string, query = '') {
  const reply = await customer.http.request('DELETE', `/autopilot/contacts/${encodeURIComponent(id)}?erase=true${query}`);
  if (reply.status === 200) expect(isErased(reply.body), JSON.stringify(isErased.errors)).toBe(true);
  else expect(isError(reply.body), JSON.stringify(isError.errors)).toBe(true);
  return reply as unknown as { status: number; body: ContactErased & { error?: string } };
}

/** What the ledger, the counts and the lead say: none of it may change. */
async function books(customer: Customer, leadId: number) {
  const { rows: ledger } = await pool().query('SELECT kind, research_id, cycle_start, reason FROM credit_ledger WHERE account_id = $1 ORDER BY id', [customer.accountId]);
  const { rows: lead } = await pool().query('SELECT outcome, end_reason, enrolled_at, ended_at, research_id FROM autopilot_leads WHERE id = $1', [leadId]);
  const { rows: touches } = await pool().query('SELECT step, channel, kind, state, skip_reason, sender_id, sent_at, ended_at FROM autopilot_touches WHERE lead_id = $1 ORDER BY step', [leadId]);
  const { rows: events } = await pool().query('SELECT kind, channel, effect, end_reason, occurred_at FROM autopilot_lead_events WHERE lead_id = $1 ORDER BY id', [leadId]);
  const { rows: jobs } = await pool().query('SELECT id, status, error, finished_at FROM research_jobs WHERE account_id = $1 ORDER BY id', [customer.accountId]);
  const stats = (await customer.http.request('GET', '/autopilot/stats')).body;
  return { ledger, credits: await creditState(pool(), customer.accountId), lead, touches, events, jobs, stats };
}

describe('DELETE /autopilot/contacts/{id}?erase=true', () => {
  it('leaves nothing of the person in any table, and the ledger, the counts and the lead as they were', async () => {
    const customer = await newCustomer();
    people.set(ANNIKA.email, ANNIKA);
    colleagues.set(BERND, [ANNIKA, CARLA]);
    writer.script = () => ({
      kind: 'written',
      message: { subject: 'Your Zephyrine plans', body: `Hello Annika Vollmer,\nhow are the zephyrine plans going? I am on ${PHONE}.` },
      writerCalls: 1,
      rejections: [],
    });
    const leadId = await enrol(customer, 'c-501', {
      email: ANNIKA.email,
      firstname: 'Annika',
      lastname: 'Vollmer',
      company: 'Quarzwerk GmbH',
      phone: PHONE,
      jobtitle: 'Head of Zephyrine Procurement',
    });

    // The account also researched her, and her colleague Bernd (whose brief lists her among the decision makers), by the API.
    for (const body of [{ email: ANNIKA.email, prospect_name: ANNIKA.name, linkedin_url: ANNIKA.profile }, { email: BERND }]) {
      const accepted = await customer.http.research(body, { 'idempotency-key': `key-${body.email}` });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
      expect((await customer.http.waitFor(String(accepted.body.research_id))).body.status).toBe('completed');
    }

    // Day 1's e-mail goes out, with her name, her phone and the word in it.
    clock.advance({ minutes: 1 });
    await runDue(pool(), clock, customer.accountId);
    const { rows: sent } = await pool().query<{ message_id: string }>(`SELECT message_id FROM autopilot_touches WHERE lead_id = $1 AND state = 'sent'`, [leadId]);
    expect(sent).toHaveLength(1);

    // She replies by e-mail (the lead ends Responded), and her auto-reply arrives too.
    const { rows: mailboxes } = await pool().query<{ id: string }>(
      `INSERT INTO autopilot_mailboxes (account_id, from_address, smtp_host, smtp_port, smtp_security, smtp_user, smtp_password_sealed, time_zone, window_start, window_end, days, daily_limit)
       VALUES ($1, 'jane@ledgerly.test', 'smtp.ledgerly.test', 587, 'starttls', 'jane', 'sealed', 'UTC', '09:00', '17:00', '{1,2,3,4,5}', 50) RETURNING id`,
      [customer.accountId],
    );
    const mailbox = { id: Number(mailboxes[0]!.id), accountId: customer.accountId, fromAddress: 'jane@ledgerly.test' } as Mailbox;
    const inbound = { db: pool(), signals: leadSignals(pool(), clock), clock };
    const message = (headers: string, text: string) => `From: Annika Vollmer <${ANNIKA.email}>\r\nTo: jane@ledgerly.test\r\nDate: Mon, 07 Jan 2030 11:00:00 +0000\r\n${headers}\r\n\r\n${text}\r\n`;
    clock.advance({ hours: 1 });
    const reply = await handleInbound(
      inbound,
      mailbox,
      message(
        `Subject: Re: Your Zephyrine plans\r\nMessage-ID: <r1@quarzwerk.de>\r\nIn-Reply-To: ${sent[0]!.message_id}`,
        `The zephyrine plans are going well. Call me on ${PHONE}.\r\nAnnika Vollmer`,
      ),
      'u1',
    );
    expect(reply).toMatchObject({ kind: 'reply', leadId });
    const auto = await handleInbound(
      inbound,
      mailbox,
      message('Subject: Automatic reply: Your Zephyrine plans\r\nMessage-ID: <r2@quarzwerk.de>\r\nAuto-Submitted: auto-replied', 'Out of office.'),
      'u2',
    );
    expect(auto.kind).toBe('auto_reply');

    // On the professional network: her thread on a seat, her accepting the invitation, a message from her.
    const { rows: seats } = await pool().query<{ id: string }>(
      `INSERT INTO autopilot_seats (account_id, channel, unipile_account_id, label, time_zone, window_start, window_end, days, messages_per_day)
       VALUES ($1, 'linkedin', 'unipile-erasure', 'Jane on LinkedIn', 'UTC', '09:00', '17:00', '{1,2,3,4,5}', 50) RETURNING id`,
      [customer.accountId],
    );
    const seat = { id: Number(seats[0]!.id), accountId: customer.accountId, channel: 'linkedin' as const, unipileAccountId: 'unipile-erasure', status: 'connected' as const };
    await saveThread(pool(), {
      leadId,
      accountId: customer.accountId,
      channel: 'linkedin',
      seatId: seat.id,
      providerUserId: PROVIDER_ID,
      chatId: 'chat-qz-1',
      invitationId: 'inv-qz-1',
      invitedAt: clock.now(),
    });
    expect((await handleRelation(inbound, seat, { unipileAccountId: 'unipile-erasure', providerId: PROVIDER_ID, publicIdentifier: 'annika-vollmer-qz', since: undefined }, 'webhook')).kind).toBe(
      'invite_accepted',
    );
    const chat = {
      id: 'msg-qz-1',
      unipileAccountId: 'unipile-erasure',
      chatId: 'chat-qz-1',
      senderId: PROVIDER_ID,
      fromAccount: false,
      isEvent: false,
      text: `Is zephyrine still on? ${PHONE}`,
      sentAt: undefined,
    };
    expect((await handleMessage(inbound, seat, chat, 'webhook')).kind).toBe('reply');

    // The CRM logs her reply as an activity, and changes a property.
    const activity = await customer.http.request('POST', '/autopilot/contacts/c-501/activities', {
      body: { type: 'email_reply', occurred_at: clock.now().toISOString(), id: 'eng-77', text: 'Zephyrine: yes please. Annika Vollmer' },
    });
    expect(activity.status, JSON.stringify(activity.body)).toBe(202);
    expect((await customer.crm.change('c-501', { jobtitle: 'Chief Zephyrine Officer' })).status).toBe(202);

    // What paid sources answered (the engine's cache, shared by every account): about her, about her company's decision makers, about others.
    await pool().query(
      `INSERT INTO company_facts (kind, key, domain, facts) VALUES
         ('person', $1, 'quarzwerk.de', $2), ('decision_makers', 'facts-v2|apollo|quarzwerk.de|5', 'quarzwerk.de', $3),
         ('decision_makers', 'facts-v2|apollo|ferngut.de|5', 'ferngut.de', '[{"full_name": "Otto Ferngut"}]'), ('company', 'facts-v2|apollo|{"domain":"quarzwerk.de"}', 'quarzwerk.de', '{"name": "Quarzwerk GmbH"}')`,
      [
        `facts-v2|apollo|${JSON.stringify({ email: ANNIKA.email, name: ANNIKA.name })}`,
        JSON.stringify({ name: ANNIKA.name, title: ANNIKA.title, linkedin_url: ANNIKA.profile }),
        JSON.stringify([
          { full_name: ANNIKA.name, linkedin_url: ANNIKA.profile },
          { full_name: CARLA.name, linkedin_url: CARLA.profile },
        ]),
      ],
    );

    // Everything above is held somewhere: the check below would see it.
    const before = await findInDatabase(pool(), NEEDLES);
    for (const where of [
      'autopilot_contacts.properties',
      'research_jobs.result',
      'research_jobs.request',
      'research_cache.email',
      'people.email',
      'company_facts.key',
      'autopilot_touches.body',
      'autopilot_touches.subject',
      'autopilot_lead_events.detail',
      'autopilot_lead_events.dedupe_key',
      'autopilot_email_inbound.from_address',
      'autopilot_channel_threads.provider_user_id',
      'autopilot_unipile_inbound.event_key',
      'public.events.data',
    ]) {
      expect(
        before.some((found) => found.includes(where)),
        `${where} in ${before.join('\n')}`,
      ).toBe(true);
    }
    const books1 = await books(customer, leadId);
    expect(books1.lead[0]).toMatchObject({ outcome: 'Responded', end_reason: 'replied' });

    clock.advance({ minutes: 5 });
    const erased = await erase(customer, 'c-501');
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ id: 'c-501', source: 'api', state: 'enrolled', closed_lead: null, lead_id: leadId, already_erased: false, suppressed: false });
    expect(erased.body.erased).toMatchObject({ contact: 1, research: 2, people: 2, source_facts: 2, decision_makers: 1, touches: 1, lead_events: 4, inbound_messages: 4, channel_threads: 1 });
    expect(erased.body.erased.research_cache).toBeGreaterThanOrEqual(1);
    expect(erased.body.erased.events).toBeGreaterThanOrEqual(3);
    expect(erased.body.text).toContain('Kept:');

    expect(await findInDatabase(pool(), NEEDLES)).toEqual([]);
    // The ledger, the counts, the lead's outcome and the touches' states stay; the jobs keep their rows.
    expect(await books(customer, leadId)).toEqual(books1);
    // What is not hers stays: her colleague's brief (without her), the company's facts, others' decision makers.
    const { rows: bernd } = await pool().query(`SELECT result -> 'decision_makers' AS dms FROM research_jobs WHERE email = $1`, [BERND]);
    expect(bernd.map((row) => row.dms.map((dm: { full_name: string }) => dm.full_name))).toEqual([[CARLA.name]]);
    const { rows: facts } = await pool().query('SELECT kind, domain FROM company_facts ORDER BY kind, domain');
    expect(facts).toEqual([
      { kind: 'company', domain: 'quarzwerk.de' },
      { kind: 'decision_makers', domain: 'ferngut.de' },
    ]);

    // The contact and its lead still answer, emptied; the erasure is logged with who asked and the counts.
    const routing = (await customer.crm.contact('c-501')).body;
    expect(routing).toMatchObject({ email: null, properties: {}, state: 'enrolled', erased_at: '2030-01-07T10:36:00.000+00:00' });
    expect((routing.explanation as { text: string }).text).toContain('Erased at the request of an API key');
    const lead = (await customer.http.request('GET', `/autopilot/leads/${leadId}`)).body as { outcome: string; timeline: { type: string; body?: unknown; detail?: unknown }[] };
    expect(lead.outcome).toBe('Responded');
    expect(lead.timeline.filter((entry) => entry.type === 'touch').map((entry) => entry.body)).toEqual([null, null]);
    expect(lead.timeline.filter((entry) => entry.type === 'event').every((entry) => JSON.stringify(entry.detail) === '{}')).toBe(true);
    const { rows: log } = await pool().query('SELECT source, contact_id, lead_id, requested_by, api_key_id, erased, suppressed FROM autopilot_erasures WHERE account_id = $1', [customer.accountId]);
    expect(log).toEqual([{ source: 'api', contact_id: 'c-501', lead_id: leadId, requested_by: 'api', api_key_id: customer.customer.keyId, erased: erased.body.erased, suppressed: false }]);

    // Again: nothing left, and it says so.
    const again = await erase(customer, 'c-501');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: 'c-501', already_erased: true, erased_at: '2030-01-07T10:36:00.000+00:00' });
    expect(Object.values(again.body.erased)).toEqual(Object.values(again.body.erased).map(() => 0));
    expect(again.body.text).toContain('nothing was left to erase');

    // What the CRM or a channel says about her later stores nothing of her again.
    const late = await customer.http.request('POST', '/autopilot/contacts/c-501/activities', {
      body: { type: 'email_reply', occurred_at: clock.now().toISOString(), id: 'eng-78', text: 'Zephyrine again, Annika Vollmer' },
    });
    expect(late.status).toBe(202);
    const changed = await customer.crm.change('c-501', { jobtitle: 'Zephyrine Lead', lastname: 'Vollmer' });
    expect(changed).toMatchObject({ status: 404, body: { error: 'contact_not_found' } });
    expect((await customer.crm.send([customer.contact('c-501', { email: ANNIKA.email, lastname: 'Vollmer' })])).body).toMatchObject({ new: 0, known: 1 });
    expect(
      await handleInbound(inbound, mailbox, message(`Subject: Re: Your Zephyrine plans\r\nMessage-ID: <r1@quarzwerk.de>\r\nIn-Reply-To: ${sent[0]!.message_id}`, 'zephyrine'), 'u1'),
    ).toMatchObject({ kind: 'seen' });
    expect(await handleMessage(inbound, seat, chat, 'poll')).toMatchObject({ kind: 'unmatched' });
    expect(await findInDatabase(pool(), NEEDLES)).toEqual([]);
  });

  it('keeps an opt-out as a hash of the address: the same address sent again is skipped as unsubscribed', async () => {
    const customer = await newCustomer();
    const leadId = await enrol(customer, 'c-601', { email: 'olga.stern@quarzwerk.de', firstname: 'Olga', lastname: 'Stern' });
    await leadOutcomes(pool(), clock).unsubscribed({ accountId: customer.accountId, leadId, occurredAt: clock.now(), dedupeKey: `link:${leadId}` });
    const erased = await erase(customer, 'c-601');
    expect(erased.body).toMatchObject({ suppressed: true, already_erased: false });
    expect(erased.body.text).toContain('a hash of it is kept');
    expect(await findInDatabase(pool(), ['olga.stern', 'stern@'])).toEqual([]);
    const { rows } = await pool().query('SELECT count(*)::int AS n FROM autopilot_suppressed WHERE account_id = $1', [customer.accountId]);
    expect(rows[0].n).toBe(1);
    expect((await erase(customer, 'c-601')).body).toMatchObject({ suppressed: true, already_erased: true });

    // The CRM sends her again under another id: skipped, never researched nor contacted.
    clock.advance({ minutes: 1 });
    expect((await customer.crm.send([customer.contact('c-602', { email: 'Olga.Stern@quarzwerk.de' })])).status).toBe(202);
    expect(await customer.routed('c-602')).toMatchObject({ state: 'skipped', reason: 'unsubscribed', lead: null });
  });

  it('stops research still running: the job fails, its credit is refunded, and nothing of it is kept', async () => {
    const customer = await newCustomer();
    expect((await customer.crm.send([customer.contact('c-701', { email: 'slow.sven@quarzwerk.de', lastname: 'Svensson' })])).status).toBe(202);
    const routed = await customer.routed('c-701');
    expect(routed.state).toBe('enrolled');
    await until('its research to run', async () => (await pool().query(`SELECT 1 FROM research_jobs WHERE id = $1 AND status = 'processing'`, [routed.research_id])).rows.length === 1);
    const used = (await creditState(pool(), customer.accountId)).used;
    const erased = await erase(customer, 'c-701');
    expect(erased.body).toMatchObject({ closed_lead: routed.lead!.id, erased: { research: 1 } });
    const { rows } = await pool().query('SELECT status, error, email, purged_at IS NOT NULL AS purged FROM research_jobs WHERE id = $1', [routed.research_id]);
    expect(rows).toEqual([{ status: 'failed', error: 'internal_error', email: null, purged: true }]);
    expect(await creditState(pool(), customer.accountId)).toMatchObject({ used: used - 1, debits: 1, refunds: 1 });
    expect((await customer.http.status(routed.research_id!)).status).toBe(404);
    expect(await findInDatabase(pool(), ['slow.sven', 'svensson'])).toEqual([]);
  });

  it('takes ?source= and an id that is itself personal, withdraws a contact still being routed, and refuses what it cannot be', async () => {
    const customer = await newCustomer();
    // An integrator's id that is an address; no e-mail property, so it waits for one.
    const id = 'dora.lind@quarzwerk.de';
    expect((await customer.crm.send([customer.contact(id, { firstname: 'Dora', lastname: 'Lindqvist' })])).status).toBe(202);
    expect(await customer.routed(id)).toMatchObject({ state: 'waiting', reason: 'no_email' });
    const erased = await erase(customer, id);
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ source: 'api', state: 'abandoned', withdrawn: true, closed_lead: null, lead_id: null, erased: { contact: 1 } });
    expect(erased.body.id).toMatch(/^erased:[0-9a-f]{32}$/);
    expect(await findInDatabase(pool(), ['dora.lind', 'lindqvist'])).toEqual([]);
    // Its events: the wait and the withdrawal, under the pseudonym, and no event for the renaming.
    const { rows: events } = await pool().query('SELECT type, contact_id FROM events WHERE account_id = $1 ORDER BY seq', [customer.accountId]);
    expect(events).toEqual([
      { type: 'contact.waiting', contact_id: erased.body.id },
      { type: 'contact.abandoned', contact_id: erased.body.id },
    ]);
    // The same id again finds it by its pseudonym; the id itself names nothing any more.
    expect((await erase(customer, id)).body).toMatchObject({ id: erased.body.id, already_erased: true });
    expect((await customer.crm.contact(id)).status).toBe(404);
    expect((await customer.crm.contact(erased.body.id)).body).toMatchObject({ state: 'abandoned', reason: 'removed_in_crm', email: null, properties: {} });

    // Another source's contact is erased with ?source=, and only there.
    await receiveContacts(
      pool(),
      { accountId: customer.accountId, source: 'hubspot:42' },
      [{ id: '901', createdAt: new Date(clock.now().getTime() - 1000), properties: { firstname: 'Hugo', lastname: 'Hubbard' } }],
      clock,
    );
    expect((await erase(customer, '901')).body).toMatchObject({ error: 'contact_not_found' });
    expect((await erase(customer, '901', '&source=hubspot:42')).body).toMatchObject({ id: '901', source: 'hubspot:42' });
    expect(await findInDatabase(pool(), ['hubbard'])).toEqual([]);

    for (const query of ['?erase=maybe', '?erase=true&erase=true', '?erase=']) {
      const reply = await customer.http.request('DELETE', `/autopilot/contacts/901${query}&source=hubspot:42`);
      expect(reply, query).toMatchObject({ status: 400, body: { error: 'invalid_query' } });
    }
    for (const unknown of ['never-sent', 'a\nb', 'x'.repeat(101)]) expect((await erase(customer, unknown)).status, unknown).toBe(404);
    // ?erase=false is the plain removal.
    expect((await customer.http.request('DELETE', '/autopilot/contacts/901?erase=false&source=hubspot:42')).body).toMatchObject({ id: '901', withdrawn: false });
  });
});

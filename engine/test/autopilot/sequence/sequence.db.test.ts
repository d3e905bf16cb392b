import { describe, expect, it } from 'vitest';
import type { AutopilotInput } from '../../../src/autopilot/contract.ts';
import { endLead } from '../../../src/autopilot/sequence/endLead.ts';
import { claimDay } from '../../../src/autopilot/sequence/senderLoad.ts';
import { transaction } from '../../../src/platform/database/database.ts';
import { addJob } from '../../../src/platform/queue/tasks.ts';
import { client } from '../../support/engine.ts';
import { metricValue } from '../../support/metrics.ts';
import { catchAll } from '../support.ts';
import { jobsOf, leadOf, touchesOf, useSequenceEngine } from './support.ts';

/** The sequence runtime end to end: a real worker, the recording channels and writer, a test clock. */
const { clock, fixture, email, linkedin, writer, pool, finishSlowResearch, newCustomer } = useSequenceEngine();

type Step = AutopilotInput['sequence'][number];
const mail = (day: number, angle = `Mail on day ${day}`): Step => ({ day, channel: 'email', kind: 'email', angle, subject_angle: 'Their pricing guide', signals: [] });

/** Puts an Autopilot a minute before `at` and moves the clock to `at`, so contacts sent then are acted on. */
async function autopilotAt(api: { put: (name: string, body: unknown) => Promise<{ status: number; body: unknown }> }, at: string, document: AutopilotInput) {
  clock.set(new Date(Date.parse(at) - 60_000));
  const put = await api.put(document.name, document);
  expect(put.status, JSON.stringify(put.body)).toBe(201);
  clock.set(at);
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('planning at enrolment', () => {
  it("plans one touch per step on the lead's business days, at 09:00 in the lead's zone (UTC when unknown), each with its job", async () => {
    const customer = await newCustomer();
    // Friday 4 January 2030, 15:00 UTC.
    await autopilotAt(customer.api, '2030-01-04T15:00:00Z', catchAll('Plan', { sequence: [mail(1), mail(2), mail(3)] }));
    const ny = await customer.enrol('ny', { email: 'ny@acme.com', hs_timezone: 'america_slash_new_york' });
    const berlin = await customer.enrol('de', { email: 'de@acme.de', country: 'Germany' });
    const unknown = await customer.enrol('xx', { email: 'xx@acme.io' });

    const nyTouches = await touchesOf(pool(), ny);
    expect(nyTouches.map((touch) => iso(touch.planned_at))).toEqual(['2030-01-04T14:00:00.000Z', '2030-01-07T14:00:00.000Z', '2030-01-08T14:00:00.000Z']);
    // Day 1's 09:00 had passed in New York: due at enrolment, but its research has just started, so a minute later.
    expect(nyTouches.map((touch) => iso(touch.due_at))).toEqual(['2030-01-04T15:01:00.000Z', '2030-01-07T14:00:00.000Z', '2030-01-08T14:00:00.000Z']);
    expect(nyTouches.map((touch) => touch.held_reason)).toEqual(["waiting for the lead's research to finish", null, null]);
    expect(nyTouches.every((touch) => touch.state === 'scheduled' && touch.channel === 'email' && touch.kind === 'email')).toBe(true);
    expect((await touchesOf(pool(), berlin)).map((touch) => iso(touch.planned_at))).toEqual(['2030-01-04T08:00:00.000Z', '2030-01-07T08:00:00.000Z', '2030-01-08T08:00:00.000Z']);
    expect((await touchesOf(pool(), unknown)).map((touch) => iso(touch.planned_at))).toEqual(['2030-01-04T09:00:00.000Z', '2030-01-07T09:00:00.000Z', '2030-01-08T09:00:00.000Z']);

    const jobs = await jobsOf(
      pool(),
      nyTouches.map((touch) => touch.id),
    );
    expect(jobs.map((job) => [job.key, iso(job.run_at)])).toEqual(nyTouches.map((touch) => [`touch:${touch.id}`, iso(touch.due_at)]));
  });
});

describe('sending: windows, days, threading, the end of the sequence', () => {
  it("sends in the lead's window, holds and reschedules the rest, keeps the thread's sender, and ends the lead when its last touch went", async () => {
    const customer = await newCustomer();
    email.addSender(customer.accountId, {}, 'jane@ledgerly.test');
    email.addSender(customer.accountId, {}, 'max@ledgerly.test');
    // Friday 16:30 UTC: 11:30 in New York (open), 17:30 in Berlin (closed).
    await autopilotAt(customer.api, '2030-01-04T16:30:00Z', catchAll('Window', { sequence: [mail(1), mail(2), mail(3)] }));
    const ny = await customer.enrol('ny', { email: 'ny@acme.com', hs_timezone: 'America/New_York' });
    const berlin = await customer.enrol('de', { email: 'de@acme.de', country: 'DE' });
    clock.advance({ minutes: 1 });
    await customer.runDue();

    const [first] = await touchesOf(pool(), ny);
    expect(first).toMatchObject({ state: 'sent', subject: 'Re: Their pricing guide', message_id: `<touch-${first!.id}@ledgerly.test>` });
    // Held once, at enrolment, while its research ran: the reason stays as the touch's last hold.
    expect(first!.held_reason).toBe("waiting for the lead's research to finish");
    expect(iso(first!.sent_at)).toBe('2030-01-04T16:31:00.000Z');
    const [firstRequest] = writer.to(ny);
    expect(firstRequest).toMatchObject({
      leadOrigin: 'You downloaded our pricing guide last week.',
      subjectAngle: 'Their pricing guide',
      tone: 'Friendly',
      language: 'en',
      goal: { type: 'meetings' },
    });
    expect(firstRequest!.identity).toMatchObject({ name: 'Jane Doe' });
    const [sentToNy] = email.to('ny@acme.com');
    expect(sentToNy!.touch).toMatchObject({ step: 0, earlier: [], unsubscribeUrl: `https://engine.test/unsubscribe/${ny}`, signature: 'Jane Doe\nLedgerly' });

    const [held] = await touchesOf(pool(), berlin);
    expect(held).toMatchObject({ state: 'scheduled', held_reason: "outside the sending window 09:00-17:00 (Europe/Berlin, the lead's time zone); sender jane@ledgerly.test" });
    expect(iso(held!.due_at)).toBe('2030-01-07T08:00:00.000Z');
    expect((await jobsOf(pool(), [held!.id])).map((job) => iso(job.run_at))).toEqual(['2030-01-07T08:00:00.000Z']);
    expect(email.to('de@acme.de')).toHaveLength(0);

    // The weekend: nothing is due.
    clock.set('2030-01-05T12:00:00Z');
    await customer.runDue();
    expect(email.to('de@acme.de')).toHaveLength(0);

    // Monday 09:00 in Berlin: day 1 (held) and day 2 (planned then) are due; they go in step order.
    clock.set('2030-01-07T08:00:00Z');
    await customer.runDue();
    clock.advance({ minutes: 1 });
    await customer.runDue();
    const berlinTouches = await touchesOf(pool(), berlin);
    expect(berlinTouches.slice(0, 2).map((touch) => touch.state)).toEqual(['sent', 'sent']);
    expect(berlinTouches[0]!.sent_at! <= berlinTouches[1]!.sent_at!).toBe(true);
    expect(berlinTouches[1]!.subject).toBeNull();

    // Monday 09:00 in New York: day 2, in the thread of day 1, from the same mailbox, without the origin sentence or a subject.
    clock.set('2030-01-07T14:00:00Z');
    await customer.runDue();
    const [, second] = email.to('ny@acme.com');
    expect(second!.sender.id).toBe(sentToNy!.sender.id);
    expect(second!.touch.earlier).toEqual([{ messageId: first!.message_id, subject: 'Re: Their pricing guide', sentAt: first!.sent_at }]);
    expect(writer.to(ny)[1]).toMatchObject({ leadOrigin: null, subjectAngle: null });
    expect(writer.to(ny)[1]!.earlier).toHaveLength(1);
    expect(await leadOf(pool(), ny)).toEqual({ outcome: 'Active', end_reason: null });

    // Tuesday: the last touch goes and the sequence ends.
    clock.set('2030-01-08T14:00:00Z');
    await customer.runDue();
    expect((await touchesOf(pool(), ny)).map((touch) => touch.state)).toEqual(['sent', 'sent', 'sent']);
    expect(await leadOf(pool(), ny)).toEqual({ outcome: 'Closed', end_reason: 'sequence_ended' });
    expect(email.to('ny@acme.com')).toHaveLength(3);
  });
});

describe('the weekend', () => {
  it('holds a touch due on a Saturday until Monday, and day 2 (Monday) follows it there', async () => {
    const heldBefore = await metricValue('prospect_touches_total', { channel: 'email', result: 'held', reason: 'not_sending_day' });
    const customer = await newCustomer();
    email.addSender(customer.accountId, {}, 'weekend@ledgerly.test');
    // Saturday 12 January 2030, 11:00 in Berlin.
    await autopilotAt(customer.api, '2030-01-12T10:00:00Z', catchAll('Weekend', { sequence: [mail(1), mail(2)] }));
    const lead = await customer.enrol('we', { email: 'we@acme.de', country: 'Germany' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    const [saturday, monday] = await touchesOf(pool(), lead);
    expect(saturday).toMatchObject({ state: 'scheduled', held_reason: "Saturday is not a sending day (Europe/Berlin, the lead's time zone); sender weekend@ledgerly.test" });
    // Ops count it by a word, not by the sentence with its sender and time zone.
    expect(await metricValue('prospect_touches_total', { channel: 'email', result: 'held', reason: 'not_sending_day' })).toBe(heldBefore + 1);
    expect(iso(saturday!.due_at)).toBe('2030-01-14T08:00:00.000Z');
    expect(iso(monday!.planned_at)).toBe('2030-01-14T08:00:00.000Z');
    expect(email.to('we@acme.de')).toHaveLength(0);

    clock.set('2030-01-14T08:00:00Z');
    await customer.runDue();
    clock.advance({ minutes: 1 });
    await customer.runDue();
    expect(email.to('we@acme.de').map((item) => item.touch.step)).toEqual([0, 1]);
    expect(await leadOf(pool(), lead)).toEqual({ outcome: 'Closed', end_reason: 'sequence_ended' });
  });
});

describe('daily limits and warm-up', () => {
  it('shares one mailbox limit between two Autopilots of the account, under concurrent workers, and sends the rest the next day', async () => {
    const customer = await newCustomer();
    email.addSender(customer.accountId, { dailyLimit: 5 }, 'limited@ledgerly.test');
    clock.set('2030-01-14T09:58:00Z');
    await customer.api.put('A', catchAll('A', { filter: { match: 'all', rules: [{ property: 'segment', operator: 'is', values: ['a'] }] }, sequence: [mail(1)] }));
    await autopilotAt(customer.api, '2030-01-14T10:00:00Z', catchAll('B', { filter: { match: 'all', rules: [{ property: 'segment', operator: 'is', values: ['b'] }] }, sequence: [mail(1)] }));
    const leads: number[] = [];
    for (let index = 0; index < 8; index++) leads.push(await customer.enrol(`l${index}`, { email: `l${index}@acme.de`, country: 'Germany', segment: index % 2 ? 'a' : 'b' }));
    clock.advance({ minutes: 1 });
    await customer.runDue();

    const touches = (await Promise.all(leads.map((lead) => touchesOf(pool(), lead)))).flat();
    const sent = touches.filter((touch) => touch.state === 'sent');
    const waiting = touches.filter((touch) => touch.state === 'scheduled');
    expect(sent).toHaveLength(5);
    expect(waiting).toHaveLength(3);
    for (const touch of waiting) {
      expect(touch.held_reason).toBe('the daily limit of limited@ledgerly.test is reached (5 of 5 on 2030-01-14); sender limited@ledgerly.test');
      expect(iso(touch.due_at)).toBe('2030-01-15T08:00:00.000Z');
    }

    clock.set('2030-01-15T08:00:00Z');
    await customer.runDue();
    const after = (await Promise.all(leads.map((lead) => touchesOf(pool(), lead)))).flat();
    expect(after.filter((touch) => touch.state === 'sent')).toHaveLength(8);
    expect(after.filter((touch) => touch.sent_at?.toISOString().startsWith('2030-01-15'))).toHaveLength(3);
  });

  it("gives a claim's place back when its touch is not sent (the mailbox deferred it, its worker died mid-send): the day's limit counts each touch once", async () => {
    const customer = await newCustomer();
    const mailbox = email.addSender(customer.accountId, { dailyLimit: 2 }, 'once@ledgerly.test');
    await autopilotAt(customer.api, '2030-01-28T10:00:00Z', catchAll('Once', { sequence: [mail(1)] }));
    const deferred = await customer.enrol('o1', { email: 'o1@acme.de', country: 'Germany' });
    const died = await customer.enrol('o2', { email: 'o2@acme.de', country: 'Germany' });
    clock.advance({ minutes: 1 });
    email.script = (touch) => (touch.leadId === deferred ? { kind: 'deferred', until: new Date('2030-01-28T15:00:00Z'), why: 'the mailbox refused for now (421)' } : undefined);
    // The second lead's touch was claimed 11 minutes ago by a worker that died before it was sent.
    const [abandoned] = await touchesOf(pool(), died);
    expect(await transaction(pool(), (db) => claimDay(db, { id: abandoned!.id, kind: 'email' }, mailbox, new Date(clock.now().getTime() - 11 * 60_000)))).toBe('2030-01-28');
    await customer.runDue();
    expect(await touchesOf(pool(), deferred)).toMatchObject([{ state: 'scheduled', held_reason: 'the mailbox refused for now (421)' }]);
    expect(await touchesOf(pool(), died)).toMatchObject([{ state: 'sent' }]);
    expect(email.to('o2@acme.de')).toHaveLength(1);
    email.script = () => undefined;

    // One of the day's two places is used: the next lead's touch goes, the one after waits for tomorrow.
    const next = await customer.enrol('o3', { email: 'o3@acme.de', country: 'Germany' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    const last = await customer.enrol('o4', { email: 'o4@acme.de', country: 'Germany' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    expect(await touchesOf(pool(), next)).toMatchObject([{ state: 'sent' }]);
    expect(await touchesOf(pool(), last)).toMatchObject([{ state: 'scheduled', held_reason: 'the daily limit of once@ledgerly.test is reached (2 of 2 on 2030-01-28); sender once@ledgerly.test' }]);
  });

  it('warms a new mailbox up: its start on the first day, more each day after', async () => {
    const customer = await newCustomer();
    email.addSender(customer.accountId, { dailyLimit: 40, warmup: { startPerDay: 2, increasePerDay: 2, startedOn: '2030-01-21' } }, 'new@ledgerly.test');
    await autopilotAt(customer.api, '2030-01-21T10:00:00Z', catchAll('Warm', { sequence: [mail(1)] }));
    const leads: number[] = [];
    for (let index = 0; index < 7; index++) leads.push(await customer.enrol(`w${index}`, { email: `w${index}@acme.de`, country: 'Germany' }));
    const sentCount = async () => (await Promise.all(leads.map((lead) => touchesOf(pool(), lead)))).flat().filter((touch) => touch.state === 'sent').length;

    clock.advance({ minutes: 1 });
    await customer.runDue();
    expect(await sentCount()).toBe(2);
    const held = (await Promise.all(leads.map((lead) => touchesOf(pool(), lead)))).flat().find((touch) => touch.state === 'scheduled');
    expect(held!.held_reason).toContain('(2 of 2 on 2030-01-21, warming up)');
    clock.set('2030-01-22T08:00:00Z');
    await customer.runDue();
    expect(await sentCount()).toBe(6);
    clock.set('2030-01-23T08:00:00Z');
    await customer.runDue();
    expect(await sentCount()).toBe(7);
  });
});

describe('skips and ends', () => {
  it('skips a second connection request, and the sequence still ends', async () => {
    const customer = await newCustomer();
    linkedin.addSender(customer.accountId, { dailyLimit: 80 }, 'seat-1');
    await autopilotAt(
      customer.api,
      '2030-02-04T10:00:00Z',
      catchAll('Network', {
        channels: ['linkedin'],
        sequence: [
          { day: 1, channel: 'linkedin', kind: 'connection_request', angle: 'Connect', subject_angle: null, signals: [] },
          { day: 1, channel: 'linkedin', kind: 'connection_request', angle: 'Connect again', subject_angle: null, signals: [] },
        ],
      }),
    );
    const lead = await customer.enrol('n1', { email: 'n1@acme.de', country: 'Germany' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    clock.advance({ minutes: 1 });
    await customer.runDue();
    expect((await touchesOf(pool(), lead)).map((touch) => [touch.state, touch.skip_reason])).toEqual([
      ['sent', null],
      ['skipped', 'second_connection_request'],
    ]);
    expect(linkedin.sent.filter((item) => item.touch.leadId === lead)).toHaveLength(1);
    expect(await leadOf(pool(), lead)).toEqual({ outcome: 'Closed', end_reason: 'sequence_ended' });
  });

  it('holds e-mail while the account has no mailbox (the lead waits, nothing is written), and sends once one is added', async () => {
    const customer = await newCustomer();
    await autopilotAt(customer.api, '2030-02-11T10:00:00Z', catchAll('No mailbox', { sequence: [mail(1), mail(2)] }));
    const lead = await customer.enrol('m1', { email: 'm1@acme.de', country: 'Germany' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    const [held] = await touchesOf(pool(), lead);
    expect(held).toMatchObject({ state: 'scheduled', held_reason: expect.stringContaining('the account has no mailbox that can send') });
    expect(await leadOf(pool(), lead)).toEqual({ outcome: 'Active', end_reason: null });
    expect(writer.to(lead)).toHaveLength(0);

    email.addSender(customer.accountId, {}, 'late@ledgerly.test');
    clock.advance({ hours: 1 });
    await customer.runDue();
    expect((await touchesOf(pool(), lead))[0]).toMatchObject({ state: 'sent' });
  });

  it('ends a lead no remaining touch can reach (no profile on the network, a channel the engine does not send on): no_reachable_channel, every job gone', async () => {
    const customer = await newCustomer();
    linkedin.addSender(customer.accountId, {}, 'seat-2');
    linkedin.unreachableWhen = (contact) => (contact.properties.linkedin_url ? null : 'no_network_profile');
    const network = (day: number) => ({ day, channel: 'linkedin' as const, kind: 'message' as const, angle: 'Follow up', subject_angle: null, signals: [] });
    const chat = (day: number) => ({ day, channel: 'telegram' as const, kind: 'message' as const, angle: 'Ping', subject_angle: null, signals: [] });
    await autopilotAt(customer.api, '2030-02-11T10:00:00Z', catchAll('Unreachable', { channels: ['linkedin', 'telegram'], sequence: [network(1), chat(2), network(3)] }));
    const lead = await customer.enrol('u1', { email: 'u1@acme.de', country: 'Germany' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    const touches = await touchesOf(pool(), lead);
    expect(touches.map((touch) => [touch.state, touch.skip_reason])).toEqual([
      ['skipped', 'no_network_profile'],
      ['cancelled', null],
      ['cancelled', null],
    ]);
    expect(await leadOf(pool(), lead)).toEqual({ outcome: 'Closed', end_reason: 'no_reachable_channel' });
    expect(
      await jobsOf(
        pool(),
        touches.map((touch) => touch.id),
      ),
    ).toEqual([]);
    expect(writer.to(lead)).toHaveLength(0);

    // With a profile, the network steps can act: the chat-app step alone (no channel in this engine) is skipped and the lead goes on.
    const reachable = await customer.enrol('u2', { email: 'u2@acme.de', country: 'Germany', linkedin_url: 'https://www.linkedin.com/in/u2' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    clock.set('2030-02-12T08:00:00Z');
    await customer.runDue();
    expect((await touchesOf(pool(), reachable)).map((touch) => [touch.state, touch.skip_reason])).toEqual([
      ['sent', null],
      ['skipped', 'no_sender'],
      ['scheduled', null],
    ]);
    expect(await leadOf(pool(), reachable)).toEqual({ outcome: 'Active', end_reason: null });
  });

  it('holds e-mail while the sender identity is missing (visible on the touch), sends once it is set, and drops a lead that fell too far behind', async () => {
    const customer = await newCustomer({ identity: false, dropBehindDays: 7 });
    email.addSender(customer.accountId, {}, 'config@ledgerly.test');
    await autopilotAt(customer.api, '2030-03-04T10:00:00Z', catchAll('Config', { sequence: [mail(1), mail(2)] }));
    const waits = await customer.enrol('c1', { email: 'c1@acme.de', country: 'Germany' });
    const dropped = await customer.enrol('c2', { email: 'c2@acme.de', country: 'Germany' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    const [held] = await touchesOf(pool(), waits);
    expect(held).toMatchObject({
      state: 'scheduled',
      held_reason: 'e-mail cannot be sent: the account has no sender identity (name, company, postal address) and no e-mail signature (PATCH /autopilot/settings, or prospect-engine settings set)',
    });
    expect(iso(held!.due_at)).toBe('2030-03-04T11:01:00.000Z');
    expect(email.sent.filter((item) => item.touch.accountId === customer.accountId)).toHaveLength(0);

    // Set for one lead's sake an hour later: its touch goes at the next look.
    clock.set('2030-03-04T11:01:00Z');
    await customer.api.patchSettings({ email_signature: 'Jane', sender_identity: { name: 'Jane Doe', company: 'Ledgerly GmbH', postal_address: 'Hauptstr. 1, 10115 Berlin' } });
    await customer.runDue();
    expect((await touchesOf(pool(), waits))[0]!.state).toBe('sent');
    expect((await touchesOf(pool(), dropped))[0]!.state).toBe('sent');

    // Then the mailbox is removed for good; with "drop messages that fall 7 days behind", day 2 (Tuesday) ends the lead a week on.
    await customer.api.patchSettings({ sender_identity: null });
    clock.set('2030-03-05T08:00:00Z');
    await customer.runDue();
    expect((await touchesOf(pool(), dropped))[1]!.state).toBe('scheduled');
    clock.set('2030-03-12T09:00:00Z');
    await customer.runDue();
    expect(await leadOf(pool(), dropped)).toEqual({ outcome: 'Closed', end_reason: 'fell_behind' });
    const touches = await touchesOf(pool(), dropped);
    expect(touches.map((touch) => touch.state)).toEqual(['sent', 'cancelled']);
    expect(
      await jobsOf(
        pool(),
        touches.map((touch) => touch.id),
      ),
    ).toEqual([]);
  });

  it("waits for the lead's research to finish before writing", async () => {
    const customer = await newCustomer();
    email.addSender(customer.accountId, {}, 'research@ledgerly.test');
    await autopilotAt(customer.api, '2030-03-18T10:00:00Z', catchAll('Research', { sequence: [mail(1)] }));
    const lead = await customer.enrol('r1', { email: 'slow@acme.de', country: 'Germany' });
    // Planned a minute after enrolment; still running then: held another minute.
    expect(iso((await touchesOf(pool(), lead))[0]!.due_at)).toBe('2030-03-18T10:01:00.000Z');
    clock.advance({ minutes: 1 });
    await customer.runDue();
    const [touch] = await touchesOf(pool(), lead);
    expect(touch).toMatchObject({ state: 'scheduled', held_reason: "waiting for the lead's research to finish" });
    expect(iso(touch!.due_at)).toBe('2030-03-18T10:02:00.000Z');
    expect(writer.to(lead)).toHaveLength(0);
    finishSlowResearch();
    const { rows } = await pool().query<{ status: string }>(`SELECT r.status FROM autopilot_leads l JOIN research_jobs r ON r.id = l.research_id WHERE l.id = $1`, [lead]);
    expect(rows).toHaveLength(1);
    await expect
      .poll(async () => (await pool().query(`SELECT status FROM research_jobs r JOIN autopilot_leads l ON l.research_id = r.id WHERE l.id = $1`, [lead])).rows[0].status, { timeout: 15_000 })
      .toBe('completed');
    clock.advance({ minutes: 1 });
    await customer.runDue();
    expect((await touchesOf(pool(), lead))[0]!.state).toBe('sent');
    expect(writer.to(lead)[0]!.brief).not.toBeNull();
  });

  it('gives the writer the brief as GET /research-status answers its data: where its facts came from is not part of it', async () => {
    const customer = await newCustomer();
    email.addSender(customer.accountId, {}, 'brief@ledgerly.test');
    await autopilotAt(customer.api, '2030-03-19T10:00:00Z', catchAll('Brief', { sequence: [mail(1)] }));
    const lead = await customer.enrol('b1', { email: 'jana@acme.de', country: 'Germany' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    expect((await touchesOf(pool(), lead))[0]!.state).toBe('sent');

    const { rows } = await pool().query<{ research_id: string }>('SELECT research_id FROM autopilot_leads WHERE id = $1', [lead]);
    const status = await client(fixture.engine.url, customer.customer.key).status(rows[0]!.research_id);
    expect(status.body).toMatchObject({ status: 'completed', provenance: expect.any(Object) });
    const [request] = writer.to(lead);
    expect(request!.brief).toEqual(status.body.data);
    expect(request!.brief).not.toHaveProperty('provenance');
  });
});

describe('a reply, and a job delivered twice', () => {
  it('a reply ending the lead removes every queued touch job at once', async () => {
    const customer = await newCustomer();
    email.addSender(customer.accountId, {}, 'reply@ledgerly.test');
    await autopilotAt(customer.api, '2030-04-01T10:00:00Z', catchAll('Reply', { sequence: [mail(1), mail(2), mail(4)] }));
    const lead = await customer.enrol('r1', { email: 'r1@acme.de', country: 'Germany' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    const before = await touchesOf(pool(), lead);
    expect(before.map((touch) => touch.state)).toEqual(['sent', 'scheduled', 'scheduled']);
    expect(
      await jobsOf(
        pool(),
        before.map((touch) => touch.id),
      ),
    ).toHaveLength(2);

    await transaction(pool(), (client) => endLead(client, lead, 'replied', clock.now()));
    expect(await leadOf(pool(), lead)).toEqual({ outcome: 'Responded', end_reason: 'replied' });
    const after = await touchesOf(pool(), lead);
    expect(after.map((touch) => touch.state)).toEqual(['sent', 'cancelled', 'cancelled']);
    expect(
      await jobsOf(
        pool(),
        after.map((touch) => touch.id),
      ),
    ).toEqual([]);
    clock.set('2030-04-05T10:00:00Z');
    await customer.runDue();
    expect(email.to('r1@acme.de')).toHaveLength(1);
  });

  it('sends a touch once when its job is delivered twice while it is being sent, and again later', async () => {
    const customer = await newCustomer();
    email.addSender(customer.accountId, {}, 'twice@ledgerly.test');
    await autopilotAt(customer.api, '2030-04-08T10:00:00Z', catchAll('Twice', { sequence: [mail(1), mail(2)] }));
    const lead = await customer.enrol('t1', { email: 't1@acme.de', country: 'Germany' });
    const [touch] = await touchesOf(pool(), lead);
    // The writer takes its time on this touch; meanwhile two more deliveries of its job (no key: they
    // stand beside the keyed one) run.
    let finishWriting!: () => void;
    const writing = new Promise<void>((resolve) => (finishWriting = resolve));
    writer.pause = (request) => (request.leadId === lead ? writing : undefined);
    clock.advance({ minutes: 1 });
    const running = customer.runDue();
    const duplicates = async () =>
      (await pool().query(`SELECT count(*)::int AS n, max(last_error) AS e FROM graphile_worker._private_jobs WHERE key IS NULL AND payload->>'touchId' = $1`, [String(touch!.id)])).rows[0];
    try {
      await expect.poll(() => writer.to(lead).length).toBe(1);
      await addJob(pool(), 'send_touch', { touchId: touch!.id });
      await addJob(pool(), 'send_touch', { touchId: touch!.id });
      await expect.poll(duplicates, { timeout: 10_000 }).toMatchObject({ n: 0 });
    } finally {
      finishWriting();
      writer.pause = () => undefined;
      await running;
    }
    // Delivered once more after it went: nothing happens, and the metrics do not count it again.
    const sent = await metricValue('prospect_touches_total', { channel: 'email', result: 'sent', reason: '' });
    await addJob(pool(), 'send_touch', { touchId: touch!.id });
    await expect.poll(duplicates, { timeout: 10_000 }).toMatchObject({ n: 0 });
    expect(await metricValue('prospect_touches_total', { channel: 'email', result: 'sent', reason: '' })).toBe(sent);
    expect(email.to('t1@acme.de')).toHaveLength(1);
    expect(writer.to(lead)).toHaveLength(1);
    expect((await touchesOf(pool(), lead))[0]!.state).toBe('sent');
  });

  it('a channel deferring a touch reschedules it under the same key, and a skip from the channel is recorded', async () => {
    const customer = await newCustomer();
    email.addSender(customer.accountId, {}, 'defer@ledgerly.test');
    await autopilotAt(customer.api, '2030-04-15T10:00:00Z', catchAll('Defer', { sequence: [mail(1), mail(2)] }));
    const lead = await customer.enrol('d1', { email: 'd1@acme.de', country: 'Germany' });
    const until = new Date('2030-04-15T12:00:00Z');
    email.script = (touch) => (touch.leadId === lead && touch.step === 0 ? { kind: 'deferred', until, why: 'the mailbox refused for now (421)' } : undefined);
    clock.advance({ minutes: 1 });
    await customer.runDue();
    const [deferred] = await touchesOf(pool(), lead);
    expect(deferred).toMatchObject({ state: 'scheduled', held_reason: 'the mailbox refused for now (421)' });
    expect((await jobsOf(pool(), [deferred!.id])).map((job) => iso(job.run_at))).toEqual([until.toISOString()]);

    email.script = (touch) => (touch.leadId === lead ? { kind: 'skipped', reason: 'address_bounced' } : undefined);
    clock.set(until);
    const bounced = () => metricValue('prospect_touches_total', { channel: 'email', result: 'skipped', reason: 'address_bounced' });
    const bouncedBefore = await bounced();
    await customer.runDue();
    expect((await touchesOf(pool(), lead))[0]).toMatchObject({ state: 'skipped', skip_reason: 'address_bounced' });
    // The metrics count the skip once, by its channel and reason.
    expect(await bounced()).toBe(bouncedBefore + 1);
    email.script = () => undefined;
  });

  it('asks the Qualify questions in order, one per message', async () => {
    const customer = await newCustomer();
    email.addSender(customer.accountId, {}, 'qualify@ledgerly.test');
    const goal = { type: 'qualify' as const, questions: ['How do you price today?', 'Who signs off?'] };
    // Monday 13 May 2030 (not Easter Monday, 22 April, a public holiday in Germany that would hold day 1 to Tuesday).
    await autopilotAt(customer.api, '2030-05-13T10:00:00Z', catchAll('Qualify', { goal, sequence: [mail(1), mail(2), mail(3)] }));
    const lead = await customer.enrol('q1', { email: 'q1@acme.de', country: 'Germany' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    for (const day of ['2030-05-14T08:00:00Z', '2030-05-15T08:00:00Z']) {
      clock.set(day);
      await customer.runDue();
    }
    const questions = goal.questions;
    expect(writer.to(lead).map((request) => request.goal)).toEqual([
      { type: 'qualify', question: 'How do you price today?', questionIndex: 0, questions },
      { type: 'qualify', question: 'Who signs off?', questionIndex: 1, questions },
      { type: 'qualify', question: 'Who signs off?', questionIndex: 1, questions },
    ]);
  });

  it('holds a touch while the writer fails (a model outage), sends it once the writer is back, and hands the facts it used to the next message', async () => {
    const customer = await newCustomer();
    email.addSender(customer.accountId, {}, 'outage@ledgerly.test');
    await autopilotAt(customer.api, '2030-05-13T10:00:00Z', catchAll('Outage', { sequence: [mail(1), mail(2)] }));
    const lead = await customer.enrol('o1', { email: 'o1@acme.de', country: 'Germany' });
    writer.script = (request) => {
      if (request.leadId === lead) throw new Error('the model answered 503');
      return undefined;
    };
    clock.advance({ minutes: 1 });
    await customer.runDue();
    const [held] = await touchesOf(pool(), lead);
    expect(held).toMatchObject({ state: 'scheduled', held_reason: expect.stringContaining('the message writer failed (the model answered 503)') });
    const [job] = await jobsOf(pool(), [held!.id]);
    expect(job!.run_at.getTime()).toBe(clock.now().getTime() + 5 * 60_000);
    expect(email.sent.filter(({ touch }) => touch.leadId === lead)).toEqual([]);

    writer.script = (request) =>
      request.leadId === lead && request.step.day === 1
        ? { kind: 'written', message: { subject: 'Their pricing', body: 'A first note' }, writerCalls: 1, rejections: [], facts: ['news.1'] }
        : undefined;
    clock.advance({ minutes: 5 });
    await customer.runDue();
    expect((await touchesOf(pool(), lead))[0]).toMatchObject({ state: 'sent', body: 'A first note' });
    clock.set('2030-05-14T08:00:00Z');
    await customer.runDue();
    const second = writer.to(lead).at(-1)!;
    expect(second.step.day).toBe(2);
    expect(second.earlier).toEqual([expect.objectContaining({ body: 'A first note', facts: ['news.1'] })]);
    writer.script = () => undefined;
  });
});

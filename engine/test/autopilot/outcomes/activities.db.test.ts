import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { activityAcceptedSchema, autopilotErrorSchema, HUBSPOT_CONNECTED_DISPOSITION, propertiesAcceptedSchema } from '../../../src/autopilot/contract.ts';
import { crmPort } from '../../../src/autopilot/intake/crmPort.ts';
import { events, leadRow, queuedJobs, touchStates, useOutcomesEngine } from './support.ts';

const { clock, fixture, newCustomer } = useOutcomesEngine();

const ajv = new Ajv({ strict: true });
const isAccepted = ajv.compile(activityAcceptedSchema);
const isError = ajv.compile(autopilotErrorSchema);
const isPropertiesAccepted = ajv.compile(propertiesAcceptedSchema);

const iso = (date: Date) => date.toISOString();
const minutesFromNow = (minutes: number) => iso(new Date(clock.now().getTime() + minutes * 60_000));

async function log(http: Awaited<ReturnType<typeof newCustomer>>['http'], contactId: string, body: unknown) {
  const reply = await http.request('POST', `/autopilot/contacts/${encodeURIComponent(contactId)}/activities`, { body });
  if (reply.status === 202) expect(isAccepted(reply.body), JSON.stringify(isAccepted.errors)).toBe(true);
  else expect(isError(reply.body), JSON.stringify(isError.errors)).toBe(true);
  return reply;
}

describe('POST /autopilot/contacts/{id}/activities', () => {
  it('a connected call after enrolment ends the lead: Responded, call_connected, queued touches gone', async () => {
    const { autopilot, lead, http } = await newCustomer();
    const { leadId, contactId, touchIds } = await lead(await autopilot());
    const reply = await log(http, contactId, { type: 'call', occurred_at: minutesFromNow(30), connected: true, id: 'call-1' });
    expect(reply.status).toBe(202);
    expect(reply.body).toMatchObject({ contact_id: contactId, type: 'call', lead_id: leadId, effect: 'ended_lead', outcome: 'Responded', end_reason: 'call_connected' });
    expect(await touchStates(fixture.engine.pool, leadId)).toEqual(['cancelled', 'cancelled']);
    expect(await queuedJobs(fixture.engine.pool, touchIds)).toBe(0);
  });

  it("reads a call's disposition when the CRM does not say connected: Connected or HubSpot's id wins, anything else is recorded", async () => {
    const { autopilot, lead, http } = await newCustomer();
    const id = await autopilot();
    const noAnswer = await lead(id);
    const reply = await log(http, noAnswer.contactId, { type: 'call', occurred_at: minutesFromNow(1), disposition: 'No answer' });
    expect(reply.body).toMatchObject({ effect: 'recorded', outcome: 'Active', end_reason: null });
    expect(reply.body.text).toContain('did not connect');
    expect(await touchStates(fixture.engine.pool, noAnswer.leadId)).toEqual(['scheduled', 'scheduled']);

    const hubspot = await lead(id);
    expect((await log(http, hubspot.contactId, { type: 'call', occurred_at: minutesFromNow(1), disposition: HUBSPOT_CONNECTED_DISPOSITION })).body).toMatchObject({
      effect: 'ended_lead',
      end_reason: 'call_connected',
    });
    const named = await lead(id);
    expect((await log(http, named.contactId, { type: 'call', occurred_at: minutesFromNow(1), disposition: ' connected ' })).body).toMatchObject({ effect: 'ended_lead' });
    const overruled = await lead(id);
    expect((await log(http, overruled.contactId, { type: 'call', occurred_at: minutesFromNow(1), disposition: 'Connected', connected: false })).body).toMatchObject({ effect: 'recorded' });
  });

  it('with the stop condition off, a connected call or a meeting is recorded and the sequence goes on', async () => {
    const { autopilot, lead, http } = await newCustomer();
    const { leadId, contactId } = await lead(await autopilot({ stop_conditions: { call_connected: false, meeting_booked: false } }));
    const call = await log(http, contactId, { type: 'call', occurred_at: minutesFromNow(1), connected: true });
    expect(call.body).toMatchObject({ effect: 'recorded', outcome: 'Active' });
    expect(call.body.text).toContain('"call_connected" is off');
    expect((await log(http, contactId, { type: 'meeting', occurred_at: minutesFromNow(2) })).body).toMatchObject({ effect: 'recorded' });
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Active' });
    expect((await events(fixture.engine.pool, leadId)).map((event) => event.kind)).toEqual(['call', 'meeting']);
  });

  it('a meeting booked after enrolment is a win; one booked before it never counts and is not recorded', async () => {
    const { autopilot, lead, http } = await newCustomer();
    const { leadId, contactId } = await lead(await autopilot());
    const before = await log(http, contactId, { type: 'meeting', occurred_at: minutesFromNow(-60), id: 'mtg-old' });
    expect(before.body).toMatchObject({ effect: 'before_enrolment', outcome: 'Active', end_reason: null });
    expect(await events(fixture.engine.pool, leadId)).toEqual([]);
    const callBefore = await log(http, contactId, { type: 'call', occurred_at: minutesFromNow(-1), connected: true });
    expect(callBefore.body).toMatchObject({ effect: 'before_enrolment' });
    const after = await log(http, contactId, { type: 'meeting', occurred_at: minutesFromNow(90), id: 'mtg-new' });
    expect(after.body).toMatchObject({ effect: 'ended_lead', outcome: 'Responded', end_reason: 'meeting_booked' });
  });

  it('compares with the enrolment at the precision the time was given in: to the second, the same second counts; to the millisecond, it does not', async () => {
    const { autopilot, lead, http } = await newCustomer();
    const { leadId, contactId } = await lead(await autopilot());
    // Enrolled 750 ms into a second, as the engine's clock records it.
    await fixture.engine.pool.query(`UPDATE autopilot_leads SET enrolled_at = '2030-01-07T09:00:00.750Z' WHERE id = $1`, [leadId]);
    expect((await log(http, contactId, { type: 'call', occurred_at: '2030-01-07T08:59:59Z', connected: true })).body).toMatchObject({ effect: 'before_enrolment' });
    expect((await log(http, contactId, { type: 'call', occurred_at: '2030-01-07T09:00:00.500Z', connected: true })).body).toMatchObject({ effect: 'before_enrolment' });
    expect((await log(http, contactId, { type: 'meeting', occurred_at: '2030-01-07T10:00:00+01:00', id: 'same-second' })).body).toMatchObject({
      effect: 'ended_lead',
      end_reason: 'meeting_booked',
    });
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Responded' });
  });

  it('an e-mail reply is a win (replied), and its text is kept', async () => {
    const { autopilot, lead, http } = await newCustomer();
    const { leadId, contactId } = await lead(await autopilot());
    const reply = await log(http, contactId, { type: 'email_reply', occurred_at: minutesFromNow(5), text: 'Yes, let us talk.' });
    expect(reply.body).toMatchObject({ effect: 'ended_lead', end_reason: 'replied' });
    expect(await events(fixture.engine.pool, leadId)).toMatchObject([{ kind: 'reply', detail: { source: 'crm', text: 'Yes, let us talk.' } }]);
  });

  it('an auto-reply (its headers, else its subject, in any of the eight languages) is recorded on the timeline, never a win: the lead stays Active', async () => {
    const { autopilot, lead, http } = await newCustomer();
    const id = await autopilot();
    const cases: { body: Record<string, unknown>; why: string }[] = [
      { body: { subject: 'Automatic reply: Your pricing guide', text: 'I am out of the office until Monday.' }, why: 'its subject "Automatic reply: Your pricing guide"' },
      { body: { subject: 'Abwesenheitsnotiz: Ihre Preisliste' }, why: 'its subject "Abwesenheitsnotiz: Ihre Preisliste"' },
      { body: { subject: '[Out of Office] Re: Your pricing guide' }, why: 'its subject "[Out of Office] Re: Your pricing guide"' },
      // The headers come first: a subject a person could have written does not save it.
      { body: { subject: 'Re: Your pricing guide', headers: { 'AUTO-SUBMITTED': 'auto-replied', From: 'jana@acme.de' } }, why: 'Auto-Submitted: auto-replied' },
      { body: { headers: { precedence: ['bulk'] } }, why: 'precedence: bulk' },
      { body: { headers: { 'Return-Path': '<>' } }, why: 'an empty Return-Path' },
    ];
    for (const { body, why } of cases) {
      const { leadId, contactId } = await lead(id);
      const reply = await log(http, contactId, { type: 'email_reply', occurred_at: minutesFromNow(5), id: `mail-${leadId}`, ...body });
      expect(reply.status, JSON.stringify(body)).toBe(202);
      expect(reply.body, JSON.stringify(body)).toMatchObject({ lead_id: leadId, effect: 'auto_reply', outcome: 'Active', end_reason: null });
      expect(reply.body.text).toContain(`an auto-reply (${why})`);
      expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Active', end_reason: null });
      expect(await touchStates(fixture.engine.pool, leadId)).toEqual(['scheduled', 'scheduled']);
      const [event] = await events(fixture.engine.pool, leadId);
      expect(event).toMatchObject({ kind: 'reply', effect: 'recorded', end_reason: null, detail: { source: 'crm', auto_reply: why } });
      if (body.subject !== undefined) expect(event!.detail.subject).toBe(body.subject);
      // The same auto-reply again changes nothing; the person's answer after it still wins.
      expect((await log(http, contactId, { type: 'email_reply', occurred_at: minutesFromNow(6), id: `mail-${leadId}`, ...body })).body.effect).toBe('duplicate');
      expect((await log(http, contactId, { type: 'email_reply', occurred_at: minutesFromNow(60), subject: 'Re: Your pricing guide' })).body).toMatchObject({
        effect: 'ended_lead',
        end_reason: 'replied',
      });
    }
  });

  it('a person writing about their absence is a reply: words in the text, or later in the subject, are not an auto-reply', async () => {
    const { autopilot, lead, http } = await newCustomer();
    const id = await autopilot();
    for (const body of [
      { subject: 'Re: Your pricing guide', text: 'I am out of office next week, call me after.' },
      { subject: 'Re: Out of office next week', headers: { 'Auto-Submitted': 'no', 'X-Auto-Response-Suppress': 'All' } },
      { subject: 'AW: Abwesenheitsnotiz' },
      { text: 'Automatic reply: just kidding, this is me.' },
    ]) {
      const { leadId, contactId } = await lead(id);
      const reply = await log(http, contactId, { type: 'email_reply', occurred_at: minutesFromNow(5), ...body });
      expect(reply.body, JSON.stringify(body)).toMatchObject({ effect: 'ended_lead', outcome: 'Responded', end_reason: 'replied' });
      expect((await events(fixture.engine.pool, leadId))[0]!.detail).not.toHaveProperty('auto_reply');
    }
  });

  it('an auto-reply before enrolment, or after the lead ended, is as any activity then', async () => {
    const { autopilot, lead, http } = await newCustomer();
    const { leadId, contactId } = await lead(await autopilot());
    const auto = { type: 'email_reply', subject: 'Out of Office: Your pricing guide' };
    expect((await log(http, contactId, { ...auto, occurred_at: minutesFromNow(-5) })).body).toMatchObject({ effect: 'before_enrolment' });
    await log(http, contactId, { type: 'meeting', occurred_at: minutesFromNow(1) });
    expect((await log(http, contactId, { ...auto, occurred_at: minutesFromNow(2) })).body).toMatchObject({ effect: 'lead_ended', outcome: 'Responded', end_reason: 'meeting_booked' });
    expect((await events(fixture.engine.pool, leadId)).map((event) => [event.kind, event.detail.auto_reply])).toEqual([
      ['meeting', undefined],
      ['reply', 'its subject "Out of Office: Your pricing guide"'],
    ]);
  });

  it('the same activity twice (same id, or same type at the same instant without one) changes nothing', async () => {
    const { autopilot, lead, http } = await newCustomer();
    const { leadId, contactId } = await lead(await autopilot({ stop_conditions: { call_connected: false } }));
    const at = minutesFromNow(3);
    expect((await log(http, contactId, { type: 'call', occurred_at: at, connected: true, id: 'c-9' })).body.effect).toBe('recorded');
    expect((await log(http, contactId, { type: 'call', occurred_at: minutesFromNow(4), connected: true, id: 'c-9' })).body.effect).toBe('duplicate');
    expect((await log(http, contactId, { type: 'meeting', occurred_at: at })).body.effect).toBe('ended_lead');
    const again = await log(http, contactId, { type: 'meeting', occurred_at: at });
    expect(again.body).toMatchObject({ effect: 'duplicate', outcome: 'Responded', end_reason: 'meeting_booked' });
    expect(await events(fixture.engine.pool, leadId)).toHaveLength(2);
  });

  it('after the lead ended, an activity is recorded and the lead stays as it was', async () => {
    const { autopilot, lead, http } = await newCustomer();
    const { leadId, contactId } = await lead(await autopilot());
    await log(http, contactId, { type: 'email_reply', occurred_at: minutesFromNow(1) });
    const late = await log(http, contactId, { type: 'meeting', occurred_at: minutesFromNow(2) });
    expect(late.body).toMatchObject({ effect: 'lead_ended', outcome: 'Responded', end_reason: 'replied' });
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ end_reason: 'replied' });
  });

  it('a contact never sent answers 404 contact_not_found; one sent but not enrolled answers 202 no_lead', async () => {
    const { http, crm } = await newCustomer();
    const unknown = await log(http, 'nobody', { type: 'call', occurred_at: minutesFromNow(1), connected: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('contact_not_found');
    await crm.send([{ id: 'waiting-1', created_at: minutesFromNow(-1), properties: { email: 'x@y.de' } }]);
    const waiting = await log(http, 'waiting-1', { type: 'meeting', occurred_at: minutesFromNow(1) });
    expect(waiting.status).toBe(202);
    expect(waiting.body).toMatchObject({ effect: 'no_lead', lead_id: null, outcome: null, end_reason: null });
    expect(waiting.body.text).toContain('received');
  });

  it('refuses a body it cannot read with 400 invalid_activity, every problem in words', async () => {
    const { http, autopilot, lead } = await newCustomer();
    const { contactId } = await lead(await autopilot());
    const cases: [unknown, string][] = [
      [undefined, 'no body'],
      [[], 'is sent as'],
      [{ type: 'sms', occurred_at: minutesFromNow(1) }, 'type'],
      [{ type: 'call' }, 'occurred_at'],
      [{ type: 'call', occurred_at: 'yesterday' }, 'occurred_at'],
      [{ type: 'call', occurred_at: '2030-02-30T10:00:00Z' }, 'not a time that exists'],
      [{ type: 'meeting', occurred_at: minutesFromNow(1), connected: true }, 'belongs to a call'],
      [{ type: 'call', occurred_at: minutesFromNow(1), text: 'hi' }, 'belongs to an e-mail reply'],
      [{ type: 'call', occurred_at: minutesFromNow(1), colour: 'red' }, 'colour'],
      [{ type: 'call', occurred_at: minutesFromNow(1), id: 'a\u0000b' }, 'cannot be stored'],
      [{ type: 'call', occurred_at: minutesFromNow(1), subject: 'Out of Office' }, '\\"subject\\" belongs to an e-mail reply'],
      [{ type: 'meeting', occurred_at: minutesFromNow(1), headers: { 'Auto-Submitted': 'auto-replied' } }, '\\"headers\\" belongs to an e-mail reply'],
      [{ type: 'email_reply', occurred_at: minutesFromNow(1), subject: 42 }, 'must be text'],
      [{ type: 'email_reply', occurred_at: minutesFromNow(1), subject: 'x'.repeat(1001) }, 'at most 1000 characters'],
      [{ type: 'email_reply', occurred_at: minutesFromNow(1), headers: 'Auto-Submitted: auto-replied' }, 'must be a set of fields'],
      [{ type: 'email_reply', occurred_at: minutesFromNow(1), headers: [['Auto-Submitted', 'auto-replied']] }, 'must be a set of fields'],
      [{ type: 'email_reply', occurred_at: minutesFromNow(1), headers: { 'Auto Submitted': 'x' } }, 'is not a header name'],
      [{ type: 'email_reply', occurred_at: minutesFromNow(1), headers: { 'Subject:': 'x' } }, 'is not a header name'],
      [{ type: 'email_reply', occurred_at: minutesFromNow(1), headers: { Precedence: 1 } }, 'must be text or a list'],
      // Each header's value is explained by itself, whatever the others hold.
      [{ type: 'email_reply', occurred_at: minutesFromNow(1), headers: { Precedence: 1, 'X-Long': 'x'.repeat(2001) } }, '\\"headers.Precedence\\" must be text or a list, not the number 1'],
      [{ type: 'email_reply', occurred_at: minutesFromNow(1), headers: { Precedence: [['bulk']] } }, 'must be text'],
      [{ type: 'email_reply', occurred_at: minutesFromNow(1), headers: { Received: Array.from({ length: 21 }, () => 'x') } }, 'at most 20'],
      [{ type: 'email_reply', occurred_at: minutesFromNow(1), headers: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`X-H${i}`, 'x'])) }, 'holds 101 headers, and at most 100 are allowed'],
      [{ type: 'email_reply', occurred_at: minutesFromNow(1), headers: { 'X-Long': 'x'.repeat(2001) } }, 'at most 2000 characters'],
    ];
    for (const [body, words] of cases) {
      const reply = await log(http, contactId, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error).toBe('invalid_activity');
      expect(JSON.stringify(reply.body.problems)).toContain(words);
    }
  });

  it('is also the CRM port in process (activityLogged), for the HubSpot app', async () => {
    const { autopilot, lead, accountId } = await newCustomer();
    const { leadId, contactId } = await lead(await autopilot());
    const port = crmPort(fixture.engine.pool, clock);
    const accepted = await port.activityLogged({ accountId, source: 'api' }, contactId, {
      type: 'call',
      occurredAt: new Date(minutesFromNow(1)),
      disposition: HUBSPOT_CONNECTED_DISPOSITION,
      id: '42',
    });
    expect(accepted).toMatchObject({ lead_id: leadId, effect: 'ended_lead', end_reason: 'call_connected' });
    await expect(port.activityLogged({ accountId, source: 'api' }, 'x'.repeat(101), { type: 'meeting', occurredAt: clock.now() })).rejects.toMatchObject({ code: 'contact_not_found' });
    // An auto-reply the CRM read (HubSpot: the e-mail engagement's subject) is told apart in process too.
    const other = await lead(await autopilot());
    const auto = await port.activityLogged({ accountId, source: 'api' }, other.contactId, {
      type: 'email_reply',
      occurredAt: new Date(minutesFromNow(1)),
      subject: 'Risposta automatica: la vostra offerta',
    });
    expect(auto).toMatchObject({ lead_id: other.leadId, effect: 'auto_reply', outcome: 'Active' });
    const byHeader = await port.activityLogged({ accountId, source: 'api' }, other.contactId, { type: 'email_reply', occurredAt: new Date(minutesFromNow(2)), headers: { 'X-Autoreply': 'yes' } });
    expect(byHeader).toMatchObject({ effect: 'auto_reply', outcome: 'Active' });
  });
});

describe('a CRM property change', () => {
  it("ends the active lead when a stop condition's property changes to its value (Closed, property_changed); other values do not", async () => {
    const { autopilot, lead, crm } = await newCustomer();
    // emeaSaas stops on lifecyclestage = customer.
    const { leadId, contactId, touchIds } = await lead(await autopilot(), undefined, { lifecyclestage: 'lead' });
    const other = await crm.change(contactId, { lifecyclestage: 'opportunity' });
    expect(other.status).toBe(202);
    expect(other.body).toEqual({ id: contactId, source: 'api', state: 'enrolled', rechecked: false });
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Active' });

    const customer = await crm.change(contactId, { LifecycleStage: 'Customer' });
    expect(isPropertiesAccepted(customer.body), JSON.stringify(isPropertiesAccepted.errors)).toBe(true);
    expect(customer.body).toEqual({
      id: contactId,
      source: 'api',
      state: 'enrolled',
      rechecked: false,
      ended_lead: { id: leadId, outcome: 'Closed', end_reason: 'property_changed', property: 'lifecyclestage' },
    });
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Closed', end_reason: 'property_changed' });
    expect(await queuedJobs(fixture.engine.pool, touchIds)).toBe(0);
    expect(await events(fixture.engine.pool, leadId)).toMatchObject([
      { kind: 'property_change', effect: 'ended_lead', detail: { property: 'lifecyclestage', value: 'customer', from: 'opportunity', to: 'Customer' } },
    ]);
  });

  it('that already holds the value sent again is no change', async () => {
    const { autopilot, lead, crm } = await newCustomer();
    const { leadId, contactId } = await lead(await autopilot(), undefined, { lifecyclestage: 'customer' });
    expect((await crm.change(contactId, { lifecyclestage: 'customer' })).body).not.toHaveProperty('ended_lead');
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Active' });
  });

  it('with no value (null or empty) ends on any real change, but not on the same value again', async () => {
    const { autopilot, lead, crm } = await newCustomer();
    const id = await autopilot({
      stop_conditions: {
        property_changes: [
          { property: 'hs_lead_status', value: null },
          { property: 'owner', value: '' },
        ],
      },
    });
    const first = await lead(id, undefined, { hs_lead_status: 'NEW', owner: 'Ana' });
    expect((await crm.change(first.contactId, { hs_lead_status: 'NEW', owner: 'Ana', city: 'Berlin' })).body).not.toHaveProperty('ended_lead');
    expect(await leadRow(fixture.engine.pool, first.leadId)).toMatchObject({ outcome: 'Active' });
    expect((await crm.change(first.contactId, { owner: 'Ben' })).body).toMatchObject({ ended_lead: { property: 'owner' } });

    const second = await lead(id, undefined, { hs_lead_status: 'NEW' });
    expect((await crm.change(second.contactId, { hs_lead_status: null })).body).toMatchObject({ ended_lead: { id: second.leadId, property: 'hs_lead_status' } });
    expect(await leadRow(fixture.engine.pool, second.leadId)).toMatchObject({ outcome: 'Closed', end_reason: 'property_changed' });
  });

  it('does nothing to a lead that has ended', async () => {
    const { autopilot, lead, crm, http } = await newCustomer();
    const { leadId, contactId } = await lead(await autopilot(), undefined, { lifecyclestage: 'lead' });
    await log(http, contactId, { type: 'email_reply', occurred_at: minutesFromNow(1) });
    expect((await crm.change(contactId, { lifecyclestage: 'customer' })).body).not.toHaveProperty('ended_lead');
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Responded', end_reason: 'replied' });
  });
});

import { describe, expect, it } from 'vitest';
import { apiSource } from '../../../src/autopilot/intake/source.ts';
import { closeContactLead } from '../../../src/autopilot/outcomes/closeContactLead.ts';
import { enrolInChosen } from '../../../src/autopilot/routing/chosen.ts';
import { transaction } from '../../../src/platform/database/database.ts';
import { spending, useRoutingEngine } from '../routingSupport.ts';
import { catchAll } from '../support.ts';

/** A CRM's own choice of Autopilot (a HubSpot workflow's "Enrol in an Autopilot") and its "Stop the Autopilot lead", in the caller's transaction. */
const { clock, fixture, newCustomer } = useRoutingEngine();
const pool = () => fixture.engine.pool;

/** Never matches: it wants a property no contact here has. */
const picky = () => catchAll('Picky', { filter: { match: 'all', rules: [{ property: 'demo_status', operator: 'is_known' }] } });

const contactOf = (id: string, email: string) => ({ id, createdAt: new Date(clock.now().getTime() - 1000), properties: { email } });

describe('enrolling a contact in the Autopilot a CRM chose', () => {
  it('enrols a waiting contact in it whatever its filter says, once; routing then leaves it where it is', async () => {
    const { api, crm, contact, routed, accountId } = await newCustomer();
    await api.put('Picky', picky());
    clock.advance({ minutes: 1 });
    await crm.send([contact('w1', { email: 'ada@acme.de' })]);
    expect(await routed('w1')).toMatchObject({ state: 'waiting', reason: 'no_match' });
    const chosen = await transaction(pool(), (client) => enrolInChosen(client, apiSource(accountId), contactOf('w1', 'other@acme.de'), 'picky', clock.now()));
    expect(chosen).toMatchObject({ status: 'enrolled', leadId: expect.any(Number), researchId: expect.any(String) });
    expect(chosen.reason).toMatch(/^Enrolled in "Picky" \(position 1\) by a CRM workflow \(its filter is not asked\); research .+ started \(1 credit\)$/);
    // The contact keeps the properties it had (the CRM's change events keep them current), and is enrolled by assignment.
    expect((await crm.contact('w1')).body).toMatchObject({ state: 'enrolled', reason: 'assigned', autopilot: 'Picky', email: 'ada@acme.de', next_check_at: null });
    const again = await transaction(pool(), (client) => enrolInChosen(client, apiSource(accountId), contactOf('w1', 'ada@acme.de'), 'Picky', clock.now()));
    expect(again).toMatchObject({ status: 'skipped', leadId: chosen.leadId });
    expect(await spending(pool(), accountId)).toEqual({ debits: 1, jobs: 1, leads: 1 });
  });

  it('stores a contact the source never sent only when it is enrolled', async () => {
    const { api, crm, accountId } = await newCustomer({ credits: 1 });
    await api.put('Picky', picky());
    expect((await api.request('PATCH', '/autopilot/settings', { body: { skip_free_providers: true } })).status).toBe(200);
    const enrol = (id: string, email: string, name = 'Picky') => transaction(pool(), (client) => enrolInChosen(client, apiSource(accountId), contactOf(id, email), name, clock.now()));
    expect(await enrol('n1', 'grace@hopper.de')).toMatchObject({ status: 'enrolled' });
    expect((await crm.contact('n1')).body).toMatchObject({ state: 'enrolled', email: 'grace@hopper.de' });
    // Not enrolled: nothing kept, whatever the reason.
    expect(await enrol('n2', 'someone@gmail.com')).toMatchObject({ status: 'skipped', reason: 'gmail.com is a free mailbox provider, and the account skips those. No research, no credit' });
    expect(await enrol('n3', 'not an address')).toMatchObject({ status: 'waiting' });
    expect(await enrol('n4', 'linus@torvalds.de', 'Nobody')).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/^no Autopilot "Nobody" is switched on/) });
    expect((await enrol('n5', 'linus@torvalds.de')).reason).toMatch(/^the account has no credits left \(1 of 1 used this cycle, which ends .+\); nothing was charged$/);
    for (const id of ['n2', 'n3', 'n4', 'n5']) expect((await crm.contact(id)).status, id).toBe(404);
    expect(await spending(pool(), accountId)).toEqual({ debits: 1, jobs: 1, leads: 1 });
  });

  it('leaves a contact removed in the CRM, or erased, as it is', async () => {
    const { api, crm, contact, routed, accountId } = await newCustomer();
    await api.put('Picky', picky());
    clock.advance({ minutes: 1 });
    await crm.send([contact('gone', { email: 'gone@acme.de' }), contact('erased', { email: 'erased@acme.de' })]);
    await routed('gone');
    await routed('erased');
    expect((await crm.request('DELETE', '/autopilot/contacts/gone')).status).toBe(200);
    expect((await crm.request('DELETE', '/autopilot/contacts/erased?erase=true')).status).toBe(200);
    const enrol = (id: string) => transaction(pool(), (client) => enrolInChosen(client, apiSource(accountId), contactOf(id, `${id}@acme.de`), 'Picky', clock.now()));
    expect(await enrol('gone')).toMatchObject({ status: 'skipped', reason: 'the contact was deleted in the CRM' });
    expect(await enrol('erased')).toMatchObject({ status: 'skipped', reason: 'the contact was erased: nothing about it is kept, and it is never enrolled again' });
    expect(await spending(pool(), accountId)).toEqual({ debits: 0, jobs: 0, leads: 0 });
  });
});

describe("closing a contact's lead", () => {
  it('closes the active lead manually; a lead that ended, or none, stays as it was', async () => {
    const { api, accountId } = await newCustomer();
    await api.put('Picky', picky());
    await transaction(pool(), (client) => enrolInChosen(client, apiSource(accountId), contactOf('c1', 'c1@acme.de'), 'Picky', clock.now()));
    const close = (id: string) => transaction(pool(), (client) => closeContactLead(client, clock, apiSource(accountId), id));
    const closed = await close('c1');
    expect(closed).toMatchObject({ closed: true, text: `Lead ${closed.leadId} closed manually: its queued touches are cancelled.` });
    const { rows } = await pool().query('SELECT outcome, end_reason FROM autopilot_leads WHERE id = $1', [closed.leadId]);
    expect(rows).toEqual([{ outcome: 'Closed', end_reason: 'closed_manually' }]);
    expect(await close('c1')).toEqual({
      closed: false,
      leadId: closed.leadId,
      text: `Lead ${closed.leadId} had ended before (Closed, closed_manually) and stays as it was: closing it changes nothing.`,
    });
    expect(await close('nobody')).toEqual({ closed: false, leadId: null, text: 'The contact has no Autopilot lead: nothing to close.' });
    expect(await close('x'.repeat(101))).toMatchObject({ closed: false, leadId: null });
  });
});

import { describe, expect, it } from 'vitest';
import { updateAccount } from '../../../src/accounts/accounts.ts';
import { client } from '../../support/engine.ts';
import { spending, sweep, useRoutingEngine } from '../routingSupport.ts';
import { catchAll } from '../support.ts';

/** Enrolment's money: a credit per researched lead, none for a reused brief, and what happens when the credits run out. */
const { clock, fixture, newCustomer } = useRoutingEngine();

describe('credits at enrolment', () => {
  it('enrols the contacts created first while credits last; the rest wait for credits, held for their Autopilot, and are enrolled when credits come back', async () => {
    const { api, crm, contact, routed, decidedNow, accountId } = await newCustomer({ plan: 'individual', credits: 2 });
    await api.put('Everyone else', catchAll());
    clock.advance({ minutes: 1 });
    // Sent newest first: credits still go to the oldest.
    await crm.send([contact('c4', { email: 'd@acme.de' }, 1), contact('c3', { email: 'c@acme.de' }, 2), contact('c2', { email: 'b@acme.de' }, 3), contact('c1', { email: 'a@acme.de' }, 4)]);
    expect(await routed('c1')).toMatchObject({ state: 'enrolled' });
    expect(await routed('c2')).toMatchObject({ state: 'enrolled' });
    const held = await routed('c3');
    expect(held).toMatchObject({ state: 'waiting', reason: 'credits_exhausted', autopilot: 'Everyone else', lead: null, research_id: null });
    expect(held.explanation!.text).toMatch(
      /^"Everyone else" \(position 1\) matches, but the account has no credits left \(2 of 2 used this cycle, which ends .*\): the contact waits, held for it, and is enrolled as soon as it can be \(routing looks again every 15 minutes\)$/,
    );
    expect(Date.parse(held.next_check_at!) - Date.parse(held.decided_at!)).toBe(15 * 60_000);
    expect(await routed('c4')).toMatchObject({ state: 'waiting', reason: 'credits_exhausted' });
    expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 2, jobs: 2, leads: 2 });

    // Past the queue wait it is still held, not abandoned: it matched.
    clock.advance({ hours: 7 });
    await sweep(fixture.engine.pool);
    expect(await decidedNow('c3')).toMatchObject({ state: 'waiting', reason: 'credits_exhausted' });

    // One more credit (a bigger plan): the older of the two is enrolled at its next look.
    await updateAccount(fixture.engine.pool, accountId, { monthlyCredits: 3 });
    clock.advance({ minutes: 15 });
    await sweep(fixture.engine.pool);
    expect(await decidedNow('c3')).toMatchObject({ state: 'enrolled', reason: 'matched', lead: { outcome: 'Active', research_reused: false } });
    expect(await decidedNow('c4')).toMatchObject({ state: 'waiting', reason: 'credits_exhausted' });
    expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 3, jobs: 3, leads: 3 });
  });

  it('lets contacts held for an archived Autopilot route again', async () => {
    const { api, crm, contact, routed, decidedNow } = await newCustomer({ plan: 'individual', credits: 0 });
    await api.put('First', catchAll('First'));
    await api.put('Second', catchAll('Second', { fallback: true }));
    clock.advance({ minutes: 1 });
    await crm.send([contact('held', { email: 'h@acme.de' })]);
    expect(await routed('held')).toMatchObject({ reason: 'credits_exhausted', autopilot: 'First' });
    await api.delete('First');
    expect((await crm.contact('held')).body).toMatchObject({ state: 'waiting', autopilot: null });
    clock.advance({ seconds: 1 });
    await sweep(fixture.engine.pool);
    expect(await decidedNow('held')).toMatchObject({ state: 'waiting', reason: 'no_match' });
  });
});

describe('research each contact only once', () => {
  it('reuses an earlier research of the same address (from the API or another contact), at no credit', async () => {
    const { api, crm, contact, routed, customer, accountId } = await newCustomer();
    await api.put('Everyone else', catchAll());
    clock.advance({ minutes: 1 });
    const earlier = await client(fixture.engine.url, customer.key).research({ email: 'known@acme.de' });
    await crm.send([contact('k1', { email: 'Known@Acme.de' }), contact('n1', { email: 'new@acme.de' }, 3), contact('n2', { email: 'new@acme.de' }, 2)]);
    expect(await routed('k1')).toMatchObject({ state: 'enrolled', research_id: earlier.body.research_id, lead: { research_reused: true } });
    const first = await routed('n1');
    expect(first).toMatchObject({ lead: { research_reused: false } });
    const second = await routed('n2');
    expect(second).toMatchObject({ research_id: first.research_id, lead: { research_reused: true } });
    expect(second.explanation!.text).toMatch(/its earlier research .* of the same address is reused \("research each contact only once"\), no credit$/);
    // The API's research and one new one: two credits for three leads.
    expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 2, jobs: 2, leads: 3 });
  });

  it('researches again, for a credit each, when the setting is off', async () => {
    const { api, crm, contact, routed, accountId } = await newCustomer();
    await api.patchSettings({ research_once: false });
    await api.put('Everyone else', catchAll());
    clock.advance({ minutes: 1 });
    await crm.send([contact('a1', { email: 'same@acme.de' }), contact('a2', { email: 'same@acme.de' })]);
    const [a1, a2] = [await routed('a1'), await routed('a2')];
    expect(a1.research_id).not.toBe(a2.research_id);
    expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 2, jobs: 2, leads: 2 });
  });
});

describe('an account without a product', () => {
  it('keeps a matching contact waiting and says why: research needs one', async () => {
    const { api, crm, contact, routed, accountId } = await newCustomer({ product: false });
    await api.put('Everyone else', catchAll());
    clock.advance({ minutes: 1 });
    await crm.send([contact('np', { email: 'np@acme.de' })]);
    const waiting = await routed('np');
    expect(waiting).toMatchObject({ state: 'waiting', reason: 'no_product', autopilot: 'Everyone else' });
    expect(waiting.explanation!.text).toContain('the account has no product to research against (prospect-engine products set)');
    expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 0, jobs: 0, leads: 0 });
  });
});

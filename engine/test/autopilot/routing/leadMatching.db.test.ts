import { describe, expect, it } from 'vitest';
import { client, until } from '../../support/engine.ts';
import { useRoutingEngine, spending, sweep } from '../routingSupport.ts';
import { catchAll, emeaSaas } from '../support.ts';

/**
 * The spec's "Autopilot lead matching" table, row by row, as a CRM sees it: contacts sent to the HTTP
 * intake, routed by a real worker on PostgreSQL, the time moved by hand (the Autopilot reads a test
 * clock), the outcome read back from GET /autopilot/contacts/{id}, the leads and the credit ledger.
 */
const { clock, fixture, newCustomer } = useRoutingEngine();

const GERMANY = { match: 'all' as const, rules: [{ property: 'country', operator: 'is' as const, values: ['Germany'] }] };
const BIG = { match: 'all' as const, rules: [{ property: 'numberofemployees', operator: 'gte' as const, values: [500] }] };

describe('New contact -> routing -> first matching filter, checked top to bottom -> enrolled in that Autopilot', () => {
  it('enrols it in the first Autopilot whose filter matches, researches it for 1 credit, within a minute of its creation', async () => {
    const { api, crm, contact, routed, accountId, customer } = await newCustomer();
    await api.put('Germany', emeaSaas({ name: 'Germany', filter: GERMANY }));
    await api.put('Big', emeaSaas({ name: 'Big', filter: BIG }));
    await api.put('Everyone else', catchAll());
    clock.advance({ minutes: 1 });

    expect(
      await crm.send([
        contact('de-1', { email: 'jane@acme.de', country: 'Germany', numberofemployees: '900' }),
        contact('fr-1', { email: 'luc@acme.fr', country: 'France', numberofemployees: '900' }),
      ]),
    ).toMatchObject({
      status: 202,
      body: { received: 2, new: 2, known: 0 },
    });
    const german = await routed('de-1');
    expect(german).toMatchObject({ state: 'enrolled', reason: 'matched', autopilot: 'Germany', lead: { outcome: 'Active', end_reason: null, enrolled_by: 'matched', research_reused: false } });
    // Checked top to bottom: the first match wins, and nothing below it is looked at.
    expect(german.explanation!.autopilots.map((check) => [check.autopilot, check.outcome])).toEqual([['Germany', 'matched']]);
    const french = await routed('fr-1');
    expect(french).toMatchObject({ state: 'enrolled', autopilot: 'Big' });
    expect(french.explanation!.autopilots.map((check) => [check.autopilot, check.outcome])).toEqual([
      ['Germany', 'no_match'],
      ['Big', 'matched'],
    ]);
    expect(french.explanation!.autopilots[0]!.rules[0]!.text).toBe('country is Germany: no, the contact says France');

    // Decided by the routing job the intake queued (no sweep ran), at the clock's now: one second after creation.
    expect(Date.parse(german.decided_at!) - Date.parse(german.created_at)).toBe(1000);
    // Research runs, for one credit each, and reads like any research of the account.
    expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 2, jobs: 2, leads: 2 });
    const research = await client(fixture.engine.url, customer.key).waitFor(german.research_id!);
    expect(research.body).toMatchObject({ status: 'completed', data: { prospect: { email: 'jane@acme.de' } } });
  });

  it('acts only on contacts created after the Autopilot was switched on', async () => {
    const { api, crm, contact, routed, accountId } = await newCustomer();
    await api.put('Everyone else', catchAll());
    clock.advance({ minutes: 10 });
    await api.put('Germany', emeaSaas({ name: 'Germany', filter: GERMANY }));
    await api.order(['Germany']);
    clock.advance({ seconds: 30 });
    // Created 5 minutes ago: after "Everyone else" was switched on, before "Germany" was.
    await crm.send([contact('early', { email: 'early@acme.de', country: 'Germany' }, 300), contact('late', { email: 'late@acme.de', country: 'Germany' }, 10)]);
    const early = await routed('early');
    expect(early).toMatchObject({ state: 'enrolled', autopilot: 'Everyone else' });
    expect(early.explanation!.autopilots[0]).toMatchObject({ autopilot: 'Germany', outcome: 'created_before_enabled' });
    expect(early.explanation!.autopilots[0]!.text).toMatch(
      /^"Germany" \(position 1\): switched on at .*, after the contact was created \(.*\); only contacts created after an Autopilot is switched on are acted on \(its filter matches anyway\)$/,
    );
    expect(await routed('late')).toMatchObject({ state: 'enrolled', autopilot: 'Germany' });

    // Created before any Autopilot was on: nothing acts on it; it waits.
    await crm.send([contact('ancient', { email: 'old@acme.de', country: 'Germany' }, 3600)]);
    expect(await routed('ancient')).toMatchObject({ state: 'waiting', reason: 'no_match' });
    expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 2, jobs: 2, leads: 2 });
  });
});

describe('New contact -> matches no filter -> waiting in queue', () => {
  it('is re-checked every minute for the first quarter of an hour, then less often, and at once when a property changes; no credit while it waits', async () => {
    const { api, crm, contact, routed, decidedNow, accountId } = await newCustomer();
    await api.put('Germany', emeaSaas({ name: 'Germany', filter: GERMANY }));
    clock.advance({ minutes: 1 });
    await crm.send([contact('es-1', { email: 'ana@acme.es', country: 'Spain' })]);
    const waiting = await routed('es-1');
    const since = Date.parse(waiting.waiting_since!);
    expect(waiting).toMatchObject({ state: 'waiting', reason: 'no_match', autopilot: null, lead: null, research_id: null });
    expect(Date.parse(waiting.next_check_at!) - since).toBe(60_000);
    expect(Date.parse(waiting.queue_wait_ends_at!) - since).toBe(6 * 3_600_000);
    expect(waiting.explanation!.text).toContain('Routing looks again every minute for the first 15 minutes, then every 15 minutes, and at once when a property changes');

    // Every minute for the first 15: each look is due one minute after the one before.
    for (let minute = 1; minute <= 14; minute++) {
      clock.advance({ minutes: 1 });
      await sweep(fixture.engine.pool);
      const looked = await decidedNow('es-1');
      expect(Date.parse(looked.next_check_at!) - Date.parse(looked.decided_at!), `minute ${minute}`).toBe(60_000);
    }
    // Then less often: every 15 minutes.
    clock.advance({ minutes: 1 });
    await sweep(fixture.engine.pool);
    const later = await decidedNow('es-1');
    expect(Date.parse(later.next_check_at!) - Date.parse(later.decided_at!)).toBe(15 * 60_000);
    // Not due: a sweep before then leaves it alone.
    clock.advance({ minutes: 5 });
    await sweep(fixture.engine.pool);
    expect((await crm.contact('es-1')).body.decided_at).toBe(later.decided_at);

    // A property change is looked at at once, without waiting for the next look.
    expect(await crm.change('es-1', { country: 'Germany' })).toMatchObject({ status: 202, body: { id: 'es-1', state: 'waiting', rechecked: true } });
    await until('the changed contact to be enrolled', async () => (await crm.contact('es-1')).body.state === 'enrolled');
    expect((await crm.contact('es-1')).body).toMatchObject({ state: 'enrolled', autopilot: 'Germany', waiting_since: waiting.waiting_since });
    expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 1, jobs: 1, leads: 1 });
  });
});

describe('Waiting -> queue wait time elapses', () => {
  it('-> fallback filter matches -> enrolled in the fallback (the first fallback that matches, top to bottom)', async () => {
    const { api, crm, contact, routed, decidedNow, accountId } = await newCustomer();
    await api.patchSettings({ queue_wait_hours: 2 });
    await api.put('Big later', emeaSaas({ name: 'Big later', filter: BIG, fallback: true }));
    await api.put('Germany', emeaSaas({ name: 'Germany', filter: GERMANY }));
    await api.put('Last look', catchAll('Last look', { fallback: true }));
    clock.advance({ minutes: 1 });
    await crm.send([contact('es-2', { email: 'eva@acme.es', country: 'Spain', numberofemployees: '40' })]);
    const waiting = await routed('es-2');
    // The fallbacks are skipped in the normal pass, above and below "Germany" alike.
    expect(waiting.explanation!.autopilots.map((check) => [check.autopilot, check.outcome])).toEqual([
      ['Big later', 'fallback_later'],
      ['Germany', 'no_match'],
      ['Last look', 'fallback_later'],
    ]);
    clock.set(waiting.queue_wait_ends_at!);
    await sweep(fixture.engine.pool);
    const enrolled = await decidedNow('es-2');
    expect(enrolled).toMatchObject({ state: 'enrolled', reason: 'fallback', autopilot: 'Last look', lead: { enrolled_by: 'fallback', outcome: 'Active' } });
    expect(enrolled.explanation!.autopilots.map((check) => [check.autopilot, check.pass, check.outcome])).toEqual([
      ['Germany', 'normal', 'no_match'],
      ['Big later', 'fallback', 'no_match'],
      ['Last look', 'fallback', 'matched'],
    ]);
    expect(enrolled.explanation!.text).toMatch(
      /^The queue wait of 2 hours ended with no Autopilot matching; the fallback "Last look" \(position 3\) matches: enrolled in it; research .* started \(1 credit\)$/,
    );
    expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 1, jobs: 1, leads: 1 });
  });

  it('-> nothing matches -> abandoned: no research, no credit', async () => {
    const { api, crm, contact, routed, decidedNow, accountId } = await newCustomer();
    await api.put('Germany', emeaSaas({ name: 'Germany', filter: GERMANY }));
    await api.put('Big later', emeaSaas({ name: 'Big later', filter: BIG, fallback: true }));
    clock.advance({ minutes: 1 });
    await crm.send([contact('es-3', { email: 'max@acme.es', country: 'Spain', numberofemployees: '40' })]);
    const waiting = await routed('es-3');
    // A minute before its wait ends it still waits.
    clock.set(new Date(Date.parse(waiting.queue_wait_ends_at!) - 60_000));
    await sweep(fixture.engine.pool);
    expect(await decidedNow('es-3')).toMatchObject({ state: 'waiting', next_check_at: waiting.queue_wait_ends_at });
    clock.set(waiting.queue_wait_ends_at!);
    await sweep(fixture.engine.pool);
    const abandoned = await decidedNow('es-3');
    expect(abandoned).toMatchObject({ state: 'abandoned', reason: 'no_match', autopilot: null, lead: null, next_check_at: null, queue_wait_ends_at: null });
    expect(abandoned.explanation!.text).toBe('The queue wait of 6 hours ended and no fallback matches: abandoned, no research, no credit');
    expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 0, jobs: 0, leads: 0 });
    // A property change after the decision changes nothing.
    expect(await crm.change('es-3', { country: 'Germany' })).toMatchObject({ status: 202, body: { state: 'abandoned', rechecked: false } });
  });
});

describe('New contact -> skip rules -> skipped: no research, no credit, reason logged', () => {
  it.each([
    [
      'a role-based address, with the skip on',
      { skip_role_based: true },
      'info@acme.de',
      'role_based_address',
      'Skipped: "info" is a role address (a team or a function, not a person), and the account skips those. No research, no credit',
    ],
    [
      'a free mailbox provider, with the skip on',
      { skip_free_providers: true },
      'jane.doe@gmx.de',
      'free_mailbox_provider',
      'Skipped: gmx.de is a free mailbox provider, and the account skips those. No research, no credit',
    ],
    ['an excluded domain', { excluded_domains: ['acme.de'] }, 'jane@acme.de', 'excluded_domain', 'Skipped: acme.de is on the excluded domains list. No research, no credit'],
    [
      'a subdomain of an excluded domain',
      { excluded_domains: ['acme.de'] },
      'jane@sales.eu.acme.de',
      'excluded_domain',
      'Skipped: sales.eu.acme.de is under acme.de, which is on the excluded domains list. No research, no credit',
    ],
  ])('%s', async (_case, settings, email, reason, text) => {
    const { api, crm, contact, routed, accountId } = await newCustomer();
    await api.patchSettings(settings);
    await api.put('Everyone else', catchAll());
    clock.advance({ minutes: 1 });
    await crm.send([contact('skip-me', { email })]);
    const skipped = await routed('skip-me');
    expect(skipped).toMatchObject({ state: 'skipped', reason, autopilot: null, lead: null, next_check_at: null, explanation: { text, autopilots: [] } });
    expect(skipped.explanation!.skip_rules.find((check) => check.applies)).toMatchObject({ rule: reason });
    expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 0, jobs: 0, leads: 0 });
  });

  it('skips nothing while the settings are off: the same addresses are enrolled', async () => {
    const { api, crm, contact, routed } = await newCustomer();
    await api.put('Everyone else', catchAll());
    clock.advance({ minutes: 1 });
    await crm.send([contact('role', { email: 'info@acme.de' }), contact('free', { email: 'jane.doe@gmx.de' })]);
    expect(await routed('role')).toMatchObject({ state: 'enrolled' });
    expect(await routed('free')).toMatchObject({ state: 'enrolled' });
  });
});

describe('Enrolled (Active) -> its Autopilot is archived -> Closed', () => {
  it("ends the lead with the spec's end reason, in the archive's transaction", async () => {
    const { api, crm, contact, routed } = await newCustomer();
    await api.put('Everyone else', catchAll());
    clock.advance({ minutes: 1 });
    await crm.send([contact('to-close', { email: 'kim@acme.de' })]);
    expect(await routed('to-close')).toMatchObject({ state: 'enrolled', lead: { outcome: 'Active' } });
    clock.advance({ minutes: 5 });
    await api.delete('Everyone else');
    const closed = await crm.contact('to-close');
    expect(closed.body).toMatchObject({
      state: 'enrolled',
      autopilot: 'Everyone else',
      lead: { outcome: 'Closed', end_reason: 'autopilot_archived', ended_at: clock.now().toISOString().replace('Z', '+00:00') },
    });
  });
});

describe('Enrolled (Active) -> its domain is excluded -> Closed; Waiting -> skipped', () => {
  it('ends active leads at a newly excluded domain or under it, and skips its waiting contacts at their next look', async () => {
    const { api, crm, contact, routed, decidedNow } = await newCustomer();
    await api.put('Germany', emeaSaas({ name: 'Germany', filter: GERMANY }));
    clock.advance({ minutes: 1 });
    await crm.send([
      contact('de', { email: 'a@eu.acme.de', country: 'Germany' }),
      contact('other', { email: 'b@other.de', country: 'Germany' }),
      contact('es', { email: 'c@acme.de', country: 'Spain' }),
    ]);
    for (const id of ['de', 'other', 'es']) await routed(id);
    clock.advance({ minutes: 1 });
    expect((await api.patchSettings({ excluded_domains: ['acme.de'] })).status).toBe(200);
    expect((await crm.contact('de')).body).toMatchObject({ lead: { outcome: 'Closed', end_reason: 'domain_excluded', ended_at: clock.now().toISOString().replace('Z', '+00:00') } });
    expect((await crm.contact('other')).body).toMatchObject({ lead: { outcome: 'Active' } });
    await sweep(fixture.engine.pool);
    expect(await decidedNow('es')).toMatchObject({ state: 'skipped', reason: 'excluded_domain' });
  });
});

import { describe, expect, it } from 'vitest';
import type { RoutableAutopilot, RoutingTable } from '../../../src/autopilot/config/routingTable.ts';
import type { StoredFilter } from '../../../src/autopilot/contract.ts';
import { compileFilter } from '../../../src/autopilot/filter/compile.ts';
import { type ContactToRoute, decide } from '../../../src/autopilot/routing/decide.ts';
import { nextCheck, queueWaitEnds } from '../../../src/autopilot/routing/schedule.ts';
import { DEFAULT_SETTINGS } from '../../../src/autopilot/settings/accountSettings.ts';

/**
 * Routing's decision as a pure function of a contact, the account's table and the time: the lead
 * matching table's rows one by one, without a database (the end-to-end walk is leadMatching.db.test.ts).
 */

const T0 = new Date('2030-01-07T09:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const GERMANY: StoredFilter = { match: 'all', rules: [{ property: 'country', operator: 'is', values: ['Germany'] }] };
const BIG: StoredFilter = { match: 'all', rules: [{ property: 'numberofemployees', operator: 'gte', values: [500] }] };
const EVERYONE: StoredFilter = { match: 'all', rules: [] };

let nextId = 1;
function autopilot(name: string, filter: StoredFilter, options: { fallback?: boolean; enabledAt?: Date } = {}): RoutableAutopilot {
  const id = nextId++;
  return { id, name, position: id, fallback: options.fallback ?? false, enabledAt: options.enabledAt ?? at(-60), revision: 1, filter: compileFilter(filter), sequence: [] };
}

function table(autopilots: RoutableAutopilot[], settings: Partial<RoutingTable['settings']> = {}, unsubscribed: string[] = []): RoutingTable {
  return {
    settings: { ...DEFAULT_SETTINGS, content_language: 'en', email_ready: false, ...settings },
    autopilots: autopilots.map((a, i) => ({ ...a, position: i + 1 })),
    unsubscribed: new Set(unsubscribed),
  };
}

function contact(properties: Record<string, unknown>, options: Partial<ContactToRoute> = {}): ContactToRoute {
  return { source: 'api', contactId: 'c1', email: 'jane@acme.de', properties, createdAt: at(-1), waitingSince: null, ...options };
}

describe('routing a contact', () => {
  it('enrols it in the first Autopilot whose filter matches, top to bottom, and checks none below', () => {
    const routes = table([autopilot('Germany', GERMANY), autopilot('Big', BIG), autopilot('Everyone', EVERYONE)]);
    const decision = decide(contact({ country: 'France', numberofemployees: '900' }), routes, { now: T0 });
    expect(decision).toMatchObject({ kind: 'enrol', via: 'matched', autopilot: { name: 'Big' } });
    expect(decision.explanation.autopilots.map((check) => [check.autopilot, check.outcome])).toEqual([
      ['Germany', 'no_match'],
      ['Big', 'matched'],
    ]);
    expect(decision.explanation.autopilots[0]!.rules[0]!.text).toBe('country is Germany: no, the contact says France');
    expect(decision.explanation.text).toBe('Enrolled in "Big" (position 2): its filter matches');
  });

  it('leaves alone an Autopilot switched on after the contact was created, and says so', () => {
    const routes = table([autopilot('Germany', GERMANY, { enabledAt: at(0) }), autopilot('Everyone', EVERYONE, { enabledAt: at(-60) })]);
    const decision = decide(contact({ country: 'Germany' }, { createdAt: at(-1) }), routes, { now: T0 });
    expect(decision).toMatchObject({ kind: 'enrol', autopilot: { name: 'Everyone' } });
    expect(decision.explanation.autopilots[0]).toMatchObject({
      outcome: 'created_before_enabled',
      text: '"Germany" (position 1): switched on at 2030-01-07T09:00:00.000+00:00, after the contact was created (2030-01-07T08:59:00.000+00:00); only contacts created after an Autopilot is switched on are acted on (its filter matches anyway)',
    });
  });

  it('says first, of a contact created before every Autopilot was switched on, that none can ever take it (only a reprocess by hand)', () => {
    const routes = table([autopilot('Germany', GERMANY, { enabledAt: at(0) }), autopilot('Last look', EVERYONE, { fallback: true, enabledAt: at(0) })], { queue_wait_hours: 2 });
    const early = contact({ country: 'Germany' }, { createdAt: at(-1) });
    const waiting = decide(early, routes, { now: T0 });
    expect(waiting).toMatchObject({ kind: 'wait', reason: 'no_match' });
    expect(waiting.explanation.text).toMatch(
      /^No Autopilot can take this contact: it was created \(2030-01-07T08:59:00\.000\+00:00\) before every Autopilot switched on was, and an Autopilot acts only on contacts created after it is switched on; only a reprocess by hand/,
    );
    const abandoned = decide({ ...early, waitingSince: T0 }, routes, { now: at(120) });
    expect(abandoned).toMatchObject({ kind: 'abandon', reason: 'no_match' });
    expect(abandoned.explanation.text).toMatch(/^No Autopilot can take this contact/);
    // One Autopilot that could take it (switched on before it was created), or a reprocess by hand: no such words.
    expect(decide(early, table([...routes.autopilots, autopilot('Old', BIG, { enabledAt: at(-60) })]), { now: T0 }).explanation.text).not.toContain('No Autopilot can take');
    expect(decide(early, routes, { now: T0, byHand: true })).toMatchObject({ kind: 'enrol', autopilot: { name: 'Germany' } });
    // With nothing switched on, none switched on later takes it either.
    expect(decide(early, table([]), { now: T0 }).explanation.text).toMatch(
      /^No Autopilot can take this contact: none is switched on, and one switched on later acts only on contacts created after it/,
    );
  });

  it('keeps a contact nothing matches waiting, looked at every minute for 15 minutes, then every 15, until its queue wait ends', () => {
    const routes = table([autopilot('Germany', GERMANY), autopilot('Last look', EVERYONE, { fallback: true })], { queue_wait_hours: 2 });
    const first = decide(contact({ country: 'Spain' }), routes, { now: T0 });
    expect(first).toMatchObject({ kind: 'wait', reason: 'no_match', waitingSince: T0, nextCheckAt: at(1) });
    expect(first.explanation.autopilots.map((check) => check.outcome)).toEqual(['no_match', 'fallback_later']);
    expect(first.explanation.text).toContain('waiting in the queue until 2030-01-07T11:00:00.000+00:00 (queue wait 2 hours)');
    expect(decide(contact({ country: 'Spain' }, { waitingSince: T0 }), routes, { now: at(14) })).toMatchObject({ nextCheckAt: at(15) });
    expect(decide(contact({ country: 'Spain' }, { waitingSince: T0 }), routes, { now: at(15) })).toMatchObject({ nextCheckAt: at(30) });
    expect(decide(contact({ country: 'Spain' }, { waitingSince: T0 }), routes, { now: at(110) })).toMatchObject({ kind: 'wait', nextCheckAt: at(120) });
  });

  it('gives the fallbacks their look, top to bottom, when the queue wait ends; the first that matches enrols it', () => {
    const routes = table([autopilot('Germany', GERMANY), autopilot('Big later', BIG, { fallback: true }), autopilot('Last look', EVERYONE, { fallback: true })], { queue_wait_hours: 2 });
    const decision = decide(contact({ country: 'Spain', numberofemployees: '10' }, { waitingSince: T0 }), routes, { now: at(120) });
    expect(decision).toMatchObject({ kind: 'enrol', via: 'fallback', autopilot: { name: 'Last look' } });
    expect(decision.explanation.autopilots.map((check) => [check.autopilot, check.pass, check.outcome])).toEqual([
      ['Germany', 'normal', 'no_match'],
      ['Big later', 'fallback', 'no_match'],
      ['Last look', 'fallback', 'matched'],
    ]);
    expect(decision.explanation.text).toBe('The queue wait of 2 hours ended with no Autopilot matching; the fallback "Last look" (position 3) matches: enrolled in it');
  });

  it('abandons it when the wait ends and no fallback matches, or there is none', () => {
    const withFallback = table([autopilot('Germany', GERMANY), autopilot('Big later', BIG, { fallback: true })], { queue_wait_hours: 2 });
    expect(decide(contact({ country: 'Spain' }, { waitingSince: T0 }), withFallback, { now: at(121) })).toMatchObject({
      kind: 'abandon',
      reason: 'no_match',
      explanation: { text: 'The queue wait of 2 hours ended and no fallback matches: abandoned, no research, no credit' },
    });
    const none = decide(contact({ country: 'Spain' }, { waitingSince: T0 }), table([]), { now: at(6 * 60) });
    expect(none).toMatchObject({ kind: 'abandon' });
    expect(none.explanation.text).toMatch(
      /^No Autopilot can take this contact: none is switched on.*\. The queue wait of 6 hours ended and the account has no fallback switched on: abandoned, no research, no credit$/,
    );
  });

  it('skips before any filter is looked at, and explains the rule', () => {
    const routes = table([autopilot('Everyone', EVERYONE)], { skip_free_providers: true });
    const decision = decide(contact({}, { email: 'jane@gmail.com' }), routes, { now: T0 });
    expect(decision).toMatchObject({
      kind: 'skip',
      reason: 'free_mailbox_provider',
      explanation: { text: 'Skipped: gmail.com is a free mailbox provider, and the account skips those. No research, no credit', autopilots: [] },
    });
  });

  it('skips an address that unsubscribed from the account earlier, whatever the settings', () => {
    const routes = table([autopilot('Everyone', EVERYONE)], {}, ['jane@acme.de']);
    expect(decide(contact({}, { email: 'jane@acme.de' }), routes, { now: T0 })).toMatchObject({
      kind: 'skip',
      reason: 'unsubscribed',
      explanation: { text: "Skipped: jane@acme.de unsubscribed from the account's messages earlier. No research, no credit" },
    });
    expect(decide(contact({}, { email: 'john@acme.de' }), routes, { now: T0 })).toMatchObject({ kind: 'enrol' });
  });

  it('keeps a contact without a valid address waiting for one, then abandons it', () => {
    const routes = table([autopilot('Everyone', EVERYONE)]);
    expect(decide(contact({}, { email: null }), routes, { now: T0 })).toMatchObject({ kind: 'wait', reason: 'no_email', nextCheckAt: at(1) });
    expect(decide(contact({}, { email: null, waitingSince: T0 }), routes, { now: at(360) })).toMatchObject({ kind: 'abandon', reason: 'no_email' });
  });

  it('by hand, acts at once with the fallbacks and whenever an Autopilot was switched on', () => {
    const routes = table([autopilot('Germany', GERMANY, { enabledAt: at(30) }), autopilot('Last look', EVERYONE, { fallback: true, enabledAt: at(30) })]);
    expect(decide(contact({ country: 'Germany' }), routes, { now: at(60), byHand: true })).toMatchObject({ kind: 'enrol', autopilot: { name: 'Germany' } });
    expect(decide(contact({ country: 'Spain' }), routes, { now: at(60), byHand: true })).toMatchObject({ kind: 'enrol', via: 'fallback', autopilot: { name: 'Last look' } });
  });

  it('schedules the looks from when the contact began to wait, never past the end of the wait', () => {
    expect(queueWaitEnds(T0, 6)).toEqual(at(360));
    expect(nextCheck(T0, at(0), at(360))).toEqual(at(1));
    expect(nextCheck(T0, at(16), at(360))).toEqual(at(31));
    expect(nextCheck(T0, at(355), at(360))).toEqual(at(360));
  });
});

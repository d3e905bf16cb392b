import { describe, expect, it } from 'vitest';
import { leadOutcomes, leadSignals } from '../../../src/autopilot/outcomes/signals.ts';
import { events, leadRow, queuedJobs, touchStates, useOutcomesEngine } from './support.ts';

const { clock, fixture, newCustomer } = useOutcomesEngine();
const signals = () => leadOutcomes(fixture.engine.pool, clock);
const at = () => clock.now();

describe('a reply', () => {
  it('ends the lead as a win (Responded, replied) and removes every queued touch on every channel, jobs included', async () => {
    const { autopilot, lead, accountId } = await newCustomer();
    const { leadId, touchIds } = await lead(await autopilot(), [{ channel: 'email' }, { channel: 'linkedin', kind: 'connection_request', day: 2 }, { channel: 'email', day: 4 }]);
    expect(await queuedJobs(fixture.engine.pool, touchIds)).toBe(3);

    clock.advance({ hours: 2 });
    const applied = await signals().replied({ accountId, leadId, channel: 'email', occurredAt: at(), dedupeKey: '<reply-1@acme-logistik.de>', text: 'Sounds good, call me Tuesday.' });

    expect(applied).toEqual({ leadId, effect: 'ended_lead', outcome: 'Responded', endReason: 'replied' });
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Responded', end_reason: 'replied', ended_at: at() });
    expect(await touchStates(fixture.engine.pool, leadId)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await queuedJobs(fixture.engine.pool, touchIds)).toBe(0);
    expect(await events(fixture.engine.pool, leadId)).toEqual([{ kind: 'reply', effect: 'ended_lead', end_reason: 'replied', detail: { text: 'Sounds good, call me Tuesday.' } }]);
  });

  it('with the stop condition "reply" off is recorded on the timeline and the sequence goes on', async () => {
    const { autopilot, lead, accountId } = await newCustomer();
    const { leadId, touchIds } = await lead(await autopilot({ stop_conditions: { reply: false } }));
    const applied = await signals().replied({ accountId, leadId, channel: 'email', occurredAt: at(), dedupeKey: 'r-1' });
    expect(applied).toMatchObject({ effect: 'recorded', outcome: 'Active', endReason: null });
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Active', end_reason: null });
    expect(await touchStates(fixture.engine.pool, leadId)).toEqual(['scheduled', 'scheduled']);
    expect(await queuedJobs(fixture.engine.pool, touchIds)).toBe(2);
    expect(await events(fixture.engine.pool, leadId)).toMatchObject([{ kind: 'reply', effect: 'recorded', end_reason: null }]);
  });

  it('delivered twice changes nothing the second time: one event, the same end', async () => {
    const { autopilot, lead, accountId } = await newCustomer();
    const { leadId } = await lead(await autopilot());
    const first = await signals().replied({ accountId, leadId, channel: 'email', occurredAt: at(), dedupeKey: 'same' });
    clock.advance({ minutes: 5 });
    const second = await signals().replied({ accountId, leadId, channel: 'email', occurredAt: at(), dedupeKey: 'same' });
    expect(first.effect).toBe('ended_lead');
    expect(second).toMatchObject({ effect: 'duplicate', outcome: 'Responded', endReason: 'replied' });
    expect(await events(fixture.engine.pool, leadId)).toHaveLength(1);
    const row = await leadRow(fixture.engine.pool, leadId);
    expect(row.ended_at!.getTime()).toBe(clock.now().getTime() - 5 * 60_000);
  });

  it('delivered many times at once is applied exactly once', async () => {
    const { autopilot, lead, accountId } = await newCustomer();
    const { leadId, touchIds } = await lead(await autopilot());
    const all = await Promise.all(Array.from({ length: 8 }, () => signals().replied({ accountId, leadId, channel: 'email', occurredAt: at(), dedupeKey: 'burst' })));
    expect(all.filter((applied) => applied.effect === 'ended_lead')).toHaveLength(1);
    expect(all.filter((applied) => applied.effect === 'duplicate')).toHaveLength(7);
    expect(await events(fixture.engine.pool, leadId)).toHaveLength(1);
    expect(await queuedJobs(fixture.engine.pool, touchIds)).toBe(0);
  });

  it('after the lead ended (closed by hand) is recorded but does not turn the close into a win', async () => {
    const { autopilot, lead, accountId, http } = await newCustomer();
    const { leadId } = await lead(await autopilot());
    expect((await http.request('POST', `/autopilot/leads/${leadId}/close`)).status).toBe(200);
    const applied = await signals().replied({ accountId, leadId, channel: 'email', occurredAt: at(), dedupeKey: 'late' });
    expect(applied).toMatchObject({ effect: 'lead_ended', outcome: 'Closed', endReason: 'closed_manually' });
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Closed', end_reason: 'closed_manually' });
    expect(await events(fixture.engine.pool, leadId)).toMatchObject([{ kind: 'reply', effect: 'lead_ended' }]);
  });

  it("about another account's lead, or no lead at all, changes nothing", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const { leadId } = await owner.lead(await owner.autopilot());
    expect(await signals().replied({ accountId: other.accountId, leadId, channel: 'email', occurredAt: at(), dedupeKey: 'x' })).toMatchObject({ effect: 'no_lead' });
    expect(await signals().replied({ accountId: owner.accountId, leadId: 987_654_321, channel: 'email', occurredAt: at(), dedupeKey: 'y' })).toMatchObject({ effect: 'no_lead' });
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Active' });
  });

  it('keeps odd dedupe keys and text (NUL, half a surrogate pair, very long) without failing', async () => {
    const { autopilot, lead, accountId } = await newCustomer();
    const { leadId } = await lead(await autopilot({ stop_conditions: { reply: false } }));
    const key = `\u0000${'k'.repeat(2000)}\ud800`;
    expect(await signals().replied({ accountId, leadId, channel: 'email', occurredAt: at(), dedupeKey: key, text: `hi\u0000 \udc00 ${'x'.repeat(20_000)}` })).toMatchObject({ effect: 'recorded' });
    expect(await signals().replied({ accountId, leadId, channel: 'email', occurredAt: at(), dedupeKey: key })).toMatchObject({ effect: 'duplicate' });
  });

  it('through the port (LeadSignals) does the same', async () => {
    const { autopilot, lead, accountId } = await newCustomer();
    const { leadId } = await lead(await autopilot());
    await leadSignals(fixture.engine.pool, clock).replied({ accountId, leadId, channel: 'linkedin', occurredAt: at(), dedupeKey: 'li-1' });
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Responded', end_reason: 'replied' });
  });
});

describe('a bounce', () => {
  it("skips the lead's queued e-mail touches (address_bounced, jobs removed); the other channels go on", async () => {
    const { autopilot, lead, accountId } = await newCustomer();
    const { leadId, touchIds } = await lead(await autopilot({ channels: ['email', 'linkedin'] }), [
      { channel: 'email' },
      { channel: 'linkedin', kind: 'connection_request', day: 2 },
      { channel: 'email', day: 3 },
      { channel: 'linkedin', kind: 'message', day: 5 },
    ]);
    // The first e-mail went out; its bounce comes back.
    await fixture.engine.pool.query(`UPDATE autopilot_touches SET state = 'sent', sent_at = $2, ended_at = $2 WHERE id = $1`, [touchIds[0], at()]);
    await fixture.engine.pool.query(`SELECT graphile_worker.remove_job($1)`, [`touch:${touchIds[0]}`]);

    const applied = await signals().bounced({ accountId, leadId, channel: 'email', occurredAt: at(), dedupeKey: '<dsn-1@mx.example>' });
    expect(applied).toMatchObject({ effect: 'skipped_touches', outcome: 'Active' });
    expect(await touchStates(fixture.engine.pool, leadId)).toEqual(['sent', 'scheduled', 'skipped:address_bounced', 'scheduled']);
    expect(await queuedJobs(fixture.engine.pool, touchIds)).toBe(2);
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Active' });

    expect(await signals().bounced({ accountId, leadId, channel: 'email', occurredAt: at(), dedupeKey: '<dsn-1@mx.example>' })).toMatchObject({ effect: 'duplicate' });
  });

  it('skips a queued touch whose job is gone already (a worker held it, or it was removed) all the same', async () => {
    const { autopilot, lead, accountId } = await newCustomer();
    const { leadId, touchIds } = await lead(await autopilot({ channels: ['email', 'linkedin'] }), [{ channel: 'email' }, { channel: 'linkedin', kind: 'message', day: 2 }]);
    await fixture.engine.pool.query(`SELECT graphile_worker.remove_job($1)`, [`touch:${touchIds[0]}`]);
    expect(await signals().bounced({ accountId, leadId, channel: 'email', occurredAt: at(), dedupeKey: 'dsn-3' })).toMatchObject({ effect: 'skipped_touches' });
    expect(await touchStates(fixture.engine.pool, leadId)).toEqual(['skipped:address_bounced', 'scheduled']);
  });

  it('that leaves nothing queued ends the lead: no reachable channel (Closed)', async () => {
    const { autopilot, lead, accountId } = await newCustomer();
    const { leadId, touchIds } = await lead(await autopilot());
    const applied = await signals().bounced({ accountId, leadId, channel: 'email', occurredAt: at(), dedupeKey: 'dsn-2' });
    expect(applied).toEqual({ leadId, effect: 'ended_lead', outcome: 'Closed', endReason: 'no_reachable_channel' });
    expect(await touchStates(fixture.engine.pool, leadId)).toEqual(['skipped:address_bounced', 'skipped:address_bounced']);
    expect(await queuedJobs(fixture.engine.pool, touchIds)).toBe(0);
    expect(await events(fixture.engine.pool, leadId)).toMatchObject([{ kind: 'bounce', effect: 'ended_lead', end_reason: 'no_reachable_channel' }]);
  });
});

describe('an unsubscribe', () => {
  it('ends the lead (Closed, unsubscribed) at once, whatever the stop conditions, and only once', async () => {
    const { autopilot, lead, accountId } = await newCustomer();
    const { leadId, touchIds } = await lead(await autopilot({ stop_conditions: { reply: false, call_connected: false, meeting_booked: false } }));
    expect(await signals().unsubscribed({ accountId, leadId, occurredAt: at(), dedupeKey: 'u-1' })).toMatchObject({ effect: 'ended_lead', outcome: 'Closed', endReason: 'unsubscribed' });
    expect(await touchStates(fixture.engine.pool, leadId)).toEqual(['cancelled', 'cancelled']);
    expect(await queuedJobs(fixture.engine.pool, touchIds)).toBe(0);
    expect(await signals().unsubscribed({ accountId, leadId, occurredAt: at(), dedupeKey: 'u-1' })).toMatchObject({ effect: 'duplicate' });
    expect(await signals().unsubscribed({ accountId, leadId, occurredAt: at(), dedupeKey: 'u-2' })).toMatchObject({ effect: 'lead_ended', endReason: 'unsubscribed' });
  });
});

describe('an accepted connection request', () => {
  it('is a win (Responded, invite_accepted) only when the stop condition invite_accepted is on', async () => {
    const { autopilot, lead, accountId } = await newCustomer();
    const off = await lead(await autopilot({ channels: ['email', 'linkedin'] }), [
      { channel: 'linkedin', kind: 'connection_request' },
      { channel: 'linkedin', kind: 'message', day: 3 },
    ]);
    expect(await signals().inviteAccepted({ accountId, leadId: off.leadId, channel: 'linkedin', occurredAt: at(), dedupeKey: 'inv-1' })).toMatchObject({ effect: 'recorded', outcome: 'Active' });
    expect(await events(fixture.engine.pool, off.leadId)).toMatchObject([{ kind: 'connection', effect: 'recorded' }]);
    expect(await touchStates(fixture.engine.pool, off.leadId)).toEqual(['scheduled', 'scheduled']);

    const on = await lead(
      await autopilot({
        name: 'Network',
        channels: ['linkedin'],
        sequence: [{ day: 1, channel: 'linkedin', kind: 'connection_request', angle: 'A friendly request.' }],
        stop_conditions: { invite_accepted: true },
      }),
      [{ channel: 'linkedin', kind: 'connection_request' }],
    );
    expect(await signals().inviteAccepted({ accountId, leadId: on.leadId, channel: 'linkedin', occurredAt: at(), dedupeKey: 'inv-2' })).toMatchObject({
      effect: 'ended_lead',
      outcome: 'Responded',
      endReason: 'invite_accepted',
    });
  });
});

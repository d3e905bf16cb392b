import { beforeAll, describe, expect, it } from 'vitest';
import type { ReplyList } from '../../../src/autopilot/contract.ts';
import { leadOutcomes } from '../../../src/autopilot/outcomes/signals.ts';
import { type OutcomesCustomer, useOutcomesEngine } from './support.ts';

/**
 * `GET /autopilot/replies`: one inbox of what leads sent back on every channel, each with its lead, its
 * Autopilot and the touch it answered; auto-replies and bounces apart, never as replies.
 */
const { clock, fixture, newCustomer } = useOutcomesEngine();

let customer: OutcomesCustomer;
let first: { leadId: number; contactId: string; email: string; touchIds: number[] };
let second: { leadId: number; contactId: string; email: string; touchIds: number[] };
const inbox = async (query = '') => (await customer.http.request('GET', `/autopilot/replies${query}`)) as unknown as { status: number; body: ReplyList & { error?: string } };

/** Marks a touch sent at the clock's now, with a subject. */
async function sent(touchId: number, subject: string | null): Promise<void> {
  await fixture.engine.pool.query(`UPDATE autopilot_touches SET state = 'sent', sent_at = $2, ended_at = $2, subject = $3, body = 'Hello' WHERE id = $1`, [touchId, clock.now(), subject]);
}

beforeAll(async () => {
  customer = await newCustomer();
  const autopilotId = await customer.autopilot({ stop_conditions: { reply: false, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [] } });
  first = await customer.lead(autopilotId, [{ channel: 'email' }, { channel: 'linkedin', kind: 'message', day: 2 }, { channel: 'email', day: 3 }]);
  second = await customer.lead(autopilotId, [{ channel: 'email' }]);
  clock.advance({ hours: 1 });
  await sent(first.touchIds[0]!, 'Your plant in Leipzig');
  await sent(second.touchIds[0]!, 'A question about Hamburg');
  clock.advance({ days: 1 });
  await sent(first.touchIds[1]!, null);
  clock.advance({ hours: 2 });
});

describe('GET /autopilot/replies', () => {
  it('lists replies from every channel newest first, each with its lead, Autopilot and the touch it answered', async () => {
    const outcomes = leadOutcomes(fixture.engine.pool, clock);
    await outcomes.replied({ accountId: customer.accountId, leadId: first.leadId, channel: 'linkedin', occurredAt: clock.now(), dedupeKey: 'unipile:m-1', text: 'Happy to talk next week.' });
    clock.advance({ minutes: 5 });
    const logged = await customer.http.request('POST', `/autopilot/contacts/${first.contactId}/activities`, {
      body: { type: 'email_reply', occurred_at: clock.now().toISOString(), id: 'r-1', text: 'Thursday works for me.', subject: 'Re: Your plant in Leipzig' },
    });
    expect(logged.status).toBe(202);

    const { status, body } = await inbox();
    expect(status).toBe(200);
    expect(body.next_before).toBeNull();
    expect(body.replies.map((reply) => [reply.kind, reply.channel, reply.text])).toEqual([
      ['reply', 'email', 'Thursday works for me.'],
      ['reply', 'linkedin', 'Happy to talk next week.'],
    ]);
    expect(body.replies[0]).toMatchObject({
      subject: 'Re: Your plant in Leipzig',
      auto_reply: null,
      effect: 'recorded',
      lead: { id: first.leadId, email: first.email, contact_id: first.contactId, contact_source: 'api' },
      autopilot: 'EMEA SaaS',
      touch: { id: first.touchIds[0], step: 1, channel: 'email', subject: 'Your plant in Leipzig' },
    });
    expect(body.replies[1]!.touch).toMatchObject({ id: first.touchIds[1], step: 2, channel: 'linkedin', subject: null });
  });

  it('shows auto-replies and bounces apart, never as replies', async () => {
    clock.advance({ minutes: 5 });
    const auto = await customer.http.request('POST', `/autopilot/contacts/${second.contactId}/activities`, {
      body: { type: 'email_reply', occurred_at: clock.now().toISOString(), id: 'r-2', text: 'I am away until Monday.', subject: 'Out of Office: A question about Hamburg' },
    });
    expect(auto.body.effect).toBe('auto_reply');
    await leadOutcomes(fixture.engine.pool, clock).bounced({ accountId: customer.accountId, leadId: second.leadId, channel: 'email', occurredAt: clock.now(), dedupeKey: 'email:1:<b-1>' });

    // One the e-mail channel read itself, marked by its headers.
    clock.advance({ minutes: 1 });
    await leadOutcomes(fixture.engine.pool, clock).autoReplied({
      accountId: customer.accountId,
      leadId: first.leadId,
      channel: 'email',
      occurredAt: clock.now(),
      dedupeKey: 'email:1:<ooo-1>',
      text: 'Ich bin nicht im Büro.',
      reason: 'Auto-Submitted: auto-replied',
    });

    expect((await inbox()).body.replies.map((reply) => reply.lead.id)).toEqual([first.leadId, first.leadId]);
    const autoReplies = (await inbox('?kind=auto_reply')).body.replies;
    expect(autoReplies.map((reply) => [reply.lead.id, reply.channel, reply.text, reply.auto_reply, reply.effect])).toEqual([
      [first.leadId, 'email', 'Ich bin nicht im Büro.', 'Auto-Submitted: auto-replied', 'recorded'],
      [second.leadId, 'email', 'I am away until Monday.', expect.stringContaining('Out of Office'), 'recorded'],
    ]);
    expect(autoReplies[1]).toMatchObject({ kind: 'auto_reply', text: 'I am away until Monday.', auto_reply: expect.stringContaining('Out of Office'), lead: { id: second.leadId } });
    expect(autoReplies[1]!.touch).toMatchObject({ id: second.touchIds[0], step: 1 });
    expect(autoReplies[0]!.touch).toMatchObject({ id: first.touchIds[0], step: 1 });
    const bounces = (await inbox('?kind=bounce')).body.replies;
    expect(bounces.map((reply) => [reply.kind, reply.channel, reply.text, reply.lead.id])).toEqual([['bounce', 'email', null, second.leadId]]);
  });

  it('pages by next_before, filters by channel and Autopilot, and refuses what it cannot read', async () => {
    const page = (await inbox('?limit=1')).body;
    expect(page.replies).toHaveLength(1);
    expect(page.next_before).toBe(page.replies[0]!.id);
    const next = (await inbox(`?limit=1&before=${page.next_before}`)).body;
    expect(next.replies.map((reply) => reply.channel)).toEqual(['linkedin']);
    expect(next.next_before).toBeNull();
    expect((await inbox('?channel=linkedin')).body.replies).toHaveLength(1);
    expect((await inbox('?autopilot=emea%20saas')).body.replies).toHaveLength(2);
    expect((await inbox('?autopilot=Nowhere')).status).toBe(404);
    for (const query of ['?kind=call', '?before=0', '?limit=500', '?channel=fax']) {
      const answer = await inbox(query);
      expect([answer.status, answer.body.error], query).toEqual([400, 'invalid_query']);
    }
  });

  it('keeps an erased contact’s auto-reply apart, its words gone', async () => {
    expect((await customer.http.request('DELETE', `/autopilot/contacts/${second.contactId}?erase=true`)).status).toBe(200);
    const autoReplies = (await inbox('?kind=auto_reply')).body.replies.filter((reply) => reply.lead.id === second.leadId);
    expect(autoReplies.map((reply) => [reply.kind, reply.text, reply.subject, reply.auto_reply, reply.lead.email])).toEqual([['auto_reply', null, null, '(erased)', null]]);
    expect((await inbox()).body.replies.map((reply) => reply.lead.id)).not.toContain(second.leadId);
  });

  it('shows an account only its own', async () => {
    const other = await newCustomer();
    expect((await other.http.request('GET', '/autopilot/replies')).body).toEqual({ replies: [], next_before: null });
  });
});

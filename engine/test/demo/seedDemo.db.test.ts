import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountsModule, autopilotModule, eventsModule, peopleModule, researchModule } from '../../src/index.ts';
import { seedDemo } from '../../src/demo/index.ts';
import { Secrets } from '../../src/platform/secrets.ts';
import { client, createCustomer, useEngine } from '../support/engine.ts';

const NOW = new Date('2026-06-15T10:00:00Z');
const SECRET_KEY = randomBytes(32);

/** seedDemo: the counts it writes, and the endpoints the dashboard reads answering them (every answer is checked against its route's schema). */
const fixture = useEngine({
  worker: false,
  modules: [accountsModule(), peopleModule(), researchModule(), autopilotModule(), eventsModule()],
  env: { SECRET_KEY: SECRET_KEY.toString('base64') },
});

describe('seedDemo', () => {
  it('fills an account with 10,000 contacts and 2,000 leads that every endpoint reads', async () => {
    const { pool } = fixture.engine;
    const customer = await createCustomer(pool, { name: 'Demo' });
    const started = performance.now();
    const seeded = await seedDemo(pool, { accountId: customer.account.id, now: NOW, seed: 7, secrets: new Secrets(SECRET_KEY) });
    const seconds = (performance.now() - started) / 1000;
    console.log(`seedDemo: 10,000 contacts and 2,000 leads in ${seconds.toFixed(1)} s`);

    expect(seeded).toMatchObject({ accountId: customer.account.id, contacts: 10_000, leads: 2_000 });
    expect(seeded.autopilots).toEqual(['Founders on chat apps', 'EMEA SaaS', 'US Mid-market', 'Teams of 20 or more']);
    const counts = await pool.query(
      `SELECT (SELECT count(*)::int FROM autopilot_contacts WHERE account_id = $1) AS contacts,
              (SELECT count(*)::int FROM autopilot_leads WHERE account_id = $1) AS leads,
              (SELECT count(*)::int FROM research_jobs WHERE account_id = $1 AND status = 'completed') AS briefs,
              (SELECT count(*)::int FROM credit_ledger WHERE account_id = $1) AS debits,
              (SELECT array_agg(DISTINCT state || ':' || reason ORDER BY state || ':' || reason) FROM autopilot_contacts WHERE account_id = $1) AS states,
              (SELECT array_agg(DISTINCT outcome ORDER BY outcome) FROM autopilot_leads WHERE account_id = $1) AS outcomes,
              (SELECT array_agg(DISTINCT end_reason ORDER BY end_reason) FROM autopilot_leads WHERE account_id = $1) AS end_reasons,
              (SELECT array_agg(DISTINCT channel || ':' || state ORDER BY channel || ':' || state) FROM autopilot_touches WHERE account_id = $1) AS touches,
              (SELECT array_agg(DISTINCT kind || ':' || coalesce(channel, '-') ORDER BY kind || ':' || coalesce(channel, '-')) FROM autopilot_lead_events WHERE account_id = $1) AS lead_events,
              (SELECT array_agg(DISTINCT kind ORDER BY kind) FROM autopilot_email_inbound i JOIN autopilot_mailboxes m ON m.id = i.mailbox_id WHERE m.account_id = $1) AS inbound,
              (SELECT array_agg(DISTINCT type ORDER BY type) FROM events WHERE account_id = $1) AS event_types`,
      [customer.account.id],
    );
    const row = counts.rows[0];
    expect(row).toMatchObject({ contacts: 10_000, leads: 2_000, briefs: 2_000, debits: 2_000 });
    expect(row.states).toEqual(
      expect.arrayContaining([
        'abandoned:no_email',
        'abandoned:no_match',
        'enrolled:fallback',
        'enrolled:matched',
        'skipped:excluded_domain',
        'skipped:free_mailbox_provider',
        'skipped:role_based_address',
        'waiting:credits_exhausted',
        'waiting:no_email',
        'waiting:no_match',
      ]),
    );
    expect(row.outcomes).toEqual(['Active', 'Closed', 'Responded']);
    expect(row.end_reasons).toEqual(
      expect.arrayContaining(['call_connected', 'closed_manually', 'invite_accepted', 'meeting_booked', 'property_changed', 'replied', 'sequence_ended', 'unsubscribed']),
    );
    for (const channel of ['email', 'linkedin', 'whatsapp', 'telegram']) {
      expect(row.touches).toEqual(expect.arrayContaining([`${channel}:sent`, `${channel}:skipped`, `${channel}:scheduled`, `${channel}:cancelled`]));
      expect(row.lead_events).toContain(`reply:${channel}`);
    }
    expect(row.lead_events).toEqual(expect.arrayContaining(['bounce:email', 'call:-', 'meeting:-', 'connection:linkedin', 'unsubscribe:-', 'property_change:-']));
    expect(row.inbound).toEqual(['auto_reply', 'bounce', 'reply']);
    expect(row.event_types).toEqual(
      expect.arrayContaining(['contact.abandoned', 'contact.skipped', 'contact.waiting', 'credits.threshold', 'lead.closed', 'lead.enrolled', 'lead.responded', 'touch.sent', 'touch.skipped']),
    );

    const api = client(fixture.engine.url, customer.key);
    let before: number | null = null;
    for (let page = 0; page < 3; page++) {
      const leads = await api.request('GET', `/autopilot/leads?autopilot=EMEA%20SaaS&outcome=Active&limit=50${before === null ? '' : `&before=${before}`}`);
      expect(leads.status).toBe(200);
      expect(leads.body.leads).toHaveLength(50);
      before = leads.body.next_before as number;
    }
    const lead = await api.request('GET', `/autopilot/leads/${seeded.lead.id}`);
    expect(lead.status).toBe(200);
    expect(lead.body.email).toBe(seeded.lead.email);
    const touches = (lead.body.timeline as { type: string; state?: string; body?: string | null }[]).filter((entry) => entry.type === 'touch');
    expect(touches).toHaveLength(seeded.lead.touches);
    expect(seeded.lead.touches).toBe(12);

    const brief = await api.request('GET', `/research-status/${lead.body.research_id}`);
    expect(brief.status).toBe(200);
    expect(brief.body).toMatchObject({ status: 'completed', provenance: { degraded: false } });

    const waiting = await api.request('GET', `/autopilot/contacts/${seeded.waitingContact!.id}`);
    expect(waiting.status).toBe(200);
    expect(waiting.body).toMatchObject({ state: 'waiting', reason: 'no_match' });
    // Anchored: the dashboard's test reads it from its start (test/dashboard/contacts.processes.test.ts).
    expect((waiting.body.explanation as { text: string }).text).toMatch(/^No Autopilot matches yet: waiting in the queue until/);
    for (const id of [seeded.skippedContact!.id, seeded.abandonedContact!.id]) expect((await api.request('GET', `/autopilot/contacts/${id}`)).status).toBe(200);

    const stats = await api.request('GET', '/autopilot/stats');
    expect(stats.status).toBe(200);
    const events = await api.request('GET', '/events?limit=100');
    expect(events.status).toBe(200);
    expect((events.body.events as unknown[]).length).toBe(100);
    for (const path of ['/webhooks', '/mailboxes', '/account', '/autopilots']) expect((await api.request('GET', path)).status, path).toBe(200);
  }, 120_000);

  it('writes the same data for the same seed and refuses an account it already filled', async () => {
    const { pool } = fixture.engine;
    const one = await createCustomer(pool, { name: 'One' });
    const two = await createCustomer(pool, { name: 'Two' });
    await seedDemo(pool, { accountId: one.account.id, contacts: 300, leads: 60, now: NOW, seed: 3 });
    await seedDemo(pool, { accountId: two.account.id, contacts: 300, leads: 60, now: NOW, seed: 3 });
    const shape = async (accountId: number) =>
      (
        await pool.query(
          `SELECT c.contact_id, c.email, c.state, c.reason, l.outcome, l.end_reason, (SELECT count(*) FROM autopilot_touches t WHERE t.lead_id = l.id) AS touches
           FROM autopilot_contacts c LEFT JOIN autopilot_leads l USING (account_id, source, contact_id) WHERE c.account_id = $1 ORDER BY c.contact_id`,
          [accountId],
        )
      ).rows;
    expect(await shape(two.account.id)).toEqual(await shape(one.account.id));
    await expect(seedDemo(pool, { accountId: one.account.id, contacts: 10, leads: 1, now: NOW })).rejects.toThrow(/already has Autopilots or contacts/);
  }, 60_000);
});

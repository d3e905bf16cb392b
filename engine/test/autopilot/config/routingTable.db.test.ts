import { describe, expect, it } from 'vitest';
import { readRoutingTable } from '../../../src/autopilot/config/routingTable.ts';
import type { StoredTouch } from '../../../src/autopilot/contract.ts';
import { DEFAULT_SETTINGS } from '../../../src/autopilot/settings/accountSettings.ts';
import { evaluateFilter } from '../../../src/autopilot/filter/evaluate.ts';
import type { Queryable } from '../../../src/platform/database/database.ts';
import { AppError } from '../../../src/platform/errors.ts';
import { createCustomer, useTestEngine } from '../../support/engine.ts';
import { rejection } from '../../support/rejection.ts';
import { autopilotApi, catchAll, emeaSaas } from '../support.ts';

const fixture = useTestEngine({ worker: false });

/** The pool, counting the queries made through it. */
function counted(): { db: Queryable; count: () => number } {
  let queries = 0;
  const db = { query: (...args: unknown[]) => ((queries += 1), (fixture.engine.pool.query as (...a: unknown[]) => unknown)(...args)) } as unknown as Queryable;
  return { db, count: () => queries };
}

describe('the routing table', () => {
  it('holds the enabled Autopilots top to bottom with their filters ready to run, and the settings, in one query', async () => {
    const customer = await createCustomer(fixture.engine.pool, { name: 'Router' });
    const api = autopilotApi(fixture.engine.url, customer.key);
    await api.put('Off', emeaSaas({ name: 'Off', enabled: false }));
    const emea = await api.put('EMEA SaaS', emeaSaas());
    await api.put('Gone', emeaSaas({ name: 'Gone' }));
    await api.delete('Gone');
    const fallback = await api.put('Last look', catchAll('Last look', { fallback: true }));
    await api.patchSettings({ queue_wait_hours: 12, excluded_domains: ['acme.com'] });
    const other = await createCustomer(fixture.engine.pool, { name: 'Someone else' });
    await autopilotApi(fixture.engine.url, other.key).put('Theirs', emeaSaas({ name: 'Theirs' }));

    const { db, count } = counted();
    const table = await readRoutingTable(db, customer.account.id);
    expect(count()).toBe(1);
    expect(table.settings).toEqual({ ...DEFAULT_SETTINGS, queue_wait_hours: 12, excluded_domains: ['acme.com'], content_language: 'en', email_ready: false });
    expect(table.autopilots.map(({ id, name, fallback, revision }) => ({ id, name, fallback, revision }))).toEqual([
      { id: emea.body.id, name: 'EMEA SaaS', fallback: false, revision: 1 },
      { id: fallback.body.id, name: 'Last look', fallback: true, revision: 1 },
    ]);
    expect(table.autopilots[0]!.enabledAt.toISOString().replace('Z', '+00:00')).toBe(emea.body.enabled_at);
    const [first, last] = table.autopilots;
    expect(evaluateFilter(first!.filter, { country: 'germany', numberofemployees: '250' }).matched).toBe(true);
    expect(evaluateFilter(first!.filter, { country: 'Spain', numberofemployees: '250' }).matched).toBe(false);
    expect(evaluateFilter(last!.filter, {})).toMatchObject({ matched: true, catchAll: true });

    await api.order(['Last look']);
    expect((await readRoutingTable(db, customer.account.id)).autopilots.map((a) => a.name)).toEqual(['Last look', 'EMEA SaaS']);
  });

  it("carries each Autopilot's sequence of the revision it records, so a lead is planned with the version that enrolled it", async () => {
    const customer = await createCustomer(fixture.engine.pool, { name: 'Sequenced' });
    const api = autopilotApi(fixture.engine.url, customer.key);
    await api.put('EMEA SaaS', emeaSaas());
    const twoSteps: StoredTouch[] = [
      { day: 1, channel: 'email', kind: 'email', angle: 'Ask one question about their pricing.', subject_angle: null, signals: [] },
      { day: 3, channel: 'email', kind: 'email', angle: 'A short follow-up.', subject_angle: null, signals: ['news'] },
    ];
    await api.put('EMEA SaaS', emeaSaas({ sequence: twoSteps }));

    const [autopilot] = (await readRoutingTable(fixture.engine.pool, customer.account.id)).autopilots;
    expect(autopilot).toMatchObject({ revision: 2, sequence: twoSteps });
    expect(autopilot!.sequence).toEqual((await api.get('EMEA SaaS')).body.sequence);
  });

  it('holds, of the addresses asked about, only those that unsubscribed; every one when none is named', async () => {
    const customer = await createCustomer(fixture.engine.pool, { name: 'Opted out' });
    const autopilot = await autopilotApi(fixture.engine.url, customer.key).put('EMEA SaaS', emeaSaas());
    for (const [contact, email, endReason] of [
      ['1', 'ola@lead.test', 'unsubscribed'],
      ['2', 'eva@lead.test', 'unsubscribed'],
      ['3', 'jan@lead.test', 'replied'],
    ]) {
      await fixture.engine.pool.query(
        `WITH contact AS (
           INSERT INTO autopilot_contacts (account_id, contact_id, properties, email, created_at, received_at, state, reason, autopilot_id, decided_at)
           VALUES ($1, $2, jsonb_build_object('email', $3::text), $3, now(), now(), 'enrolled', 'matched', $4, now()) RETURNING contact_id)
         INSERT INTO autopilot_leads (account_id, contact_id, autopilot_id, autopilot_revision, enrolled_by, research_reused, outcome, end_reason, enrolled_at, ended_at)
         SELECT $1, contact_id, $4, 1, 'matched', false, 'Closed', $5, now(), now() FROM contact`,
        [customer.account.id, contact, email, autopilot.body.id, endReason],
      );
    }

    const { db, count } = counted();
    expect((await readRoutingTable(db, customer.account.id)).unsubscribed).toEqual(new Set(['ola@lead.test', 'eva@lead.test']));
    expect((await readRoutingTable(db, customer.account.id, ['ola@lead.test', 'jan@lead.test', 'new@lead.test', null])).unsubscribed).toEqual(new Set(['ola@lead.test']));
    expect((await readRoutingTable(db, customer.account.id, [null])).unsubscribed).toEqual(new Set());
    expect(count()).toBe(3);
  });

  it('is empty, with every setting at its default, for an account without Autopilots; and refuses an unknown account', async () => {
    const customer = await createCustomer(fixture.engine.pool, { name: 'Quiet' });
    expect(await readRoutingTable(fixture.engine.pool, customer.account.id)).toEqual({
      settings: { ...DEFAULT_SETTINGS, content_language: 'en', email_ready: false },
      autopilots: [],
      unsubscribed: new Set(),
    });
    expect(await rejection(readRoutingTable(fixture.engine.pool, 987_654), AppError)).toMatchObject({ code: 'account_not_found' });
  });
});

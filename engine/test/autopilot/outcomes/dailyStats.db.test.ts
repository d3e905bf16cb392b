import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { type DailyStats, dailyStatsSchema } from '../../../src/autopilot/contract.ts';
import type { Pool } from '../../../src/platform/database/database.ts';
import { type OutcomesCustomer, useOutcomesEngine } from './support.ts';

const { clock, fixture, newCustomer } = useOutcomesEngine();

const isDailyStats = new Ajv({ strict: true }).compile(dailyStatsSchema);

/** A research job paid for at `at` (a debit in the ledger), refunded too when `refunded`; answers its id. */
async function paidResearch(pool: Pool, accountId: number, at: string, refunded = false): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO research_jobs (account_id, product_id, email, language, decision_makers, created_at)
     SELECT id, current_product_id, 'x@acme-logistik.de', 'en', false, $2 FROM accounts WHERE id = $1 RETURNING id`,
    [accountId, at],
  );
  const researchId = rows[0]!.id;
  await pool.query(`INSERT INTO credit_cycles (account_id, cycle_start, used) VALUES ($1, '2030-01-01T00:00:00Z', 0) ON CONFLICT DO NOTHING`, [accountId]);
  await pool.query(`INSERT INTO credit_ledger (account_id, cycle_start, research_id, kind, created_at) VALUES ($1, '2030-01-01T00:00:00Z', $2, 'debit', $3)`, [accountId, researchId, at]);
  if (refunded) {
    await pool.query(`INSERT INTO credit_ledger (account_id, cycle_start, research_id, kind, created_at) VALUES ($1, '2030-01-01T00:00:00Z', $2, 'refund', $3)`, [accountId, researchId, at]);
  }
  return researchId;
}

/**
 * Two Autopilots in Berlin's January 2030 (UTC+1). EMEA SaaS: a lead enrolled at 23:30 UTC on the 6th
 * (the 7th in Berlin) whose e-mail went out on the 7th, a linkedin request skipped on the 8th and an
 * e-mail held back on the 9th, and who replied on the 9th; a second lead enrolled on the 8th whose
 * sequence ended on the 10th. Nordics: one lead enrolled on the 8th that unsubscribed the same day.
 * Credits: the first two leads' research on their enrolment days, one research outside any Autopilot
 * (the API's) on the 8th and one refunded on the 9th.
 */
async function januaryInBerlin(customer: OutcomesCustomer) {
  const pool = fixture.engine.pool;
  const emea = await customer.autopilot({ channels: ['email', 'linkedin'] });
  const nordics = await customer.autopilot({ name: 'Nordics', channels: ['email'] });

  clock.set('2030-01-06T23:30:00Z');
  const first = await customer.lead(emea, [{ channel: 'email' }, { channel: 'linkedin', kind: 'connection_request', day: 2 }, { channel: 'email', day: 3 }]);
  await pool.query(`UPDATE autopilot_touches SET state = 'sent', sent_at = '2030-01-07T09:05:00Z', ended_at = '2030-01-07T09:05:00Z' WHERE id = $1`, [first.touchIds[0]]);
  await pool.query(`UPDATE autopilot_touches SET state = 'skipped', skip_reason = 'no_network_profile', ended_at = '2030-01-08T10:00:00Z' WHERE id = $1`, [first.touchIds[1]]);
  await pool.query(`UPDATE autopilot_touches SET planned_at = '2030-01-09T08:00:00Z', due_at = '2030-01-10T08:00:00Z', held_reason = 'daily limit reached' WHERE id = $1`, [first.touchIds[2]]);
  await pool.query(`UPDATE autopilot_leads SET outcome = 'Responded', end_reason = 'replied', ended_at = '2030-01-09T12:00:00Z' WHERE id = $1`, [first.leadId]);

  clock.set('2030-01-08T10:00:00Z');
  const second = await customer.lead(emea, [{ channel: 'email' }]);
  await pool.query(`UPDATE autopilot_leads SET outcome = 'Closed', end_reason = 'sequence_ended', ended_at = '2030-01-10T16:00:00Z' WHERE id = $1`, [second.leadId]);
  const third = await customer.lead(nordics, [{ channel: 'email' }]);
  await pool.query(`UPDATE autopilot_leads SET outcome = 'Closed', end_reason = 'unsubscribed', ended_at = '2030-01-08T18:00:00Z' WHERE id = $1`, [third.leadId]);

  const research = [await paidResearch(pool, customer.accountId, '2030-01-06T23:30:00Z'), await paidResearch(pool, customer.accountId, '2030-01-08T10:00:00Z')];
  for (const [index, lead] of [first, second].entries()) await pool.query('UPDATE autopilot_leads SET research_id = $2 WHERE id = $1', [lead.leadId, research[index]]);
  await paidResearch(pool, customer.accountId, '2030-01-08T11:00:00Z');
  await paidResearch(pool, customer.accountId, '2030-01-09T11:00:00Z', true);
}

const quiet = { sent: 0, skipped: 0, held: 0 };

describe('GET /autopilot/stats/daily', () => {
  it("counts the account's period day by day in the time zone asked for, with zeros on quiet days", async () => {
    const customer = await newCustomer();
    await januaryInBerlin(customer);

    const reply = await customer.http.request('GET', '/autopilot/stats/daily?from=2030-01-06&to=2030-01-11&time_zone=Europe/Berlin');
    expect(reply.status).toBe(200);
    expect(isDailyStats(reply.body), JSON.stringify(isDailyStats.errors)).toBe(true);
    expect(reply.body).toMatchObject({ from: '2030-01-06', to: '2030-01-11', time_zone: 'Europe/Berlin', autopilot: null });
    expect(reply.body).toMatchObject({ enrolled: 3, responded: 1, enrolled_responded: 1, responded_rate: 1 / 3, credits: 3 });
    expect(reply.body.end_reasons).toMatchObject({ replied: 1, sequence_ended: 1, unsubscribed: 1, closed_manually: 0 });
    expect(reply.body.touches).toEqual({ email: { sent: 1, skipped: 0, held: 1 }, linkedin: { sent: 0, skipped: 1, held: 0 }, whatsapp: quiet, telegram: quiet });
    const days = reply.body.days as { date: string; enrolled: number; responded: number; credits: number; touches: Record<string, unknown> }[];
    expect(days.map(({ date, enrolled, responded, credits }) => `${date} enrolled ${enrolled} responded ${responded} credits ${credits}`)).toEqual([
      '2030-01-06 enrolled 0 responded 0 credits 0',
      '2030-01-07 enrolled 1 responded 0 credits 1',
      '2030-01-08 enrolled 2 responded 0 credits 2',
      '2030-01-09 enrolled 0 responded 1 credits 0',
      '2030-01-10 enrolled 0 responded 0 credits 0',
      '2030-01-11 enrolled 0 responded 0 credits 0',
    ]);
    expect(days[1]!.touches.email).toEqual({ sent: 1, skipped: 0, held: 0 });
    expect(days[2]!.touches.linkedin).toEqual({ sent: 0, skipped: 1, held: 0 });
    expect(days[3]!.touches.email).toEqual({ sent: 0, skipped: 0, held: 1 });
  });

  it('counts days in UTC by default: the late enrolment falls on the 6th', async () => {
    const customer = await newCustomer();
    await januaryInBerlin(customer);
    const reply = await customer.http.request('GET', '/autopilot/stats/daily?from=2030-01-06&to=2030-01-07');
    expect(reply.status).toBe(200);
    expect(reply.body.time_zone).toBe('UTC');
    expect((reply.body as DailyStats).days.map((day) => day.enrolled)).toEqual([1, 0]);
    expect((reply.body as DailyStats).days.map((day) => day.credits)).toEqual([1, 0]);
  });

  it("counts one Autopilot's leads, touches and the credits of the research it started", async () => {
    const customer = await newCustomer();
    await januaryInBerlin(customer);

    const emea = await customer.http.request('GET', '/autopilot/stats/daily?from=2030-01-06&to=2030-01-11&time_zone=Europe/Berlin&autopilot=emea%20saas');
    expect(emea.status).toBe(200);
    expect(emea.body).toMatchObject({ autopilot: 'EMEA SaaS', enrolled: 2, responded: 1, enrolled_responded: 1, responded_rate: 0.5, credits: 2 });
    expect(emea.body.end_reasons).toMatchObject({ replied: 1, sequence_ended: 1, unsubscribed: 0 });
    expect((emea.body as DailyStats).touches.linkedin).toEqual({ sent: 0, skipped: 1, held: 0 });

    const nordics = await customer.http.request('GET', '/autopilot/stats/daily?from=2030-01-06&to=2030-01-11&time_zone=Europe/Berlin&autopilot=Nordics');
    expect(nordics.body).toMatchObject({ autopilot: 'Nordics', enrolled: 1, responded: 0, responded_rate: 0, credits: 0 });
    expect(nordics.body.end_reasons).toMatchObject({ unsubscribed: 1, replied: 0 });
    expect((nordics.body as DailyStats).touches.email).toEqual(quiet);
  });

  it("answers only the account's own numbers", async () => {
    const customer = await newCustomer();
    await januaryInBerlin(customer);
    const other = await newCustomer();
    const reply = await other.http.request('GET', '/autopilot/stats/daily?from=2030-01-06&to=2030-01-11');
    expect(reply.body).toMatchObject({ enrolled: 0, responded: 0, responded_rate: null, credits: 0 });
  });

  it.each([
    ['from=2030-01-10&to=2030-01-01', 'ends (2030-01-01) before it starts'],
    ['from=2030-01-01&to=2031-01-02', 'is 367 days long; ask for at most 366'],
    ['from=2030-02-30&to=2030-03-01', 'from "2030-02-30" is not a date'],
    ['from=yesterday&to=2030-03-01', 'from "yesterday" is not a date'],
    ['from=2030-01-01&to=2030-01-02&time_zone=Mars/Olympus', 'time_zone "Mars/Olympus" is not an IANA time zone'],
    ['from=2030-01-01&to=2030-01-02&time_zone=%2B02:00', 'is not an IANA time zone'],
    ['to=2030-01-02', null],
  ])('refuses %s with invalid_query', async (query, words) => {
    const { http } = await newCustomer();
    const reply = await http.request('GET', `/autopilot/stats/daily?${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('invalid_query');
    if (words !== null) expect(reply.body.message).toContain(words);
  });

  it('accepts a whole leap year of 366 days, and answers autopilot_not_found for a name the account lacks', async () => {
    const { http } = await newCustomer();
    const year = await http.request('GET', '/autopilot/stats/daily?from=2028-01-01&to=2028-12-31');
    expect(year.status).toBe(200);
    expect(year.body.days).toHaveLength(366);
    const missing = await http.request('GET', '/autopilot/stats/daily?from=2030-01-01&to=2030-01-02&autopilot=Nobody');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('autopilot_not_found');
  });
});

import { describe, expect, it } from 'vitest';
import { accountsModule } from '../../../src/accounts/module.ts';
import { autopilotModule } from '../../../src/autopilot/module.ts';
import { researchModule } from '../../../src/research/module.ts';
import { createCustomer, useEngine } from '../../support/engine.ts';
import { autopilotApi, catchAll, crmApi } from '../support.ts';
import { seedLeads, type SeededLead } from '../../support/leads.ts';

/** GET /autopilot/leads's filters, sorts and cursors, and GET /autopilot/leads.csv, on leads written straight into the tables. */
const fixture = useEngine({ modules: [accountsModule(), researchModule(), autopilotModule()] });

const day = (n: number, hour = 12) => new Date(Date.UTC(2026, 10, n, hour));

async function customerWith(leads: SeededLead[], other: SeededLead[] = []) {
  const customer = await createCustomer(fixture.engine.pool, { name: 'Lead lister' });
  const api = autopilotApi(fixture.engine.url, customer.key);
  const crm = crmApi(fixture.engine.url, customer.key);
  const first = (await api.put('Germany', catchAll('Germany', { enabled: false }))).body as { id: number };
  const second = (await api.put('Spain', catchAll('Spain', { enabled: false }))).body as { id: number };
  const ids = await seedLeads(fixture.engine.pool, customer.account.id, first.id, leads);
  const otherIds = await seedLeads(fixture.engine.pool, customer.account.id, second.id, other);
  const list = async (query: string) => {
    const reply = await crm.leads(query);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as { leads: { id: number; email: string }[]; next_before: number | null; next_cursor: string | null };
  };
  /** Every page of `query`, following next_cursor, as the ids in order. */
  const walk = async (query: string, limit: number) => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.leads.map((lead) => lead.id));
      cursor = page.next_cursor;
    } while (cursor);
    return seen;
  };
  const csv = (query = '') => fetch(`${fixture.engine.url}/autopilot/leads.csv${query}`, { headers: { authorization: `Bearer ${customer.key}` } });
  return { ids, otherIds, list, walk, csv, crm };
}

const ENDED: SeededLead[] = [
  { email: 'anna@acme.de', enrolledAt: day(1), outcome: 'Responded', endReason: 'replied', endedAt: day(5) },
  { email: 'ben@acme.de', enrolledAt: day(2), outcome: 'Closed', endReason: 'sequence_ended', endedAt: day(9) },
  { email: 'carla_x@beta.de', enrolledAt: day(3) },
  { email: 'carl%@beta.de', enrolledAt: day(4), outcome: 'Responded', endReason: 'meeting_booked', endedAt: day(6) },
  { email: 'dora@beta.de', enrolledAt: day(5) },
];

describe('GET /autopilot/leads, filtered', () => {
  it('by end reason, enrolment dates, the start of an address in any case, with the outcome and the Autopilot', async () => {
    const { ids, otherIds, list } = await customerWith(ENDED, [{ email: 'anna@other.es', enrolledAt: day(1), outcome: 'Responded', endReason: 'replied', endedAt: day(2) }]);
    const emails = async (query: string) => (await list(query)).leads.map((lead) => lead.email);

    expect(await emails('?end_reason=replied')).toEqual(['anna@other.es', 'anna@acme.de']);
    expect(await emails('?end_reason=replied&autopilot=germany')).toEqual(['anna@acme.de']);
    expect(await emails('?enrolled_from=2026-11-02&enrolled_to=2026-11-04')).toEqual(['carla_x@beta.de', 'ben@acme.de']);
    expect(await emails('?enrolled_from=2026-11-04T13:00:00%2B01:00')).toEqual(['dora@beta.de', 'carl%@beta.de']);
    expect(await emails('?email=ANNA')).toEqual(['anna@other.es', 'anna@acme.de']);
    expect(await emails('?email=%20')).toHaveLength(6);
    expect(await emails('?email=anna@acme.de')).toEqual(['anna@acme.de']);
    // `%` and `_` are letters of the address, not wildcards.
    expect(await emails('?email=carl%25')).toEqual(['carl%@beta.de']);
    expect(await emails('?email=carl_')).toEqual([]);
    expect(await emails('?outcome=responded&email=c')).toEqual(['carl%@beta.de']);
    expect(await emails('?end_reason=unsubscribed')).toEqual([]);
    expect(ids).toHaveLength(5);
    expect(otherIds).toHaveLength(1);
  });

  it.each([
    ['?end_reason=won'],
    ['?enrolled_from=yesterday'],
    ['?enrolled_from=2026-02-31'],
    ['?enrolled_to=2026-11-20T10:00:00'],
    ['?email=a%00b'],
    ['?sort=alphabetical'],
    ['?cursor=bm9wZQ'],
    ['?sort=oldest&before=3'],
    [`?email=${'a'.repeat(321)}`],
  ])('refuses %s as invalid_query', async (query) => {
    const { crm } = await customerWith([]);
    expect(await crm.leads(query)).toMatchObject({ status: 400, body: { error: 'invalid_query' } });
  });
});

describe('GET /autopilot/leads, sorted and paged', () => {
  it('pages every sort by its cursor to the same order as one page, and newest first by before as it always has', async () => {
    const leads: SeededLead[] = Array.from({ length: 23 }, (_, n) => ({
      email: `lead${n}@acme.de`,
      enrolledAt: day(1 + (n % 20)),
      ...(n % 3 === 0 ? {} : { outcome: 'Closed' as const, endReason: 'sequence_ended', endedAt: day(21 + (n % 4)) }),
    }));
    const { ids, list, walk } = await customerWith(leads);

    const newest = [...ids].reverse();
    expect((await list('?limit=100')).leads.map((lead) => lead.id)).toEqual(newest);
    expect(await walk('?sort=newest', 5)).toEqual(newest);
    expect(await walk('?sort=oldest', 4)).toEqual(ids);
    const byEnd = ids
      .map((id, n) => ({ id, ended: leads[n]!.endedAt?.getTime() ?? -Infinity }))
      .sort((a, b) => b.ended - a.ended || b.id - a.id)
      .map((lead) => lead.id);
    expect((await list('?sort=recently_ended&limit=100')).leads.map((lead) => lead.id)).toEqual(byEnd);
    expect(await walk('?sort=recently_ended', 3)).toEqual(byEnd);

    const first = await list('?limit=10');
    expect(first.next_before).toBe(newest[9]);
    expect((await list(`?limit=10&before=${first.next_before}`)).leads.map((lead) => lead.id)).toEqual(newest.slice(10, 20));
    expect((await list('?sort=oldest&limit=10')).next_before).toBeNull();

    // A cursor belongs to its sort.
    const oldestCursor = (await list('?sort=oldest&limit=2')).next_cursor!;
    const { crm } = await customerWith([]);
    expect(await crm.leads(`?cursor=${oldestCursor}`)).toMatchObject({ status: 400, body: { error: 'invalid_query' } });
  });
});

describe('GET /autopilot/leads.csv', () => {
  it('sends every lead the filters match as CSV, past one page, with formulas made inert and quotes escaped', async () => {
    const many: SeededLead[] = Array.from({ length: 1205 }, (_, n) => ({ email: `bulk${n}@acme.de`, enrolledAt: day(1) }));
    const hostile: SeededLead[] = [
      { email: '=hyperlink("http://evil.example")@acme.de', enrolledAt: day(2), outcome: 'Closed', endReason: 'closed_manually', endedAt: day(3) },
      { email: '+sum(a1)@acme.de', enrolledAt: day(2) },
    ];
    const { ids, csv } = await customerWith([...many, ...hostile]);

    const all = await csv();
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.headers.get('content-disposition')).toBe('attachment; filename="leads.csv"');
    const lines = (await all.text()).split('\r\n');
    expect(lines[0]).toBe('id,email,autopilot,outcome,end_reason,enrolled_at,ended_at,enrolled_by,contact_source,contact_id,research_id');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 1207 + 1);
    expect(lines[1]).toMatch(new RegExp(`^${ids.at(-1)},'\\+sum\\(a1\\)@acme\\.de,Germany,Active,,2026-11-02T12:00:00\\.000\\+00:00,,matched,api,`));
    expect(lines[2]).toContain(`"'=hyperlink(""http://evil.example"")@acme.de",Germany,Closed,closed_manually,`);

    const closed = (await (await csv('?outcome=closed&sort=oldest')).text()).split('\r\n');
    expect(closed).toHaveLength(3);
    expect(closed[1]).toContain('closed_manually');

    expect(await (await csv('?enrolled_from=never')).json()).toEqual({ error: 'invalid_query' });
    expect((await csv('?autopilot=Nobody')).status).toBe(404);
  });
});

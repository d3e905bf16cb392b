import { beforeAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../../src/accounts/module.ts';
import { applyAutopilots } from '../../src/autopilot/config/autopilots.ts';
import type { ContactByHand, ContactList } from '../../src/autopilot/contract.ts';
import { receiveContacts } from '../../src/autopilot/intake/contacts.ts';
import { autopilotModule } from '../../src/autopilot/module.ts';
import { routeDueContacts } from '../../src/autopilot/routing/route.ts';
import { researchModule } from '../../src/research/module.ts';
import { TestClock } from '../support/clock.ts';
import { client, createCustomer, creditState, useEngine } from '../support/engine.ts';
import { emeaSaas } from './support.ts';

/**
 * `GET /autopilot/contacts` (search, filters, keyset pages) and routing by hand over HTTP
 * (`POST /autopilot/contacts/{id}/reprocess|assign`, with `dry_run`), on an engine without a worker:
 * the test routes with the clock it moves.
 */
const clock = new TestClock();
const fixture = useEngine({ worker: false, modules: [accountsModule(), researchModule(), autopilotModule({ clock })] });

const GERMANY = { match: 'all' as const, rules: [{ property: 'country', operator: 'is' as const, values: ['Germany'] }] };

let accountId: number;
let api: ReturnType<typeof client>;
const contacts = (query = '') => api.request('GET', `/autopilot/contacts${query}`) as unknown as Promise<{ status: number; body: ContactList & { error?: string } }>;
const ids = (list: ContactList) => list.contacts.map((contact) => contact.id);
const byHand = (id: string, action: 'reprocess' | 'assign', options: { dryRun?: boolean; autopilot?: string } = {}) =>
  api.request(
    'POST',
    `/autopilot/contacts/${id}/${action}${options.dryRun ? '?dry_run=true' : ''}`,
    action === 'assign' ? { body: { autopilot: options.autopilot ?? 'Germany' } } : {},
  ) as unknown as Promise<{
    status: number;
    body: ContactByHand & { error?: string; message?: string };
  }>;

beforeAll(async () => {
  const { pool } = fixture.engine;
  const customer = await createCustomer(pool, { plan: 'individual', credits: 3 });
  accountId = customer.account.id;
  api = client(fixture.engine.url, customer.key);
  await applyAutopilots(pool, accountId, [emeaSaas({ name: 'Germany', filter: GERMANY }), emeaSaas({ name: 'Spare', enabled: false })], { clock });
  clock.advance({ minutes: 1 });
  const from = { accountId, source: 'api' };
  const created = () => new Date(clock.now().getTime() - 1000);
  // Three arrive together (the same instant: pages break the tie by id), two later.
  await receiveContacts(
    pool,
    from,
    [
      { id: 'c-1', createdAt: created(), properties: { email: 'jana@acme.de', firstname: 'Jana', lastname: 'Novak', country: 'Germany' } },
      { id: 'c-2', createdAt: created(), properties: { email: 'pablo@acme.es', firstname: 'Pablo', lastname: 'Ruiz', country: 'Spain' } },
      { id: 'c-3', createdAt: created(), properties: { email: 'rosa@acme.es', firstname: 'Rosa', country: 'Spain' } },
    ],
    clock,
  );
  await routeDueContacts(pool, clock, accountId);
  clock.advance({ hours: 1 });
  await receiveContacts(
    pool,
    from,
    [
      { id: 'c-4', createdAt: created(), properties: { email: 'JANA@acme.de', country: 'Spain' } },
      { id: 'c-5', createdAt: created(), properties: { email: 'lea_100%@acme.fr', firstname: 'Léa', country: 'France' } },
    ],
    clock,
  );
  await routeDueContacts(pool, clock, accountId);
  // The queue wait ends for all but the later two's.
  clock.advance({ hours: 5, minutes: 30 });
  await routeDueContacts(pool, clock, accountId);
});

describe('GET /autopilot/contacts', () => {
  it('lists the contacts newest first with where routing put them', async () => {
    const { status, body } = await contacts();
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['c-5', 'c-4', 'c-3', 'c-2', 'c-1']);
    expect(body.next_before).toBeNull();
    expect(body.contacts[4]).toMatchObject({
      id: 'c-1',
      source: 'api',
      email: 'jana@acme.de',
      name: 'Jana Novak',
      state: 'enrolled',
      reason: 'matched',
      autopilot: 'Germany',
      lead_id: expect.any(Number),
    });
    expect(body.contacts[2]).toMatchObject({ id: 'c-3', name: 'Rosa', state: 'abandoned', reason: 'no_match', autopilot: null, lead_id: null, next_check_at: null });
    expect(body.contacts[0]).toMatchObject({ id: 'c-5', state: 'waiting', reason: 'no_match', next_check_at: expect.stringMatching(/^2030-/) });
  });

  it('searches the address and the name anywhere in them, in any case, taking % and _ as themselves', async () => {
    expect(ids((await contacts('?search=JANA')).body)).toEqual(['c-4', 'c-1']);
    expect(ids((await contacts('?search=ruiz')).body)).toEqual(['c-2']);
    expect(ids((await contacts('?search=acme.es')).body)).toEqual(['c-3', 'c-2']);
    expect(ids((await contacts('?search=0%25')).body)).toEqual(['c-5']);
    expect(ids((await contacts('?search=_')).body)).toEqual(['c-5']);
    expect(ids((await contacts(`?search=${encodeURIComponent('  novak ')}`)).body)).toEqual(['c-1']);
    expect((await contacts('?search=nobody')).body).toEqual({ contacts: [], next_before: null });
  });

  it('filters by state, reason, Autopilot and when they arrived', async () => {
    expect(ids((await contacts('?state=abandoned')).body)).toEqual(['c-3', 'c-2']);
    expect(ids((await contacts('?state=waiting&reason=no_match')).body)).toEqual(['c-5', 'c-4']);
    expect(ids((await contacts('?autopilot=GERMANY')).body)).toEqual(['c-1']);
    const first = (await contacts('?search=jana%40')).body.contacts.at(-1)!.received_at;
    const later = new Date(new Date(first).getTime() + 1000).toISOString();
    expect(ids((await contacts(`?received_to=${encodeURIComponent(later)}`)).body)).toEqual(['c-3', 'c-2', 'c-1']);
    expect(ids((await contacts(`?received_from=${encodeURIComponent(later)}`)).body)).toEqual(['c-5', 'c-4']);
    expect(ids((await contacts(`?received_from=${encodeURIComponent(first)}&state=enrolled`)).body)).toEqual(['c-1']);
  });

  it('pages through them by the cursor it answers, each contact once, ties broken by id', async () => {
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const { status, body }: { status: number; body: ContactList } = await contacts(`?limit=2${before ? `&before=${before}` : ''}`);
      expect(status).toBe(200);
      seen.push(...ids(body));
      before = body.next_before;
      pages++;
    } while (before !== null);
    expect(seen).toEqual(['c-5', 'c-4', 'c-3', 'c-2', 'c-1']);
    expect(pages).toBe(3);
  });

  it('refuses what it cannot read with invalid_query, and an Autopilot it does not have with autopilot_not_found', async () => {
    for (const query of [
      '?before=abc',
      `?before=${Buffer.from('[1,2,3]').toString('base64url')}`,
      '?state=won',
      '?limit=0',
      '?limit=201',
      '?received_from=2030-02-30T00:00:00Z',
      '?received_to=yesterday',
    ]) {
      const answer = await contacts(query);
      expect([answer.status, answer.body.error], query).toEqual([400, 'invalid_query']);
    }
    expect((await contacts('?autopilot=Nowhere')).status).toBe(404);
  });

  it('shows an account only its own contacts', async () => {
    const other = await createCustomer(fixture.engine.pool, { name: 'Other' });
    expect((await client(fixture.engine.url, other.key).request('GET', '/autopilot/contacts')).body).toEqual({ contacts: [], next_before: null });
  });
});

describe('routing by hand over HTTP', () => {
  it('refuses a contact that is not abandoned, an Autopilot switched off, and says why nothing matches', async () => {
    expect((await byHand('c-1', 'assign')).body).toMatchObject({ error: 'contact_not_routable' });
    expect((await byHand('c-2', 'reprocess')).status).toBe(409);
    expect((await byHand('c-2', 'assign', { autopilot: 'spare' })).body).toMatchObject({ error: 'contact_not_routable', message: expect.stringContaining('"Spare" is switched off') });
    expect((await byHand('c-2', 'reprocess')).body.message).toContain('abandoned, no research, no credit');
    expect((await byHand('nobody', 'reprocess')).status).toBe(404);
    expect((await byHand('c-2', 'assign', { autopilot: 'Nowhere' })).body.error).toBe('autopilot_not_found');
    const refused = await api.request('POST', '/autopilot/contacts/c-2/assign', { body: { autopilot: 7 } });
    expect([refused.status, refused.body.error]).toEqual([400, 'invalid_assignment']);
  });

  it('a dry run answers where the contact would stand and its credit, and keeps nothing', async () => {
    const before = await creditState(fixture.engine.pool, accountId);
    const { status, body } = await byHand('c-2', 'assign', { dryRun: true, autopilot: 'germany' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ dry_run: true, credits: 1, text: 'Would enrol it in "Germany" (position 1): a new research, 1 credit' });
    expect(body.contact).toMatchObject({ id: 'c-2', state: 'enrolled', reason: 'assigned', autopilot: 'Germany', lead: null, research_id: null });
    expect(await creditState(fixture.engine.pool, accountId)).toEqual(before);
    expect((await contacts('?state=abandoned')).body.contacts.map((contact) => contact.id)).toContain('c-2');
  });

  it('costs nothing where an earlier research of the same address is reused', async () => {
    // c-4 is Jana again (her address in other case): her research is reused once the queue wait abandons it.
    clock.advance({ hours: 1 });
    await routeDueContacts(fixture.engine.pool, clock, accountId);
    const { body } = await byHand('c-4', 'assign', { dryRun: true });
    expect(body).toMatchObject({ dry_run: true, credits: 0, text: 'Would enrol it in "Germany" (position 1): an earlier research of the same address is reused, no credit' });
  });

  it('two assigns of one contact at once: one lead, one credit, the other refused', async () => {
    const before = await creditState(fixture.engine.pool, accountId);
    const answers = await Promise.all([byHand('c-2', 'assign'), byHand('c-2', 'assign')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const done = answers.find((answer) => answer.status === 200)!.body;
    expect(done).toMatchObject({ dry_run: false, credits: 1, contact: { state: 'enrolled', reason: 'assigned', lead: { enrolled_by: 'assigned' } } });
    expect((await creditState(fixture.engine.pool, accountId)).debits).toBe(before.debits + 1);
    const { rows } = await fixture.engine.pool.query('SELECT count(*)::int AS n FROM autopilot_leads WHERE account_id = $1 AND contact_id = $2', [accountId, 'c-2']);
    expect(rows[0].n).toBe(1);
  });

  it('refuses with credits_exhausted once the credits are spent, and changes nothing', async () => {
    await fixture.engine.pool.query('UPDATE accounts SET monthly_credits = (SELECT sum(used) FROM credit_cycles WHERE account_id = $1) WHERE id = $1', [accountId]);
    for (const dryRun of [true, false]) {
      const { status, body } = await byHand('c-3', 'reprocess', { dryRun });
      expect(status).toBe(409);
      expect(body.error).toBe('contact_not_routable');
      const assigned = await byHand('c-3', 'assign', { dryRun });
      expect([assigned.status, assigned.body.error]).toEqual([429, 'credits_exhausted']);
    }
    expect((await contacts('?state=abandoned')).body.contacts.map((contact) => contact.id)).toContain('c-3');
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAutopilots } from '../../../src/autopilot/config/autopilots.ts';
import { receiveContacts, updateContactProperties } from '../../../src/autopilot/intake/contacts.ts';
import { routeDueContacts } from '../../../src/autopilot/routing/route.ts';
import { emeaSaas } from '../support.ts';
import { TestClock } from '../../support/clock.ts';
import type { TestDatabase } from '../../support/databases.ts';
import { createCustomer, creditState, newTestDatabase } from '../../support/engine.ts';
import { type Cli, cliFor } from '../../support/runCli.ts';

/** `prospect-engine contacts explain|reprocess|assign|erase`, `leads list|show` and `autopilots preview`, as ops run them. */
let database: TestDatabase;
let cli: Cli;
let dir: string;
let account: string;
const clock = new TestClock();

const GERMANY = { match: 'all' as const, rules: [{ property: 'country', operator: 'is' as const, values: ['Germany'] }] };

beforeAll(async () => {
  database = await newTestDatabase();
  cli = cliFor(database.url);
  dir = mkdtempSync(join(tmpdir(), 'contacts-cli-'));
  // The template holds every module's schema already: the engine's own migrate finds nothing to do.
  expect((await cli.run('migrate')).code).toBe(0);
  const customer = await createCustomer(database.pool, { plan: 'individual', credits: 2 });
  account = String(customer.account.id);
  const id = customer.account.id;
  await applyAutopilots(database.pool, id, [emeaSaas({ name: 'Germany', filter: GERMANY }), emeaSaas({ name: 'Spare', enabled: false })], { clock });
  clock.advance({ minutes: 1 });
  const created = new Date(clock.now().getTime() - 1000);
  await receiveContacts(
    database.pool,
    { accountId: id, source: 'api' },
    [
      { id: 'hubspot-1', createdAt: created, properties: { email: 'jana@acme.de', country: 'Germany' } },
      { id: 'hubspot-2', createdAt: created, properties: { email: 'pablo@acme.es', country: 'Spain' } },
      { id: 'hubspot-3', createdAt: created, properties: { email: 'rosa@acme.es', country: 'Spain' } },
    ],
    clock,
  );
  await routeDueContacts(database.pool, clock, id);
  // The two Spaniards wait out the queue and are abandoned.
  clock.advance({ hours: 6 });
  await routeDueContacts(database.pool, clock, id);
});

afterAll(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('contacts explain', () => {
  it('prints where routing put a contact and why: each skip rule, each Autopilot checked, each rule', async () => {
    const result = await cli.run('contacts', 'explain', '--account', account, '--contact', 'hubspot-2');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^state: +abandoned \(no_match\)$/m);
    expect(result.stdout).toContain('The queue wait of 6 hours ended and the account has no fallback switched on: abandoned, no research, no credit');
    expect(result.stdout).toContain('autopilots checked, in order\n  "Germany" (position 1): does not match: rule 1 does not hold\n      country is Germany: no, the contact says Spain');
    expect(result.stdout).toContain('  passes: "pablo" is not a role address');
    const json = await cli.json<{ state: string; explanation: { autopilots: unknown[] } }>('contacts', 'explain', 'hubspot-1', '--account', account);
    expect(json).toMatchObject({ state: 'enrolled', autopilot: 'Germany', lead: { outcome: 'Active' } });
    expect((await cli.fails('contacts', 'explain', 'nobody', '--account', account)).code).toBe(2);
  });
});

describe('contacts reprocess and assign', () => {
  it('refuse a contact that is not abandoned, and say why nothing matches', async () => {
    const enrolled = await cli.fails('contacts', 'assign', 'hubspot-1', '--account', account, '--autopilot', 'Germany');
    expect(enrolled).toMatchObject({
      code: 2,
      json: { error: 'contact_not_routable', message: 'contact "hubspot-1" was not enrolled: it is enrolled, and only abandoned contacts are reprocessed or assigned by hand' },
    });
    const nothing = await cli.fails('contacts', 'reprocess', 'hubspot-2', '--account', account);
    expect(nothing).toMatchObject({
      code: 2,
      json: { error: 'contact_not_routable', message: 'contact "hubspot-2" was not enrolled: Reprocessed by hand and the account has no fallback switched on: abandoned, no research, no credit' },
    });
    const off = await cli.fails('contacts', 'assign', 'hubspot-2', '--account', account, '--autopilot', 'spare');
    expect(off).toMatchObject({ code: 2, json: { error: 'contact_not_routable', message: 'contact "hubspot-2" was not enrolled: "Spare" is switched off; switch it on first' } });
  });

  it('reprocess enrols an abandoned contact that matches now; assign enrols one in the Autopilot named; each researches it for a credit', async () => {
    await updateContactProperties(database.pool, { accountId: Number(account), source: 'api' }, 'hubspot-2', { country: 'Germany' }, clock);
    const reprocessed = await cli.json<{ state: string; reason: string; lead: { enrolled_by: string } }>('contacts', 'reprocess', 'hubspot-2', '--account', account);
    expect(reprocessed).toMatchObject({ state: 'enrolled', reason: 'reprocessed', autopilot: 'Germany', lead: { enrolled_by: 'reprocessed', outcome: 'Active' } });
    expect(await creditState(database.pool, Number(account))).toMatchObject({ debits: 2 });
    // The credits are spent now: assigning is refused and nothing changes.
    const broke = await cli.fails('contacts', 'assign', 'hubspot-3', '--account', account, '--autopilot', 'germany');
    expect(broke).toMatchObject({ code: 2, json: { error: 'credits_exhausted', message: 'the account has no credits left (2 of 2 used)' } });
    await database.pool.query('UPDATE accounts SET monthly_credits = 3 WHERE id = $1', [Number(account)]);
    const assigned = await cli.run('contacts', 'assign', 'hubspot-3', '--account', account, '--autopilot', 'germany');
    expect(assigned.code).toBe(0);
    expect(assigned.stdout).toMatch(/^state: +enrolled \(assigned\)$/m);
    expect(assigned.stdout).toContain('Assigned by hand to "Germany" (position 1); research ');
    expect(await creditState(database.pool, Number(account))).toMatchObject({ debits: 3 });
  });
});

describe('leads list and show', () => {
  it('lists the leads newest first, filtered, and shows one', async () => {
    const list = await cli.run('leads', 'list', '--account', account, '--autopilot', 'Germany', '--outcome', 'active');
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/^lead +contact +email +autopilot +by +outcome +end_reason +research +enrolled_at$/);
    expect(list.stdout).toContain('hubspot-3');
    const json = await cli.json<{ leads: { id: number; contact_id: string }[] }>('leads', 'list', '--account', account, '--limit', '1');
    expect(json.leads.map((lead) => lead.contact_id)).toEqual(['hubspot-3']);
    const shown = await cli.json('leads', 'show', String(json.leads[0]!.id), '--account', account);
    expect(shown).toMatchObject({ contact_id: 'hubspot-3', enrolled_by: 'assigned' });
    expect((await cli.fails('leads', 'list', '--account', account, '--outcome', 'won')).code).not.toBe(0);

    const printed = await cli.run('leads', 'list', '--account', account, '--sort', 'oldest', '--limit', '1', '--enrolled-from', '2020-01-01');
    expect(printed.stdout).toMatch(/more: --cursor \S+/);
    type Page = { leads: { contact_id: string }[]; next_cursor: string };
    const oldest = await cli.json<Page>('leads', 'list', '--account', account, '--sort', 'oldest', '--limit', '1', '--enrolled-from', '2020-01-01');
    const next = await cli.json<Page>('leads', 'list', '--account', account, '--sort', 'oldest', '--limit', '1', '--enrolled-from', '2020-01-01', '--cursor', oldest.next_cursor);
    expect(next.leads).toHaveLength(1);
    expect(next.leads[0]!.contact_id).not.toBe(oldest.leads[0]!.contact_id);
    expect((await cli.json<{ leads: unknown[] }>('leads', 'list', '--account', account, '--email', 'NOBODY-HERE')).leads).toEqual([]);
    expect((await cli.fails('leads', 'list', '--account', account, '--sort', 'alphabetical')).code).not.toBe(0);
    expect((await cli.fails('leads', 'list', '--account', account, '--end-reason', 'won')).code).not.toBe(0);
    expect((await cli.fails('leads', 'list', '--account', account, '--enrolled-from', 'yesterday')).code).not.toBe(0);
    expect((await cli.fails('leads', 'show', '--account', account, '--lead', '99999')).code).toBe(2);
  });
});

describe('autopilots preview', () => {
  it('prints what a draft in a file would do to the contacts received last, and stores nothing', async () => {
    const file = join(dir, 'spain.yaml');
    writeFileSync(
      file,
      ['name: Spain', 'filter:', '  rules:', '    - { property: country, operator: is, values: [Spain] }', 'channels: [email]', 'tone: Direct', 'goal: { type: engage }', 'sequence: []', ''].join(
        '\n',
      ),
    );
    const result = await cli.run('autopilots', 'preview', '--account', account, '--file', file, '--position', '1');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"Spain" at position 1, against the last 3 contacts received:');
    expect(result.stdout).toMatch(/would_match: +1/);
    expect(result.stdout).toMatch(/taken_from: +\(none\)/);
    const json = await cli.json<{ would_enrol: number; from_waiting: number }>('autopilots', 'preview', '--account', account, '--file', file);
    expect(json).toMatchObject({ would_match: 1, would_enrol: 1, from_waiting: 1 });
    const list = await cli.json<{ name: string }[]>('autopilots', 'list', '--account', account);
    expect(list.map((autopilot) => autopilot.name)).toEqual(['Germany', 'Spare']);
  });
});

describe('contacts erase', () => {
  it('erases a contact as ops ask for it, says what it erased and kept, and again that nothing is left', async () => {
    const id = Number(account);
    // An integrator's id that is the address itself: it goes too, for a pseudonym.
    await receiveContacts(
      database.pool,
      { accountId: id, source: 'api' },
      [{ id: 'erase.me@acme.de', createdAt: new Date(clock.now().getTime() - 1000), properties: { email: 'erase.me@acme.de', country: 'Spain', lastname: 'Eraseme' } }],
      clock,
    );
    await routeDueContacts(database.pool, clock, id);
    const result = await cli.run('contacts', 'erase', 'erase.me@acme.de', '--account', account);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^contact: +erased:[0-9a-f]{32}$/m);
    expect(result.stdout).toMatch(/^state: +abandoned$/m);
    expect(result.stdout).toMatch(/^already_erased: +no$/m);
    expect(result.stdout).toContain("Erased: the contact's properties, address and explanation");
    expect(result.stdout).toMatch(/^ {2}contact: 1$/m);
    const again = await cli.json<{ id: string; already_erased: boolean; erased: Record<string, number> }>('contacts', 'erase', 'erase.me@acme.de', '--account', account);
    expect(again).toMatchObject({ already_erased: true, erased: { contact: 0, events: 0 } });
    // Abandoned, but nothing of it is left to route by hand.
    const reprocessed = await cli.fails('contacts', 'reprocess', again.id, '--account', account);
    expect(reprocessed).toMatchObject({ code: 2, json: { error: 'contact_not_routable', message: `contact "${again.id}" was not enrolled: it was erased: nothing about it is kept to route` } });
    const { rows } = await database.pool.query(`SELECT requested_by, api_key_id FROM autopilot_erasures WHERE account_id = $1 ORDER BY id`, [id]);
    expect(rows).toEqual([
      { requested_by: 'cli', api_key_id: null },
      { requested_by: 'cli', api_key_id: null },
    ]);
    const { rows: left } = await database.pool.query(`SELECT count(*)::int AS n FROM autopilot_contacts WHERE properties::text LIKE '%eraseme%' OR contact_id LIKE 'erase.me%'`);
    expect(left[0].n).toBe(0);
    expect((await cli.fails('contacts', 'erase', 'nobody', '--account', account)).code).toBe(2);
    expect((await cli.fails('contacts', 'erase', 'hubspot-1', '--account', account, '--source', 'hubspot:1')).code).toBe(2);
    expect((await cli.fails('contacts', 'erase', 'hubspot-1', '--account', account, '--source', 'Not A Source')).code).not.toBe(0);
  });
});

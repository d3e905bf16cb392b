import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { accountsModule } from '../../../src/accounts/module.ts';
import { contactRoutingSchema, contactsAcceptedSchema } from '../../../src/autopilot/contract.ts';
import { autopilotModule } from '../../../src/autopilot/module.ts';
import { researchModule } from '../../../src/research/module.ts';
import { getAccount } from '../../../src/accounts/accounts.ts';
import { routeJobKey } from '../../../src/autopilot/intake/routingJob.ts';
import { createPool } from '../../../src/platform/database/database.ts';
import { insertResearchJobs } from '../../../src/research/submit.ts';
import { client, createCustomer, newTestDatabase, startTestEngine, until } from '../../support/engine.ts';
import { hangs, ScriptedPipeline } from '../../support/pipelines.ts';
import { spending, sweep, useRoutingEngine } from '../routingSupport.ts';

import { autopilotApi, catchAll, crmApi } from '../support.ts';

/** Tests that start engines of their own: each start migrates and starts a worker, seconds on a loaded machine. */
const ENGINE_STARTS_MS = 120_000;
/** A thousand contacts routed by the test engine's worker: the wait for them allows 60 s, so the test must too (CI's loaded 2 cores took over 30). */
const BULK_ROUTING_MS = 90_000;

/** The CRM port's HTTP form: what it takes, what it refuses and how, and contacts that arrive twice, together or while workers come and go. */
const { clock, fixture, newCustomer } = useRoutingEngine();

const ajv = new Ajv({ strict: true });
const isAccepted = ajv.compile(contactsAcceptedSchema);
const isRouting = ajv.compile(contactRoutingSchema);

describe('POST /autopilot/contacts', () => {
  it('answers 202 at once with what it took; the answers match their published schemas', async () => {
    const { api, crm, contact, routed } = await newCustomer();
    await api.put('Everyone else', catchAll());
    clock.advance({ minutes: 1 });
    const reply = await crm.send([
      contact('101', { email: 'Jane.Doe@ACME.de', firstname: 'Jane', lastname: 'Doe', company: 'Acme GmbH' }),
      contact('101', { email: 'other@acme.de' }),
      contact('a/b c', { email: 'x@acme.de' }),
    ]);
    expect(reply).toMatchObject({ status: 202, body: { received: 3, new: 2, known: 1 } });
    // Each contact in the order sent: the second '101' is the first's duplicate.
    expect(reply.body.contacts).toEqual([
      { id: '101', status: 'new', state: 'received' },
      { id: '101', status: 'known', state: 'received' },
      { id: 'a/b c', status: 'new', state: 'received' },
    ]);
    expect(isAccepted(reply.body), JSON.stringify(isAccepted.errors)).toBe(true);
    const jane = await routed('101');
    expect(isRouting(jane), JSON.stringify(isRouting.errors)).toBe(true);
    // The first of two with one id is the contact; the address is kept as research takes it.
    expect(jane).toMatchObject({ id: '101', email: 'jane.doe@acme.de', properties: { email: 'Jane.Doe@ACME.de', firstname: 'Jane' } });
    // Its research has the name and the company the CRM holds.
    const { rows } = await fixture.engine.pool.query('SELECT email, request FROM research_jobs WHERE id = $1', [jane.research_id]);
    expect(rows[0]).toEqual({ email: 'jane.doe@acme.de', request: { prospect_name: 'Jane Doe', company_name: 'Acme GmbH' } });
    // Any id a CRM has is addressable, percent-encoded.
    expect((await routed('a/b c')).id).toBe('a/b c');
  });

  it.each([
    ['no body', undefined, '', 'The request has no body: send {"contacts": [...]}, 1 to 100 contacts, as JSON'],
    ['a list instead of an object', [], '', 'Contacts are sent as {"contacts": [...]}, 1 to 100 of them, each {"id", "created_at", "properties"}'],
    ['no contacts', { contacts: [] }, '/contacts', '"contacts" must hold at least 1'],
    [
      '101 contacts',
      { contacts: Array.from({ length: 101 }, (_, i) => ({ id: `c${i}`, created_at: '2030-01-07T09:00:00Z', properties: {} })) },
      '/contacts',
      '"contacts" holds 101 contacts, and at most 100 are allowed',
    ],
    ['no created_at', { contacts: [{ id: '1', properties: {} }] }, '/contacts/0/created_at', 'Contact 1: "created_at" is missing'],
    [
      'a time without an offset',
      { contacts: [{ id: '1', created_at: '2030-01-07T09:00:00', properties: {} }] },
      '/contacts/0/created_at',
      'Contact 1: "created_at" must be a date and time with its offset (ISO 8601), such as "2026-11-27T09:00:00Z" or "2026-11-27T10:00:00+01:00"; got "2030-01-07T09:00:00"',
    ],
    [
      'a day without a time',
      { contacts: [{ id: '1', created_at: '07/01/2030', properties: {} }] },
      '/contacts/0/created_at',
      'Contact 1: "created_at" must be a date and time with its offset (ISO 8601), such as "2026-11-27T09:00:00Z" or "2026-11-27T10:00:00+01:00"; got "07/01/2030"',
    ],
    [
      'milliseconds since 1970',
      { contacts: [{ id: '1', created_at: 1893920400000, properties: {} }] },
      '/contacts/0/created_at',
      'Contact 1: "created_at" must be a date and time as text, such as "2026-11-27T09:00:00Z" or "2026-11-27T10:00:00+01:00", not the number 1893920400000',
    ],
    [
      'a day that does not exist',
      { contacts: [{ id: '1', created_at: '2030-02-30T09:00:00Z', properties: {} }] },
      '/contacts/0/created_at',
      'Contact 1: "created_at" is not a time that exists: "2030-02-30T09:00:00Z"',
    ],
    ['an id that is a number', { contacts: [{ id: 7, created_at: '2030-01-07T09:00:00Z', properties: {} }] }, '/contacts/0/id', 'Contact 1: "id" must be text, not the number 7'],
    [
      'an id too long for an address',
      { contacts: [{ id: 'x'.repeat(101), created_at: '2030-01-07T09:00:00Z', properties: {} }] },
      '/contacts/0/id',
      'Contact 1: "id" is too long: at most 100 characters, and it has 101',
    ],
    [
      'a property holding an object',
      { contacts: [{ id: '1', created_at: '2030-01-07T09:00:00Z', properties: { country: { name: 'Germany' } } }] },
      '/contacts/0/properties/country',
      'Contact 1: "properties.country" must be text, a number, true or false, null or a list, not a set of fields',
    ],
    [
      'a NUL in a property',
      { contacts: [{ id: '1', created_at: '2030-01-07T09:00:00Z', properties: { country: 'Ger\u0000many' } }] },
      '/contacts/0/properties/country',
      'Contact 1: "properties.country" holds a character that cannot be stored',
    ],
    ['an unknown field', { contacts: [{ id: '1', created_at: '2030-01-07T09:00:00Z', properties: {}, owner: 'me' }] }, '/contacts/0/owner', 'Contact 1: "owner" is not a field here'],
  ])('refuses %s with invalid_contacts and the problem in words; nothing is taken', async (_case, body, path, message) => {
    const { crm, accountId } = await newCustomer();
    const reply = await crm.request('POST', '/autopilot/contacts', body === undefined ? { raw: '', headers: { 'content-type': 'application/json' } } : { body });
    expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_contacts' } });
    expect(reply.body.problems).toContainEqual({ severity: 'error', path, message: expect.stringContaining(message) });
    const { rows } = await fixture.engine.pool.query('SELECT count(*)::int AS n FROM autopilot_contacts WHERE account_id = $1', [accountId]);
    expect(rows[0]!.n).toBe(0);
  });

  it("refuses a contact created more than 5 minutes after the engine's clock, in words, and takes one within the clocks' skew", async () => {
    const { crm, accountId } = await newCustomer();
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();
    const reply = await crm.request('POST', '/autopilot/contacts', {
      body: {
        contacts: [
          { id: 'now', created_at: at(0), properties: { email: 'a@acme.de' } },
          { id: 'ahead', created_at: at(6), properties: { email: 'b@acme.de' } },
        ],
      },
    });
    expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_contacts' } });
    expect(reply.body.problems).toEqual([
      {
        severity: 'error',
        path: '/contacts/1/created_at',
        message: expect.stringMatching(/^Contact 2: "created_at" \(.+\) is in the future: more than 5 minutes after the engine's clock \(.+\); send when the CRM created it$/),
      },
    ]);
    const count = async () => (await fixture.engine.pool.query('SELECT count(*)::int AS n FROM autopilot_contacts WHERE account_id = $1', [accountId])).rows[0]!.n;
    expect(await count()).toBe(0);
    const skewed = await crm.request('POST', '/autopilot/contacts', { body: { contacts: [{ id: 'skewed', created_at: at(4), properties: { email: 'c@acme.de' } }] } });
    expect(skewed.status).toBe(202);
    expect(await count()).toBe(1);
  });

  it("keeps each account's contacts apart: the same id in two accounts is two contacts, and one account cannot read the other's", async () => {
    const first = await newCustomer();
    const second = await newCustomer();
    await first.crm.send([first.contact('shared', { email: 'a@acme.de' })]);
    await second.crm.send([second.contact('shared', { email: 'b@acme.de' })]);
    expect((await first.routed('shared')).email).toBe('a@acme.de');
    expect((await second.routed('shared')).email).toBe('b@acme.de');
    await first.crm.send([first.contact('mine', { email: 'c@acme.de' })]);
    expect(await second.crm.contact('mine')).toMatchObject({ status: 404, body: { error: 'contact_not_found' } });
  });
});

describe('POST /autopilot/contacts/{id}/properties', () => {
  it('merges the changes; a new address is read as research would read it', async () => {
    const { crm, contact, routed } = await newCustomer();
    await crm.send([contact('no-mail', { firstname: 'Ann' })]);
    expect(await routed('no-mail')).toMatchObject({ state: 'waiting', reason: 'no_email', email: null });
    expect(await crm.change('no-mail', { EMAIL: ' Ann@Acme.DE ', lastname: 'Lee' })).toMatchObject({ status: 202, body: { id: 'no-mail', state: 'waiting', rechecked: true } });
    await until('the new address to be routed', async () => (await crm.contact('no-mail')).body.reason === 'no_match');
    expect((await crm.contact('no-mail')).body).toMatchObject({ email: 'ann@acme.de', properties: { firstname: 'Ann', EMAIL: 'Ann@Acme.DE', lastname: 'Lee' } });
  });

  it('answers 404 contact_not_found for a contact never sent, and refuses a body without changes', async () => {
    const { crm, contact } = await newCustomer();
    expect(await crm.change('never-sent', { country: 'Germany' })).toMatchObject({ status: 404, body: { error: 'contact_not_found' } });
    await crm.send([contact('known', { email: 'k@acme.de' })]);
    const empty = await crm.request('POST', '/autopilot/contacts/known/properties', { body: { properties: {} } });
    expect(empty).toMatchObject({ status: 400, body: { error: 'invalid_properties', problems: [{ path: '/properties', message: expect.stringContaining('"properties"') }] } });
    const none = await crm.request('POST', '/autopilot/contacts/known/properties', { raw: '', headers: { 'content-type': 'application/json' } });
    expect(none).toMatchObject({ status: 400, body: { error: 'invalid_properties', problems: [{ message: 'The request has no body: send {"properties": {"name": "new value"}} as JSON' }] } });
  });
});

describe('a contact that arrives more than once', () => {
  it('sent twice at once, and again later, is one contact, enrolled once and charged once', async () => {
    const { api, crm, contact, routed, accountId } = await newCustomer();
    await api.put('Everyone else', catchAll());
    clock.advance({ minutes: 1 });
    const same = contact('twice', { email: 'twice@acme.de' });
    const replies = await Promise.all(Array.from({ length: 8 }, () => crm.send([same])));
    expect(replies.map((reply) => reply.body.new).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(await routed('twice')).toMatchObject({ state: 'enrolled' });
    // Sent again once decided, it is answered with where routing put it.
    expect((await crm.send([same])).body).toMatchObject({ new: 0, known: 1, contacts: [{ id: 'twice', status: 'known', state: 'enrolled' }] });
    await until('no routing left to do', async () => (await queued()) === 0);
    expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 1, jobs: 1, leads: 1 });
  });

  it(
    '1,000 contacts in 10 concurrent batches of 100: none is lost, each is decided once, and credits match the enrolments',
    async () => {
      const { api, crm, contact, accountId } = await newCustomer({ plan: 'enterprise', credits: 5000, maxKeys: 5 });
      await api.patchSettings({ skip_free_providers: true });
      await api.put('Germany', { ...catchAll('Germany'), filter: { rules: [{ property: 'country', operator: 'is', values: ['Germany'] }] } });
      clock.advance({ minutes: 1 });
      const country = (i: number) => (i % 3 === 0 ? 'Germany' : 'Spain');
      const email = (i: number) => (i % 5 === 0 ? `p${i}@gmail.com` : `p${i}@acme${i}.de`);
      const batches = Array.from({ length: 10 }, (_, b) => Array.from({ length: 100 }, (_, j) => b * 100 + j).map((i) => contact(`c${i}`, { email: email(i), country: country(i) })));
      const replies = await Promise.all(batches.map((batch) => crm.send(batch)));
      expect(replies.map(({ body: { received, new: added, known } }) => ({ received, new: added, known }))).toEqual(Array(10).fill({ received: 100, new: 100, known: 0 }));
      await until('every contact to be routed', async () => (await states(accountId)).received === undefined, 60_000);
      const expected = { skipped: 0, enrolled: 0, waiting: 0 };
      for (let i = 0; i < 1000; i++) {
        if (i % 5 === 0) expected.skipped++;
        else if (country(i) === 'Germany') expected.enrolled++;
        else expected.waiting++;
      }
      expect(await states(accountId)).toEqual(expected);
      expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: expected.enrolled, jobs: expected.enrolled, leads: expected.enrolled });
    },
    BULK_ROUTING_MS,
  );

  it(
    'while workers stop and start, each contact is still enrolled once and charged once',
    async () => {
      const { api, customer, contact, accountId } = await newCustomer({ plan: 'enterprise', credits: 5000, maxKeys: 5 });
      await api.put('Everyone else', catchAll());
      clock.advance({ minutes: 1 });
      // The API alone takes the contacts: the routing jobs wait for a worker.
      const http = await startTestEngine({ database: fixture.database, worker: false, modules: [accountsModule(), researchModule(), autopilotModule({ clock })] });
      // No grace at stop: in-flight jobs (routing, the research it queues) are aborted and handed back at once.
      const workers = () =>
        startTestEngine({ database: fixture.database, http: false, env: { SHUTDOWN_GRACE_SECONDS: '0' }, modules: [accountsModule(), researchModule(), autopilotModule({ clock })] });
      try {
        const remote = crmApi(http.url, customer.key);
        for (let b = 0; b < 4; b++) await remote.send(Array.from({ length: 100 }, (_, j) => contact(`r${b * 100 + j}`, { email: `r${b * 100 + j}@acme.de` })));
        // Two workers race; one is stopped mid-way, then a third comes.
        const [first, second] = await Promise.all([workers(), workers()]);
        await first.stop();
        const third = await workers();
        await second.stop();
        await until('every contact to be routed', async () => (await states(accountId)).received === undefined, 60_000);
        await third.stop();
      } finally {
        await http.stop();
      }
      expect(await states(accountId)).toEqual({ enrolled: 400 });
      expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 400, jobs: 400, leads: 400 });
    },
    ENGINE_STARTS_MS,
  );
});

describe('routing and a backlog of research', () => {
  it(
    'routes a new contact while the research jobs queued ahead of it hold every research slot',
    async () => {
      const database = await newTestDatabase();
      const modules = () => [accountsModule(), researchModule({ pipeline: new ScriptedPipeline(hangs) }), autopilotModule({ clock })];
      const http = await startTestEngine({ database, worker: false, modules: modules() });
      let worker: Awaited<ReturnType<typeof startTestEngine>> | undefined;
      try {
        const customer = await createCustomer(http.pool, { name: 'Busy' });
        const research = client(http.url, customer.key);
        for (let i = 0; i < 20; i++) expect((await research.research({ email: `backlog${i}@acme.de` })).status).toBe(202);
        await autopilotApi(http.url, customer.key).put('Everyone else', catchAll());
        clock.advance({ minutes: 1 });
        // One research slot, held by a research that never ends: routing runs on the worker's main runner all the same.
        worker = await startTestEngine({ database, http: false, modules: modules(), env: { WORKER_CONCURRENCY: '1' } });
        const researching = async () =>
          (await http.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM research_jobs WHERE account_id = $1 AND status = 'processing'`, [customer.account.id])).rows[0]!.n;
        await until('the research slot to be taken', async () => (await researching()) === 1);
        await crmApi(http.url, customer.key).send([{ id: 'first', created_at: new Date(clock.now().getTime() - 1000).toISOString(), properties: { email: 'first@acme.de' } }]);
        await until('the contact to be routed', async () => {
          const { rows } = await http.pool.query<{ state: string }>(`SELECT state FROM autopilot_contacts WHERE account_id = $1`, [customer.account.id]);
          return rows[0]?.state === 'enrolled';
        });
        expect(await researching()).toBe(1);
      } finally {
        await worker?.stop();
        await http.stop();
        await database.drop();
      }
    },
    ENGINE_STARTS_MS,
  );
});

describe('a worker that dies while it routes', () => {
  it(
    'leaves nothing half done, and the minute sweep routes the contacts its locked job held',
    async () => {
      const database = await newTestDatabase();
      const modules = () => [accountsModule(), researchModule(), autopilotModule({ clock })];
      const http = await startTestEngine({ database, worker: false, modules: modules() });
      let worker: Awaited<ReturnType<typeof startTestEngine>> | undefined;
      const dying = createPool(database.url, 1);
      try {
        const customer = await createCustomer(http.pool, { name: 'Crashed' });
        const api = autopilotApi(http.url, customer.key);
        await api.put('Everyone else', catchAll());
        clock.advance({ minutes: 1 });
        const contacts = Array.from({ length: 50 }, (_, i) => ({ id: `d${i}`, created_at: new Date(clock.now().getTime() - 1000).toISOString(), properties: { email: `d${i}@acme.de` } }));
        expect((await crmApi(http.url, customer.key).send(contacts)).body).toMatchObject({ new: 50 });
        // A worker took the routing job and began: it locked the contacts and started their research, then died before committing.
        await http.pool.query(`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'dead-worker' WHERE key = $1`, [routeJobKey(customer.account.id)]);
        const doomed = await dying.connect();
        await doomed.query('BEGIN');
        await doomed.query('SELECT 1 FROM autopilot_contacts WHERE account_id = $1 FOR UPDATE', [customer.account.id]);
        await insertResearchJobs(
          doomed,
          await getAccount(doomed, customer.account.id),
          contacts.map((contact) => ({ email: contact.properties.email })),
        );
        const { rows } = await doomed.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await http.pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        doomed.release(true);
        expect(await spending(http.pool, customer.account.id)).toEqual({ debits: 0, jobs: 0, leads: 0 });

        // A new worker does not get the dead one's job (graphile-worker holds it for hours), but the sweep finds its contacts.
        worker = await startTestEngine({ database, http: false, modules: modules() });
        await sweep(worker.pool);
        const { rows: left } = await http.pool.query(`SELECT state, count(*)::int AS n FROM autopilot_contacts WHERE account_id = $1 GROUP BY state`, [customer.account.id]);
        expect(left).toEqual([{ state: 'enrolled', n: 50 }]);
        expect(await spending(http.pool, customer.account.id)).toEqual({ debits: 50, jobs: 50, leads: 50 });
      } finally {
        await dying.end().catch(() => {});
        await worker?.stop();
        await http.stop();
        await database.drop();
      }
    },
    ENGINE_STARTS_MS,
  );
});

async function states(accountId: number): Promise<Record<string, number>> {
  const { rows } = await fixture.engine.pool.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM autopilot_contacts WHERE account_id = $1 GROUP BY state', [accountId]);
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
}

async function queued(): Promise<number> {
  const { rows } = await fixture.engine.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'route_contacts'`);
  return rows[0]!.n;
}

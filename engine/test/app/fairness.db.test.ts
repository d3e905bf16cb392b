/**
 * Fairness between accounts, with a real worker: account A's backlog of research holds every research
 * slot, and account B's webhook delivery still goes out at once (deliveries run on the worker's main
 * runner, research on its bulk runner), and B's research starts ahead of A's backlog (fair queuing:
 * platform/queue/worker.ts, research/jobs.ts); two accounts with backlogs take turns. Every job still
 * runs once, for its one credit.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount } from '../../src/accounts/index.ts';
import { autopilotModule } from '../../src/autopilot/module.ts';
import { eventsModule } from '../../src/events/module.ts';
import { peopleModule } from '../../src/people/module.ts';
import { transaction } from '../../src/platform/database/database.ts';
import { researchModule } from '../../src/research/module.ts';
import { insertResearchJobs } from '../../src/research/submit.ts';
import { accountsModule } from '../../src/accounts/module.ts';
import type { TestDatabase } from '../support/databases.ts';
import { client, createCustomer, creditState, newTestDatabase, startTestEngine, type TestEngine, until } from '../support/engine.ts';
import { seedLeads } from '../support/leads.ts';
import { ScriptedPipeline } from '../support/pipelines.ts';
import { routed, sourceless } from '../research/support.ts';

const BACKLOG = 40;
const RESEARCH_SLOTS = 2;

/** A's jobs run until the test lets them finish, oldest first. */
const held: (() => void)[] = [];
function finishOldestHeld() {
  const finish = held.shift();
  if (!finish) throw new Error('no held research job is running');
  finish();
}
const pipeline = new ScriptedPipeline(
  routed({
    held: (input, identities, signal) =>
      new Promise((resolve, reject) => {
        held.push(() => resolve(sourceless(input, identities, signal)));
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
  }),
);
/** The e-mails researched so far, in the order their jobs started. */
const started = () => pipeline.inputs.map((input) => input.email);

let database: TestDatabase;
let engine: TestEngine;
let receiver: Server;
const delivered: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      delivered.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  database = await newTestDatabase();
  engine = await startTestEngine({
    database,
    modules: [accountsModule(), peopleModule(), researchModule({ pipeline }), autopilotModule(), eventsModule()],
    env: { SECRET_KEY: Buffer.alloc(32, 5).toString('base64'), WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', WORKER_CONCURRENCY: String(RESEARCH_SLOTS) },
  });
});

afterAll(async () => {
  while (held.length > 0) finishOldestHeld();
  await engine?.stop();
  await database?.drop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** Queues researches of `emails` for the customer in one transaction, as an enrolment does. */
async function queueBacklog(customer: Awaited<ReturnType<typeof createCustomer>>, emails: string[]) {
  const account = await getAccount(engine.pool, customer.account.id);
  await transaction(engine.pool, (db) =>
    insertResearchJobs(
      db,
      account,
      emails.map((email) => ({ email })),
    ),
  );
}

describe('account A with a research backlog that holds every research slot', () => {
  let a: Awaited<ReturnType<typeof createCustomer>>;
  const backlog = Array.from({ length: BACKLOG }, (_, i) => `held-${i}@a-corp.example.com`);

  beforeAll(async () => {
    a = await createCustomer(engine.pool, { name: 'A', credits: 1_000 });
    await queueBacklog(a, backlog);
    await until('A holding every research slot', async () => held.length === RESEARCH_SLOTS);
  });

  it("does not hold back account B's webhook delivery", async () => {
    const b = await createCustomer(engine.pool, { name: 'B' });
    const api = client(engine.url, b.key);
    const autopilot = await api.request('PUT', '/autopilots/Everyone', {
      body: {
        enabled: true,
        filter: { rules: [] },
        channels: ['email'],
        tone: 'Friendly',
        goal: { type: 'engage' },
        sequence: [{ day: 1, channel: 'email', kind: 'email', angle: 'A short, useful note.', subject_angle: 'Their pricing' }],
      },
    });
    expect(autopilot.status, JSON.stringify(autopilot.body)).toBe(201);
    const [leadId] = await seedLeads(engine.pool, b.account.id, Number(autopilot.body.id), [{ email: 'lead@b-corp.example.com', enrolledAt: new Date() }]);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    expect((await api.request('POST', '/webhooks', { body: { url, events: ['lead.closed'] } })).status).toBe(201);

    expect((await api.request('POST', `/autopilot/leads/${leadId}/close`)).body).toMatchObject({ closed: true });
    await until("B's lead.closed delivered", async () => delivered.length === 1);
    expect(JSON.parse(delivered[0]!)).toMatchObject({ type: 'lead.closed', lead_id: leadId });
    // A's research still holds every slot, none of its backlog having moved.
    expect(started().sort()).toEqual(backlog.slice(0, RESEARCH_SLOTS).sort());
  });

  it("starts account B's research ahead of A's backlog, and every job of both runs once for its one credit", async () => {
    const b = await createCustomer(engine.pool, { name: 'B2' });
    const api = client(engine.url, b.key);
    const researchId = String((await api.research({ email: 'prospect@b-corp.example.com' })).body.research_id);

    // Two of A's jobs end: B's job takes turns with the head of A's backlog (the first slot freed goes
    // to A's next, queued before it at the same turn; the second to B), not behind all of A's 38.
    finishOldestHeld();
    await until('a slot taken again', async () => held.length === RESEARCH_SLOTS);
    finishOldestHeld();
    expect((await api.waitFor(researchId)).body).toMatchObject({ status: 'completed' });
    const order = started();
    expect(order.indexOf('prospect@b-corp.example.com')).toBe(RESEARCH_SLOTS + 1);
    expect(order.slice(0, RESEARCH_SLOTS + 1).sort()).toEqual(backlog.slice(0, RESEARCH_SLOTS + 1).sort());

    const finished = async () => (await engine.pool.query(`SELECT count(*)::int AS n FROM research_jobs WHERE account_id = $1 AND status = 'completed'`, [a.account.id])).rows[0].n;
    await until("A's backlog done", async () => {
      while (held.length > 0) finishOldestHeld();
      return (await finished()) === BACKLOG;
    });
    expect(
      started()
        .filter((email) => email.endsWith('@a-corp.example.com'))
        .sort(),
    ).toEqual([...backlog].sort());
    expect(await creditState(engine.pool, a.account.id)).toEqual({ used: BACKLOG, debits: BACKLOG, refunds: 0 });
    expect(await creditState(engine.pool, b.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
  });

  it('lets two accounts with backlogs take turns at the research slots', async () => {
    const [first, second] = [await createCustomer(engine.pool, { name: 'First' }), await createCustomer(engine.pool, { name: 'Second' })];
    const firsts = Array.from({ length: 10 }, (_, i) => `held-${i}@first.example.com`);
    const seconds = Array.from({ length: 10 }, (_, i) => `held-${i}@second.example.com`);
    await queueBacklog(first, firsts);
    await until("the first account's backlog holding every research slot", async () => held.length === RESEARCH_SLOTS);
    const before = started().length;
    await queueBacklog(second, seconds);

    // One slot frees at a time: the next ten jobs to start alternate between the two accounts.
    for (let i = 0; i < 10; i++) {
      const count = started().length;
      finishOldestHeld();
      await until('the next job to start', async () => started().length === count + 1);
    }
    const accounts = started()
      .slice(before, before + 10)
      .map((email) => email.split('@')[1]);
    expect(accounts).toEqual(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? 'first.example.com' : 'second.example.com')));

    await until('both backlogs done', async () => {
      while (held.length > 0) finishOldestHeld();
      return started().filter((email) => email.endsWith('@first.example.com') || email.endsWith('@second.example.com')).length === 20 && held.length === 0;
    });
  });
});

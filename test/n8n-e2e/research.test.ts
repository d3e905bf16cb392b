/**
 * The built, packed community package inside a real n8n (installed from the npm registry), against a
 * real engine this test starts: HTTP API and graphile-worker on a test database, its research sources
 * and LLM pointed at the local source emulator. Each workflow runs with `n8n execute`, as n8n runs a
 * Manual Trigger workflow.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCustomer, creditState, type Customer, newTestDatabase, startTestEngine, type TestDatabase, type TestEngine } from '@prospect-research/engine/testing';
import { INSTANT, type SourceEmulator, startSourceEmulator } from '../support/sourceEmulator.ts';
import { createN8nInstance, type Credential, type N8nInstance, outputOf } from './n8n.ts';
import { readmeWorkflow, RESEARCH_NODE, researchCredential, researchWorkflow, WAIT_NODE } from './workflows.ts';

let database: TestDatabase;
let emulator: SourceEmulator;
let engine: TestEngine;
let customer: Customer;
let n8n: N8nInstance;
let good: Credential;
/** The brief of the first workflow, read again by "Get status" at the end. */
let firstResearchId: unknown;

const FAST_POLL = { pollIntervalSeconds: 1 };

beforeAll(async () => {
  database = await newTestDatabase();
  emulator = await startSourceEmulator(INSTANT);
  engine = await startTestEngine({ database, env: emulator.env });
  customer = await createCustomer(engine.pool);
  n8n = await createN8nInstance(inject('n8nInstallation'), inject('packageTarball'));
  good = researchCredential('prcredential0001', engine.url, customer.key);
  const revoked = researchCredential('prcredential0002', engine.url, `${customer.key.slice(0, -4)}XXXX`);
  await n8n.importCredentials([good, revoked]);
  await n8n.importWorkflows([
    researchWorkflow({ id: 'prworkflow000001', credential: good, emails: ['jane.doe@acme-one.io'], research: { options: FAST_POLL } }),
    researchWorkflow({
      id: 'prworkflow000002',
      credential: good,
      emails: ['ann.lee@acme-two.io', 'not-an-email', 'bob.ray@acme-three.io'],
      onError: 'continueRegularOutput',
      research: { options: FAST_POLL },
    }),
    researchWorkflow({
      id: 'prworkflow000003',
      credential: good,
      emails: ['later@acme-four.io'],
      research: { waitForCompletion: false },
      waitForResult: { options: FAST_POLL },
    }),
    researchWorkflow({ id: 'prworkflow000004', credential: revoked, emails: ['jane.doe@acme-one.io'] }),
    readmeWorkflow('prworkflow000005', good),
    researchWorkflow({ id: 'prworkflow000008', credential: good, emails: ['ann.lee@acme-two.io', 'luc.martin@lumiere', 'bob.ray@acme-three.io'] }),
  ]);
}, 180_000);

afterAll(async () => {
  n8n?.remove();
  try {
    await engine?.stop();
  } finally {
    await emulator?.close();
    await database?.drop();
  }
});

async function jobOf(researchId: unknown) {
  const { rows } = await engine.pool.query<{ email: string; status: string }>('SELECT email, status FROM research_jobs WHERE id = $1', [researchId]);
  return rows[0];
}

describe('the credential in a real n8n', () => {
  it('is tested when saved: a good key passes; a refused key, a closed port and a server that is not an engine fail with a message', async () => {
    const server = await n8n.serve();
    try {
      const test = (apiKey: string, baseUrl: string) => server.testCredential('prospectResearchApi', { apiKey, baseUrl });
      expect(await test(customer.key, `${engine.url}/`)).toEqual({ status: 'OK', message: 'Connection successful!' });
      expect(await test(`${customer.key.slice(0, -4)}XXXX`, engine.url)).toEqual({
        status: 'Error',
        message: expect.stringContaining('The engine refused the API key'),
      });
      expect(await test(customer.key, 'http://127.0.0.1:9')).toEqual({ status: 'Error', message: 'ECONNREFUSED' });
      expect(await test(customer.key, `${engine.url}/api`)).toEqual({ status: 'Error', message: expect.stringContaining('No Prospect Research engine') });
      // n8n's own editor answers any path with 200 and a page.
      expect(await test(customer.key, server.url)).toEqual({ status: 'Error', message: expect.stringContaining('is not a Prospect Research engine') });
    } finally {
      await server.stop();
    }
  });
});

describe('the Research node in a real n8n', () => {
  it('a Manual Trigger and the Research node return a completed brief, simplified by default: flat, with its e-mail, numbers as numbers', async () => {
    const execution = await n8n.execute('prworkflow000001');
    expect(execution.status, execution.log).toBe('success');
    const [item, ...rest] = outputOf(execution, RESEARCH_NODE);
    expect(rest).toEqual([]);
    expect(item?.pairedItem).toEqual({ item: 0 });
    const json = item!.json;
    expect(Object.keys(json).slice(0, 3)).toEqual(['email', 'research_id', 'status']);
    expect(json).toMatchObject({
      email: 'jane.doe@acme-one.io',
      research_id: expect.any(String),
      status: 'completed',
      completed_at: expect.any(String),
      prospect_name: 'Jane Doe',
      prospect_title: 'VP Operations',
      company_website: expect.stringContaining('acme-one.io'),
      company_employees: expect.any(Number),
      company_employees_range: null,
      company_revenue: expect.any(String),
      opening_talk: expect.any(Array),
      decision_makers: expect.arrayContaining([{ full_name: expect.any(String), position_title: expect.any(String), linkedin_url: expect.any(String) }]),
    });
    // Present on every completed item; their values come from the engine (null from one that does not send them yet).
    expect(json).toHaveProperty('cached');
    expect(json).toHaveProperty('empty_reason');
    expect(json).not.toHaveProperty('data');
    expect(await jobOf(json.research_id)).toEqual({ email: 'jane.doe@acme-one.io', status: 'completed' });
    firstResearchId = json.research_id;
  });

  it('researches a batch with continue-on-fail: every item, the bad one too, carries its e-mail and is paired to its input', async () => {
    const execution = await n8n.execute('prworkflow000002');
    expect(execution.status, execution.log).toBe('success');
    const output = outputOf(execution, RESEARCH_NODE);
    expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
    expect(output.map((item) => item.json.email)).toEqual(['ann.lee@acme-two.io', 'not-an-email', 'bob.ray@acme-three.io']);
    expect(output[0]?.json).toMatchObject({ status: 'completed', prospect_name: 'Jane Doe' });
    expect(output[1]?.json).toMatchObject({ error: '`not-an-email` is not a valid address (row 2)' });
    expect(output[2]?.json).toMatchObject({ status: 'completed' });
    expect(output[0]?.json.data).toBeUndefined();
  });

  it('submits now and waits later: Research with waiting off, then Wait for Result', async () => {
    const execution = await n8n.execute('prworkflow000003');
    expect(execution.status, execution.log).toBe('success');
    const [accepted] = outputOf(execution, RESEARCH_NODE);
    expect(accepted?.json).toEqual({ email: 'later@acme-four.io', research_id: expect.any(String), status: 'processing', estimated_seconds: expect.any(Number) });
    const [result] = outputOf(execution, WAIT_NODE);
    expect(result?.json).toMatchObject({ email: 'later@acme-four.io', research_id: accepted?.json.research_id, status: 'completed', company_employees: expect.any(Number) });
  });

  it('a refused key stops the workflow with the API code and what to do', async () => {
    const execution = await n8n.execute('prworkflow000004');
    expect(execution.status).toBe('error');
    expect(execution.error).toMatchObject({
      name: 'NodeApiError',
      message: 'The API key was refused (invalid_key)',
      description: expect.stringContaining('update the Prospect Research credential'),
      context: { code: 'invalid_key', httpStatus: 401 },
    });
  });

  it('a batch with one malformed e-mail stops before any research, spending no credit, and its error names the value and row', async () => {
    const before = await creditState(engine.pool, customer.account.id);
    const execution = await n8n.execute('prworkflow000008');
    expect(execution.status).toBe('error');
    expect(execution.error).toMatchObject({ message: '`luc.martin@lumiere` is not a valid address (row 2)', description: expect.stringContaining('no credit was spent') });
    expect(await creditState(engine.pool, customer.account.id)).toEqual(before);
    const { rows } = await engine.pool.query("SELECT 1 FROM research_jobs WHERE email IN ('ann.lee@acme-two.io', 'bob.ray@acme-three.io')");
    // Only the continue-on-fail batch's two, researched earlier.
    expect(rows).toHaveLength(2);
  });

  it("runs the README's example workflow as printed", async () => {
    const execution = await n8n.execute('prworkflow000005');
    expect(execution.status, execution.log).toBe('success');
    const output = outputOf(execution, RESEARCH_NODE);
    expect(output.map((item) => [item.json.status, item.json.email, item.pairedItem])).toEqual([
      ['completed', 'jane.doe@acme.com', { item: 0 }],
      ['completed', 'john.roe@globex.com', { item: 1 }],
    ]);
  });

  it('spent one credit per accepted research and nothing for polling or refused requests, as Get account shows; Get status reads a job (Simplify off: the whole answer)', async () => {
    // jane.doe, ann.lee, bob.ray, later and the README's two: six accepted; the invalid e-mail and the refused key cost nothing.
    expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 6, debits: 6, refunds: 0 });
    await n8n.importWorkflows([
      researchWorkflow({ id: 'prworkflow000006', credential: good, emails: ['-'], research: { resource: 'account', operation: 'get' } }),
      researchWorkflow({ id: 'prworkflow000007', credential: good, emails: ['-'], research: { operation: 'getStatus', researchId: firstResearchId, simple: false } }),
    ]);
    const account = await n8n.execute('prworkflow000006');
    expect(account.status, account.log).toBe('success');
    expect(outputOf(account, RESEARCH_NODE)).toEqual([
      { json: expect.objectContaining({ plan: 'bdr', credits: expect.objectContaining({ used: 6, limit: 300, remaining: 294 }) }), pairedItem: { item: 0 } },
    ]);
    const status = await n8n.execute('prworkflow000007');
    expect(status.status, status.log).toBe('success');
    expect(outputOf(status, RESEARCH_NODE)[0]?.json).toMatchObject({ research_id: firstResearchId, status: 'completed', data: { prospect: { email: 'jane.doe@acme-one.io' } } });
    expect(emulator.unexpected()).toEqual([]);
  });
});

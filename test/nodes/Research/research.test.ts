import nock from 'nock';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INodeExecutionData } from 'n8n-workflow';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProspectResearch } from '../../../nodes/Research/ProspectResearch.node';
import { API_KEY, BASE_URL, createHarness, type HarnessOptions } from '../harness';

const FAST = { pollIntervalSeconds: 0.01, maxWaitSeconds: 5 };

const brief = {
  prospect: { id: 1, name: 'Jane Doe', title: 'VP Sales', email: 'jane@acme.com', linkedin_url: 'https://www.linkedin.com/in/jane', summary: 'Sells.', opening_talk: ['a', 'b', 'c'] },
  company: { id: 2, name: 'Acme', website: 'https://acme.com', industry: 'software', hq: 'Berlin', employees: '180', revenue: '$12.5M', synergy_points: ['x'], discovery_questions: ['q'] },
  decision_makers: [{ id: 3, full_name: 'John Roe', position_title: 'CEO', linkedin_url: 'https://www.linkedin.com/in/john', company_name: 'Acme' }],
};

function completed(id: string) {
  return { research_id: id, status: 'completed', completed_at: '2026-11-22T03:06:20.709+00:00', data: brief };
}

/** Runs the Research node; parameters left out take their defaults (Simplify on, Wait for Completion on). */
async function run(options: Partial<HarnessOptions> & { parameters?: HarnessOptions['parameters'] }) {
  const harness = createHarness({
    ...options,
    parameters: { resource: 'research', operation: 'research', additionalFields: {}, options: FAST, ...options.parameters },
  });
  const output = await new ProspectResearch().execute.call(harness.context);
  return { output: output[0] as INodeExecutionData[], requests: harness.requests, hints: harness.hints, credentialReads: harness.credentialReads() };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending).toEqual([]);
});

describe('Research a prospect', () => {
  it('submits with the bearer key and the filled optional fields, then polls until completed', async () => {
    nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
      .post('/research', { email: 'jane@acme.com', company_name: 'Acme' })
      .reply(202, { research_id: 'r1', status: 'processing', estimated_seconds: 40 })
      .get('/research-status/r1')
      .reply(200, { research_id: 'r1', status: 'queued' })
      .get('/research-status/r1')
      .reply(200, { research_id: 'r1', status: 'processing', estimated_seconds: 12 })
      .get('/research-status/r1')
      .reply(200, completed('r1'));
    const { output } = await run({
      parameters: {
        email: ' jane@acme.com ',
        simple: false,
        additionalFields: { company_name: 'Acme', prospect_name: '  ', linkedin_url: '' },
      },
    });
    expect(output).toEqual([{ json: completed('r1'), pairedItem: { item: 0 } }]);
  });

  it('outputs a flat brief by default: every field, the e-mail as sent, the head count as a number', async () => {
    nock(BASE_URL).post('/research', { email: 'Jane@Acme.com' }).reply(202, { research_id: 'r1', status: 'processing', estimated_seconds: 1 }).get('/research-status/r1').reply(200, completed('r1'));
    const { output, hints } = await run({ parameters: { email: ' Jane@Acme.com' } });
    expect(output).toEqual([
      {
        json: {
          email: 'Jane@Acme.com',
          research_id: 'r1',
          status: 'completed',
          completed_at: '2026-11-22T03:06:20.709+00:00',
          cached: null,
          empty_reason: null,
          prospect_name: 'Jane Doe',
          prospect_title: 'VP Sales',
          prospect_linkedin_url: 'https://www.linkedin.com/in/jane',
          prospect_summary: 'Sells.',
          opening_talk: ['a', 'b', 'c'],
          company_name: 'Acme',
          company_website: 'https://acme.com',
          company_linkedin_url: null,
          company_industry: 'software',
          company_hq: 'Berlin',
          company_employees: 180,
          company_employees_range: null,
          company_revenue: '$12.5M',
          synergy_points: ['x'],
          discovery_questions: ['q'],
          decision_makers: [{ full_name: 'John Roe', position_title: 'CEO', linkedin_url: 'https://www.linkedin.com/in/john' }],
          opening_talk_text: 'a\nb\nc',
          synergy_points_text: 'x',
          discovery_questions_text: 'q',
          decision_makers_text: 'John Roe, CEO (https://www.linkedin.com/in/john)',
        },
        pairedItem: { item: 0 },
      },
    ]);
    expect(Object.keys(output[0]!.json).slice(0, 3)).toEqual(['email', 'research_id', 'status']);
    // An engine without `cached` and `empty_reason` gives nothing to hint about.
    expect(hints).toEqual([]);
  });

  it('keeps a head-count range as text in its own field, and a missing company as nulls', async () => {
    const ranged = { ...completed('r1'), data: { ...brief, company: { ...brief.company, employees: '51-200' } } };
    const bare = { ...completed('r2'), data: { prospect: { ...brief.prospect, email: null }, company: { id: 5, name: null }, decision_makers: [] } };
    nock(BASE_URL)
      .post('/research')
      .reply(202, { research_id: 'r1', status: 'processing', estimated_seconds: 1 })
      .post('/research')
      .reply(202, { research_id: 'r2', status: 'processing', estimated_seconds: 1 })
      .get('/research-status/r1')
      .reply(200, ranged)
      .get('/research-status/r2')
      .reply(200, bare);
    const emails = ['a@acme.com', 'b@acme.com'];
    const { output } = await run({ items: emails.map((email) => ({ email })), parameters: { email: (i: number) => emails[i] } });
    expect(output[0]?.json).toMatchObject({ email: 'a@acme.com', company_employees: null, company_employees_range: '51-200' });
    expect(output[1]?.json).toMatchObject({
      email: 'b@acme.com',
      company_name: null,
      company_employees: null,
      company_employees_range: null,
      company_revenue: null,
      synergy_points: null,
      decision_makers: [],
    });
  });

  it('with waiting off, outputs the accepted job at once: with its e-mail by default, as the API answered with Simplify off', async () => {
    const accepted = { research_id: 'r1', status: 'processing', estimated_seconds: 40 };
    nock(BASE_URL).post('/research').twice().reply(202, accepted);
    const { output, requests } = await run({ parameters: { email: 'jane@acme.com', waitForCompletion: false } });
    expect(output).toEqual([{ json: { email: 'jane@acme.com', ...accepted }, pairedItem: { item: 0 } }]);
    expect(requests).toEqual(['POST /research']);
    const raw = await run({ parameters: { email: 'jane@acme.com', waitForCompletion: false, simple: false } });
    expect(raw.output).toEqual([{ json: accepted, pairedItem: { item: 0 } }]);
  });

  it('reads its credential once in a run of several items, not for each request', async () => {
    const emails = ['a@acme.com', 'b@acme.com', 'c@acme.com'];
    const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } });
    emails.forEach((email, i) => {
      scope.post('/research', { email }).reply(202, { research_id: `r${i}`, status: 'processing', estimated_seconds: 1 });
      scope.get(`/research-status/r${i}`).reply(200, completed(`r${i}`));
    });
    const { output, requests, credentialReads } = await run({ items: emails.map((email) => ({ email })), parameters: { email: (i: number) => emails[i] } });
    expect(output).toHaveLength(3);
    expect(requests).toHaveLength(6);
    expect(credentialReads).toBe(1);
  });

  it('hints at briefs served from the cache and at empty briefs, with why', async () => {
    const emails = ['a@acme.com', 'b@acme.com', 'c@acme.com', 'd@acme.com'];
    const answers = [
      { ...completed('r0'), cached: true, empty_reason: null },
      { ...completed('r1'), cached: true, empty_reason: 'nothing_found' },
      { ...completed('r2'), cached: false, empty_reason: 'nothing_found' },
      { ...completed('r3'), cached: false, empty_reason: 'no_sources_configured' },
    ];
    const scope = nock(BASE_URL);
    answers.forEach((answer, i) => {
      scope.post('/research', { email: emails[i] }).reply(202, { research_id: `r${i}`, status: 'processing', estimated_seconds: 1 });
      scope.get(`/research-status/r${i}`).reply(200, answer);
    });
    const { output, hints } = await run({ items: emails.map((email) => ({ email })), parameters: { email: (i: number) => emails[i] } });
    expect(output.map((item) => [item.json.email, item.json.cached, item.json.empty_reason])).toEqual([
      ['a@acme.com', true, null],
      ['b@acme.com', true, 'nothing_found'],
      ['c@acme.com', false, 'nothing_found'],
      ['d@acme.com', false, 'no_sources_configured'],
    ]);
    expect(hints).toEqual([
      { type: 'info', location: 'outputPane', message: expect.stringMatching(/^2 briefs of 4 came from the engine's cache.*still takes one credit/) },
      { type: 'warning', location: 'outputPane', message: expect.stringMatching(/^2 briefs of 4 came back empty \(nothing_found\): the research sources found nothing.*LinkedIn/) },
      { type: 'warning', location: 'outputPane', message: expect.stringMatching(/^1 brief of 4 came back empty \(no_sources_configured\): the engine has no research source configured/) },
    ]);
  });

  it('submits every item before polling, then polls them together, keeping item order', async () => {
    const emails = ['a@acme.com', 'b@acme.com', 'c@acme.com'];
    const scope = nock(BASE_URL);
    emails.forEach((email, i) => scope.post('/research', { email }).reply(202, { research_id: `r${i}`, status: 'processing', estimated_seconds: 40 }));
    // r1 needs two rounds, the others finish in the first.
    scope.get('/research-status/r0').reply(200, completed('r0'));
    scope.get('/research-status/r1').reply(200, { research_id: 'r1', status: 'processing', estimated_seconds: 3 });
    scope.get('/research-status/r2').reply(200, completed('r2'));
    scope.get('/research-status/r1').reply(200, completed('r1'));
    const { output, requests } = await run({
      items: emails.map((email) => ({ email })),
      parameters: { email: (i: number) => emails[i] },
    });
    expect(requests.slice(0, 3)).toEqual(['POST /research', 'POST /research', 'POST /research']);
    expect(requests.slice(3, 6).sort()).toEqual(['GET /research-status/r0', 'GET /research-status/r1', 'GET /research-status/r2']);
    expect(requests.slice(6)).toEqual(['GET /research-status/r1']);
    expect(output.map((item) => [item.json.research_id, item.pairedItem])).toEqual([
      ['r0', { item: 0 }],
      ['r1', { item: 1 }],
      ['r2', { item: 2 }],
    ]);
  });

  it('turns 401 invalid_key into a NodeApiError with a hint', async () => {
    nock(BASE_URL).post('/research').reply(401, { error: 'invalid_key' });
    const error = await failure(run({ parameters: { email: 'jane@acme.com' } }));
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.message).toBe('The API key was refused (invalid_key)');
    expect((error as NodeApiError).description).toMatch(/update the Prospect Research credential/);
    expect((error as NodeApiError).httpCode).toBe('401');
    expect((error as NodeApiError).context).toMatchObject({ code: 'invalid_key', httpStatus: 401 });
  });

  it('explains missing_api_key', async () => {
    nock(BASE_URL).post('/research').reply(401, { error: 'missing_api_key' });
    const error = await failure(run({ parameters: { email: 'jane@acme.com' } }));
    expect(error.message).toMatch(/No API key was sent/);
  });

  it('reports 429 credits_exhausted with used and limit', async () => {
    nock(BASE_URL).post('/research').reply(429, { error: 'credits_exhausted', used: 300, limit: 300 });
    const error = (await failure(run({ parameters: { email: 'jane@acme.com' } }))) as NodeApiError;
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.message).toBe("This month's research credits are used up (300 of 300 used) (credits_exhausted)");
    expect(error.httpCode).toBe('429');
    expect(error.context).toMatchObject({ code: 'credits_exhausted', used: 300, limit: 300 });
  });

  it('reports trial_limit_reached', async () => {
    nock(BASE_URL).post('/research').reply(429, { error: 'trial_limit_reached', used: 10, limit: 10 });
    const error = await failure(run({ parameters: { email: 'jane@acme.com' } }));
    expect(error.message).toMatch(/Free plan.*10 of 10 used/);
  });

  it('a 404 while polling fails that item with not_found', async () => {
    nock(BASE_URL).post('/research').reply(202, { research_id: 'r1', status: 'processing', estimated_seconds: 1 }).get('/research-status/r1').reply(404, { error: 'not_found' });
    const error = (await failure(run({ parameters: { email: 'jane@acme.com' } }))) as NodeApiError;
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.context.code).toBe('not_found');
  });

  it('a failed job stops the workflow by default', async () => {
    nock(BASE_URL)
      .post('/research')
      .reply(202, { research_id: 'r1', status: 'processing', estimated_seconds: 1 })
      .get('/research-status/r1')
      .reply(200, { research_id: 'r1', status: 'failed', error: 'timeout' });
    const error = (await failure(run({ parameters: { email: 'jane@acme.com' } }))) as NodeOperationError;
    expect(error).toBeInstanceOf(NodeOperationError);
    expect(error.message).toBe('Research r1 failed (timeout)');
    expect(error.description).toMatch(/credit was refunded/);
  });

  it('a failed job can pass on an item with status and error', async () => {
    nock(BASE_URL)
      .post('/research')
      .reply(202, { research_id: 'r1', status: 'processing', estimated_seconds: 1 })
      .get('/research-status/r1')
      .reply(200, { research_id: 'r1', status: 'failed', error: 'internal_error' });
    const { output } = await run({ parameters: { email: 'jane@acme.com', options: { ...FAST, onFailure: 'output' } } });
    expect(output).toEqual([{ json: { email: 'jane@acme.com', research_id: 'r1', status: 'failed', error: 'internal_error' }, pairedItem: { item: 0 } }]);
  });

  it('stops waiting at the maximum wait: an error by default, an item on request', async () => {
    const processing = { research_id: 'r1', status: 'processing', estimated_seconds: 30 };
    nock(BASE_URL).post('/research').twice().reply(202, processing).get('/research-status/r1').times(1000).reply(200, processing);
    const options = { pollIntervalSeconds: 0.01, maxWaitSeconds: 0.1 };
    const error = await failure(run({ parameters: { email: 'jane@acme.com', options } }));
    expect(error).toBeInstanceOf(NodeOperationError);
    expect(error.message).toBe('Research r1 did not finish within 0.1 s (still processing)');

    const { output } = await run({ parameters: { email: 'jane@acme.com', simple: false, options: { ...options, onFailure: 'output' } } });
    expect(output).toEqual([{ json: { research_id: 'r1', status: 'processing', error: 'wait_timeout' }, pairedItem: { item: 0 } }]);
    nock.cleanAll();
  });

  it('reads only the jobs that are due, and every pending job once more at the maximum wait', async () => {
    const emails = ['soon@acme.com', 'later@acme.com'];
    nock(BASE_URL)
      .post('/research', { email: 'soon@acme.com' })
      .reply(202, { research_id: 'r0', status: 'processing', estimated_seconds: 0 })
      .post('/research', { email: 'later@acme.com' })
      .reply(202, { research_id: 'r1', status: 'processing', estimated_seconds: 40 })
      .get('/research-status/r0')
      .reply(200, completed('r0'))
      .get('/research-status/r1')
      .reply(200, { research_id: 'r1', status: 'processing', estimated_seconds: 39 });
    const { output, requests } = await run({
      items: emails.map((email) => ({ email })),
      parameters: { email: (i: number) => emails[i], options: { pollIntervalSeconds: 5, maxWaitSeconds: 0.3, onFailure: 'output' } },
    });
    // r0 is due at once, r1 in 5 s (the poll interval): the first round reads r0 only; at 0.3 s the wait ends with a last read of r1.
    expect(requests.slice(2)).toEqual(['GET /research-status/r0', 'GET /research-status/r1']);
    expect(output.map((item) => item.json.status)).toEqual(['completed', 'processing']);
    expect(output[1]?.json).toEqual({ email: 'later@acme.com', research_id: 'r1', status: 'processing', error: 'wait_timeout' });
  });

  it('with continue-on-fail, outputs an error item per failing item, paired to its input', async () => {
    nock(BASE_URL)
      .post('/research', { email: 'a@acme.com' })
      .reply(202, { research_id: 'r0', status: 'processing', estimated_seconds: 1 })
      .post('/research', { email: 'b@acme.com' })
      .reply(429, { error: 'credits_exhausted', used: 5, limit: 5 })
      .post('/research', { email: 'c@acme.com' })
      .reply(202, { research_id: 'r2', status: 'processing', estimated_seconds: 1 })
      .get('/research-status/r0')
      .reply(200, completed('r0'))
      .get('/research-status/r2')
      .reply(200, { research_id: 'r2', status: 'failed', error: 'timeout' });
    const emails = ['a@acme.com', 'b@acme.com', 'c@acme.com'];
    const { output } = await run({
      continueOnFail: true,
      items: emails.map((email) => ({ email })),
      parameters: { email: (i: number) => emails[i] },
    });
    expect(output).toHaveLength(3);
    expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
    expect(output[0]?.json).toMatchObject({ email: 'a@acme.com', status: 'completed' });
    expect(output[1]?.json).toMatchObject({ email: 'b@acme.com', code: 'credits_exhausted', used: 5, limit: 5, httpStatus: 429 });
    expect(output[1]?.json.error).toMatch(/5 of 5 used/);
    expect(output[2]?.json).toMatchObject({ email: 'c@acme.com', error: 'Research r2 failed (timeout)', code: 'timeout', research_id: 'r2' });
  });

  it('checks every row before submitting any: a malformed address stops the batch with its value and row, and nothing is sent', async () => {
    const emails = ['jane@acme.com', 'luc.martin@lumiere', 'bob@acme.com'];
    const submit = nock(BASE_URL).post('/research').times(3).reply(202, { research_id: 'r', status: 'processing', estimated_seconds: 1 });
    const error = await failure(run({ items: emails.map((email) => ({ email })), parameters: { email: (i: number) => emails[i] } }));
    expect(error).toBeInstanceOf(NodeOperationError);
    expect(error.message).toBe('`luc.martin@lumiere` is not a valid address (row 2)');
    expect((error as NodeOperationError).description).toMatch(/no credit was spent/);
    expect(submit.pendingMocks()).toHaveLength(1);
    expect(submit.isDone()).toBe(false);
    nock.cleanAll();
    const empty = await failure(run({ items: [{}, {}], parameters: { email: (i: number) => (i === 0 ? 'jane@acme.com' : '  ') } }));
    expect(empty.message).toBe('The Email of row 2 is empty');
  });

  it.each([
    ['an internationalised domain', 'jane@Bücher.example'],
    ['full-width letters', 'ｊａｎｅ@ａｃｍｅ．ｃｏｍ'],
    ['a letter of another script in the local part', 'jöhn@example.com'],
  ])('takes what the engine takes: %s', async (_, email) => {
    nock(BASE_URL).post('/research').reply(202, { research_id: 'r1', status: 'processing', estimated_seconds: 1 });
    const { output } = await run({ parameters: { email, waitForCompletion: false } });
    expect(output[0]?.json).toMatchObject({ research_id: 'r1' });
  });

  it('with continue-on-fail, a malformed row is an error item that names it and the others are researched', async () => {
    nock(BASE_URL).post('/research', { email: 'jane@acme.com' }).reply(202, { research_id: 'r0', status: 'processing', estimated_seconds: 1 }).get('/research-status/r0').reply(200, completed('r0'));
    const emails = ['jane@acme.com', 'jane doe <jane@acme.com>'];
    const { output } = await run({ continueOnFail: true, items: emails.map((email) => ({ email })), parameters: { email: (i: number) => emails[i] } });
    expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
    expect(output[0]?.json).toMatchObject({ status: 'completed' });
    expect(output[1]?.json).toMatchObject({ email: 'jane doe <jane@acme.com>', error: '`jane doe <jane@acme.com>` is not a valid address (row 2)' });
  });

  it('with continue-on-fail, a row whose Email expression fails is an error item and the others are researched', async () => {
    nock(BASE_URL).post('/research', { email: 'jane@acme.com' }).reply(202, { research_id: 'r0', status: 'processing', estimated_seconds: 1 }).get('/research-status/r0').reply(200, completed('r0'));
    const email = (i: number) => {
      if (i === 1) throw new Error("Cannot read properties of undefined (reading 'email')");
      return 'jane@acme.com';
    };
    const { output } = await run({ continueOnFail: true, items: [{}, {}], parameters: { email } });
    expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
    expect(output[0]?.json).toMatchObject({ status: 'completed' });
    expect(output[1]?.json).toMatchObject({ email: '', error: expect.stringContaining("reading 'email'") });
  });

  it('a refusal after other rows were paid for stops the node, naming the research_id of each paid row', async () => {
    nock(BASE_URL)
      .post('/research', { email: 'a@acme.com' })
      .reply(202, { research_id: 'r0', status: 'processing', estimated_seconds: 1 })
      .post('/research', { email: 'b@acme.com' })
      .reply(429, { error: 'credits_exhausted', used: 1, limit: 1 });
    const emails = ['a@acme.com', 'b@acme.com'];
    const error = (await failure(run({ items: emails.map((email) => ({ email })), parameters: { email: (i: number) => emails[i] } }))) as NodeApiError;
    expect(error.message).toMatch(/credits_exhausted/);
    expect(error.description).toMatch(/briefs are kept on the engine: read them with Get Status \(research_id of row 1: r0\)/);
  });

  it('stops waiting when the execution is cancelled', async () => {
    const processing = { research_id: 'r1', status: 'processing', estimated_seconds: 30 };
    nock(BASE_URL).post('/research').reply(202, processing).get('/research-status/r1').times(1000).reply(200, processing);
    const controller = new AbortController();
    const promise = run({
      signal: controller.signal,
      parameters: { email: 'jane@acme.com', options: { pollIntervalSeconds: 0.05, maxWaitSeconds: 60 } },
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
    controller.abort();
    const started = Date.now();
    const error = await failure(promise);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error.message).toMatch(/cancelled/);
    nock.cleanAll();
  });
});

describe('Get status', () => {
  it('reads one job per item without waiting; simplified, its e-mail is unknown until the brief is there', async () => {
    const processing = { research_id: 'r1', status: 'processing', estimated_seconds: 20 };
    nock(BASE_URL).get('/research-status/r1').twice().reply(200, processing).get('/research-status/r2').reply(200, { research_id: 'r2', status: 'queued' });
    const ids = ['r1', 'r2'];
    const { output } = await run({ items: [{}, {}], parameters: { operation: 'getStatus', researchId: (i: number) => ids[i] } });
    expect(output).toEqual([
      { json: { email: null, ...processing }, pairedItem: { item: 0 } },
      { json: { email: null, research_id: 'r2', status: 'queued', estimated_seconds: null }, pairedItem: { item: 1 } },
    ]);
    const raw = await run({ parameters: { operation: 'getStatus', researchId: 'r1', simple: false } });
    expect(raw.output).toEqual([{ json: processing, pairedItem: { item: 0 } }]);
  });

  it('a completed job: the flat brief with the e-mail it researched, and the hints', async () => {
    nock(BASE_URL)
      .get('/research-status/r1')
      .reply(200, { ...completed('r1'), cached: true, empty_reason: null });
    const { output, hints } = await run({ parameters: { operation: 'getStatus', researchId: 'r1' } });
    expect(output[0]?.json).toMatchObject({ email: 'jane@acme.com', research_id: 'r1', status: 'completed', cached: true, company_employees: 180 });
    expect(hints).toEqual([expect.objectContaining({ type: 'info', message: expect.stringMatching(/^1 brief of 1 came from the engine's cache/) })]);
  });

  it('an empty Research ID is an error of that item, not a request', async () => {
    const { output, requests } = await run({ continueOnFail: true, parameters: { operation: 'getStatus', researchId: ' ' } });
    expect(output).toEqual([expect.objectContaining({ json: expect.objectContaining({ error: 'The Research ID is empty' }), pairedItem: { item: 0 } })]);
    expect(requests).toEqual([]);
  });

  it('404 not_found: an error, or an item with continue-on-fail', async () => {
    nock(BASE_URL).get('/research-status/nope').twice().reply(404, { error: 'not_found' });
    const error = await failure(run({ parameters: { operation: 'getStatus', researchId: 'nope' } }));
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.message).toBe('No research job with this ID for this account (not_found)');
    const { output } = await run({ continueOnFail: true, parameters: { operation: 'getStatus', researchId: 'nope' } });
    expect(output[0]).toMatchObject({ json: { code: 'not_found', httpStatus: 404 }, pairedItem: { item: 0 } });
  });
});

describe('Get account', () => {
  it('returns the account with its credits', async () => {
    const account = { id: 1, plan: 'bdr', credits: { used: 2, limit: 300, remaining: 298 } };
    nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
      .get('/account')
      .reply(200, account);
    const { output } = await run({ parameters: { resource: 'account', operation: 'get' } });
    expect(output).toEqual([{ json: account, pairedItem: { item: 0 } }]);
  });

  it('says so when the engine cannot be reached', async () => {
    nock(BASE_URL).get('/account').replyWithError('connect ECONNREFUSED');
    const error = await failure(run({ parameters: { resource: 'account', operation: 'get' } }));
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.message).toBe(`Could not reach the Prospect Research engine at ${BASE_URL}`);
  });

  it('says in words what a refused connection and an unknown host mean, with the address it tried', async () => {
    nock(BASE_URL)
      .get('/account')
      .replyWithError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:80'), { code: 'ECONNREFUSED' }))
      .get('/account')
      .replyWithError(Object.assign(new Error('getaddrinfo ENOTFOUND research.test'), { code: 'ENOTFOUND' }));
    const refused = await failure(run({ parameters: { resource: 'account', operation: 'get' } }));
    expect((refused as NodeApiError).description).toBe(
      "Nothing listens at research.test (ECONNREFUSED): start the engine, or fix the Base URL's port in the Prospect Research credential. In Docker, localhost is n8n's own container.",
    );
    const unknown = await failure(run({ parameters: { resource: 'account', operation: 'get' } }));
    expect((unknown as NodeApiError).description).toBe("No host is named research.test (ENOTFOUND): fix the Base URL's host name in the Prospect Research credential.");
  });
});

import nock from 'nock';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INodeExecutionData } from 'n8n-workflow';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProspectResearchWaitForResult } from '../../../nodes/WaitForResult/ProspectResearchWaitForResult.node';
import { BASE_URL, createHarness, type HarnessOptions } from '../harness';

const FAST = { pollIntervalSeconds: 0.01, maxWaitSeconds: 5 };

/** Runs Wait for Result; parameters left out take their defaults (Simplify on). */
async function run(options: Partial<HarnessOptions>) {
  const harness = createHarness({ ...options, parameters: { options: FAST, ...options.parameters } });
  const output = await new ProspectResearchWaitForResult().execute.call(harness.context);
  return { output: output[0] as INodeExecutionData[], requests: harness.requests, hints: harness.hints };
}

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending).toEqual([]);
});

describe('Wait for Result', () => {
  it('polls at once, then until every job is final (Simplify off: the whole answers)', async () => {
    const done = (id: string) => ({ research_id: id, status: 'completed', completed_at: '2026-11-22T03:06:20.709+00:00', data: { prospect: { name: 'Jane' }, company: {}, decision_makers: [] } });
    nock(BASE_URL).get('/research-status/r0').reply(200, done('r0')).get('/research-status/r1').reply(200, { research_id: 'r1', status: 'queued' }).get('/research-status/r1').reply(200, done('r1'));
    const ids = ['r0', 'r1'];
    const { output } = await run({ items: ids.map((research_id) => ({ research_id })), parameters: { researchId: (i: number) => ids[i], simple: false } });
    expect(output).toEqual([
      { json: done('r0'), pairedItem: { item: 0 } },
      { json: done('r1'), pairedItem: { item: 1 } },
    ]);
  });

  it('simplifies by default and applies the shared options: failed as an item, time-out', async () => {
    const processing = { research_id: 'r2', status: 'processing', estimated_seconds: 9 };
    nock(BASE_URL)
      .get('/research-status/r0')
      .reply(200, {
        research_id: 'r0',
        status: 'completed',
        completed_at: 'x',
        empty_reason: 'sources_failed',
        data: { prospect: { name: 'Jane', email: 'jane@acme.com' }, company: { name: 'Acme', employees: '12' } },
      })
      .get('/research-status/r1')
      .reply(200, { research_id: 'r1', status: 'failed', error: 'timeout' })
      .get('/research-status/r2')
      .times(1000)
      .reply(200, processing);
    const ids = ['r0', 'r1', 'r2'];
    const { output, hints } = await run({
      items: ids.map((research_id) => ({ research_id })),
      parameters: { researchId: (i: number) => ids[i], options: { pollIntervalSeconds: 0.01, maxWaitSeconds: 0.1, onFailure: 'output' } },
    });
    expect(output[0]).toMatchObject({
      json: { email: 'jane@acme.com', research_id: 'r0', prospect_name: 'Jane', company_name: 'Acme', company_employees: 12, cached: null, empty_reason: 'sources_failed', decision_makers: [] },
      pairedItem: { item: 0 },
    });
    expect(output[1]).toEqual({ json: { email: null, research_id: 'r1', status: 'failed', error: 'timeout' }, pairedItem: { item: 1 } });
    expect(output[2]).toEqual({ json: { email: null, research_id: 'r2', status: 'processing', error: 'wait_timeout' }, pairedItem: { item: 2 } });
    expect(hints).toEqual([expect.objectContaining({ type: 'warning', message: expect.stringMatching(/^1 brief of 1 came back empty \(sources_failed\): the research sources failed/) })]);
    nock.cleanAll();
  });

  it('404 and an empty id: errors, or paired error items with continue-on-fail', async () => {
    nock(BASE_URL).get('/research-status/gone').twice().reply(404, { error: 'not_found' });
    await expect(run({ parameters: { researchId: 'gone' } })).rejects.toBeInstanceOf(NodeApiError);
    await expect(run({ parameters: { researchId: ' ' } })).rejects.toBeInstanceOf(NodeOperationError);
    const ids = ['', 'gone'];
    const { output } = await run({ continueOnFail: true, items: [{}, {}], parameters: { researchId: (i: number) => ids[i] } });
    expect(output).toEqual([
      expect.objectContaining({ json: expect.objectContaining({ error: 'The Research ID is empty' }), pairedItem: { item: 0 } }),
      expect.objectContaining({ json: expect.objectContaining({ code: 'not_found' }), pairedItem: { item: 1 } }),
    ]);
  });
});
